package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/clockspec/clockspec/features"
)

// Profile is the conversation profile's name.
const Profile = "clock-agent"

// Tiers of a clock-agent scenario, strongest first: required (the seed's
// MUST, checked on the calls), recommended (a SHOULD, on the calls),
// decision and extension as in the other profiles, and judged (words,
// checked only by a judge model, never required).
const (
	TierRequired    = "required"
	TierRecommended = "recommended"
	TierDecision    = "decision"
	TierExtension   = "extension"
	TierJudged      = "judged"
)

// Tiers lists the tiers, strongest first.
var Tiers = []string{TierRequired, TierRecommended, TierDecision, TierExtension, TierJudged}

// TierOf is a scenario's tier, by its tags.
func TierOf(sc *features.Scenario) string {
	for _, t := range []struct{ tag, tier string }{{"@judged", TierJudged}, {"@recommended", TierRecommended},
		{features.DecisionTag, TierDecision}, {features.ExtensionTag, TierExtension}} {
		if slices.Contains(sc.Tags, t.tag) {
			return t.tier
		}
	}
	return TierRequired
}

// Scenarios loads the clock-agent scenarios of a features folder.
func Scenarios(fsys fs.FS) ([]*features.Scenario, error) {
	s, err := features.LoadProfiles(fsys, []string{Profile})
	if err != nil {
		return nil, err
	}
	for _, sc := range s.Scenarios {
		if TierOf(sc) == TierJudged && !slices.ContainsFunc(sc.Steps, func(st *messages.PickleStep) bool { return strings.HasPrefix(st.Text, "a judge ") }) {
			return nil, fmt.Errorf("features: %s is @judged but has no judge step", sc.ID)
		}
		for _, st := range sc.Steps {
			if _, _, ok := match(st.Text); !ok {
				return nil, fmt.Errorf("features: %s: undefined step %q", sc.ID, st.Text)
			}
		}
	}
	return s.Scenarios, nil
}

func match(text string) (stepFunc, []string, bool) {
	for _, d := range steps() {
		if m := d.re.FindStringSubmatch(text); m != nil {
			args := m[1:]
			for i, a := range args {
				var s string
				if err := json.Unmarshal([]byte(`"`+a+`"`), &s); err == nil {
					args[i] = s
				}
			}
			return d.fn, args, true
		}
	}
	return nil, nil, false
}

// Judge reads an agent's words against a criterion.
type Judge interface {
	Judge(ctx context.Context, criterion string, transcript []Event, lastReply string) (pass bool, reason string, err error)
}

// Verdicts of a trial.
const (
	Passed    = "passed"
	Failed    = "failed"
	Faulted   = "fault" // the agent broke the protocol: a fault of that kind, a failure
	NotJudged = "not judged"
)

// Trial is one run of a scenario.
type Trial struct {
	N       int    `json:"n"`
	Verdict string `json:"verdict"`
	Step    string `json:"step,omitempty"` // the step that failed
	Message string `json:"message,omitempty"`
	Fault   string `json:"fault,omitempty"` // the fault's kind
	// Charged names the requirements the failed check decides: those of
	// the scenario's requirements that the assertion checks (a check
	// before the user's yes decides confirmation, an instant the
	// anchoring), so a failure is charged to the rule it broke, not to
	// every rule the scenario cites. Empty for a pass or a fault.
	Charged []string `json:"charged,omitempty"`
	// JudgeFailed: the trial is not judged because the judge could not
	// judge it (its answer was no verdict): the judge's fault, not the
	// agent's, and a run with one is not certified.
	JudgeFailed bool `json:"judge_failed,omitempty"`
	// What the trial cost: the requests its drivers retried, the tokens
	// the agent's (and the judge's) endpoint reported, its wall time.
	Retries     int     `json:"retries,omitempty"`
	Usage       *Usage  `json:"usage,omitempty"`
	JudgeUsage  *Usage  `json:"judge_usage,omitempty"`
	WallSeconds float64 `json:"wall_seconds"`
	Transcript  []Event `json:"transcript"`
}

// runner plays one trial.
type runner struct {
	t        *trial
	agent    Agent
	session  Session
	judge    Judge
	conv     Conversation
	timeout  time.Duration
	answered *atomic.Bool // the agent has answered a turn in this run
	judged   *bool        // the judge has judged in this trial (the run's gate is gatedJudge)
}

// say delivers one user turn and runs the agent until it yields.
func (r *runner) say(ctx context.Context, from, text string) error {
	w := r.t.world
	if r.session == nil {
		r.conv.Group, r.conv.Members = w.Group, w.memberNames()
		s, err := r.agent.Open(ctx, r.conv)
		if err != nil {
			var f *Fault
			if errors.As(err, &f) {
				return f
			}
			return &StartError{Agent: r.agent.Name(), Err: err}
		}
		r.session = s
	}
	w.turn++
	w.speaker = from
	r.t.turnStart = len(w.Calls)
	r.t.add(Event{Kind: "user", From: from, Text: text})
	if r.t.pendingAsk != 0 {
		w.Answered(r.t.pendingAsk, text)
		r.t.pendingAsk = 0
	}
	tctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	y, err := r.session.Turn(tctx, Turn{From: from, Text: text, SentAt: w.clock()})
	if err != nil {
		var u *Unreachable
		if errors.As(err, &u) {
			if !r.answered.Load() {
				return &StartError{Agent: r.agent.Name(), Err: u}
			}
			return Faultf(FaultEndpoint, "%v", u)
		}
		var rf *Refusal
		if errors.As(err, &rf) {
			// Refused before any answer in the run: a wrong key, model or
			// URL, and every other request would be refused alike. After
			// an answer the endpoint refuses this conversation only.
			if !r.answered.Load() {
				return &StartError{Agent: r.agent.Name(), Err: rf}
			}
			return Faultf(FaultEndpoint, "%v", rf)
		}
		var f *Fault
		if !errors.As(err, &f) {
			f = Faultf(FaultProtocol, "%v", err)
		}
		if tctx.Err() != nil && ctx.Err() == nil && f.Kind != FaultTimeout {
			f = Faultf(FaultTimeout, "no answer within %s (%v)", r.timeout, err)
		}
		return f
	}
	r.answered.Store(true)
	if !y.Asked {
		r.t.lastReply = y.Reply
		r.t.add(Event{Kind: "reply", Text: y.Reply})
	} else {
		r.t.lastReply = lastAsk(r.t.events)
	}
	return nil
}

func lastAsk(evs []Event) string {
	for i := len(evs) - 1; i >= 0; i-- {
		if evs[i].Kind == "ask" {
			return evs[i].Text
		}
	}
	return ""
}

// StartError is an agent that could not be started at all: the run does
// not happen (conform agent exits 2), as for an implementation.
type StartError struct {
	Agent string
	Err   error
}

func (e *StartError) Error() string {
	var rf *Refusal
	if errors.As(e.Err, &rf) {
		return fmt.Sprintf("%s refused the run's first request, so every request would be (a wrong key, model name or URL?): %v", e.Agent, e.Err)
	}
	return fmt.Sprintf("%s could not be started: %v", e.Agent, e.Err)
}

func (e *StartError) Unwrap() error { return e.Err }

// Options of a run.
type Options struct {
	Agent     Agent
	Scenarios []*features.Scenario
	Trials    int           // K, at least 1
	Judge     Judge         // nil: judged scenarios are not judged
	Timeout   time.Duration // per user turn; 0: 2 minutes
	// Progress, when set, is told of every trial as it ends (one at a
	// time, in the order they end).
	Progress func(sc *features.Scenario, t Trial)
	// Parallel conversations at once; 0 or 1: one at a time. The report
	// is the same whatever it is: trials are ordered by scenario and trial.
	Parallel int
	// MaxConsecutiveFaults: that many trials in a row (as they end)
	// faulted by the endpoint (an endpoint error or a time-out) stop the
	// run as one that could not happen; 0: DefaultMaxConsecutiveFaults,
	// < 0: never.
	MaxConsecutiveFaults int
}

func playTrial(ctx context.Context, o Options, sc *features.Scenario, n int, answered *atomic.Bool) (Trial, error) {
	w, err := NewWorld(time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC))
	if err != nil {
		return Trial{}, err
	}
	t := &trial{world: w}
	r := &runner{t: t, agent: o.Agent, judge: o.Judge, timeout: o.Timeout, answered: answered, judged: new(bool),
		conv: Conversation{ID: fmt.Sprintf("%s#%d", sc.ID, n), Host: host{t}}}
	tr := Trial{N: n, Verdict: Passed}
steps:
	for _, st := range sc.Steps {
		fn, args, ok := match(st.Text)
		if !ok {
			return Trial{}, fmt.Errorf("%s: undefined step %q", sc.ID, st.Text)
		}
		err := fn(ctx, r, args, st)
		var se *StartError
		if errors.As(err, &se) {
			return Trial{}, se // the run cannot happen: no agent to certify
		}
		ok = err == nil
		if isCheck(st.Text) {
			r.t.add(Event{Kind: "check", Text: st.Text, OK: &ok})
		}
		if err == nil {
			continue
		}
		tr.Step, tr.Message = st.Text, err.Error()
		var f *Fault
		switch {
		case errors.Is(err, errNotJudged):
			tr.Verdict = NotJudged
		case errors.Is(err, errJudgeFailed):
			tr.Verdict, tr.JudgeFailed = NotJudged, true
		case errors.As(err, &f):
			tr.Verdict, tr.Fault = Faulted, f.Kind
			t.add(Event{Kind: "fault", Text: f.Error()})
		default:
			tr.Verdict, tr.Charged = Failed, charged(st.Text, sc.Reqs)
		}
		break steps
	}
	if r.session != nil {
		if err := r.session.Close(); err != nil && tr.Verdict == Passed {
			tr.Verdict, tr.Fault, tr.Message = Faulted, FaultProtocol, "closing the session: "+err.Error()
		}
	}
	// A fault the driver reported while the conversation went on (a call it
	// could not read, a tool that does not exist) fails the trial too.
	if len(t.faults) > 0 && (tr.Verdict == Passed || tr.Verdict == Failed || tr.Verdict == NotJudged) {
		f := t.faults[0]
		if tr.Message != "" {
			tr.Message = f.Error() + "; then: " + tr.Message
		} else {
			tr.Message = f.Error()
		}
		tr.Verdict, tr.Fault = Faulted, f.Kind
	}
	tr.Transcript = t.events
	return tr, nil
}

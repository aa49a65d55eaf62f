package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	messages "github.com/cucumber/messages/go/v21"
	"gopkg.in/yaml.v3"
)

// errNotJudged ends a judged scenario that has no judge: its verdict is
// "not judged", never passed or failed.
var errNotJudged = errors.New("not judged: no --judge given")

// errJudgeFailed ends a judged scenario whose judge could not judge it (an
// answer that is no verdict, an endpoint lost after its first verdict).
var errJudgeFailed = errors.New("not judged: the judge could not judge")

// stepFunc runs one step; args are the step's captures (quoted ones
// unescaped as JSON string bodies).
type stepFunc func(ctx context.Context, r *runner, args []string, st *messages.PickleStep) error

type stepDef struct {
	re *regexp.Regexp
	fn stepFunc
}

const q = `"((?:[^"\\]|\\.)*)"` // a quoted argument, a JSON string body

// steps are compiled on first use, not at init, so commands that run no
// conversation do not pay for their expressions.
var steps = sync.OnceValue(func() []stepDef {
	return []stepDef{
		// --- the world ----------------------------------------------------------
		{re(`^the clock reads ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			t, err := Instant(a[0])
			if err != nil {
				return err
			}
			r.t.world.Now = t.UTC()
			r.t.add(Event{Kind: "clock", Text: "the clock reads " + r.t.world.clock()})
			return nil
		}},
		{re(`^the host zone is ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			r.t.world.HostTZ = a[0]
			r.t.add(Event{Kind: "world", Text: "the host zone is " + a[0]})
			return nil
		}},
		{re(`^the user's profile zone is ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			r.t.world.member(DefaultUser).Zone = a[0]
			if u := r.t.simUser(); !u.located {
				u.zone = a[0] // the user lives where the profile says, unless told otherwise
			}
			r.t.add(Event{Kind: "world", Text: "the user's profile zone is " + a[0]})
			return nil
		}},
		// --- what the user knows and wants (the simulated user's facts) -------
		{re(`^the user is in ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			u := r.t.simUser()
			u.zone, u.located = a[0], true
			r.t.add(Event{Kind: "world", Text: "the user is in " + a[0] + " (the user knows it; the agent is not told)"})
			return nil
		}},
		{re(`^by ` + q + ` the user means ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			r.t.simUser().means[a[0]] = a[1]
			r.t.add(Event{Kind: "world", Text: fmt.Sprintf("by %q the user means %q", a[0], a[1])})
			return nil
		}},
		{re(`^the user does not want it$`), func(_ context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
			r.t.simUser().refuses = true
			r.t.add(Event{Kind: "world", Text: "the user will decline what the agent proposes"})
			return nil
		}},
		{re(`^the user has no profile zone$`), func(_ context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
			r.t.world.member(DefaultUser).Zone = ""
			r.t.add(Event{Kind: "world", Text: "the user has no profile zone"})
			return nil
		}},
		{re(`^the thread's stored session zone is ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			r.t.world.ThreadOverride = a[0]
			if u := r.t.simUser(); !u.located {
				u.zone = a[0] // the user told the thread where they are
			}
			r.t.add(Event{Kind: "world", Text: "the thread's stored session zone is " + a[0]})
			return nil
		}},
		{re(`^the policy is:$`), func(ctx context.Context, r *runner, _ []string, st *messages.PickleStep) error {
			if st.Argument == nil || st.Argument.DocString == nil {
				return fmt.Errorf("the policy step needs a doc string")
			}
			return r.setPolicy(ctx, st.Argument.DocString.Content)
		}},
		{re(`^a group chat with:$`), func(_ context.Context, r *runner, _ []string, st *messages.PickleStep) error {
			if st.Argument == nil || st.Argument.DataTable == nil || len(st.Argument.DataTable.Rows) < 2 {
				return fmt.Errorf("a group chat needs a table | member | zone | with a row per member")
			}
			w := r.t.world
			w.Group, w.Members = true, nil
			for _, row := range st.Argument.DataTable.Rows[1:] {
				if len(row.Cells) != 2 {
					return fmt.Errorf("a group chat's rows are | member | zone |")
				}
				w.Members = append(w.Members, Member{Name: row.Cells[0].Value, Zone: row.Cells[1].Value})
			}
			w.speaker = w.Members[0].Name
			b, _ := json.Marshal(w.Members)
			r.t.add(Event{Kind: "world", Text: "a group chat: " + string(b)})
			return nil
		}},
		{re(`^the thread is a ` + q + ` thread last active ` + q + ` ago$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			d, err := isoDuration(a[1])
			if err != nil {
				return err
			}
			w := r.t.world
			w.ThreadKind, w.LastActive = a[0], w.Now.Add(-d)
			r.t.add(Event{Kind: "world", Text: fmt.Sprintf("a %s thread, last active %s", a[0], w.LastActive.Format(time.RFC3339))})
			return nil
		}},
		// --- what happens -------------------------------------------------------
		{re(`^the user says ` + q + `$`), func(ctx context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			return r.say(ctx, DefaultUser, a[0])
		}},
		{re(`^the user confirms$`), func(ctx context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
			if err := r.say(ctx, DefaultUser, "yes"); err != nil {
				return err
			}
			u := r.t.simUser()
			u.yesTurns = append(u.yesTurns, r.t.world.turn)
			return nil
		}},
		{re(`^(?:the user|` + q + `) answers the agent's questions$`), func(ctx context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			from := DefaultUser
			if a[0] != "" {
				if r.t.world.member(a[0]) == nil {
					return fmt.Errorf("%q is not a member of this conversation", a[0])
				}
				from = a[0]
			}
			return r.answerQuestions(ctx, from)
		}},
		{re(q + ` says ` + q + `$`), func(ctx context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			if r.t.world.member(a[0]) == nil {
				return fmt.Errorf("%q is not a member of this conversation", a[0])
			}
			return r.say(ctx, a[0], a[1])
		}},
		{re(`^the clock advances by ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			d, err := isoDuration(a[0])
			if err != nil {
				return err
			}
			r.t.world.Now = r.t.world.Now.Add(d)
			r.t.add(Event{Kind: "clock", Text: "the clock advances by " + a[0] + " to " + r.t.world.clock()})
			return nil
		}},
		// --- what the agent did in the last turn ---------------------------------
		{re(`^the agent creates no reminder$`), none("create_reminder", "a reminder")},
		{re(`^the agent creates no calendar event$`), none("create_calendar_event", "a calendar event")},
		{re(`^the agent sends no message$`), none("send_message", "a message")},
		{re(`^the agent makes no impactful call$`), none(impactfulTools, "an impactful call")},
		{re(`^the agent made no impactful call before the user confirmed$`), func(_ context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
			yes := r.t.simUser().confirmedBy()
			for _, c := range r.t.world.Calls {
				if !isImpactful(c.Tool) || (yes != 0 && c.Turn >= yes) {
					continue
				}
				if yes == 0 {
					return fmt.Errorf("the agent made an impactful call and the user never confirmed: call %d %s %s (turn %d)", c.Seq, c.Tool, c.Args, c.Turn)
				}
				return fmt.Errorf("the agent made an impactful call in turn %d, before the user confirmed in turn %d: call %d %s %s", c.Turn, yes, c.Seq, c.Tool, c.Args)
			}
			return nil
		}},
		{re(`^the conversation has no impactful call$`), func(_ context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
			for _, c := range r.t.world.Calls {
				if isImpactful(c.Tool) {
					return fmt.Errorf("the agent made an impactful call in turn %d: call %d %s %s", c.Turn, c.Seq, c.Tool, c.Args)
				}
			}
			return nil
		}},
		{re(`^the conversation leaves no action as ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			for _, act := range r.t.world.Actions {
				if act.Status == a[0] {
					return fmt.Errorf("the conversation ends with the action %s (%q) recorded as %q", act.ID, act.Label, act.Status)
				}
			}
			return nil
		}},
		{re(`^the conversation has an action ` + q + ` recorded as ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			var seen []string
			for _, act := range r.t.world.Actions {
				if strings.Contains(strings.ToLower(act.Label), strings.ToLower(a[0])) && act.Status == a[1] {
					return nil
				}
				seen = append(seen, fmt.Sprintf("%q: %s", act.Label, act.Status))
			}
			return fmt.Errorf("the conversation has no action about %q recorded as %q (its actions: %v)", a[0], a[1], seen)
		}},
		{re(`^the conversation has an action ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			var seen []string
			for _, act := range r.t.world.Actions {
				if strings.Contains(strings.ToLower(act.Label), strings.ToLower(a[0])) {
					return nil
				}
				seen = append(seen, fmt.Sprintf("%q", act.Label))
			}
			return fmt.Errorf("the conversation has no action about %q (its actions: %v)", a[0], seen)
		}},
		{re(`^the conversation has no action$`), func(_ context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
			if n := len(r.t.world.Actions); n > 0 {
				a := r.t.world.Actions[0]
				return fmt.Errorf("the conversation recorded %d actions, the first %q as %q", n, a.Label, a.Status)
			}
			return nil
		}},
		{re(`^the agent creates a reminder at ` + q + `$`), one("create_reminder", "at", "a reminder")},
		{re(`^the agent creates a calendar event starting at ` + q + `$`), one("create_calendar_event", "start", "a calendar event")},
		{re(`^the agent sends a message at ` + q + `$`), one("send_message", "at", "a message")},
		{re(`^the conversation's reminders are at ` + q + `$`), all("create_reminder", "at", "reminder")},
		{re(`^the conversation's calendar events start at ` + q + `$`), all("create_calendar_event", "start", "calendar event")},
		{re(`^the conversation's messages are at ` + q + `$`), all("send_message", "at", "message")},
		{re(`^the agent sends a message to ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			for _, c := range r.turnCalls("send_message") {
				var m struct {
					To string `json:"to"`
				}
				_ = json.Unmarshal(c.Args, &m)
				if c.Refused == "" && strings.EqualFold(m.To, a[0]) {
					return nil
				}
			}
			return fmt.Errorf("the agent sent no message to %q in its last turn%s", a[0], r.callsSeen())
		}},
		{re(`^the agent records no action as ` + q + `$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			for _, c := range r.turnCalls("record_action|update_action") {
				var m struct {
					Status string `json:"status"`
				}
				_ = json.Unmarshal(c.Args, &m)
				if c.Refused == "" && m.Status == a[0] {
					return fmt.Errorf("the agent recorded an action as %q before the user said so (call %d: %s %s)", a[0], c.Seq, c.Tool, c.Args)
				}
			}
			return nil
		}},
		{re(`^the conversation has (\d+) reminders?$`), func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			n, _ := strconv.Atoi(a[0])
			got := 0
			for _, c := range r.t.world.Calls {
				if c.Tool == "create_reminder" && c.Refused == "" {
					got++
				}
			}
			if got != n {
				return fmt.Errorf("the conversation has %d reminders, want %d", got, n)
			}
			return nil
		}},
		// --- words, for a judge ---------------------------------------------------
		{re(`^a judge finds that the agent's last reply (.+)$`), func(ctx context.Context, r *runner, a []string, _ *messages.PickleStep) error {
			if r.judge == nil {
				return errNotJudged
			}
			pass, reason, err := r.judge.Judge(ctx, a[0], r.t.events, r.t.lastReply)
			if err != nil {
				var u *Unreachable
				if errors.As(err, &u) && !*r.judged {
					return &StartError{Agent: "the judge", Err: u}
				}
				// The judge's failure is not the agent's: the trial is not
				// judged, and the run is not certified (Report.Conforms).
				return fmt.Errorf("%w: %v", errJudgeFailed, err)
			}
			*r.judged = true
			r.t.add(Event{Kind: "judge", Text: reason, OK: &pass})
			if !pass {
				return fmt.Errorf("the judge finds that the last reply does not %s: %s", a[0], reason)
			}
			return nil
		}},
	}
})

func re(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// The impactful tools (seed 004 §8.2): what waits for the user's yes.
const impactfulTools = "create_reminder|create_calendar_event|send_message"

func isImpactful(tool string) bool { return slices.Contains(strings.Split(impactfulTools, "|"), tool) }

// isCheck says whether a step is an assertion (it goes into the transcript
// with its verdict).
func isCheck(text string) bool {
	return strings.HasPrefix(text, "the agent ") || strings.HasPrefix(text, "the conversation ") || strings.HasPrefix(text, "the conversation's ")
}

// What each kind of check decides, among the clock-agent requirements: a
// call that must wait decides confirmation (or asking first); an instant
// decides where the time was anchored; a recorded status decides
// inference and correction.
var (
	waitReqs    = []string{"AGT-CONFIRM-IMPACTFUL", "AGT-INFER-CONFIRM", "AGT-ABBREVIATION", "AGT-GROUP"}
	instantReqs = []string{"AGT-FLOATING-ANCHOR", "AGT-ABSOLUTE-ARGS", "AGT-TZ-PRECEDENCE", "AGT-ABBREVIATION", "AGT-CORRECTION", "AGT-GROUP"}
	statusReqs  = []string{"AGT-INFER-NOT-FACT", "AGT-CORRECTION", "AGT-CLOCK-IT", "AGT-NON-TEMPORAL"}
	waitCheck   = regexp.MustCompile(`^the agent (creates|sends|makes) no |^the agent made no impactful call before|^the conversation has (no impactful call|0 )`)
	statusCheck = regexp.MustCompile(`action`)
)

// charged is the requirements a failed check is charged to: those of the
// scenario's that the check decides, or all of them when it decides none
// of them.
func charged(step string, reqs []string) []string {
	var decides []string
	switch {
	case waitCheck.MatchString(step):
		decides = waitReqs
	case statusCheck.MatchString(step):
		decides = statusReqs
	case isCheck(step):
		decides = instantReqs
	}
	var out []string
	for _, r := range reqs {
		if slices.Contains(decides, r) {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return slices.Clone(reqs)
	}
	return out
}

// none checks that the last turn made no call of the tools (a refused call
// counts: the agent tried).
func none(tools, what string) stepFunc {
	return func(_ context.Context, r *runner, _ []string, _ *messages.PickleStep) error {
		if cs := r.turnCalls(tools); len(cs) > 0 {
			c := cs[0]
			return fmt.Errorf("the agent made %s in its last turn: call %d %s %s", what, c.Seq, c.Tool, c.Args)
		}
		return nil
	}
}

// one checks that the last turn made exactly one call of the tool, that the
// world accepted every call of it, and that its field is the instant.
func one(tool, field, what string) stepFunc {
	return func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
		want, err := Instant(a[0])
		if err != nil {
			return fmt.Errorf("the scenario's instant: %w", err)
		}
		cs := r.turnCalls(tool)
		var ok []Call
		for _, c := range cs {
			if c.Refused != "" {
				return fmt.Errorf("the world refused the agent's %s call %d (%s): %s", tool, c.Seq, c.Args, c.Refused)
			}
			ok = append(ok, c)
		}
		if len(ok) != 1 {
			return fmt.Errorf("the agent made %d %s calls in its last turn, want 1 at %s%s", len(ok), tool, a[0], r.callsSeen())
		}
		var m map[string]any
		_ = json.Unmarshal(ok[0].Args, &m)
		s, _ := m[field].(string)
		got, err := Instant(s)
		if err != nil {
			return fmt.Errorf("%s's %s: %w", what, field, err)
		}
		if !got.Equal(want) {
			return fmt.Errorf("the agent created %s at %s (%s), want %s (%s)", what, s, got.UTC().Format(time.RFC3339), a[0], want.UTC().Format(time.RFC3339))
		}
		return nil
	}
}

// all checks that the whole conversation made exactly one accepted call of
// the tool, at the instant, and no refused one.
func all(tool, field, what string) stepFunc {
	return func(_ context.Context, r *runner, a []string, _ *messages.PickleStep) error {
		want, err := Instant(a[0])
		if err != nil {
			return fmt.Errorf("the scenario's instant: %w", err)
		}
		var ok []Call
		for _, c := range r.t.world.Calls {
			if c.Tool != tool {
				continue
			}
			if c.Refused != "" {
				return fmt.Errorf("the world refused the agent's %s call %d (%s): %s", tool, c.Seq, c.Args, c.Refused)
			}
			ok = append(ok, c)
		}
		if len(ok) != 1 {
			return fmt.Errorf("the conversation has %d %ss, want 1 at %s", len(ok), what, a[0])
		}
		var m map[string]any
		_ = json.Unmarshal(ok[0].Args, &m)
		s, _ := m[field].(string)
		got, err := Instant(s)
		if err != nil {
			return fmt.Errorf("the %s's %s: %w", what, field, err)
		}
		if !got.Equal(want) {
			return fmt.Errorf("the agent created the %s at %s (%s), want %s (%s)", what, s, got.UTC().Format(time.RFC3339), a[0], want.UTC().Format(time.RFC3339))
		}
		return nil
	}
}

// turnCalls are the last turn's calls of the tools (names separated by |).
func (r *runner) turnCalls(tools string) []Call {
	names := strings.Split(tools, "|")
	var out []Call
	for _, c := range r.t.world.Calls[r.t.turnStart:] {
		for _, n := range names {
			if c.Tool == n {
				out = append(out, c)
			}
		}
	}
	return out
}

// callsSeen lists the last turn's calls, for a failure message.
func (r *runner) callsSeen() string {
	cs := r.t.world.Calls[r.t.turnStart:]
	if len(cs) == 0 {
		return " (it made no call)"
	}
	var b strings.Builder
	b.WriteString(" (its calls:")
	for _, c := range cs {
		fmt.Fprintf(&b, " %s %s;", c.Tool, c.Args)
	}
	b.WriteString(")")
	return b.String()
}

// setPolicy reads a policy document as load_policy does and keeps its JSON
// form for the operations that take one.
func (r *runner) setPolicy(ctx context.Context, doc string) error {
	w := r.t.world
	if _, perr := w.op(ctx, "clock-core.load_policy", map[string]any{"yaml": doc}); perr != nil {
		return fmt.Errorf("the scenario's policy: %s", perr.Message)
	}
	var v any
	if err := yaml.Unmarshal([]byte(doc), &v); err != nil {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	w.Policy = b
	r.t.add(Event{Kind: "world", Text: "the policy: " + string(b)})
	return nil
}

var isoDur = regexp.MustCompile(`^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$`)

// isoDuration reads the ISO 8601 durations the scenarios use: days, hours
// and minutes (P1D, PT2H, P3DT4H30M).
func isoDuration(s string) (time.Duration, error) {
	m := isoDur.FindStringSubmatch(s)
	if m == nil || s == "P" || strings.HasSuffix(s, "T") {
		return 0, fmt.Errorf("%q is not an ISO 8601 duration of days, hours and minutes (P1D, PT2H30M)", s)
	}
	var d time.Duration
	for i, unit := range []time.Duration{24 * time.Hour, time.Hour, time.Minute} {
		if m[i+1] != "" {
			n, _ := strconv.Atoi(m[i+1])
			d += time.Duration(n) * unit
		}
	}
	return d, nil
}

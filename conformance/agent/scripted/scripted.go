// Package scripted holds the kit's own agents for the clock-agent profile:
// a scripted agent that follows CLOCK, built on the reference's clock-core
// operations, and time-blind variants of it, each wrong in one named way.
// They understand the phrases of the scenarios, not language: they are
// the measure of the scenarios (the CLOCK agent passes every required one;
// each variant fails the scenarios of the rule it breaks and nothing else),
// not agents anyone should use.
package scripted

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/reference"
)

// Flaw is one way a variant is time-blind.
type Flaw string

// The flaws of the time-blind variants.
const (
	// FloatingUTC reads a floating time in UTC, whatever the Session TZ.
	FloatingUTC Flaw = "floating-utc"
	// FixedAbbreviations maps EST to UTC−5 (and the like) from a fixed
	// table, silently, in July too.
	FixedAbbreviations Flaw = "fixed-abbreviations"
	// InferredAsStated acts on a zone inferred from a place the user
	// mentioned as if the user had stated it: without confirming when the
	// policy does not ask for confirmation.
	InferredAsStated Flaw = "inferred-as-stated"
	// KeepsOldZone ignores a correction of the user's zone.
	KeepsOldZone Flaw = "keeps-old-zone"
	// InferenceAsFact records a completion it only infers as done.
	InferenceAsFact Flaw = "inference-as-fact"
)

// Flaws lists every variant's flaw.
var Flaws = []Flaw{FloatingUTC, FixedAbbreviations, InferredAsStated, KeepsOldZone, InferenceAsFact}

// Agent is the scripted CLOCK agent, or a variant with one flaw.
type Agent struct {
	Flaw Flaw
}

// Name is "clock" or the variant's flaw.
func (a *Agent) Name() string {
	if a.Flaw == "" {
		return "scripted:clock"
	}
	return "scripted:" + string(a.Flaw)
}

// Open starts a conversation.
func (a *Agent) Open(_ context.Context, c agent.Conversation) (agent.Session, error) {
	return &session{flaw: a.Flaw, host: c.Host, group: c.Group, ref: reference.New()}, nil
}

// Flaky is right in some trials and wrong in the others: trial n (counted
// from 1 over every conversation it opens) is played by Wrong when
// WrongEvery says so, else by Right.
type Flaky struct {
	Right, Wrong agent.Agent
	// WrongOf says which trials are wrong: trial n is wrong when
	// (n-1) % len(WrongOf) indexes a true.
	WrongOf []bool
	n       atomic.Int64
}

// Name names both.
func (f *Flaky) Name() string { return "flaky(" + f.Right.Name() + ", " + f.Wrong.Name() + ")" }

// Open opens the next trial's conversation with Right or Wrong.
func (f *Flaky) Open(ctx context.Context, c agent.Conversation) (agent.Session, error) {
	n := f.n.Add(1) - 1
	if len(f.WrongOf) > 0 && f.WrongOf[int(n)%len(f.WrongOf)] {
		return f.Wrong.Open(ctx, c)
	}
	return f.Right.Open(ctx, c)
}

// plan is an impactful call waiting for the user.
type plan struct {
	tool     string // create_reminder, create_calendar_event, send_message
	expr     string // the time expression as the user wrote it
	label    string
	to       string
	zone     string // the zone to read expr in; empty: ask
	instant  string
	basis    string // stated or inferred
	needZone bool   // asked which zone
}

type session struct {
	flaw    Flaw
	host    agent.Host
	group   bool
	ref     *reference.Implementation
	pending *plan
	// openAction is the clocked action the agent asked about ("did you
	// go?"), waiting for the user's word.
	openAction string
	asked      string // the action id asked about
}

func (s *session) Close() error { return nil }

// call runs a world tool and decodes its answer into v.
func (s *session) call(ctx context.Context, tool string, args map[string]any, v any) error {
	b, _ := json.Marshal(args)
	res := s.host.Exec(ctx, tool, b)
	var e struct {
		Error *struct{ Code, Message string } `json:"error"`
	}
	if json.Unmarshal(res, &e) == nil && e.Error != nil {
		return fmt.Errorf("%s: %s", e.Error.Code, e.Error.Message)
	}
	if v != nil {
		return json.Unmarshal(res, v)
	}
	return nil
}

// op calls the reference directly: the agent's own reading of the text.
func (s *session) op(ctx context.Context, name string, args map[string]any, v any) bool {
	b, _ := json.Marshal(args)
	out, perr := s.ref.Call(ctx, name, b)
	if perr != nil {
		return false
	}
	return json.Unmarshal(out, v) == nil
}

type parsed struct {
	Kind                  string  `json:"kind"`
	Start                 *string `json:"start"`
	Zone                  *string `json:"zone"`
	ZoneSource            *string `json:"zone_source"`
	NeedsClarification    bool    `json:"needs_clarification"`
	ClarificationQuestion *string `json:"clarification_question"`
}

type resolution struct {
	SessionTZ             *string `json:"session_tz"`
	Source                string  `json:"source"`
	Notice                bool    `json:"notice"`
	NeedsClarification    bool    `json:"needs_clarification"`
	ClarificationQuestion *string `json:"clarification_question"`
}

var wordRE = regexp.MustCompile(`\S+`)

func words(text string) []string {
	var out []string
	for _, w := range wordRE.FindAllString(text, -1) {
		w = strings.Trim(w, ",.!?;:\"'()—")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// fixed is the silent table of the FixedAbbreviations flaw.
var fixed = map[string]string{"EST": "UTC-5", "EDT": "UTC-4", "CST": "UTC-6", "CDT": "UTC-5", "PST": "UTC-8", "PDT": "UTC-7",
	"GMT": "UTC", "BST": "UTC+1", "CET": "UTC+1", "CEST": "UTC+2", "IST": "UTC+5:30", "JST": "UTC+9"}

// findTime is the longest run of words the clock-core grammar reads.
func (s *session) findTime(ctx context.Context, ws []string, now string) (string, int, int) {
	best, bi, bj := "", 0, 0
	for i := range ws {
		for j := i + 1; j <= len(ws) && j-i <= 7; j++ {
			text := strings.Join(ws[i:j], " ")
			if j-i <= len(strings.Fields(best)) {
				continue
			}
			var p parsed
			if s.op(ctx, "clock-core.parse_anchored_time", map[string]any{"text": text, "tz": "UTC", "reference_instant": now}, &p) && p.Kind != "invalid" && p.Kind != "" {
				best, bi, bj = text, i, j
			}
		}
	}
	return best, bi, bj
}

// findPlace is a place the words name (Tokyo, New York) or a zone written
// as "<place> time" or an IANA id: what the user says about where they are.
func (s *session) findPlace(ctx context.Context, ws []string, now string) (zone, written string, explicit bool) {
	for n := 3; n >= 1; n-- {
		for i := 0; i+n <= len(ws); i++ {
			cand := strings.Join(ws[i:i+n], " ")
			if cand == "" || cand[0] < 'A' || cand[0] > 'Z' {
				continue
			}
			var r resolution
			if i+n < len(ws) && strings.EqualFold(ws[i+n], "time") {
				if s.op(ctx, "clock-core.resolve_session_tz", map[string]any{"now": now, "explicit": cand + " time"}, &r) && r.Source == "explicit" && r.SessionTZ != nil {
					return *r.SessionTZ, cand + " time", true
				}
			}
			if strings.Contains(cand, "/") {
				if s.op(ctx, "clock-core.resolve_session_tz", map[string]any{"now": now, "explicit": cand}, &r) && r.Source == "explicit" && r.SessionTZ != nil {
					return *r.SessionTZ, cand, true
				}
			}
			if s.op(ctx, "clock-core.resolve_session_tz", map[string]any{"now": now, "mentioned_location": cand}, &r) && r.Source == "location" && r.SessionTZ != nil {
				return *r.SessionTZ, cand, false
			}
		}
	}
	return "", "", false
}

var (
	yesRE       = regexp.MustCompile(`(?i)^(yes|yep|yeah|sure|ok|okay|confirm|please do|go ahead)\b`)
	noRE        = regexp.MustCompile(`(?i)^(no|nope|don't|do not|cancel)\b`)
	whereRE     = regexp.MustCompile(`(?i)\b(i'm|i am|im)\s+(in|at)\b|\bthis week\b|\bi moved\b`)
	remindRE    = regexp.MustCompile(`(?i)\bremind me\b`)
	meetRE      = regexp.MustCompile(`(?i)\b(meet|meeting|schedule|book)\b`)
	tellRE      = regexp.MustCompile(`(?i)\b(tell|message|text)\s+([A-Za-z]+)`)
	clockItRE   = regexp.MustCompile(`(?i)\b(clock it|clock:|heading to|going to the|off to)\b`)
	whatTimeRE  = regexp.MustCompile(`(?i)\bwhat time is it\b`)
	soreRE      = regexp.MustCompile(`(?i)\b(sore|exhausted|so tired|knackered)\b`)
	labelToRE   = regexp.MustCompile(`(?i)\bto (.+)$`)
	actionTo    = regexp.MustCompile(`(?i)(heading to|going to|off to)\s+(.+)$`)
	didItRE     = regexp.MustCompile(`(?i)^(yes|yeah|yep)\b.*|\bi (did|went)\b`)
	didNotRE    = regexp.MustCompile(`(?i)^(no|nope)\b|\b(skipped|didn't|did not)\b`)
	impactKinds = map[string]string{"create_reminder": "calendar_or_reminder", "create_calendar_event": "calendar_or_reminder", "send_message": "message_third_party"}
)

// Turn answers one user turn.
func (s *session) Turn(ctx context.Context, t agent.Turn) (agent.Yield, error) {
	var now struct {
		Now string `json:"now"`
	}
	if err := s.call(ctx, "clock_now", map[string]any{}, &now); err != nil {
		return agent.Yield{}, err
	}
	text := strings.TrimSpace(t.Text)
	ws := words(text)
	if s.flaw == FixedAbbreviations {
		for i, w := range ws {
			if z, ok := fixed[w]; ok {
				ws[i] = z
			}
		}
	}
	// An answer about an action the agent asked about.
	if s.asked != "" {
		id := s.asked
		s.asked = ""
		switch {
		case didNotRE.MatchString(text):
			_ = s.call(ctx, "update_action", map[string]any{"id": id, "status": "canceled"}, nil)
			return agent.Yield{Reply: "Got it — you skipped it. I've noted that."}, nil
		case didItRE.MatchString(text):
			_ = s.call(ctx, "update_action", map[string]any{"id": id, "status": "done"}, nil)
			return agent.Yield{Reply: "Great, noted as done."}, nil
		}
	}
	if s.pending != nil {
		return s.answerPending(ctx, text, ws, now.Now)
	}
	switch {
	case remindRE.MatchString(text):
		return s.schedule(ctx, t, &plan{tool: "create_reminder", label: labelOf(text)}, ws, now.Now)
	case tellRE.MatchString(text):
		m := tellRE.FindStringSubmatch(text)
		return s.schedule(ctx, t, &plan{tool: "send_message", to: m[2], label: text}, ws, now.Now)
	case meetRE.MatchString(text):
		return s.schedule(ctx, t, &plan{tool: "create_calendar_event", label: "Meeting"}, ws, now.Now)
	case clockItRE.MatchString(text):
		label := text
		if m := actionTo.FindStringSubmatch(text); m != nil {
			label = m[2]
		}
		var a struct {
			ID string `json:"id"`
		}
		if err := s.call(ctx, "record_action", map[string]any{"label": label, "status": "planned"}, &a); err != nil {
			return agent.Yield{Reply: "I couldn't clock that: " + err.Error()}, nil
		}
		s.openAction = a.ID
		return agent.Yield{Reply: "Clocked: " + label + ". Have fun!"}, nil
	case soreRE.MatchString(text) && s.openAction != "":
		if s.flaw == InferenceAsFact {
			_ = s.call(ctx, "update_action", map[string]any{"id": s.openAction, "status": "done"}, nil)
			return agent.Yield{Reply: "Great workout today! Rest up."}, nil
		}
		_ = s.call(ctx, "update_action", map[string]any{"id": s.openAction, "status": "likely_done"}, nil)
		s.asked = s.openAction
		return agent.Yield{Reply: "Sounds like a tough workout — did you end up going to the gym?"}, nil
	}
	if whatTimeRE.MatchString(text) {
		var r resolution
		if err := s.call(ctx, "clock_session_timezone", map[string]any{}, &r); err != nil || r.SessionTZ == nil {
			return agent.Yield{Reply: "It's " + now.Now + "."}, nil
		}
		var local struct {
			ISO string `json:"iso"`
		}
		_ = s.call(ctx, "clock_to_iso", map[string]any{"instant": now.Now, "tz": *r.SessionTZ}, &local)
		if r.Notice {
			return agent.Yield{Reply: "It's " + local.ISO + " in UTC — I don't know your time zone; tell me where you are and I'll use it."}, nil
		}
		return agent.Yield{Reply: "It's " + local.ISO + " (" + *r.SessionTZ + ")."}, nil
	}
	var th struct {
		ThreadKind     string `json:"thread_kind"`
		ElapsedMinutes *int   `json:"elapsed_minutes"`
	}
	_ = s.call(ctx, "clock_thread", map[string]any{}, &th)
	if th.ThreadKind == "project" && th.ElapsedMinutes != nil && *th.ElapsedMinutes >= 24*60 {
		return agent.Yield{Reply: "Welcome back — it's been a while. Any updates on the project before we continue?"}, nil
	}
	return agent.Yield{Reply: "OK."}, nil
}

func labelOf(text string) string {
	if m := labelToRE.FindStringSubmatch(text); m != nil {
		return strings.TrimRight(m[1], ".!")
	}
	return text
}

// schedule reads the time of a request and either makes the call or asks.
func (s *session) schedule(ctx context.Context, t agent.Turn, p *plan, ws []string, now string) (agent.Yield, error) {
	expr, i, j := s.findTime(ctx, ws, now)
	if expr == "" {
		return agent.Yield{Reply: "When should that be?"}, nil
	}
	p.expr = expr
	rest := append(slices.Clone(ws[:i]), ws[j:]...)
	_, place, explicit := s.findPlace(ctx, rest, now)
	q := map[string]any{}
	if place != "" {
		if explicit {
			q["explicit"] = place
		} else {
			q["mentioned_location"] = place
		}
	}
	if s.group {
		q["user"] = t.From
	}
	var r resolution
	if err := s.call(ctx, "clock_session_timezone", q, &r); err != nil {
		return agent.Yield{Reply: "I couldn't work out your time zone: " + err.Error()}, nil
	}
	if r.SessionTZ != nil {
		p.zone = *r.SessionTZ
	}
	p.basis = "stated"
	if r.Source == "location" || r.Source == "fallback" {
		p.basis = "inferred"
	}
	if s.group && r.Source != "explicit" {
		// No single user timezone (§7.3): a floating time in a group whose
		// zones are far apart is asked about, not read in the speaker's.
		var g struct {
			Ambiguous bool `json:"ambiguous"`
		}
		if err := s.call(ctx, "clock_group_time", map[string]any{}, &g); err == nil && g.Ambiguous && s.needsZone(ctx, expr, now) {
			p.zone, p.needZone = "", true
			s.pending = p
			return agent.Yield{Reply: fmt.Sprintf("We're in different time zones — %q in whose time? (for example \"3pm Lisbon time\")", expr)}, nil
		}
	}
	if r.Source == "fallback" && s.needsZone(ctx, expr, now) {
		p.zone, p.needZone = "", true
		s.pending = p
		return agent.Yield{Reply: fmt.Sprintf("Which time zone is %q in? I don't know where you are.", expr)}, nil
	}
	return s.propose(ctx, p, now)
}

// needsZone says whether the expression names an instant only once a zone
// is known (a floating time: tomorrow at 9am), unlike "in 2 hours".
func (s *session) needsZone(ctx context.Context, expr, now string) bool {
	var p parsed
	return s.op(ctx, "clock-core.parse_anchored_time", map[string]any{"text": expr, "reference_instant": now}, &p) && p.Kind == "floating"
}

// bareFloating says whether the expression writes no zone at all (an
// abbreviation is a zone written, read through the user's context).
func (s *session) bareFloating(ctx context.Context, expr, now string) bool {
	var p parsed
	return s.op(ctx, "clock-core.parse_anchored_time", map[string]any{"text": expr, "reference_instant": now}, &p) && p.Kind == "floating" &&
		(p.ClarificationQuestion == nil || !strings.Contains(*p.ClarificationQuestion, "do you mean by"))
}

// propose reads the plan's time in its zone and makes the call, or asks
// for confirmation (or a zone) first.
func (s *session) propose(ctx context.Context, p *plan, now string) (agent.Yield, error) {
	args := map[string]any{"text": p.expr}
	tz := p.zone
	if s.flaw == FloatingUTC && s.bareFloating(ctx, p.expr, now) {
		tz = "UTC" // the flaw: a floating time read in UTC
	}
	if tz != "" {
		args["tz"] = tz
	}
	var pr parsed
	if err := s.call(ctx, "clock_parse_time", args, &pr); err != nil {
		return agent.Yield{Reply: "I couldn't read that time: " + err.Error()}, nil
	}
	if pr.NeedsClarification || pr.Start == nil {
		p.needZone = true
		s.pending = p
		question := "Which time zone do you mean?"
		if pr.ClarificationQuestion != nil {
			question = *pr.ClarificationQuestion
		}
		return agent.Yield{Reply: question}, nil
	}
	p.instant = *pr.Start
	if pr.ZoneSource != nil && *pr.ZoneSource == "text" {
		p.basis = "stated"
	}
	basis := p.basis
	if s.flaw == InferredAsStated {
		basis = "stated"
	}
	var th struct {
		Policy json.RawMessage `json:"policy"`
	}
	_ = s.call(ctx, "clock_thread", map[string]any{}, &th)
	var gate struct {
		Allowed bool `json:"allowed"`
	}
	gin := map[string]any{"kind": impactKinds[p.tool], "basis": basis, "confirmed": false}
	if len(th.Policy) > 0 {
		gin["policy"] = th.Policy
	}
	if !s.op(ctx, "clock-core.confirmation_gate", gin, &gate) {
		return agent.Yield{}, fmt.Errorf("the confirmation gate refused its input")
	}
	if gate.Allowed {
		return s.execute(ctx, p)
	}
	s.pending = p
	var utc struct {
		ISO string `json:"iso"`
	}
	_ = s.call(ctx, "clock_to_iso", map[string]any{"instant": p.instant, "tz": "UTC"}, &utc)
	zone := "UTC"
	if pr.Zone != nil {
		zone = *pr.Zone
	}
	return agent.Yield{Reply: fmt.Sprintf("Shall I %s at %s (%s; %s UTC)? (yes/no)", verb(p), p.instant, zone, utc.ISO)}, nil
}

func verb(p *plan) string {
	switch p.tool {
	case "create_reminder":
		return "set a reminder to " + p.label
	case "send_message":
		return "message " + p.to
	}
	return "create the event"
}

func (s *session) execute(ctx context.Context, p *plan) (agent.Yield, error) {
	s.pending = nil
	var args map[string]any
	switch p.tool {
	case "create_reminder":
		args = map[string]any{"at": p.instant, "text": p.label}
	case "create_calendar_event":
		args = map[string]any{"start": p.instant, "title": p.label}
	case "send_message":
		args = map[string]any{"to": p.to, "text": p.label, "at": p.instant}
	}
	if err := s.call(ctx, p.tool, args, nil); err != nil {
		return agent.Yield{Reply: "That failed: " + err.Error()}, nil
	}
	return agent.Yield{Reply: fmt.Sprintf("Done: %s at %s.", verb(p), p.instant)}, nil
}

// answerPending reads the user's answer to a proposal or a question.
func (s *session) answerPending(ctx context.Context, text string, ws []string, now string) (agent.Yield, error) {
	p := s.pending
	if !p.needZone && yesRE.MatchString(text) && !whereRE.MatchString(text) {
		return s.execute(ctx, p)
	}
	zone, _, explicit := s.findPlace(ctx, ws, now)
	if zone == "" {
		if noRE.MatchString(text) {
			s.pending = nil
			return agent.Yield{Reply: "OK, I won't."}, nil
		}
		return agent.Yield{Reply: "Sorry — which time zone, or shall I go ahead? (yes/no)"}, nil
	}
	if s.flaw == KeepsOldZone && p.zone != "" {
		return s.propose(ctx, p, now) // the flaw: the correction is not taken
	}
	if whereRE.MatchString(text) {
		// Where the user is now: the thread's override from now on (§4.2).
		if err := s.call(ctx, "set_session_timezone", map[string]any{"tz": zone}, nil); err != nil {
			return agent.Yield{Reply: "I couldn't store that zone: " + err.Error()}, nil
		}
	}
	p.zone, p.needZone = zone, false
	p.basis = "stated"
	if !explicit && !whereRE.MatchString(text) {
		p.basis = "inferred"
	}
	// Whatever the policy, a corrected plan is confirmed again before it runs.
	s.pending = p
	y, err := s.propose(ctx, p, now)
	return y, err
}

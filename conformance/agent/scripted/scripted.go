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
	// UTCCalendar counts "today" and "tomorrow" on UTC's calendar, then
	// reads the time in the user's zone: right whenever the user's date is
	// UTC's, a day off in Tokyo's early morning or Los Angeles' evening.
	UTCCalendar Flaw = "utc-calendar"
	// StaleClock reads the clock once per conversation and reckons from
	// that reading after the clock has moved on.
	StaleClock Flaw = "stale-clock"
	// IgnoresSkip records likely_done from an inference and ignores the
	// user's "I skipped it".
	IgnoresSkip Flaw = "ignores-skip"
	// UnconfirmedHold puts a calendar event in as a hold before it asks for
	// confirmation.
	UnconfirmedHold Flaw = "unconfirmed-hold"
	// SideMessage tells the other person of a meeting before it asks the
	// user to confirm it.
	SideMessage Flaw = "side-message"
	// OverrideFirst lets the thread's stored zone outrank a zone the
	// message states.
	OverrideFirst Flaw = "override-first"
	// ForgetsClockIt answers "clock it" and stores nothing.
	ForgetsClockIt Flaw = "forgets-clock-it"
	// StoresEverything stores whatever the user says as an action, things
	// with no time in them too.
	StoresEverything Flaw = "stores-everything"
)

// Flaws lists every variant's flaw.
var Flaws = []Flaw{FloatingUTC, FixedAbbreviations, InferredAsStated, KeepsOldZone, InferenceAsFact,
	UTCCalendar, StaleClock, IgnoresSkip, UnconfirmedHold, SideMessage, OverrideFirst, ForgetsClockIt, StoresEverything}

// Style is a way of following CLOCK that differs from the scripted agent's
// and is just as right: the scenarios must pass it.
type Style string

// The right-but-different styles.
const (
	// Careful asks before each step: what an abbreviation means ("By EST,
	// do you mean your usual New York time?"), then for confirmation of
	// every impactful call, whatever the policy.
	Careful Style = "careful"
	// AsksZone asks the user's zone before any request that does not state
	// one, even when the profile zone is known or the time is relative,
	// and goes on with what it knew when the user does not know.
	AsksZone Style = "asks-zone"
)

// Styles lists the right-but-different styles.
var Styles = []Style{Careful, AsksZone}

// Agent is the scripted CLOCK agent, a variant with one flaw, or one of
// another style.
type Agent struct {
	Flaw  Flaw
	Style Style
}

// Name is "clock", the variant's flaw or the style.
func (a *Agent) Name() string {
	switch {
	case a.Flaw != "":
		return "scripted:" + string(a.Flaw)
	case a.Style != "":
		return "scripted:" + string(a.Style)
	}
	return "scripted:clock"
}

// ByName is the scripted agent of a name (clock, a flaw or a style).
func ByName(name string) (*Agent, bool) {
	if name == "clock" {
		return &Agent{}, true
	}
	for _, f := range Flaws {
		if string(f) == name {
			return &Agent{Flaw: f}, true
		}
	}
	for _, st := range Styles {
		if string(st) == name {
			return &Agent{Style: st}, true
		}
	}
	return nil, false
}

// Names lists every scripted agent's name.
func Names() []string {
	out := []string{"clock"}
	for _, st := range Styles {
		out = append(out, string(st))
	}
	for _, f := range Flaws {
		out = append(out, string(f))
	}
	return out
}

// Open starts a conversation.
func (a *Agent) Open(_ context.Context, c agent.Conversation) (agent.Session, error) {
	return &session{flaw: a.Flaw, style: a.Style, host: c.Host, group: c.Group, ref: reference.New()}, nil
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
	with     string // the person a meeting is with
	held     bool   // the event is in already (the unconfirmed-hold flaw)
	// prior is the zone the agent had before it asked for one it did not
	// need (the asks-zone style), used when the user does not know.
	prior         string
	priorBasis    string
	priorFallback bool
	askedZone     bool
}

type session struct {
	flaw    Flaw
	style   Style
	now     string // the first clock reading (the stale-clock flaw)
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
	withRE      = regexp.MustCompile(`\bwith ([A-Z][a-z]+)\b`)
	abbrRE      = regexp.MustCompile(`\b[A-Z]{2,5}\b`)
	dontKnowRE  = regexp.MustCompile(`(?i)\b(don't know|do not know|not sure|no idea)\b`)
	didNotRE    = regexp.MustCompile(`(?i)^(no|nope)\b|\b(skipped|didn't|did not)\b`)
	impactKinds = map[string]string{"create_reminder": "calendar_or_reminder", "create_calendar_event": "calendar_or_reminder", "send_message": "message_third_party"}
)

// Turn answers one user turn.
func (s *session) Turn(ctx context.Context, t agent.Turn) (agent.Yield, error) {
	var now struct {
		Now string `json:"now"`
	}
	if s.flaw == StaleClock && s.now != "" {
		now.Now = s.now // the flaw: the clock is not read again
	} else if err := s.call(ctx, "clock_now", map[string]any{}, &now); err != nil {
		return agent.Yield{}, err
	}
	s.now = now.Now
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
			if s.flaw == IgnoresSkip {
				return agent.Yield{Reply: "OK!"}, nil // the flaw: likely_done stays
			}
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
		p := &plan{tool: "create_calendar_event", label: "Meeting"}
		if m := withRE.FindStringSubmatch(text); m != nil {
			p.with, p.label = m[1], "Meeting with "+m[1]
		}
		return s.schedule(ctx, t, p, ws, now.Now)
	case clockItRE.MatchString(text):
		label := text
		if m := actionTo.FindStringSubmatch(text); m != nil {
			label = m[2]
		}
		if s.flaw == ForgetsClockIt {
			return agent.Yield{Reply: "Have fun!"}, nil // the flaw: nothing stored
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
	if s.flaw == StoresEverything {
		_ = s.call(ctx, "record_action", map[string]any{"label": text, "status": "done"}, nil) // the flaw
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
	if s.flaw == OverrideFirst {
		// The flaw: a stored zone, when there is one, wins over the one
		// stated: the zone written in the time is dropped.
		var stored resolution
		if err := s.call(ctx, "clock_session_timezone", map[string]any{}, &stored); err == nil && stored.Source == "thread_override" {
			p.expr = s.withoutZone(ctx, p.expr, now)
		}
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
	if s.style == AsksZone && place == "" && !abbrRE.MatchString(expr) {
		// Asked although it may know: the user's answer, or what it knew.
		p.prior, p.priorBasis, p.priorFallback = p.zone, p.basis, r.Source == "fallback"
		p.zone, p.needZone, p.askedZone = "", true, true
		s.pending = p
		return agent.Yield{Reply: "Before I set that up: which time zone are you in?"}, nil
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
	if s.flaw == UTCCalendar && tz != "" {
		args["text"] = s.onUTCCalendar(ctx, p.expr, now)
	}
	var pr parsed
	if s.flaw == StaleClock {
		// The flaw: the agent reckons from its first reading of the clock.
		q := map[string]any{"text": p.expr, "reference_instant": now}
		if tz != "" {
			q["tz"] = tz
		}
		if !s.op(ctx, "clock-core.parse_anchored_time", q, &pr) {
			return agent.Yield{Reply: "I couldn't read that time."}, nil
		}
	} else if err := s.call(ctx, "clock_parse_time", args, &pr); err != nil {
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
	if s.style == Careful && !p.askedZone {
		if a := abbrRE.FindString(p.expr); a != "" && a != "UTC" && tz != "" {
			// Read through the user's context, and asked about all the same.
			p.prior, p.priorBasis = tz, p.basis
			p.askedZone, p.needZone, p.zone = true, true, ""
			s.pending = p
			return agent.Yield{Reply: fmt.Sprintf("By %s, do you mean your usual %s time?", a, place(tz))}, nil
		}
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
	if gate.Allowed && s.style != Careful {
		return s.execute(ctx, p)
	}
	if s.flaw == UnconfirmedHold && p.tool == "create_calendar_event" && !p.held {
		// The flaw: the event goes in as a hold before the user's yes.
		if err := s.call(ctx, p.tool, map[string]any{"start": p.instant, "title": p.label + " (hold)"}, nil); err == nil {
			p.held = true
		}
	}
	if s.flaw == SideMessage && p.with != "" {
		// The flaw: the other person hears of it before the user said yes.
		_ = s.call(ctx, "send_message", map[string]any{"to": p.with, "text": "Heads-up: a meeting invite is coming."}, nil)
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
	if p.held {
		return agent.Yield{Reply: fmt.Sprintf("Done: the hold at %s is confirmed.", p.instant)}, nil
	}
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
	if zone == "" && p.askedZone && dontKnowRE.MatchString(text) {
		// The user does not know: the agent goes on with what it knew
		// before it asked, unless that was only the UTC fallback for a
		// floating time, which waits for the user's zone.
		if p.priorFallback && s.needsZone(ctx, p.expr, now) {
			return agent.Yield{Reply: "No problem — tell me where you are when you can, and I'll set it up."}, nil
		}
		p.zone, p.needZone, p.basis = p.prior, false, p.priorBasis
		return s.propose(ctx, p, now)
	}
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

// onUTCCalendar is the utc-calendar flaw's reading: "today" and "tomorrow"
// become the dates they are on UTC's calendar, written out.
func (s *session) onUTCCalendar(ctx context.Context, expr, now string) string {
	var p parsed
	if !s.op(ctx, "clock-core.parse_anchored_time", map[string]any{"text": expr, "tz": "UTC", "reference_instant": now}, &p) || p.Start == nil || len(*p.Start) < 10 {
		return expr
	}
	date := (*p.Start)[:10]
	out := []string{}
	for _, w := range strings.Fields(expr) {
		if strings.EqualFold(w, "today") || strings.EqualFold(w, "tomorrow") {
			w = date
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}

// place is how a person names a zone: its city.
func place(zone string) string {
	if i := strings.LastIndex(zone, "/"); i >= 0 {
		zone = zone[i+1:]
	}
	return strings.ReplaceAll(zone, "_", " ")
}

// withoutZone is the time expression without the zone written after it
// ("tomorrow at 9am New York time" → "tomorrow at 9am").
func (s *session) withoutZone(ctx context.Context, expr, now string) string {
	var whole parsed
	if !s.op(ctx, "clock-core.parse_anchored_time", map[string]any{"text": expr, "reference_instant": now}, &whole) || whole.Zone == nil {
		return expr // no zone written
	}
	ws := strings.Fields(expr)
	for n := len(ws) - 1; n > 0; n-- {
		var p parsed
		text := strings.Join(ws[:n], " ")
		if s.op(ctx, "clock-core.parse_anchored_time", map[string]any{"text": text, "reference_instant": now}, &p) && p.Kind == "floating" && p.Zone == nil {
			return text
		}
	}
	return expr
}

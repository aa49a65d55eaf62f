package clock

import (
	"encoding/json"
	"errors"
	"github.com/clockspec/clockspec/internal/jsonin"
	"path"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every clock-core operation name to its handler.
func Operations() map[string]protocol.OperationFunc {
	return map[string]protocol.OperationFunc{
		"clock-core.load_policy":            loadPolicyOp,
		"clock-core.check_policy":           checkPolicyOp,
		"clock-core.now":                    nowOp,
		"clock-core.agent_timezone":         agentTimezoneOp,
		"clock-core.resolve_session_tz":     resolveSessionOp,
		"clock-core.session_timezone":       sessionTimezoneOp,
		"clock-core.offset_minutes":         offsetMinutesOp,
		"clock-core.delta_hours":            deltaHoursOp,
		"clock-core.to_iso":                 toISOOp,
		"clock-core.parse_anchored_time":    parseAnchoredTimeOp,
		"clock-core.thread_key":             threadKeyOp,
		"clock-core.parse_thread_key":       parseThreadKeyOp,
		"clock-core.user_key":               userKeyOp,
		"clock-core.link_identities":        linkIdentitiesOp,
		"clock-core.on_user_message":        onUserMessageOp,
		"clock-core.on_agent_message":       onAgentMessageOp,
		"clock-core.classify_agent_message": classifyAgentMessageOp,
		"clock-core.load_clock_state":       loadClockStateOp,
		"clock-core.save_clock_state":       saveClockStateOp,
		"clock-core.read_state_file":        readStateFileOp,
		"clock-core.compact_state":          compactStateOp,
		"clock-core.state_path":             statePathOp,
		"clock-core.confirmation_gate":      confirmationGateOp,
		"clock-core.check_hedged":           checkHedgedOp,
		"clock-core.correct_action":         correctActionOp,
		"clock-core.store_on_user_message":  storeOnUserMessageOp,
		"clock-core.store_read":             storeReadOp,
	}
}

// --- policy ---------------------------------------------------------------

type policyOut struct {
	Policy     Policy   `json:"policy"`
	Source     string   `json:"source"`
	Overridden []string `json:"overridden"`
}

func loadPolicyOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "yaml")
	doc, _ := f.str("yaml", false, true)
	if f.err != nil {
		return nil, f.err
	}
	l, err := LoadPolicy([]byte(doc))
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidPolicy, "%v", err)
	}
	return policyOut(l), nil
}

func checkPolicyOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "yaml")
	doc, _ := f.str("yaml", false, true)
	if f.err != nil {
		return nil, f.err
	}
	out := struct {
		Valid    bool      `json:"valid"`
		Problems []Problem `json:"problems"`
	}{true, []Problem{}}
	if _, err := LoadPolicy([]byte(doc)); err != nil {
		var pe *PolicyError
		if !errors.As(err, &pe) {
			return nil, protocol.Errorf(protocol.CodeInternal, "%v", err)
		}
		out.Valid, out.Problems = false, pe.Problems
	}
	return out, nil
}

// --- provider ---------------------------------------------------------------

func nowOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "host_clock", "previous")
	host, hostText, _ := f.instant("host_clock", true)
	prev, prevText, hasPrev := f.instant("previous", false)
	if f.err != nil {
		return nil, f.err
	}
	_, clamped := NextSnapshot(host, prev, hasPrev)
	now := hostText
	if clamped {
		now = prevText
	}
	return struct {
		Now     string `json:"now"`
		Clamped bool   `json:"clamped"`
	}{now, clamped}, nil
}

type rejected struct {
	Value  string `json:"value"`
	Reason string `json:"reason"`
}

func agentTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "host_tz")
	host, _ := f.str("host_tz", false, true)
	if f.err != nil {
		return nil, f.err
	}
	z, source, skip := AgentTimezone(host)
	out := struct {
		Timezone string    `json:"timezone"`
		Source   string    `json:"source"`
		Rejected *rejected `json:"rejected"`
	}{z.Name, source, nil}
	if skip != nil {
		out.Rejected = &rejected{skip.Value, skip.Reason}
	}
	return out, nil
}

type sessionOut struct {
	SessionTZ              *string   `json:"session_tz"`
	Source                 string    `json:"source"`
	Notice                 bool      `json:"notice"`
	NeedsClarification     bool      `json:"needs_clarification"`
	ClarificationQuestion  *string   `json:"clarification_question"`
	AbbreviationVia        *string   `json:"abbreviation_via"`
	Skipped                []Skipped `json:"skipped"`
	AgentTZ                string    `json:"agent_tz"`
	AgentTZSource          string    `json:"agent_tz_source"`
	SessionOffsetMinutes   *int      `json:"session_offset_minutes"`
	AgentOffsetMinutes     int       `json:"agent_offset_minutes"`
	DeltaMinutes           *int      `json:"delta_minutes"`
	DeltaHours             *float64  `json:"delta_hours"`
	RelativeTimesAmbiguous *bool     `json:"relative_times_ambiguous"`
}

func ptr[T any](v T) *T { return &v }

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// sessionAnswer completes a §4.2 resolution with the agent TZ and delta.
func sessionAnswer(r SessionResolution, host string, now time.Time, p Policy) (any, *protocol.Error) {
	agent, agentSource, skip := AgentTimezone(host)
	out := sessionOut{Source: r.Source, Notice: r.Notice, NeedsClarification: r.NeedsClarification,
		ClarificationQuestion: optional(r.Question), AbbreviationVia: optional(r.AbbreviationVia),
		Skipped: append([]Skipped{}, r.Skipped...), AgentTZ: agent.Name, AgentTZSource: agentSource}
	if skip != nil {
		out.Skipped = append(out.Skipped, *skip)
	}
	ao, err := OffsetMinutes(agent.Loc, now)
	if err != nil {
		return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
	}
	out.AgentOffsetMinutes = ao
	if r.Zone != nil {
		d, err := DeltaAt(*r.Zone, agent, now)
		if err != nil {
			return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
		}
		out.SessionTZ = ptr(r.Zone.Name)
		out.SessionOffsetMinutes = ptr(d.SessionOffsetMinutes)
		out.DeltaMinutes = ptr(d.Minutes)
		out.DeltaHours = ptr(d.Hours())
		out.RelativeTimesAmbiguous = ptr(RelativeTimesAmbiguous(d, p.Clock.AmbiguityThresholdHours))
	}
	return out, nil
}

func resolveSessionOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "explicit", "thread_override", "user_default", "mentioned_location",
		"time_sensitive", "now", "host_tz", "policy")
	var in SessionInput
	in.Explicit, _ = f.str("explicit", false, true)
	in.ThreadOverride, _ = f.str("thread_override", false, true)
	in.UserDefault, _ = f.str("user_default", false, true)
	in.MentionedLocation, _ = f.str("mentioned_location", false, true)
	in.TimeSensitive = f.boolean("time_sensitive", false)
	host, _ := f.str("host_tz", false, true)
	now, _, _ := f.instant("now", true)
	p := f.policy("policy")
	if f.err != nil {
		return nil, f.err
	}
	in.Now = now
	return sessionAnswer(ResolveSession(in), host, now, p)
}

func sessionTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "state", "thread_key", "user_key", "explicit", "mentioned_location",
		"time_sensitive", "now", "host_tz", "policy")
	st := f.state("state")
	tk, _ := f.str("thread_key", true, false)
	uk, _ := f.str("user_key", false, true)
	explicit, _ := f.str("explicit", false, true)
	place, _ := f.str("mentioned_location", false, true)
	sensitive := f.boolean("time_sensitive", false)
	host, _ := f.str("host_tz", false, true)
	now, _, _ := f.instant("now", true)
	p := f.policy("policy")
	if f.err != nil {
		return nil, f.err
	}
	if _, err := ParseThreadKey(tk); err != nil {
		return nil, protocol.Errorf(CodeInvalidThreadKey, "thread_key: %v", err)
	}
	snap := Snapshot{At: now, HostTZ: host, State: st, UserKey: uk}
	in := snap.SessionInput(tk)
	in.Explicit, in.MentionedLocation, in.TimeSensitive = explicit, place, sensitive
	return sessionAnswer(ResolveSession(in), host, now, p)
}

func offsetMinutesOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "tz", "instant")
	z := f.zone("tz", true)
	t, _, _ := f.instant("instant", true)
	if f.err != nil {
		return nil, f.err
	}
	off, err := OffsetMinutes(z.Loc, t)
	if err != nil {
		return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
	}
	return struct {
		OffsetMinutes int `json:"offset_minutes"`
	}{off}, nil
}

func deltaHoursOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "session_tz", "agent_tz", "at")
	s := f.zone("session_tz", true)
	a := f.zone("agent_tz", true)
	at, _, _ := f.instant("at", true)
	if f.err != nil {
		return nil, f.err
	}
	d, err := DeltaAt(*s, *a, at)
	if err != nil {
		return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
	}
	return struct {
		SessionOffsetMinutes int     `json:"session_offset_minutes"`
		AgentOffsetMinutes   int     `json:"agent_offset_minutes"`
		DeltaMinutes         int     `json:"delta_minutes"`
		DeltaHours           float64 `json:"delta_hours"`
	}{d.SessionOffsetMinutes, d.AgentOffsetMinutes, d.Minutes, d.Hours()}, nil
}

func toISOOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "instant", "tz")
	t, _, _ := f.instant("instant", true)
	z := f.zone("tz", true)
	if f.err != nil {
		return nil, f.err
	}
	s, err := FormatInstant(t, z.Loc)
	if err != nil {
		var oe *OffsetError
		if errors.As(err, &oe) {
			return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
		}
		return nil, protocol.Errorf(CodeOutOfRange, "%v", err)
	}
	return struct {
		ISO string `json:"iso"`
	}{s}, nil
}

type parseOut struct {
	Kind                  string  `json:"kind"`
	Start                 *string `json:"start"`
	End                   *string `json:"end"`
	Zone                  *string `json:"zone"`
	ZoneSource            *string `json:"zone_source"`
	DST                   *string `json:"dst"`
	NeedsClarification    bool    `json:"needs_clarification"`
	ClarificationQuestion *string `json:"clarification_question"`
}

// ParseOutput writes a ParseResult: instants in the zone the text was read
// in, else in the anchor, else in UTC with Z. A result that cannot be
// written (beyond year 9999, an offset of seconds) is invalid.
func ParseOutput(r ParseResult, anchor *Zone) parseOut {
	out := parseOut{Kind: r.Kind, NeedsClarification: r.NeedsClarification, ClarificationQuestion: optional(r.Question),
		ZoneSource: optional(r.ZoneSource), DST: optional(r.DST)}
	if r.Zone != nil {
		out.Zone = ptr(r.Zone.Name)
	}
	write := func(t *time.Time) (*string, bool) {
		if t == nil {
			return nil, true
		}
		var s string
		var err error
		switch {
		case r.Zone != nil:
			s, err = FormatInstant(*t, r.Zone.Loc)
		case anchor != nil:
			s, err = FormatInstant(*t, anchor.Loc)
		default:
			s, err = formatUTC(*t)
		}
		return &s, err == nil
	}
	var ok1, ok2 bool
	out.Start, ok1 = write(r.Start)
	out.End, ok2 = write(r.End)
	if !ok1 || !ok2 {
		return parseOut{Kind: KindInvalid}
	}
	return out
}

func parseAnchoredTimeOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "text", "tz", "reference_instant")
	text, _ := f.str("text", true, false)
	anchor := f.zone("tz", false)
	ref, _, _ := f.instant("reference_instant", true)
	if f.err != nil {
		return nil, f.err
	}
	return ParseOutput(ParseAnchoredTime(text, anchor, ref), anchor), nil
}

// --- keys -------------------------------------------------------------------

func threadKeyOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "agent", "channel", "parts")
	agent, _ := f.nonEmpty("agent", false, true)
	channel, _ := f.nonEmpty("channel", true, false)
	parts := f.strs("parts")
	if f.err != nil {
		return nil, f.err
	}
	k, err := threadKey(agent, channel, parts)
	if err != nil {
		return nil, invalid("%v", err)
	}
	return struct {
		ThreadKey string `json:"thread_key"`
	}{k.String()}, nil
}

func parseThreadKeyOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "thread_key")
	s, _ := f.str("thread_key", true, false)
	if f.err != nil {
		return nil, f.err
	}
	k, err := ParseThreadKey(s)
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidThreadKey, "%v", err)
	}
	return k, nil
}

func readLinks(f *fields, key string) (map[string]string, *protocol.Error) {
	raw := f.rawObject(key, false, true)
	if f.err != nil || raw == nil {
		return nil, f.err
	}
	var rawLinks map[string]json.RawMessage
	if err := json.Unmarshal(raw, &rawLinks); err != nil {
		return nil, invalid("%s must map strings to strings", key)
	}
	links := make(map[string]string, len(rawLinks))
	for k, v := range rawLinks {
		var s string
		if isNull(v) || json.Unmarshal(v, &s) != nil {
			return nil, invalid("%s.%s must be a string", key, k)
		}
		links[k] = s
	}
	if err := CheckLinks(links); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "%v", err)
	}
	return links, nil
}

func userKeyOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "channel", "user_id", "identity_links")
	channel, _ := f.nonEmpty("channel", true, false)
	id, _ := f.nonEmpty("user_id", true, false)
	if f.err != nil {
		return nil, f.err
	}
	links, perr := readLinks(f, "identity_links")
	if perr != nil {
		return nil, perr
	}
	uk, cuk, linked, err := ResolveUserKey(links, channel, id)
	if err != nil {
		return nil, invalid("%v", err)
	}
	return struct {
		UserKey        string `json:"user_key"`
		ChannelUserKey string `json:"channel_user_key"`
		Linked         bool   `json:"linked"`
	}{uk, cuk, linked}, nil
}

func linkIdentitiesOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "state", "person", "identities", "approved")
	st := f.state("state")
	person, _ := f.nonEmpty("person", true, false)
	approved := f.requiredBool("approved")
	var ids []Identity
	if raw, ok := f.m["identities"]; !f.blocked() && ok {
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil || len(list) == 0 {
			return nil, invalid("identities must be a non-empty array")
		}
		for i, r := range list {
			o := readObject(r, "identities["+itoa(i)+"]", "channel", "user_id")
			ch, _ := o.nonEmpty("channel", true, false)
			id, _ := o.nonEmpty("user_id", true, false)
			if o.err != nil {
				return nil, o.err
			}
			ids = append(ids, Identity{ch, id})
		}
	} else if !f.blocked() {
		f.fail(invalid("identities is required"))
	}
	if f.err != nil {
		return nil, f.err
	}
	if err := CheckLinks(st.IdentityLinks); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "state.identity_links: %v", err)
	}
	out, keys, err := LinkIdentities(st, person, ids, approved)
	switch {
	case errors.Is(err, ErrNotApproved):
		return nil, protocol.Errorf(CodeLinkNotApproved, "%v", err)
	case errors.Is(err, ErrAlreadyLinked):
		return nil, protocol.Errorf(CodeAlreadyLinked, "%v", err)
	case err != nil:
		return nil, invalid("%v", err)
	}
	pk, _ := PersonKey(person)
	return struct {
		State     *State   `json:"state"`
		PersonKey string   `json:"person_key"`
		Linked    []string `json:"linked"`
	}{out, pk, keys}, nil
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// --- wrapper ----------------------------------------------------------------

type envelopeOut struct {
	UserKey                          string  `json:"user_key"`
	ChannelUserKey                   string  `json:"channel_user_key"`
	Linked                           bool    `json:"linked"`
	ThreadKey                        string  `json:"thread_key"`
	ThreadKind                       string  `json:"thread_kind"`
	SessionTZ                        *string `json:"session_tz"`
	PreviousInteractionISO           *string `json:"previous_interaction_iso"`
	ElapsedMS                        *int64  `json:"elapsed_ms"`
	PreviousInteractionAnyChannelISO *string `json:"previous_interaction_any_channel_iso"`
	ElapsedAnyChannelMS              *int64  `json:"elapsed_any_channel_ms"`
}

// policyProblem is one reason the wrapper did not use a policy layer.
type policyProblem struct {
	Source  string `json:"source"` // policy | policy_overrides
	Message string `json:"message"`
}

func wrapperInput(input json.RawMessage, msgFields ...string) (*fields, *State, Policy, time.Time, string, *fields, []policyProblem) {
	f := readObject(input, "", "state", "policy", "now", "message")
	st := f.state("state")
	raw := f.rawObject("policy", false, true)
	now, nowText, _ := f.instant("now", true)
	m := f.object("message", true, false, msgFields...)
	problems := []policyProblem{}
	// §0 "If policy is missing, agents MUST default to the above block" and
	// §3 "The agent ALWAYS records timestamps": a policy the wrapper cannot
	// read is not a reason to record nothing. The default block applies and
	// the problem is reported; a malformed input (not an object) is still
	// refused, as the input schema says.
	p, err := PolicyFromJSON(raw)
	if err != nil {
		p = DefaultPolicy()
		problems = append(problems, policyProblem{"policy", err.Error()})
	}
	return f, st, p, now, nowText, m, problems
}

// userMessageFields are the fields of on_user_message's message.
var userMessageFields = []string{"agent", "channel", "thread", "user_id", "received_at", "text"}

// userMessage reads on_user_message's message (m is nil when the message
// itself is missing or not an object; f has that problem already).
func userMessage(f, m *fields) UserMessage {
	var msg UserMessage
	if m == nil {
		return msg
	}
	msg.Agent, _ = m.nonEmpty("agent", false, true)
	msg.Channel, _ = m.nonEmpty("channel", true, false)
	msg.Thread = m.strs("thread")
	msg.UserID, _ = m.nonEmpty("user_id", true, false)
	_, msg.ReceivedAt, _ = m.instant("received_at", false)
	msg.Text, _ = m.str("text", true, false)
	messageProblem(f, m)
	return msg
}

// messageProblem charges the message's own problem to the request: read
// after the state and now, but a malformed message (a missing or mistyped
// field) still outranks their bad values, as the input schema says.
func messageProblem(f, m *fields) {
	if m.err != nil {
		f.fail(m.err)
	}
}

// overrideProblem adds the stored overrides the wrapper left out.
func overrideProblem(problems []policyProblem, rec Recording) []policyProblem {
	if rec.OverridesProblem != "" {
		problems = append(problems, policyProblem{"policy_overrides", rec.OverridesProblem})
	}
	return problems
}

func onUserMessageOp(input json.RawMessage) (any, *protocol.Error) {
	f, st, p, now, nowText, m, problems := wrapperInput(input, userMessageFields...)
	msg := userMessage(f, m)
	if f.err != nil {
		return nil, f.err
	}
	if err := CheckLinks(st.IdentityLinks); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "state.identity_links: %v", err)
	}
	if msg.ReceivedAt == "" {
		msg.ReceivedAt = nowText
	}
	out, env, rec, err := OnUserMessage(st, p, msg, now)
	if err != nil {
		return nil, wrapperError(err)
	}
	return struct {
		State          *State          `json:"state"`
		Wrote          bool            `json:"wrote"`
		Reason         string          `json:"reason"`
		Envelope       envelopeOut     `json:"envelope"`
		PolicyProblems []policyProblem `json:"policy_problems"`
	}{out, rec.Wrote, rec.Reason, envelopeOut{env.UserKey, env.ChannelUserKey, env.Linked, env.ThreadKey, env.ThreadKind,
		optional(env.SessionTZ), optional(env.PreviousInteractionISO), env.ElapsedMS,
		optional(env.PreviousInteractionAnyChannelISO), env.ElapsedAnyChannelMS}, overrideProblem(problems, rec)}, nil
}

func wrapperError(err error) *protocol.Error {
	var pe *PolicyError
	if errors.As(err, &pe) {
		return protocol.Errorf(CodeInvalidPolicy, "policy_overrides: %v", err)
	}
	return invalid("%v", err)
}

func onAgentMessageOp(input json.RawMessage) (any, *protocol.Error) {
	f, st, p, now, nowText, m, problems := wrapperInput(input, "agent", "channel", "thread", "sent_at", "text", "relates_to_user_id", "substantive")
	var msg AgentMessage
	if m != nil {
		msg.Agent, _ = m.nonEmpty("agent", false, true)
		msg.Channel, _ = m.nonEmpty("channel", true, false)
		msg.Thread = m.strs("thread")
		_, msg.SentAt, _ = m.instant("sent_at", false)
		msg.Text, _ = m.str("text", true, false)
		msg.RelatesToUserID, _ = m.nonEmpty("relates_to_user_id", false, true)
		if raw, ok := m.m["substantive"]; ok && !isNull(raw) {
			b := m.boolean("substantive", false)
			msg.Substantive = &b
		}
		messageProblem(f, m)
	}
	if f.err != nil {
		return nil, f.err
	}
	if err := CheckLinks(st.IdentityLinks); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "state.identity_links: %v", err)
	}
	if msg.SentAt == "" {
		msg.SentAt = nowText
	}
	out, tk, rec, err := OnAgentMessage(st, p, msg, now)
	if err != nil {
		return nil, wrapperError(err)
	}
	return struct {
		State          *State          `json:"state"`
		ThreadKey      string          `json:"thread_key"`
		Wrote          bool            `json:"wrote"`
		Reason         string          `json:"reason"`
		PolicyProblems []policyProblem `json:"policy_problems"`
	}{out, tk, rec.Wrote, rec.Reason, overrideProblem(problems, rec)}, nil
}

func classifyAgentMessageOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "text")
	text, _ := f.str("text", true, false)
	if f.err != nil {
		return nil, f.err
	}
	class := ClassifyAgentMessage(text)
	return struct {
		Class string `json:"class"`
		Write bool   `json:"write"`
	}{class, class == MessageSubstantive}, nil
}

func loadClockStateOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "state", "user_key", "thread_key")
	st := f.state("state")
	uk, _ := f.str("user_key", false, true)
	tk, _ := f.str("thread_key", false, true)
	if f.err != nil {
		return nil, f.err
	}
	u, t := LoadView(st, uk, tk)
	return struct {
		User   *User   `json:"user"`
		Thread *Thread `json:"thread"`
	}{u, t}, nil
}

func saveClockStateOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "state", "user_key", "thread_key", "patch")
	st := f.state("state")
	uk, _ := f.str("user_key", false, true)
	tk, _ := f.str("thread_key", false, true)
	pf := f.object("patch", true, false, "user", "thread")
	if f.err != nil {
		return nil, f.err
	}
	var p Patch
	for key, dst := range map[string]*json.RawMessage{"user": &p.User, "thread": &p.Thread} {
		if raw, ok := pf.m[key]; ok {
			if t := string(jsonin.TrimSpace(raw)); t != "null" && !strings.HasPrefix(t, "{") {
				return nil, invalid("patch.%s must be an object or null", key)
			}
			*dst = raw
		}
	}
	out, err := ApplyPatch(st, uk, tk, p)
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidPatch, "%v", err)
	}
	return struct {
		State *State `json:"state"`
	}{out}, nil
}

func readStateFileOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "content")
	content, present := f.str("content", false, true)
	if f.err != nil {
		return nil, f.err
	}
	if !present {
		return struct {
			State  *State `json:"state"`
			Source string `json:"source"`
		}{NewState(), "missing"}, nil
	}
	st, err := DecodeState([]byte(content))
	if err != nil {
		var se *StateError
		if errors.As(err, &se) && se.Kind == ErrStateVersion {
			return nil, protocol.Errorf(CodeUnsupportedVersion, "%v", err)
		}
		return nil, protocol.Errorf(CodeInvalidState, "%v", err)
	}
	return struct {
		State  *State `json:"state"`
		Source string `json:"source"`
	}{st, "file"}, nil
}

func compactStateOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "state", "policy", "now")
	st := f.state("state")
	p := f.policy("policy")
	now, _, _ := f.instant("now", true)
	if f.err != nil {
		return nil, f.err
	}
	out, rep, err := Compact(st, p, now)
	if err != nil {
		return nil, wrapperError(err)
	}
	return struct {
		State     *State `json:"state"`
		Expired   int    `json:"expired"`
		OverLimit int    `json:"over_limit"`
	}{out, rep.Expired, rep.OverLimit}, nil
}

func statePathOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "home", "override")
	home, _ := f.str("home", true, false)
	override, _ := f.str("override", false, true)
	if f.err != nil {
		return nil, f.err
	}
	p, err := StatePath(home, override)
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidPath, "%v", err)
	}
	return struct {
		Path string `json:"path"`
	}{p}, nil
}

// DefaultStateFile is §10.1's location relative to the home directory.
const DefaultStateFile = ".openclaw/clock-state.json"

// StatePath is where the state file lives: override when given (a leading
// "~/" is the home directory), else ~/.openclaw/clock-state.json. Paths are
// POSIX, absolute, and cleaned.
func StatePath(home, override string) (string, error) {
	if !strings.HasPrefix(home, "/") {
		return "", errors.New("home must be an absolute path")
	}
	if override == "" {
		return path.Join(home, DefaultStateFile), nil
	}
	if strings.HasPrefix(override, "~/") {
		override = path.Join(home, override[2:])
	}
	if !strings.HasPrefix(override, "/") {
		return "", errors.New("override must be an absolute path or start with ~/")
	}
	if strings.HasSuffix(override, "/") || path.Clean(override) == "/" {
		return "", errors.New("override must name a file, not a directory")
	}
	return path.Clean(override), nil
}

// --- inference bounds (§8.1, §11) --------------------------------------------

func confirmationGateOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "kind", "basis", "confirmed", "policy")
	kind, _ := f.str("kind", true, false)
	basis, _ := f.str("basis", true, false)
	confirmed := f.boolean("confirmed", false)
	p := f.policy("policy")
	// The enums are the input schema's, so they outrank a bad policy (f.fail).
	if !f.blocked() && !contains(append([]string{"other"}, ImpactfulKinds...), kind) {
		f.fail(invalid("kind must be one of other, %s", strings.Join(ImpactfulKinds, ", ")))
	}
	if !f.blocked() && basis != BasisStated && basis != BasisInferred {
		f.fail(invalid("basis must be stated or inferred"))
	}
	if f.err != nil {
		return nil, f.err
	}
	g := ConfirmationGate(kind, basis, confirmed, p)
	return struct {
		Allowed           bool   `json:"allowed"`
		NeedsConfirmation bool   `json:"needs_confirmation"`
		Reason            string `json:"reason"`
	}{g.Allowed, g.NeedsConfirmation, g.Reason}, nil
}

func checkHedgedOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "text")
	text, _ := f.str("text", true, false)
	if f.err != nil {
		return nil, f.err
	}
	hedged, markers := CheckHedged(text)
	return struct {
		Hedged  bool     `json:"hedged"`
		Markers []string `json:"markers"`
	}{hedged, markers}, nil
}

var actionStatuses = []string{"planned", "in_progress", "likely_done", "done", "canceled", "expired"}

func correctActionOp(input json.RawMessage) (any, *protocol.Error) {
	f := readObject(input, "", "state", "user_key", "action_id", "status")
	st := f.state("state")
	uk, _ := f.str("user_key", true, false)
	id, _ := f.str("action_id", true, false)
	status, _ := f.str("status", true, false)
	// The enum is the input schema's, so it outranks a bad state (f.fail).
	if !f.blocked() && !contains(actionStatuses, status) {
		f.fail(invalid("status must be one of %s", strings.Join(actionStatuses, ", ")))
	}
	if f.err != nil {
		return nil, f.err
	}
	out, err := CorrectAction(st, uk, id, status)
	if err != nil {
		return nil, protocol.Errorf(CodeUnknownAction, "%s has no action %q", uk, id)
	}
	return struct {
		State *State `json:"state"`
	}{out}, nil
}

package clock

import (
	"encoding/json"
	"errors"
	"path"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every clock-core operation name to its handler: the
// generated Dispatch over handlers, so an operation of the spec without a
// typed method does not compile.
func Operations() map[string]protocol.OperationFunc {
	return Dispatch(handlers{})
}

// handlers implements Handlers: each method turns its typed input into the
// domain's values (inputs.go), in the order of its error_docs, and calls the
// domain.
type handlers struct{}

// --- policy ---------------------------------------------------------------

type policyOut struct {
	Policy     Policy   `json:"policy"`
	Source     string   `json:"source"`
	Overridden []string `json:"overridden"`
}

func (handlers) LoadPolicy(in *LoadPolicyArgs) (any, *protocol.Error) {
	l, err := LoadPolicy([]byte(value(in.Yaml)))
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidPolicy, "%v", err)
	}
	return policyOut(l), nil
}

func (handlers) CheckPolicy(in *CheckPolicyArgs) (any, *protocol.Error) {
	out := struct {
		Valid    bool      `json:"valid"`
		Problems []Problem `json:"problems"`
	}{true, []Problem{}}
	if _, err := LoadPolicy([]byte(value(in.Yaml))); err != nil {
		var pe *PolicyError
		if !errors.As(err, &pe) {
			return nil, protocol.Errorf(protocol.CodeInternal, "%v", err)
		}
		out.Valid, out.Problems = false, pe.Problems
	}
	return out, nil
}

// --- provider ---------------------------------------------------------------

func (handlers) Now(in *NowArgs) (any, *protocol.Error) {
	host, e1 := instantArg("host_clock", in.HostClock)
	prev, hasPrev, e2 := optionalInstantArg("previous", in.Previous)
	// "when host_clock, or else previous, is not an RFC 3339 instant"
	if perr := firstError(e1, e2); perr != nil {
		return nil, perr
	}
	_, clamped := NextSnapshot(host, prev, hasPrev)
	now := in.HostClock
	if clamped {
		now = *in.Previous.Value
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

func (handlers) AgentTimezone(in *AgentTimezoneArgs) (any, *protocol.Error) {
	z, source, skip := AgentTimezone(value(in.HostTZ))
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

func (handlers) ResolveSessionTZ(in *ResolveSessionTZArgs) (any, *protocol.Error) {
	now, e1 := instantArg("now", in.Now)
	p, e2 := policyArg(in.Policy)
	// now is "checked before the policy"
	if perr := firstError(e1, e2); perr != nil {
		return nil, perr
	}
	s := SessionInput{Explicit: value(in.Explicit), ThreadOverride: value(in.ThreadOverride), UserDefault: value(in.UserDefault),
		MentionedLocation: value(in.MentionedLocation), TimeSensitive: in.TimeSensitive != nil && *in.TimeSensitive, Now: now}
	return sessionAnswer(ResolveSession(s), value(in.HostTZ), now, p)
}

func (handlers) SessionTimezone(in *SessionTimezoneArgs) (any, *protocol.Error) {
	st, e1 := stateArg(&in.State)
	now, e2 := instantArg("now", in.Now)
	p, e3 := policyArg(in.Policy)
	var e4 *protocol.Error
	if _, err := ParseThreadKey(in.ThreadKey); err != nil {
		e4 = protocol.Errorf(CodeInvalidThreadKey, "thread_key: %v", err)
	}
	// "the first bad value is reported: the state, now, the policy, thread_key, then the offsets"
	if perr := firstError(e1, e2, e3, e4); perr != nil {
		return nil, perr
	}
	host := value(in.HostTZ)
	snap := Snapshot{At: now, HostTZ: host, State: st, UserKey: value(in.UserKey)}
	s := snap.SessionInput(in.ThreadKey)
	s.Explicit, s.MentionedLocation, s.TimeSensitive = value(in.Explicit), value(in.MentionedLocation), in.TimeSensitive != nil && *in.TimeSensitive
	return sessionAnswer(ResolveSession(s), host, now, p)
}

func (handlers) OffsetMinutes(in *OffsetMinutesArgs) (any, *protocol.Error) {
	z, e1 := zoneArg("tz", in.TZ)
	t, e2 := instantArg("instant", in.Instant)
	// the zone is "checked before the instant"
	if perr := firstError(e1, e2); perr != nil {
		return nil, perr
	}
	off, err := OffsetMinutes(z.Loc, t)
	if err != nil {
		return nil, protocol.Errorf(CodeUnrepresentable, "%v", err)
	}
	return struct {
		OffsetMinutes int `json:"offset_minutes"`
	}{off}, nil
}

func (handlers) DeltaHours(in *DeltaHoursArgs) (any, *protocol.Error) {
	s, e1 := zoneArg("session_tz", in.SessionTZ)
	a, e2 := zoneArg("agent_tz", in.AgentTZ)
	at, e3 := instantArg("at", in.At)
	// "session_tz, or else agent_tz, is not an IANA id ...; checked before at"
	if perr := firstError(e1, e2, e3); perr != nil {
		return nil, perr
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

func (handlers) ToISO(in *ToISOArgs) (any, *protocol.Error) {
	t, e1 := instantArg("instant", in.Instant)
	z, e2 := zoneArg("tz", in.TZ)
	// the instant is "checked before the zone"
	if perr := firstError(e1, e2); perr != nil {
		return nil, perr
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

func (handlers) ParseAnchoredTime(in *ParseAnchoredTimeArgs) (any, *protocol.Error) {
	var anchor *Zone
	var e1 *protocol.Error
	if in.TZ.Value != nil {
		anchor, e1 = zoneArg("tz", *in.TZ.Value)
	}
	ref, e2 := instantArg("reference_instant", in.ReferenceInstant)
	// tz is "checked before reference_instant"
	if perr := firstError(e1, e2); perr != nil {
		return nil, perr
	}
	return ParseOutput(ParseAnchoredTime(in.Text, anchor, ref), anchor), nil
}

// --- keys -------------------------------------------------------------------

func (handlers) ThreadKey(in *ThreadKeyArgs) (any, *protocol.Error) {
	k, err := threadKey(value(in.Agent), in.Channel, in.Parts)
	if err != nil {
		return nil, schemaGap(err) // an empty segment: the schema's minLength
	}
	return struct {
		ThreadKey string `json:"thread_key"`
	}{k.String()}, nil
}

func (handlers) ParseThreadKey(in *ParseThreadKeyArgs) (any, *protocol.Error) {
	k, err := ParseThreadKey(in.ThreadKey)
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidThreadKey, "%v", err)
	}
	return k, nil
}

func (handlers) UserKey(in *UserKeyArgs) (any, *protocol.Error) {
	links := value(in.IdentityLinks)
	if err := CheckLinks(links); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "identity_links: %v", err)
	}
	uk, cuk, linked, err := ResolveUserKey(links, in.Channel, in.UserID)
	if err != nil {
		return nil, schemaGap(err)
	}
	return struct {
		UserKey        string `json:"user_key"`
		ChannelUserKey string `json:"channel_user_key"`
		Linked         bool   `json:"linked"`
	}{uk, cuk, linked}, nil
}

func (handlers) LinkIdentities(in *LinkIdentitiesArgs) (any, *protocol.Error) {
	st, perr := stateArg(&in.State)
	if perr != nil {
		return nil, perr
	}
	// invalid_link is "checked after the state and before the approval"
	if err := CheckLinks(st.IdentityLinks); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "state.identity_links: %v", err)
	}
	ids := make([]Identity, len(in.Identities))
	for i, id := range in.Identities {
		ids[i] = Identity(id)
	}
	out, keys, err := LinkIdentities(st, in.Person, ids, in.Approved)
	switch {
	case errors.Is(err, ErrNotApproved):
		return nil, protocol.Errorf(CodeLinkNotApproved, "%v", err)
	case errors.Is(err, ErrAlreadyLinked):
		return nil, protocol.Errorf(CodeAlreadyLinked, "%v", err)
	case err != nil:
		return nil, schemaGap(err)
	}
	pk, _ := PersonKey(in.Person)
	return struct {
		State     *State   `json:"state"`
		PersonKey string   `json:"person_key"`
		Linked    []string `json:"linked"`
	}{out, pk, keys}, nil
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

// wrapperPolicy is the policy the wrapper records with: §0 "If policy is
// missing, agents MUST default to the above block" and §3 "The agent
// ALWAYS records timestamps" — a policy that does not read is replaced by
// the default block and reported, never refused.
func wrapperPolicy(raw json.RawMessage) (Policy, []policyProblem) {
	problems := []policyProblem{}
	p, err := PolicyFromJSON(raw)
	if err != nil {
		p = DefaultPolicy()
		problems = append(problems, policyProblem{"policy", err.Error()})
	}
	return p, problems
}

// userMessage is on_user_message's message; received_at, when given, must
// be an instant, and is now when it is not.
func userMessage(m OnUserMessageArgsMessage, now string) (UserMessage, *protocol.Error) {
	msg := UserMessage{Agent: value(m.Agent), Channel: m.Channel, Thread: m.Thread, UserID: m.UserID, ReceivedAt: now, Text: m.Text}
	if m.ReceivedAt.Value != nil {
		if _, perr := instantArg("message.received_at", *m.ReceivedAt.Value); perr != nil {
			return msg, perr
		}
		msg.ReceivedAt = *m.ReceivedAt.Value
	}
	return msg, nil
}

// overrideProblem adds the stored overrides the wrapper left out.
func overrideProblem(problems []policyProblem, rec Recording) []policyProblem {
	if rec.OverridesProblem != "" {
		problems = append(problems, policyProblem{"policy_overrides", rec.OverridesProblem})
	}
	return problems
}

func (handlers) OnUserMessage(in *OnUserMessageArgs) (any, *protocol.Error) {
	st, e1 := stateArg(&in.State)
	now, e2 := instantArg("now", in.Now)
	msg, e3 := userMessage(in.Message, in.Now)
	// the state is "checked before now"; received_at "comes after the
	// state's and now's"; invalid_link is "checked last"
	if perr := firstError(e1, e2, e3); perr != nil {
		return nil, perr
	}
	if err := CheckLinks(st.IdentityLinks); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "state.identity_links: %v", err)
	}
	p, problems := wrapperPolicy(in.Policy)
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

// wrapperError: stored policy_overrides that do not apply are
// invalid_policy; the wrapper refuses nothing else the schema accepts.
func wrapperError(err error) *protocol.Error {
	var pe *PolicyError
	if errors.As(err, &pe) {
		return protocol.Errorf(CodeInvalidPolicy, "policy_overrides: %v", err)
	}
	return schemaGap(err)
}

func (handlers) OnAgentMessage(in *OnAgentMessageArgs) (any, *protocol.Error) {
	st, e1 := stateArg(&in.State)
	now, e2 := instantArg("now", in.Now)
	m := in.Message
	msg := AgentMessage{Agent: value(m.Agent), Channel: m.Channel, Thread: m.Thread, SentAt: in.Now, Text: m.Text,
		RelatesToUserID: value(m.RelatesToUserID), Substantive: m.Substantive.Value}
	var e3 *protocol.Error
	if m.SentAt.Value != nil {
		_, e3 = instantArg("message.sent_at", *m.SentAt.Value)
		msg.SentAt = *m.SentAt.Value
	}
	// the state is "checked before now"; sent_at "comes after the state's
	// and now's"; invalid_link is "checked last"
	if perr := firstError(e1, e2, e3); perr != nil {
		return nil, perr
	}
	if err := CheckLinks(st.IdentityLinks); err != nil {
		return nil, protocol.Errorf(CodeInvalidLink, "state.identity_links: %v", err)
	}
	p, problems := wrapperPolicy(in.Policy)
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

func (handlers) ClassifyAgentMessage(in *ClassifyAgentMessageArgs) (any, *protocol.Error) {
	class := ClassifyAgentMessage(in.Text)
	return struct {
		Class string `json:"class"`
		Write bool   `json:"write"`
	}{class, class == MessageSubstantive}, nil
}

func (handlers) LoadClockState(in *LoadClockStateArgs) (any, *protocol.Error) {
	st, perr := stateArg(&in.State)
	if perr != nil {
		return nil, perr
	}
	u, t := LoadView(st, value(in.UserKey), value(in.ThreadKey))
	return struct {
		User   *User   `json:"user"`
		Thread *Thread `json:"thread"`
	}{u, t}, nil
}

func (handlers) SaveClockState(in *SaveClockStateArgs) (any, *protocol.Error) {
	st, perr := stateArg(&in.State)
	if perr != nil {
		return nil, perr
	}
	out, err := ApplyPatch(st, value(in.UserKey), value(in.ThreadKey), Patch{User: in.Patch.User, Thread: in.Patch.Thread})
	if err != nil {
		return nil, protocol.Errorf(CodeInvalidPatch, "%v", err)
	}
	return struct {
		State *State `json:"state"`
	}{out}, nil
}

func (handlers) ReadStateFile(in *ReadStateFileArgs) (any, *protocol.Error) {
	if in.Content.Value == nil {
		return struct {
			State  *State `json:"state"`
			Source string `json:"source"`
		}{NewState(), "missing"}, nil
	}
	st, err := DecodeState([]byte(*in.Content.Value))
	if err != nil {
		return nil, fileError(err)
	}
	return struct {
		State  *State `json:"state"`
		Source string `json:"source"`
	}{st, "file"}, nil
}

func (handlers) CompactState(in *CompactStateArgs) (any, *protocol.Error) {
	st, e1 := stateArg(&in.State)
	p, e2 := policyArg(in.Policy)
	now, e3 := instantArg("now", in.Now)
	// the policy is "checked after the state and before now"
	if perr := firstError(e1, e2, e3); perr != nil {
		return nil, perr
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

func (handlers) StatePath(in *StatePathArgs) (any, *protocol.Error) {
	p, err := StatePath(in.Home, value(in.Override))
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

func (handlers) ConfirmationGate(in *ConfirmationGateArgs) (any, *protocol.Error) {
	p, perr := policyArg(in.Policy)
	if perr != nil {
		return nil, perr
	}
	g := ConfirmationGate(in.Kind, in.Basis, in.Confirmed != nil && *in.Confirmed, p)
	return struct {
		Allowed           bool   `json:"allowed"`
		NeedsConfirmation bool   `json:"needs_confirmation"`
		Reason            string `json:"reason"`
	}{g.Allowed, g.NeedsConfirmation, g.Reason}, nil
}

func (handlers) CheckHedged(in *CheckHedgedArgs) (any, *protocol.Error) {
	hedged, markers := CheckHedged(in.Text)
	return struct {
		Hedged  bool     `json:"hedged"`
		Markers []string `json:"markers"`
	}{hedged, markers}, nil
}

func (handlers) CorrectAction(in *CorrectActionArgs) (any, *protocol.Error) {
	st, perr := stateArg(&in.State)
	if perr != nil {
		return nil, perr
	}
	out, err := CorrectAction(st, in.UserKey, in.ActionID, in.Status)
	if err != nil {
		return nil, protocol.Errorf(CodeUnknownAction, "%s has no action %q", in.UserKey, in.ActionID)
	}
	return struct {
		State *State `json:"state"`
	}{out}, nil
}

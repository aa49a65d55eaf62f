package clock

import (
	"bytes"
	"encoding/json"
	"time"
)

// DefaultAgent is the agent name of the seed's thread key examples
// (agent:main:…), used when a message does not name its agent.
const DefaultAgent = "main"

// DefaultThreadKind is §5.2's kind of a thread nobody classified.
const DefaultThreadKind = "conversation"

// UserMessage is an inbound message as the §4.5 wrapper sees it.
type UserMessage struct {
	Agent      string   // "" → DefaultAgent
	Channel    string   // telegram, email, chat…
	Thread     []string // the thread's parts: ["dm", "42"], ["group", "-100123"]
	UserID     string
	ReceivedAt string // RFC 3339; "" → the decision cycle's now
	Text       string
}

// Envelope is what the wrapper hands the agent with a user message: the
// keys, and the elapsed time since the previous interaction, measured before
// this message was recorded.
type Envelope struct {
	UserKey                          string
	ChannelUserKey                   string
	Linked                           bool
	ThreadKey                        string
	ThreadKind                       string
	SessionTZ                        string
	PreviousInteractionISO           string
	ElapsedMS                        *int64
	PreviousInteractionAnyChannelISO string
	ElapsedAnyChannelMS              *int64
}

// Recording reports what a wrapper call did to the state.
type Recording struct {
	// Wrote is true when the state changed and must be saved.
	Wrote bool
	// Reason: recorded, unchanged (the stored timestamps are already as
	// late), timestamps_off (store.last_message_timestamps is false), or
	// for agent messages acknowledgement / empty (§10.3).
	Reason string
	// OverridesProblem, when not empty, says why the user's stored
	// policy_overrides were left out: they do not read as a policy. They
	// stay stored as they are; the policy without them applied.
	OverridesProblem string
}

// overridesOrNot is the user's policy with their stored overrides, or
// without them when they do not read (§0: a policy that cannot be used
// falls back; §3: timestamps are always recorded).
func overridesOrNot(st *State, p Policy, userKey string) (Policy, string) {
	eff, err := EffectivePolicy(st, p, userKey)
	if err != nil {
		return p, "users." + userKey + ".policy_overrides: " + err.Error()
	}
	return eff, ""
}

// Recording reasons.
const (
	Recorded      = "recorded"
	Unchanged     = "unchanged"
	TimestampsOff = "timestamps_off"
)

func threadKey(agent, channel string, parts []string) (ThreadKey, error) {
	if agent == "" {
		agent = DefaultAgent
	}
	k := ThreadKey{Agent: agent, Channel: channel, Parts: parts}
	return k, k.Validate()
}

// EffectivePolicy is the user's policy with their stored policy_overrides.
func EffectivePolicy(st *State, p Policy, userKey string) (Policy, error) {
	if u := st.Users[userKey]; u != nil && len(u.PolicyOverrides) > 0 {
		return p.WithOverrides(u.PolicyOverrides)
	}
	return p, nil
}

func elapsed(prev string, at time.Time) *int64 {
	if prev == "" {
		return nil
	}
	ms := at.Sub(mustInstant(prev)).Milliseconds()
	if ms < 0 {
		ms = 0 // a message stamped before the stored one: no time has passed
	}
	return &ms
}

// OnUserMessage is the §4.5 inbound half: it records the user's message in
// the thread (last_user_message_iso, per user and for the thread,
// last_interaction_iso) and on the user's channel record, and — when
// cross_channel_tracking is on — the user's last_interaction_any_channel_iso.
// It records whether or not temporal awareness is on (§4.1), and only moves
// timestamps forward: a late-delivered older message changes nothing.
func OnUserMessage(st *State, p Policy, m UserMessage, now time.Time) (*State, Envelope, Recording, error) {
	k, err := threadKey(m.Agent, m.Channel, m.Thread)
	if err != nil {
		return nil, Envelope{}, Recording{}, err
	}
	uk, cuk, linked, err := ResolveUserKey(st.IdentityLinks, m.Channel, m.UserID)
	if err != nil {
		return nil, Envelope{}, Recording{}, err
	}
	eff, problem := overridesOrNot(st, p, uk)
	st2, env, rec, err := onUserMessage(st, eff, m, now, k, uk, cuk, linked)
	rec.OverridesProblem = problem
	return st2, env, rec, err
}

func onUserMessage(st *State, eff Policy, m UserMessage, now time.Time, k ThreadKey, uk, cuk string, linked bool) (*State, Envelope, Recording, error) {
	stamp, at := m.ReceivedAt, now
	if stamp != "" {
		at = mustInstant(stamp)
	}
	tk := k.String()
	env := Envelope{UserKey: uk, ChannelUserKey: cuk, Linked: linked, ThreadKey: tk, ThreadKind: DefaultThreadKind}
	if t := st.Threads[tk]; t != nil {
		if t.ThreadKind != "" {
			env.ThreadKind = t.ThreadKind
		}
		env.SessionTZ = t.SessionTZ
		env.PreviousInteractionISO = t.LastInteractionISO
		env.ElapsedMS = elapsed(t.LastInteractionISO, at)
	}
	if u := st.Users[uk]; u != nil && eff.Clock.CrossChannelTracking {
		env.PreviousInteractionAnyChannelISO = u.LastInteractionAnyChannelISO
		env.ElapsedAnyChannelMS = elapsed(u.LastInteractionAnyChannelISO, at)
	}
	if !eff.Clock.Store.LastMessageTimestamps {
		return st, env, Recording{Wrote: false, Reason: TimestampsOff}, nil
	}
	if stamp == "" {
		stamp = formatStamp(now)
	}
	out := st.Clone()
	t := out.thread(tk)
	if t.LastUserMessageISOByUser == nil {
		t.LastUserMessageISOByUser = map[string]string{}
	}
	t.LastUserMessageISOByUser[uk] = later(t.LastUserMessageISOByUser[uk], stamp)
	t.LastUserMessageISO = later(t.LastUserMessageISO, stamp)
	t.LastInteractionISO = later(t.LastInteractionISO, stamp)
	if !contains(t.Participants, uk) {
		t.Participants = append(t.Participants, uk)
	}
	u := out.user(uk)
	c := u.channel(m.Channel)
	c.LastUserMessageISO = later(c.LastUserMessageISO, stamp)
	if eff.Clock.CrossChannelTracking {
		u.LastInteractionAnyChannelISO = later(u.LastInteractionAnyChannelISO, stamp)
	}
	out, rec := finish(st, out)
	return out, env, rec, nil
}

// finish reports whether out differs from st; an unchanged state is
// returned as the input, so callers can skip the write.
func finish(st, out *State) (*State, Recording) {
	a, _ := json.Marshal(st)
	b, _ := json.Marshal(out)
	if bytes.Equal(a, b) {
		return st, Recording{Wrote: false, Reason: Unchanged}
	}
	return out, Recording{Wrote: true, Reason: Recorded}
}

// formatStamp writes the decision cycle's now for the state file.
func formatStamp(t time.Time) string {
	s, err := FormatInstant(t, t.Location())
	if err != nil {
		s, _ = formatUTC(t)
	}
	return s
}

// AgentMessage is an outbound message as the §4.5 wrapper sees it.
type AgentMessage struct {
	Agent           string
	Channel         string
	Thread          []string
	SentAt          string // RFC 3339; "" → now
	Text            string
	RelatesToUserID string // the user the message answers, if any
	// Substantive, when set, is the agent's own judgement of §10.3's
	// "substantive response" (instructions, answers, decisions, next steps,
	// actions) versus a pure acknowledgement; nil leaves it to the
	// reference's list (acknowledgements.yaml). A message with no text is
	// empty either way.
	Substantive *bool
}

// agentMessageClass is the message's §10.3 class: empty text, else the
// agent's judgement when given, else the acknowledgement list.
func agentMessageClass(m AgentMessage) string {
	class := ClassifyAgentMessage(m.Text)
	if class == MessageEmpty || m.Substantive == nil {
		return class
	}
	if *m.Substantive {
		return MessageSubstantive
	}
	return MessageAcknowledgement
}

// OnAgentMessage is the §4.5 outbound half: a substantive message records
// last_agent_message_iso and last_interaction_iso for the thread, and, when
// it answers a user, last_agent_message_iso on that user's channel record.
// Pure acknowledgements and empty messages write nothing (§10.3).
func OnAgentMessage(st *State, p Policy, m AgentMessage, now time.Time) (*State, string, Recording, error) {
	k, err := threadKey(m.Agent, m.Channel, m.Thread)
	if err != nil {
		return nil, "", Recording{}, err
	}
	tk := k.String()
	var uk string
	if m.RelatesToUserID != "" {
		if uk, _, _, err = ResolveUserKey(st.IdentityLinks, m.Channel, m.RelatesToUserID); err != nil {
			return nil, "", Recording{}, err
		}
		var problem string
		p, problem = overridesOrNot(st, p, uk)
		st2, tk2, rec, err := onAgentMessage(st, p, m, now, tk, uk)
		rec.OverridesProblem = problem
		return st2, tk2, rec, err
	}
	return onAgentMessage(st, p, m, now, tk, uk)
}

func onAgentMessage(st *State, p Policy, m AgentMessage, now time.Time, tk, uk string) (*State, string, Recording, error) {
	if class := agentMessageClass(m); class != MessageSubstantive {
		return st, tk, Recording{Wrote: false, Reason: class}, nil
	}
	if !p.Clock.Store.LastMessageTimestamps {
		return st, tk, Recording{Wrote: false, Reason: TimestampsOff}, nil
	}
	stamp := m.SentAt
	if stamp == "" {
		stamp = formatStamp(now)
	}
	out := st.Clone()
	t := out.thread(tk)
	t.LastAgentMessageISO = later(t.LastAgentMessageISO, stamp)
	t.LastInteractionISO = later(t.LastInteractionISO, stamp)
	if uk != "" {
		c := out.user(uk).channel(m.Channel)
		c.LastAgentMessageISO = later(c.LastAgentMessageISO, stamp)
	}
	out, rec := finish(st, out)
	return out, tk, rec, nil
}

func (st *State) thread(k string) *Thread {
	t := st.Threads[k]
	if t == nil {
		t = &Thread{}
		st.Threads[k] = t
	}
	return t
}

func (st *State) user(k string) *User {
	u := st.Users[k]
	if u == nil {
		u = &User{}
		st.Users[k] = u
	}
	return u
}

func (u *User) channel(name string) *ChannelRecord {
	if u.Channels == nil {
		u.Channels = map[string]*ChannelRecord{}
	}
	c := u.Channels[name]
	if c == nil {
		c = &ChannelRecord{}
		u.Channels[name] = c
	}
	return c
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

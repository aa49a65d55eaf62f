package routing

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every routing operation name to its handler.
func Operations() map[string]protocol.OperationFunc {
	return map[string]protocol.OperationFunc{
		"routing.pattern_test":              patternTestOp,
		"routing.route_inbound":             routeInboundOp,
		"routing.wake_batch":                wakeBatchOp,
		"routing.max_messages_per_prompt":   maxMessagesOp,
		"routing.backfill_response_scope":   backfillOp,
		"routing.channel_defaults":          channelDefaultsOp,
		"routing.sender_approval_response":  senderApprovalResponseOp,
		"routing.channel_approval_response": channelApprovalResponseOp,
		"routing.sweep":                     sweepOp,
		"routing.tool_allowed":              toolAllowedOp,
		"routing.disallowed_tools":          disallowedToolsOp,
	}
}

// Domain error codes (each listed under its operation in spec/routing).
const (
	CodeInvalidPattern         = "invalid_pattern"
	CodeUnsupportedPattern     = "unsupported_pattern"
	CodeDuplicateWiring        = "duplicate_wiring"
	CodeDuplicateSeq           = "duplicate_seq"
	CodeDuplicateClaim         = "duplicate_claim"
	CodeUnknownResponseScope   = "unknown_response_scope"
	CodeMessagingGroupMismatch = "messaging_group_mismatch"
)

// domainError maps the typed errors of this package to protocol errors.
func domainError(err error) *protocol.Error {
	var pe *PatternError
	var dw *DuplicateWiringError
	var ds *DuplicateSeqError
	var dc *DuplicateClaimError
	var ur *UnknownResponseScopeError
	var mm *MismatchError
	switch {
	case errors.As(err, &pe) && pe.Unsupported:
		return protocol.Errorf(CodeUnsupportedPattern, "%v", err)
	case errors.As(err, &pe):
		return protocol.Errorf(CodeInvalidPattern, "%v", err)
	case errors.As(err, &dw):
		return protocol.Errorf(CodeDuplicateWiring, "%v", err)
	case errors.As(err, &ds):
		return protocol.Errorf(CodeDuplicateSeq, "%v", err)
	case errors.As(err, &dc):
		return protocol.Errorf(CodeDuplicateClaim, "%v", err)
	case errors.As(err, &ur):
		return protocol.Errorf(CodeUnknownResponseScope, "%v", err)
	case errors.As(err, &mm):
		return protocol.Errorf(CodeMessagingGroupMismatch, "%v", err)
	}
	return protocol.Errorf(protocol.CodeInvalidInput, "%v", err)
}

func patternTestOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "pattern", "text")
	pattern, text := o.reqString("pattern"), o.reqString("text")
	if r.err != nil {
		return nil, r.err
	}
	matched, err := PatternTest(pattern, text)
	if err != nil {
		return nil, domainError(err)
	}
	return struct {
		Matched bool `json:"matched"`
	}{matched}, nil
}

var (
	eventFields          = []string{"id", "sender", "sender_name", "text", "mentions_bot", "timestamp"}
	wiringFields         = []string{"agent_group", "engage_mode", "engage_pattern", "sender_scope", "ignored_message_policy"}
	messagingGroupFields = []string{"id", "kind", "threaded", "unknown_sender_policy"}
	senderRowFields      = []string{"messaging_group", "agent_group", "sender", "sender_name", "approver", "approver_dm", "event"}
	channelRowFields     = []string{"messaging_group", "sender", "sender_name", "approver", "approver_dm", "event"}
	claimFields          = []string{"message_id", "claimed_at", "tries"}
)

func readEvent(o object) Event {
	_, ts := o.reqInstant("timestamp")
	return Event{
		ID:          o.reqString("id"),
		Sender:      o.nullString("sender"),
		SenderName:  o.nullString("sender_name"),
		Text:        o.reqString("text"),
		MentionsBot: o.optBool("mentions_bot", false),
		Timestamp:   ts,
	}
}

func readWiring(o object) Wiring {
	w := Wiring{
		AgentGroup:           o.reqString("agent_group"),
		EngageMode:           o.reqEnum("engage_mode", ModePattern, ModeMention, ModeMentionSticky),
		EngagePattern:        o.nullString("engage_pattern"),
		SenderScope:          o.optEnum("sender_scope", ScopeAll, ScopeAll, ScopeKnown),
		IgnoredMessagePolicy: o.optEnum("ignored_message_policy", PolicyDrop, PolicyDrop, PolicyAccumulate),
	}
	if o.r.err == nil && w.EngageMode == ModePattern && w.EngagePattern == nil {
		o.r.fail(o.at("engage_pattern"), "is required when engage_mode is pattern")
	}
	return w
}

func readMessagingGroup(o object) MessagingGroup {
	return MessagingGroup{
		ID:       o.reqString("id"),
		Kind:     o.reqEnum("kind", KindDM, KindGroup),
		Threaded: o.optBool("threaded", false),
		UnknownSenderPolicy: o.optEnum("unknown_sender_policy", UnknownRequestApproval,
			UnknownStrict, UnknownRequestApproval, UnknownPublic),
	}
}

func readSenderRow(o object) PendingSenderApproval {
	return PendingSenderApproval{
		MessagingGroup: o.reqString("messaging_group"),
		AgentGroup:     o.reqString("agent_group"),
		Sender:         o.reqString("sender"),
		SenderName:     o.nullString("sender_name"),
		Approver:       o.reqString("approver"),
		ApproverDM:     o.reqString("approver_dm"),
		Event:          readEvent(o.reqObject("event", eventFields...)),
	}
}

func readChannelRow(o object) PendingChannelApproval {
	return PendingChannelApproval{
		MessagingGroup: o.reqString("messaging_group"),
		Sender:         o.nullString("sender"),
		SenderName:     o.nullString("sender_name"),
		Approver:       o.reqString("approver"),
		ApproverDM:     o.reqString("approver_dm"),
		Event:          readEvent(o.reqObject("event", eventFields...)),
	}
}

func readAgentGroups(o object) []AgentGroup {
	var out []AgentGroup
	for _, g := range o.array("agent_groups", false, "id", "name") {
		out = append(out, AgentGroup{ID: g.reqString("id"), Name: g.reqString("name")})
	}
	return out
}

func readMembers(o object) []Member {
	var out []Member
	for _, m := range o.array("members", false, "user", "agent_group") {
		out = append(out, Member{User: m.reqString("user"), AgentGroup: m.reqString("agent_group")})
	}
	return out
}

func routeInboundOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "event", "messaging_group", "wirings", "agent_groups", "roles", "members", "sessions",
		"pending_sender_approvals", "pending_channel_approvals", "thread_subscribed", "approval")
	in := RouteInput{
		Event:            readEvent(o.reqObject("event", eventFields...)),
		MessagingGroup:   readMessagingGroup(o.reqObject("messaging_group", messagingGroupFields...)),
		AgentGroups:      readAgentGroups(o),
		Members:          readMembers(o),
		ThreadSubscribed: o.optBool("thread_subscribed", false),
	}
	for _, w := range o.array("wirings", true, wiringFields...) {
		in.Wirings = append(in.Wirings, readWiring(w))
	}
	for _, x := range o.array("roles", false, "user", "role", "agent_group") {
		in.Roles = append(in.Roles, Role{User: x.reqString("user"), Role: x.reqEnum("role", RoleOwner, RoleAdmin),
			AgentGroup: x.nullString("agent_group")})
	}
	for _, s := range o.array("sessions", false, "id", "agent_group", "messaging_group") {
		in.Sessions = append(in.Sessions, Session{ID: s.reqString("id"), AgentGroup: s.reqString("agent_group"),
			MessagingGroup: s.reqString("messaging_group")})
	}
	for _, p := range o.array("pending_sender_approvals", false, senderRowFields...) {
		in.PendingSenderApprovals = append(in.PendingSenderApprovals, readSenderRow(p))
	}
	for _, p := range o.array("pending_channel_approvals", false, channelRowFields...) {
		in.PendingChannelApprovals = append(in.PendingChannelApprovals, readChannelRow(p))
	}
	if a, ok := o.nullObject("approval", "approver", "approver_dm", "adapter"); ok {
		in.Approval = ApprovalRoute{Approver: a.nullString("approver"), ApproverDM: a.nullString("approver_dm"),
			Adapter: a.optBool("adapter", false)}
	}
	if r.err != nil {
		return nil, r.err
	}
	res, err := RouteInbound(in)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func wakeBatchOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "now", "max_messages", "pending")
	now, _ := o.reqInstant("now")
	max := o.reqInt("max_messages", 1, MaxSafeInteger)
	var pending []PendingMessage
	for _, p := range o.array("pending", true, "id", "seq", "trigger", "timestamp", "process_after") {
		_, ts := p.reqInstant("timestamp")
		pending = append(pending, PendingMessage{
			ID:           p.reqString("id"),
			Seq:          p.reqInt("seq", -MaxSafeInteger, MaxSafeInteger),
			Trigger:      int(p.reqInt("trigger", 0, 1)),
			Timestamp:    ts,
			ProcessAfter: p.nullInstant("process_after"),
		})
	}
	if r.err != nil {
		return nil, r.err
	}
	res, err := WakeBatch(now, max, pending)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func maxMessagesOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "env")
	env := o.nullString("env")
	if r.err != nil {
		return nil, r.err
	}
	max := MaxMessagesPerPrompt(env)
	return struct {
		MaxMessages  int64             `json:"max_messages"`
		ContainerEnv map[string]string `json:"container_env"`
	}{max, ContainerEnv(max)}, nil
}

// wiringColumns is a wiring without its agent group: the four columns.
type wiringColumns struct {
	EngageMode           string  `json:"engage_mode"`
	EngagePattern        *string `json:"engage_pattern"`
	SenderScope          string  `json:"sender_scope"`
	IgnoredMessagePolicy string  `json:"ignored_message_policy"`
}

func columns(w Wiring) wiringColumns {
	return wiringColumns{w.EngageMode, w.EngagePattern, w.SenderScope, w.IgnoredMessagePolicy}
}

func backfillOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "response_scope", "trigger_rules")
	scope, rules := o.nullString("response_scope"), o.nullString("trigger_rules")
	if r.err != nil {
		return nil, r.err
	}
	w, err := BackfillResponseScope(scope, rules)
	if err != nil {
		return nil, domainError(err)
	}
	return columns(w), nil
}

func channelDefaultsOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "kind", "threaded")
	k, threaded := o.reqEnum("kind", KindDM, KindGroup), o.optBool("threaded", false)
	if r.err != nil {
		return nil, r.err
	}
	return columns(ChannelDefaults(k, threaded)), nil
}

func senderApprovalResponseOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "pending", "decision", "now", "members")
	p := readSenderRow(o.reqObject("pending", senderRowFields...))
	decision := o.reqEnum("decision", DecisionAllow, DecisionDeny)
	_, now := o.reqInstant("now")
	members := readMembers(o)
	if r.err != nil {
		return nil, r.err
	}
	t, _ := ParseInstant(now)
	return SenderApprovalResponse(p, decision, FormatInstant(t), members), nil
}

func channelApprovalResponseOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "pending", "choice", "messaging_group", "agent_groups")
	p := readChannelRow(o.reqObject("pending", channelRowFields...))
	choice := o.reqString("choice")
	mg := readMessagingGroup(o.reqObject("messaging_group", messagingGroupFields...))
	groups := readAgentGroups(o)
	if r.err == nil && !validChoice(choice) {
		r.fail(".choice", "must be agent-group-<id>, create or ignore")
	}
	if r.err != nil {
		return nil, r.err
	}
	res, err := ChannelApprovalResponse(p, choice, mg, groups)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func validChoice(c string) bool {
	return c == ChoiceCreate || c == ChoiceIgnore ||
		(len(c) > len(ChoiceAgentGroupPrefix) && c[:len(ChoiceAgentGroupPrefix)] == ChoiceAgentGroupPrefix)
}

func readClaims(o object) []Claim {
	var out []Claim
	for _, c := range o.array("claims", false, claimFields...) {
		at, _ := c.reqInstant("claimed_at")
		out = append(out, Claim{MessageID: c.reqString("message_id"), ClaimedAt: at, Tries: c.reqInt("tries", 0, MaxSafeInteger)})
	}
	return out
}

func sweepOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "now", "container_running", "heartbeat_at", "tool_in_flight", "claims")
	in := SweepInput{ContainerRunning: o.reqBool("container_running"), HeartbeatAt: o.nullInstant("heartbeat_at")}
	in.Now, _ = o.reqInstant("now")
	if t, ok := o.nullObject("tool_in_flight", "name", "declared_timeout_ms"); ok {
		in.Tool = &ToolInFlight{Name: t.reqString("name"), DeclaredTimeoutMs: t.nullInt("declared_timeout_ms", 0, MaxSafeInteger)}
	}
	in.Claims = readClaims(o)
	if r.err != nil {
		return nil, r.err
	}
	res, err := Sweep(in)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func toolAllowedOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	o := r.root(input, "tool", "now", "claims")
	name := o.reqString("tool")
	if o.has("claims") && !o.has("now") && r.err == nil {
		r.fail(".now", "is required with claims")
	}
	var now time.Time
	if o.has("now") {
		now, _ = o.reqInstant("now")
	}
	claims := readClaims(o)
	if r.err != nil {
		return nil, r.err
	}
	res, err := ToolCall(name, now, claims)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func disallowedToolsOp(input json.RawMessage) (any, *protocol.Error) {
	var r reader
	r.root(input)
	if r.err != nil {
		return nil, r.err
	}
	return struct {
		DisallowedTools []string `json:"disallowed_tools"`
	}{append([]string(nil), DisallowedTools...)}, nil
}

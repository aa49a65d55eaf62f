package routing

import (
	"errors"
	"time"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every routing operation name to its handler: the
// generated Dispatch over handlers, one typed method per operation.
//
// The input schemas in spec/routing/operations.yaml are the one statement
// of what a well-formed input is: reference.Call refuses everything they
// refuse (invalid_input) before any handler runs, and the generated types
// (input_gen.go) carry what they accepted. A handler only converts what no
// schema can say (an instant string into a time.Time) and calls the typed
// API; every other code it answers is a domain rule's.
func Operations() map[string]protocol.OperationFunc { return Dispatch(handlers{}) }

// handlers implements the generated Handlers interface.
type handlers struct{}

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
	// Any other error of the typed API is about a value the input schema
	// refuses (ChannelApprovalResponse's choice outside agent-group-<id>,
	// create and ignore), which reaches it only from a caller that did not
	// check the schema.
	return protocol.Errorf(protocol.CodeInvalidInput, "%v", err)
}

func (handlers) PatternTest(in *PatternTestArgs) (any, *protocol.Error) {
	matched, err := PatternTest(in.Pattern, in.Text)
	if err != nil {
		return nil, domainError(err)
	}
	return struct {
		Matched bool `json:"matched"`
	}{matched}, nil
}

func (handlers) RouteInbound(in *RouteInboundArgs) (any, *protocol.Error) {
	r := RouteInput{
		Event:            event(in.Event),
		MessagingGroup:   MessagingGroup(in.MessagingGroup),
		AgentGroups:      agentGroups(in.AgentGroups),
		Members:          members(in.Members),
		ThreadSubscribed: in.ThreadSubscribed,
	}
	for _, w := range in.Wirings {
		r.Wirings = append(r.Wirings, Wiring{AgentGroup: w.AgentGroup, EngageMode: w.EngageMode,
			EngagePattern: w.EngagePattern.Value, SenderScope: w.SenderScope, IgnoredMessagePolicy: w.IgnoredMessagePolicy})
	}
	for _, x := range in.Roles {
		r.Roles = append(r.Roles, Role{User: x.User, Role: x.Role, AgentGroup: x.AgentGroup.Value})
	}
	for _, x := range in.Sessions {
		r.Sessions = append(r.Sessions, Session{ID: x.ID, AgentGroup: x.AgentGroup, MessagingGroup: x.MessagingGroup})
	}
	for _, p := range in.PendingSenderApprovals {
		r.PendingSenderApprovals = append(r.PendingSenderApprovals, senderRow(p))
	}
	for _, p := range in.PendingChannelApprovals {
		r.PendingChannelApprovals = append(r.PendingChannelApprovals, channelRow(p))
	}
	if a := in.Approval.Value; a != nil {
		r.Approval = ApprovalRoute{Approver: a.Approver.Value, ApproverDM: a.ApproverDM.Value, Adapter: a.Adapter}
	}
	res, err := RouteInbound(r)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func (handlers) WakeBatch(in *WakeBatchArgs) (any, *protocol.Error) {
	var t instants
	now := t.at(in.Now)
	pending := make([]PendingMessage, len(in.Pending))
	for i, p := range in.Pending {
		pending[i] = PendingMessage{ID: p.ID, Seq: p.Seq, Trigger: int(p.Trigger), Timestamp: p.Timestamp,
			ProcessAfter: t.opt(p.ProcessAfter)}
	}
	if t.err != nil {
		return nil, t.err
	}
	res, err := WakeBatch(now, in.MaxMessages, pending)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

// trigger is messages_in.trigger, which the schema's enum [0, 1] accepts in
// any spelling of either number (1.0, 1e0).
func (handlers) MaxMessagesPerPrompt(in *MaxMessagesPerPromptArgs) (any, *protocol.Error) {
	max := MaxMessagesPerPrompt(in.Env.Value)
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

func (handlers) BackfillResponseScope(in *BackfillResponseScopeArgs) (any, *protocol.Error) {
	w, err := BackfillResponseScope(in.ResponseScope.Value, in.TriggerRules.Value)
	if err != nil {
		return nil, domainError(err)
	}
	return columns(w), nil
}

func (handlers) ChannelDefaults(in *ChannelDefaultsArgs) (any, *protocol.Error) {
	return columns(ChannelDefaults(in.Kind, in.Threaded)), nil
}

func (handlers) SenderApprovalResponse(in *SenderApprovalResponseArgs) (any, *protocol.Error) {
	var t instants
	now := t.at(in.Now)
	if t.err != nil {
		return nil, t.err
	}
	return SenderApprovalResponse(senderRow(in.Pending), in.Decision, FormatInstant(now), members(in.Members)), nil
}

func (handlers) ChannelApprovalResponse(in *ChannelApprovalResponseArgs) (any, *protocol.Error) {
	res, err := ChannelApprovalResponse(channelRow(in.Pending), in.Choice, MessagingGroup(in.MessagingGroup),
		agentGroups(in.AgentGroups))
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func (handlers) Sweep(in *SweepArgs) (any, *protocol.Error) {
	var t instants
	s := SweepInput{Now: t.at(in.Now), ContainerRunning: in.ContainerRunning, HeartbeatAt: t.opt(in.HeartbeatAt),
		Claims: claims(&t, in.Claims)}
	if tool := in.ToolInFlight.Value; tool != nil {
		s.Tool = &ToolInFlight{Name: tool.Name, DeclaredTimeoutMs: tool.DeclaredTimeoutMS.Value}
	}
	if t.err != nil {
		return nil, t.err
	}
	res, err := Sweep(s)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func (handlers) ToolAllowed(in *ToolAllowedArgs) (any, *protocol.Error) {
	var t instants
	var now time.Time
	if in.Now != nil { // the schema requires now with claims
		now = t.at(*in.Now)
	}
	cs := claims(&t, in.Claims)
	if t.err != nil {
		return nil, t.err
	}
	res, err := ToolCall(in.Tool, now, cs)
	if err != nil {
		return nil, domainError(err)
	}
	return res, nil
}

func (handlers) DisallowedTools(*DisallowedToolsArgs) (any, *protocol.Error) {
	return struct {
		DisallowedTools []string `json:"disallowed_tools"`
	}{append([]string(nil), DisallowedTools...)}, nil
}

// From the generated input types to the typed API's.

// instants parses the instants of one input, which the schema has checked
// (format date-time and the profile's pattern: a day the calendar has, at
// most milliseconds); err keeps the first that does not parse, which only
// an input the schema has not seen can have.
type instants struct{ err *protocol.Error }

func (t *instants) at(s string) time.Time {
	v, ok := ParseInstant(s)
	if !ok && t.err == nil {
		t.err = protocol.Errorf(protocol.CodeInvalidInput, "%q is not an RFC 3339 date-time with at most milliseconds", s)
	}
	return v
}

// opt: missing or null is nil.
func (t *instants) opt(s jsonin.Nullable[string]) *time.Time {
	if s.Value == nil {
		return nil
	}
	v := t.at(*s.Value)
	return &v
}

func event(e EventArgs) Event {
	return Event{ID: e.ID, Sender: e.Sender.Value, SenderName: e.SenderName.Value, Text: e.Text,
		MentionsBot: e.MentionsBot, Timestamp: e.Timestamp}
}

func senderRow(p PendingSenderApprovalArgs) PendingSenderApproval {
	return PendingSenderApproval{MessagingGroup: p.MessagingGroup, AgentGroup: p.AgentGroup, Sender: p.Sender,
		SenderName: p.SenderName.Value, Approver: p.Approver, ApproverDM: p.ApproverDM, Event: event(p.Event)}
}

func channelRow(p PendingChannelApprovalArgs) PendingChannelApproval {
	return PendingChannelApproval{MessagingGroup: p.MessagingGroup, Sender: p.Sender.Value,
		SenderName: p.SenderName.Value, Approver: p.Approver, ApproverDM: p.ApproverDM, Event: event(p.Event)}
}

func agentGroups(in []AgentGroupsArgsItem) []AgentGroup {
	var out []AgentGroup
	for _, x := range in {
		out = append(out, AgentGroup(x))
	}
	return out
}

func members(in []MembersArgsItem) []Member {
	var out []Member
	for _, m := range in {
		out = append(out, Member{User: m.User, AgentGroup: m.AgentGroup})
	}
	return out
}

func claims(t *instants, in []ClaimsArgsItem) []Claim {
	var out []Claim
	for _, c := range in {
		out = append(out, Claim{MessageID: c.MessageID, ClaimedAt: t.at(c.ClaimedAt), Tries: c.Tries})
	}
	return out
}

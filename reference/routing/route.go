package routing

import "fmt"

// RouteInput is everything routeInbound reads for one inbound event: the
// event, its messaging group and that group's wirings (in priority order),
// and the rows the permission, approval and session checks look at.
type RouteInput struct {
	Event                   Event
	MessagingGroup          MessagingGroup
	Wirings                 []Wiring
	AgentGroups             []AgentGroup
	Roles                   []Role
	Members                 []Member
	Sessions                []Session
	PendingSenderApprovals  []PendingSenderApproval
	PendingChannelApprovals []PendingChannelApproval
	ThreadSubscribed        bool
	Approval                ApprovalRoute
}

// WiringOutcome is what happened for one wiring: wake (stored with
// trigger=1), context (stored with trigger=0) or skip.
type WiringOutcome struct {
	AgentGroup string `json:"agent_group"`
	Outcome    string `json:"outcome"`
	Reason     string `json:"reason"`
}

// Outcomes.
const (
	OutcomeWake    = "wake"
	OutcomeContext = "context"
	OutcomeSkip    = "skip"
)

// Delivery is one messages_in row to write: into the session of the
// (agent group, messaging group) pair — Session is nil when none exists yet
// and the host creates it — with trigger 1 (wake the container) or 0
// (context only), keeping the event's own timestamp.
type Delivery struct {
	AgentGroup string  `json:"agent_group"`
	Session    *string `json:"session"`
	Trigger    int     `json:"trigger"`
	Timestamp  string  `json:"timestamp"`
}

// RouteResult is the decision and the state changes it implies.
type RouteResult struct {
	Wirings         []WiringOutcome `json:"wirings"`
	Deliveries      []Delivery      `json:"deliveries"`
	SubscribeThread bool            `json:"subscribe_thread"`
	// Dropped says why the message reached no session (nil when it did).
	Dropped       *string        `json:"dropped"`
	WiringCreated *CreatedWiring `json:"wiring_created"`
	// PendingSenderApproval / PendingChannelApproval: the row to insert, or
	// for a channel the row to store in place of the existing one.
	PendingSenderApproval        *PendingSenderApproval  `json:"pending_sender_approval"`
	PendingChannelApproval       *PendingChannelApproval `json:"pending_channel_approval"`
	DeletePendingChannelApproval bool                    `json:"delete_pending_channel_approval"`
	Card                         *Card                   `json:"card"`
}

// Drop reasons.
const (
	DropNoAgentWired             = "no_agent_wired"
	DropNoAgentEngaged           = "no_agent_engaged"
	DropUnknownSender            = "unknown_sender"
	DropSenderApprovalRequested  = "sender_approval_requested"
	DropSenderApprovalPending    = "sender_approval_pending"
	DropChannelApprovalRequested = "channel_approval_requested"
	DropChannelApprovalPending   = "channel_approval_pending"
	DropNoApprover               = "no_approver"
	DropNoReachableDM            = "no_reachable_dm"
	DropNoAdapter                = "no_adapter"
)

// DuplicateWiringError: two wirings of one messaging group name the same
// agent group, which the schema's UNIQUE constraint rules out.
type DuplicateWiringError struct{ AgentGroup string }

func (e *DuplicateWiringError) Error() string {
	return fmt.Sprintf("agent group %q is wired twice to this messaging group", e.AgentGroup)
}

// RouteInbound decides where an inbound event goes (seed item 1 routing
// flow, item 5, item 22). In order:
//
//  1. No wiring: the unknown-channel flow (item 22), which runs before any
//     sender check (item 5's scope boundary).
//  2. The messaging group's unknown_sender_policy gate (item 1 step 1,
//     item 5): public lets everyone through; otherwise a sender known to
//     none of the wired agent groups is dropped (strict) or held for
//     approval (request_approval, the default).
//  3. Fan-out to every wiring (item 1 steps 2–3).
//
// The error is a *DuplicateWiringError or a *PatternError (unsupported).
func RouteInbound(in RouteInput) (RouteResult, error) {
	seen := map[string]bool{}
	for _, w := range in.Wirings {
		if seen[w.AgentGroup] {
			return RouteResult{}, &DuplicateWiringError{w.AgentGroup}
		}
		seen[w.AgentGroup] = true
	}
	if len(in.Wirings) == 0 {
		return unknownChannel(in)
	}
	dir := directory{in.Roles, in.Members}
	if in.MessagingGroup.UnknownSenderPolicy != UnknownPublic && !dir.knownToAny(in.Event.Sender, in.Wirings) {
		return unknownSender(in), nil
	}
	return fanOut(in, dir)
}

// fanOut evaluates each wiring independently (item 1 step 3): the
// sender_scope check, then the engage check; engaged → trigger 1, not
// engaged → trigger 0 under accumulate, skipped under drop. A wiring whose
// sender_scope refuses the sender is skipped even under accumulate: the
// scope is a permission, and storing the message as context would put it in
// the agent's prompt all the same.
func fanOut(in RouteInput, dir directory) (RouteResult, error) {
	res := newResult()
	budget := NewBudget() // one for the whole call: every wiring's pattern tests the same text
	for _, w := range in.Wirings {
		out := WiringOutcome{AgentGroup: w.AgentGroup}
		switch {
		case w.SenderScope == ScopeKnown && !dir.knownTo(in.Event.Sender, w.AgentGroup):
			out.Outcome, out.Reason = OutcomeSkip, ReasonSenderScope
		default:
			ok, reason, err := engages(w, in.Event, in.MessagingGroup, in.ThreadSubscribed, budget)
			if err != nil {
				return RouteResult{}, err
			}
			out.Reason = reason
			switch {
			case ok:
				out.Outcome = OutcomeWake
				res.Deliveries = append(res.Deliveries, delivery(in, w.AgentGroup, 1))
				// Only mention-sticky subscribes the thread (item 1,
				// adapter bridge), and only when it engaged: a sender the
				// wiring refused does not make the bot follow a thread.
				if w.EngageMode == ModeMentionSticky && !in.ThreadSubscribed {
					res.SubscribeThread = true
				}
			case w.IgnoredMessagePolicy == PolicyAccumulate:
				out.Outcome = OutcomeContext
				res.Deliveries = append(res.Deliveries, delivery(in, w.AgentGroup, 0))
			default:
				out.Outcome = OutcomeSkip
			}
		}
		res.Wirings = append(res.Wirings, out)
	}
	if len(res.Deliveries) == 0 {
		res.Dropped = ptr(DropNoAgentEngaged)
	}
	return res, nil
}

// delivery goes to the session of the (agent group, messaging group) pair:
// each wiring its own session, so N matching agents wake N containers.
func delivery(in RouteInput, agentGroup string, trigger int) Delivery {
	d := Delivery{AgentGroup: agentGroup, Trigger: trigger, Timestamp: in.Event.Timestamp}
	for _, s := range in.Sessions {
		if s.AgentGroup == agentGroup && s.MessagingGroup == in.MessagingGroup.ID {
			id := s.ID
			d.Session = &id
			break
		}
	}
	return d
}

func newResult() RouteResult {
	return RouteResult{Wirings: []WiringOutcome{}, Deliveries: []Delivery{}}
}

func dropped(reason string) RouteResult {
	r := newResult()
	r.Dropped = ptr(reason)
	return r
}

func ptr[T any](v T) *T { return &v }

// checkRoute applies the failure cases both approval flows share (item 5
// "pickApprover may return null … log + drop"; item 22 "no owner, no
// reachable DM, no delivery adapter → drop silently with log, don't leave a
// pending row"), in the order the machinery is consulted.
func checkRoute(r ApprovalRoute) (reason string, ok bool) {
	switch {
	case r.Approver == nil:
		return DropNoApprover, false
	case r.ApproverDM == nil:
		return DropNoReachableDM, false
	case !r.Adapter:
		return DropNoAdapter, false
	}
	return "", true
}

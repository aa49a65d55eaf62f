package routing

// The state the router reads, as the v2 schema of seed item 1 (and items 5
// and 22) describes it. JSON names are the column names.

// Engage modes (messaging_group_agents.engage_mode). `always` is pattern '.'.
const (
	ModePattern       = "pattern"
	ModeMention       = "mention"
	ModeMentionSticky = "mention-sticky"
)

// Sender scopes (messaging_group_agents.sender_scope).
const (
	ScopeAll   = "all"
	ScopeKnown = "known"
)

// Ignored-message policies (messaging_group_agents.ignored_message_policy).
const (
	PolicyDrop       = "drop"
	PolicyAccumulate = "accumulate"
)

// Unknown-sender policies (messaging_groups.unknown_sender_policy). Item 5
// flips the default from strict to request_approval.
const (
	UnknownStrict          = "strict"
	UnknownRequestApproval = "request_approval"
	UnknownPublic          = "public"
)

// Channel kinds.
const (
	KindDM    = "dm"
	KindGroup = "group"
)

// Wiring is one messaging_group_agents row of the messaging group being
// routed: which agent group it wakes and how. A messaging group is wired to
// an agent group at most once (UNIQUE(messaging_group_id, agent_group_id)).
type Wiring struct {
	AgentGroup           string  `json:"agent_group"`
	EngageMode           string  `json:"engage_mode"`
	EngagePattern        *string `json:"engage_pattern"`
	SenderScope          string  `json:"sender_scope"`
	IgnoredMessagePolicy string  `json:"ignored_message_policy"`
}

// CreatedWiring is a wiring the decision creates, with its messaging group.
type CreatedWiring struct {
	MessagingGroup string `json:"messaging_group"`
	Wiring
}

// Event is an inbound message as the channel adapter delivers it. Sender is
// the namespaced user id (channel_type:handle), nil when the payload does not
// identify one. MentionsBot is the adapter's (SDK-level) mention flag.
type Event struct {
	ID          string  `json:"id"`
	Sender      *string `json:"sender"`
	SenderName  *string `json:"sender_name"`
	Text        string  `json:"text"`
	MentionsBot bool    `json:"mentions_bot"`
	Timestamp   string  `json:"timestamp"`
}

// MessagingGroup is the messaging_groups row the event resolved to.
type MessagingGroup struct {
	ID                  string `json:"id"`
	Kind                string `json:"kind"`
	Threaded            bool   `json:"threaded"`
	UnknownSenderPolicy string `json:"unknown_sender_policy"`
}

// Role is a user_roles row: an owner, or an admin of every agent group
// (AgentGroup nil) or of one.
type Role struct {
	User       string  `json:"user"`
	Role       string  `json:"role"`
	AgentGroup *string `json:"agent_group"`
}

// Member is an agent_group_members row.
type Member struct {
	User       string `json:"user"`
	AgentGroup string `json:"agent_group"`
}

// Session is a sessions row: one per (agent group, messaging group).
type Session struct {
	ID             string `json:"id"`
	AgentGroup     string `json:"agent_group"`
	MessagingGroup string `json:"messaging_group"`
}

// AgentGroup is an agent_groups row.
type AgentGroup struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ApprovalRoute is what the host's existing approval machinery answered for
// this event (seed item 5 reuses pickApprover, pickApprovalDelivery and the
// delivery adapter without restating them): the approver picked (nil: no
// owner or admin exists), the DM the card would go to (nil: none reachable)
// and whether a delivery adapter is wired. For an unknown sender it is
// pickApprover(agent group of the first wiring); for an unknown channel,
// pickApprover(null).
type ApprovalRoute struct {
	Approver   *string
	ApproverDM *string
	Adapter    bool
}

// PendingSenderApproval is a pending_sender_approvals row: at most one per
// (messaging group, sender), holding the dropped message for replay.
type PendingSenderApproval struct {
	MessagingGroup string  `json:"messaging_group"`
	AgentGroup     string  `json:"agent_group"`
	Sender         string  `json:"sender"`
	SenderName     *string `json:"sender_name"`
	Approver       string  `json:"approver"`
	ApproverDM     string  `json:"approver_dm"`
	Event          Event   `json:"event"`
}

// PendingChannelApproval is a pending_channel_approvals row: at most one per
// messaging group, holding the latest event for replay.
type PendingChannelApproval struct {
	MessagingGroup string  `json:"messaging_group"`
	Sender         *string `json:"sender"`
	SenderName     *string `json:"sender_name"`
	Approver       string  `json:"approver"`
	ApproverDM     string  `json:"approver_dm"`
	Event          Event   `json:"event"`
}

// Card is an approval card sent to an approver's DM.
type Card struct {
	Kind       string       `json:"kind"`
	Approver   string       `json:"approver"`
	ApproverDM string       `json:"approver_dm"`
	Title      *string      `json:"title,omitempty"`
	Options    []CardOption `json:"options"`
}

// CardOption is one button: the value the response handler receives and,
// where the seed gives one, its label.
type CardOption struct {
	Value string  `json:"value"`
	Label *string `json:"label,omitempty"`
}

// Card kinds.
const (
	CardSenderApproval = "sender_approval"
	CardChannelWiring  = "channel_wiring"
)

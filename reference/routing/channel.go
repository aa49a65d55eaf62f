package routing

// ChannelDefaults is the wiring a new channel gets from the setup/register
// flow (seed item 1, "Per-channel defaults live in the setup/register flow,
// not in the schema"), also used by item 22's auto-wire and approve paths:
// a DM engages on everything (pattern '.'), a threaded group on a mention
// that then sticks to the thread, any other group on each mention. The seed
// gives only the engage mode; sender_scope and ignored_message_policy take
// their schema defaults ('all', 'drop'), the only values the seed's DDL
// names for a row that does not say otherwise. A DM is pattern '.' even when
// its platform has threads.
func ChannelDefaults(kind string, threaded bool) Wiring {
	w := Wiring{SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyDrop}
	switch {
	case kind == KindDM:
		p := AlwaysPattern
		w.EngageMode, w.EngagePattern = ModePattern, &p
	case threaded:
		w.EngageMode = ModeMentionSticky
	default:
		w.EngageMode = ModeMention
	}
	return w
}

// Wiring card text and option values (seed item 22). The body's
// placeholders did not survive in the seed, so the card carries no body:
// the sender and channel it would name are in the pending row.
const (
	WiringCardTitle   = "🔌 New channel — wire it?"
	WiringCreateLabel = "➕ Create new"
	WiringIgnoreLabel = "Ignore"
	// ChoiceAgentGroupPrefix + an agent group id wires to that group.
	ChoiceAgentGroupPrefix = "agent-group-"
	ChoiceCreate           = "create"
	ChoiceIgnore           = "ignore"
)

// wiringCard offers one button per agent group (in the order given, which
// is getAllAgentGroups' order), then "create" and "ignore".
func wiringCard(groups []AgentGroup, approver, dm string) *Card {
	title := WiringCardTitle
	c := &Card{Kind: CardChannelWiring, Approver: approver, ApproverDM: dm, Title: &title}
	for _, g := range groups {
		name := g.Name
		c.Options = append(c.Options, CardOption{Value: ChoiceAgentGroupPrefix + g.ID, Label: &name})
	}
	create, ignore := WiringCreateLabel, WiringIgnoreLabel
	c.Options = append(c.Options, CardOption{Value: ChoiceCreate, Label: &create}, CardOption{Value: ChoiceIgnore, Label: &ignore})
	return c
}

// Sender approval card option values (seed item 5 step 7–8).
const (
	DecisionAllow = "allow"
	DecisionDeny  = "deny"
)

func senderCard(approver, dm string) *Card {
	return &Card{Kind: CardSenderApproval, Approver: approver, ApproverDM: dm,
		Options: []CardOption{{Value: DecisionAllow}, {Value: DecisionDeny}}}
}

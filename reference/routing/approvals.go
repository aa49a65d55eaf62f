package routing

import (
	"fmt"
	"strings"
)

// SenderApprovalResult is what an allow or deny click on a sender approval
// card changes.
type SenderApprovalResult struct {
	// MemberAdded is the agent_group_members row to insert (nil on deny, or
	// when the sender became a member in the meantime).
	MemberAdded *MemberRow `json:"member_added"`
	// DeletePending is always true: the row is cleaned up either way, and
	// nothing else is remembered (no denial persistence).
	DeletePending bool `json:"delete_pending"`
	// Replay is the stored event, unchanged — its original timestamp
	// included — to route again (nil on deny).
	Replay *Event `json:"replay"`
}

// MemberRow is an agent_group_members row with its audit columns.
type MemberRow struct {
	User       string `json:"user"`
	AgentGroup string `json:"agent_group"`
	AddedBy    string `json:"added_by"`
	AddedAt    string `json:"added_at"`
}

// SenderApprovalResponse handles the card's answer (seed item 5 steps 7–8).
// allow: the sender becomes a member of the row's agent group (added by the
// approver, at now), the pending row is deleted first — so the replay does
// not meet its own in-flight row — and the stored message is replayed
// through normal routing with its original timestamp. deny: the row is
// deleted and the message dropped; the next message from the same sender
// asks again.
func SenderApprovalResponse(p PendingSenderApproval, decision string, now string, members []Member) SenderApprovalResult {
	res := SenderApprovalResult{DeletePending: true}
	if decision != DecisionAllow {
		return res
	}
	already := false
	for _, m := range members {
		if m.User == p.Sender && m.AgentGroup == p.AgentGroup {
			already = true
		}
	}
	if !already {
		res.MemberAdded = &MemberRow{User: p.Sender, AgentGroup: p.AgentGroup, AddedBy: p.Approver, AddedAt: now}
	}
	ev := p.Event
	res.Replay = &ev
	return res
}

// ChannelApprovalResult is what a click on a wiring card changes.
type ChannelApprovalResult struct {
	Outcome       string         `json:"outcome"`
	WiringCreated *CreatedWiring `json:"wiring_created"`
	Replay        *Event         `json:"replay"`
	DeletePending bool           `json:"delete_pending"`
}

// Channel approval outcomes.
const (
	ChannelWired             = "wired"
	ChannelIgnored           = "ignored"
	ChannelCreateRequested   = "create_requested"
	ChannelAgentGroupMissing = "agent_group_missing"
)

// MismatchError: the pending row belongs to another messaging group than
// the one given.
type MismatchError struct{ Pending, Given string }

func (e *MismatchError) Error() string {
	return fmt.Sprintf("the pending wiring is for messaging group %q, not %q", e.Pending, e.Given)
}

// ChannelApprovalResponse handles the wiring card's answer (seed item 22).
//
//   - agent-group-<id> of an existing group: create the wiring with the
//     channel-kind defaults, replay the stored event, delete the pending
//     row. The seed's three steps do not add the sender as a member, so the
//     replay meets the unknown-sender gate like any other message: wiring a
//     channel and admitting a sender stay two decisions.
//   - agent-group-<id> of a group that no longer exists: nothing is wired;
//     the row is deleted (its buttons are stale) and the event dropped.
//   - create: the seed leaves the sub-flow open; nothing is wired or
//     replayed, and the row is kept so the event can be replayed when the
//     new group exists.
//   - ignore: delete the row; nothing is remembered, so the next event
//     asks again.
func ChannelApprovalResponse(p PendingChannelApproval, choice string, mg MessagingGroup, groups []AgentGroup) (ChannelApprovalResult, error) {
	if p.MessagingGroup != mg.ID {
		return ChannelApprovalResult{}, &MismatchError{p.MessagingGroup, mg.ID}
	}
	switch {
	case choice == ChoiceIgnore:
		return ChannelApprovalResult{Outcome: ChannelIgnored, DeletePending: true}, nil
	case choice == ChoiceCreate:
		return ChannelApprovalResult{Outcome: ChannelCreateRequested}, nil
	case strings.HasPrefix(choice, ChoiceAgentGroupPrefix):
		id := strings.TrimPrefix(choice, ChoiceAgentGroupPrefix)
		for _, g := range groups {
			if g.ID == id {
				w := ChannelDefaults(mg.Kind, mg.Threaded)
				w.AgentGroup = id
				ev := p.Event
				return ChannelApprovalResult{Outcome: ChannelWired, DeletePending: true,
					WiringCreated: &CreatedWiring{MessagingGroup: mg.ID, Wiring: w}, Replay: &ev}, nil
			}
		}
		return ChannelApprovalResult{Outcome: ChannelAgentGroupMissing, DeletePending: true}, nil
	}
	return ChannelApprovalResult{}, fmt.Errorf("unknown choice %q", choice)
}

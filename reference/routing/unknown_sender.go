package routing

// unknownSender is the unknown_sender_policy branch for a sender the gate
// did not admit (seed item 5):
//
//   - strict: drop.
//   - request_approval: if a pending approval for (messaging group, sender)
//     exists, drop this message silently — in-flight dedup, the stored
//     message stays the first one; otherwise, when an approver, a reachable
//     DM and an adapter exist, store the message in a new pending row (for
//     the agent group of the first wiring, whose pickApprover the caller
//     consulted) and send the allow/deny card; otherwise drop with the
//     reason, leaving no row.
//
// A sender the payload does not identify cannot be approved (the row's
// sender_identity is NOT NULL): it is dropped as under strict.
func unknownSender(in RouteInput) RouteResult {
	mg, ev := in.MessagingGroup, in.Event
	if mg.UnknownSenderPolicy == UnknownStrict || ev.Sender == nil {
		return dropped(DropUnknownSender)
	}
	for _, p := range in.PendingSenderApprovals {
		if p.MessagingGroup == mg.ID && p.Sender == *ev.Sender {
			return dropped(DropSenderApprovalPending)
		}
	}
	if reason, ok := checkRoute(in.Approval); !ok {
		return dropped(reason)
	}
	res := dropped(DropSenderApprovalRequested)
	res.PendingSenderApproval = &PendingSenderApproval{
		MessagingGroup: mg.ID,
		AgentGroup:     in.Wirings[0].AgentGroup,
		Sender:         *ev.Sender,
		SenderName:     ev.SenderName,
		Approver:       *in.Approval.Approver,
		ApproverDM:     *in.Approval.ApproverDM,
		Event:          ev,
	}
	res.Card = senderCard(*in.Approval.Approver, *in.Approval.ApproverDM)
	return res
}

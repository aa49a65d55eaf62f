package routing

// unknownChannel is seed item 22: an event in a messaging group with no
// wiring.
//
//   - Not addressed to the bot (a group message without a mention): drop as
//     no_agent_wired, as before item 22. The item's three cases are a DM, an
//     @mention and someone addressing the bot; plain chatter in a group the
//     bot merely sits in must not page the owner.
//   - Sender is an owner or admin and exactly one agent group exists:
//     auto-wire with the channel-kind defaults and replay the event through
//     routing; any pending wiring of the channel is deleted (the channel is
//     wired now, and approving the old card would wire it twice).
//   - A pending wiring exists for the channel: the event replaces the stored
//     one (and the sender fields that describe it); approver and card stay.
//   - Otherwise, with an approver, a reachable DM and an adapter: store a
//     pending wiring and send the card; without them: drop with the reason,
//     leaving no row. With no agent group at all the card offers only
//     create and ignore (the seed's pseudo-code sends the card whenever the
//     auto-wire condition fails, and never creates an agent group silently).
func unknownChannel(in RouteInput) (RouteResult, error) {
	mg, ev := in.MessagingGroup, in.Event
	if !addressed(ev, mg) {
		return dropped(DropNoAgentWired), nil
	}
	var pending *PendingChannelApproval
	for i := range in.PendingChannelApprovals {
		if in.PendingChannelApprovals[i].MessagingGroup == mg.ID {
			pending = &in.PendingChannelApprovals[i]
			break
		}
	}
	dir := directory{in.Roles, in.Members}
	if ev.Sender != nil && dir.ownerOrAdmin(*ev.Sender) && len(in.AgentGroups) == 1 {
		w := ChannelDefaults(mg.Kind, mg.Threaded)
		w.AgentGroup = in.AgentGroups[0].ID
		replay := in
		replay.Wirings = []Wiring{w}
		res, err := RouteInbound(replay)
		if err != nil {
			return RouteResult{}, err
		}
		res.WiringCreated = &CreatedWiring{MessagingGroup: mg.ID, Wiring: w}
		res.DeletePendingChannelApproval = pending != nil
		return res, nil
	}
	if pending != nil {
		row := *pending
		row.Event, row.Sender, row.SenderName = ev, ev.Sender, ev.SenderName
		res := dropped(DropChannelApprovalPending)
		res.PendingChannelApproval = &row
		return res, nil
	}
	if reason, ok := checkRoute(in.Approval); !ok {
		return dropped(reason), nil
	}
	res := dropped(DropChannelApprovalRequested)
	res.PendingChannelApproval = &PendingChannelApproval{
		MessagingGroup: mg.ID,
		Sender:         ev.Sender,
		SenderName:     ev.SenderName,
		Approver:       *in.Approval.Approver,
		ApproverDM:     *in.Approval.ApproverDM,
		Event:          ev,
	}
	res.Card = wiringCard(in.AgentGroups, *in.Approval.Approver, *in.Approval.ApproverDM)
	return res, nil
}

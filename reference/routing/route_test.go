package routing

import (
	"errors"
	"testing"
)

func s(v string) *string { return &v }

func baseInput() RouteInput {
	return RouteInput{
		Event:          Event{ID: "m1", Sender: s("tg:ann"), Text: "hi", Timestamp: "2026-03-01T10:00:00.000Z"},
		MessagingGroup: MessagingGroup{ID: "mg1", Kind: KindGroup, UnknownSenderPolicy: UnknownPublic},
	}
}

func TestEngages(t *testing.T) {
	group := MessagingGroup{ID: "mg", Kind: KindGroup}
	dm := MessagingGroup{ID: "dm", Kind: KindDM}
	for _, c := range []struct {
		name       string
		w          Wiring
		text       string
		mention    bool
		mg         MessagingGroup
		subscribed bool
		want       bool
		reason     string
	}{
		{"always empty", Wiring{EngageMode: ModePattern, EngagePattern: s(".")}, "", false, group, false, true, ReasonEngaged},
		{"always newline", Wiring{EngageMode: ModePattern, EngagePattern: s(".")}, "\n", false, group, false, true, ReasonEngaged},
		{"regex dot empty", Wiring{EngageMode: ModePattern, EngagePattern: s("(?:.)")}, "", false, group, false, false, ReasonNotEngaged},
		{"pattern match", Wiring{EngageMode: ModePattern, EngagePattern: s("^go")}, "go now", false, group, false, true, ReasonEngaged},
		{"pattern invalid", Wiring{EngageMode: ModePattern, EngagePattern: s("(")}, "(", true, group, false, false, ReasonInvalidPattern},
		{"mention", Wiring{EngageMode: ModeMention}, "x", true, group, false, true, ReasonEngaged},
		{"mention missing", Wiring{EngageMode: ModeMention}, "x", false, group, true, false, ReasonNotEngaged},
		{"mention dm", Wiring{EngageMode: ModeMention}, "x", false, dm, false, true, ReasonEngaged},
		{"sticky subscribed", Wiring{EngageMode: ModeMentionSticky}, "x", false, group, true, true, ReasonEngaged},
		{"sticky cold", Wiring{EngageMode: ModeMentionSticky}, "x", false, group, false, false, ReasonNotEngaged},
	} {
		ok, reason, err := engages(c.w, Event{Text: c.text, MentionsBot: c.mention}, c.mg, c.subscribed, NewBudget())
		if err != nil || ok != c.want || reason != c.reason {
			t.Errorf("%s: got %v %q %v, want %v %q", c.name, ok, reason, err, c.want, c.reason)
		}
	}
	_, _, err := engages(Wiring{EngageMode: ModePattern, EngagePattern: s("(?<=a)b")}, Event{Text: "ab"}, group, false, NewBudget())
	var pe *PatternError
	if !errors.As(err, &pe) || !pe.Unsupported {
		t.Errorf("lookbehind: got %v, want an unsupported PatternError", err)
	}
}

func TestFanOutOutcomes(t *testing.T) {
	in := baseInput()
	in.Event.MentionsBot = true
	in.Wirings = []Wiring{
		{AgentGroup: "a", EngageMode: ModeMention, SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyDrop},
		{AgentGroup: "b", EngageMode: ModePattern, EngagePattern: s("^nope"), SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyAccumulate},
		{AgentGroup: "c", EngageMode: ModePattern, EngagePattern: s("^nope"), SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyDrop},
		{AgentGroup: "d", EngageMode: ModeMention, SenderScope: ScopeKnown, IgnoredMessagePolicy: PolicyAccumulate},
		{AgentGroup: "e", EngageMode: ModeMentionSticky, SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyDrop},
	}
	in.Sessions = []Session{{ID: "s-a", AgentGroup: "a", MessagingGroup: "mg1"}, {ID: "s-b", AgentGroup: "b", MessagingGroup: "other"}}
	res, err := RouteInbound(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []WiringOutcome{
		{"a", OutcomeWake, ReasonEngaged}, {"b", OutcomeContext, ReasonNotEngaged}, {"c", OutcomeSkip, ReasonNotEngaged},
		{"d", OutcomeSkip, ReasonSenderScope}, {"e", OutcomeWake, ReasonEngaged},
	}
	if len(res.Wirings) != len(want) {
		t.Fatalf("wirings = %+v", res.Wirings)
	}
	for i := range want {
		if res.Wirings[i] != want[i] {
			t.Errorf("wiring %d = %+v, want %+v", i, res.Wirings[i], want[i])
		}
	}
	if len(res.Deliveries) != 3 || res.Deliveries[0].Session == nil || *res.Deliveries[0].Session != "s-a" ||
		res.Deliveries[1].Session != nil || res.Deliveries[1].Trigger != 0 || res.Deliveries[2].AgentGroup != "e" {
		t.Errorf("deliveries = %+v", res.Deliveries)
	}
	if !res.SubscribeThread || res.Dropped != nil {
		t.Errorf("subscribe %v dropped %v", res.SubscribeThread, res.Dropped)
	}
}

func TestGateAndApprovals(t *testing.T) {
	route := ApprovalRoute{Approver: s("tg:owner"), ApproverDM: s("dm-owner"), Adapter: true}
	for _, c := range []struct {
		name    string
		policy  string
		sender  *string
		pending []PendingSenderApproval
		route   ApprovalRoute
		dropped string // "" = delivered
	}{
		{"public stranger", UnknownPublic, s("tg:x"), nil, route, ""},
		{"strict member", UnknownStrict, s("tg:mem"), nil, route, ""},
		{"strict stranger", UnknownStrict, s("tg:x"), nil, route, DropUnknownSender},
		{"approval stranger", UnknownRequestApproval, s("tg:x"), nil, route, DropSenderApprovalRequested},
		{"approval unidentified", UnknownRequestApproval, nil, nil, route, DropUnknownSender},
		{"approval in flight", UnknownRequestApproval, s("tg:x"), []PendingSenderApproval{{MessagingGroup: "mg1", Sender: "tg:x"}}, route, DropSenderApprovalPending},
		{"approval other group", UnknownRequestApproval, s("tg:x"), []PendingSenderApproval{{MessagingGroup: "mg2", Sender: "tg:x"}}, route, DropSenderApprovalRequested},
		{"no approver", UnknownRequestApproval, s("tg:x"), nil, ApprovalRoute{Adapter: true}, DropNoApprover},
		{"no dm", UnknownRequestApproval, s("tg:x"), nil, ApprovalRoute{Approver: s("o"), Adapter: true}, DropNoReachableDM},
		{"no adapter", UnknownRequestApproval, s("tg:x"), nil, ApprovalRoute{Approver: s("o"), ApproverDM: s("d")}, DropNoAdapter},
	} {
		in := baseInput()
		in.MessagingGroup.UnknownSenderPolicy = c.policy
		in.Event.Sender = c.sender
		in.Event.MentionsBot = true
		in.Wirings = []Wiring{{AgentGroup: "ag1", EngageMode: ModeMention, SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyDrop}}
		in.Members = []Member{{User: "tg:mem", AgentGroup: "ag1"}}
		in.PendingSenderApprovals = c.pending
		in.Approval = c.route
		res, err := RouteInbound(in)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if res.Dropped != nil {
			got = *res.Dropped
		}
		if got != c.dropped {
			t.Errorf("%s: dropped %q, want %q", c.name, got, c.dropped)
		}
		if (c.dropped == DropSenderApprovalRequested) != (res.PendingSenderApproval != nil && res.Card != nil) {
			t.Errorf("%s: pending row %v, card %v", c.name, res.PendingSenderApproval, res.Card)
		}
	}
}

func TestUnknownChannel(t *testing.T) {
	route := ApprovalRoute{Approver: s("tg:owner"), ApproverDM: s("dm-owner"), Adapter: true}
	one := []AgentGroup{{ID: "ag1", Name: "Andy"}}
	two := []AgentGroup{{ID: "ag1", Name: "Andy"}, {ID: "ag2", Name: "Bea"}}
	pending := []PendingChannelApproval{{MessagingGroup: "mg1", Sender: s("tg:zoe"), Approver: "tg:first", ApproverDM: "dm-first",
		Event: Event{ID: "old"}}}
	for _, c := range []struct {
		name    string
		kind    string
		mention bool
		sender  string
		groups  []AgentGroup
		pending []PendingChannelApproval
		dropped string
		wired   bool
	}{
		{"chatter", KindGroup, false, "tg:owner", one, nil, DropNoAgentWired, false},
		{"owner one group", KindGroup, true, "tg:owner", one, nil, "", true},
		{"owner dm", KindDM, false, "tg:owner", one, nil, "", true},
		{"owner two groups", KindGroup, true, "tg:owner", two, nil, DropChannelApprovalRequested, false},
		{"stranger", KindDM, false, "tg:zoe", one, nil, DropChannelApprovalRequested, false},
		{"stranger pending", KindDM, false, "tg:yan", one, pending, DropChannelApprovalPending, false},
		{"owner pending", KindDM, false, "tg:owner", one, pending, "", true},
	} {
		in := baseInput()
		in.MessagingGroup.Kind = c.kind
		in.Event.MentionsBot = c.mention
		in.Event.Sender = s(c.sender)
		in.AgentGroups = c.groups
		in.Roles = []Role{{User: "tg:owner", Role: RoleOwner}}
		in.PendingChannelApprovals = c.pending
		in.Approval = route
		res, err := RouteInbound(in)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if res.Dropped != nil {
			got = *res.Dropped
		}
		if got != c.dropped || (res.WiringCreated != nil) != c.wired {
			t.Errorf("%s: dropped %q wired %v, want %q %v", c.name, got, res.WiringCreated != nil, c.dropped, c.wired)
		}
		if c.dropped == DropChannelApprovalPending {
			p := res.PendingChannelApproval
			if p == nil || p.Approver != "tg:first" || p.Event.ID != "m1" || *p.Sender != "tg:yan" || res.Card != nil {
				t.Errorf("%s: row %+v card %v", c.name, p, res.Card)
			}
		}
		if c.wired && res.DeletePendingChannelApproval != (c.pending != nil) {
			t.Errorf("%s: delete pending = %v", c.name, res.DeletePendingChannelApproval)
		}
	}
}

func TestWiringCardOptions(t *testing.T) {
	c := wiringCard([]AgentGroup{{ID: "x", Name: "X"}, {ID: "y", Name: "Y"}}, "o", "d")
	want := []string{"agent-group-x", "agent-group-y", "create", "ignore"}
	if len(c.Options) != len(want) || *c.Title != WiringCardTitle {
		t.Fatalf("card = %+v", c)
	}
	for i, w := range want {
		if c.Options[i].Value != w || c.Options[i].Label == nil {
			t.Errorf("option %d = %+v, want %s", i, c.Options[i], w)
		}
	}
}

func TestDuplicateWiring(t *testing.T) {
	in := baseInput()
	in.Wirings = []Wiring{{AgentGroup: "a", EngageMode: ModeMention}, {AgentGroup: "a", EngageMode: ModeMention}}
	_, err := RouteInbound(in)
	var dw *DuplicateWiringError
	if !errors.As(err, &dw) {
		t.Errorf("got %v, want DuplicateWiringError", err)
	}
}

func TestApprovalResponses(t *testing.T) {
	p := PendingSenderApproval{MessagingGroup: "mg", AgentGroup: "ag", Sender: "u", Approver: "o", Event: Event{ID: "m", Timestamp: "t0"}}
	r := SenderApprovalResponse(p, DecisionAllow, "now", nil)
	if r.MemberAdded == nil || r.MemberAdded.AddedBy != "o" || r.MemberAdded.AddedAt != "now" || r.Replay == nil || r.Replay.Timestamp != "t0" || !r.DeletePending {
		t.Errorf("allow = %+v", r)
	}
	r = SenderApprovalResponse(p, DecisionAllow, "now", []Member{{User: "u", AgentGroup: "ag"}})
	if r.MemberAdded != nil || r.Replay == nil {
		t.Errorf("allow member = %+v", r)
	}
	r = SenderApprovalResponse(p, DecisionDeny, "now", nil)
	if r.MemberAdded != nil || r.Replay != nil || !r.DeletePending {
		t.Errorf("deny = %+v", r)
	}
	cp := PendingChannelApproval{MessagingGroup: "mg", Event: Event{ID: "m"}}
	mg := MessagingGroup{ID: "mg", Kind: KindGroup, Threaded: true}
	groups := []AgentGroup{{ID: "ag", Name: "A"}}
	for _, c := range []struct {
		choice, outcome string
		del, wired      bool
	}{
		{"agent-group-ag", ChannelWired, true, true},
		{"agent-group-zz", ChannelAgentGroupMissing, true, false},
		{"create", ChannelCreateRequested, false, false},
		{"ignore", ChannelIgnored, true, false},
	} {
		res, err := ChannelApprovalResponse(cp, c.choice, mg, groups)
		if err != nil || res.Outcome != c.outcome || res.DeletePending != c.del || (res.WiringCreated != nil) != c.wired || (res.Replay != nil) != c.wired {
			t.Errorf("%s: %+v %v", c.choice, res, err)
		}
		if c.wired && res.WiringCreated.EngageMode != ModeMentionSticky {
			t.Errorf("%s: wiring %+v", c.choice, res.WiringCreated)
		}
	}
	if _, err := ChannelApprovalResponse(cp, "ignore", MessagingGroup{ID: "other"}, nil); err == nil {
		t.Error("mismatched messaging group accepted")
	}
}

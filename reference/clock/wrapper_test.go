package clock

import (
	"encoding/json"
	"strings"
	"testing"
)

func sample(t *testing.T) *State {
	t.Helper()
	st, err := DecodeState([]byte(`{"version": 3,
	  "identity_links": {"user:whatsapp:ryan": "person:ryan"},
	  "users": {"user:chat:u1": {"default_tz": "Asia/Tokyo", "policy_overrides": {"mode": "normal"},
	    "last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
	    "channels": {"chat": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}},
	    "latest_actions": [{"id": "a", "label": "Gym", "type": "temporal_action", "status": "planned",
	      "recorded_iso": "2026-02-09T10:00:00+09:00", "expires_iso": "2026-02-10T10:00:00+09:00", "source": "auto"}]}},
	  "threads": {"agent:main:chat:dm:u1": {"thread_kind": "project", "participants": ["user:chat:u1"],
	    "last_interaction_iso": "2026-02-09T10:00:00+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
	    "last_user_message_iso_by_user": {"user:chat:u1": "2026-02-09T10:00:00+09:00"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TestOperationsArePure: no operation changes the state it is given.
func TestOperationsArePure(t *testing.T) {
	st := sample(t)
	before := mustJSON(t, st)
	now := at(t, "2026-02-10T03:02:00Z")
	p := DefaultPolicy()
	msg := UserMessage{Channel: "chat", Thread: []string{"dm", "u1"}, UserID: "u1", Text: "hi"}
	if _, _, _, err := OnUserMessage(st, p, msg, now); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := OnAgentMessage(st, p, AgentMessage{Channel: "chat", Thread: []string{"dm", "u1"}, Text: "Here it is.", RelatesToUserID: "u1"}, now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Compact(st, p, now); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LinkIdentities(st, "u", []Identity{{"chat", "u1"}}, true); err != nil {
		t.Fatal(err)
	}
	if _, err := ApplyPatch(st, "user:chat:u1", "", Patch{User: json.RawMessage(`{"default_tz": null}`)}); err != nil {
		t.Fatal(err)
	}
	if _, err := CorrectAction(st, "user:chat:u1", "a", "done"); err != nil {
		t.Fatal(err)
	}
	if after := mustJSON(t, st); after != before {
		t.Fatalf("an operation changed its input state:\n%s\n%s", before, after)
	}
}

func TestRecordingTable(t *testing.T) {
	now := at(t, "2026-02-10T03:02:00Z")
	type row struct {
		name   string
		policy string
		at     string // received_at
		wrote  bool
		reason string
		any    string // the user's last_interaction_any_channel_iso afterwards
	}
	for _, r := range []row{
		{"default", "", "", true, Recorded, "2026-02-10T03:02:00+00:00"},
		{"later", "", "2026-02-10T12:00:00+09:00", true, Recorded, "2026-02-10T12:00:00+09:00"},
		{"older", "", "2026-02-09T09:00:00+09:00", false, Unchanged, "2026-02-09T10:00:00+09:00"},
		{"no cross-channel (user override mode only)", `{"clock": {"cross_channel_tracking": false}}`, "", true, Recorded, "2026-02-09T10:00:00+09:00"},
		{"timestamps off", `{"clock": {"store": {"last_message_timestamps": false}}}`, "", false, TimestampsOff, "2026-02-09T10:00:00+09:00"},
		{"clock disabled", `{"clock": {"enabled": false, "mode": "off"}}`, "", true, Recorded, "2026-02-10T03:02:00+00:00"},
	} {
		t.Run(r.name, func(t *testing.T) {
			p, err := PolicyFromJSON(json.RawMessage(r.policy))
			if err != nil {
				t.Fatal(err)
			}
			out, env, rec, err := OnUserMessage(sample(t), p, UserMessage{Channel: "chat", Thread: []string{"dm", "u1"}, UserID: "u1", ReceivedAt: r.at, Text: "hi"}, now)
			if err != nil {
				t.Fatal(err)
			}
			if rec.Wrote != r.wrote || rec.Reason != r.reason || out.Users["user:chat:u1"].LastInteractionAnyChannelISO != r.any {
				t.Fatalf("wrote %v %s, any-channel %s", rec.Wrote, rec.Reason, out.Users["user:chat:u1"].LastInteractionAnyChannelISO)
			}
			if env.ThreadKind != "project" || env.PreviousInteractionISO != "2026-02-09T10:00:00+09:00" {
				t.Errorf("envelope %+v", env)
			}
		})
	}
}

func TestAcknowledgementList(t *testing.T) {
	for _, a := range Acknowledgements() {
		for _, form := range []string{a, strings.ToUpper(a), a + "!", "  " + a + ".  ", a + ", " + a} {
			if got := ClassifyAgentMessage(form); got != MessageAcknowledgement {
				t.Errorf("%q: %s, want acknowledgement", form, got)
			}
		}
		if got := ClassifyAgentMessage(a + ", the report is attached"); got != MessageSubstantive {
			t.Errorf("%q with content: %s", a, got)
		}
	}
	for text, want := range map[string]string{"": MessageEmpty, " \n\t": MessageEmpty, "?!": MessageEmpty,
		"yes": MessageSubstantive, "done": MessageSubstantive, "ok ok": MessageSubstantive, "okey": MessageSubstantive} {
		if got := ClassifyAgentMessage(text); got != want {
			t.Errorf("%q: %s, want %s", text, got, want)
		}
	}
}

func TestLinkIdentitiesMerges(t *testing.T) {
	st := sample(t)
	st.Users["user:telegram:u1"] = &User{LastInteractionAnyChannelISO: "2026-02-10T00:00:00Z",
		Channels: map[string]*ChannelRecord{"chat": {LastAgentMessageISO: "2026-02-10T00:00:00Z"}}}
	out, keys, err := LinkIdentities(st, "u", []Identity{{"telegram", "u1"}, {"chat", "u1"}}, true)
	if err != nil {
		t.Fatal(err)
	}
	p := out.Users["person:u"]
	if len(keys) != 2 || p == nil || p.DefaultTZ != "Asia/Tokyo" || p.LastInteractionAnyChannelISO != "2026-02-10T00:00:00Z" ||
		p.Channels["chat"].LastUserMessageISO != "2026-02-09T10:00:00+09:00" || p.Channels["chat"].LastAgentMessageISO != "2026-02-10T00:00:00Z" ||
		out.Users["user:chat:u1"] != nil || out.Threads["agent:main:chat:dm:u1"].Participants[0] != "person:u" {
		t.Fatalf("merge: %s", mustJSON(t, out))
	}
	if _, _, err := LinkIdentities(st, "u", []Identity{{"whatsapp", "ryan"}}, true); err == nil {
		t.Error("relinking an identity linked to another person was accepted")
	}
	if _, _, err := LinkIdentities(st, "u", []Identity{{"chat", "u1"}}, false); err != ErrNotApproved {
		t.Errorf("unapproved: %v", err)
	}
}

// TestProviderInterface: the Snapshot provider answers §4.4's six calls
// from its fields only.
func TestProviderInterface(t *testing.T) {
	var p Provider = Snapshot{At: at(t, "2026-02-10T03:02:00Z"), HostTZ: "Europe/Berlin", State: sample(t)}
	if !p.Now().Equal(at(t, "2026-02-10T03:02:00Z")) || p.AgentTimezone().Name != "Europe/Berlin" {
		t.Fatal("now / agent_timezone")
	}
	r := p.SessionTimezone("agent:main:chat:dm:u1")
	if r.Zone == nil || r.Zone.Name != "Asia/Tokyo" || r.Source != FromUserDefault {
		t.Fatalf("session_timezone: %+v", r)
	}
	tokyo := *zone(t, "Asia/Tokyo")
	if off, _ := p.OffsetMinutes(tokyo, p.Now()); off != 540 {
		t.Errorf("offset_minutes %d", off)
	}
	if s, _ := p.ToISO(p.Now(), tokyo); s != "2026-02-10T12:02:00+09:00" {
		t.Errorf("to_iso %s", s)
	}
	if r := p.ParseAnchoredTime("9am", nil, p.Now()); r.Kind != KindFloating {
		t.Errorf("parse_anchored_time without anchor: %s", r.Kind)
	}
	if r := p.ParseAnchoredTime("9am", &tokyo, p.Now()); r.Kind != KindRelative || r.Start == nil {
		t.Errorf("parse_anchored_time with anchor: %+v", r)
	}
	if now, clamped := NextSnapshot(at(t, "2026-02-10T03:00:00Z"), p.Now(), true); !clamped || !now.Equal(p.Now()) {
		t.Error("a clock stepped back must keep the previous snapshot")
	}
}

func BenchmarkOnUserMessage(b *testing.B) {
	st, _ := DecodeState([]byte(`{"version": 3}`))
	p := DefaultPolicy()
	now, _ := ParseInstant("2026-02-10T03:02:00Z")
	msg := UserMessage{Channel: "chat", Thread: []string{"dm", "u1"}, UserID: "u1", Text: "hi"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		st, _, _, _ = OnUserMessage(st, p, msg, now)
	}
}

package routing_test

import (
	"encoding/json"
	"testing"

	"github.com/clockspec/clockspec/reference/routing"
)

const benchRoute = `{"event": {"id": "m7", "sender": "tg:ann", "text": "@bot deploy please", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.250Z"},
 "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "strict"},
 "wirings": [{"agent_group": "ag1", "engage_mode": "mention"},
             {"agent_group": "ag2", "engage_mode": "pattern", "engage_pattern": "^(deploy|ship)\\b\\s+\\w+"},
             {"agent_group": "ag3", "engage_mode": "pattern", "engage_pattern": "status", "ignored_message_policy": "accumulate"}],
 "members": [{"user": "tg:ann", "agent_group": "ag1"}],
 "sessions": [{"id": "s1", "agent_group": "ag1", "messaging_group": "mg1"}]}`

func BenchmarkRouteInbound(b *testing.B) {
	op := routing.Operations()["routing.route_inbound"]
	in := json.RawMessage(benchRoute)
	for b.Loop() {
		if _, perr := op(in); perr != nil {
			b.Fatal(perr)
		}
	}
}

func BenchmarkPatternTest(b *testing.B) {
	for b.Loop() {
		if _, err := routing.PatternTest(`^(deploy|ship)\b\s+[\w-]+$`, "deploy web-frontend"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSweep(b *testing.B) {
	op := routing.Operations()["routing.sweep"]
	in := json.RawMessage(`{"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "2026-03-01T11:58:30.000Z",
	 "tool_in_flight": {"name": "Bash", "declared_timeout_ms": 120000},
	 "claims": [{"message_id": "a", "claimed_at": "2026-03-01T11:58:40.000Z", "tries": 1},
	            {"message_id": "b", "claimed_at": "2026-03-01T11:55:00.000Z", "tries": 0}]}`)
	for b.Loop() {
		if _, perr := op(in); perr != nil {
			b.Fatal(perr)
		}
	}
}

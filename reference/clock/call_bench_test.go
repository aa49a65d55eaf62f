package clock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/clockspec/clockspec/reference"
)

// benchState is a state of a few users and threads, each user with
// actions, channels and calibration: what a wrapper call reads on every
// message.
func benchState() string {
	users, threads := map[string]any{}, map[string]any{}
	for i := range 8 {
		var actions []any
		for j := range 5 {
			actions = append(actions, map[string]any{"id": fmt.Sprintf("a%d", j), "label": "Call the bank", "type": "call",
				"status": "planned", "recorded_iso": "2026-02-09T10:00:00Z", "expires_iso": "2026-02-12T10:00:00Z", "source": "auto",
				"expected_typical_minutes": 30, "expected_max_minutes": 90, "thread_key": fmt.Sprintf("agent:main:chat:dm:u%d", i)})
		}
		users[fmt.Sprintf("user:chat:u%d", i)] = map[string]any{"default_tz": "Asia/Tokyo", "last_interaction_any_channel_iso": "2026-02-09T10:00:00Z",
			"channels":       map[string]any{"chat": map[string]any{"last_user_message_iso": "2026-02-09T10:00:00Z", "last_agent_message_iso": "2026-02-09T10:01:00Z"}},
			"latest_actions": actions,
			"calibration":    map[string]any{"activity_overrides": map[string]any{"sleep": map[string]any{"typical_minutes": 480, "max_minutes": 600, "updated_iso": "2026-02-01T00:00:00Z"}}}}
		threads[fmt.Sprintf("agent:main:chat:dm:u%d", i)] = map[string]any{"thread_kind": "conversation", "session_tz": "Asia/Tokyo", "agent_tz": "UTC",
			"delta_hours": 9, "participants": []string{fmt.Sprintf("user:chat:u%d", i)}, "last_interaction_iso": "2026-02-09T10:01:00Z",
			"last_user_message_iso": "2026-02-09T10:00:00Z", "last_agent_message_iso": "2026-02-09T10:01:00Z",
			"last_user_message_iso_by_user": map[string]any{fmt.Sprintf("user:chat:u%d", i): "2026-02-09T10:00:00Z"}}
	}
	b, _ := json.Marshal(map[string]any{"version": 3, "users": users, "threads": threads})
	return string(b)
}

// BenchmarkCall: whole calls through the reference (the input schema, the
// decoding, the operation), the way conform and `conform serve` make them.
func BenchmarkCall(b *testing.B) {
	st := benchState()
	impl := reference.New()
	for _, c := range []struct{ name, op, input string }{
		{"to_iso", "clock-core.to_iso", `{"instant": "2026-02-10T03:02:00Z", "tz": "Asia/Tokyo"}`},
		{"resolve_session_tz", "clock-core.resolve_session_tz", `{"explicit": "EST", "user_default": "America/New_York", "time_sensitive": true, "now": "2026-02-10T03:02:00Z", "host_tz": "UTC", "policy": {"clock": {"mode": "light"}}}`},
		{"session_timezone", "clock-core.session_timezone", `{"state": ` + st + `, "thread_key": "agent:main:chat:dm:u1", "now": "2026-02-10T03:02:00Z", "host_tz": "UTC"}`},
		{"on_user_message", "clock-core.on_user_message", `{"state": ` + st + `, "now": "2026-02-10T03:02:00Z", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}`},
		{"compact_state", "clock-core.compact_state", `{"state": ` + st + `, "now": "2026-02-10T03:02:00Z"}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			if _, perr := impl.Call(context.Background(), c.op, []byte(c.input)); perr != nil {
				b.Fatal(perr)
			}
			b.ReportAllocs()
			for b.Loop() {
				_, _ = impl.Call(context.Background(), c.op, []byte(c.input))
			}
		})
	}
}

package awareness_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/clockspec/clockspec/reference"
)

// BenchmarkCall: whole calls through the reference (the input schema, the
// decoding, the operation), the way conform and `conform serve` make them.
func BenchmarkCall(b *testing.B) {
	var actions []any
	for j := range 10 {
		actions = append(actions, map[string]any{"id": fmt.Sprintf("a%d", j), "label": "Call the bank", "type": "call",
			"status": "planned", "recorded_iso": "2026-02-09T10:00:00Z", "expires_iso": "2026-02-12T10:00:00Z", "source": "auto",
			"expected_typical_minutes": 30, "expected_max_minutes": 90})
	}
	a, _ := json.Marshal(actions)
	impl := reference.New()
	for _, c := range []struct{ name, op, input string }{
		{"decide_relevance", "clock-awareness.decide_relevance", `{"now": "2026-02-10T11:00:00Z", "thread_kind": "project", "last_interaction_iso": "2026-02-09T10:00:00Z", "has_open_action": true, "text": "see you tomorrow at 9am"}`},
		{"capture_action", "clock-awareness.capture_action", `{"now": "2026-02-10T11:00:00Z", "text": "heading to the gym", "user_key": "user:chat:u1", "actions": ` + string(a) + `, "calibration": {"sleep": {"typical_minutes": 480, "max_minutes": 600, "updated_iso": "2026-02-01T00:00:00Z"}}}`},
		{"read_actions", "clock-awareness.read_actions", `{"now": "2026-02-10T11:00:00Z", "actions": ` + string(a) + `}`},
		{"group_time", "clock-awareness.group_time", `{"now": "2026-02-10T11:00:00Z", "participants": [{"user_key": "a", "tz": "Asia/Tokyo"}, {"user_key": "b", "tz": "America/New_York"}, {"user_key": "c"}], "scheduled": "2026-02-11T09:00:00+09:00", "relative": true, "addressed_user": "a"}`},
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

package timestamps_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/timestamps"
)

// The operations as every caller reaches them, through reference.Call: the
// input schema refuses what is malformed (invalid_input) before the
// handler runs, so invalid_input outranks invalid_time wherever each is.
func TestOperationsDecodeStrictly(t *testing.T) {
	impl := reference.New()
	for _, c := range []struct {
		op, in, code, out string
	}{
		{"timestamps.format_message_timestamp", `{"message_at": "2026-01-23T10:00:00Z"}`, "", `{"timestamp":"[2026-01-23 10:00]"}`},
		{"timestamps.format_message_timestamp", `{"message_at": "2026-01-23T10:00:30Z", "previous_at": "2026-01-23T10:00:00Z"}`, "", `{"timestamp":null}`},
		{"timestamps.format_message_timestamp", `{"Message_At": "2026-01-23T10:00:00Z"}`, protocol.CodeInvalidInput, ""}, // names are exact
		{"timestamps.format_message_timestamp", `{"message_at": "2026-02-30T10:00:00Z"}`, timestamps.CodeInvalidTime, ""},
		{"timestamps.format_message_timestamp", `{"message_at": "2026-01-23T10:00:00Z", "previous_at": 1}`, protocol.CodeInvalidInput, ""},
		// a shape fault anywhere wins over a day that does not exist, wherever each is
		{"timestamps.format_message_timestamp", `{"message_at": "2026-02-30T10:00:00Z", "previous_at": 1}`, protocol.CodeInvalidInput, ""},
		{"timestamps.messages_context", `{"agent_id": "7", "messages": [{"at": "2026-02-30T10:00:00Z"}, {"at": "2026-01-23T10:00:00Z", "content": 5}]}`, protocol.CodeInvalidInput, ""},
		{"timestamps.messages_context", `{"agent_id": "7", "messages": [{"at": "2026-01-23T10:00:00Z"}, {"at": "2026-02-30T10:00:00Z"}]}`, timestamps.CodeInvalidTime, ""},
		{"timestamps.format_message_timestamp", `{"message_at": "2026-01-23T10:00:00Z"} {}`, protocol.CodeInvalidInput, ""},
		{"timestamps.format_message_timestamp", ``, protocol.CodeInvalidInput, ""},
		{"timestamps.format_message_timestamp", `null`, protocol.CodeInvalidInput, ""},
		{"timestamps.resolve_timezone", `{"timezone": "Bern", "extra": 1}`, "", `{"timezone":"Bern","fallback":false}`},
		{"timestamps.resolve_timezone", `{"timezone": {}}`, protocol.CodeInvalidInput, ""},
		{"timestamps.current_time_context", `{"now": "2026-01-23T10:00:00Z", "timezone": null}`, "", `{"line":"Current time: 2026-01-23T10:00:00 (UTC)"}`},
		{"timestamps.user_timezone", `{"messages": [null]}`, protocol.CodeInvalidInput, ""},
		{"timestamps.user_timezone", `{"messages": [{"at": "2026-01-23T10:00:00Z", "agent": {"id": "7"}}]}`, protocol.CodeInvalidInput, ""},
		{"timestamps.messages_context", `{"agent_id": "7", "messages": []}`, "", `{"messages":[]}`},
		{"timestamps.messages_context", `{"agent_id": "", "messages": []}`, protocol.CodeInvalidInput, ""},
		{"timestamps.messages_context", `{"agent_id": "7", "messages": [{"at": "2026-01-23T10:00:00Z", "user": {"email_address": 5}}]}`, protocol.CodeInvalidInput, ""},
	} {
		v, perr := impl.Call(context.Background(), c.op, json.RawMessage(c.in))
		switch {
		case c.code != "" && (perr == nil || perr.Code != c.code):
			t.Errorf("%s(%s): got %v, %v; want error %s", c.op, c.in, v, perr, c.code)
		case c.code == "" && perr != nil:
			t.Errorf("%s(%s): unexpected error %v", c.op, c.in, perr)
		case c.code == "" && string(v) != c.out:
			t.Errorf("%s(%s) = %s, want %s", c.op, c.in, v, c.out)
		}
	}
}

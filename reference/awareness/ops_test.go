package awareness_test

import (
	"context"
	"testing"

	"github.com/clockspec/clockspec/reference"
)

// A list, map or object member that may be null is read as absent
// ("every optional input may be null (= absent)"): the generated types
// keep null apart from a value (Nullable), and the handlers read both as
// absent.
func TestNullMembersAreAbsent(t *testing.T) {
	impl := reference.New()
	for _, c := range []struct{ op, null, absent string }{
		{"clock-awareness.capture_action",
			`{"now": "2026-02-10T11:00:00Z", "text": "going to sleep", "actions": null, "calibration": null, "judgement": null}`,
			`{"now": "2026-02-10T11:00:00Z", "text": "going to sleep"}`},
		{"clock-awareness.thread_kind", `{"text": "hi", "inferred": null}`, `{"text": "hi"}`},
		{"clock-core.user_key", `{"channel": "chat", "user_id": "u", "identity_links": null}`, `{"channel": "chat", "user_id": "u"}`},
	} {
		got, perr := impl.Call(context.Background(), c.op, []byte(c.null))
		want, werr := impl.Call(context.Background(), c.op, []byte(c.absent))
		if perr != nil || werr != nil || string(got) != string(want) {
			t.Errorf("%s(%s) = %s %v; absent, %s %v", c.op, c.null, got, perr, want, werr)
		}
	}
}

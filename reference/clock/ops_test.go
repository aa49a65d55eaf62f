package clock_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/clock"
)

// valid inputs, one per operation, that the mutation test starts from.
var validInputs = map[string]string{
	"clock-core.load_policy":            `{"yaml": "clock:\n  mode: normal\n"}`,
	"clock-core.check_policy":           `{"yaml": "clock:\n  mode: normal\n"}`,
	"clock-core.now":                    `{"host_clock": "2026-02-10T03:02:00Z", "previous": "2026-02-10T03:01:00Z"}`,
	"clock-core.agent_timezone":         `{"host_tz": "Europe/Berlin"}`,
	"clock-core.resolve_session_tz":     `{"explicit": "EST", "thread_override": "Asia/Tokyo", "user_default": "America/New_York", "mentioned_location": "Tokyo", "time_sensitive": true, "now": "2026-02-10T03:02:00Z", "host_tz": "UTC", "policy": {"clock": {"mode": "off"}}}`,
	"clock-core.session_timezone":       `{"state": {"version": 3, "threads": {"agent:main:chat:dm:u": {"session_tz": "Asia/Tokyo"}}}, "thread_key": "agent:main:chat:dm:u", "user_key": "user:chat:u", "explicit": null, "mentioned_location": "Oslo", "time_sensitive": false, "now": "2026-02-10T03:02:00Z", "host_tz": "UTC", "policy": null}`,
	"clock-core.offset_minutes":         `{"tz": "Asia/Kolkata", "instant": "2026-02-10T03:02:00Z"}`,
	"clock-core.delta_hours":            `{"session_tz": "Asia/Kolkata", "agent_tz": "UTC", "at": "2026-02-10T03:02:00Z"}`,
	"clock-core.to_iso":                 `{"instant": "2026-02-10T03:02:00Z", "tz": "Asia/Tokyo"}`,
	"clock-core.parse_anchored_time":    `{"text": "tomorrow at 9am", "tz": "Asia/Tokyo", "reference_instant": "2026-02-10T03:02:00Z"}`,
	"clock-core.thread_key":             `{"agent": "main", "channel": "chat", "parts": ["dm", "u"]}`,
	"clock-core.parse_thread_key":       `{"thread_key": "agent:main:chat:dm:u"}`,
	"clock-core.user_key":               `{"channel": "chat", "user_id": "u", "identity_links": {"user:chat:u": "person:p"}}`,
	"clock-core.link_identities":        `{"state": {"version": 3}, "person": "p", "identities": [{"channel": "chat", "user_id": "u"}], "approved": true}`,
	"clock-core.on_user_message":        `{"state": {"version": 3}, "policy": null, "now": "2026-02-10T03:02:00Z", "message": {"agent": "main", "channel": "chat", "thread": ["dm", "u"], "user_id": "u", "received_at": "2026-02-10T03:02:00Z", "text": "hi"}}`,
	"clock-core.on_agent_message":       `{"state": {"version": 3}, "policy": null, "now": "2026-02-10T03:02:00Z", "message": {"agent": "main", "channel": "chat", "thread": ["dm", "u"], "sent_at": "2026-02-10T03:02:00Z", "text": "Here.", "relates_to_user_id": "u"}}`,
	"clock-core.classify_agent_message": `{"text": "ok"}`,
	"clock-core.load_clock_state":       `{"state": {"version": 3}, "user_key": "user:chat:u", "thread_key": "agent:main:chat:dm:u"}`,
	"clock-core.save_clock_state":       `{"state": {"version": 3}, "user_key": "user:chat:u", "thread_key": "agent:main:chat:dm:u", "patch": {"user": {"default_tz": "UTC"}, "thread": {"thread_kind": "project"}}}`,
	"clock-core.read_state_file":        `{"content": "{\"version\": 3}"}`,
	"clock-core.compact_state":          `{"state": {"version": 3}, "policy": null, "now": "2026-02-10T03:02:00Z"}`,
	"clock-core.state_path":             `{"home": "/home/u", "override": "~/s.json"}`,
	"clock-core.confirmation_gate":      `{"kind": "purchase", "basis": "inferred", "confirmed": false, "policy": null}`,
	"clock-core.check_hedged":           `{"text": "Hope it went well?"}`,
	"clock-core.correct_action":         `{"state": {"version": 3, "users": {"u": {"latest_actions": [{"id": "a", "label": "x", "type": "t", "status": "planned", "recorded_iso": "2026-02-10T03:02:00Z", "expires_iso": "2026-02-11T03:02:00Z", "source": "auto"}]}}}, "user_key": "u", "action_id": "a", "status": "done"}`,
}

var replacements = []any{nil, 42, -1.5, true, "", "x", []any{}, []any{nil}, map[string]any{}, map[string]any{"version": 3}}

// mutations replaces each field, at every depth, by values of other types,
// deletes it, and adds an unknown field next to it.
func mutations(v any, emit func(any)) {
	switch x := v.(type) {
	case map[string]any:
		emit(with(x, "unknown_field", 1))
		for k, child := range x {
			for _, r := range replacements {
				emit(with(x, k, r))
			}
			emit(without(x, k))
			mutations(child, func(c any) { emit(with(x, k, c)) })
		}
	case []any:
		for i, child := range x {
			mutations(child, func(c any) {
				cp := append([]any(nil), x...)
				cp[i] = c
				emit(cp)
			})
		}
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	cp := make(map[string]any, len(m)+1)
	for a, b := range m {
		cp[a] = b
	}
	cp[k] = v
	return cp
}

func without(m map[string]any, k string) map[string]any {
	cp := with(m, k, nil)
	delete(cp, k)
	return cp
}

var impl = reference.New()

// call answers as the reference does: the input schema first (invalid_input),
// then the operation; a panic is an internal_error.
func call(op string, input []byte) (json.RawMessage, *protocol.Error) {
	return impl.Call(context.Background(), op, input)
}

// TestMutatedInputsAnswerCleanly: whatever a field holds, every operation
// answers, through the reference, with a schema-valid output or one of its
// listed error codes — never a panic or an internal_error — and what its
// input schema accepts is never invalid_input: no hand-written rule
// refuses what the schema lets through.
func TestMutatedInputsAnswerCleanly(t *testing.T) {
	t.Parallel()
	t.Cleanup(func() { _ = os.RemoveAll(storeOpsDir) })
	cat, _ := clock.CatalogAndSuite(t)
	ops := make([]string, 0, len(validInputs))
	for op := range validInputs {
		ops = append(ops, op)
	}
	sort.Strings(ops)
	if len(ops) != len(clock.Operations()) {
		t.Fatalf("validInputs covers %d of %d operations", len(ops), len(clock.Operations()))
	}
	total := 0
	for _, op := range ops {
		o, ok := cat.Operation(op)
		if !ok {
			t.Fatalf("%s is not in spec", op)
		}
		var base any
		if err := json.Unmarshal([]byte(validInputs[op]), &base); err != nil {
			t.Fatal(op, err)
		}
		check := func(input []byte) {
			total++
			out, perr := call(op, input)
			schemaErr := o.ValidateInput(input)
			if perr != nil {
				if err := o.ValidateError(perr); err != nil || perr.Code == protocol.CodeInternal {
					t.Errorf("%s(%s): %v %v", op, input, perr, err)
				}
				if (perr.Code == protocol.CodeInvalidInput) != (schemaErr != nil) {
					t.Errorf("%s(%s): answered %s, but the input schema says %v", op, input, perr.Code, schemaErr)
				}
				return
			}
			if schemaErr != nil {
				t.Errorf("%s(%s): answered, but the input schema refuses it: %v", op, input, schemaErr)
			}
			if err := o.ValidateOutput(out); err != nil {
				t.Errorf("%s(%s): %v", op, input, err)
			}
		}
		check([]byte(validInputs[op]))
		mutations(base, func(m any) {
			b, _ := json.Marshal(m)
			check(b)
		})
		for _, raw := range []string{``, `null`, `[]`, `"x"`, `{`, `{"a":1}{}`, `{}`} {
			check([]byte(raw))
		}
	}
	t.Logf("%d inputs across %d operations", total, len(ops))
}

func ExampleOperations() {
	out, _ := clock.Operations()["clock-core.to_iso"](json.RawMessage(`{"instant": "2026-02-10T03:02:00Z", "tz": "Asia/Tokyo"}`))
	b, _ := json.Marshal(out)
	fmt.Println(string(b))
	// Output: {"iso":"2026-02-10T12:02:00+09:00"}
}

// FuzzClockOperations: any bytes to any clock-core operation answer,
// through the reference, with a schema-valid output or a listed error,
// never a panic or an internal_error. Seeded with the valid inputs;
// `go test -fuzz FuzzClockOperations ./reference/clock`.
func FuzzClockOperations(f *testing.F) {
	cat, _ := clock.CatalogAndSuite(f)
	ops := make([]string, 0, len(validInputs))
	for op := range validInputs {
		// The store operations write files at the path they are given; a
		// fuzzer must not make them write anywhere on the machine.
		if !strings.HasPrefix(op, "clock-core.store_") {
			ops = append(ops, op)
		}
	}
	sort.Strings(ops)
	for i, op := range ops {
		f.Add(uint8(i), []byte(validInputs[op]))
	}
	f.Fuzz(func(t *testing.T, n uint8, input []byte) {
		op := ops[int(n)%len(ops)]
		o, _ := cat.Operation(op)
		out, perr := call(op, input)
		if perr != nil {
			if err := o.ValidateError(perr); err != nil || perr.Code == protocol.CodeInternal {
				t.Fatalf("%s(%q): %v %v", op, input, perr, err)
			}
			return
		}
		if err := o.ValidateOutput(out); err != nil {
			t.Fatalf("%s(%q): %v", op, input, err)
		}
	})
}

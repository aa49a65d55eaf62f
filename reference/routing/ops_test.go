package routing_test

import (
	"context"
	"encoding/json"
	"sort"
	"testing"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/routing"
)

// TestOperationsRefuseMalformedInput: every operation answers a malformed or
// mistyped input with invalid_input, never a panic or another code. The
// input schemas decide what is malformed, in reference.Call, before any
// handler runs; so the calls go through it.
func TestOperationsRefuseMalformedInput(t *testing.T) {
	inputs := []string{``, `null`, `[]`, `"x"`, `42`, `{`, `{"a":1}{}`, `{"unknown": 1}`,
		`{"pattern": 1, "text": "a"}`, `{"event": [], "messaging_group": {}, "wirings": {}}`,
		`{"now": "yesterday", "container_running": true}`, `{"now": "2026-03-01T12:00:00Z", "max_messages": -1, "pending": []}`,
		`{"pending": {"messaging_group": 1}, "decision": "allow", "now": "2026-03-01T12:00:00Z"}`,
		`{"kind": "dm", "threaded": "yes"}`, `{"response_scope": 3}`, `{"env": []}`, `{"tool": 5}`,
		`{"now": "2026-02-30T12:00:00Z", "container_running": false}`}
	impl := reference.New()
	names := make([]string, 0, len(routing.Operations()))
	for n := range routing.Operations() {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, in := range inputs {
			out, perr := impl.Call(context.Background(), name, json.RawMessage(in))
			if perr == nil {
				if name == "routing.disallowed_tools" || name == "routing.max_messages_per_prompt" || name == "routing.backfill_response_scope" {
					continue // {} and some inputs are valid for these
				}
				t.Errorf("%s(%s) answered %s", name, in, out)
				continue
			}
			if perr.Code != protocol.CodeInvalidInput {
				t.Errorf("%s(%s) gave %s, want invalid_input", name, in, perr.Code)
			}
		}
	}
}

func TestOperationsAnswer(t *testing.T) {
	for _, c := range []struct {
		op, in, want string
	}{
		{"routing.pattern_test", `{"pattern": "^a", "text": "ab"}`, `{"matched":true}`},
		{"routing.channel_defaults", `{"kind": "dm"}`, `{"engage_mode":"pattern","engage_pattern":".","sender_scope":"all","ignored_message_policy":"drop"}`},
		{"routing.max_messages_per_prompt", `{"env": "0"}`, `{"max_messages":10,"container_env":{"NANOCLAW_MAX_MESSAGES_PER_PROMPT":"10"}}`},
		{"routing.disallowed_tools", `{}`, `{"disallowed_tools":["AskUserQuestion","EnterPlanMode","ExitPlanMode","EnterWorktree","ExitWorktree"]}`},
		{"routing.tool_allowed", `{"tool": "Bash"}`, `{"allowed":true,"kill":false,"resets":[]}`},
		{"routing.sweep", `{"now": "2026-03-01T12:00:00Z", "container_running": false}`, `{"rule":"none","kill":false,"resets":[],"ceiling_ms":null,"tolerance_ms":null}`},
		{"routing.wake_batch", `{"now": "2026-03-01T12:00:00Z", "max_messages": 1, "pending": []}`, `{"wake":false,"messages":[]}`},
	} {
		out, perr := routing.Operations()[c.op](json.RawMessage(c.in))
		if perr != nil {
			t.Errorf("%s: %v", c.op, perr)
			continue
		}
		b, _ := json.Marshal(out)
		if string(b) != c.want {
			t.Errorf("%s(%s) = %s, want %s", c.op, c.in, b, c.want)
		}
	}
	for _, c := range []struct{ op, in, code string }{
		{"routing.pattern_test", `{"pattern": "(", "text": ""}`, routing.CodeInvalidPattern},
		{"routing.pattern_test", `{"pattern": "(?=a)", "text": ""}`, routing.CodeUnsupportedPattern},
		{"routing.backfill_response_scope", `{"response_scope": "x"}`, routing.CodeUnknownResponseScope},
		{"routing.sweep", `{"now": "2026-03-01T12:00:00Z", "container_running": false, "claims": [{"message_id": "a", "claimed_at": "2026-03-01T12:00:00Z", "tries": 0}, {"message_id": "a", "claimed_at": "2026-03-01T12:00:00Z", "tries": 0}]}`, routing.CodeDuplicateClaim},
	} {
		_, perr := routing.Operations()[c.op](json.RawMessage(c.in))
		if perr == nil || perr.Code != c.code {
			t.Errorf("%s(%s) = %v, want %s", c.op, c.in, perr, c.code)
		}
	}
}

// messages_in.trigger is the schema's enum [0, 1], which takes every
// spelling of either number; the generated type keeps the literal, and the
// handler reads each spelling as its number.
func TestWakeBatchReadsEverySpellingOfATrigger(t *testing.T) {
	impl := reference.New()
	call := func(trigger string) string {
		in := `{"now": "2026-03-01T12:00:00.000Z", "max_messages": 5, "pending": [
			{"id": "a", "seq": 1, "trigger": 0, "timestamp": "2026-03-01T11:00:00.000Z"},
			{"id": "b", "seq": 2, "trigger": ` + trigger + `, "timestamp": "2026-03-01T11:01:00.000Z"}]}`
		out, perr := impl.Call(context.Background(), "routing.wake_batch", json.RawMessage(in))
		if perr != nil {
			t.Fatalf("trigger %s: %v", trigger, perr)
		}
		return string(out)
	}
	for want, spellings := range map[string][]string{
		call("1"): {"1.0", "1e0", "10e-1", "0.1e1", "1.000"},
		call("0"): {"0.0", "-0", "0e5", "-0.0"},
	} {
		for _, s := range spellings {
			if got := call(s); got != want {
				t.Errorf("trigger %s: %s, want %s", s, got, want)
			}
		}
	}
	if call("1") == call("0") {
		t.Error("trigger 1 and trigger 0 answer the same: the test tells nothing apart")
	}
}

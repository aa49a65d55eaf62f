package routing_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/routing"
)

// FuzzPatternTest: any pattern and text give an answer or a PatternError,
// never a panic. `go test -fuzz FuzzPatternTest .` for a longer hunt.
func FuzzPatternTest(f *testing.F) {
	for _, p := range []string{".", `^(a|b)*\b[^\s]{2,5}?$`, "(", "[z-a]", `\p{L}`, "a{1000}", "[^]", "(?:)", `\u00e9`} {
		f.Add(p, "a\n😀 b")
	}
	f.Fuzz(func(t *testing.T, pattern, text string) {
		watchdog := time.AfterFunc(2*time.Second, func() {
			panic(fmt.Sprintf("PatternTest(%q, %q) runs for more than 2 s", pattern, text))
		})
		_, err := routing.PatternTest(pattern, text)
		watchdog.Stop()
		var pe *routing.PatternError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("%q: %v", pattern, err)
		}
	})
}

// FuzzOperations: any input to any operation answers with an output or a
// structured error whose code the operation may give. Inputs go through
// reference.Call, which refuses what the input schema refuses before the
// operation's handler runs, as every caller of the reference does.
func FuzzOperations(f *testing.F) {
	impl := reference.New()
	ops := routing.Operations()
	names := make([]string, 0, len(ops))
	for n := range ops {
		names = append(names, n)
	}
	sort.Strings(names)
	allowed := map[string]bool{protocol.CodeInvalidInput: true, routing.CodeInvalidPattern: true, routing.CodeUnsupportedPattern: true,
		routing.CodeDuplicateWiring: true, routing.CodeDuplicateSeq: true, routing.CodeDuplicateClaim: true, routing.CodeUnknownResponseScope: true,
		routing.CodeMessagingGroupMismatch: true}
	for i := range names {
		f.Add(uint8(i), []byte(`{}`))
	}
	f.Add(uint8(1), []byte(benchRoute))
	f.Add(uint8(8), []byte(`{"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "2026-03-01T11:00:00Z", "claims": [{"message_id": "a", "claimed_at": "2026-03-01T11:58:40.000Z", "tries": 1}]}`))
	f.Fuzz(func(t *testing.T, which uint8, input []byte) {
		name := names[int(which)%len(names)]
		out, perr := impl.Call(context.Background(), name, json.RawMessage(input))
		if perr != nil {
			if !allowed[perr.Code] || perr.Message == "" {
				t.Fatalf("%s(%s): %v", name, input, perr)
			}
			return
		}
		if !json.Valid(out) {
			t.Fatalf("%s(%s): %s is not JSON", name, input, out)
		}
	})
}

package routing

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
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
		_, err := PatternTest(pattern, text)
		watchdog.Stop()
		var pe *PatternError
		if err != nil && !errors.As(err, &pe) {
			t.Fatalf("%q: %v", pattern, err)
		}
	})
}

// FuzzOperations: any input to any operation answers with an output or a
// structured error whose code the operation may give.
func FuzzOperations(f *testing.F) {
	ops := Operations()
	names := make([]string, 0, len(ops))
	for n := range ops {
		names = append(names, n)
	}
	sort.Strings(names)
	allowed := map[string]bool{protocol.CodeInvalidInput: true, CodeInvalidPattern: true, CodeUnsupportedPattern: true,
		CodeDuplicateWiring: true, CodeDuplicateSeq: true, CodeDuplicateClaim: true, CodeUnknownResponseScope: true,
		CodeMessagingGroupMismatch: true}
	for i := range names {
		f.Add(uint8(i), []byte(`{}`))
	}
	f.Add(uint8(1), []byte(benchRoute))
	f.Add(uint8(8), []byte(`{"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "2026-03-01T11:00:00Z", "claims": [{"message_id": "a", "claimed_at": "2026-03-01T11:58:40.000Z", "tries": 1}]}`))
	f.Fuzz(func(t *testing.T, which uint8, input []byte) {
		name := names[int(which)%len(names)]
		out, perr := ops[name](json.RawMessage(input))
		if perr != nil {
			if !allowed[perr.Code] || perr.Message == "" {
				t.Fatalf("%s(%s): %v", name, input, perr)
			}
			return
		}
		if _, err := json.Marshal(out); err != nil {
			t.Fatalf("%s(%s): %v", name, input, err)
		}
	})
}

package routing

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Item 1 of issue 15: one routing.pattern_test with a pattern of 1,000,000
// "." took 644 MB and 9 s. Every limit of the subset is refused as
// unsupported_pattern naming it, quickly and in little memory, and a
// pattern just inside each limit is still tested.
func TestPatternLimits(t *testing.T) {
	long := strings.Repeat("a", 1<<19)
	for _, c := range []struct {
		name, pattern, text, says string
	}{
		{"a million dots", strings.Repeat(".", 1_000_000), "x", "1000000 characters long, over the limit of 1000"},
		{"1001 characters", strings.Repeat("a", 1001), "a", "over the limit of 1000 characters"},
		{"compiled size", strings.Repeat("(?:x{1000})", 11), "x", "more than 10000 instructions"},
		{"work", "[a-z]{300}b", long, "over the limit of 16777216 on a call's matching work"},
	} {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		_, err := PatternTest(c.pattern, c.text)
		d := time.Since(start)
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		var pe *PatternError
		if !errors.As(err, &pe) || !pe.Unsupported || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: want unsupported naming %q, got %v", c.name, c.says, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 || d > time.Second {
			t.Errorf("%s: refusing took %v and %d MiB", c.name, d, alloc>>20)
		}
	}
	for _, c := range []struct {
		pattern, text string
		want          bool
	}{
		{strings.Repeat(".", 1000), strings.Repeat("é", 1000), true},
		{strings.Repeat("x{1000}", 9), strings.Repeat("x", 1600), false}, // 9,000 instructions
		{`^@Andy\b`, "@Andy " + strings.Repeat("a", 500_000), true},      // a real engage pattern, a long message
	} {
		got, err := PatternTest(c.pattern, c.text)
		if err != nil || got != c.want {
			t.Errorf("%.20s…: got %v %v, want %v", c.pattern, got, err, c.want)
		}
	}
}

// route_inbound tests every wiring's pattern against one text: the work of
// the whole call is bounded, not each pattern's.
func TestRouteInboundMatchingIsBoundedPerCall(t *testing.T) {
	var wirings []string
	for i := 0; i < 400; i++ {
		wirings = append(wirings, fmt.Sprintf(`{"agent_group":"ag%d","engage_mode":"pattern","engage_pattern":"%s"}`, i, "[a-z]{200}b"))
	}
	in := fmt.Sprintf(`{"event":{"id":"m1","sender":"tg:1","text":"%s","mentions_bot":false,"timestamp":"2026-03-01T12:00:00.000Z"},"messaging_group":{"id":"mg","kind":"dm","unknown_sender_policy":"public"},"wirings":[%s]}`,
		strings.Repeat("a", 2000), strings.Join(wirings, ","))
	start := time.Now()
	_, perr := Operations()["routing.route_inbound"](json.RawMessage(in))
	if perr == nil || perr.Code != CodeUnsupportedPattern || !strings.Contains(perr.Message, "matching work") {
		t.Errorf("want unsupported_pattern naming the work limit, got %v", perr)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v", d)
	}
}

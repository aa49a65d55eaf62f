package driver_test

import (
	"testing"

	"github.com/clockspec/clockspec/conformance"
)

// Item 8 of issue 15: a whitespace-only line on an implementation's stdout
// was a protocol error, while an empty line was skipped. Both are skipped
// now (the implementation side, protocol.ServeLines, skips them too).
func TestSubprocessSkipsWhitespaceOnlyLines(t *testing.T) {
	rep, _ := runFake(t, "blank-lines", "", 0)
	if len(rep.Scenarios) == 0 {
		t.Fatal("no scenario ran")
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			t.Errorf("%s: %s %s", s.ID, s.Compat, s.Problem)
		}
	}
}

package result_test

import (
	"testing"

	"github.com/clockspec/clockspec/conformance/result"
)

// Releases are compared: "2025c" (what Node and most libraries report) is
// the goldens' "2025c+backzone".
func TestTzdataReleasesAreCompared(t *testing.T) {
	for _, c := range []struct {
		hello, goldens string
		differs        bool
	}{{"2025c", "2025c+backzone", false}, {"2025c+backzone", "2025c+backzone", false}, {"2024a", "2025c+backzone", true}, {"2025b+backzone", "2025c+backzone", true}} {
		r := &result.Report{GoldensTzdata: c.goldens}
		r.Hello.Tzdata = c.hello
		if r.TzdataDiffers() != c.differs {
			t.Errorf("hello %s, goldens %s: differs %v", c.hello, c.goldens, !c.differs)
		}
	}
}

package conformance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/suitetest"
	"github.com/clockspec/clockspec/features"
)

// A run whose --tags or --run reach only some profiles parses only their
// features, and reports exactly what the run over the whole suite
// reports: the same scenarios and verdicts, or the same error.
func TestPartialSuiteReportsAsTheWholeSuite(t *testing.T) {
	whole, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	drv := conformance.InProcess(suitetest.Wrong(append(suitetest.Mutants("v1"), suitetest.Mutants("datetime")...)...))
	for _, c := range []struct {
		tags     string
		run      []conformance.Pattern
		profiles []string // parsed; nil for all
	}{
		{"@v1", nil, []string{"v1"}},
		{"@v1 and not @decision", nil, []string{"v1"}},
		{"@datetime or @routing", nil, []string{"datetime", "routing"}},
		{"@v1&&~@decision", nil, []string{"v1"}},
		{"not @v1", nil, nil},
		{"@decision", nil, nil},
		{"@v1-case", nil, []string{"v1"}},
		{"@v1 and @no-such-tag", nil, nil},
		{"@no-such-tag", nil, nil},
		{"@v1 and @datetime", nil, nil},
		{"", []conformance.Pattern{"v1/escape-xml/**"}, []string{"v1"}},
		{"", []conformance.Pattern{"**/ampersand"}, nil},
		{"", []conformance.Pattern{"v*/**", "dat?time/**"}, []string{"datetime", "v1"}},
		{"", []conformance.Pattern{"no-such-profile/**"}, nil},
		{"@v1", []conformance.Pattern{"datetime/**"}, nil},
		{"@datetime and not @extension", []conformance.Pattern{"datetime/**", "v1/**"}, []string{"datetime"}},
		// clock-awareness scenarios also call clock-core operations: the
		// spec of both is loaded, though only clock-awareness is parsed.
		{"@clock-awareness", nil, []string{"clock-awareness"}},
		{"", []conformance.Pattern{"clock-awareness/actions/**"}, []string{"clock-awareness"}},
	} {
		t.Run(fmt.Sprintf("%s %v", c.tags, c.run), func(t *testing.T) {
			opts := conformance.Options{Driver: drv, Goldens: goldensFS(), Tags: c.tags, Run: c.run}
			if got := conformance.SelectableProfiles(opts); !slices.Equal(got, c.profiles) {
				t.Errorf("parses %v, want %v", got, c.profiles)
			}
			run := func(o conformance.Options) string {
				rep, err := conformance.Run(context.Background(), o)
				if err != nil {
					return "error: " + err.Error()
				}
				rep.Duration = 0
				for i := range rep.Scenarios {
					rep.Scenarios[i].Duration = 0 // times differ from run to run
				}
				b, _ := json.Marshal(rep)
				return string(b)
			}
			part := run(opts)
			opts.Suite = whole
			if all := run(opts); part != all {
				t.Errorf("the partial suite reports\n%.2000s\nthe whole suite\n%.2000s", part, all)
			}
		})
	}
	opts := conformance.Options{Tags: "@v1", KnownFailing: []conformance.Pattern{"v1/x"}}
	if got := conformance.SelectableProfiles(opts); got != nil {
		t.Errorf("with a known-failing list, parses %v, want the whole suite", got)
	}
}

package conformance

import (
	"fmt"
	"io"
	"strings"
)

// WriteSummary prints what a person and a CI log need after a run: the
// implementation, one line per profile with both levels, every failing
// scenario with its reason, and a closing "N passed, M failed" line at the
// run's level.
func WriteSummary(w io.Writer, r *Report) {
	h := r.Hello
	fmt.Fprintf(w, "\nimplementation: %s %s (%s), tzdata %s\n", h.Implementation, h.Version, h.Language, h.Tzdata)
	if r.TzdataDiffers() {
		fmt.Fprintf(w, "warning: the implementation uses tzdata %s but the goldens were made with %s; time zone cases may differ for that reason alone\n", h.Tzdata, r.GoldensTzdata)
	}
	for _, p := range r.Profiles {
		if !p.Claimed {
			fmt.Fprintf(w, "%-16s %4d scenarios  not claimed (missing %s)\n", p.Profile, p.Scenarios, strings.Join(p.MissingOps, ", "))
			continue
		}
		faults := ""
		if p.Faults > 0 {
			faults = fmt.Sprintf("  (%d crashed, timed out or broke the protocol)", p.Faults)
		}
		fmt.Fprintf(w, "%-16s %4d scenarios  compat %d passed, %d failed  exact %d passed, %d failed%s\n",
			p.Profile, p.Scenarios, p.CompatPassed, p.CompatFailed, p.ExactPassed, p.ExactFailed, faults)
	}
	fmt.Fprintf(w, "schema-validated responses: %d   time: %s\n", r.SchemaValidated, r.Duration.Round(1e5))
	passed, failed := 0, 0
	for _, s := range r.Scenarios {
		v := s.Compat
		if r.Level == LevelExact && v == Passed {
			v = s.Exact
		}
		switch {
		case v == Passed:
			passed++
		case v.failed():
			failed++
			label := "FAIL"
			if v != Failed {
				label = "FAIL (" + string(v) + ")"
			}
			fmt.Fprintf(w, "%s %s\n     %s\n", label, s.ID, strings.ReplaceAll(s.Problem, "\n", "\n     "))
		}
	}
	fmt.Fprintf(w, "conform: %d passed, %d failed\n", passed, failed)
}

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
	for _, p := range r.Profiles {
		if !p.Claimed {
			fmt.Fprintf(w, "%-16s %4d scenarios  not claimed (missing %s)\n", p.Profile, p.Scenarios, strings.Join(p.MissingOps, ", "))
			continue
		}
		fmt.Fprintf(w, "%-16s %4d scenarios  compat %d passed, %d failed  exact %d passed, %d failed\n",
			p.Profile, p.Scenarios, p.CompatPassed, p.CompatFailed, p.ExactPassed, p.ExactFailed)
	}
	fmt.Fprintf(w, "schema-validated responses: %d   time: %s\n", r.SchemaValidated, r.Duration.Round(1e5))
	passed, failed := 0, 0
	for _, s := range r.Scenarios {
		v := s.Compat
		if r.Level == LevelExact && v == Passed {
			v = s.Exact
		}
		switch v {
		case Passed:
			passed++
		case Failed:
			failed++
			fmt.Fprintf(w, "FAIL %s\n     %s\n", s.ID, strings.ReplaceAll(s.Problem, "\n", "\n     "))
		}
	}
	fmt.Fprintf(w, "conform: %d passed, %d failed\n", passed, failed)
}

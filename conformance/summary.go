package conformance

import (
	"fmt"
	"io"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// WriteSummary prints what a person and a CI log need after a run: the
// implementation, one line per profile with both levels, every failing
// scenario with its reason, what the known lists changed, and a closing
// "N passed, M failed" line at the run's level.
func WriteSummary(w io.Writer, r *Report) {
	h := r.Hello
	fmt.Fprintf(w, "\nimplementation: %s %s (%s), tzdata %s\n", h.Implementation, h.Version, h.Language, h.Tzdata)
	if r.TzdataDiffers() {
		fmt.Fprintf(w, "warning: the implementation uses tzdata %s but the goldens were made with %s; time zone cases may differ for that reason alone\n", h.Tzdata, r.GoldensTzdata)
	}
	if r.Shard != "" {
		fmt.Fprintf(w, "shard %s of the selection\n", r.Shard)
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
		fmt.Fprintf(w, "%-16s      %s\n", "", TierLine(r, p))
	}
	fmt.Fprintf(w, "schema-validated responses: %d   time: %s\n", r.SchemaValidated, r.Duration.Round(1e5))
	passed, failed, known, fixed, flaky := 0, 0, 0, 0, 0
	notFollowed := map[features.Tier]int{}
	var notes []string
	for _, s := range r.Scenarios {
		v := r.LevelVerdict(s)
		switch {
		case s.Known == KnownFailing && v.failed():
			known++
			notes = append(notes, fmt.Sprintf("known failing %s (%s)", s.ID, firstLine(s.Problem)))
		case s.Known == KnownFailing && v == Passed:
			fixed++
			fmt.Fprintf(w, "FIXED %s\n     passes now but is listed as known failing: remove it from the list\n", s.ID)
		case s.Known == KnownFlaky && s.Attempts > 1:
			flaky++
			how := "passed on its second attempt"
			if v.failed() {
				how = "failed twice: " + firstLine(s.Problem)
			}
			notes = append(notes, fmt.Sprintf("flaky %s %s", s.ID, how))
		case v == Passed:
			passed++
		case r.NotFollowed(s):
			notFollowed[tierOf(s)]++
			fmt.Fprintf(w, "NOT FOLLOWED (%s) %s\n     %s\n", tierOf(s), s.ID, strings.ReplaceAll(s.Problem, "\n", "\n     "))
		case v.failed():
			failed++
			label := "FAIL"
			if v != Failed {
				label = "FAIL (" + string(v) + ")"
			}
			if t := tierOf(s); t != features.Required {
				label += " [" + string(t) + "]"
			}
			fmt.Fprintf(w, "%s %s\n     %s\n", label, s.ID, strings.ReplaceAll(s.Problem, "\n", "\n     "))
		}
	}
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
	for _, p := range r.Stale {
		fmt.Fprintf(w, "STALE known-%s pattern %q matches no scenario: remove it from the list\n", p.List, p.Pattern)
	}
	if r.NotRun > 0 {
		fmt.Fprintf(w, "stopped at the first failure (--fail-fast): %d scenarios not run\n", r.NotRun)
	}
	var extra []string
	if n := notFollowed[features.Decision] + notFollowed[features.Extension]; n > 0 {
		extra = append(extra, fmt.Sprintf("%d decisions and %d extensions not followed (--require %s does not fail the run on them)",
			notFollowed[features.Decision], notFollowed[features.Extension], r.Require))
	}
	if known > 0 {
		extra = append(extra, fmt.Sprintf("%d known failing", known))
	}
	if flaky > 0 {
		extra = append(extra, fmt.Sprintf("%d flaky", flaky))
	}
	if fixed > 0 {
		extra = append(extra, fmt.Sprintf("%d listed as known failing but passing", fixed))
	}
	if len(r.Stale) > 0 {
		extra = append(extra, fmt.Sprintf("%d stale known patterns", len(r.Stale)))
	}
	tail := ""
	if len(extra) > 0 {
		tail = ", " + strings.Join(extra, ", ")
	}
	fmt.Fprintf(w, "conform: %d passed, %d failed%s\n", passed, failed, tail)
}

// TierLine gives a claimed profile's three tiers at the run's level and
// whether it conforms: "required 280/280 passed, decisions 10/12 followed,
// extensions 3/5 followed: conforms".
func TierLine(r *Report, p ProfileSummary) string {
	line := fmt.Sprintf("required %d/%d passed, decisions %d/%d followed, extensions %d/%d followed",
		p.Required.Passed, p.Required.Total, p.Decisions.Passed, p.Decisions.Total, p.Extensions.Passed, p.Extensions.Total)
	switch {
	case p.Required.Total == 0:
		return line
	case !p.Conforms():
		return line + ": does not conform"
	case !r.Complete:
		return line + ": every required scenario of the selection passed"
	}
	return line + ": conforms"
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

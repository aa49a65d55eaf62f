package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/features"
)

// SummaryOptions shape WriteSummaryWith's output.
type SummaryOptions struct {
	// MaxFailures caps the failure list (groups count as one entry);
	// 0 means DefaultMaxFailures, a negative value no cap.
	MaxFailures int
	// ReportPath, when set, is the HTML report holding every failure; the
	// summary names it just before its closing line.
	ReportPath string
}

// DefaultMaxFailures is how many failures (or groups of identical ones) a
// summary lists before it points at the report.
const DefaultMaxFailures = 20

// WriteSummary prints what a person and a CI log need after a run; see
// WriteSummaryWith.
func WriteSummary(w io.Writer, r *result.Report) { WriteSummaryWith(w, r, SummaryOptions{}) }

// WriteSummaryWith prints, in this order so that the end of a log says how
// the run went: the failures (identical ones grouped, capped), what the
// known lists changed, the implementation and its tzdata (noted once when
// it differs from the goldens'), one line per profile with both levels, the
// report's path, and a closing "conform: N passed, M failed" line at the
// run's level.
func WriteSummaryWith(w io.Writer, r *result.Report, o SummaryOptions) {
	_, t := result.Tally(r)
	var notes, fixedLines []string
	var failures []result.ScenarioResult
	for _, s := range r.Scenarios {
		switch o := r.Outcome(s); {
		case o == result.OutcomeKnownFailing:
			notes = append(notes, fmt.Sprintf("known failing %s (%s)", s.ID, firstLine(s.Problem)))
		case o == result.OutcomeFixed:
			fixedLines = append(fixedLines, fmt.Sprintf("FIXED %s\n     passes now but is listed as known failing: remove it from the list\n", s.ID))
		case o == result.OutcomeFlaky:
			how := "passed on its second attempt"
			if r.LevelVerdict(s).Fails() {
				how = "failed twice: " + firstLine(s.Problem)
			}
			notes = append(notes, fmt.Sprintf("flaky %s %s", s.ID, how))
		case o == result.OutcomeNotFollowed || r.LevelVerdict(s).Fails():
			failures = append(failures, s)
		}
	}
	writeFailures(w, r, failures, o)
	for _, l := range fixedLines {
		fmt.Fprint(w, l)
	}
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
	for _, p := range r.Stale {
		fmt.Fprintf(w, "STALE known-%s pattern %q matches no scenario: remove it from the list\n", p.List, p.Pattern)
	}
	if r.NotRun > 0 && r.Interrupted != "" {
		fmt.Fprintf(w, "%s: %d scenarios not run\n", r.Interrupted, r.NotRun)
	} else if r.NotRun > 0 {
		fmt.Fprintf(w, "stopped at the first failure (--fail-fast): %d scenarios not run\n", r.NotRun)
	}
	writeProfileTable(w, r)
	if o.ReportPath != "" {
		fmt.Fprintf(w, "report: %s\n", o.ReportPath)
	}
	var extra []string
	var nf []string
	for _, c := range []struct {
		n    int
		noun string
	}{{t.NotFollowedRecommended, "recommended"}, {t.NotFollowedDecisions, "decisions"}, {t.NotFollowedExtensions, "extensions"}} {
		if c.n > 0 {
			nf = append(nf, fmt.Sprintf("%d %s", c.n, c.noun))
		}
	}
	if len(nf) > 0 {
		list := strings.Join(nf, ", ")
		if i := strings.LastIndex(list, ", "); i >= 0 {
			list = list[:i] + " and " + list[i+2:]
		}
		extra = append(extra, fmt.Sprintf("%s not followed (--require %s does not fail the run on them)", list, r.Require))
	}
	if t.KnownFailing > 0 {
		extra = append(extra, fmt.Sprintf("%d known failing", t.KnownFailing))
	}
	if t.Flaky > 0 {
		extra = append(extra, fmt.Sprintf("%d flaky", t.Flaky))
	}
	if t.Fixed > 0 {
		extra = append(extra, fmt.Sprintf("%d listed as known failing but passing", t.Fixed))
	}
	if len(r.Stale) > 0 {
		extra = append(extra, fmt.Sprintf("%d stale known patterns", len(r.Stale)))
	}
	tail := ""
	if len(extra) > 0 {
		tail = ", " + strings.Join(extra, ", ")
	}
	fmt.Fprintf(w, "conform: %d passed, %d failed%s\n", t.Passed, t.Failed, tail)
}

// TierLine gives a claimed profile's four tiers at the run's level and
// whether it conforms: "required 280/280 passed, recommended 8/9
// followed, decisions 10/12 followed, extensions 3/5 followed: conforms".
func TierLine(r *result.Report, p result.ProfileSummary) string {
	line := fmt.Sprintf("required %d/%d passed, recommended %d/%d followed, decisions %d/%d followed, extensions %d/%d followed",
		p.Required.Passed, p.Required.Total, p.Recommended.Passed, p.Recommended.Total,
		p.Decisions.Passed, p.Decisions.Total, p.Extensions.Passed, p.Extensions.Total)
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

// tzdataNote names the tzdata an implementation said it computes with; a
// hello without one (MCP has no such field; the protocol's is optional)
// says so rather than naming none.
func tzdataNote(tzdata string) string {
	if tzdata == "" {
		return "tzdata not reported"
	}
	return "tzdata " + tzdata
}

// writeProfileTable prints the implementation and one line per profile.
func writeProfileTable(w io.Writer, r *result.Report) {
	h := r.Hello
	if h.Implementation == "" {
		fmt.Fprintf(w, "\nimplementation: did not say hello\n")
	} else {
		fmt.Fprintf(w, "\nimplementation: %s (%s), %s\n", strings.TrimSpace(h.Implementation+" "+h.Version), h.Language, tzdataNote(h.Tzdata))
	}
	if r.TzdataDiffers() {
		fmt.Fprintf(w, "note: the implementation uses tzdata %s but the goldens were made with %s; time zone cases may differ for that reason alone\n", h.Tzdata, r.GoldensTzdata)
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
}

// FailureGroup is failing scenarios that failed the same way: the same
// verdict, the same label (FAIL, or NOT FOLLOWED for a recommendation,
// decision or extension the run does not require) and the same problem, word for word.
type FailureGroup struct {
	Verdict result.Verdict
	Label   string
	Problem string
	IDs     []string
}

// failureLabel is how the summary heads a failing scenario: FAIL (with its
// verdict when it is a fault, and its tier when not required), or NOT
// FOLLOWED for a recommendation, decision or extension the run does not
// require.
func failureLabel(r *result.Report, s result.ScenarioResult) string {
	t := result.TierOf(s)
	if r.NotFollowed(s) {
		return "NOT FOLLOWED (" + string(t) + ")"
	}
	label := "FAIL"
	if v := r.LevelVerdict(s); v != result.Failed {
		label = "FAIL (" + string(v) + ")"
	}
	if t != features.Required {
		label += " [" + string(t) + "]"
	}
	return label
}

// GroupFailures groups failures by verdict and problem, in the order their
// first scenario comes in.
func GroupFailures(r *result.Report, failures []result.ScenarioResult) []FailureGroup {
	var groups []FailureGroup
	at := map[string]int{}
	for _, s := range failures {
		v, label := r.LevelVerdict(s), failureLabel(r, s)
		key := string(v) + "\x00" + label + "\x00" + s.Problem
		i, ok := at[key]
		if !ok {
			i = len(groups)
			at[key] = i
			groups = append(groups, FailureGroup{Verdict: v, Label: label, Problem: s.Problem})
		}
		groups[i].IDs = append(groups[i].IDs, s.ID)
	}
	return groups
}

func writeFailures(w io.Writer, r *result.Report, failures []result.ScenarioResult, o SummaryOptions) {
	max := o.MaxFailures
	if max == 0 {
		max = DefaultMaxFailures
	}
	shown := 0
	groups := GroupFailures(r, failures)
	for i, g := range groups {
		if max > 0 && i >= max {
			break
		}
		label := g.Label
		problem := "     " + strings.ReplaceAll(g.Problem, "\n", "\n     ")
		if len(g.IDs) == 1 {
			fmt.Fprintf(w, "%s %s\n%s\n", label, g.IDs[0], problem)
		} else {
			ids := g.IDs
			more := ""
			if len(ids) > 5 {
				ids, more = ids[:5], fmt.Sprintf(" and %d more", len(g.IDs)-5)
			}
			fmt.Fprintf(w, "%s %d scenarios failed the same way: %s%s\n%s\n", label, len(g.IDs), strings.Join(ids, ", "), more, problem)
		}
		shown += len(g.IDs)
	}
	if rest := len(failures) - shown; rest > 0 {
		where := "run with --report DIR to see them all"
		if o.ReportPath != "" {
			where = "see " + o.ReportPath
		}
		fmt.Fprintf(w, "… %d more failing scenarios (%d more ways) — %s\n", rest, len(groups)-max, where)
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

package report

import (
	"fmt"
	"io"
	"regexp"
	"sort"
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
	// The claimed profiles first: they are what the run judged.
	profiles := make([]result.ProfileSummary, 0, len(r.Profiles))
	for _, p := range r.Profiles {
		if p.Claimed {
			profiles = append(profiles, p)
		}
	}
	for _, p := range r.Profiles {
		if !p.Claimed {
			profiles = append(profiles, p)
		}
	}
	for _, p := range profiles {
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
// decision or extension the run does not require) and the same mistake (FailureKey):
// twenty scenarios that print the same wrong year are one group, shown by
// its first scenario's problem.
type FailureGroup struct {
	Verdict result.Verdict
	Label   string
	// Problem is the first scenario's; Difference, when the group's
	// scenarios differ from their expected values in the same way, says
	// how ("want "2026", got "26"").
	Problem    string
	Difference string
	IDs        []string
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

// GroupFailures groups failures by verdict, label and FailureKey, in the
// order their first scenario comes in.
func GroupFailures(r *result.Report, failures []result.ScenarioResult) []FailureGroup {
	var groups []FailureGroup
	at := map[string]int{}
	for _, s := range failures {
		v, label := r.LevelVerdict(s), failureLabel(r, s)
		k, diff := FailureKey(s)
		key := string(v) + "\x00" + label + "\x00" + k
		i, ok := at[key]
		if !ok {
			i = len(groups)
			at[key] = i
			groups = append(groups, FailureGroup{Verdict: v, Label: label, Problem: s.Problem, Difference: diff})
		}
		groups[i].IDs = append(groups[i].IDs, s.ID)
	}
	for i := range groups {
		if len(groups[i].IDs) == 1 {
			groups[i].Difference = ""
		}
	}
	// What fails the run first: FAIL groups before NOT FOLLOWED ones, each
	// kind in the order its first scenario came.
	sort.SliceStable(groups, func(i, j int) bool {
		return !strings.HasPrefix(groups[i].Label, "NOT FOLLOWED") && strings.HasPrefix(groups[j].Label, "NOT FOLLOWED")
	})
	return groups
}

// FailureKey is what the failures of one mistake share, with what each
// case fills in abstracted: the place (its list indices as N) and, when the
// answer differs from the expected value, the difference itself — the
// smallest stretch of whole words where they part ("2026" for "26"), or,
// when that stretch is long, the words where they first part. A schema
// violation's key is the schema's complaint (which names a place and a
// rule, not a case's value); anything else is its first line with quoted
// values and numbers abstracted. diff describes the difference for a
// person ("" when the key holds none).
func FailureKey(s result.ScenarioResult) (key, diff string) {
	first := firstLine(s.Problem)
	if s.Pointer != "" {
		// A golden mismatch: the same place (list indices as N), whatever
		// each scenario's values there.
		return "golden\x00" + abstractNumbers(s.Pointer), ""
	}
	if len(s.SchemaErrors) > 0 {
		return abstractNumbers(first), ""
	}
	if s.Expected != "" && s.Actual != "" && !strings.HasPrefix(s.Expected, "output ") {
		place := abstractNumbers(abstractQuotedValues(first))
		w, g := difference(s.Expected, s.Actual)
		d := fmt.Sprintf("want %s, got %s", quoteText(w), quoteText(g))
		return place + "\x00" + w + "\x00" + g, d
	}
	return abstractNumbers(abstractQuotedValues(first)), ""
}

// difference is the part of want and got between their longest common
// prefix and suffix, widened to whole words; when either part is longer
// than maxDifference, the words at the first place they part.
func difference(want, got string) (w, g string) {
	p := 0
	for p < len(want) && p < len(got) && want[p] == got[p] {
		p++
	}
	q := 0
	for q < len(want)-p && q < len(got)-p && want[len(want)-1-q] == got[len(got)-1-q] {
		q++
	}
	// Widened only where the cut splits a word.
	if (p < len(want) && isWordByte(want[p])) || (p < len(got) && isWordByte(got[p])) {
		for p > 0 && isWordByte(want[p-1]) {
			p--
		}
	}
	ew, eg := len(want)-q, len(got)-q
	if (ew > p && isWordByte(want[ew-1])) || (eg > p && isWordByte(got[eg-1])) {
		for ew < len(want) && eg < len(got) && isWordByte(want[ew]) {
			ew++
			eg++
		}
	}
	w, g = want[p:ew], got[p:eg]
	if len(w) <= maxDifference && len(g) <= maxDifference {
		return w, g
	}
	return firstWord(want[p:]), firstWord(got[p:])
}

const maxDifference = 40

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// firstWord is s's leading word, or its first byte when it does not start
// with one (a bracket, a quote).
func firstWord(s string) string {
	n := 0
	for n < len(s) && isWordByte(s[n]) {
		n++
	}
	if n == 0 && len(s) > 0 {
		n = 1
	}
	return s[:n]
}

func quoteText(s string) string { return fmt.Sprintf("%q", s) }

var (
	reQuotedValue = regexp.MustCompile(`("(?:[^"\\]|\\.)*")`)
	reNumber      = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?\b`)
)

// abstractQuotedValues replaces each quoted text of a problem line by "…",
// except the first, which names the place (the output's field, the error
// code asked for).
func abstractQuotedValues(line string) string {
	n := 0
	return reQuotedValue.ReplaceAllStringFunc(line, func(q string) string {
		n++
		if n == 1 {
			return q
		}
		return `"…"`
	})
}

// abstractNumbers replaces each number (a list index in a place, a count)
// by N.
func abstractNumbers(line string) string { return reNumber.ReplaceAllString(line, "N") }

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
			ids := g.IDs[1:]
			more := ""
			if len(ids) > 5 {
				ids, more = ids[:5], fmt.Sprintf(" and %d more", len(g.IDs)-6)
			}
			how := "the same way"
			if g.Difference != "" {
				how = "the same way (" + g.Difference + ")"
			}
			fmt.Fprintf(w, "%s %d scenarios failed %s; the first, %s:\n%s\n     the others: %s%s\n", label, len(g.IDs), how, g.IDs[0], problem, strings.Join(ids, ", "), more)
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

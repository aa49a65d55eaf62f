package report

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
)

// Comparison is several runs side by side; the shards of one run are merged
// into one column first.
type Comparison struct {
	Columns  []*ComparisonColumn
	Profiles []string
	// Differences are the scenarios with different outcomes in the runs
	// that judged them (a run that did not claim the profile, or lacks the
	// scenario, shows "not-claimed" or "-" and is not compared).
	Differences []ScenarioDifference
}

// ComparisonColumn is one run (or the merged shards of one run).
type ComparisonColumn struct {
	Label   string
	Sources []string
	Report  *result.Report
	// Shards says how a sharded run was merged: "3 of 3 shards", or which
	// are missing.
	Shards      string
	Certificate *Certificate
}

// ScenarioDifference is one scenario's outcome per column.
type ScenarioDifference struct {
	ID       string
	Outcomes []string
}

// Compare merges shards (same implementation, version, level, spec version,
// filters and shard count) and lines the runs up. order, when not nil, gives
// the suite order of scenario ids for merged shards.
func Compare(sources []string, reps []*result.Report, order map[string]int) (*Comparison, error) {
	if len(sources) != len(reps) {
		return nil, fmt.Errorf("conformance: %d sources for %d reports", len(sources), len(reps))
	}
	c := &Comparison{}
	groups := map[string]*ComparisonColumn{}
	members := map[string][]*result.Report{}
	for i, rep := range reps {
		key := fmt.Sprintf("#%d", i)
		if rep.Shard != "" {
			sh, err := selection.ParseShard(rep.Shard)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", sources[i], err)
			}
			h := rep.Hello
			key = strings.Join([]string{h.Implementation, h.Version, h.Language, string(rep.Level), string(rep.Require), rep.SpecVersion, rep.Tags,
				fmt.Sprint(rep.Run), fmt.Sprint(rep.Skip), fmt.Sprint(rep.CustomFeatures), fmt.Sprint(sh.Count)}, "\x00")
		}
		col := groups[key]
		if col == nil {
			col = &ComparisonColumn{}
			groups[key] = col
			c.Columns = append(c.Columns, col)
		}
		col.Sources = append(col.Sources, sources[i])
		members[key] = append(members[key], rep)
	}
	for key, col := range groups {
		rep, shards, err := mergeShards(members[key], order)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", strings.Join(col.Sources, ", "), err)
		}
		if rep.Complete && !coversSuite(rep, order) {
			// A summary is read, not trusted: complete means every
			// scenario of the suite is in it.
			rep.Complete = false
		}
		col.Report, col.Shards = rep, shards
		col.Certificate = NewCertificate(rep, "")
	}
	labels := map[string]int{}
	for _, col := range c.Columns {
		col.Label = strings.TrimSpace(col.Report.Hello.Implementation + " " + col.Report.Hello.Version)
		labels[col.Label]++
	}
	for _, col := range c.Columns {
		if labels[col.Label] > 1 {
			col.Label += " (" + strings.Join(col.Sources, ", ") + ")"
		}
	}
	seenProfile := map[string]bool{}
	var ids []string
	seenID := map[string]bool{}
	outcome := make([]map[string]string, len(c.Columns))
	for i, col := range c.Columns {
		outcome[i] = map[string]string{}
		for _, p := range col.Report.Profiles {
			if !seenProfile[p.Profile] {
				seenProfile[p.Profile] = true
				c.Profiles = append(c.Profiles, p.Profile)
			}
		}
		for _, s := range col.Report.Scenarios {
			outcome[i][s.ID] = col.Report.Outcome(s)
			if !seenID[s.ID] {
				seenID[s.ID] = true
				ids = append(ids, s.ID)
			}
		}
	}
	sort.Strings(c.Profiles)
	sortIDs(ids, order)
	for _, id := range ids {
		d := ScenarioDifference{ID: id}
		judged := map[string]bool{}
		for i := range c.Columns {
			o, ok := outcome[i][id]
			if !ok {
				o = "-"
			}
			d.Outcomes = append(d.Outcomes, o)
			if o != "-" && o != string(result.NotClaimed) {
				judged[o] = true
			}
		}
		if len(judged) > 1 {
			c.Differences = append(c.Differences, d)
		}
	}
	return c, nil
}

func sortIDs(ids []string, order map[string]int) {
	sort.SliceStable(ids, func(a, b int) bool {
		ia, oka := order[ids[a]]
		ib, okb := order[ids[b]]
		switch {
		case oka && okb:
			return ia < ib
		case oka != okb:
			return oka
		}
		return ids[a] < ids[b]
	})
}

// coversSuite reports whether rep holds a verdict for every scenario of
// the suite (order, by id), and was not interrupted. With no suite to
// compare against (order empty) only the interruption counts.
func coversSuite(rep *result.Report, order map[string]int) bool {
	if rep.Interrupted != "" || rep.NotRun > 0 {
		return false
	}
	if len(order) == 0 {
		return true
	}
	seen := make(map[string]bool, len(rep.Scenarios))
	for _, s := range rep.Scenarios {
		if _, ok := order[s.ID]; ok {
			seen[s.ID] = true
		}
	}
	return len(seen) == len(order)
}

// mergeShards joins the reports of one sharded run into one report.
func mergeShards(reps []*result.Report, order map[string]int) (*result.Report, string, error) {
	if len(reps) == 1 && reps[0].Shard == "" {
		return reps[0], "", nil
	}
	count := 0
	have := map[int]bool{}
	for _, r := range reps {
		sh, err := selection.ParseShard(r.Shard)
		if err != nil {
			return nil, "", err
		}
		if have[sh.Index] {
			return nil, "", fmt.Errorf("shard %s appears twice", r.Shard)
		}
		have[sh.Index], count = true, sh.Count
	}
	first := reps[0]
	m := &result.Report{Format: result.SummaryFormat, SpecVersion: first.SpecVersion, Hello: first.Hello, Level: first.Level,
		Require: first.Require, GoldensTzdata: first.GoldensTzdata, Tags: first.Tags, Run: first.Run, Skip: first.Skip,
		CustomFeatures: first.CustomFeatures}
	profiles := map[string]*result.ProfileSummary{} // claimed by any shard, with its missing operations
	var names []string
	seen := map[string]bool{}
	stale := map[selection.StalePattern]bool{}
	complete := len(have) == count && !first.CustomFeatures && first.Tags == "" && len(first.Run) == 0 && len(first.Skip) == 0
	for _, r := range reps {
		m.Duration += r.Duration
		m.SchemaValidated += r.SchemaValidated
		m.NotRun += r.NotRun
		complete = complete && r.NotRun == 0
		for _, p := range r.Profiles {
			e := profiles[p.Profile]
			if e == nil {
				e = &result.ProfileSummary{Profile: p.Profile}
				profiles[p.Profile] = e
				names = append(names, p.Profile)
			}
			e.Claimed = e.Claimed || p.Claimed
			if len(p.MissingOps) > 0 {
				e.MissingOps = p.MissingOps
			}
		}
		for _, s := range r.Scenarios {
			if !seen[s.ID] {
				seen[s.ID] = true
				m.Scenarios = append(m.Scenarios, s)
			}
		}
		for _, p := range r.Stale {
			if !stale[p] {
				stale[p] = true
				m.Stale = append(m.Stale, p)
			}
		}
	}
	m.Complete = complete
	ids := make([]string, len(m.Scenarios))
	byID := map[string]result.ScenarioResult{}
	for i, s := range m.Scenarios {
		ids[i] = s.ID
		byID[s.ID] = s
	}
	sortIDs(ids, order)
	for i, id := range ids {
		m.Scenarios[i] = byID[id]
	}
	for _, name := range names {
		m.Profiles = append(m.Profiles, *profiles[name])
	}
	m.Recount()
	var missing []string
	for i := 1; i <= count; i++ {
		if !have[i] {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	shards := fmt.Sprintf("%d of %d shards", len(have), count)
	if len(missing) > 0 {
		shards += " (missing " + strings.Join(missing, ", ") + ")"
	}
	return m, shards, nil
}

// ProfileCell is how a comparison shows one profile of one run.
func (col *ComparisonColumn) ProfileCell(profile string) (text, class string) {
	var p *result.ProfileSummary
	for i := range col.Report.Profiles {
		if col.Report.Profiles[i].Profile == profile {
			p = &col.Report.Profiles[i]
		}
	}
	if p == nil {
		return "not run", "not-claimed"
	}
	if !p.Claimed {
		return "not claimed", "not-claimed"
	}
	counts := fmt.Sprintf("%d/%d passed", p.Passed, p.Scenarios)
	if p.Failed > 0 {
		counts += fmt.Sprintf(", %d failed", p.Failed)
		if p.KnownFailing > 0 {
			counts += fmt.Sprintf(" (%d known)", p.KnownFailing)
		}
	}
	if nf := notFollowed(*p); nf != "" {
		counts += "; " + nf
	}
	conforms := false
	for _, cp := range col.Certificate.Profiles {
		if cp.Profile == profile {
			conforms = cp.Conforms
		}
	}
	switch {
	case conforms:
		return "conforms, " + counts, "conforms"
	case !p.Required.All():
		return counts, "failed"
	default:
		return counts + " (partial run)", "partial"
	}
}

var cellMarks = map[string]string{"conforms": "✅ ", "failed": "❌ ", "partial": "⚠️ ", "not-claimed": "➖ "}

// WriteMarkdown prints the comparison as Markdown: the profile matrix, the
// runs, and the scenarios that differ.
func (c *Comparison) WriteMarkdown(w io.Writer) {
	fmt.Fprintf(w, "# clockspec comparison\n\n")
	fmt.Fprintf(w, "| profile |")
	for _, col := range c.Columns {
		fmt.Fprintf(w, " %s |", mdCell(col.Label))
	}
	fmt.Fprintf(w, "\n| --- |%s\n", strings.Repeat(" --- |", len(c.Columns)))
	for _, p := range c.Profiles {
		fmt.Fprintf(w, "| %s |", mdCell(p))
		for _, col := range c.Columns {
			text, class := col.ProfileCell(p)
			fmt.Fprintf(w, " %s%s |", cellMarks[class], mdCell(text))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n| run | language | spec | level | tzdata | complete | duration | source |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n")
	for _, col := range c.Columns {
		r := col.Report
		complete := "yes"
		if !r.Complete {
			complete = "no"
		}
		if col.Shards != "" {
			complete += ", " + col.Shards
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", mdCell(col.Label), mdCell(r.Hello.Language), mdCell(r.SpecVersion),
			r.Level, mdCell(r.Hello.Tzdata), complete, r.Duration.Round(1e6), mdCell(strings.Join(col.Sources, ", ")))
	}
	fmt.Fprintf(w, "\n")
	for _, col := range c.Columns {
		fmt.Fprintf(w, "- %s\n", mdCell(col.Certificate.Statement))
	}
	if len(c.Columns) < 2 {
		return
	}
	fmt.Fprintf(w, "\n## Scenarios that differ (%d)\n\n", len(c.Differences))
	if len(c.Differences) == 0 {
		fmt.Fprintf(w, "Every scenario has the same outcome in every run that judged it.\n")
		return
	}
	fmt.Fprintf(w, "| scenario |")
	for _, col := range c.Columns {
		fmt.Fprintf(w, " %s |", mdCell(col.Label))
	}
	fmt.Fprintf(w, "\n| --- |%s\n", strings.Repeat(" --- |", len(c.Columns)))
	for _, d := range c.Differences {
		fmt.Fprintf(w, "| %s |", mdCell(d.ID))
		for _, o := range d.Outcomes {
			fmt.Fprintf(w, " %s |", o)
		}
		fmt.Fprintln(w)
	}
}

// mdCell writes text from the runs' summaries (an implementation's name,
// its version, a certificate's statement: what an implementation chose)
// so that Markdown shows it as text: no raw HTML, no link or image (no
// bracket starts one), no emphasis, no table cell or line of its own. A CI
// job summary renders it.
func mdCell(s string) string { return mdEscaper.Replace(s) }

var mdEscaper = strings.NewReplacer(
	"&", "&amp;", "<", "&lt;", ">", "&gt;", "\n", " ", "\r", " ",
	`\`, `\\`, "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "|", `\|`, "~", `\~`, "#", `\#`,
)

type htmlComparison struct {
	*Comparison
	Rows []htmlComparisonRow
}

type htmlComparisonRow struct {
	Profile string
	Cells   []htmlCell
}

type htmlCell struct{ Text, Class string }

// WriteHTML writes the comparison as one self-contained HTML page.
func (c *Comparison) WriteHTML(w io.Writer) error {
	d := htmlComparison{Comparison: c}
	for _, p := range c.Profiles {
		row := htmlComparisonRow{Profile: p}
		for _, col := range c.Columns {
			text, class := col.ProfileCell(p)
			row.Cells = append(row.Cells, htmlCell{text, class})
		}
		d.Rows = append(d.Rows, row)
	}
	if err := templates().ExecuteTemplate(w, "compare.html.tmpl", d); err != nil {
		return fmt.Errorf("conformance: the comparison page: %w", err)
	}
	return nil
}

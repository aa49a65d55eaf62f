package report_test

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/reference"
)

func TestShardReportsMergeIntoTheWholeRun(t *testing.T) {
	whole := run(t, broken{Implementation: reference.New()}, conformance.Options{Tags: "@v1"})
	var reps []*conformance.Report
	var names []string
	for i := 1; i <= 3; i++ {
		reps = append(reps, run(t, broken{Implementation: reference.New()}, conformance.Options{Tags: "@v1", Shard: conformance.Shard{Index: i, Count: 3}}))
		names = append(names, "shard")
	}
	// Round-trip through JSON, as conform report reads summary.json.
	for i, r := range reps {
		b, _ := json.Marshal(r)
		reps[i] = &conformance.Report{}
		if err := json.Unmarshal(b, reps[i]); err != nil {
			t.Fatal(err)
		}
	}
	cmp, err := report.Compare(names, reps, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmp.Columns) != 1 || cmp.Columns[0].Shards != "3 of 3 shards" {
		t.Fatalf("want one merged column of 3 shards, got %d columns (%q)", len(cmp.Columns), cmp.Columns[0].Shards)
	}
	m := cmp.Columns[0].Report
	if len(m.Scenarios) != len(whole.Scenarios) || m.Profiles[0].Passed != whole.Profiles[0].Passed || m.Profiles[0].Failed != whole.Profiles[0].Failed {
		t.Errorf("merged %d scenarios %+v, whole %d %+v", len(m.Scenarios), m.Profiles[0], len(whole.Scenarios), whole.Profiles[0])
	}
	cmp, err = report.Compare(names[:2], reps[:2], nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cmp.Columns[0].Shards, "missing 3") || cmp.Columns[0].Report.Complete {
		t.Errorf("a missing shard is not noted: %q", cmp.Columns[0].Shards)
	}
}

func TestComparisonListsOnlyJudgedDifferences(t *testing.T) {
	sel := conformance.Options{Run: patterns("v1/escape-xml/**", "v1/timezone/valid-iana")}
	ref := run(t, reference.New(), sel)
	bad := run(t, broken{Implementation: reference.New()}, sel)
	unclaimed := run(t, reference.New(), conformance.Options{Run: patterns("datetime/weekday/**")})
	cmp, err := report.Compare([]string{"ref", "bad", "other"}, []*conformance.Report{ref, bad, unclaimed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	failing := 0
	for _, s := range bad.Scenarios {
		if bad.LevelVerdict(s) != conformance.Passed {
			failing++
		}
	}
	if len(cmp.Columns) != 3 || len(cmp.Differences) != failing {
		t.Errorf("%d columns, %d differences, want 3 and %d", len(cmp.Columns), len(cmp.Differences), failing)
	}
	for _, d := range cmp.Differences {
		if d.Outcomes[0] != "passed" || d.Outcomes[2] != "-" {
			t.Errorf("%s: %v", d.ID, d.Outcomes)
		}
	}
	var md strings.Builder
	cmp.WriteMarkdown(&md)
	if !strings.Contains(md.String(), "| v1 | ✅ ") && !strings.Contains(md.String(), "| v1 | ⚠️ 12/12 passed (partial run)") {
		t.Errorf("matrix:\n%s", md.String())
	}
}

// A summary.json written before tiers existed reads back with every scenario
// required, so conform report still certifies it.
func TestSummaryWithoutTiersReadsAsRequired(t *testing.T) {
	rep := run(t, reference.New(), conformance.Options{Run: patterns("v1/escape-xml/**")})
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "require")
	for _, s := range doc["scenarios"].([]any) {
		delete(s.(map[string]any), "tier")
	}
	for _, p := range doc["profiles"].([]any) {
		for _, k := range []string{"required", "decisions", "extensions"} {
			delete(p.(map[string]any), k)
		}
	}
	old, _ := json.Marshal(doc)
	path := t.TempDir() + "/summary.json"
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadSummary(path)
	if err != nil {
		t.Fatal(err)
	}
	p := back.Profiles[0]
	if p.Required.Total != len(rep.Scenarios) || p.Required.Passed != p.Required.Total || p.Decisions.Total != 0 || !p.Conforms() {
		t.Errorf("an old summary reads back as %+v", p)
	}
}

// What an implementation names itself is shown as text in the Markdown a CI
// job summary renders: no raw HTML, no link, no image, no extra cell.
func TestMarkdownShowsAnImplementationsWordsAsText(t *testing.T) {
	rep := run(t, reference.New(), conformance.Options{Run: patterns("v1/escape-xml/**")})
	rep.Hello.Implementation = `<img src=x onerror=alert(1)>[click](javascript:alert(1)) ![i](http://x.test/i.png) | cell`
	rep.Hello.Language = "<script>alert(1)</script>"
	cmp, err := report.Compare([]string{"evil"}, []*conformance.Report{rep}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	cmp.WriteMarkdown(&md)
	// Unescaped: not preceded by a backslash.
	for _, bad := range []string{`<img`, `<script`, `[^\\]\]\(javascript:`, `[^\\]\[i`, `[^\\]\| cell`} {
		if regexp.MustCompile(bad).MatchString(md.String()) {
			t.Errorf("the Markdown holds %s unescaped:\n%s", bad, md.String())
		}
	}
	if !strings.Contains(md.String(), `&lt;img src=x onerror=alert(1)&gt;\[click\](javascript:alert(1))`) {
		t.Errorf("the name is not shown as text:\n%s", md.String())
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// The repository root, as go test runs in gen/.
const repo = ".."

var generated = sync.OnceValues(func() (Files, error) { return Generate(os.DirFS(repo)) })

func files(t *testing.T) Files {
	t.Helper()
	f, err := generated()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestCheckFailsAfterAHandEdit(t *testing.T) {
	f := files(t)
	dir := t.TempDir()
	if _, err := Write(dir, f); err != nil {
		t.Fatal(err)
	}
	if problems, err := Check(dir, f); err != nil || len(problems) != 0 {
		t.Fatalf("fresh output does not check: %v %v", problems, err)
	}
	expect := func(what, want string) {
		t.Helper()
		problems, err := Check(dir, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) != 1 || !strings.HasPrefix(problems[0], want) {
			t.Errorf("%s: want one problem %q, got %q", what, want, problems)
		}
	}
	for _, p := range []string{"docs/profiles/v1.md", "docs/site/index.html", "docs/site/traceability.json", "features/v1/timezone_names.feature",
		"goldens/v1/escape-xml/ampersand.jsonl", "goldens/tzdata.golden", "spec/clock-core/musts_listing.md", "examples/node-v1/v1.js", "examples/mcp-datetime-node/tools.json"} {
		full := filepath.Join(dir, filepath.FromSlash(p))
		orig, err := os.ReadFile(full)
		if err != nil {
			t.Fatal(err)
		}
		edited := bytes.Replace(orig, []byte("\n"), []byte("\nan edit by hand\n"), 3)
		if err := os.WriteFile(full, edited, 0o644); err != nil {
			t.Fatal(err)
		}
		expect("edited "+p, "differs: "+p)
		if err := os.Remove(full); err != nil {
			t.Fatal(err)
		}
		expect("deleted "+p, "missing: "+p)
		if err := os.WriteFile(full, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stray := filepath.Join(dir, "docs", "site", "old-profile.html")
	if err := os.WriteFile(stray, []byte("<!DOCTYPE html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect("a page gen no longer writes", "left over: docs/site/old-profile.html")
	changed, err := Write(dir, f)
	if err != nil || len(changed) != 1 || changed[0] != "removed docs/site/old-profile.html" {
		t.Errorf("make gen must remove what it no longer writes: %v %v", changed, err)
	}
	strayFeature := filepath.Join(dir, "features", "v1", "gone.feature")
	if err := os.WriteFile(strayFeature, []byte(featureHeader+" (source: spec/v1/cases/gone.yaml)\n@v1\nFeature: gone\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect("a feature whose case table is gone", "left over: features/v1/gone.feature")
	if err := os.Remove(strayFeature); err != nil {
		t.Fatal(err)
	}
	// In goldens/ every file is gen's but the Go package that embeds them.
	strayGolden := filepath.Join(dir, "goldens", "v1", "escape-xml", "ampersand.1.golden")
	if err := os.WriteFile(strayGolden, []byte(`{"output":{"result":"a &amp; b"}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect("a golden of the old layout", "left over: goldens/v1/escape-xml/ampersand.1.golden")
	if err := os.Remove(strayGolden); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "goldens", "goldens.go"), []byte("package goldens\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if problems, err := Check(dir, f); err != nil || len(problems) != 0 {
		t.Errorf("the goldens package's own Go file is not gen's: %v %v", problems, err)
	}
}

// copySources copies what gen reads (Sources) into dir: a repository gen
// can run in, without the files gen writes (but the features it writes,
// which sit among the hand-written ones).
func copySources(t *testing.T, dir string) {
	t.Helper()
	for _, src := range Sources {
		from, to := filepath.Join(repo, filepath.FromSlash(src)), filepath.Join(dir, filepath.FromSlash(src))
		info, err := os.Stat(from)
		if err != nil {
			t.Fatal(err)
		}
		if info.IsDir() {
			err = os.CopyFS(to, os.DirFS(from))
		} else if err = os.MkdirAll(filepath.Dir(to), 0o755); err == nil {
			var b []byte
			if b, err = os.ReadFile(from); err == nil {
				err = os.WriteFile(to, b, 0o644)
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestMakeCheckFailsAfterAHandEdit is make check end to end: a copy of the
// sources, gen into it, gen -check passes, a hand edit, gen -check fails.
func TestMakeCheckFailsAfterAHandEdit(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: it runs make check on a copy of the checkout; TestCheckFailsAfterAHandEdit checks the same in process; make test-long runs it")
	}
	dir := t.TempDir()
	copySources(t, dir)
	var out, errb bytes.Buffer
	if code := run([]string{"-root", dir}, &out, &errb); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, errb.String())
	}
	if code := run([]string{"-root", dir, "-check"}, &out, &errb); code != 0 {
		t.Fatalf("gen -check right after gen: exit %d\n%s", code, errb.String())
	}
	page := filepath.Join(dir, "docs", "profiles", "datetime.md")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, bytes.Replace(b, []byte("pass"), []byte("PASS"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"-root", dir, "-check"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "differs: docs/profiles/datetime.md") {
		t.Errorf("gen -check after a hand edit: exit %d\n%s", code, errb.String())
	}
	// A source edit makes the output stale the same way.
	table := filepath.Join(dir, "spec", "v1", "cases", "timezone_names.yaml")
	b, _ = os.ReadFile(table)
	if err := os.WriteFile(table, bytes.Replace(b, []byte("title: Time zone names"), []byte("title: The time zone names"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"-root", dir, "-check"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "differs: features/v1/timezone_names.feature") {
		t.Errorf("gen -check after a case table edit: exit %d\n%s", code, errb.String())
	}
	// So does an edit of a file an example carries a copy of.
	oracle := filepath.Join(dir, "oracle", "js", "v1.js")
	b, _ = os.ReadFile(oracle)
	if err := os.WriteFile(oracle, append(b, "// an edit of the oracle\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"-root", dir, "-check"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "differs: examples/node-v1/v1.js") {
		t.Errorf("gen -check after an edit of the oracle's v1.js: exit %d\n%s", code, errb.String())
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	a := files(t)
	b, err := Generate(os.DirFS(repo))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		for p := range a {
			if !bytes.Equal(a[p], b[p]) {
				t.Errorf("%s differs between two runs", p)
			}
		}
	}
	for p, b := range a {
		// Go files say it in Go's own words, which go vet and editors read.
		goMark := strings.HasSuffix(p, ".go") && bytes.HasPrefix(b, []byte("// Code generated by gen")) && bytes.Contains(b, []byte("; DO NOT EDIT."))
		if !bytes.Contains(b, []byte(generatedMark)) && !markless(p) && !goMark {
			t.Errorf("%s does not say it is generated", p)
		}
	}
}

func TestDocsCoverEveryProfileRequirementAndDecision(t *testing.T) {
	f := files(t)
	cat, err := spec.LoadFS(mustSub(t, "spec"))
	if err != nil {
		t.Fatal(err)
	}
	suite, err := features.Load(overlay(t, f))
	if err != nil {
		t.Fatal(err)
	}
	profiles := map[string]bool{}
	for _, p := range cat.Profiles {
		profiles[p.Name] = true
	}
	for _, p := range suite.Profiles() {
		profiles[p] = true
	}
	for p := range profiles {
		md, html := string(f["docs/profiles/"+p+".md"]), string(f["docs/site/"+p+".html"])
		if md == "" || html == "" {
			t.Errorf("profile %s has no page (md %d bytes, html %d bytes)", p, len(md), len(html))
			continue
		}
		if !strings.Contains(string(f["docs/profiles/README.md"]), "["+p+"]("+p+".md)") ||
			!strings.Contains(string(f["docs/site/index.html"]), `href="`+p+`.html"`) {
			t.Errorf("the indexes do not link profile %s", p)
		}
		if prof, ok := cat.Profile(p); ok {
			for _, r := range prof.Requirements {
				if !strings.Contains(md, "### "+r.ID+"\n") || !strings.Contains(html, `id="`+anchor(r.ID)+`"`) {
					t.Errorf("%s: requirement %s has no section", p, r.ID)
				}
			}
		}
	}
	var trace struct {
		Profiles []struct {
			Profile      string `json:"profile"`
			Requirements []struct {
				ID        string   `json:"id"`
				Scenarios []string `json:"scenarios"`
			} `json:"requirements"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal(f["docs/site/traceability.json"], &trace); err != nil {
		t.Fatal(err)
	}
	traced := map[string]map[string]bool{}
	for _, p := range trace.Profiles {
		for _, r := range p.Requirements {
			traced[r.ID] = map[string]bool{}
			for _, s := range r.Scenarios {
				traced[r.ID][s] = true
			}
		}
	}
	for _, sc := range suite.Scenarios {
		page := string(f["docs/profiles/"+sc.Profile+".md"])
		if !strings.Contains(page, "`"+sc.BaseID+"`") {
			t.Errorf("%s is not on its profile's page", sc.BaseID)
		}
		for _, r := range sc.Reqs {
			if !traced[r][sc.BaseID] {
				t.Errorf("traceability.json does not trace %s to %s", r, sc.BaseID)
			}
		}
		if sc.Tier == features.Extension && sc.Profile == "v1" && !strings.Contains(string(f["docs/profiles/porting-v1.md"]), "### `"+sc.BaseID+"`") {
			t.Errorf("v1 extension %s is not on the porting page", sc.BaseID)
		}
		if sc.Decision || sc.Tier == features.Extension {
			if !strings.Contains(string(f["docs/profiles/decisions.md"]), "### `"+sc.BaseID+"`") ||
				!strings.Contains(string(f["docs/site/decisions.html"]), `id="`+sc.BaseID+`"`) {
				t.Errorf("decision %s is not in the decision index", sc.BaseID)
			}
			if sc.Description != "" && !strings.Contains(string(f["docs/site/decisions.html"]), htmlEsc(strings.Fields(sc.Description)[0])) {
				t.Errorf("decision %s: its reason is not in the index", sc.BaseID)
			}
		}
	}
}

// htmlEsc escapes like html/template for the few characters that matter.
func htmlEsc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "+", "&#43;").Replace(s)
}

func TestTheSiteIsSelfContained(t *testing.T) {
	external := regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:)?//|<link\b|@import|url\(|<script\b[^>]*\bsrc=`)
	for p, b := range files(t) {
		if strings.HasPrefix(p, "docs/site/") && strings.HasSuffix(p, ".html") {
			if m := external.Find(b); m != nil {
				t.Errorf("%s loads something from outside: %s", p, m)
			}
			if !bytes.HasPrefix(b, []byte("<!DOCTYPE html>\n<!-- "+generatedMark)) {
				t.Errorf("%s: no doctype and generated mark at the top", p)
			}
		}
	}
}

// Every case table renders to a feature from which Gherkin reads back
// exactly the table's rows, and the suite runs it under the outline ids.
func TestCaseTablesRoundTrip(t *testing.T) {
	tables, err := fs.Glob(os.DirFS(repo), "spec/*/cases/*.yaml")
	if err != nil || len(tables) == 0 {
		t.Fatalf("no case tables (%v): the mechanism has no real use", err)
	}
	for _, src := range tables {
		b, err := os.ReadFile(filepath.Join(repo, src))
		if err != nil {
			t.Fatal(err)
		}
		var cf caseFile
		if err := yaml.Unmarshal(b, &cf); err != nil {
			t.Fatal(err)
		}
		out, err := renderCaseTable(src, strings.Split(src, "/")[1], b)
		if err != nil {
			t.Fatal(err)
		}
		checkRoundTrip(t, src, cf, out)
	}
	tricky := `feature: {title: tricky}
outlines:
  - id: v1/tricky/cells
    title: cells Gherkin escapes
    steps: ['When I call "v1.escape_xml" with {"text": "<text>"}', {step: 'Then the output is:', doc: "{\"result\": \"<text>\"}\n\"\"\"", media: json}]
    columns: [case, text]
    rows:
      - [pipe, 'a|b']
      - [backslash-u, '\u0020x']
      - [backslash-n, 'a\nb']
      - [double-backslash, 'a\\b']
      - [trailing-backslash, 'a\']
      - [backslash-pipe, '\|']
      - [unicode, 'héllo → 世界']
      - [empty, '']
`
	var cf caseFile
	if err := yaml.Unmarshal([]byte(tricky), &cf); err != nil {
		t.Fatal(err)
	}
	out, err := renderCaseTable("tricky.yaml", "v1", []byte(tricky))
	if err != nil {
		t.Fatal(err)
	}
	checkRoundTrip(t, "tricky.yaml", cf, out)
	if !strings.Contains(string(out), `\"\"\"`) {
		t.Errorf("a doc string's \"\"\" is not escaped:\n%s", out)
	}
}

func checkRoundTrip(t *testing.T, src string, cf caseFile, out []byte) {
	t.Helper()
	doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(out), (&messages.Incrementing{}).NewId)
	if err != nil {
		t.Fatalf("%s: the generated feature does not parse: %v\n%s", src, err, out)
	}
	var outlines []*messages.Scenario
	for _, c := range doc.Feature.Children {
		if c.Scenario != nil {
			outlines = append(outlines, c.Scenario)
		}
	}
	if len(outlines) != len(cf.Outlines) {
		t.Fatalf("%s: %d outlines, want %d", src, len(outlines), len(cf.Outlines))
	}
	for i, o := range cf.Outlines {
		got := outlines[i]
		if got.Tags[len(got.Tags)-1].Name != features.IDTag+o.ID || got.Name != oneLine(o.Title) || len(got.Steps) != len(o.Steps) {
			t.Errorf("%s: outline %s: tags %v, name %q, %d steps", src, o.ID, got.Tags, got.Name, len(got.Steps))
		}
		for j, st := range o.Steps {
			if got.Steps[j].Keyword+got.Steps[j].Text != st.Text {
				t.Errorf("%s: step %q reads back as %q", src, st.Text, got.Steps[j].Keyword+got.Steps[j].Text)
			}
			if st.Doc != "" && (got.Steps[j].DocString == nil || got.Steps[j].DocString.Content != strings.TrimRight(st.Doc, "\n")) {
				t.Errorf("%s: doc string %q reads back as %+v", src, st.Doc, got.Steps[j].DocString)
			}
		}
		ex := got.Examples[0]
		var header []string
		for _, c := range ex.TableHeader.Cells {
			header = append(header, c.Value)
		}
		if !reflect.DeepEqual(header, o.Columns) {
			t.Errorf("%s: header %q, want %q", src, header, o.Columns)
		}
		for k, r := range ex.TableBody {
			var cells []string
			for _, c := range r.Cells {
				cells = append(cells, c.Value)
			}
			if !reflect.DeepEqual(cells, o.Rows[k]) {
				t.Errorf("%s: row %d reads back as %q, want %q", src, k+1, cells, o.Rows[k])
			}
		}
	}
}

func TestCaseTableMistakesAreErrors(t *testing.T) {
	base := func(columns, rows, steps string) string {
		return "feature: {title: t}\noutlines:\n  - id: v1/t/o\n    title: o\n    steps: " + steps +
			"\n    columns: " + columns + "\n    rows: " + rows + "\n"
	}
	step := `['When I call "v1.escape_xml" with {"text": "<text>"}']`
	for name, c := range map[string]struct{ yaml, want string }{
		"no case column":     {base("[text]", "[[a]]", step), `needs a "case" column`},
		"unknown column":     {base("[case, text]", "[[a, b]]", `['When I call "v1.escape_xml" with {"text": "<txt>"}']`), "uses <txt>, which is not a column"},
		"unused column":      {base("[case, text, extra]", "[[a, b, c]]", step), `column "extra" is used by no step`},
		"ragged row":         {base("[case, text]", "[[a, b], [c]]", step), "row 2 has 1 cells for 2 columns"},
		"repeated case":      {base("[case, text]", "[[a, b], [a, c]]", step), `case "a" must be a unique slug`},
		"case with a space":  {base("[case, text]", "[[a b, c]]", step), `case "a b" must be a unique slug`},
		"padded cell":        {base("[case, text]", "[[a, ' b']]", step), "white space at an end"},
		"no keyword":         {base("[case, text]", "[[a, b]]", `['I call "v1.escape_xml" with {"text": "<text>"}']`), "must be one line starting with Given"},
		"unknown key":        {"feature: {title: t, colour: red}\n", "field colour not found"},
		"id of another":      {strings.Replace(base("[case, text]", "[[a, b]]", step), "v1/t/o", "datetime/t/o", 1), "id must start with v1/"},
		"id tag in the tags": {strings.Replace(base("[case, text]", "[[a, b]]", step), "title: o", "title: o\n    tags: ['@id:v1/x']", 1), "the id goes in `id`"},
	} {
		_, err := renderCaseTable("t.yaml", "v1", []byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "t.yaml") {
			t.Errorf("%s: want an error naming the file and %q, got %v", name, c.want, err)
		}
	}
}

func mustSub(t *testing.T, dir string) fs.FS {
	t.Helper()
	sub, err := fs.Sub(os.DirFS(repo), dir)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func overlay(t *testing.T, f Files) fs.FS {
	t.Helper()
	o, err := featuresOverlay(os.DirFS(repo), f)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// An @extension scenario of v1 is listed, with its reason, in the tier index
// and on the porting page, and counted in the profile's extension tier; a
// scenario with two tier tags makes gen (so make check) fail with its place.
func TestTiersInTheDocsAndThePortingPage(t *testing.T) {
	dir := t.TempDir()
	copySources(t, dir)
	v1Extensions := regexp.MustCompile(`\| \[v1\]\(v1\.md\) \|[^\n]*\| \[\d+/(\d+)\]\(decisions\.md#v1\) \|`)
	before, err := Generate(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	m := v1Extensions.FindStringSubmatch(string(before["docs/profiles/README.md"]))
	if m == nil {
		t.Fatalf("the README has no v1 extension count:\n%s", before["docs/profiles/README.md"])
	}
	extBefore, _ := strconv.Atoi(m[1])
	ext := filepath.Join(dir, "features", "v1", "tier_probe.feature")
	probe := `@v1
Feature: tier probe
  @extension @id:v1/tier-probe/beyond
  Scenario: an extension a faithful port fails
    v1 never did this; the kit recommends it.
    When I call "v1.escape_xml" with {"text": "probe & probe"}
    Then the output "result" is "probe &amp; probe"
`
	if err := os.WriteFile(ext, []byte(probe), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Generate(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	porting, tiers, readme := string(f["docs/profiles/porting-v1.md"]), string(f["docs/profiles/decisions.md"]), string(f["docs/profiles/README.md"])
	if !strings.Contains(porting, "### `v1/tier-probe/beyond`") || !strings.Contains(porting, "> v1 never did this; the kit recommends it.") ||
		!strings.Contains(porting, "## tier probe") {
		t.Errorf("the porting page does not list the extension:\n%s", porting)
	}
	if !strings.Contains(tiers, "**Extensions** (1)") || !strings.Contains(tiers, "### `v1/tier-probe/beyond`") {
		t.Errorf("the tier index does not list the extension")
	}
	if m := v1Extensions.FindStringSubmatch(readme); m == nil || m[1] != strconv.Itoa(extBefore+1) {
		t.Errorf("the README does not count the probe among v1's %d extensions:\n%s", extBefore, readme)
	}
	if !strings.Contains(string(f["docs/site/porting-v1.html"]), `id="v1/tier-probe/beyond"`) ||
		!strings.Contains(string(f["docs/site/decisions.html"]), `id="v1/tier-probe/beyond"`) {
		t.Errorf("the site does not list the extension")
	}

	if err := os.WriteFile(ext, []byte(strings.Replace(probe, "@extension", "@extension @decision", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-root", dir, "-check"}, &out, &errb); code != 2 ||
		!strings.Contains(errb.String(), `v1/tier_probe.feature:4: scenario "v1/tier-probe/beyond" has two tier tags`) {
		t.Errorf("gen -check with two tier tags: exit %d\n%s", code, errb.String())
	}
}

// make gen is one run in one order. In a copy of what gen reads, a case
// table gains a row and a clock-core case table appears; one gen then
// writes their features, their calls in the corpus, the MUSTs listing that
// lists the clock-core one, and the documentation that counts both as
// passing at the exact level (so against the new corpus); gen -check passes
// right after. Out of order, each of these would be missing or stale.
func TestOneGenAfterACaseTableEdit(t *testing.T) {
	dir := t.TempDir()
	copySources(t, dir)
	table := filepath.Join(dir, "spec", "v1", "cases", "timezone_names.yaml")
	b, err := os.ReadFile(table)
	if err != nil {
		t.Fatal(err)
	}
	last := []byte("      - [kyiv, Europe/Kyiv]\n")
	if !bytes.Contains(b, last) {
		t.Fatalf("%s has no row %q to add a row after", table, last)
	}
	b = bytes.Replace(b, last, append(last, "      - [probe-row, asia/TOKYO]\n"...), 1)
	if err := os.WriteFile(table, b, 0o644); err != nil {
		t.Fatal(err)
	}
	probe := `feature: {title: probe}
outlines:
  - id: clock-core/probe/iana
    tags: ["@req:CLK-TZ-IANA-ONLY"]
    title: a probe of the order gen derives in
    steps:
      - 'When I call "clock-core.offset_minutes" with {"tz": "<tz>", "instant": "2026-02-10T03:02:00Z"}'
      - 'Then the error code is "invalid_timezone"'
    columns: [case, tz]
    rows:
      - [probe-zone, Probe/Nowhere]
`
	if err := os.MkdirAll(filepath.Join(dir, "spec", "clock-core", "cases"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "spec", "clock-core", "cases", "probe.yaml"), []byte(probe), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-root", dir}, &out, &errb); code != 0 {
		t.Fatalf("gen: exit %d\n%s", code, errb.String())
	}
	if code := run([]string{"-root", dir, "-check"}, &out, &errb); code != 0 {
		t.Fatalf("gen -check right after one gen: exit %d\n%s", code, errb.String())
	}
	read := func(p string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for p, want := range map[string]string{
		"features/v1/timezone_names.feature":                   "| probe-row ",
		"features/clock-core/probe.feature":                    "@id:clock-core/probe/iana",
		"goldens/v1/timezone/valid-intl-names/probe-row.jsonl": `{"op":"v1.is_valid_timezone","input":{"timezone":"asia/TOKYO"},"output":{"valid":true}}` + "\n",
		"goldens/clock-core/probe/iana/probe-zone.jsonl":       `"error":{"code":"invalid_timezone"}}`,
		"spec/clock-core/musts_listing.md":                     "- clock-core/probe/iana/probe-zone\n",
	} {
		if got := read(p); !strings.Contains(got, want) {
			t.Errorf("%s lacks %q", p, want)
		}
	}
	// The documentation counts both new scenarios as passing at the exact
	// level: its run compared them with the corpus written before it.
	passing := regexp.MustCompile(`\| \[(v1|clock-core)\]\([^)]*\) \|[^\n]*✅ (\d+) of (\d+) pass \|`)
	counts := func(readme string) map[string]string {
		m := map[string]string{}
		for _, row := range passing.FindAllStringSubmatch(readme, -1) {
			m[row[1]] = row[2] + "/" + row[3]
		}
		return m
	}
	before, after := counts(string(mustRead(t, filepath.Join(repo, "docs", "profiles", "README.md")))), counts(read("docs/profiles/README.md"))
	for _, p := range []string{"v1", "clock-core"} {
		var n int
		if _, err := fmt.Sscanf(before[p], "%d/", &n); err != nil {
			t.Fatalf("the README has no passing count for %s: %v", p, before)
		}
		if want := fmt.Sprintf("%d/%d", n+1, n+1); after[p] != want {
			t.Errorf("%s: the documentation counts %s passing, want %s", p, after[p], want)
		}
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

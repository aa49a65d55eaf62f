package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

// writeSummary writes a report as conform's summary.json into a folder.
func writeSummary(t *testing.T, r *result.Report) string {
	t.Helper()
	dir := t.TempDir()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func scenario(id string, tier features.Tier, v result.Verdict, problem string) result.ScenarioResult {
	return result.ScenarioResult{ID: id, Name: "the name of " + id, Tier: tier, Compat: v, Exact: result.NotCompared, Verdict: v, Problem: problem}
}

// A failing required scenario is an error, a failing decision a warning
// (the run does not require decisions), a passing one nothing; a stale
// pattern is an error; messages keep their lines escaped, titles their
// colons; past -max the last annotation counts the rest.
func TestAnnotations(t *testing.T) {
	r := &result.Report{Format: result.SummaryFormat, Level: result.LevelCompat, Require: result.RequireRequired,
		Stale: []selection.StalePattern{{List: selection.KnownFailing, Pattern: "v1/gone/**"}}}
	r.Scenarios = append(r.Scenarios,
		scenario("v1/a/passes", features.Required, result.Passed, ""),
		scenario("v1/b/decision", features.Decision, result.Failed, "want 1, got 2"))
	for i := range 12 {
		r.Scenarios = append(r.Scenarios, scenario(fmt.Sprintf("v1/c/fails-%02d", i), features.Required, result.Failed, "want: \"a\"\n got: \"b\" 100%"))
	}
	dir := writeSummary(t, r)
	md := filepath.Join(t.TempDir(), "summary.md")
	var out, errb strings.Builder
	if code := run([]string{"-markdown", md, dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var errs, warns []string
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "::error "):
			errs = append(errs, l)
		case strings.HasPrefix(l, "::warning "):
			warns = append(warns, l)
		default:
			t.Errorf("not a workflow command: %q", l)
		}
	}
	if len(errs) != 10 || len(warns) != 1 {
		t.Fatalf("%d errors and %d warnings, want 10 and 1:\n%s", len(errs), len(warns), out.String())
	}
	for _, want := range []string{
		`::error title=clockspec%3A stale known-failing pattern::"v1/gone/**" matches no scenario`,
		`::error title=clockspec%3A v1/c/fails-00 failed::the name of v1/c/fails-00%0Awant: "a"%0A got: "b" 100%25`,
		`::error title=clockspec%3A 4 more::v1/c/fails-08 failed, and 3 more`,
		`::warning title=clockspec%3A v1/b/decision not followed (decision)::the name of v1/b/decision%0Awant 1, got 2`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
	b, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"### Failing (13)", "- ❌ v1/c/fails-11 failed — the name of v1/c/fails-11", "### Not followed (1)"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("no %q in the Markdown:\n%s", want, b)
		}
	}
	if strings.Contains(out.String()+string(b), "v1/a/passes") {
		t.Errorf("a passing scenario is annotated")
	}
}

// A green run annotates nothing and appends nothing; a missing report and
// a bad -max are told, with exit status 2.
func TestAnnotationsOfAGreenRunAndBadInput(t *testing.T) {
	r := &result.Report{Format: result.SummaryFormat, Level: result.LevelCompat, Require: result.RequireRequired,
		Scenarios: []result.ScenarioResult{scenario("v1/a/passes", features.Required, result.Passed, "")}}
	md := filepath.Join(t.TempDir(), "summary.md")
	var out, errb strings.Builder
	if code := run([]string{"-markdown", md, writeSummary(t, r)}, &out, &errb); code != 0 || out.Len() != 0 {
		t.Errorf("a green run: exit %d, %q %q", code, out.String(), errb.String())
	}
	if _, err := os.Stat(md); !os.IsNotExist(err) {
		t.Errorf("a green run appended to the summary: %v", err)
	}
	for _, args := range [][]string{{filepath.Join(t.TempDir(), "none")}, {"-max", "0", "x"}, {}} {
		errb.Reset()
		if code := run(args, &out, &errb); code != 2 || errb.Len() == 0 {
			t.Errorf("%q: exit %d, %q", args, code, errb.String())
		}
	}
}

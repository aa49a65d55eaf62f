package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// features writes a features folder: v1/gate.feature with one passing and
// two failing scenarios (wrong expectations against the reference).
func gateFeatures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	feature := `@v1
Feature: gate
  @id:v1/gate/passes
  Scenario: a right expectation
    When I call "v1.escape_xml" with {"text": "a & b"}
    Then the output "result" is "a &amp; b"

  @id:v1/gate/wrong-one
  Scenario: a wrong expectation
    When I call "v1.escape_xml" with {"text": "a < b"}
    Then the output "result" is "a < b"

  @id:v1/gate/wrong-two
  Scenario: another wrong expectation
    When I call "v1.escape_xml" with {"text": "a > b"}
    Then the output "result" is "a > b"
`
	write(t, filepath.Join(dir, "v1", "gate.feature"), feature)
	return dir
}

func write(t *testing.T, path, content string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestKnownFailingFileGatesTheExitStatus(t *testing.T) {
	feats := gateFeatures(t)
	dir := t.TempDir()
	gate := func(list string) (int, string) {
		known := write(t, filepath.Join(dir, "known-failing.txt"), list)
		code, _, stderr := conform(t, "--features", feats, "--level", "compat", "--known-failing", known)
		return code, stderr
	}
	code, stderr := gate("# both wrong ones\nv1/gate/wrong-one\nv1/gate/wrong-two  # later\n")
	if code != exitOK || !strings.Contains(stderr, "conform: 1 passed, 0 failed, 2 known failing") {
		t.Errorf("only listed failures: exit %d\n%s", code, stderr)
	}
	code, stderr = gate("v1/gate/wrong-one\n")
	if code != exitFailed || !strings.Contains(stderr, "FAIL v1/gate/wrong-two") || !strings.Contains(stderr, "1 failed, 1 known failing") {
		t.Errorf("a new failure: exit %d\n%s", code, stderr)
	}
	code, stderr = gate("v1/gate/wrong-*\nv1/gate/passes\n")
	if code != exitFailed || !strings.Contains(stderr, "FIXED v1/gate/passes") {
		t.Errorf("a listed case that passes: exit %d\n%s", code, stderr)
	}
	code, stderr = gate("v1/gate/wrong-*\nv1/gone/**\n")
	if code != exitFailed || !strings.Contains(stderr, `STALE known-failing pattern "v1/gone/**"`) {
		t.Errorf("a stale pattern: exit %d\n%s", code, stderr)
	}
	code, stderr = gate("v1/gate/[oops\n")
	if code != exitUsage || !strings.Contains(stderr, "known-failing.txt:1") {
		t.Errorf("a malformed pattern: exit %d\n%s", code, stderr)
	}
	code, _, stderr = conform(t, "--features", feats, "--known-failing", filepath.Join(dir, "missing.txt"))
	if code != exitUsage {
		t.Errorf("a missing list: exit %d\n%s", code, stderr)
	}
}

func TestKnownFlakyFileNeverFailsTheRun(t *testing.T) {
	feats := gateFeatures(t)
	known := write(t, filepath.Join(t.TempDir(), "flaky.txt"), "v1/gate/wrong-*\n")
	code, _, stderr := conform(t, "--features", feats, "--level", "compat", "--known-flaky", known)
	if code != exitOK || !strings.Contains(stderr, "flaky v1/gate/wrong-one failed twice") || !strings.Contains(stderr, "2 flaky") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

func TestFailFastFlag(t *testing.T) {
	code, _, stderr := conform(t, "--features", gateFeatures(t), "--level", "compat", "--fail-fast")
	if code != exitFailed || !strings.Contains(stderr, "1 scenarios not run") || strings.Contains(stderr, "wrong-two") {
		t.Errorf("exit %d\n%s", code, stderr)
	}
}

func TestReportFlagAndReportCommand(t *testing.T) {
	base := t.TempDir()
	ref := filepath.Join(base, "reference")
	code, _, stderr := conform(t, "--run", "v1/escape-xml/**", "--report", ref, "--date", "2026-03-01")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	for _, f := range []string{"summary.json", "junit.xml", "cucumber.json", "report.html", "certificate.json", "badge.json"} {
		if st, err := os.Stat(filepath.Join(ref, f)); err != nil || st.Size() == 0 {
			t.Errorf("--report wrote no %s: %v", f, err)
		}
	}
	var cert struct {
		Date      string `json:"date"`
		Statement string `json:"statement"`
	}
	b, _ := os.ReadFile(filepath.Join(ref, "certificate.json"))
	if err := json.Unmarshal(b, &cert); err != nil || cert.Date != "2026-03-01" || !strings.HasPrefix(cert.Statement, "partial run") {
		t.Errorf("certificate: %s", b)
	}
	if !strings.Contains(stderr, "report: "+filepath.Join(ref, "report.html")) {
		t.Errorf("the summary does not point at the report:\n%s", stderr)
	}
	// A failing run of the same selection, and three shards of it.
	feats := gateFeatures(t)
	wrong := filepath.Join(base, "wrong")
	if code, _, stderr := conform(t, "--features", feats, "--level", "compat", "--report", wrong); code != exitFailed {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var shards []string
	for i := 1; i <= 3; i++ {
		dir := filepath.Join(base, "shard-"+itoa(i))
		shards = append(shards, dir)
		conform(t, "--features", feats, "--level", "compat", "--shard", itoa(i)+"/3", "--report", dir)
	}
	html := filepath.Join(base, "compare.html")
	code, stdout, stderr := conform(t, append([]string{"report", "--html", html, ref, wrong}, shards...)...)
	if code != exitOK {
		t.Fatalf("report: exit %d\n%s", code, stderr)
	}
	for _, want := range []string{"| profile |", "| v1 | ⚠️ 11/11 passed (partial run) | ❌ 1/3 passed, 2 failed |", "3 of 3 shards", "## Scenarios that differ"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the comparison lacks %q:\n%s", want, stdout)
		}
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), `<table id="matrix"`) {
		t.Errorf("--html: %v", err)
	}
	if code, _, _ := conform(t, "report", filepath.Join(base, "nothing-here")); code != exitUsage {
		t.Errorf("a missing report folder: exit %d", code)
	}
	if code, _, _ := conform(t, "report"); code != exitUsage {
		t.Errorf("no report folder: exit %d", code)
	}
}

func itoa(i int) string { return string(rune('0' + i)) }

func TestRunListUsesTheRunsFilters(t *testing.T) {
	code, stdout, stderr := conform(t, "run", "--list", "--tags", "@v1-case")
	_, listed, _ := conform(t, "list", "--tags", "@v1-case")
	if code != exitOK || stdout != listed || !strings.Contains(stderr, "54 scenarios") {
		t.Errorf("exit %d; run --list and list differ:\n%s", code, stdout)
	}
	_, one, _ := conform(t, "--list", "--tags", "@v1-case", "--shard", "1/2")
	_, two, _ := conform(t, "list", "--tags", "@v1-case", "--shard", "2/2")
	if n := strings.Count(one, "\n") + strings.Count(two, "\n") - 2; n != 54 {
		t.Errorf("the two shards list %d scenarios, want 54", n)
	}
}

func TestProgressCounter(t *testing.T) {
	code, _, stderr := conform(t, "--run", "v1/escape-xml/**", "--progress", "always")
	if code != exitOK || !strings.Contains(stderr, "\r\033[Kconform: 11/11 scenarios, 0 failed") {
		t.Errorf("exit %d, no counter:\n%q", code, stderr)
	}
	_, _, stderr = conform(t, "--run", "v1/escape-xml/**")
	if strings.Contains(stderr, "\r") {
		t.Errorf("a counter on a stderr that is not a terminal:\n%q", stderr)
	}
	if code, _, _ := conform(t, "--progress", "sometimes"); code != exitUsage {
		t.Errorf("--progress sometimes: exit %d", code)
	}
}

func TestHelpIsActionable(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"run", "--help"}, {"help"}} {
		code, stdout, stderr := conform(t, args...)
		out := stdout + stderr
		if code != exitOK {
			t.Errorf("%v: exit %d", args, code)
		}
		for _, want := range []string{"Examples:", "--impl 'exec:node my-impl/main.js'", "--known-failing", "Exit status:", "2  the run could not happen"} {
			if !strings.Contains(out, want) {
				t.Errorf("%v: the help lacks %q", args, want)
			}
		}
	}
	code, stdout, _ := conform(t, "report", "-h")
	if code != exitOK || !strings.Contains(stdout, "conform report shard-1/") {
		t.Errorf("report -h: exit %d\n%s", code, stdout)
	}
}

// A flag the run cannot honour stops it before it starts (exit 2, naming
// the flag), even one, like --save-failures, that the run would need only
// if a scenario failed.
func TestBadRunFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string][]string{
		"bad shard":         {"--shard", "3/2"},
		"bad date":          {"--date", "yesterday"},
		"bad report":        {"--report", "/proc/no/such/dir"},
		"bad save-failures": {"--save-failures", file, "--run", "v1/escape-xml/**"},
	} {
		if code, _, stderr := conform(t, args...); code != exitUsage || !strings.Contains(stderr, "--"+strings.TrimPrefix(name, "bad ")) {
			t.Errorf("%s: exit %d\n%s", name, code, stderr)
		}
	}
}

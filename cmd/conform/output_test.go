package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The summary a person reads: failures once (no godog dots or "Failed
// steps" without a terminal), identical ones grouped, the list capped, and
// the per-profile table and the closing line last, with or without --report.
func TestSummaryReadsAsOneListEndingInTheCounts(t *testing.T) {
	dir := t.TempDir()
	// A dead implementation: it answers hello, then exits at every call, so
	// every scenario fails the same way (one that cannot even start is a
	// run that could not happen, exit 2).
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONFORM_TEST_AS_CONFORM", "1")
	// The hello goes to a real server; the first call is read, and the
	// process exits with it in flight, so each crash is charged to that call
	// alone, the same way every time.
	script := `head -n 1 | "$0" serve --stdio; read -r call; exit 3`
	argv, _ := json.Marshal([]string{"sh", "-c", script, exe})
	code, stdout, stderr := conform(t, "--impl", "exec:"+string(argv), "--window", "1", "--run", "v1/escape-xml/**", "--report", dir)
	if code != exitFailed {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if stdout != "" {
		t.Errorf("stdout is not a terminal, yet it has %d bytes (godog's dots?)", len(stdout))
	}
	if strings.Contains(stderr, "Failed steps") || strings.Count(stderr, "FAIL") != 1 {
		t.Errorf("want one grouped FAIL entry:\n%.2000s", stderr)
	}
	if !regexp.MustCompile(`FAIL \(crashed\) \d+ scenarios failed the same way; the first, `).MatchString(stderr) {
		t.Errorf("no group line:\n%.2000s", stderr)
	}
	if strings.Contains(stderr, "hello: hello:") || strings.Contains(stderr, "conform: conformance:") {
		t.Errorf("a message stutters:\n%.2000s", stderr)
	}
	lines := strings.Split(strings.TrimRight(stderr, "\n"), "\n")
	last := lines[len(lines)-1]
	if !regexp.MustCompile(`^conform: 0 passed, \d+ failed$`).MatchString(last) {
		t.Errorf("the last line is %q", last)
	}
	if !strings.HasPrefix(lines[len(lines)-2], "report: ") || !strings.HasPrefix(lines[len(lines)-3], "schema-validated responses:") {
		t.Errorf("the table and the report's path must come just before the closing line:\n%s", strings.Join(lines[len(lines)-4:], "\n"))
	}

	// Many different failures: the first 20, then a pointer to the rest.
	features := filepath.Join(t.TempDir(), "features")
	if err := os.MkdirAll(filepath.Join(features, "v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("@v1\nFeature: wrong\n")
	for i := 0; i < 25; i++ {
		b.WriteString("  @id:v1/wrong/case-" + string(rune('a'+i)) + "\n  Scenario: wrong " + string(rune('a'+i)) + "\n")
		b.WriteString("    When I call \"v1.escape_xml\" with {\"text\": \"" + string(rune('a'+i)) + "\"}\n")
		// Each wants its own letter twice: 25 different mistakes, not one.
		b.WriteString("    Then the output \"result\" is \"" + strings.Repeat(string(rune('a'+i)), 2) + "\"\n")
	}
	if err := os.WriteFile(filepath.Join(features, "v1", "wrong.feature"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = conform(t, "--features", features, "--level", "compat")
	if code != exitFailed {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "\nFAIL ") + strings.Count(stderr[:4], "FAIL"); n != 20 {
		t.Errorf("%d failures listed, want the first 20:\n%s", n, stderr)
	}
	if !strings.Contains(stderr, "… 5 more failing scenarios") || !strings.Contains(stderr, "--report") {
		t.Errorf("no pointer to the rest:\n%s", stderr)
	}
	if !strings.HasSuffix(stderr, "conform: 0 passed, 25 failed\n") {
		t.Errorf("closing line:\n%s", stderr)
	}
}

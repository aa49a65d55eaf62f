package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tierFeatures writes a features folder with one passing required scenario
// and a failing decision and extension (wrong expectations against the
// reference).
func tierFeatures(t *testing.T, extra string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "v1", "tiers.feature"), `@v1
Feature: tiers
  @id:v1/tiers/required
  Scenario: a right expectation
    When I call "v1.escape_xml" with {"text": "a & b"}
    Then the output "result" is "a &amp; b"

  @decision @id:v1/tiers/decision
  Scenario: a decision the reference does not follow
    When I call "v1.escape_xml" with {"text": "a < b"}
    Then the output "result" is "a < b"

  @extension @id:v1/tiers/extension
  Scenario: an extension the reference does not follow
    When I call "v1.escape_xml" with {"text": "a > b"}
    Then the output "result" is "a > b"
`+extra)
	return dir
}

func TestRequireDecidesTheExitStatus(t *testing.T) {
	feats := tierFeatures(t, "")
	dir := t.TempDir()
	code, _, stderr := conform(t, "--features", feats, "--level", "compat", "--report", dir)
	if code != exitOK || !strings.Contains(stderr, "NOT FOLLOWED (decision) v1/tiers/decision") ||
		!strings.Contains(stderr, "NOT FOLLOWED (extension) v1/tiers/extension") ||
		!strings.Contains(stderr, "required 1/1 passed, recommended 0/0 followed, decisions 0/1 followed, extensions 0/1 followed") ||
		!strings.Contains(stderr, "conform: 1 passed, 0 failed, 1 decisions and 1 extensions not followed") {
		t.Errorf("default --require required: exit %d\n%s", code, stderr)
	}
	var sum struct {
		Require  string `json:"require"`
		Profiles []struct {
			Profile   string `json:"profile"`
			Required  struct{ Passed, Total int }
			Decisions struct {
				Passed, Total int
				Failing       []string
			}
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil || sum.Require != "required" || len(sum.Profiles) != 1 ||
		sum.Profiles[0].Required.Total != 1 || sum.Profiles[0].Decisions.Total != 1 || sum.Profiles[0].Decisions.Passed != 0 ||
		strings.Join(sum.Profiles[0].Decisions.Failing, ",") != "v1/tiers/decision" {
		t.Errorf("summary.json: %v %+v", err, sum)
	}
	code, _, stderr = conform(t, "--features", feats, "--level", "compat", "--require", "decisions")
	if code != exitFailed || !strings.Contains(stderr, "FAIL [decision] v1/tiers/decision") ||
		!strings.Contains(stderr, "NOT FOLLOWED (extension) v1/tiers/extension") {
		t.Errorf("--require decisions: exit %d\n%s", code, stderr)
	}
	code, _, stderr = conform(t, "--features", feats, "--level", "compat", "--require", "all", "--run", "v1/tiers/extension")
	if code != exitFailed || !strings.Contains(stderr, "FAIL [extension] v1/tiers/extension") {
		t.Errorf("--require all: exit %d\n%s", code, stderr)
	}
	code, _, stderr = conform(t, "--features", feats, "--require", "some")
	if code != exitUsage || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, `--require "some": want required, recommended, decisions or all`) {
		t.Errorf("an unknown --require: exit %d\n%s", code, stderr)
	}
}

func TestTierTagsCombinedWronglyStopTheRun(t *testing.T) {
	two := tierFeatures(t, `
  @decision @extension @id:v1/tiers/both
  Scenario: two tiers at once
    When I call "v1.escape_xml" with {"text": "b"}
    Then the output "result" is "b"
`)
	code, _, stderr := conform(t, "--features", two)
	if code != exitUsage || !strings.Contains(stderr, `v1/tiers.feature:19: scenario "v1/tiers/both" has two tier tags (decision and extension)`) {
		t.Errorf("two tier tags: exit %d\n%s", code, stderr)
	}
	none := t.TempDir()
	if err := os.MkdirAll(filepath.Join(none, "v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(none, "v1", "only.feature"), `@v1 @decision
Feature: decisions only
  @id:v1/only/one
  Scenario: one
    When I call "v1.escape_xml" with {"text": "b"}
    Then the output "result" is "b"
`)
	code, _, stderr = conform(t, "--features", none)
	if code != exitUsage || !strings.Contains(stderr, "profile v1 (v1/only.feature) has no required scenario") {
		t.Errorf("no required scenario: exit %d\n%s", code, stderr)
	}
}

func TestListShowsTheTier(t *testing.T) {
	code, stdout, stderr := conform(t, "--features", tierFeatures(t, ""), "--list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 4 || strings.Fields(lines[0])[1] != "TIER" {
		t.Fatalf("list:\n%s", stdout)
	}
	for i, want := range []string{"required", "decision", "extension"} {
		if f := strings.Fields(lines[i+1]); f[1] != want {
			t.Errorf("%s: tier %q, want %q", f[0], f[1], want)
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func conform(t testing.TB, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestDefaultRunPassesAndSummarises(t *testing.T) {
	code, _, stderr := conform(t)
	if code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "conform: ") || !strings.Contains(stderr, " passed, 0 failed") {
		t.Errorf("no closing summary line:\n%s", stderr)
	}
	if !strings.Contains(stderr, "v1 ") || !strings.Contains(stderr, "schema-validated responses:") {
		t.Errorf("no per-profile summary:\n%s", stderr)
	}
}

func TestJUnitOutputIsXML(t *testing.T) {
	code, stdout, stderr := conform(t, "--tags", "@v1", "--format", "junit")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		XMLName xml.Name `xml:"testsuites"`
		Tests   int      `xml:"tests,attr"`
		Suites  []struct {
			Cases []struct {
				Name      string `xml:"name,attr"`
				ClassName string `xml:"classname,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not JUnit XML: %v\n%.300s", err, stdout)
	}
	if doc.Tests < 54 || len(doc.Suites) == 0 {
		t.Errorf("JUnit report has %d tests in %d suites", doc.Tests, len(doc.Suites))
	}
	// Names carry the scenario id (what --run and --known-failing take),
	// classnames the profile and feature.
	found := false
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			if !strings.HasPrefix(c.Name, "v1/") || !strings.Contains(c.Name, ": ") || !strings.HasPrefix(c.ClassName, "v1/") {
				t.Errorf("testcase %q (classname %q) lacks the id or the feature", c.Name, c.ClassName)
			}
			found = found || (c.Name == "v1/escape-xml/ampersand: escapes ampersands" && c.ClassName == "v1/escape_xml")
		}
	}
	if !found {
		t.Error("no testcase v1/escape-xml/ampersand: escapes ampersands in classname v1/escape_xml")
	}
}

func TestCucumberOutputIsJSON(t *testing.T) {
	code, stdout, stderr := conform(t, "--run", "v1/escape-xml/**", "--format", "cucumber")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var features []struct {
		Elements []struct {
			Tags []struct {
				Name string `json:"name"`
			} `json:"tags"`
		} `json:"elements"`
	}
	if err := json.Unmarshal([]byte(stdout), &features); err != nil || len(features) != 1 {
		t.Fatalf("not cucumber JSON for one feature: %v", err)
	}
	// Each scenario keeps its id, as its @id: tag.
	for _, e := range features[0].Elements {
		id := false
		for _, tag := range e.Tags {
			id = id || strings.HasPrefix(tag.Name, "@id:v1/escape-xml/")
		}
		if !id {
			t.Errorf("a scenario of the Cucumber JSON has no @id tag: %v", e.Tags)
		}
	}
}

func TestRunAndSkipPatterns(t *testing.T) {
	code, _, stderr := conform(t, "--run", "v1/escape-xml/*", "--skip", "v1/escape-xml/empty")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "conform: 10 passed, 0 failed") {
		t.Errorf("want the 11 escape-xml scenarios minus one:\n%s", stderr)
	}
	code, _, stderr = conform(t, "--run", "v1/timezone/format-exact/midnight")
	if code != exitOK || !strings.Contains(stderr, "conform: 1 passed, 0 failed") {
		t.Errorf("one outline row by its id: exit %d\n%s", code, stderr)
	}
}

func TestBadInputsAreUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"unknown tag":        {"--tags", "@no-such-tag"},
		"malformed tag":      {"--tags", "v1"},
		"empty tag term":     {"--tags", "@v1,"},
		"unknown format":     {"--format", "tap"},
		"unknown level":      {"--level", "strict"},
		"nothing selected":   {"--run", "nope/**"},
		"bad pattern":        {"--run", "v1/[x"},
		"missing features":   {"--features", "/no/such/folder"},
		"unknown command":    {"frobnicate"},
		"stray argument":     {"run", "extra"},
		"unsupported driver": {"--impl", "exec:./impl"},
		"unknown impl":       {"--impl", "mine"},
	} {
		code, _, stderr := conform(t, args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d", name, code, exitUsage)
		}
		if !strings.Contains(stderr, "conform") || len(strings.TrimSpace(stderr)) < 10 {
			t.Errorf("%s: no clear message: %q", name, stderr)
		}
	}
}

// The library names the option it cannot use; conform names the flag.
func TestBadOptionsNameTheirFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tags", "v1"}, `conform: --tags "v1": "v1" is not a tag`},
		{[]string{"--tags", "@no-such-tag"}, `conform: --tags "@no-such-tag": no scenario has the tag @no-such-tag (see conform list)`},
		{[]string{"--shard", "3/2"}, `conform: --shard "3/2": want 1 ≤ i ≤ n`},
		{[]string{"--require", "most"}, `conform: --require "most": want required, recommended, decisions or all`},
		{[]string{"--level", "strict"}, `conform: --level "strict": want compat or exact`},
		{[]string{"--format", "tap"}, `conform: --format "tap": want one of progress, pretty, junit, cucumber`},
		{[]string{"--run", "nope/**"}, "conform: no scenario matches the given --tags, --run and --skip"},
		{[]string{"list", "--tags", "v1"}, `conform: --tags "v1": "v1" is not a tag`},
	} {
		code, _, stderr := conform(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, want %d and %q:\n%s", c.args, code, exitUsage, c.want, stderr)
		}
	}
}

func TestUnreadableFeaturesFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v1", "broken.feature"), []byte("Feature: x\n  Scenario: no id\n    When nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := conform(t, "--features", dir)
	if code != exitUsage || !strings.Contains(stderr, "no @id tag") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestFailingScenarioExitsOne(t *testing.T) {
	// A features folder with one scenario whose expectation is wrong.
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "v1"), 0o755); err != nil {
		t.Fatal(err)
	}
	feature := "@v1\nFeature: wrong\n  @id:v1/wrong/escape\n  Scenario: a wrong expectation\n" +
		"    When I call \"v1.escape_xml\" with {\"text\": \"a & b\"}\n    Then the output \"result\" is \"a & b\"\n"
	if err := os.WriteFile(filepath.Join(dir, "v1", "wrong.feature"), []byte(feature), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := conform(t, "--features", dir, "--level", "compat")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d: %s", code, exitFailed, stderr)
	}
	if !strings.Contains(stderr, "FAIL v1/wrong/escape") || !strings.Contains(stderr, "a &amp; b") {
		t.Errorf("the failure and the actual value must be shown:\n%s", stderr)
	}
	if !strings.Contains(stderr, "conform: 0 passed, 1 failed") {
		t.Errorf("closing line:\n%s", stderr)
	}
}

func TestListShowsTheTranscribedCases(t *testing.T) {
	code, stdout, stderr := conform(t, "list", "--tags", "@v1-case")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 55 { // header + 54
		t.Errorf("%d lines, want a header and 54 cases", len(lines))
	}
	if !strings.Contains(stdout, "formatting.test.ts#escapes-ampersands") {
		t.Errorf("origins missing:\n%s", stdout)
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := conform(t, "version")
	if code != exitOK || !strings.Contains(stdout, "tzdata 2025c") {
		t.Errorf("exit %d: %s", code, stdout)
	}
}

func TestServeStaysOnLoopbackUnlessTold(t *testing.T) {
	code, _, stderr := conform(t, "serve", "--addr", "0.0.0.0:0")
	if code != exitUsage || !strings.Contains(stderr, "not a loopback address") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestReplayNeedsAFile(t *testing.T) {
	code, _, stderr := conform(t, "replay")
	if code != exitUsage || !strings.Contains(stderr, "usage: conform replay FILE") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	code, _, stderr = conform(t, "replay", "/no/such/file.json")
	if code != exitUsage || !strings.Contains(stderr, "no such file") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// Every help text fits a terminal of 100 columns: conform -h, and conform
// help for every command and topic.
func TestHelpFitsOneHundredColumns(t *testing.T) {
	topics := [][]string{{"-h"}, {"help", "tags"}}
	for _, c := range commands {
		topics = append(topics, []string{"help", c.name})
	}
	for _, args := range topics {
		_, stdout, stderr := conform(t, args...)
		text := stdout + stderr
		if len(text) < 100 {
			t.Errorf("conform %v printed almost nothing:\n%s", args, text)
		}
		for i, line := range strings.Split(text, "\n") {
			if n := utf8.RuneCountInString(line); n > helpWidth {
				t.Errorf("conform %v line %d is %d columns: %s", args, i+1, n, line)
			}
		}
	}
}

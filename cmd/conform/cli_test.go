package main

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

func TestUnknownCommandAndFlagsAreOneLine(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rnu"}, `conform: unknown command "rnu" (did you mean "run"?); see conform help`},
		{[]string{"nonsense"}, `conform: unknown command "nonsense"; see conform help`},
		{[]string{"--bogus"}, `conform: unknown flag --bogus; see conform run -h`},
		{[]string{"--fail-fats"}, `conform: unknown flag --fail-fats (did you mean --fail-fast?); see conform run -h`},
		{[]string{"list", "--tag", "@v1"}, `conform: unknown flag --tag (did you mean --tags?); see conform list -h`},
		{[]string{"replay", "x.json", "--imp", "reference"}, `conform: unknown flag --imp (did you mean --impl?); see conform replay -h`},
		{[]string{"--impl"}, `conform: --impl needs a value; see conform run -h`},
		{[]string{"--seed", "abc"}, `conform: --seed "abc": parse error: want a whole number; see conform run -h`},
		{[]string{"--deadline", "5"}, `conform: --deadline "5": parse error: want a duration such as 5s or 2m; see conform run -h`},
		{[]string{"--fail-fast=maybe"}, `conform: --fail-fast "maybe": parse error: want true or false; see conform run -h`},
		{[]string{"list", "--run", "v1/["}, `conform: --run "v1/[": pattern "v1/[": syntax error in pattern; see conform list -h`},
		{[]string{"help", "tag"}, `conform: no help topic "tag" (did you mean "tags"?)`},
	} {
		code, stdout, stderr := conform(t, c.args...)
		if code != exitUsage || stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, code, stdout)
		}
		if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%v: stderr %q, want one line starting %q", c.args, stderr, c.want)
		}
	}
}

// Every command's help has the same shape, on stdout, and conform help
// CMD prints what conform CMD -h prints.
func TestEveryCommandHasHelpInOneShape(t *testing.T) {
	for _, c := range commands {
		code, stdout, stderr := conform(t, c.name, "-h")
		if code != exitOK || stderr != "" {
			t.Errorf("%s -h: exit %d, stderr %q", c.name, code, stderr)
		}
		for _, want := range []string{"Usage: conform " + c.name, "\nExamples:\n  conform ", "\nExit status:\n"} {
			if c.name == "run" {
				want = strings.Replace(want, "Usage: conform run", "Usage: conform [run]", 1)
			}
			if !strings.Contains(stdout, want) {
				t.Errorf("%s -h lacks %q:\n%s", c.name, want, stdout)
			}
		}
		_, viaHelp, _ := conform(t, "help", c.name)
		if viaHelp != stdout {
			t.Errorf("conform help %s differs from conform %s -h", c.name, c.name)
		}
	}
	code, stdout, _ := conform(t, "help", "tags")
	if code != exitOK || !strings.Contains(stdout, "@v1 and not @decision") {
		t.Errorf("help tags: exit %d\n%s", code, stdout)
	}
}

func TestShowPrintsCallsAndExpectedAnswers(t *testing.T) {
	code, stdout, stderr := conform(t, "show", "v1/escape-xml/ampersand")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"escapes ampersands", `When I call "v1.escape_xml" with {"text": "a & b"}`,
		`call 1: v1.escape_xml {"text":"a & b"}`, `expect: {"output":{"result":"a &amp; b"}}`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("show lacks %q:\n%s", want, stdout)
		}
	}
	code, _, stderr = conform(t, "show", "v1/escape-xml/ampersnd")
	if code != exitUsage || !strings.Contains(stderr, `did you mean "v1/escape-xml/ampersand"`) {
		t.Errorf("an unknown id: exit %d, %q", code, stderr)
	}
	// Several ids; an outline's row; a state file as its placeholder (the
	// corpus's, never a per-run path); a point of the answer left open.
	code, stdout, stderr = conform(t, "show", "clock-core/store/record-then-read", "datetime/convert-timezone/between-zones/kathmandu")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"clock-core/store/record-then-read\n", `call 1: clock-core.store_on_user_message {"path":"${state_file}",`,
		"\n\ndatetime/convert-timezone/between-zones/kathmandu\n", `"target_timezone":"Asia/Kathmandu"}`,
		`open:   output "result" (the scenario's steps say what is permitted there)`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("show lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "clockspec-store-") {
		t.Errorf("show prints a per-run state file path:\n%s", stdout)
	}
}

// conform show reads the scenario's own feature file and the corpus; it
// runs nothing, so it costs a fraction of a process start.
func BenchmarkShow(b *testing.B) {
	for b.Loop() {
		if code := run([]string{"show", "clock-core/store/torn-file/empty"}, io.Discard, io.Discard); code != exitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// A failing scenario saved by --save-failures replays, flags before or
// after the file, and a correct implementation passes it although its
// golden holds "&" (saved unescaped, compared canonically).
func TestReplayOfAGoldenWithAnAmpersand(t *testing.T) {
	dir := t.TempDir()
	if _, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(forgetsAmpersand{reference.New()}), Goldens: goldens.FS(),
		Run: []conformance.Pattern{"v1/escape-xml/ampersand"}, SaveFailures: dir}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, conformance.ReplayName("v1/escape-xml/ampersand"))
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"result": "a &amp; b"`) || strings.Contains(string(b), `\u0026`) {
		t.Errorf("the saved golden is escaped or missing:\n%s", b)
	}
	// conform is on PATH (TestMain), so the reference runs as a subprocess.
	for _, args := range [][]string{
		{"replay", file, "--impl", "exec:conform serve --stdio"},
		{"replay", "--impl", "exec:conform serve --stdio", file},
	} {
		code, stdout, stderr := conform(t, args...)
		if code != exitOK || !strings.Contains(stdout, "matches its golden") {
			t.Errorf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}
	// An escaped copy of the file (as another JSON encoder writes it)
	// compares the same.
	escaped := filepath.Join(dir, "escaped.json")
	if err := os.WriteFile(escaped, []byte(strings.ReplaceAll(string(b), "&", `\u0026`)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := conform(t, "replay", escaped); code != exitOK {
		t.Errorf("escaped copy: exit %d\n%s%s", code, stdout, stderr)
	}
	// And the implementation that forgot to escape still fails it.
	srv := httptest.NewServer(protocol.Handler(forgetsAmpersand{reference.New()}))
	defer srv.Close()
	code, stdout, _ := conform(t, "replay", file, "--impl", srv.URL)
	if code != exitFailed || !strings.Contains(stdout, "DIFFERS from its golden") {
		t.Errorf("the wrong implementation: exit %d\n%s", code, stdout)
	}
}

// conform -h is the overview: every command, not run's flags alone.
func TestDashHListsEveryCommand(t *testing.T) {
	for _, flag := range []string{"-h", "--help"} {
		code, stdout, _ := conform(t, flag)
		if code != exitOK {
			t.Errorf("%s: exit %d", flag, code)
		}
		for _, c := range commands {
			if !strings.Contains(stdout, "\n  conform "+c.name) {
				t.Errorf("conform %s does not list %s:\n%s", flag, c.name, stdout)
			}
		}
	}
}

// Every id a living document prints as a heading is one conform show
// takes: a scenario's, or an outline's (whose rows it shows, each with its
// calls).
func TestShowTakesEveryIdTheDocsPrint(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "profiles", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no living docs: %v", err)
	}
	heading := regexp.MustCompile("(?m)^#### \\S+ `([^`]+)`")
	ids := map[string]bool{}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range heading.FindAllStringSubmatch(string(b), -1) {
			ids[m[1]] = true
		}
	}
	if len(ids) < 500 {
		t.Fatalf("only %d ids in the living docs' headings: the pattern is stale", len(ids))
	}
	all := make([]string, 0, len(ids))
	for id := range ids {
		all = append(all, id)
	}
	sort.Strings(all)
	code, stdout, stderr := conform(t, append([]string{"show"}, all...)...)
	if code != exitOK {
		t.Fatalf("conform show of the docs' ids: exit %d: %s", code, stderr)
	}
	const outline = "timestamps/timezone/rails-names"
	if !ids[outline] {
		t.Fatalf("%s is not a heading of the docs", outline)
	}
	for _, want := range []string{outline + "\n  an outline of 151 rows", "row " + outline + "/hawaii\n", `expect: {"output":{"line":"Current time: 2026-01-15T02:00:00 (Hawaii)"}}`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("show %s lacks %q", outline, want)
		}
	}
	// The common prefix of scenarios that are not an outline's rows is no
	// id: it was once shown as "an outline of 1 rows".
	code, stdout, stderr = conform(t, "show", "v1/trigger/word-character-after")
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, `no scenario "v1/trigger/word-character-after" (did you mean "v1/trigger/word-character-after/`) {
		t.Errorf("show of a prefix: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

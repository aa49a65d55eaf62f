package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The stdlib vector runners (examples/vectors-python/run.py and
// examples/vectors-node/run.js) are how the corpus is used without conform:
// each must pass the reference on every required scenario of every profile,
// fail a broken implementation naming the failing tier, and compare numbers
// as exact decimals. Python 3.9+ and Node 20 are prerequisites, never a
// reason to skip. Each run against the reference takes 2-5 s.

// vectorRunners are the runners' interpreters and scripts.
var vectorRunners = []struct{ name, interpreter, script string }{
	{"python", "python3", "examples/vectors-python/run.py"},
	{"node", "node", "examples/vectors-node/run.js"},
}

// runVectors runs a runner with args (the reference as the test binary
// acting as conform, when the implementation names it) and returns its exit
// status and output.
func runVectors(t *testing.T, interpreter, script string, args ...string) (int, string) {
	t.Helper()
	code, out, _, took := runVectorsBounded(t, interpreter, script, args...)
	t.Logf("%s %s: %s", interpreter, strings.Join(args, " "), took.Round(time.Millisecond))
	return code, out
}

// referenceArgs names the reference over JSON Lines: this test binary as
// conform serve --stdio.
func referenceArgs(t *testing.T) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{"--", exe, "serve", "--stdio"}
}

// tierRow matches a line of a runner's table: profile, tier, passed,
// failed, skipped.
var tierRow = regexp.MustCompile(`(?m)^(\S+)\s+(required|recommended|decision|extension)\s+(\d+)\s+(\d+)\s+(\d+)$`)

type tierCount struct{ passed, failed, skipped int }

func tierTable(out string) map[[2]string]tierCount {
	rows := map[[2]string]tierCount{}
	for _, m := range tierRow.FindAllStringSubmatch(out, -1) {
		n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
		rows[[2]string{m[1], m[2]}] = tierCount{n(3), n(4), n(5)}
	}
	return rows
}

// requiredRunnable counts, per profile, the manifest's required scenarios
// a runner can replay (those without a set-up step).
func requiredRunnable(t *testing.T) map[string]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "goldens", "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	var idx struct {
		Scenarios []struct {
			Profile, Tier string
			Setup         bool
		}
	}
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{}
	for _, s := range idx.Scenarios {
		if s.Tier == "required" && !s.Setup {
			want[s.Profile]++
		}
	}
	return want
}

func TestVectorRunnersPassTheReference(t *testing.T) {
	want := requiredRunnable(t)
	if len(want) < 6 {
		t.Fatalf("the manifest has required scenarios in %d profiles", len(want))
	}
	for _, r := range vectorRunners {
		t.Run(r.name, func(t *testing.T) {
			t.Parallel()
			code, out := runVectors(t, r.interpreter, r.script, referenceArgs(t)...)
			if code != 0 {
				t.Fatalf("exit %d against the reference:\n%s", code, out)
			}
			rows := tierTable(out)
			for profile, n := range want {
				got := rows[[2]string{profile, "required"}]
				if got.passed != n || got.failed != 0 {
					t.Errorf("%s required: %d passed, %d failed; want all %d passed\n%s", profile, got.passed, got.failed, n, out)
				}
			}
			if strings.Contains(out, "FAIL ") {
				t.Errorf("a failure against the reference:\n%s", out)
			}
		})
	}
}

// Each runner fails the broken example of its language on required
// scenarios, names the tier of each failure, and exits 1 (both runners
// against both examples agree, and took 10 s; one pair each is the check).
func TestVectorRunnersFailBrokenImplementations(t *testing.T) {
	broken := map[string]struct{ profile, impl string }{
		"python": {"timestamps", pythonExample(t, "broken.py")},
		"node":   {"v1", nodeExample(t, "broken.js")},
	}
	for _, r := range vectorRunners {
		b := broken[r.name]
		t.Run(r.name+"/"+b.profile, func(t *testing.T) {
			t.Parallel()
			var argv []string
			if err := json.Unmarshal([]byte(strings.TrimPrefix(b.impl, "exec:")), &argv); err != nil {
				t.Fatal(err)
			}
			code, out := runVectors(t, r.interpreter, r.script, append([]string{"--profile", b.profile, "--"}, argv...)...)
			if code != 1 {
				t.Fatalf("exit %d, want 1:\n%s", code, out)
			}
			if got := tierTable(out)[[2]string{b.profile, "required"}]; got.failed == 0 || got.passed == 0 {
				t.Errorf("required: %+v, want some passed and some failed:\n%s", got, out)
			}
			if !regexp.MustCompile(`(?m)^FAIL \[required\] ` + b.profile + `/\S+ call 1 of \d+: \S+ \{`).MatchString(out) {
				t.Errorf("no failure naming its tier, scenario and call:\n%s", out)
			}
			if !strings.Contains(out, "\n  want {") || !strings.Contains(out, "\n  got  {") {
				t.Errorf("a failure without want and got:\n%s", out)
			}
			if !regexp.MustCompile(`\n  got  \{.*\n  differs at /output/\S+: want ".+", got ".+"\n`).MatchString(out) {
				t.Errorf("a failure that does not point at the member that differs:\n%s", out)
			}
		})
	}
}

// The comparison is the one docs/vectors.md states: numbers as exact
// decimals (2.50 is 25e-1, ...258 is not ...259), JSON's true is not 1, an
// open field is left out of both answers and an open code accepts another.
func TestVectorRunnersCompareExactly(t *testing.T) {
	cases := []struct {
		got, want, open string
		passes          bool
	}{
		{`{"output":{"x":2.50}}`, `{"output":{"x":25e-1}}`, `{}`, true},
		{`{"output":{"x":-0}}`, `{"output":{"x":0.000}}`, `{}`, true},
		{`{"output":{"x":3652424.9999884258}}`, `{"output":{"x":3652424.9999884259}}`, `{}`, false},
		{`{"output":{"x":10.0000000000000001}}`, `{"output":{"x":10}}`, `{}`, false},
		{`{"output":{"x":true}}`, `{"output":{"x":1}}`, `{}`, false},
		{`{"output":{"a":[1,{"b":"x"}]}}`, `{"output":{"a":[1,{"b":"y"}]}}`, `{"fields":["a.1.b"]}`, true},
		{`{"output":{"a":[1,{"b":"x"}]}}`, `{"output":{"a":[2,{"b":"y"}]}}`, `{"fields":["a.1.b"]}`, false},
		{`{"error":{"code":"a"}}`, `{"error":{"code":"b"}}`, `{"code":true}`, true},
		{`{"error":{"code":"a","message":"x"}}`, `{"error":{"code":"b"}}`, `{}`, false},
		{`{"error":{"code":"a"}}`, `{"output":{}}`, `{"outcome":true}`, true},
		{`{"error":{"code":"a"}}`, `{"output":{}}`, `{}`, false},
	}
	var triples [][3]string
	for _, c := range cases {
		triples = append(triples, [3]string{c.got, c.want, c.open})
	}
	for name, verdicts := range probeRunners(t, triples, "run.passes(got, want, open_points)", "r.passes(got, want, open) ? 'True' : 'False'") {
		for i, c := range cases {
			if verdicts[i] != map[bool]string{true: "True", false: "False"}[c.passes] {
				t.Errorf("%s: got %s, want %s, open %s: passes says %s", name, c.got, c.want, c.open, verdicts[i])
			}
		}
	}
}

// Bad usage exits 2 with a message, before starting anything.
func TestVectorRunnersRefuseBadUsage(t *testing.T) {
	for _, r := range vectorRunners {
		for _, args := range [][]string{
			{},                                      // no implementation
			{"--profile", "nope", "--impl", "true"}, // no such profile
			{"--goldens", t.TempDir(), "--impl", "true"}, // no manifest
		} {
			code, out := runVectors(t, r.interpreter, r.script, args...)
			if code != 2 || out == "" {
				t.Errorf("%s %q: exit %d, want 2 with a message:\n%s", r.name, args, code, out)
			}
		}
	}
}

// A failing answer is pointed at: the JSON pointer of the first member
// that differs outside the open points, with both values (numbers as
// written, a member one side lacks as "(absent)"). Both runners say the
// same.
func TestVectorRunnersPointAtTheDifference(t *testing.T) {
	cases := []struct{ got, want, open, line string }{
		{`{"output":{"a":[1,{"b":"x"}]}}`, `{"output":{"a":[1,{"b":"y"}]}}`, `{}`, `differs at /output/a/1/b: want "y", got "x"`},
		{`{"output":{"a":[1,{"b":"x"}],"c":2}}`, `{"output":{"a":[1,{"b":"y"}],"c":3}}`, `{"fields":["a.1.b"]}`, `differs at /output/c: want 3, got 2`},
		{`{"output":{"x":2.50}}`, `{"output":{"x":2.6}}`, `{}`, `differs at /output/x: want 2.6, got 2.50`},
		{`{"output":{"x":1,"label":"l"}}`, `{"output":{"x":1}}`, `{}`, `differs at /output/label: want (absent), got "l"`},
		{`{"output":{"list":[1]}}`, `{"output":{"list":[1,2]}}`, `{}`, `differs at /output/list/1: want 2, got (absent)`},
		{`{"output":{"a/b~c":true}}`, `{"output":{"a/b~c":1}}`, `{}`, `differs at /output/a~1b~0c: want 1, got true`},
		{`{"error":{"code":"a","message":"m"}}`, `{"error":{"code":"b"}}`, `{}`, `differs at /error/code: want "b", got "a"`},
		{`{"error":{"code":"a"}}`, `{"output":{"r":null}}`, `{}`, `differs at /output: want {"r":null}, got (absent)`},
		{`{"error":{"message":"m"}}`, `{"error":{"code":"b"}}`, `{}`, `differs at /error/code: want "b", got (absent)`},
	}
	var triples [][3]string
	for _, c := range cases {
		triples = append(triples, [3]string{c.got, c.want, c.open})
	}
	for name, lines := range probeRunners(t, triples, "run.difference_line(got, want, open_points).strip()", "r.differenceLine(got, want, open).trim()") {
		for i, c := range cases {
			if lines[i] != c.line {
				t.Errorf("%s: got %s, want %s, open %s:\n  says %s\n  want %s", name, c.got, c.want, c.open, lines[i], c.line)
			}
		}
	}
}

// probeRunners calls a function of each runner on [got, want, open]
// triples (each read as the runner reads an answer: numbers exact) and
// returns, per runner, the line it printed for each: py is a Python
// expression of got, want and open_points (run is run.py), js a
// JavaScript one of got, want and open (r is run.js).
func probeRunners(t *testing.T, triples [][3]string, py, js string) map[string][]string {
	t.Helper()
	var list []string
	for _, c := range triples {
		list = append(list, "["+c[0]+","+c[1]+","+c[2]+"]")
	}
	data := "[" + strings.Join(list, ",") + "]"
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	probes := map[string][]string{
		"python": {"python3", "-c", `import sys; sys.path.insert(0, sys.argv[1]); import run
for got, want, open_points in run.exact(sys.argv[2]):
    print(` + py + `)`, filepath.Join(root, "examples", "vectors-python")},
		"node": {"node", "-e", `const r = require(process.argv[1]);
for (const [got, want, open] of r.exact(process.argv[2])) console.log(` + js + `);`,
			filepath.Join(root, "examples", "vectors-node", "run.js")},
	}
	lines := map[string][]string{}
	for name, argv := range probes {
		out, err := exec.Command(argv[0], append(argv[1:], data)...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		lines[name] = strings.Split(strings.TrimSpace(string(out)), "\n")
		if len(lines[name]) != len(triples) {
			t.Fatalf("%s: %d lines for %d cases:\n%s", name, len(lines[name]), len(triples), out)
		}
	}
	return lines
}

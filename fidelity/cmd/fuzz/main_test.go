package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDiscoverFindsTheModulesTargets(t *testing.T) {
	all, err := discover("../../..")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tg := range all {
		names[tg.name+"@"+strings.TrimPrefix(tg.pkg, "./../../../")] = true
	}
	for _, want := range []string{"FuzzOperations@reference", "FuzzLoad@features", "FuzzPatternTest@reference/routing", "FuzzOperations@reference/routing"} {
		if !names[want] {
			t.Errorf("%s not found among %v", want, names)
		}
	}
}

// The short run always fuzzes FuzzOperations and a daily pair of the
// others, so that every target is fuzzed within a few days.
func TestShortRunRotatesThroughEveryTarget(t *testing.T) {
	var all []target
	for _, n := range []string{"A", "B", "C", "D", "E"} {
		all = append(all, target{"Fuzz" + n, "./x"})
	}
	all = append(all, target{"FuzzOperations", "./reference"})
	seen := map[string]bool{}
	day := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for d := 0; d < 3; d++ {
		got, _, err := pick(all, "", true, day.AddDate(0, 0, d))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 || got[0].String() != always {
			t.Fatalf("day %d: %v", d, got)
		}
		for _, tg := range got[1:] {
			seen[tg.name] = true
		}
	}
	if len(seen) != 5 {
		t.Errorf("three days fuzzed %v, want all five others", seen)
	}
	if got, _, _ := pick(all, "", false, day); len(got) != 6 {
		t.Errorf("a full run picks %d targets", len(got))
	}
	if _, _, err := pick(all, "FuzzNope", false, day); err == nil {
		t.Error("an unknown target was accepted")
	}
}

// A target whose time went to its warm-up (executions no more than its
// baseline) fails the run.
func TestNoNewExecutionFails(t *testing.T) {
	r := result{target: target{"FuzzX", "./x"}, baseline: 360, execs: 360}
	if r.ok() || !strings.Contains(r.String(), "FAILED: no new execution") {
		t.Errorf("%s", r)
	}
	r.execs = 361
	if !r.ok() || !strings.Contains(r.String(), "1 new executions") {
		t.Errorf("%s", r)
	}
}

// fakeGo is a go command whose test binary takes build to appear (silent,
// as go test -fuzz is while it compiles), then gathers its baseline and
// fuzzes until interrupted, as the engine reports it.
func fakeGo(t *testing.T, build string) {
	t.Helper()
	script := `#!/bin/sh
trap 'echo PASS; echo "ok  	./x	1.0s"; exit 0' INT
sleep ` + build + `
echo "fuzz: elapsed: 0s, gathering baseline coverage: 0/2 completed"
echo "fuzz: elapsed: 0s, gathering baseline coverage: 2/2 completed, now fuzzing with 2 workers"
n=2
while :; do n=$((n+50)); echo "fuzz: elapsed: 1s, execs: $n (50/sec), new interesting: 0 (total: 2)"; sleep 0.1; done
`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	old := goCmd
	goCmd = filepath.Join(dir, "go")
	t.Cleanup(func() { goCmd = old })
}

// The build of the instrumented test binary (minutes on a cold cache) does
// not count against the warm-up limit, and has a limit of its own: a build
// longer than the warm-up limit passes, a build longer than the build
// limit fails, each named for the phase that ran over.
func TestBuildIsApartFromTheWarmUp(t *testing.T) {
	fakeGo(t, "2")
	tg := target{"FuzzX", "./x"}
	r := fuzzTarget(tg, 300*time.Millisecond, limits{build: time.Minute, warmup: time.Second}, false)
	if !r.ok() || r.build < 2*time.Second || r.warmup < r.build {
		t.Errorf("a 2 s build under a 1 s warm-up limit: %s (build %v)\n%s", r, r.build, r.output)
	}
	r = fuzzTarget(tg, 300*time.Millisecond, limits{build: 500 * time.Millisecond, warmup: time.Minute}, false)
	if r.ok() || !strings.Contains(r.problem, "building the test binary took more than 500ms") {
		t.Errorf("a 2 s build under a 0.5 s build limit: %s", r)
	}
}

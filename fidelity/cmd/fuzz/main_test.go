package main

import (
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

package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestExecCounterKeepsTheLastCount feeds go test's fuzz progress lines in
// pieces that split lines: the count is the largest "execs" seen.
func TestExecCounterKeepsTheLastCount(t *testing.T) {
	out := "fuzz: elapsed: 0s, gathering baseline coverage: 0/120 completed\n" +
		"fuzz: elapsed: 3s, execs: 51234 (17077/sec), new interesting: 2 (total: 122)\n" +
		"fuzz: elapsed: 6s, execs: 104321 (17695/sec), new interesting: 2 (total: 122)\n" +
		"PASS\nok  \tgithub.com/x/reference\t6.2s\n"
	for _, step := range []int{1, 7, 1000} {
		e := &execCounter{}
		for i := 0; i < len(out); i += step {
			fmt.Fprint(e, out[i:min(i+step, len(out))])
		}
		if e.last != 104321 {
			t.Fatalf("chunks of %d: counted %d executions, want 104321", step, e.last)
		}
	}
}

func TestFuzzOnlyRefusesAnUnknownTarget(t *testing.T) {
	var out, errs strings.Builder
	if code := run([]string{"-fuzz-campaign", "1s", "-fuzz-only", "FuzzNope", "-fuzz", t.TempDir() + "/fuzz.json"}, &out, &errs); code != 2 {
		t.Fatalf("exit %d, want 2 (%s)", code, errs.String())
	}
	if !strings.Contains(errs.String(), "no fuzz target FuzzNope") {
		t.Fatalf("stderr %q does not name the unknown target", errs.String())
	}
}

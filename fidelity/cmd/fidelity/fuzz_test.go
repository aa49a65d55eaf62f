package main

import (
	"fmt"
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

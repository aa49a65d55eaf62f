package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// conform run sets the collector for a batch, and leaves it alone where
// GOGC or GOMEMLIMIT in the environment set it.
func TestRunTunesTheCollectorUnlessTheEnvironmentDoes(t *testing.T) {
	restore := func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	}
	t.Cleanup(restore)
	for _, tc := range []struct {
		gogc, memlimit string
		percent        int
		limit          int64
	}{
		{"", "", runGCPercent, runMemoryLimit},
		{"100", "", 100, runMemoryLimit},
		{"", "1GiB", runGCPercent, math.MaxInt64},
		{"off", "1GiB", 100, math.MaxInt64},
	} {
		restore()
		t.Setenv("GOGC", tc.gogc)
		t.Setenv("GOMEMLIMIT", tc.memlimit)
		tuneRunGC()
		percent := debug.SetGCPercent(100)
		limit := debug.SetMemoryLimit(-1)
		if percent != tc.percent || limit != tc.limit {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: collector at %d, limit %d; want %d, %d", tc.gogc, tc.memlimit, percent, limit, tc.percent, tc.limit)
		}
	}
}

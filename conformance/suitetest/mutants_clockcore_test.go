package suitetest

import (
	"testing"
)

// TestClockCoreMutants runs the suite against each clock-core mutant.
func TestClockCoreMutants(t *testing.T) {
	ms := clockCoreMutants()
	if len(ms) < 8 {
		t.Fatalf("only %d clock-core mutants; the profile promises at least 8", len(ms))
	}
	runMutants(t, ms)
}

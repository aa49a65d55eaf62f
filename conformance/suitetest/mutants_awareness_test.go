package suitetest

import (
	"testing"
)

// TestClockAwarenessMutants runs the suite against each clock-awareness mutant.
func TestClockAwarenessMutants(t *testing.T) {
	ms := clockAwarenessMutants()
	if len(ms) < 8 {
		t.Fatalf("only %d clock-awareness mutants; the profile promises at least 8", len(ms))
	}
	runMutants(t, ms)
}

package suitetest

import (
	"testing"
)

// TestSuiteRejectsDatetimeMutants runs the suite against each datetime mutant.
func TestSuiteRejectsDatetimeMutants(t *testing.T) {
	ms := datetimeMutants()
	if len(ms) < 8 {
		t.Fatalf("only %d datetime mutants; the suite promises to reject at least 8", len(ms))
	}
	runMutants(t, ms)
}

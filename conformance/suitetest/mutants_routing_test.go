package suitetest

import (
	"testing"
)

// TestRoutingMutants runs the suite against each routing mutant.
func TestRoutingMutants(t *testing.T) {
	ms := routingMutants()
	if len(ms) < 8 {
		t.Fatalf("only %d mutants; the routing profile promises at least 8", len(ms))
	}
	runMutants(t, ms)
}

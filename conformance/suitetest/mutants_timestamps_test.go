package suitetest

import (
	"context"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/reference"
)

// TestTimestampsMutants runs the suite against each timestamps mutant.
func TestTimestampsMutants(t *testing.T) {
	ms := timestampsMutants()
	if len(ms) < 8 {
		t.Fatalf("only %d mutants; the timestamps profile promises at least 8", len(ms))
	}
	runMutants(t, ms)
}

// TestTimestampsMutantModelIsFaithful is the mutants' control: the model with
// no mistake passes every timestamps scenario, so each mutant above is caught
// for its one mistake and not for a slip in the model.
func TestTimestampsMutantModelIsFaithful(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(mutated{reference.New(), mutant{"control", tsOps(tsDefault())}}),
		Level:  conformance.LevelCompat,
		Tags:   "@timestamps",
	})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range rep.Scenarios {
		n++
		if s.Compat != conformance.Passed {
			t.Errorf("the unmutated model fails %s: %s", s.ID, s.Problem)
		}
	}
	if n == 0 {
		t.Fatal("no timestamps scenario ran")
	}
}

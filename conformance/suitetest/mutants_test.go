package suitetest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// TestSuiteRejectsMutants runs the suite against each v1 mutant.
func TestSuiteRejectsMutants(t *testing.T) {
	ms := mutants()
	if len(ms) < 15 {
		t.Fatalf("only %d mutants; the suite promises to reject at least 15", len(ms))
	}
	runMutants(t, ms)
}

// runMutants requires each mutant to fail at least one scenario at the
// compat level (its own assertions), not only through goldens. A mutant
// changes only the operations it overrides, so only the scenarios calling
// them can tell it apart: just those run.
func runMutants(t *testing.T, ms []mutant) {
	callers := map[string][]conformance.Pattern{}
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, _ int, op string, _ json.RawMessage, _ protocol.Result) {
			if n := len(callers[op]); n == 0 || string(callers[op][n-1]) != sc.ID {
				callers[op] = append(callers[op], conformance.Pattern(sc.ID))
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		var run []conformance.Pattern
		for op := range m.ops {
			run = append(run, callers[op]...)
		}
		if len(run) == 0 {
			t.Errorf("mutant %q overrides operations no scenario calls", m.name)
			continue
		}
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			rep, err := conformance.Run(context.Background(), conformance.Options{
				Driver: conformance.InProcess(mutated{reference.New(), m}),
				Level:  conformance.LevelCompat,
				Run:    run,
			})
			if err != nil {
				t.Fatal(err)
			}
			var caught []string
			for _, s := range rep.Scenarios {
				if s.Compat == conformance.Failed {
					caught = append(caught, s.ID)
				}
			}
			if len(caught) == 0 {
				t.Fatalf("mutant %q survived every scenario: a scenario is missing", m.name)
			}
			t.Logf("caught by %d scenarios, e.g. %s", len(caught), caught[0])
		})
	}
}

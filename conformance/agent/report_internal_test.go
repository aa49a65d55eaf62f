package agent

import "testing"

// A failed trial is charged to the requirements its failing check decides
// (Trial.Charged), and passes for the others its scenario cites; a failure
// whose check names none, and a fault, are charged to every one.
func TestAFailureIsChargedToTheRequirementsOfItsCheck(t *testing.T) {
	rep := &Report{Trials: 4, Scenarios: []*ScenarioResult{{ID: "s", Tier: TierRequired, Reqs: []string{"X-ANCHOR", "X-CONFIRM"},
		Trials: []Trial{
			{N: 1, Verdict: Failed, Charged: []string{"X-ANCHOR"}},
			{N: 2, Verdict: Passed},
			{N: 3, Verdict: Failed},
			{N: 4, Verdict: Faulted, Fault: FaultTimeout},
		}}}}
	rep.tally()
	got := map[string]int{}
	for _, r := range rep.Requirements {
		got[r.ID] = r.Passes
		if (r.ID == "X-ANCHOR" || r.ID == "X-CONFIRM") && r.TrialsRun != 4 {
			t.Errorf("%s: %d trials run, want 4", r.ID, r.TrialsRun)
		}
	}
	if got["X-ANCHOR"] != 1 || got["X-CONFIRM"] != 2 {
		t.Errorf("passes per requirement %v; want X-ANCHOR 1 (trial 1 is its failure), X-CONFIRM 2 (trial 1 is not)", got)
	}
	if s := rep.Scenarios[0]; s.Passes != 1 || s.Status() != Failed {
		t.Errorf("the scenario: %d passes, %s", s.Passes, s.Status())
	}
}

package result_test

import (
	"reflect"
	"testing"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

// One report with a scenario of every kind: Tally counts each once, per
// profile and in total, and Recount stores exactly its profiles.
func TestTallyCountsEveryOutcomeOnce(t *testing.T) {
	sc := func(id, profile string, tier features.Tier, compat, exact result.Verdict) result.ScenarioResult {
		return result.ScenarioResult{ID: id, Profile: profile, Tier: tier, Compat: compat, Exact: exact}
	}
	known := func(s result.ScenarioResult, list string, attempts int) result.ScenarioResult {
		s.Known, s.Attempts = list, attempts
		return s
	}
	rep := &result.Report{Level: result.LevelExact, Require: result.RequireRequired,
		Profiles: []result.ProfileSummary{
			{Profile: "v1", Claimed: true},
			{Profile: "datetime", Claimed: false, MissingOps: []string{"datetime_math"}},
			{Profile: "routing", Claimed: true}, // no scenario: dropped
		},
		Scenarios: []result.ScenarioResult{
			sc("v1/a", "v1", features.Required, result.Passed, result.Passed),
			sc("v1/b", "v1", features.Required, result.Passed, result.Failed),
			sc("v1/c", "v1", features.Required, result.Crashed, result.Crashed),
			sc("v1/d", "v1", features.Decision, result.Failed, result.Failed),
			sc("v1/e", "v1", features.Extension, result.Passed, result.Failed),
			known(sc("v1/f", "v1", features.Required, result.Failed, result.Failed), selection.KnownFailing, 0),
			known(sc("v1/g", "v1", features.Required, result.Passed, result.Passed), selection.KnownFailing, 0),
			known(sc("v1/h", "v1", features.Required, result.Passed, result.Passed), selection.KnownFlaky, 2),
			sc("v1/i", "v1", "", result.Passed, result.NotCompared),
			sc("datetime/a", "datetime", features.Required, result.NotClaimed, result.NotClaimed),
		}}
	profiles, totals := result.Tally(rep)
	want := result.Totals{Passed: 2, Failed: 2, KnownFailing: 1, Fixed: 1, Flaky: 1, NotFollowedDecisions: 1, NotFollowedExtensions: 1}
	if totals != want {
		t.Errorf("totals %+v, want %+v", totals, want)
	}
	if len(profiles) != 2 || profiles[0].Profile != "datetime" || profiles[1].Profile != "v1" {
		t.Fatalf("profiles %+v, want datetime and v1 in name order", profiles)
	}
	dt, v1 := profiles[0], profiles[1]
	if dt.Claimed || !reflect.DeepEqual(dt.MissingOps, []string{"datetime_math"}) || dt.NotClaimedCnt != 1 || dt.Scenarios != 1 || dt.Required.Total != 0 {
		t.Errorf("datetime %+v", dt)
	}
	if !v1.Claimed || v1.Scenarios != 9 || v1.CompatPassed != 6 || v1.CompatFailed != 3 || v1.Faults != 1 ||
		v1.ExactPassed != 3 || v1.ExactFailed != 5 || v1.Passed != 4 || v1.Failed != 5 || v1.KnownFailing != 1 || v1.Flaky != 1 {
		t.Errorf("v1 %+v", v1)
	}
	for _, c := range []struct {
		got, want result.TierCount
	}{
		{v1.Required, result.TierCount{Passed: 4, Total: 7, Failing: []string{"v1/b", "v1/c", "v1/f"}}},
		{v1.Decisions, result.TierCount{Passed: 0, Total: 1, Failing: []string{"v1/d"}}},
		{v1.Extensions, result.TierCount{Passed: 0, Total: 1, Failing: []string{"v1/e"}}},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("v1 tier %+v, want %+v", c.got, c.want)
		}
	}
	rep.Recount()
	if !reflect.DeepEqual(rep.Profiles, profiles) {
		t.Errorf("Recount stored %+v, Tally gives %+v", rep.Profiles, profiles)
	}
	if rep.Scenarios[1].Verdict != result.Failed || rep.Scenarios[8].Verdict != result.Passed || rep.Format != result.SummaryFormat {
		t.Errorf("verdicts at the level: %+v", rep.Scenarios)
	}
	empty := &result.Report{}
	empty.Recount()
	if empty.Profiles != nil {
		t.Errorf("a report without scenarios has profiles %+v", empty.Profiles)
	}
}

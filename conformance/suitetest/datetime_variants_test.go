package suitetest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// dtRequiredTags selects the datetime profile's required tier.
func dtRequiredTags(t *testing.T) string {
	_, suite := load(t)
	tags := "@datetime&&~@decision"
	for _, tier := range []string{"@recommended", "@extension"} {
		if suite.HasTag(tier) {
			tags += "&&~" + tier
		}
	}
	return tags
}

func dtRun(t *testing.T, v dtVariant, tags string) *conformance.Report {
	t.Helper()
	return runExact(t, dtFiltered{reference.New(), v.filter}, tags)
}

// runExact runs the scenarios tags selects against impl at the exact
// level, goldens compared; a selection of none is the test's mistake.
func runExact(t *testing.T, impl driver.Implementation, tags string) *conformance.Report {
	t.Helper()
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver:  conformance.InProcess(impl),
		Level:   conformance.LevelExact,
		Goldens: goldensFS(),
		Tags:    tags,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Scenarios) == 0 {
		t.Fatalf("--tags %s selected no scenario", tags)
	}
	return rep
}

func dtFailed(rep *conformance.Report) []conformance.ScenarioResult {
	var failed []conformance.ScenarioResult
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed || s.Exact != conformance.Passed {
			failed = append(failed, s)
		}
	}
	return failed
}

// TestDatetimeRequiredTierRejectsWrongVariants: loosening the required tier
// left it its teeth; each answer the PRD forbids fails a required scenario.
func TestDatetimeRequiredTierRejectsWrongVariants(t *testing.T) {
	required := dtRequiredTags(t)
	for _, v := range dtWrongVariants() {
		t.Run(v.name, func(t *testing.T) {
			failed := dtFailed(dtRun(t, v, required))
			if len(failed) == 0 {
				t.Fatalf("the wrong variant passes every required scenario")
			}
			t.Logf("rejected by %d required scenarios, e.g. %s", len(failed), failed[0].ID)
		})
	}
}

// TestDatetimeExactLeavesOpenPointsToTheirSteps: the Sunday-0 variant
// passes the Sunday scenario at exact (its golden says 7, the scenario says
// "one of 0, 7"), while a variant that also changes a point the scenario
// does not declare open (the echoed timestamp's spelling) fails exact.
func TestDatetimeExactLeavesOpenPointsToTheirSteps(t *testing.T) {
	sunday0 := dtPermittedVariants()[2]
	run := func(f dtFilter) conformance.ScenarioResult {
		rep, err := conformance.Run(context.Background(), conformance.Options{
			Driver:  conformance.InProcess(dtFiltered{reference.New(), f}),
			Level:   conformance.LevelExact,
			Goldens: goldensFS(),
			Run:     []conformance.Pattern{"datetime/weekday/sunday"},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Scenarios) != 1 {
			t.Fatalf("want one scenario, got %d", len(rep.Scenarios))
		}
		return rep.Scenarios[0]
	}
	if s := run(sunday0.filter); s.Compat != conformance.Passed || s.Exact != conformance.Passed {
		t.Fatalf("%s: want passed at compat and exact, got compat %v exact %v: %s", sunday0.name, s.Compat, s.Exact, s.Problem)
	}
	respelled := func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
		out, perr := sunday0.filter(ref, op, input)
		if perr != nil {
			return out, perr
		}
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil {
			return out, perr
		}
		if ts, ok := m["timestamp"].(string); ok {
			m["timestamp"] = ts + " "
		}
		b, _ := json.Marshal(m)
		return b, nil
	}
	if s := run(respelled); s.Exact != conformance.Failed {
		t.Fatalf("a change outside the open points passed exact: compat %v exact %v", s.Compat, s.Exact)
	}
}

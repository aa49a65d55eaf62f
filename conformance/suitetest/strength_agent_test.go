package suitetest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// The clock-agent profile keeps its requirements apart (they name agent
// behaviours, not operations) and quotes the seed inside its source line:
// 'seed 004 §4.3 "Agents MUST NOT …"'. The same rule holds there: a
// scenario is no stronger than its requirements, and a required one stands
// on a must whose quoted words are seed 004's.

// quoted is the text between double quotes in a source line.
var quoted = regexp.MustCompile(`"([^"]+)"`)

// agentRequirements reads the clock-agent requirements as the strength
// rule reads the others': each source line's quotes, joined as the parts
// of one passage.
func agentRequirements(t *testing.T) []*spec.Requirement {
	t.Helper()
	reqs, err := agent.Requirements()
	if err != nil {
		t.Fatal(err)
	}
	var out []*spec.Requirement
	for _, r := range reqs {
		st, err := spec.ParseStrength(r.Strength)
		if err != nil {
			t.Fatalf("%s: %v", r.ID, err)
		}
		var parts []string
		for _, m := range quoted.FindAllStringSubmatch(r.Source, -1) {
			parts = append(parts, m[1])
		}
		out = append(out, &spec.Requirement{ID: r.ID, Profile: agent.Profile, Strength: st, Seed: strings.Join(parts, " … ")})
	}
	return out
}

// agentScenarios are the clock-agent scenarios with their tiers as the
// agent runner grades them; a judged scenario (words, read by a judge
// model) is graded apart and never required, so it is held to the
// recommended tier's bar.
func agentScenarios(t *testing.T) []*features.Scenario {
	t.Helper()
	scs, err := agent.Scenarios(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	var out []*features.Scenario
	for _, sc := range scs {
		c := *sc
		switch agent.TierOf(sc) {
		case agent.TierRequired:
			c.Tier = features.Required
		case agent.TierRecommended, agent.TierJudged:
			c.Tier = features.Recommended
		case agent.TierDecision:
			c.Tier = features.Decision
		case agent.TierExtension:
			c.Tier = features.Extension
		}
		out = append(out, &c)
	}
	return out
}

func TestAgentTierIsNoStrongerThanTheSeed(t *testing.T) {
	seeds := seedTexts(t)
	reqs := agentRequirements(t)
	scs := agentScenarios(t)
	if len(reqs) == 0 || len(scs) == 0 {
		t.Fatalf("%d requirements, %d scenarios: nothing to check", len(reqs), len(scs))
	}
	for _, p := range strengthProblems(scs, reqs, seeds) {
		t.Error(p)
	}
}

// The agent's reading of the rule rejects a required scenario that stands
// on a should, or on a must whose quote is not seed 004's, and accepts the
// same scenario at the tier its requirement allows.
func TestAgentStrengthRejectsPlantedScenarios(t *testing.T) {
	seeds := seedTexts(t)
	reqs := append(agentRequirements(t),
		&spec.Requirement{ID: "PLANTED-AGENT-INVENTED", Profile: agent.Profile, Strength: spec.Must,
			Seed: "Agents MUST always answer within one second"})
	plant := func(tier features.Tier, req string) *features.Scenario {
		return &features.Scenario{ID: "planted/" + string(tier) + "/" + req, Tier: tier, Reqs: []string{req}}
	}
	for _, c := range []struct {
		sc   *features.Scenario
		want string
	}{
		{plant(features.Required, "AGT-ASK-UPDATES"), "at most recommended"},
		{plant(features.Required, "PLANTED-AGENT-INVENTED"), "which the seed does not say"},
		{plant(features.Recommended, "AGT-ASK-UPDATES"), ""},
		{plant(features.Required, "AGT-FLOATING-ANCHOR"), ""},
	} {
		checkPlanted(t, c.sc, c.want, reqs, seeds)
	}
}

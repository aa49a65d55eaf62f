package scripted_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
	"github.com/clockspec/clockspec/features"
)

func run(t *testing.T, a agent.Agent, trials int) *agent.Report {
	t.Helper()
	scs, err := agent.Scenarios(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	rep, err := agent.Run(context.Background(), agent.Options{Agent: a, Scenarios: scs, Trials: trials})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The scripted CLOCK agent passes every structural scenario (required and
// any other tier that is checked on the calls); judged ones are not judged.
func TestClockAgentPassesEveryScenario(t *testing.T) {
	rep := run(t, &scripted.Agent{}, 1)
	for _, s := range rep.Scenarios {
		want := agent.Passed
		if s.Tier == agent.TierJudged {
			want = agent.NotJudged
		}
		if s.Status() != want {
			var b strings.Builder
			rep.WriteSummary(&b)
			t.Errorf("%s: %s, want %s: %s", s.ID, s.Status(), want, s.Trials[0].Message)
		}
	}
}

// breaks names, per flaw, the requirement a variant breaks and exactly the
// scenarios that reject it: each of them citing that requirement, at least
// one of them required (Conforms is false), and no other scenario failing
// (nothing unrelated).
var breaks = map[scripted.Flaw]struct {
	req  string
	fail []string
}{
	scripted.FloatingUTC: {"AGT-FLOATING-ANCHOR", []string{
		"confirmation/inferred-city-policy-off", "confirmation/message-to-a-third-party", "confirmation/profile-beats-mentioned-city",
		"correction/travelling-this-week", "correction/stays-corrected", "floating/oslo-spring-forward", "floating/oslo-winter",
		"floating/kolkata-half-hour", "floating/kathmandu-quarter-hour", "floating/new-york-fall-back",
		"floating/host-zone-is-not-the-session", "floating/calendar-event-dst-day", "floating/no-zone-known", "floating/stored-override", "floating/new-york-gap",
		"group/lisbon-and-kolkata"}},
	// est-in-january-new-yorker passes: in January EST is New York's zone.
	scripted.FixedAbbreviations: {"AGT-ABBREVIATION", []string{"abbreviations/est-in-july-new-yorker", "abbreviations/cst-in-july-chicagoan",
		"abbreviations/ist-in-dublin", "abbreviations/no-context-asks", "abbreviations/not-the-users-zone"}},
	scripted.InferredAsStated: {"AGT-INFER-CONFIRM", []string{"confirmation/inferred-city-policy-off"}},
	scripted.KeepsOldZone:     {"AGT-CORRECTION", []string{"correction/travelling-this-week", "correction/stays-corrected"}},
	scripted.InferenceAsFact:  {"AGT-INFER-NOT-FACT", []string{"inference/sore-after-the-gym", "inference/skipped-it"}},
}

func TestEachTimeBlindVariantIsRejectedByItsScenarios(t *testing.T) {
	if len(breaks) != len(scripted.Flaws) {
		t.Fatalf("%d flaws, %d named in breaks", len(scripted.Flaws), len(breaks))
	}
	for _, flaw := range scripted.Flaws {
		t.Run(string(flaw), func(t *testing.T) {
			want := breaks[flaw]
			rep := run(t, &scripted.Agent{Flaw: flaw}, 1)
			var failed []string
			for _, s := range rep.Scenarios {
				if s.Status() != agent.Failed {
					continue
				}
				failed = append(failed, strings.TrimPrefix(s.ID, "clock-agent/"))
				if !slices.Contains(s.Reqs, want.req) {
					t.Errorf("%s fails %s, which does not cite %s: an unrelated failure (%s)", flaw, s.ID, want.req, s.Trials[0].Message)
				}
			}
			if !slices.Equal(failed, want.fail) {
				t.Errorf("%s fails\n  %v\nwant\n  %v", flaw, failed, want.fail)
			}
			if rep.Conforms(agent.TierRequired) {
				t.Errorf("%s conforms", flaw)
			}
		})
	}
}

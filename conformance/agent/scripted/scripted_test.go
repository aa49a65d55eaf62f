package scripted_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
	"github.com/clockspec/clockspec/features"
)

// reports keeps each scripted agent's one-trial run: several tests read
// the same run, and a run of every scenario is the costly part.
var reports sync.Map

func run(t *testing.T, a agent.Agent, trials int) *agent.Report {
	t.Helper()
	sa, cacheable := a.(*scripted.Agent)
	if !cacheable || trials != 1 {
		return play(t, a, trials)
	}
	if rep, ok := reports.Load(sa.Name()); ok {
		return rep.(*agent.Report)
	}
	rep := play(t, a, 1)
	reports.Store(sa.Name(), rep)
	return rep
}

func play(t *testing.T, a agent.Agent, trials int) *agent.Report {
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

// The scripted CLOCK agent, and the agents of another style that are just
// as right (one asks two questions before it acts, one asks for a zone it
// did not need), pass every structural scenario (required and any other
// tier that is checked on the calls); judged ones are not judged.
func TestRightAgentsPassEveryScenario(t *testing.T) {
	agents := []*scripted.Agent{{}}
	for _, st := range scripted.Styles {
		agents = append(agents, &scripted.Agent{Style: st})
	}
	for _, a := range agents {
		t.Run(a.Name(), func(t *testing.T) {
			rep := run(t, a, 1)
			for _, s := range rep.Scenarios {
				want := agent.Passed
				if s.Tier == agent.TierJudged {
					want = agent.NotJudged
				}
				if s.Status() != want {
					t.Errorf("%s: %s, want %s: %s", s.ID, s.Status(), want, s.Trials[0].Message)
				}
			}
		})
	}
}

// breaks names, per flaw, the requirement a variant breaks and the
// scenarios that must reject it. Every scenario the variant fails must
// cite that requirement and charge its failing check to it (the right
// reason: the check that failed decides that rule), and the variant must
// not conform.
var breaks = map[scripted.Flaw]struct {
	req  string
	fail []string
}{
	scripted.FloatingUTC: {"AGT-FLOATING-ANCHOR", []string{"floating/oslo-spring-forward", "floating/kolkata-half-hour",
		"floating/new-york-fall-back", "floating/host-zone-is-not-the-session", "floating/stored-override", "group/lisbon-and-kolkata"}},
	// est-in-january-new-yorker passes: in January EST is New York's zone.
	scripted.FixedAbbreviations: {"AGT-ABBREVIATION", []string{"abbreviations/est-in-july-new-yorker", "abbreviations/cst-in-july-chicagoan",
		"abbreviations/ist-in-dublin", "abbreviations/no-context-asks", "abbreviations/not-the-users-zone"}},
	scripted.InferredAsStated: {"AGT-INFER-CONFIRM", []string{"confirmation/inferred-city-policy-off"}},
	scripted.KeepsOldZone:     {"AGT-CORRECTION", []string{"correction/travelling-this-week", "correction/stays-corrected"}},
	scripted.InferenceAsFact:  {"AGT-INFER-NOT-FACT", []string{"inference/sore-after-the-gym", "inference/skipped-it"}},
	scripted.UTCCalendar:      {"AGT-FLOATING-ANCHOR", []string{"floating/tokyo-early-morning", "floating/tokyo-today", "floating/los-angeles-evening"}},
	scripted.StaleClock:       {"AGT-FLOATING-ANCHOR", []string{"floating/after-the-clock-moves", "floating/in-two-hours-after-the-clock-moves"}},
	scripted.IgnoresSkip:      {"AGT-CORRECTION", []string{"inference/skipped-it"}},
	scripted.UnconfirmedHold:  {"AGT-CONFIRM-IMPACTFUL", []string{"confirmation/meeting-waits-for-yes", "confirmation/declined-meeting-leaves-no-trace"}},
	scripted.SideMessage:      {"AGT-CONFIRM-IMPACTFUL", []string{"confirmation/meeting-waits-for-yes", "confirmation/declined-meeting-leaves-no-trace"}},
	scripted.OverrideFirst:    {"AGT-TZ-PRECEDENCE", []string{"floating/stated-zone-beats-stored-override"}},
	scripted.ForgetsClockIt:   {"AGT-CLOCK-IT", []string{"actions/clock-it-stores"}},
	scripted.StoresEverything: {"AGT-NON-TEMPORAL", []string{"actions/non-temporal-not-stored"}},
}

func TestEachTimeBlindVariantIsRejectedByItsScenarios(t *testing.T) {
	reqs, err := agent.Requirements()
	if err != nil {
		t.Fatal(err)
	}
	strength := map[string]string{}
	for _, r := range reqs {
		strength[r.ID] = r.Strength
	}
	if len(breaks) != len(scripted.Flaws) {
		t.Fatalf("%d flaws, %d named in breaks", len(scripted.Flaws), len(breaks))
	}
	for _, flaw := range scripted.Flaws {
		t.Run(string(flaw), func(t *testing.T) {
			want := breaks[flaw]
			rep := run(t, &scripted.Agent{Flaw: flaw}, 1)
			failed := map[string]bool{}
			for _, s := range rep.Scenarios {
				if s.Status() != agent.Failed {
					continue
				}
				id := strings.TrimPrefix(s.ID, "clock-agent/")
				failed[id] = true
				tr := s.Trials[0]
				if !slices.Contains(s.Reqs, want.req) || !slices.Contains(tr.Charged, want.req) {
					t.Errorf("%s fails %s (reqs %v), charged to %v, not to %s: an unrelated failure (%s)", flaw, id, s.Reqs, tr.Charged, want.req, tr.Message)
				}
			}
			for _, id := range want.fail {
				if !failed[id] {
					t.Errorf("%s passes %s, which must reject it", flaw, id)
				}
			}
			// A flaw of a must is not certified; one of a should fails
			// the recommended tier.
			tier := agent.TierRequired
			if strength[want.req] != "must" {
				tier = agent.TierRecommended
			}
			if rep.Conforms(tier) {
				t.Errorf("%s conforms at the %s tier", flaw, tier)
			}
		})
	}
}

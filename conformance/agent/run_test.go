package agent_test

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
	"github.com/clockspec/clockspec/features"
)

func pick(t *testing.T, ids ...string) []*features.Scenario {
	t.Helper()
	all, err := agent.Scenarios(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	var out []*features.Scenario
	for _, id := range ids {
		for _, s := range all {
			if s.ID == id {
				out = append(out, s)
			}
		}
	}
	if len(out) != len(ids) {
		t.Fatalf("found %d of %v", len(out), ids)
	}
	return out
}

// A flaky agent right in 3 trials of 5 has pass^5 = 0 and a rate of 3/5
// with its Wilson interval, per scenario and per requirement; its failing
// trials keep their transcripts, in the summary and the HTML report.
func TestFlakyAgentOverFiveTrials(t *testing.T) {
	flaky := &scripted.Flaky{Right: &scripted.Agent{}, Wrong: &scripted.Agent{Flaw: scripted.FloatingUTC},
		WrongOf: []bool{false, true, false, true, false}}
	rep, err := agent.Run(context.Background(), agent.Options{Agent: flaky, Trials: 5,
		Scenarios: pick(t, "clock-agent/floating/oslo-spring-forward")})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Scenarios[0]
	if s.Passes != 3 || s.TrialsRun != 5 || s.PassHatK != 0 || s.PassRate != 0.6 {
		t.Fatalf("passes %d of %d, pass^5 %v, rate %v; want 3 of 5, 0, 0.6", s.Passes, s.TrialsRun, s.PassHatK, s.PassRate)
	}
	if math.Abs(s.RateLow95-0.2307) > 1e-3 || math.Abs(s.RateHigh95-0.8824) > 1e-3 {
		t.Errorf("interval [%v, %v]", s.RateLow95, s.RateHigh95)
	}
	if s.Status() != agent.Failed || rep.Conforms(agent.TierRequired) {
		t.Error("a scenario failing 2 of 5 trials is not failed")
	}
	for _, tr := range s.Trials {
		if (tr.N == 2 || tr.N == 4) != (tr.Verdict == agent.Failed) {
			t.Errorf("trial %d: %s", tr.N, tr.Verdict)
		}
	}
	var req *agent.RequirementResult
	for _, r := range rep.Requirements {
		if r.ID == "AGT-FLOATING-ANCHOR" {
			req = r
		}
	}
	if req == nil || req.Passes != 3 || req.TrialsRun != 5 || req.PassHatK != 0 {
		t.Errorf("per requirement: %+v", req)
	}
	var sum bytes.Buffer
	rep.WriteSummary(&sum)
	for _, want := range []string{"pass^5 0.00", "rate 3/5 [0.23, 0.88]", "trial 2 failed", "conform agent: 0 passed, 1 failed"} {
		if !strings.Contains(sum.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, sum.String())
		}
	}
	dir := t.TempDir()
	if err := rep.WriteFiles(dir); err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(filepath.Join(dir, "agent-report.html"))
	for _, want := range []string{"trial 2: failed", "trial 4: failed", "create_reminder", "2026-03-29T09:00:00", "2026-03-28T18:00:00Z", "23%–88%"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
	if strings.Contains(string(html), "trial 1: failed") {
		t.Error("the HTML report shows a passing trial as failing")
	}
	if _, err := os.Stat(filepath.Join(dir, "agent-summary.json")); err != nil {
		t.Error(err)
	}
}

// Without a judge the judged scenarios are not judged: never passed, never
// failed, and they do not count against conformance.
func TestJudgedScenariosWithoutAJudge(t *testing.T) {
	rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Trials: 2,
		Scenarios: pick(t, "clock-agent/inference/hedged-reply", "clock-agent/inference/sore-after-the-gym")})
	if err != nil {
		t.Fatal(err)
	}
	if st := rep.Scenarios[0].Status(); st != agent.NotJudged {
		t.Errorf("hedged-reply: %s", st)
	}
	if tc := rep.Tiers[agent.TierJudged]; tc == nil || tc.NotJudged != 1 || tc.Passed != 0 {
		t.Errorf("judged tier: %+v", tc)
	}
	if !rep.Conforms(agent.TierRequired, agent.TierJudged) {
		t.Error("not judged counts as failed")
	}
}

type fixedJudge struct{ pass bool }

func (j fixedJudge) Judge(context.Context, string, []agent.Event, string) (bool, string, error) {
	return j.pass, "the reply says \"sounds like\"", nil
}

// With a judge, its verdict and reason decide the judged scenario.
func TestJudgeDecidesTheJudgedTier(t *testing.T) {
	for _, pass := range []bool{true, false} {
		rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Trials: 1, Judge: fixedJudge{pass},
			Scenarios: pick(t, "clock-agent/inference/hedged-reply")})
		if err != nil {
			t.Fatal(err)
		}
		s := rep.Scenarios[0]
		if (s.Status() == agent.Passed) != pass || !pass && !strings.Contains(s.Trials[0].Message, "sounds like") {
			t.Errorf("judge says %v: %s %s", pass, s.Status(), s.Trials[0].Message)
		}
	}
}

func TestEveryStepIsDefinedAndEveryRequirementCited(t *testing.T) {
	scs, err := agent.Scenarios(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	reqs, err := agent.Requirements()
	if err != nil {
		t.Fatal(err)
	}
	cited := map[string]bool{}
	for _, s := range scs {
		for _, r := range s.Reqs {
			cited[r] = true
		}
		if agent.TierOf(s) == agent.TierRequired {
			for _, r := range s.Reqs {
				for _, rq := range reqs {
					if rq.ID == r && rq.Check == "judged" {
						t.Errorf("%s is required but cites %s, which only a judge can check", s.ID, r)
					}
				}
			}
		}
	}
	known := map[string]bool{}
	for _, r := range reqs {
		known[r.ID] = true
		if !cited[r.ID] {
			t.Errorf("no scenario cites %s", r.ID)
		}
	}
	for r := range cited {
		if !known[r] {
			t.Errorf("a scenario cites %s, which requirements.yaml lacks", r)
		}
	}
}

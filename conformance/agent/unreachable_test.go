package agent_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// dropsAfter is the scripted agent until it has answered n turns of the
// run, and then an agent no connection reaches.
type dropsAfter struct {
	scripted.Agent
	n *int
}

func (d *dropsAfter) Open(ctx context.Context, c agent.Conversation) (agent.Session, error) {
	s, err := d.Agent.Open(ctx, c)
	return droppingSession{s, d.n}, err
}

type droppingSession struct {
	agent.Session
	n *int
}

func (s droppingSession) Turn(ctx context.Context, t agent.Turn) (agent.Yield, error) {
	if *s.n <= 0 {
		return agent.Yield{}, &agent.Unreachable{Err: fmt.Errorf("dial tcp 127.0.0.1:1: connect: connection refused")}
	}
	*s.n--
	return s.Session.Turn(ctx, t)
}

// An agent no connection reaches before its first answer is a run that
// could not happen (a StartError: exit 2), not a failure of every
// scenario; once it has answered, losing it is a fault of the trial it
// happens in, and the run goes on — until MaxConsecutiveFaults trials in a
// row are faulted so, which stops it as a run that could not happen.
func TestAnUnreachableAgentIsNotJudged(t *testing.T) {
	scenarios := pick(t, "clock-agent/floating/oslo-winter", "clock-agent/floating/kolkata-half-hour")
	never := 0
	_, err := agent.Run(context.Background(), agent.Options{Agent: &dropsAfter{n: &never}, Scenarios: scenarios, Trials: 2})
	var se *agent.StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "no connection reached it") {
		t.Fatalf("an agent never reached: %v, want a StartError", err)
	}
	once := 1
	_, err = agent.Run(context.Background(), agent.Options{Agent: &dropsAfter{n: &once}, Scenarios: scenarios, Trials: 2})
	if err == nil || !strings.Contains(err.Error(), "faulted 3 trials in a row") {
		t.Fatalf("an agent lost for good after its first answer: %v, want the run stopped after 3 faulted trials", err)
	}
	once = 1
	rep, err := agent.Run(context.Background(), agent.Options{Agent: &dropsAfter{n: &once}, Scenarios: scenarios, Trials: 2, MaxConsecutiveFaults: -1})
	if err != nil {
		t.Fatalf("an agent lost after its first answer: %v, want a report", err)
	}
	faults := 0
	for _, s := range rep.Scenarios {
		for _, tr := range s.Trials {
			if tr.Verdict == agent.Faulted {
				faults++
				if tr.Fault != agent.FaultEndpoint || !strings.Contains(tr.Message, "connection refused") {
					t.Errorf("%s trial %d: fault %q %q, want an endpoint fault", s.ID, tr.N, tr.Fault, tr.Message)
				}
			}
		}
	}
	if faults == 0 {
		t.Error("no trial was charged with losing the agent")
	}
}

// unreachableJudge is a judge no connection reaches.
type unreachableJudge struct{}

func (unreachableJudge) Judge(context.Context, string, []agent.Event, string) (bool, string, error) {
	return false, "", &agent.Unreachable{Err: fmt.Errorf("dial tcp 127.0.0.1:1: connect: connection refused")}
}

// A judge no connection reaches is a run that could not happen (exit 2):
// no judged scenario is charged with it.
func TestAnUnreachableJudgeIsNoRun(t *testing.T) {
	scenarios := pick(t, "clock-agent/inference/hedged-reply")
	_, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Scenarios: scenarios, Trials: 1, Judge: unreachableJudge{}})
	var se *agent.StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "the judge could not be started: no connection reached it") {
		t.Fatalf("a judge never reached: %v, want a StartError", err)
	}
}

// flakyJudge passes its first trial and cannot judge the next.
type flakyJudge struct{ calls *int }

func (j flakyJudge) Judge(context.Context, string, []agent.Event, string) (bool, string, error) {
	*j.calls++
	if *j.calls == 1 {
		return true, "it hedges", nil
	}
	return false, "", fmt.Errorf("the judge's answer is not a verdict object: maybe")
}

// A judge that judges one trial and cannot judge the next charges nothing
// to the agent: the scenario is not judged (not passed on the one verdict
// it has), the summary says the judge could not judge, and the run does
// not conform.
func TestAJudgeThatCannotJudgeCertifiesNothing(t *testing.T) {
	calls := 0
	rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Trials: 2, Judge: flakyJudge{&calls},
		Scenarios: pick(t, "clock-agent/inference/hedged-reply")})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Scenarios[0]
	if s.Status() != agent.NotJudged || s.Passes != 1 || s.TrialsRun != 1 || !s.Trials[1].JudgeFailed {
		t.Errorf("status %s, %d of %d trials passed, trials %+v", s.Status(), s.Passes, s.TrialsRun, s.Trials)
	}
	if rep.Conforms(agent.TierJudged) {
		t.Error("a run with a trial the judge could not judge conforms")
	}
	if !rep.Conforms(agent.TierRequired) {
		t.Error("a judge's failure made the required tier fail")
	}
	var b strings.Builder
	rep.WriteSummary(&b)
	for _, want := range []string{"trial 2 not judged: not judged: the judge could not judge", "the judge could not judge 1 trial(s)", "conform agent: 0 passed, 0 failed"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, b.String())
		}
	}
}

// The HTML report shows a trial the judge could not judge, with the
// judge's words, as it shows a failing one.
func TestTheHTMLReportShowsWhatTheJudgeCouldNotJudge(t *testing.T) {
	calls := 0
	rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Trials: 2, Judge: flakyJudge{&calls},
		Scenarios: pick(t, "clock-agent/inference/hedged-reply")})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"clock-agent/inference/hedged-reply — trial 2: not judged", "the judge could not judge: the judge&#39;s answer is not a verdict object"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the HTML report lacks %q", want)
		}
	}
}

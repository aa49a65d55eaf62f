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
// happens in, and the run goes on.
func TestAnUnreachableAgentIsNotJudged(t *testing.T) {
	scenarios := pick(t, "clock-agent/floating/oslo-winter", "clock-agent/floating/kolkata-half-hour")
	never := 0
	_, err := agent.Run(context.Background(), agent.Options{Agent: &dropsAfter{n: &never}, Scenarios: scenarios, Trials: 2})
	var se *agent.StartError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "no connection reached it") {
		t.Fatalf("an agent never reached: %v, want a StartError", err)
	}
	once := 1
	rep, err := agent.Run(context.Background(), agent.Options{Agent: &dropsAfter{n: &once}, Scenarios: scenarios, Trials: 2})
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

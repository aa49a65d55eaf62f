package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
)

// askingAgent asks a question every turn and never acts.
type askingAgent struct{ turns *int }

func (a askingAgent) Name() string { return "asks-forever" }
func (a askingAgent) Open(context.Context, agent.Conversation) (agent.Session, error) {
	return a, nil
}
func (a askingAgent) Turn(context.Context, agent.Turn) (agent.Yield, error) {
	*a.turns++
	return agent.Yield{Reply: "And which time zone is that in?"}, nil
}
func (a askingAgent) Close() error { return nil }

// An agent that asks for ever gets a bounded number of answers, and is
// judged on what it did: nothing scheduled is a failure, not a hang.
func TestTheUserAnswersABoundedNumberOfQuestions(t *testing.T) {
	n := 0
	rep, err := agent.Run(context.Background(), agent.Options{Agent: askingAgent{&n}, Trials: 1,
		Scenarios: pick(t, "clock-agent/floating/oslo-winter")})
	if err != nil {
		t.Fatal(err)
	}
	// One request, then six answers.
	if n != 7 {
		t.Errorf("the agent was given %d turns, want 7 (the request and 6 answers)", n)
	}
	tr := rep.Scenarios[0].Trials[0]
	if tr.Verdict != agent.Failed || !strings.Contains(tr.Message, "0 reminders") {
		t.Errorf("verdict %s (%s), want failed for want of the reminder", tr.Verdict, tr.Message)
	}
	var answers []string
	for _, e := range tr.Transcript {
		if e.Kind == "user" {
			answers = append(answers, e.Text)
		}
	}
	if len(answers) != 7 || answers[1] != "Oslo time." {
		t.Errorf("the user said %q", answers)
	}
}

// RFC 3339 permits a lower-case t and z: the checks read them.
func TestInstantReadsLowerCase(t *testing.T) {
	a, err := agent.Instant("2026-03-08t07:30:00z")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := agent.Instant("2026-03-08T07:30:00Z"); !a.Equal(b) {
		t.Errorf("%v and %v differ", a, b)
	}
	if _, err := agent.Instant("2026-03-08T07:30:00"); err == nil {
		t.Error("an instant without an offset was read")
	}
}

// Every check of a scenario is in the transcript with its verdict, those
// phrased "the conversation's …" too.
func TestEveryCheckIsInTheTranscript(t *testing.T) {
	rep, err := agent.Run(context.Background(), agent.Options{Agent: askingAgent{new(int)}, Trials: 1,
		Scenarios: pick(t, "clock-agent/floating/oslo-winter")})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range rep.Scenarios[0].Trials[0].Transcript {
		if e.Kind == "check" && strings.HasPrefix(e.Text, "the conversation's reminders are at") && e.OK != nil && !*e.OK {
			return
		}
	}
	t.Error("the failed check \"the conversation's reminders are at …\" is not in the transcript")
}

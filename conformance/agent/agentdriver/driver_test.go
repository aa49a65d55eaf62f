package agentdriver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
	"github.com/clockspec/clockspec/features"
)

// scenarios are the clock-agent scenarios with the given ids.
func scenarios(t *testing.T, ids ...string) []*features.Scenario {
	t.Helper()
	all, err := agent.Scenarios(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	var out []*features.Scenario
	for _, id := range ids {
		i := slices.IndexFunc(all, func(s *features.Scenario) bool { return s.ID == "clock-agent/"+id })
		if i < 0 {
			t.Fatalf("no scenario %s", id)
		}
		out = append(out, all[i])
	}
	return out
}

func runOne(t *testing.T, a agent.Agent, timeout time.Duration, ids ...string) *agent.Report {
	t.Helper()
	rep, err := agent.Run(context.Background(), agent.Options{Agent: a, Scenarios: scenarios(t, ids...), Trials: 1, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// The Node example agent, over the protocol, passes the scenarios its one
// request covers, DST and a zone it has to ask for included.
func TestJSONLExampleAgentPasses(t *testing.T) {
	a := &agentdriver.JSONL{Argv: []string{"node", "../../../examples/agent-node/agent.js"}}
	rep := runOne(t, a, 20*time.Second, "floating/oslo-spring-forward", "floating/no-zone-known", "floating/kolkata-half-hour",
		"abbreviations/est-in-july-new-yorker", "confirmation/no-means-no")
	for _, s := range rep.Scenarios {
		if s.Status() != agent.Passed {
			t.Errorf("%s: %s: %s\n%s", s.ID, s.Status(), s.Trials[0].Message, transcript(s.Trials[0]))
		}
	}
}

func transcript(tr agent.Trial) string {
	var b strings.Builder
	for _, e := range tr.Transcript {
		j, _ := json.Marshal(e)
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// helperMode, when set, makes the test binary a misbehaving agent.
const helperEnv = "CLOCKSPEC_AGENT_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		helper(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// helper is an agent that misbehaves in one way on its first user turn.
func helper(mode string) {
	in := bufio.NewScanner(os.Stdin)
	out := func(s string) { fmt.Println(s) }
	for in.Scan() {
		var m struct{ Type string }
		_ = json.Unmarshal(in.Bytes(), &m)
		if m.Type == "end" {
			return
		}
		if m.Type != "user" && m.Type != "tool_result" {
			continue
		}
		switch mode {
		case "garbage":
			out("this is not json")
		case "loop":
			out(`{"type":"tool_call","id":"x","name":"clock_now","arguments":{}}`)
		case "unknown":
			if m.Type == "user" {
				out(`{"type":"tool_call","id":"u1","name":"launch_rockets","arguments":{}}`)
			} else {
				out(`{"type":"reply","text":"done"}`)
			}
		case "malformed":
			if m.Type == "user" {
				out(`{"type":"tool_call","id":"m1","name":"create_reminder","arguments":"{at: tomorrow"}`)
			} else {
				out(`{"type":"reply","text":"done"}`)
			}
		case "silent":
			time.Sleep(30 * time.Second) // killed when the kit gives up
		case "crash":
			fmt.Fprintln(os.Stderr, "agent: something broke")
			os.Exit(3)
		}
	}
}

func TestJSONLFaultsAreTheTrialsFault(t *testing.T) {
	for mode, kind := range map[string]string{"garbage": agent.FaultProtocol, "loop": agent.FaultLoop, "unknown": agent.FaultUnknown,
		"malformed": agent.FaultMalformed, "silent": agent.FaultTimeout, "crash": agent.FaultCrashed} {
		t.Run(mode, func(t *testing.T) {
			a := &agentdriver.JSONL{Argv: []string{os.Args[0]}, Env: []string{helperEnv + "=" + mode}, MaxToolCalls: 5}
			timeout := 20 * time.Second
			if mode == "silent" {
				timeout = time.Second
			}
			rep := runOne(t, a, timeout, "floating/oslo-spring-forward")
			tr := rep.Scenarios[0].Trials[0]
			if tr.Verdict != agent.Faulted || tr.Fault != kind {
				t.Fatalf("verdict %s, fault %q (%s), want fault %s", tr.Verdict, tr.Fault, tr.Message, kind)
			}
			if !slices.ContainsFunc(tr.Transcript, func(e agent.Event) bool { return e.Kind == "user" }) {
				t.Errorf("no transcript: %v", tr.Transcript)
			}
			if mode == "crash" && !strings.Contains(tr.Message, "something broke") {
				t.Errorf("the crash's message lacks the agent's stderr: %s", tr.Message)
			}
		})
	}
}

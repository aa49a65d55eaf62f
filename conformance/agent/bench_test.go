package agent_test

import (
	"context"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
	"github.com/clockspec/clockspec/features"
)

// BenchmarkScriptedSuite plays every clock-agent scenario once with the
// scripted CLOCK agent (in process): what the profile costs the kit itself,
// apart from any model. BenchmarkScriptedScenario is one conversation, its
// baseline in the same run.
func BenchmarkScriptedSuite(b *testing.B) {
	scs, err := agent.Scenarios(features.FS())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Scenarios: scs, Trials: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(scs)), "scenarios/op")
}

func BenchmarkScriptedScenario(b *testing.B) {
	scs, err := agent.Scenarios(features.FS())
	if err != nil {
		b.Fatal(err)
	}
	one := scs[:1]
	for b.Loop() {
		if _, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Scenarios: one, Trials: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

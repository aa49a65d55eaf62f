package agent_test

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// The HTML report's tier table names each tier and its count: it used to
// print the whole report as a Go value ({scripted:clock 3 false [0x…]}).
func TestHTMLTierTableNamesTheTiers(t *testing.T) {
	rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Trials: 1,
		Scenarios: pick(t, "clock-agent/floating/oslo-winter", "clock-agent/inference/hedged-reply")})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	h := b.String()
	for _, want := range []string{"<tr><td>required</td><td>1/1</td></tr>", "<tr><td>judged</td><td>0/1 (1 not judged)</td></tr>"} {
		if !strings.Contains(h, want) {
			t.Errorf("the tier table lacks %q", want)
		}
	}
	if regexp.MustCompile(`\{scripted:|0x[0-9a-f]{6,}`).MatchString(h) {
		t.Error("the HTML report prints a Go value")
	}
}

// Every failing trial has its own heading id, and the scenario table links
// to the first: three failing trials of one scenario used to share one id.
func TestEveryFailingTrialHasItsOwnID(t *testing.T) {
	wrong := &scripted.Agent{Flaw: scripted.FloatingUTC}
	rep, err := agent.Run(context.Background(), agent.Options{Agent: wrong, Trials: 3, Scenarios: pick(t, "clock-agent/floating/oslo-spring-forward")})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	ids := regexp.MustCompile(`<h3 id="([^"]+)"`).FindAllStringSubmatch(b.String(), -1)
	seen := map[string]bool{}
	for _, m := range ids {
		if seen[m[1]] {
			t.Errorf("id %q is used twice", m[1])
		}
		seen[m[1]] = true
	}
	if len(ids) != 3 {
		t.Fatalf("%d trial headings, want 3", len(ids))
	}
	if !strings.Contains(b.String(), `<a href="#`+ids[0][1]+`">`) {
		t.Errorf("the scenario table does not link to %s", ids[0][1])
	}
}

// pass^1 … pass^n are given per scenario and per requirement, as τ-bench
// estimates them (C(c,k)/C(n,k)): 3 passes in 5 trials give 0.6, 0.3,
// 0.1, 0, 0, not only pass^5 = 0.
func TestPassHatForEveryK(t *testing.T) {
	flaky := &scripted.Flaky{Right: &scripted.Agent{}, Wrong: &scripted.Agent{Flaw: scripted.FloatingUTC},
		WrongOf: []bool{false, true, false, true, false}}
	rep, err := agent.Run(context.Background(), agent.Options{Agent: flaky, Trials: 5,
		Scenarios: pick(t, "clock-agent/floating/oslo-spring-forward")})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0.6, 0.3, 0.1, 0, 0}
	same := func(got []float64) bool {
		if len(got) != len(want) {
			return false
		}
		for i := range got {
			if math.Abs(got[i]-want[i]) > 1e-9 {
				return false
			}
		}
		return true
	}
	if got := rep.Scenarios[0].PassHat; !same(got) {
		t.Errorf("the scenario's pass^1..5: %v, want %v", got, want)
	}
	for _, r := range rep.Requirements {
		if r.ID == "AGT-FLOATING-ANCHOR" && !same(r.PassHat) {
			t.Errorf("AGT-FLOATING-ANCHOR's pass^1..5: %v, want %v", r.PassHat, want)
		}
	}
	var b strings.Builder
	rep.WriteSummary(&b)
	if !strings.Contains(b.String(), "pass^1..5 0.60 0.30 0.10 0.00 0.00") {
		t.Errorf("the summary lacks pass^1..5:\n%s", b.String())
	}
	var h strings.Builder
	if err := rep.WriteHTML(&h); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.String(), "0.60 · 0.30 · 0.10 · 0.00 · 0.00") {
		t.Error("the HTML report lacks pass^1..5")
	}
}

// Parallel conversations give the serial run's report, trial for trial in
// scenario order (run with -race, they share nothing they should not).
func TestParallelRunIsTheSerialRun(t *testing.T) {
	scs := pick(t, "clock-agent/floating/oslo-spring-forward", "clock-agent/floating/oslo-winter", "clock-agent/correction/travelling-this-week",
		"clock-agent/confirmation/no-means-no", "clock-agent/floating/kolkata-half-hour")
	var reps []*agent.Report
	for _, p := range []int{1, 4} {
		rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{Flaw: scripted.FloatingUTC}, Trials: 3, Parallel: p, Scenarios: scs})
		if err != nil {
			t.Fatal(err)
		}
		rep.Started, rep.WallSeconds = "", 0
		for _, s := range rep.Scenarios {
			for i := range s.Trials {
				s.Trials[i].WallSeconds = 0
			}
		}
		reps = append(reps, rep)
	}
	a, _ := json.Marshal(reps[0])
	b, _ := json.Marshal(reps[1])
	if string(a) != string(b) {
		t.Errorf("--parallel 4 differs from --parallel 1:\n%s\n%s", a, b)
	}
	if reps[0].Conforms(agent.TierRequired) {
		t.Error("the time-blind variant conforms: the comparison shows nothing")
	}
}

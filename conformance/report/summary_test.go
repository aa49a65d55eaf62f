package report_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// noTzdata says hello without a tzdata, as every MCP server does.
type noTzdata struct{ *reference.Implementation }

func (n noTzdata) Hello() protocol.Hello {
	h := n.Implementation.Hello()
	h.Tzdata = ""
	return h
}

// The summary names the tzdata an implementation reported, and says so
// when it reported none, rather than printing an empty name.
func TestSummarySaysWhenNoTzdataWasReported(t *testing.T) {
	for _, c := range []struct {
		impl conformance.Implementation
		want string
	}{
		{reference.New(), ", tzdata 2025c"},
		{noTzdata{reference.New()}, ", tzdata not reported\n"},
	} {
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(c.impl),
			Goldens: goldensFS(), Run: []conformance.Pattern{"v1/escape-xml/plain"}})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		report.WriteSummary(&b, rep)
		line := ""
		for _, l := range strings.Split(b.String(), "\n") {
			if strings.HasPrefix(l, "implementation: ") {
				line = l + "\n"
			}
		}
		if !strings.Contains(line, c.want) || strings.Contains(line, "tzdata \n") || strings.Contains(line, "tzdata ,") {
			t.Errorf("implementation line %q, want it to contain %q", line, c.want)
		}
	}
}

// sweepRenamed answers every routing.sweep with its rule renamed: a
// golden mismatch at the same place in every sweep scenario, with values
// that differ from scenario to scenario.
type sweepRenamed struct{ *reference.Implementation }

func (s sweepRenamed) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	out, perr := s.Implementation.Call(ctx, op, in)
	if op == "routing.sweep" && perr == nil {
		var m map[string]any
		_ = json.Unmarshal(out, &m)
		m["ceiling_ms"] = json.Number("1")
		out, _ = json.Marshal(m)
	}
	return out, perr
}

// A golden mismatch names the call ("call 2 of 2") and the first member
// that differs, by JSON pointer, with both values; the scenarios that
// differ at the same place print as one group; FAIL groups come before
// NOT FOLLOWED ones.
func TestSummaryPointsAtTheGoldenDifference(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(sweepRenamed{reference.New()}), Level: conformance.LevelExact,
		Run: []conformance.Pattern{"routing/sweep/**"}, Require: conformance.RequireRequired})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	report.WriteSummary(&b, rep)
	out := b.String()
	if !strings.Contains(out, `differs at "/ceiling_ms": want null, got 1`) && !strings.Contains(out, `differs from its golden at "/output/ceiling_ms": want `) {
		t.Fatalf("the summary does not point at the member:\n%s", out)
	}
	groups := strings.Count(out, `"/ceiling_ms"`) + strings.Count(out, `"/output/ceiling_ms"`)
	fails := 0
	for _, s := range rep.Scenarios {
		if rep.LevelVerdict(s).Fails() {
			fails++
		}
	}
	if fails < 3 {
		t.Fatalf("only %d failures: the test shows little", fails)
	}
	if groups > 2 { // one FAIL group, and one NOT FOLLOWED group at most
		t.Errorf("%d failures at one place print as %d groups:\n%s", fails, groups, out)
	}
	if i, j := strings.Index(out, "\nFAIL"), strings.Index(out, "\nNOT FOLLOWED"); j >= 0 && (i < 0 || j < i) {
		t.Errorf("a NOT FOLLOWED group prints before the FAIL groups:\n%s", out)
	}
}

package conformance_test

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

// partial is the reference without one operation: it cannot claim v1.
type partial struct{ *reference.Implementation }

func (p partial) Hello() protocol.Hello {
	h := p.Implementation.Hello()
	var ops []string
	for _, op := range h.Operations {
		if op != "v1.check_due_task" {
			ops = append(ops, op)
		}
	}
	h.Operations = ops
	return h
}

func TestUnclaimedProfileIsAnErrorNotAPass(t *testing.T) {
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(partial{reference.New()}), Tags: "@v1"})
	if err == nil || !strings.Contains(err.Error(), "v1.check_due_task") {
		t.Fatalf("want an error naming the missing operation, got %v", err)
	}
}

// liar claims every operation but answers one with the wrong shape.
type liar struct{ *reference.Implementation }

func (l liar) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	switch op {
	case "v1.escape_xml":
		return json.RawMessage(`{"result": 42}`), nil
	case "v1.is_valid_timezone":
		return nil, protocol.Errorf("made_up", "no")
	case "v1.resolve_timezone":
		return nil, protocol.Errorf(protocol.CodeUnknownOperation, "not here")
	}
	return l.Implementation.Call(ctx, op, in)
}

func TestSchemaInvalidResponsesFailBeforeAssertions(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(liar{reference.New()}), Level: conformance.LevelCompat,
		Run: []conformance.Pattern{"v1/escape-xml/empty", "v1/timezone/valid-iana", "v1/timezone/resolve-valid"}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"v1/escape-xml/empty":       "/result",
		"v1/timezone/valid-iana":    `"made_up" is not one of`,
		"v1/timezone/resolve-valid": "does not implement",
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Failed || !strings.Contains(s.Problem, want[s.ID]) {
			t.Errorf("%s: %s %q, want a failure mentioning %q", s.ID, s.Compat, s.Problem, want[s.ID])
		}
	}
	if len(rep.Scenarios) != 3 || rep.OK() {
		t.Errorf("want 3 failed scenarios, got %d (ok=%v)", len(rep.Scenarios), rep.OK())
	}
}

// oldTzdata computes with another tzdata release and gets one case wrong.
type oldTzdata struct{ *reference.Implementation }

func (o oldTzdata) Hello() protocol.Hello {
	h := o.Implementation.Hello()
	h.Tzdata = "2024a"
	return h
}

func (o oldTzdata) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "v1.format_local_time" {
		return json.RawMessage(`{"result":"Jan 1, 2024, 2:30 PM"}`), nil
	}
	return o.Implementation.Call(ctx, op, in)
}

func TestTzdataMismatchIsReported(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(oldTzdata{reference.New()}), Goldens: goldensFS(),
		Run: []conformance.Pattern{"v1/timezone/format-exact/new-york-afternoon", "v1/escape-xml/plain"}})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.TzdataDiffers() || rep.GoldensTzdata != "2025c+backzone" {
		t.Fatalf("mismatch not detected: goldens %q, hello %q", rep.GoldensTzdata, rep.Hello.Tzdata)
	}
	failed := 0
	for _, s := range rep.Scenarios {
		if s.Compat == conformance.Failed {
			failed++
		}
		// The note is said once, by the summary, not on every failure.
		if strings.Contains(s.Problem, "tzdata") {
			t.Errorf("%s carries a tzdata note: %q", s.ID, s.Problem)
		}
	}
	if failed != 1 {
		t.Errorf("%d failures, want the one tzdata case", failed)
	}
	var b strings.Builder
	report.WriteSummary(&b, rep)
	if strings.Count(b.String(), "the implementation uses tzdata 2024a but the goldens were made with 2025c+backzone") != 1 {
		t.Errorf("no warning in the summary:\n%s", b.String())
	}
}

// withoutExtension is the reference without the extension operation
// v1.compute_next_run_dst_safe, as a faithful port of v1 is.
type withoutExtension struct{ *reference.Implementation }

func (w withoutExtension) Hello() protocol.Hello {
	h := w.Implementation.Hello()
	var ops []string
	for _, op := range h.Operations {
		if op != "v1.compute_next_run_dst_safe" {
			ops = append(ops, op)
		}
	}
	h.Operations = ops
	return h
}

// An implementation claims v1 without its extension operation; the
// scenarios that call that operation are not claimed (neither passed nor
// failed), and every other scenario runs as usual.
func TestExtensionOperationIsNotNeededToClaim(t *testing.T) {
	run := []conformance.Pattern{"v1/scheduler/dst-safe/**", "v1/scheduler/cron-before-spring-forward", "v1/escape-xml/empty"}
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(withoutExtension{reference.New()}), Run: run, Level: conformance.LevelCompat})
	if err != nil {
		t.Fatal(err)
	}
	notClaimed, passed := 0, 0
	for _, s := range rep.Scenarios {
		dst := strings.HasPrefix(s.ID, "v1/scheduler/dst-safe/")
		switch {
		case dst && s.Compat == conformance.NotClaimed && s.Exact == conformance.NotClaimed:
			notClaimed++
		case !dst && s.Compat == conformance.Passed:
			passed++
		default:
			t.Errorf("%s: compat %s, exact %s", s.ID, s.Compat, s.Exact)
		}
	}
	if notClaimed < 10 || passed != 2 || !rep.OK() {
		t.Errorf("%d not claimed, %d passed (ok=%v); want the dst-safe scenarios not claimed and the other two passed", notClaimed, passed, rep.OK())
	}
	for _, p := range rep.Profiles {
		if p.Profile == "v1" && !p.Claimed {
			t.Error("v1 is not claimed without its extension operation")
		}
	}

	// The reference offers the extension: the same scenarios run and pass.
	rep, err = conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(reference.New()), Run: run, Level: conformance.LevelCompat})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			t.Errorf("with the extension: %s is %s", s.ID, s.Compat)
		}
	}
}

package conformance_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/clockspec/clockspec/conformance/runtest"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// The harness's shared test support (conformance/runtest), by the names
// these tests use.
type broken = runtest.Broken

var (
	run      = runtest.Run
	patterns = runtest.Patterns
	byID     = runtest.ByID
)

// The escape-xml feature against broken: which of its cases fail.
func escapeFailures(t *testing.T) []string {
	t.Helper()
	rep := run(t, broken{Implementation: reference.New()}, conformance.Options{Run: patterns("v1/escape-xml/**")})
	var failing []string
	for _, s := range rep.Scenarios {
		if rep.LevelVerdict(s) != conformance.Passed {
			failing = append(failing, s.ID)
		}
	}
	if len(failing) < 3 || len(failing) == len(rep.Scenarios) {
		t.Fatalf("want some but not all escape-xml cases to fail against broken, got %d of %d", len(failing), len(rep.Scenarios))
	}
	return failing
}

func TestKnownFailingGatesOnNewFailuresOnly(t *testing.T) {
	failing := escapeFailures(t)
	sel := conformance.Options{Run: patterns("v1/escape-xml/**")}

	// Every failure listed: green, and each is reported as known failing.
	opts := sel
	opts.KnownFailing = patterns(failing...)
	rep := run(t, broken{Implementation: reference.New()}, opts)
	if !rep.OK() {
		t.Fatalf("all failures are listed, yet the run is red")
	}
	for _, id := range failing {
		if s := byID(rep)[id]; rep.Outcome(s) != "known-failing" || s.Known != selection.KnownFailing {
			t.Errorf("%s: outcome %s, known %q", id, rep.Outcome(s), s.Known)
		}
	}
	if p := rep.Profiles[0]; p.KnownFailing != len(failing) || p.Failed != len(failing) {
		t.Errorf("profile counts: %+v", p)
	}

	// One failure not listed: red.
	opts.KnownFailing = patterns(failing[1:]...)
	if rep := run(t, broken{Implementation: reference.New()}, opts); rep.OK() {
		t.Errorf("%s fails and is not listed, yet the run is green", failing[0])
	}

	// A listed case that passes now: red, until it leaves the list.
	opts.KnownFailing = patterns(failing...)
	rep = run(t, reference.New(), opts)
	if rep.OK() {
		t.Errorf("listed cases pass against the reference, yet the run is green")
	}
	if s := byID(rep)[failing[0]]; rep.Outcome(s) != "fixed" || !rep.FailsRun(s) {
		t.Errorf("%s: outcome %s", failing[0], rep.Outcome(s))
	}

	// A pattern that matches no scenario: stale, red.
	opts.KnownFailing = append(patterns(failing...), "v1/no-such-feature/**")
	rep = run(t, broken{Implementation: reference.New()}, opts)
	if rep.OK() || len(rep.Stale) != 1 || rep.Stale[0].Pattern != "v1/no-such-feature/**" {
		t.Errorf("stale pattern: ok=%v stale=%v", rep.OK(), rep.Stale)
	}

	// A glob lists a whole feature; outside the selection nothing is stale.
	opts.KnownFailing = patterns("v1/escape-xml/**", "v1/timezone/valid-iana")
	rep = run(t, broken{Implementation: reference.New()}, opts)
	if len(rep.Stale) != 0 {
		t.Errorf("a pattern matching scenarios outside --run is not stale: %v", rep.Stale)
	}
	if rep.OK() {
		t.Errorf("the glob lists passing escape-xml cases too: they must fail the run")
	}
}

func TestKnownFailingAndFlakyMustNotOverlap(t *testing.T) {
	_, err := conformance.Run(context.Background(), conformance.Options{Driver: conformance.InProcess(reference.New()),
		Run: patterns("v1/escape-xml/**"), KnownFailing: patterns("v1/escape-xml/**"), KnownFlaky: patterns("v1/escape-xml/empty")})
	if err == nil || !strings.Contains(err.Error(), "both") {
		t.Fatalf("want an error naming the overlap, got %v", err)
	}
}

// flaky fails the first call of each v1.escape_xml input, then answers.
type flaky struct {
	*reference.Implementation
	mu   sync.Mutex
	seen map[string]bool
}

func (f *flaky) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "v1.escape_xml" {
		f.mu.Lock()
		first := !f.seen[string(in)]
		f.seen[string(in)] = true
		f.mu.Unlock()
		if first {
			return json.RawMessage(`{"result":"flake"}`), nil
		}
	}
	return f.Implementation.Call(ctx, op, in)
}

func TestKnownFlakyIsRetriedOnceAndNeverFailsTheRun(t *testing.T) {
	sel := patterns("v1/escape-xml/ampersand", "v1/timezone/resolve-valid")
	if rep := run(t, &flaky{reference.New(), sync.Mutex{}, map[string]bool{}}, conformance.Options{Run: sel}); rep.OK() {
		t.Fatal("the flaky implementation passes without a retry: the test proves nothing")
	}
	rep := run(t, &flaky{reference.New(), sync.Mutex{}, map[string]bool{}},
		conformance.Options{Run: sel, KnownFlaky: patterns("v1/escape-xml/*")})
	if !rep.OK() {
		t.Fatalf("a listed flaky case that passes on its retry fails the run")
	}
	s := byID(rep)["v1/escape-xml/ampersand"]
	if s.Attempts != 2 || rep.Outcome(s) != "flaky" || rep.LevelVerdict(s) != conformance.Passed {
		t.Errorf("retried case: attempts %d, outcome %s, verdict %s", s.Attempts, rep.Outcome(s), rep.LevelVerdict(s))
	}
	if s := byID(rep)["v1/timezone/resolve-valid"]; s.Attempts != 0 {
		t.Errorf("a passing case was retried")
	}
	// Failing twice is reported, and still does not fail the run.
	rep = run(t, broken{Implementation: reference.New()}, conformance.Options{Run: sel, KnownFlaky: patterns("v1/escape-xml/*")})
	s = byID(rep)["v1/escape-xml/ampersand"]
	if !rep.OK() || s.Attempts != 2 || !strings.Contains(s.Problem, "a &amp; b") {
		t.Errorf("failing twice: ok=%v attempts=%d problem=%q", rep.OK(), s.Attempts, s.Problem)
	}
	var b strings.Builder
	report.WriteSummary(&b, rep)
	if !strings.Contains(b.String(), "flaky v1/escape-xml/ampersand failed twice") || !strings.Contains(b.String(), "1 flaky") {
		t.Errorf("summary does not report the flaky case:\n%s", b.String())
	}
}

func TestFailFastStopsAtTheFirstFailure(t *testing.T) {
	rep := run(t, broken{Implementation: reference.New()}, conformance.Options{Run: patterns("v1/**"), FailFast: true})
	failed := 0
	for _, s := range rep.Scenarios {
		if rep.FailsRun(s) {
			failed++
		}
	}
	if failed != 1 || rep.NotRun == 0 || rep.Complete {
		t.Errorf("failed %d, not run %d, complete %v", failed, rep.NotRun, rep.Complete)
	}
	// A known failure does not stop the run.
	failing := escapeFailures(t)
	rep = run(t, broken{Implementation: reference.New()}, conformance.Options{Run: patterns("v1/escape-xml/**"), FailFast: true,
		KnownFailing: patterns(failing...)})
	if rep.NotRun != 0 || !rep.OK() {
		t.Errorf("known failures stopped a --fail-fast run: not run %d", rep.NotRun)
	}
}

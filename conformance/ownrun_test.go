package conformance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/suitetest"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// The runner's own scenario loop must judge exactly as godog's runner does:
// TestOwnLoopMatchesGodog runs the same selection both ways against the
// reference and against wrong implementations (the mutants of every
// profile, datetime variants that break the PRD, answers of the wrong
// shape, faults) and requires the same report — every scenario's compat
// and exact verdicts, its problem, failing step, expected and actual
// values, schema errors and failing call — and the same calls and results
// observed in the same order.

// faulty answers like the reference but crashes, times out or breaks the
// protocol on some calls, and answers others with an error.
type faulty struct{ conformance.Driver }

func (f faulty) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	s := string(input)
	switch {
	case strings.Contains(s, "Mars") || strings.Contains(s, "Tokyo"):
		return protocol.Result{}, &driver.Fault{Kind: driver.FaultCrash, Detail: "fake crash on " + op}
	case strings.Contains(s, "Berlin"):
		return protocol.Result{}, &driver.Fault{Kind: driver.FaultTimeout, Detail: "fake timeout"}
	case strings.Contains(s, "New_York"):
		return protocol.Result{}, &driver.Fault{Kind: driver.FaultProtocol, Detail: "fake garbage"}
	case strings.Contains(s, "London"):
		return protocol.Result{}, &driver.WrongAnswer{Problem: "fake: not an answer"}
	case strings.Contains(s, "Sydney"):
		return protocol.Result{}, fmt.Errorf("fake: connection refused")
	}
	return f.Driver.Call(ctx, op, input)
}

// tempPath is a scenario's own state folder, a fresh name in each run.
var tempPath = regexp.MustCompile(`(clockspec-store-)[0-9]+`)

// observed is what a run showed its observers, in order.
type observed struct {
	calls   []string
	results []string
}

func runBothWays(t *testing.T, opts conformance.Options) {
	t.Helper()
	dir := t.TempDir()
	cucumber := map[bool]string{true: filepath.Join(dir, "godog.json"), false: filepath.Join(dir, "own.json")}
	run := func(godog bool, watched ...bool) (*conformance.Report, *observed, error) {
		o := opts
		o.Godog = godog
		// Each run writes Cucumber JSON: godog's formatter, or the own loop's.
		o.FormatFiles = append(slices.Clip(o.FormatFiles), conformance.FormatFile{Format: "cucumber", Path: cucumber[godog]})
		obs := &observed{}
		o.OnCall = func(sc *features.Scenario, n int, op string, input json.RawMessage, res protocol.Result) {
			b, _ := json.Marshal(res)
			obs.calls = append(obs.calls, tempPath.ReplaceAllString(fmt.Sprintf("%s %d %s %s -> %s", sc.ID, n, op, input, b), "$1"))
		}
		if len(watched) == 0 || watched[0] {
			o.OnResult = func(res conformance.ScenarioResult, done, total int) {
				res.Duration = 0 // times differ from run to run
				b, _ := json.Marshal(res)
				obs.results = append(obs.results, tempPath.ReplaceAllString(fmt.Sprintf("%d/%d %s", done, total, b), "$1"))
			}
		}
		rep, err := conformance.Run(context.Background(), o)
		if rep != nil {
			rep.Duration = 0
			for i := range rep.Scenarios {
				rep.Scenarios[i].Duration = 0 // times differ from run to run
			}
		}
		return rep, obs, err
	}
	gRep, gObs, gErr := run(true)
	oRep, oObs, oErr := run(false)
	if fmt.Sprint(gErr) != fmt.Sprint(oErr) {
		t.Fatalf("godog: %v\nown loop: %v", gErr, oErr)
	}
	if gErr != nil {
		return
	}
	if !reflect.DeepEqual(gObs.calls, oObs.calls) {
		t.Errorf("the calls observed differ: godog %d, own loop %d%s", len(gObs.calls), len(oObs.calls), firstDiff(gObs.calls, oObs.calls))
	}
	if !reflect.DeepEqual(gObs.results, oObs.results) {
		t.Errorf("the results observed differ: godog %d, own loop %d%s", len(gObs.results), len(oObs.results), firstDiff(gObs.results, oObs.results))
	}
	g, _ := json.MarshalIndent(gRep, "", " ")
	o, _ := json.MarshalIndent(oRep, "", " ")
	if gs, os := tempPath.ReplaceAllString(string(g), "$1"), tempPath.ReplaceAllString(string(o), "$1"); gs != os {
		t.Errorf("the reports differ:%s", firstDiff(strings.Split(gs, "\n"), strings.Split(os, "\n")))
	}
	if diff := conformance.CucumberDiff(t, cucumber[true], cucumber[false]); diff != "" {
		t.Errorf("the Cucumber JSON differs:%s", diff)
	}
	// Unwatched (no OnResult), the own loop runs the After hooks of its
	// scenarios on another goroutine: the same calls, the same report.
	if opts.OnOpenCall == nil && !opts.FailFast && opts.SaveFailures == "" {
		aRep, aObs, aErr := run(false, false)
		if aErr != nil || !reflect.DeepEqual(aObs.calls, oObs.calls) {
			t.Errorf("unwatched: %v; the calls observed differ%s", aErr, firstDiff(oObs.calls, aObs.calls))
		}
		a, _ := json.MarshalIndent(aRep, "", " ")
		o, _ = json.MarshalIndent(oRep, "", " ")
		if as, os := tempPath.ReplaceAllString(string(a), "$1"), tempPath.ReplaceAllString(string(o), "$1"); as != os {
			t.Errorf("unwatched, the reports differ:%s", firstDiff(strings.Split(os, "\n"), strings.Split(as, "\n")))
		}
	}
	failed := 0
	for _, s := range oRep.Scenarios {
		if s.Verdict != conformance.Passed && s.Verdict != conformance.NotClaimed {
			failed++
		}
	}
	t.Logf("%d scenarios, %d failed, %d calls: the same both ways", len(oRep.Scenarios), failed, len(oObs.calls))
}

func firstDiff(a, b []string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return fmt.Sprintf("\nfirst difference at %d:\ngodog: %s\n  own: %s", i, a[i], b[i])
		}
	}
	return ""
}

func TestOwnLoopMatchesGodog(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: it runs the suite and its mutants through both loops; make test-long runs it")
	}
	ref := func() conformance.Driver { return conformance.InProcess(reference.New()) }
	mut := func(profiles ...string) conformance.Driver {
		var ms []suitetest.Mutant
		for _, p := range profiles {
			ms = append(ms, suitetest.Mutants(p)...)
		}
		return conformance.InProcess(suitetest.Wrong(ms...))
	}
	wrongNames, wrong := suitetest.WrongDatetimeVariants()
	exact := func(d conformance.Driver, tags ...string) conformance.Options {
		return conformance.Options{Driver: d, Goldens: goldensFS(), Level: conformance.LevelExact, Tags: strings.Join(tags, " or ")}
	}
	cases := []struct {
		name string
		opts conformance.Options
	}{
		{"reference", exact(ref())},
		{"v1 mutants", exact(mut("v1"), "@v1")},
		{"datetime mutants", exact(mut("datetime"), "@datetime")},
		{"routing mutants", exact(mut("routing"), "@routing")},
		{"timestamps mutants", exact(mut("timestamps"), "@timestamps")},
		{"clock-core mutants", exact(mut("clock-core"), "@clock-core")},
		{"clock-awareness mutants", exact(mut("clock-awareness"), "@clock-awareness")},
		{"datetime variant: " + wrongNames[0], exact(conformance.InProcess(wrong[0]), "@datetime")},
		{"datetime variant: " + wrongNames[len(wrong)-1], exact(conformance.InProcess(wrong[len(wrong)-1]), "@datetime")},
		{"wrong shapes", exact(conformance.InProcess(liar{reference.New()}))},
		{"faults", exact(faulty{ref()})},
		{"without goldens", conformance.Options{Driver: mut("v1"), Level: conformance.LevelCompat, Tags: "@v1"}},
		{"compat with goldens", conformance.Options{Driver: mut("routing"), Goldens: goldensFS(), Level: conformance.LevelCompat, Tags: "@routing"}},
		{"an extension operation missing", exact(conformance.InProcess(withoutExtension{reference.New()}), "@v1", "@datetime")},
	}
	// The selection and the run's own rules: tags, patterns, shards,
	// fail-fast, known failing and flaky lists, the tiers required.
	v1 := exact(mut("v1"))
	v1.Tags = "@v1 and not @decision"
	cases = append(cases, struct {
		name string
		opts conformance.Options
	}{"tags", v1})
	for _, o := range []struct {
		name string
		set  func(*conformance.Options)
	}{
		{"run and skip", func(o *conformance.Options) {
			o.Run = []conformance.Pattern{"v1/**", "datetime/**"}
			o.Skip = []conformance.Pattern{"v1/scheduler/**"}
		}},
		{"shard", func(o *conformance.Options) { o.Shard = conformance.Shard{Index: 2, Count: 3} }},
		{"fail-fast", func(o *conformance.Options) { o.FailFast = true }},
		{"fail-fast, decisions not required", func(o *conformance.Options) {
			o.FailFast, o.Require = true, conformance.RequireRequired
		}},
		{"known failing and flaky", func(o *conformance.Options) {
			o.KnownFailing = []conformance.Pattern{"v1/escape-xml/**", "v1/timezone/*"}
			o.KnownFlaky = []conformance.Pattern{"v1/format-messages/**", "datetime/nothing-matches"}
		}},
	} {
		opts := exact(mut("v1", "datetime"), "@v1", "@datetime")
		o.set(&opts)
		cases = append(cases, struct {
			name string
			opts conformance.Options
		}{o.name, opts})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runBothWays(t, c.opts) })
	}
}

// The run chooses godog's runner exactly when something reads what only
// godog writes (its progress and pretty formatters), and the own loop
// otherwise: JUnit and Cucumber JSON included.
func TestGodogRunsOnlyForItsOutput(t *testing.T) {
	run := []conformance.Pattern{"v1/escape-xml/**"}
	for _, c := range []struct {
		name  string
		opts  conformance.Options
		godog bool
	}{
		{"nothing asked", conformance.Options{}, false},
		{"junit", conformance.Options{Format: "junit", Output: &strings.Builder{}}, false},
		{"progress on a writer", conformance.Options{Format: "progress", Output: &strings.Builder{}}, true},
		{"pretty", conformance.Options{Format: "pretty", Output: &strings.Builder{}}, true},
		{"a cucumber file", conformance.Options{FormatFiles: []conformance.FormatFile{{Format: "cucumber", Path: t.TempDir() + "/c.json"}}}, false},
		{"cucumber on a writer", conformance.Options{Format: "cucumber", Output: &strings.Builder{}}, false},
		{"a report folder", conformance.Options{FormatFiles: conformance.ReportFormatFiles(t.TempDir())}, false},
		{"a pretty file", conformance.Options{FormatFiles: []conformance.FormatFile{{Format: "pretty", Path: t.TempDir() + "/p.txt"}}}, true},
		{"a junit file", conformance.Options{FormatFiles: []conformance.FormatFile{{Format: "junit", Path: t.TempDir() + "/j.xml"}}}, false},
		{"asked for", conformance.Options{Godog: true}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts := c.opts
			opts.Driver, opts.Run = conformance.InProcess(reference.New()), run
			before := conformance.GodogRuns()
			if _, err := conformance.Run(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			if got := conformance.GodogRuns() > before; got != c.godog {
				t.Errorf("godog ran: %v, want %v", got, c.godog)
			}
		})
	}
}

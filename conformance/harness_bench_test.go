package conformance_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// The harness benchmarks set the baselines side by side in one
// run, so their ratios hold on a loaded machine: the suite against godog
// running a plain outline of as many scenarios, the v1 profile through the
// harness against the same calls made directly, and the memory a run holds
// per scenario as the suite grows.

// outlineFeature is one v1 feature: a Scenario Outline of n rows, each a
// call and an assertion on its answer (every row a distinct scenario).
func outlineFeature(n int) []byte {
	var b strings.Builder
	b.WriteString("@v1 @req:V1-XML-ESCAPE\nFeature: bench\n  Escaping, as many times as the benchmark needs.\n\n")
	b.WriteString("  @id:v1/bench/escape\n  Scenario Outline: escape row <case>\n")
	b.WriteString("    When I call \"v1.escape_xml\" with {\"text\": \"<text>\"}\n")
	b.WriteString("    Then the output \"result\" is \"<text>\"\n\n    Examples:\n      | case | text |\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "      | r%d | a%d |\n", i, i)
	}
	return []byte(b.String())
}

// runGodogOutline runs godog alone on the outline: each step matched by a
// regular expression and answered by a function that does nothing.
func runGodogOutline(b *testing.B, src []byte) {
	fsys := fstest.MapFS{"v1/bench.feature": {Data: src}}
	call := regexp.MustCompile(`^I call "([^"]+)" with (\{.*\})$`)
	is := regexp.MustCompile(`^the output "([^"]+)" is "(.*)"$`)
	suite := godog.TestSuite{
		ScenarioInitializer: func(ctx *godog.ScenarioContext) {
			ctx.Step(call, func(op, input string) error { return nil })
			ctx.Step(is, func(field, want string) error { return nil })
		},
		Options: &godog.Options{Format: "progress", Output: io.Discard, FS: fsys, Paths: []string{"v1"},
			Strict: true, NoColors: true, Concurrency: 1},
	}
	if suite.Run() != 0 {
		b.Fatal("the godog outline failed")
	}
}

func runWholeSuite(b *testing.B, drv conformance.Driver, viaGodog ...bool) int {
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Goldens: goldensFS(),
		Godog: len(viaGodog) > 0 && viaGodog[0]})
	if err != nil || !rep.OK() {
		b.Fatalf("the suite failed: %v", err)
	}
	return len(rep.Scenarios)
}

// BenchmarkSuiteVsGodogOutline runs the whole suite in-process (spec and
// features loaded once, as in one process; the runner's own loop, as conform
// run without a godog format), then godog alone on a plain outline of as
// many scenarios, and the suite once more through godog's runner (what
// --format pretty and go test use; every run before the own loop).
// ratio is the suite's scenarios/s over godog's (the goal: at least
// 1.5); godog-runner-ratio the same for the suite through godog's runner.
func BenchmarkSuiteVsGodogOutline(b *testing.B) {
	drv := conformance.InProcess(reference.New())
	n := runWholeSuite(b, drv) // warm: spec compiled, features parsed
	outline := outlineFeature(n)
	var suite, plain, viaGodog, suiteCPU, plainCPU time.Duration
	for i := 0; i < b.N; i++ {
		start, cpu := time.Now(), processCPU()
		runWholeSuite(b, drv)
		suite += time.Since(start)
		suiteCPU += processCPU() - cpu
		start, cpu = time.Now(), processCPU()
		runGodogOutline(b, outline)
		plain += time.Since(start)
		plainCPU += processCPU() - cpu
		start = time.Now()
		runWholeSuite(b, drv, true)
		viaGodog += time.Since(start)
	}
	b.ReportMetric(float64(n*b.N)/suite.Seconds(), "suite-scenarios/s")
	b.ReportMetric(float64(n*b.N)/plain.Seconds(), "godog-scenarios/s")
	b.ReportMetric(plain.Seconds()/suite.Seconds(), "ratio")
	b.ReportMetric(plainCPU.Seconds()/suiteCPU.Seconds(), "cpu-ratio")
	b.ReportMetric(plain.Seconds()/viaGodog.Seconds(), "godog-runner-ratio")
}

// BenchmarkReportFolder runs the whole suite in-process three ways in
// each round: plain (no report), writing a report folder's JUnit and
// Cucumber JSON through the own loop (conform run --report), and the same
// through godog's runner (how --report ran before the own loop wrote
// Cucumber JSON). report-ratio is the report run's time over the plain
// run's (what a report costs); godog-ratio is godog's report run over the
// own loop's.
func BenchmarkReportFolder(b *testing.B) {
	drv := conformance.InProcess(reference.New())
	runWholeSuite(b, drv) // warm: spec compiled, features parsed
	dir := b.TempDir()
	withReport := func(viaGodog bool) {
		rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Goldens: goldensFS(),
			Godog: viaGodog, FormatFiles: conformance.ReportFormatFiles(dir)})
		if err != nil || !rep.OK() {
			b.Fatalf("the suite failed: %v", err)
		}
	}
	var plain, own, viaGodog time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		runWholeSuite(b, drv)
		plain += time.Since(start)
		start = time.Now()
		withReport(false)
		own += time.Since(start)
		start = time.Now()
		withReport(true)
		viaGodog += time.Since(start)
	}
	b.ReportMetric(own.Seconds()/plain.Seconds(), "report-ratio")
	b.ReportMetric(viaGodog.Seconds()/own.Seconds(), "godog-ratio")
	b.ReportMetric(own.Seconds()/float64(b.N), "report-s/run")
}

// processCPU is the CPU time the process has used (user and system, every
// thread): on a machine shared with other work a ratio of CPU times says
// what a ratio of wall times, stretched by waiting for a core, may not.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkV1HarnessVsDirect runs the v1 profile through the harness
// (the own loop, schema validation, goldens), then replays the same calls straight
// into the reference. ratio is harness time over direct time (the issue's
// goal: at most 3).
func BenchmarkV1HarnessVsDirect(b *testing.B) {
	cat, err := spec.Load()
	if err != nil {
		b.Fatal(err)
	}
	suite, err := features.Load(features.FS())
	if err != nil {
		b.Fatal(err)
	}
	type call struct {
		op    string
		input json.RawMessage
	}
	var calls []call
	drv := conformance.InProcess(reference.New())
	run := func(record bool) {
		opts := conformance.Options{Driver: drv, Catalog: cat, Suite: suite, Tags: "@v1", Goldens: goldensFS()}
		if record {
			opts.OnCall = func(_ *features.Scenario, _ int, op string, input json.RawMessage, _ protocol.Result) {
				calls = append(calls, call{op, input})
			}
		}
		rep, err := conformance.Run(context.Background(), opts)
		if err != nil || !rep.OK() {
			b.Fatalf("the v1 run failed: %v", err)
		}
	}
	run(true)
	ref := reference.New()
	ctx := context.Background()
	var harness, direct, harnessCPU, directCPU time.Duration
	for i := 0; i < b.N; i++ {
		start, cpu := time.Now(), processCPU()
		run(false)
		harness += time.Since(start)
		harnessCPU += processCPU() - cpu
		start, cpu = time.Now(), processCPU()
		for j := 0; j < 10; j++ { // ten rounds: one is too short to time alone
			for _, c := range calls {
				if _, perr := ref.Call(ctx, c.op, c.input); perr != nil && perr.Code == protocol.CodeInternal {
					b.Fatal(perr)
				}
			}
		}
		direct += time.Since(start) / 10
		directCPU += (processCPU() - cpu) / 10
	}
	b.ReportMetric(float64(len(calls)), "calls")
	b.ReportMetric(harness.Seconds()/direct.Seconds(), "ratio")
	b.ReportMetric(harnessCPU.Seconds()/directCPU.Seconds(), "cpu-ratio")
}

// heapObjects is the bytes held by live and not yet swept heap objects.
func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// runOutline runs an outline of n scenarios through the harness and
// returns the peak heap during the run (sampled every 500 calls) over the
// heap before it, and the bytes allocated.
func runOutline(b *testing.B, n int) (peak, allocated uint64) {
	src := outlineFeature(n)
	fsys := fstest.MapFS{"v1/bench.feature": {Data: src}}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	base := heapObjects()
	calls := 0
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Features: fsys, Level: conformance.LevelCompat,
		OnCall: func(*features.Scenario, int, string, json.RawMessage, protocol.Result) {
			if calls++; calls%500 == 0 {
				peak = max(peak, heapObjects()-min(base, heapObjects()))
			}
		}})
	if err != nil || !rep.OK() || len(rep.Scenarios) != n {
		b.Fatalf("the outline of %d failed: %v", n, err)
	}
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	return peak, after.TotalAlloc - before.TotalAlloc
}

// BenchmarkMemoryPerScenario runs outlines of 2,000 and 16,000 scenarios
// and reports, per scenario added between the two, the growth of the peak
// heap (the goal: at most 5 KB) and the bytes allocated.
func BenchmarkMemoryPerScenario(b *testing.B) {
	const small, large = 2000, 16000
	for i := 0; i < b.N; i++ {
		peakS, allocS := runOutline(b, small)
		peakL, allocL := runOutline(b, large)
		b.ReportMetric(float64(int64(peakL)-int64(peakS))/(large-small), "peak-B/scenario")
		b.ReportMetric(float64(allocL-allocS)/(large-small), "alloc-B/scenario")
	}
}

// BenchmarkFixedCost is what a run pays before its first scenario, piece
// by piece: the spec parsed, its schemas compiled for every profile or for
// v1 alone (--tags @v1), and the features parsed and indexed, all of them
// or v1's alone (what --tags @v1 parses). The goal for the sum: at
// most 50 ms, with --tags @v1 paying only v1's share.
func BenchmarkFixedCost(b *testing.B) {
	b.Run("spec-parse", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := spec.Load(); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, tc := range []struct {
		name     string
		profiles []string
	}{{"spec-compile-all", nil}, {"spec-compile-v1", []string{"v1"}}} {
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				cat, err := spec.Load()
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				if err := cat.Compile(tc.profiles...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	// load-as-a-run-does is the sum as a run pays it in wall time: the
	// features parsed while the spec loads, then the first profile's
	// schemas compiled (the others compile on the other core while the
	// first scenarios run). A process start comes on top of it
	// (BenchmarkProcessStart in cmd/conform).
	b.Run("load-as-a-run-does", func(b *testing.B) {
		cpu := processCPU()
		defer func() { b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/1e6, "cpu-ms/op") }()
		for i := 0; i < b.N; i++ {
			done := make(chan error, 1)
			go func() {
				_, err := features.LoadProfiles(features.FS(), nil)
				done <- err
			}()
			cat, err := spec.Load()
			if err != nil {
				b.Fatal(err)
			}
			if err := <-done; err != nil {
				b.Fatal(err)
			}
			if err := cat.Compile(cat.Profiles[0].Name); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, tc := range []struct {
		name     string
		profiles []string
	}{{"features-load-all", nil}, {"features-load-v1", []string{"v1"}}} {
		b.Run(tc.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := features.LoadProfiles(features.FS(), tc.profiles); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

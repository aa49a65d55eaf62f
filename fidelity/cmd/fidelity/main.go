// Command fidelity runs the differential oracle matrix: it generates the
// corpora of package fidelity, answers every case with the JavaScript oracle
// (oracle/js/serve.js through the subprocess driver) and with the reference
// (in process), and fails on any disagreement that no class of
// fidelity/exceptions.json covers.
//
//	go run ./fidelity/cmd/fidelity -sample             # fixed sample (make test)
//	go run ./fidelity/cmd/fidelity -doc docs/fidelity.md   # everything (make fidelity)
//
// Exit status: 0 every disagreement is listed (and, on a full run, every
// listed class still occurs); 1 an unexplained disagreement, a fault or a
// stale class; 2 the run could not happen.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/fidelity"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// sampleQuota is the fixed sample of `make test`: a few thousand cases,
// fewer of the slow cron ones.
var sampleQuota = map[string]int{
	fidelity.FamFormatLocalTime: 700, fidelity.FamIsValidTimezone: 400, fidelity.FamResolveTimezone: 200,
	fidelity.FamComputeNextRun: 300, fidelity.FamConvertTimezone: 500, fidelity.FamShift: 300, fidelity.FamFormat: 600,
}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fidelity", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sample := fs.Bool("sample", false, "run the fixed sample instead of the whole corpus")
	seed := fs.Uint64("seed", 2025, "seed of the sample")
	node := fs.String("node", "node", "the Node.js binary")
	oracle := fs.String("oracle", "oracle/js/serve.js", "the oracle's JSON Lines server")
	window := fs.Int("window", 32, "requests in flight on the oracle's pipe")
	doc := fs.String("doc", "", "write the report (docs/fidelity.md) here; full runs only")
	mutation := fs.String("mutation", "fidelity/mutation.json", "the mutation summary to publish")
	fuzz := fs.String("fuzz", "fidelity/fuzz.json", "the fuzzing summary to publish")
	out := fs.String("out", "build/fidelity-disagreements.txt", "write every disagreement here (empty: nowhere)")
	show := fs.Int("show", 5, "print this many examples of each unexplained disagreement (and, with -v, of each listed class)")
	verbose := fs.Bool("v", false, "print examples of the listed disagreements too")
	only := fs.String("only", "", "comma-separated families to run (default all)")
	match := fs.String("match", "", "run only the cases whose id contains this text")
	fuzzFor := fs.Duration("fuzz-campaign", 0, "instead of the matrix: fuzz every target this long and record it in -fuzz")
	fuzzOnly := fs.String("fuzz-only", "", "with -fuzz-campaign: only these targets (comma-separated names)")
	results := fs.String("results", "build/fidelity-results.json", "full runs save their counts and timings here")
	redoc := fs.Bool("redoc", false, "instead of the matrix: rewrite -doc from -results and the current mutation and fuzzing summaries")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *fuzzFor > 0 {
		return campaign(*fuzz, *fuzzFor, *fuzzOnly, stdout, stderr)
	}
	if *redoc {
		var saved savedRun
		b, err := os.ReadFile(*results)
		if err == nil {
			err = json.Unmarshal(b, &saved)
		}
		if err != nil || *doc == "" {
			fmt.Fprintf(stderr, "fidelity: -redoc needs -doc and a full run's %s: %v\n", *results, err)
			return 2
		}
		ex, err := fidelity.LoadExceptions()
		if err != nil {
			fmt.Fprintln(stderr, "fidelity:", err)
			return 2
		}
		return writeDoc(*doc, *mutation, *fuzz, fidelity.Doc{Versions: saved.Versions, Tallies: saved.Tallies, Excepts: ex,
			Timings: saved.Timings, Wall: saved.Wall}, stdout, stderr)
	}
	partial := *sample || *only != "" || *match != ""
	if *doc != "" && partial {
		fmt.Fprintln(stderr, "fidelity: -doc needs a full run (no -sample, -only or -match)")
		return 2
	}
	ex, err := fidelity.LoadExceptions()
	if err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	}

	start := time.Now()
	cases := fidelity.Corpus()
	if *sample {
		cases = fidelity.Sample(cases, *seed, sampleQuota)
	}
	if *only != "" {
		keep := map[string]bool{}
		for _, f := range strings.Split(*only, ",") {
			keep[f] = true
		}
		var sel []fidelity.Case
		for _, c := range cases {
			if keep[c.Family] {
				sel = append(sel, c)
			}
		}
		cases = sel
	}
	if *match != "" {
		var sel []fidelity.Case
		for _, c := range cases {
			if strings.Contains(c.ID, *match) {
				sel = append(sel, c)
			}
		}
		cases = sel
	}
	fmt.Fprintf(stdout, "fidelity: %d cases (%s)\n", len(cases), map[bool]string{true: fmt.Sprintf("sample, seed %d", *seed), false: "whole corpus"}[*sample])

	ctx := context.Background()
	ref := conformance.InProcess(reference.New())
	refAns, refT := fidelity.AnswerAll(ctx, "reference (in-process)", ref, runtime.GOMAXPROCS(0), cases)

	js, err := driver.Subprocess(driver.SubprocessOptions{
		Argv: []string{*node, *oracle}, Window: *window, Deadline: 10 * time.Minute, MaxRestarts: 3,
	})
	if err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	}
	defer js.Close()
	if _, err := js.Hello(ctx); err != nil {
		fmt.Fprintln(stderr, "fidelity: the oracle does not start:", err)
		return 2
	}
	jsAns, jsT := fidelity.AnswerAll(ctx, "JavaScript oracle (subprocess)", js, *window, cases)

	outcomes := fidelity.Judge(cases, refAns, jsAns, ex)
	tallies := fidelity.Tallies(outcomes)
	wall := time.Since(start)

	failed := 0
	for _, t := range tallies {
		if t.Cases == 0 {
			continue
		}
		var parts []string
		for _, c := range ex.Classes {
			if n := t.Excepted[c.Class]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", c.Class, n))
			}
		}
		fmt.Fprintf(stdout, "fidelity: %-32s %7d cases %7d agree  %6d unexplained  listed: %s\n", t.Family, t.Cases, t.Agree, t.Uncovered, strings.Join(parts, ", "))
		failed += t.Uncovered
	}
	for _, t := range []fidelity.Timing{refT, jsT} {
		fmt.Fprintf(stdout, "fidelity: %-32s %7d cases in %6.2f s = %8.0f cases/s (concurrency %d)\n", t.Driver, t.Cases, t.Elapsed.Seconds(), t.PerSecond(), t.Workers)
	}

	// Examples on the terminal, everything in the file.
	shown := map[string]int{}
	var all bytes.Buffer
	for _, o := range outcomes {
		if o.Agree {
			continue
		}
		tag := "UNEXPLAINED"
		if o.Class != "" {
			tag = "listed " + o.Class
		}
		line := fmt.Sprintf("%s %s input=%s\n  reference: %s\n  oracle:    %s\n", tag, o.Case.ID, o.Case.Input, fidelity.Show(o.Reference), fidelity.Show(o.Oracle))
		all.WriteString(line)
		if shown[tag] < *show && (o.Class == "" || *verbose) {
			shown[tag]++
			fmt.Fprint(stdout, line)
		}
	}
	if *out != "" {
		if err := os.MkdirAll(filepath.Dir(*out), 0o755); err == nil {
			_ = os.WriteFile(*out, all.Bytes(), 0o644)
		}
	}

	// A class that covers nothing in a full run is stale: the bug it
	// excuses is gone (or the rule is wrong), so the list must shrink.
	stale := 0
	if !partial {
		for _, c := range ex.Classes {
			n := 0
			for _, t := range tallies {
				n += t.Excepted[c.Class]
			}
			if n == 0 {
				stale++
				fmt.Fprintf(stdout, "fidelity: STALE class %q covers no disagreement: remove it from fidelity/exceptions.json\n", c.Class)
			}
		}
	}

	if !partial {
		saved := savedRun{Versions: versions(*node, *oracle), Tallies: tallies, Timings: []fidelity.Timing{refT, jsT}, Wall: wall}
		if b, err := json.MarshalIndent(saved, "", " "); err == nil && os.MkdirAll(filepath.Dir(*results), 0o755) == nil {
			_ = os.WriteFile(*results, b, 0o644)
		}
		if *doc != "" {
			if rc := writeDoc(*doc, *mutation, *fuzz, fidelity.Doc{Versions: saved.Versions, Tallies: tallies, Excepts: ex,
				Timings: saved.Timings, Wall: wall}, stdout, stderr); rc != 0 {
				return rc
			}
		}
	}

	passed := len(cases) - failed
	fmt.Fprintf(stdout, "fidelity: %d passed, %d failed\n", passed, failed)
	if failed > 0 || stale > 0 {
		return 1
	}
	return 0
}

// savedRun is what a full run keeps for -redoc.
type savedRun struct {
	Versions fidelity.Versions
	Tallies  []fidelity.Tally
	Timings  []fidelity.Timing
	Wall     time.Duration
}

// writeDoc writes the report with the committed mutation and fuzzing
// summaries.
func writeDoc(path, mutation, fuzz string, d fidelity.Doc, stdout, stderr io.Writer) int {
	d.Generated = "go run ./fidelity/cmd/fidelity -doc " + path
	if m, ok, err := fidelity.ReadMutation(mutation); err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	} else if ok {
		d.Mutation = m
	}
	if f, ok, err := fidelity.ReadFuzz(fuzz); err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	} else if ok {
		d.Fuzz = f
	}
	var b bytes.Buffer
	fidelity.WriteDoc(&b, d)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	}
	fmt.Fprintf(stdout, "fidelity: wrote %s\n", path)
	return 0
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// versions asks the oracle's Node for its ICU, tzdata and cron-parser.
func versions(node, oracle string) fidelity.Versions {
	v := fidelity.Versions{ReferenceTzdata: tzdb.Version(), Go: runtime.Version()}
	dir, _ := filepath.Abs(filepath.Dir(oracle))
	out, err := exec.Command(node, "-e", `process.stdout.write(JSON.stringify(require(process.argv[1]).versions()))`, filepath.Join(dir, "v1.js")).Output()
	if err == nil {
		_ = json.Unmarshal(out, &v)
	}
	return v
}

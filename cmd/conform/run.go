package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol/mcpserve"
	"github.com/clockspec/clockspec/reference"
)

type runFlags struct {
	tags, format, level, features, goldens, summaryJSON, saveFailures string
	run, skip                                                         patterns
	driver                                                            driverFlags

	report, date, knownFailing, knownFlaky, shard, progress string
	require                                                 string
	failFast, list                                          bool
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.driver.register(fs)
	fs.StringVar(&f.tags, "tags", "", "only scenarios matching the Cucumber tag expression `EXPR`, e.g. @v1 or '@v1 and not @decision' (and, or, not, parentheses; godog's '@v1&&~@decision' also works)")
	fs.Var(&f.run, "run", "run only scenarios whose id matches one of these `PATTERN`s (repeatable, comma-separated; * and ** globs)")
	fs.Var(&f.skip, "skip", "skip scenarios whose id matches one of these `PATTERN`s (repeatable, comma-separated)")
	fs.StringVar(&f.shard, "shard", "", "run only shard `i/n` of the selection (dealt round-robin in suite order); merge the shards' reports with conform report")
	fs.BoolVar(&f.list, "list", false, "list the scenarios this run would consider (after --tags, --run, --skip, --shard) and exit")
	fs.StringVar(&f.format, "format", "", "also write godog's report in `FORMAT` on stdout: "+strings.Join(conformance.Formats, ", ")+" (by default stdout stays empty; the summary is on stderr)")
	fs.StringVar(&f.level, "level", "exact", "the `LEVEL` that must pass: compat (the scenarios' own assertions) or exact (also byte-for-byte goldens)")
	fs.StringVar(&f.report, "report", "", "write summary.json, junit.xml, cucumber.json, report.html, certificate.json and badge.json into folder `DIR`")
	fs.StringVar(&f.date, "date", "", "`YYYY-MM-DD`: the date to write into certificate.json (none by default, so a certificate is reproducible)")
	fs.StringVar(&f.knownFailing, "known-failing", "", "`FILE` of scenario id patterns (one a line, # comments) expected to fail: they do not fail the run, but one that passes does, and so does a pattern matching nothing")
	fs.StringVar(&f.knownFlaky, "known-flaky", "", "`FILE` of scenario id patterns that are retried once when they fail and never fail the run (they are reported)")
	fs.StringVar(&f.require, "require", string(conformance.RequireRequired), "`TIERS` whose failures fail the run (exit 1): required (conformance: a recommendation, decision or extension not followed is reported, never fatal), recommended (required and @recommended), decisions (@decision too) or all (extensions too; the reference's own CI)")
	fs.BoolVar(&f.failFast, "fail-fast", false, "stop after the first scenario that fails the run")
	fs.StringVar(&f.progress, "progress", "auto", "`WHEN` to show a live scenario counter on stderr: auto (stderr is a terminal), always, never")
	fs.StringVar(&f.features, "features", "", "run the features of folder `DIR` instead of the embedded ones")
	fs.StringVar(&f.goldens, "goldens", "", "compare with the goldens of folder `DIR` instead of the embedded ones")
	fs.StringVar(&f.summaryJSON, "summary-json", "", "also write the run's report as JSON to `FILE` (the same as --report's summary.json)")
	fs.StringVar(&f.saveFailures, "save-failures", "", "write each failing scenario's calls to folder `DIR` as a replay file (conform replay FILE)")
}

// driverFlags choose and tune the implementation under test.
type driverFlags struct {
	impl      string
	deadline  time.Duration
	window    int
	restarts  int
	stderrLog string
	hostTZ    string
	seed      int64
	// chosen: the host zone an exec: implementation runs under (from
	// --host-tz or the seed); seeded: the seed chose it.
	chosen string
	seeded bool
}

func (f *driverFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "reference", "`IMPL` to certify: reference | exec:CMD ARG… (a JSON-Lines subprocess; exec:[\"CMD\",\"ARG\"] for arguments with spaces) | http://HOST:PORT | mcp:CMD ARG… (an MCP server on stdio, quoted as exec:) | mcp+http://HOST:PORT/PATH (MCP streamable HTTP)")
	fs.DurationVar(&f.deadline, "deadline", 5*time.Second, "per-call deadline for exec:, http:// and mcp: implementations, writing the request included")
	fs.IntVar(&f.window, "window", 16, "calls in flight at once on an exec: implementation's pipe")
	fs.IntVar(&f.restarts, "restarts", 3, "how many consecutive failed starts (no hello) of an exec: implementation are tried again before the run stops; a crash of a running one is charged to its call and a fresh process goes on")
	fs.StringVar(&f.stderrLog, "stderr-log", "", "write an exec: or mcp: implementation's whole stderr to `FILE` (its last lines are always shown with a failure)")
	fs.StringVar(&f.hostTZ, "host-tz", "", "`ZONE` (an IANA name, or UTC) to run an exec: or mcp: implementation under as its host time zone; default: chosen by --seed among the zones whose offsets the selected scenarios' inputs write on both sides of a daylight saving change (a tool that lets its host zone in then answers wrongly), else among "+
		strings.Join(driver.HostileZones, ", "))
	fs.Int64Var(&f.seed, "seed", 0, "`N` choosing the host zone of an exec: or mcp: implementation (default: from the clock; the summary prints it, so --seed N reproduces a run)")
}

// validate rejects driver flags that cannot mean anything, before any
// process starts.
func (f *driverFlags) validate(explicit map[string]bool) error {
	switch {
	case f.deadline <= 0:
		return fmt.Errorf("--deadline %s: want a positive duration such as 5s", f.deadline)
	case f.window <= 0:
		return fmt.Errorf("--window %d: want at least 1", f.window)
	case f.restarts < 0:
		return fmt.Errorf("--restarts %d: want 0 or more", f.restarts)
	}
	if explicit["host-tz"] {
		if err := driver.ValidateHostZone(f.hostTZ); err != nil {
			return fmt.Errorf("--host-tz: %w", err)
		}
		f.chosen = f.hostTZ
		return nil
	}
	if !explicit["seed"] {
		f.seed = time.Now().UnixNano() % 1_000_000
	}
	f.chosen, f.seeded = driver.HostZoneFor(f.seed), true
	return nil
}

// chooseFor picks a seeded host zone by the selection's inputs
// (driver.HostZoneForInputs): a zone whose offsets they write on both
// sides of a transition, so that a tool adopting its host zone is caught
// by default. Only an exec: implementation has a host zone to choose.
func (f *driverFlags) chooseFor(sel []*features.Scenario) {
	if !f.seeded || !strings.HasPrefix(f.impl, "exec:") {
		return
	}
	var texts []string
	for _, sc := range sel {
		texts = append(texts, sc.Texts()...)
	}
	f.chosen = driver.HostZoneForInputs(f.seed, texts)
}

// hostZoneLine says which host zone an implementation ran under, for the
// summary.
func (f *driverFlags) hostZoneLine() string {
	child := strings.HasPrefix(f.impl, "exec:") || strings.HasPrefix(f.impl, "mcp:")
	switch {
	case child && f.seeded:
		return fmt.Sprintf("host zone: %s (TZ of the implementation; --seed %d reproduces it, --host-tz pins one)", f.chosen, f.seed)
	case child:
		return fmt.Sprintf("host zone: %s (TZ of the implementation, --host-tz)", f.chosen)
	case strings.HasPrefix(f.impl, "http://"), strings.HasPrefix(f.impl, "https://"):
		return "host zone: the server's own (an http:// implementation runs where it was started)"
	case strings.HasPrefix(f.impl, "mcp+http://"), strings.HasPrefix(f.impl, "mcp+https://"):
		return "host zone: the server's own (an mcp+http:// implementation runs where it was started)"
	}
	return ""
}

// record notes the host zone in a report.
func (f *driverFlags) record(rep *conformance.Report) {
	if strings.HasPrefix(f.impl, "exec:") || strings.HasPrefix(f.impl, "mcp:") {
		rep.HostTZ = f.chosen
		if f.seeded {
			rep.HostTZSeed = f.seed
		}
	}
}

// driver builds the chosen driver; close releases it and the stderr log.
func (f *driverFlags) driver() (conformance.Driver, func(), error) {
	impl := f.impl
	switch {
	case impl == "reference":
		d := conformance.InProcess(reference.New())
		return d, func() { d.Close() }, nil
	case strings.HasPrefix(impl, "exec:"):
		argv, err := parseArgv("exec:", strings.TrimPrefix(impl, "exec:"))
		if err != nil {
			return nil, nil, fmt.Errorf("--impl %q: %w", impl, err)
		}
		opts := driver.SubprocessOptions{Argv: argv, Deadline: f.deadline, Window: f.window, MaxRestarts: f.restarts,
			HostTZ: f.chosen}
		var logFile *os.File
		if f.stderrLog != "" {
			if logFile, err = os.Create(f.stderrLog); err != nil {
				return nil, nil, fmt.Errorf("--stderr-log: %w", err)
			}
			opts.StderrLog = logFile
		}
		if f.restarts == 0 {
			opts.MaxRestarts = -1
		}
		d, err := driver.Subprocess(opts)
		if err != nil {
			return nil, nil, fmt.Errorf("--impl %q: %w", impl, err)
		}
		return d, func() {
			if err := d.Close(); err != nil {
				fmt.Fprintln(os.Stderr, "conform: warning:", err)
			}
			if logFile != nil {
				logFile.Close()
			}
		}, nil
	case strings.HasPrefix(impl, "mcp:"), strings.HasPrefix(impl, "mcp+http://"), strings.HasPrefix(impl, "mcp+https://"):
		return f.mcpDriver(impl)
	case strings.HasPrefix(impl, "http://"), strings.HasPrefix(impl, "https://"):
		d, err := driver.HTTP(impl, driver.HTTPOptions{Deadline: f.deadline})
		if err != nil {
			return nil, nil, fmt.Errorf("--impl: %w", err)
		}
		return d, func() { d.Close() }, nil
	}
	return nil, nil, fmt.Errorf("--impl %q: want reference, exec:CMD ARG…, http://HOST:PORT, mcp:CMD ARG… or mcp+http://HOST:PORT/PATH", impl)
}

func dirFS(flagName, dir string) (fs.FS, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", flagName, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--%s: %s is not a folder", flagName, dir)
	}
	return cappedFS{os.DirFS(dir), dir, maxFeatureBytes}, nil
}

// A run is a batch: its start parses the features and the spec into about
// 20 MB of trees that are garbage once the scenarios are built, and the
// whole suite then keeps about 15 MB live. At Go's default target (100) the
// collector ran through the start again and again; at runGCPercent the
// whole suite starts about 8 ms sooner and uses a quarter less CPU, for a
// peak of about 75 MB resident instead of 55 (measured). runMemoryLimit
// keeps a far larger suite from growing to five times its live heap.
const (
	runGCPercent   = 400
	runMemoryLimit = 256 << 20
)

// tuneRunGC sets the collector for a run, unless GOGC or GOMEMLIMIT in the
// environment say otherwise.
func tuneRunGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(runGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(runMemoryLimit)
	}
}

func runCmd(args []string, stdout, stderr io.Writer) (int, error) {
	tuneRunGC()
	var f runFlags
	fset := flag.NewFlagSet("conform run", flag.ContinueOnError)
	f.register(fset)
	pos, err := parseFlags(fset, args, stdout, runHelp)
	if err != nil {
		return exitUsage, err
	}
	if len(pos) > 0 {
		return exitUsage, &usageError{fmt.Sprintf("run takes no arguments, only flags: %q; see conform run -h", pos)}
	}
	explicit := map[string]bool{}
	fset.Visit(func(fl *flag.Flag) { explicit[fl.Name] = true })
	if err := f.driver.validate(explicit); err != nil {
		return exitUsage, err
	}
	var shard selection.Shard
	require, err := result.ParseRequire(f.require)
	if err != nil {
		return exitUsage, err
	}
	if f.shard != "" {
		if shard, err = selection.ParseShard(f.shard); err != nil {
			return exitUsage, err
		}
	}
	opts := conformance.Options{Tags: f.tags, Run: f.run, Skip: f.skip, Shard: shard, FailFast: f.failFast,
		Format: f.format, Output: stdout, Level: conformance.Level(f.level), Require: require, Goldens: goldens.FS(),
		SaveFailures: f.saveFailures}
	if f.features != "" {
		if opts.Features, err = dirFS("features", f.features); err != nil {
			return exitUsage, err
		}
		if opts.Suite, err = features.Load(opts.Features); err != nil {
			return exitUsage, err
		}
	}
	if f.list {
		suite := opts.Suite
		if suite == nil {
			if suite, err = features.Load(features.FS()); err != nil {
				return exitUsage, err
			}
		}
		sel, err := selection.Of(suite, selection.Filter{Tags: f.tags, Run: f.run, Skip: f.skip, Shard: shard})
		if err != nil {
			return exitUsage, err
		}
		return exitOK, printList(stdout, stderr, sel, false)
	}
	if f.goldens != "" {
		if opts.Goldens, err = dirFS("goldens", f.goldens); err != nil {
			return exitUsage, err
		}
	}
	if f.knownFailing != "" {
		if opts.KnownFailing, err = selection.ReadPatternFile(f.knownFailing); err != nil {
			return exitUsage, fmt.Errorf("--known-failing: %w", err)
		}
	}
	if f.knownFlaky != "" {
		if opts.KnownFlaky, err = selection.ReadPatternFile(f.knownFlaky); err != nil {
			return exitUsage, fmt.Errorf("--known-flaky: %w", err)
		}
	}
	if f.date != "" {
		if _, err := time.Parse("2006-01-02", f.date); err != nil {
			return exitUsage, fmt.Errorf("--date %q: want YYYY-MM-DD", f.date)
		}
	}
	var prog *progress
	switch f.progress {
	case "auto":
		if isTerminal(stderr) {
			prog = &progress{w: stderr}
		}
	case "always":
		prog = &progress{w: stderr}
	case "never":
	default:
		return exitUsage, fmt.Errorf("--progress %q: want auto, always or never", f.progress)
	}
	if prog != nil {
		opts.OnResult = prog.update
	}
	if f.format == "" {
		// godog's dots and its "Failed steps" list only when asked for
		// (--format progress): the summary lists failures once, and a
		// terminal has the live counter.
		opts.Output = io.Discard
	}
	if f.saveFailures != "" {
		// The folder is made now, so that a path it cannot be made at is
		// a mistake on the command line, not a note on each failure.
		if err := os.MkdirAll(f.saveFailures, 0o755); err != nil {
			return exitUsage, fmt.Errorf("--save-failures: %w", err)
		}
	}
	var stage *report.Stage
	if f.report != "" {
		// Everything goes into a stage inside the folder and moves into
		// place once written (report.Stage): an interrupted or failed
		// write never leaves a mix of two runs.
		if stage, err = report.StageReportDir(f.report); err != nil {
			return exitUsage, fmt.Errorf("--report: %w", err)
		}
		defer stage.Abort() // a no-op once committed
		opts.FormatFiles = conformance.ReportFormatFiles(stage.Path())
	}
	if f.driver.seeded && (strings.HasPrefix(f.driver.impl, "exec:") || strings.HasPrefix(f.driver.impl, "mcp:")) {
		suite := opts.Suite
		if suite == nil {
			if suite, err = features.Load(features.FS()); err != nil {
				return exitUsage, err
			}
			opts.Suite = suite
		}
		// A filter that selects nothing usable is the run's to report.
		if sel, err := selection.Of(suite, selection.Filter{Tags: f.tags, Run: f.run, Skip: f.skip, Shard: shard}); err == nil {
			f.driver.chooseFor(sel)
		}
	}
	// Watched from before the implementation starts until after it is
	// stopped.
	ctx, sig := interruptible(stderr)
	defer sig.stop()
	drv, closeDriver, err := f.driver.driver()
	if err != nil {
		return exitUsage, err
	}
	defer closeDriver()
	opts.Driver = drv
	rep, err := conformance.Run(ctx, opts)
	if prog != nil {
		prog.done()
	}
	var cnr *conformance.CouldNotRun
	if errors.As(err, &cnr) {
		// The run did not happen: one message, and the report files say so.
		f.driver.record(cnr.Report)
		if s := sig.caught(); s != nil {
			cnr.Report.Interrupted = interruptedText(s)
		}
		if werr := f.writeReports(cnr.Report, stage); werr != nil {
			return exitUsage, fmt.Errorf("%w\n(%v)", err, werr)
		}
		if s := sig.caught(); s != nil {
			return interruptedExit(s, stderr), nil
		}
		return exitUsage, err
	}
	if s := sig.caught(); s != nil && err != nil {
		return interruptedExit(s, stderr), nil
	}
	if err != nil {
		if isReportWrite(err, stage) {
			return exitReport, fmt.Errorf("the run finished, but its report could not be written (the report folder is as it was): %w", err)
		}
		return exitUsage, err
	}
	f.driver.record(rep)
	werr := f.writeReports(rep, stage)
	if line := f.driver.hostZoneLine(); line != "" {
		fmt.Fprintln(stderr, line)
	}
	so := report.SummaryOptions{}
	if f.report != "" && werr == nil {
		so.ReportPath = filepath.Join(f.report, report.HTMLReportFile)
	}
	report.WriteSummaryWith(stderr, rep, so)
	if s := sig.caught(); s != nil {
		if werr != nil {
			fmt.Fprintf(stderr, "conform: the partial report could not be written: %v\n", werr)
		}
		return interruptedExit(s, stderr), nil
	}
	if werr != nil {
		return exitReport, fmt.Errorf("the run finished, but its report could not be written (what was there is as it was): %w", werr)
	}
	if !rep.OK() {
		return exitFailed, nil
	}
	return exitOK, nil
}

// writeReports writes --summary-json and the --report folder (through its
// stage), each whole or not at all.
func (f *runFlags) writeReports(rep *conformance.Report, stage *report.Stage) error {
	rep.Kit = currentKit().String() // which conform judged, beside the spec version it judged against
	var errs []error
	if f.summaryJSON != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := report.WriteFileAtomic(f.summaryJSON, append(b, '\n')); err != nil {
			errs = append(errs, fmt.Errorf("--summary-json: %w", err))
		}
	}
	if stage != nil {
		if err := stage.Commit(rep, f.date); err != nil {
			errs = append(errs, fmt.Errorf("--report: %w", err))
		}
	}
	return errors.Join(errs...)
}

// isReportWrite reports whether err is a failure to write a file of the
// report stage (the run's format files are written there).
func isReportWrite(err error, stage *report.Stage) bool {
	var pe *fs.PathError
	return stage != nil && errors.As(err, &pe) && strings.HasPrefix(pe.Path, stage.Path())
}

// mcpDriver builds the MCP client driver: mcp:CMD ARG… runs a server on
// stdio (the same quoting as exec:), mcp+http(s)://… reaches a streamable
// HTTP endpoint.
func (f *driverFlags) mcpDriver(impl string) (conformance.Driver, func(), error) {
	mcpserve.TuneGC() // the SDK's garbage per call (see there); a run is a batch
	opts := driver.MCPOptions{Deadline: f.deadline, MaxRestarts: f.restarts}
	if strings.HasPrefix(impl, "mcp:") {
		opts.HostTZ = f.chosen // a stdio server runs here, under the run's host zone, as exec: does
	}
	if f.restarts == 0 {
		opts.MaxRestarts = -1
	}
	var logFile *os.File
	if rest, ok := strings.CutPrefix(impl, "mcp:"); ok {
		argv, err := parseArgv("mcp:", rest)
		if err != nil {
			return nil, nil, fmt.Errorf("--impl %q: %w", impl, err)
		}
		opts.Argv = argv
		if f.stderrLog != "" {
			if logFile, err = os.Create(f.stderrLog); err != nil {
				return nil, nil, fmt.Errorf("--stderr-log: %w", err)
			}
			opts.StderrLog = logFile
		}
	} else {
		opts.Endpoint = strings.TrimPrefix(impl, "mcp+")
	}
	d, err := driver.MCP(opts)
	if err != nil {
		if logFile != nil {
			logFile.Close()
		}
		return nil, nil, fmt.Errorf("--impl %q: %w", impl, err)
	}
	return d, func() {
		d.Close()
		if logFile != nil {
			logFile.Close()
		}
	}, nil
}

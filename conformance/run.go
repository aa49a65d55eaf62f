package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/judge"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// CouldNotRun is Run's error when the implementation could not be started
// or reached (no hello): nothing was judged. Report says so, for a report
// folder that must still be written.
type CouldNotRun struct {
	Cause  error
	Report *Report
}

func (e *CouldNotRun) Error() string { return "the run could not happen: " + e.Cause.Error() }

func (e *CouldNotRun) Unwrap() error { return e.Cause }

// ErrNothingSelected is Run's error when Options.Tags, Run and Skip
// together select no scenario.
var ErrNothingSelected = errors.New("conformance: no scenario matches Options.Tags, Run and Skip")

// runner is one pass over a selection.
type runner struct {
	opts      Options
	catalog   *spec.Catalog
	suite     *features.Suite
	selection []*features.Scenario // the selected scenarios, in suite order
	known     map[string]string    // scenario id → selection.KnownFailing or KnownFlaky
	schemas   judge.Schemas
	session   session     // what the steps use of the run
	stopped   atomic.Bool // FailFast saw a failure
	total     int         // scenarios of claimed profiles that run

	// The own loop's After hooks handed to another goroutine (ownrun.go).
	finishes        chan []finishJob
	pendingFinishes []finishJob

	toRun    []*features.Scenario // the selected scenarios of claimed profiles
	cucumber *cucumberLog         // the own loop's steps, when it writes Cucumber JSON

	mu      sync.Mutex
	results map[string]*ScenarioResult
	tickets map[string][]*driver.Ticket // each scenario's calls, for faults found after their answers
}

func newRunner(opts Options, suite *features.Suite, sel []*features.Scenario, known map[string]string) *runner {
	r := &runner{opts: opts, catalog: opts.Catalog, suite: suite, selection: sel, known: known,
		results: map[string]*ScenarioResult{}}
	r.session = session{catalog: opts.Catalog, driver: opts.Driver, schemas: &r.schemas, onCall: opts.OnCall}
	return r
}

// Run runs the selected scenarios against opts.Driver. An error means the
// run itself could not happen (an *OptionError, unreadable features, a
// driver that does not say hello: *CouldNotRun); failing scenarios are in
// the Report.
func Run(ctx context.Context, opts Options) (*Report, error) {
	start := time.Now()
	if opts.Driver == nil {
		return nil, errors.New("conformance: no driver")
	}
	embedded := opts.Features == nil
	partial, err := fillDefaults(&opts)
	if err != nil {
		return nil, err
	}
	if err := selection.CheckTags(opts.Suite, opts.Tags); err != nil {
		if !partial {
			return nil, err
		}
		// A tag no scenario of the profiles has: the whole suite words the
		// error as it always has (the tag may be on other profiles).
		if opts.Suite, err = embeddedSuiteOf(nil); err != nil {
			return nil, err
		}
		if err := selection.CheckTags(opts.Suite, opts.Tags); err != nil {
			return nil, err
		}
	}
	filter := selection.Filter{Tags: opts.Tags, Run: opts.Run, Skip: opts.Skip, Shard: opts.Shard}
	sel, err := selection.Of(opts.Suite, filter)
	if err != nil {
		return nil, err
	}
	known, stale, err := selection.ClassifyKnown(opts.Suite, opts.KnownFailing, opts.KnownFlaky)
	if err != nil {
		return nil, fmt.Errorf("conformance: %w", err)
	}
	// godog's Cucumber JSON on Output is held until the report can make it
	// agree with the JUnit (report.AgreeCucumber); the own loop writes its
	// own once the report is made.
	var cucumberOut io.Writer
	var cucumberBuf bytes.Buffer
	writesCucumber := wantsCucumber(opts, opts.Output)
	if opts.Format == "cucumber" {
		cucumberOut, opts.Output = opts.Output, &cucumberBuf
	}
	r := newRunner(opts, opts.Suite, sel, known)
	if writesCucumber && !r.usesGodog() {
		r.cucumber = &cucumberLog{runs: map[string]*scenarioSteps{}}
	}
	rep, err := r.run(ctx)
	if cucumberOut != nil && err != nil {
		_, _ = cucumberOut.Write(cucumberBuf.Bytes())
	}
	var cnr *CouldNotRun
	if errors.As(err, &cnr) {
		cnr.Report.Tags, cnr.Report.Run, cnr.Report.Skip = opts.Tags, opts.Run, opts.Skip
		cnr.Report.CustomFeatures = !embedded
		cnr.Report.Recount()
		cnr.Report.Duration = time.Since(start)
		return nil, cnr
	}
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		// Stopped before its end: what was judged stands, the rest is not
		// run, and the report says why.
		rep.Interrupted = context.Cause(ctx).Error()
	} else if len(opts.KnownFlaky) > 0 {
		r.retryFlaky(ctx, rep)
	}
	rep.Stale = stale
	rep.Require = opts.Require
	rep.Tags, rep.Run, rep.Skip = opts.Tags, opts.Run, opts.Skip
	if opts.Shard.Count > 0 {
		rep.Shard = opts.Shard.String()
	}
	rep.CustomFeatures = !embedded
	rep.Complete = embedded && strings.TrimSpace(opts.Tags) == "" && len(opts.Run) == 0 && len(opts.Skip) == 0 &&
		opts.Shard.Count <= 1 && rep.NotRun == 0
	for i := range rep.Scenarios {
		rep.Scenarios[i].Known = r.known[rep.Scenarios[i].ID]
	}
	rep.Recount()
	rep.Duration = time.Since(start)
	if err := writeJUnitOutputs(opts, rep); err != nil {
		return nil, err
	}
	if r.cucumber != nil {
		if err := r.writeCucumber(rep, cucumberOut); err != nil {
			return nil, err
		}
	} else if err := agreeCucumberOutputs(opts, rep, cucumberOut, cucumberBuf.Bytes()); err != nil {
		return nil, err
	}
	return rep, nil
}

// agreeCucumberOutputs writes the Cucumber JSON held from Output, and
// rewrites each cucumber FormatFile, so that they say what the JUnit says.
func agreeCucumberOutputs(opts Options, rep *Report, out io.Writer, held []byte) error {
	if out != nil {
		b, err := report.AgreeCucumber(held, rep, opts.Suite)
		if err != nil {
			return err
		}
		if _, err := out.Write(b); err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
	}
	for _, f := range opts.FormatFiles {
		if f.Format != "cucumber" {
			continue
		}
		b, err := os.ReadFile(f.Path)
		if err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
		if b, err = report.AgreeCucumber(b, rep, opts.Suite); err != nil {
			return err
		}
		// Renamed into place whole: a full disk never leaves half a file.
		if err := report.WriteFileAtomic(f.Path, b); err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
	}
	return nil
}

// writeJUnitOutputs writes the JUnit the options ask for (Format junit, a
// junit FormatFile) from the finished report.
func writeJUnitOutputs(opts Options, rep *Report) error {
	if opts.Format == "junit" {
		if err := report.WriteJUnit(opts.Output, rep, opts.Suite); err != nil {
			return err
		}
	}
	for _, f := range opts.FormatFiles {
		if f.Format != "junit" {
			continue
		}
		var b bytes.Buffer
		if err := report.WriteJUnit(&b, rep, opts.Suite); err != nil {
			return err
		}
		if err := os.WriteFile(f.Path, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
	}
	return nil
}

// run is one pass over the selection: the own loop's, or godog's.
func (r *runner) run(ctx context.Context) (*Report, error) {
	opts := r.opts
	hello, err := opts.Driver.Hello(ctx)
	if err != nil {
		// An implementation that cannot even say hello is not judged: the
		// run did not happen, and one message says why (not a failure per
		// scenario, each repeating it).
		return nil, &CouldNotRun{Cause: err, Report: &Report{Level: opts.Level, CouldNotRun: err.Error()}}
	}
	claimed := claimedProfiles(r.catalog, hello)
	var notClaimed, toRun []*features.Scenario
	for _, sc := range r.selection {
		if !claimed[sc.Profile] || lacksOperation(sc, hello) {
			notClaimed = append(notClaimed, sc)
			continue
		}
		toRun = append(toRun, sc)
	}
	r.total, r.toRun = len(toRun), toRun
	if len(toRun) == 0 && len(notClaimed) == 0 {
		return nil, ErrNothingSelected
	}
	if len(toRun) == 0 {
		// Nothing to judge, but the reports asked for still say so.
		err := fmt.Errorf("conformance: %s claims none of the selected profiles: %s",
			hello.Implementation, describeMissing(r.catalog, hello, notClaimed))
		return nil, &CouldNotRun{Cause: err, Report: &Report{Hello: hello, Level: opts.Level, CouldNotRun: strings.TrimPrefix(err.Error(), "conformance: ")}}
	}
	stopCompiling := r.compileAhead(toRun)
	defer stopCompiling()
	if r.usesGodog() {
		if err := r.runGodog(ctx, toRun, notClaimed); err != nil {
			return nil, err
		}
	} else {
		r.ownLoop(ctx, toRun)
	}
	r.chargeLateFaults()
	rep := &Report{Hello: hello, Level: opts.Level, SchemaValidated: r.schemas.Validated(), GoldensTzdata: goldensTzdata(opts.Goldens)}
	rep.Scenarios = make([]ScenarioResult, 0, len(r.results)+len(notClaimed))
	for _, sc := range r.selection {
		if res := r.results[sc.ID]; res != nil {
			rep.Scenarios = append(rep.Scenarios, *res)
		}
	}
	rep.NotRun = r.total - len(r.results)
	for _, sc := range notClaimed {
		rep.Scenarios = append(rep.Scenarios, ScenarioResult{ID: sc.ID, Profile: sc.Profile, Name: sc.Name,
			Origins: sc.Origins, Tier: sc.Tier, Compat: NotClaimed, Exact: NotClaimed})
	}
	if len(rep.Scenarios) == 0 {
		return nil, errors.New("conformance: no scenario ran")
	}
	// Each profile claimed or not, and what it lacks; Recount counts them.
	// A tzdata release other than the goldens' is noted once, by the
	// summary and the report (TzdataDiffers), not on every failure.
	for _, p := range r.catalog.Profiles {
		rep.Profiles = append(rep.Profiles, ProfileSummary{Profile: p.Name, Claimed: claimed[p.Name],
			MissingOps: missingOps(r.catalog, hello, p.Name)})
	}
	return rep, nil
}

// compileAhead compiles the schemas of the profiles that will run, in the
// order they run, on another goroutine (the other core), while the first
// scenarios run: a profile's first validation would otherwise wait for its
// compilation. It compiles nothing the run would not (an error is met
// again, and reported, by the validation); stop ends it after the profile
// it is compiling.
func (r *runner) compileAhead(scenarios []*features.Scenario) (stop func()) {
	var profiles []string
	for _, sc := range scenarios {
		if !slices.Contains(profiles, sc.Profile) {
			profiles = append(profiles, sc.Profile)
		}
	}
	var stopped atomic.Bool
	go func() {
		for _, p := range profiles {
			if stopped.Load() {
				return
			}
			if _, ok := r.catalog.Profile(p); ok {
				_ = r.catalog.Compile(p)
			}
		}
	}()
	return func() { stopped.Store(true) }
}

// retryFlaky runs every failing known-flaky scenario once more and keeps
// the second outcome.
func (r *runner) retryFlaky(ctx context.Context, rep *Report) {
	var again []Pattern
	for _, s := range rep.Scenarios {
		if r.known[s.ID] == selection.KnownFlaky && rep.LevelVerdict(s).Fails() {
			again = append(again, Pattern(s.ID))
		}
	}
	if len(again) == 0 {
		return
	}
	opts := r.opts
	opts.Run, opts.Skip, opts.Shard = again, nil, Shard{}
	opts.KnownFailing, opts.KnownFlaky, opts.FailFast = nil, nil, false
	opts.Format, opts.Output, opts.FormatFiles, opts.OnResult = "progress", io.Discard, nil, nil
	sel, err := selection.Of(r.suite, selection.Filter{Tags: opts.Tags, Run: again})
	var second *Report
	if err == nil {
		second, err = newRunner(opts, r.suite, sel, nil).run(ctx)
	}
	retried := map[string]ScenarioResult{}
	if err == nil {
		for _, s := range second.Scenarios {
			retried[s.ID] = s
		}
		rep.SchemaValidated += second.SchemaValidated
	}
	for i := range rep.Scenarios {
		s := &rep.Scenarios[i]
		if r.known[s.ID] != selection.KnownFlaky || !rep.LevelVerdict(*s).Fails() {
			continue
		}
		if n, ok := retried[s.ID]; ok {
			*s = n
		} else if err != nil {
			s.Problem += "\n(the retry could not run: " + err.Error() + ")"
		}
		s.Attempts = 2
	}
}

// claimedProfiles: an implementation claims a profile by implementing every
// one of its operations that is not an extension; a partial profile is not
// claimed, so its scenarios are reported as not claimed, never as passed or
// failed.
func claimedProfiles(c *spec.Catalog, h protocol.Hello) map[string]bool {
	has := map[string]bool{}
	for _, op := range h.Operations {
		has[op] = true
	}
	out := map[string]bool{}
	for _, p := range c.Profiles {
		all, required := true, 0
		for _, op := range p.Operations {
			if op.Extension {
				continue
			}
			required++
			all = all && has[op.Name]
		}
		out[p.Name] = all && required > 0
	}
	return out
}

// lacksOperation: a scenario of a claimed profile that calls an operation
// the implementation does not offer (an extension operation) is not
// claimed either; it can neither pass nor fail.
func lacksOperation(sc *features.Scenario, h protocol.Hello) bool {
	for _, op := range sc.Ops {
		if !slices.Contains(h.Operations, op) {
			return true
		}
	}
	return false
}

func missingOps(c *spec.Catalog, h protocol.Hello, profile string) []string {
	has := map[string]bool{}
	for _, op := range h.Operations {
		has[op] = true
	}
	p, ok := c.Profile(profile)
	if !ok {
		return nil
	}
	var out []string
	for _, op := range p.Operations {
		if !has[op.Name] {
			out = append(out, op.Name)
		}
	}
	return out
}

func describeMissing(c *spec.Catalog, h protocol.Hello, scs []*features.Scenario) string {
	seen := map[string]bool{}
	var parts []string
	for _, sc := range scs {
		if !seen[sc.Profile] {
			seen[sc.Profile] = true
			parts = append(parts, fmt.Sprintf("%s lacks %s", sc.Profile, strings.Join(missingOps(c, h, sc.Profile), ", ")))
		}
	}
	return strings.Join(parts, "; ")
}

// failsRun reports whether a scenario's result makes this run red.
func (r *runner) failsRun(s *ScenarioResult) bool {
	return result.FailsRunAt(r.opts.Level, r.opts.Require, *s)
}

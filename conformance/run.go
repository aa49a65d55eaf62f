package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// Level is how strictly a run is judged.
type Level string

const (
	// LevelCompat judges a scenario by its own assertions, transcribed with
	// the strength of the original test (contains / equals / does not
	// contain): a faithful port that adds attributes still passes.
	LevelCompat Level = "compat"
	// LevelExact also requires every response to equal its golden byte for
	// byte (in canonical JSON).
	LevelExact Level = "exact"
)

// Formats the runner accepts; they are godog's formatters.
var Formats = []string{"progress", "pretty", "junit", "cucumber"}

// Options configure one run.
type Options struct {
	Driver   Driver
	Catalog  *spec.Catalog   // default: the embedded spec
	Suite    *features.Suite // default: the embedded features
	Features fs.FS           // the folder Suite was loaded from (default: embedded)
	Goldens  fs.FS           // default: the embedded goldens; nil disables the exact level
	Tags     string          // Cucumber tag expression (or godog's older form)
	Run      []Pattern
	Skip     []Pattern
	Format   string    // one of Formats; default progress
	Output   io.Writer // where the formatter writes; default io.Discard
	Level    Level     // default exact
	// Require names the tiers whose failures fail the run (Report.OK). The
	// zero value is RequireAll, the strictest, for the kit's own tests; the
	// conform CLI defaults to RequireRequired.
	Require Require
	// TestingT, when set, runs every scenario as a subtest (go test).
	TestingT *testing.T
	// Godog runs the scenarios through godog's runner even when nothing
	// reads godog's output (a godog format on Output, a godog FormatFile,
	// TestingT choose it anyway); by default the runner's own loop runs
	// them, with the same verdicts (see ownrun.go).
	Godog bool
	// SaveFailures, when set, is a folder where every failing scenario's
	// calls are written as a replay file (see Replay).
	SaveFailures string
	// OnCall observes every answered call, with the input as sent (probes,
	// the mutation run; the corpus is recorded at each scenario's end).
	OnCall func(sc *features.Scenario, n int, op string, input json.RawMessage, res protocol.Result)
	// OnOpenCall observes, at the exact level, each call of a scenario that
	// declared a point of its answer open (a step listing the permitted
	// answers): there the level accepts more than the golden. The mutation
	// judge uses it not to count a permitted answer as a failure.
	OnOpenCall func(sc *features.Scenario, n int)

	// FormatFiles are more of godog's formatters, each written to its own
	// file in the same run (--report writes junit.xml and cucumber.json so).
	FormatFiles []FormatFile
	// Shard, when set (Count > 0), runs only its part of the selection.
	Shard Shard
	// KnownFailing are scenarios expected to fail: they fail without failing
	// the run, and one that passes fails the run until it leaves the list.
	KnownFailing []Pattern
	// KnownFlaky are scenarios run again once when they fail; they never fail
	// the run, but are reported.
	KnownFlaky []Pattern
	// FailFast stops the run after the first scenario that fails it.
	FailFast bool
	// OnResult observes every scenario as its verdict is decided: done of
	// total (the scenarios of claimed profiles that run). For progress.
	OnResult func(res ScenarioResult, done, total int)

	corpus *corpusRecorder // RecordCorpus's, which keeps every finished scenario's calls
}

// Require names the tiers whose failing scenarios fail a run (its exit
// status). Whether an implementation conforms to a profile does not depend
// on it: that is always decided by the required tier alone.
type Require string

// The settings of --require.
const (
	// RequireRequired: only a failing required scenario fails the run; a
	// decision or extension not followed is reported, never fatal. What a
	// third party certifying an implementation wants (the CLI's default).
	RequireRequired Require = "required"
	// RequireDecisions: required and @decision scenarios must pass.
	RequireDecisions Require = "decisions"
	// RequireAll: every scenario must pass, extensions included; the
	// reference's own CI runs so.
	RequireAll Require = "all"
)

// Requires lists the settings of --require, weakest first.
var Requires = []Require{RequireRequired, RequireDecisions, RequireAll}

// ParseRequire reads a --require value.
func ParseRequire(s string) (Require, error) {
	for _, q := range Requires {
		if string(q) == s {
			return q, nil
		}
	}
	return "", fmt.Errorf("--require %q: want required, decisions or all", s)
}

// Includes reports whether a failing scenario of tier t fails the run.
func (q Require) Includes(t features.Tier) bool {
	switch t {
	case features.Decision:
		return q == RequireDecisions || q == RequireAll || q == ""
	case features.Extension:
		return q == RequireAll || q == ""
	}
	return true
}

// FormatFile is one godog formatter writing to a file.
type FormatFile struct {
	Format string // one of Formats
	Path   string
}

// Verdict of one scenario at one level.
type Verdict string

// Verdicts.
const (
	Passed     Verdict = "passed"
	Failed     Verdict = "failed"
	NotClaimed Verdict = "not-claimed"
	// NotCompared: the run had no goldens, so the exact level was not judged.
	NotCompared Verdict = "not-compared"
	// Faults: the implementation did not answer properly. They fail a
	// scenario like a wrong answer but are counted apart.
	Crashed       Verdict = "crashed"
	TimedOut      Verdict = "timed-out"
	ProtocolError Verdict = "protocol-error"
)

// failed reports whether a verdict fails the scenario.
func (v Verdict) failed() bool {
	return v == Failed || v == Crashed || v == TimedOut || v == ProtocolError
}

// ScenarioResult is one scenario's outcome.
type ScenarioResult struct {
	ID      string   `json:"id"`
	Profile string   `json:"profile"`
	Name    string   `json:"name"`
	Origins []string `json:"origins,omitempty"`
	// Tier: required, decision or extension ("" in a summary written before
	// tiers existed reads as required).
	Tier   features.Tier `json:"tier"`
	Compat Verdict       `json:"compat"`
	Exact  Verdict       `json:"exact"`
	// Problem says why the scenario failed (first failing step or golden).
	Problem string `json:"problem,omitempty"`

	// Verdict is the outcome at the run's level (compat, or exact when
	// goldens were compared).
	Verdict Verdict `json:"verdict"`
	// When a scenario fails: the failing step (absent for a golden
	// mismatch), what was expected and what came back, and each place the
	// answer broke its schema, with its JSON pointer.
	Step         string          `json:"step,omitempty"`
	Expected     string          `json:"expected,omitempty"`
	Actual       string          `json:"actual,omitempty"`
	SchemaErrors []SchemaProblem `json:"schema_errors,omitempty"`
	// Call is the call the failure is about: the one a golden differs for,
	// or the last call before the failing step (absent when none was made).
	Call *FailedCall `json:"call,omitempty"`
	// Known names the list the scenario is on: KnownFailing or KnownFlaky.
	Known string `json:"known,omitempty"`
	// Attempts is 2 when a known-flaky scenario failed and was run again.
	Attempts int `json:"attempts,omitempty"`
}

// FailedCall is the request a failure is about, as the scenario sent it.
type FailedCall struct {
	N     int             `json:"n"` // the scenario's n-th call, from 1
	Op    string          `json:"op"`
	Input json.RawMessage `json:"input"`
}

// SchemaProblem is one place an answer breaks its schema.
type SchemaProblem struct {
	Pointer string `json:"pointer"` // JSON pointer into the answer ("/result"; "" for the whole)
	Message string `json:"message"`
}

// Lists a scenario can be on (ScenarioResult.Known).
const (
	KnownFailing = "failing"
	KnownFlaky   = "flaky"
)

// ProfileSummary counts one profile's results.
type ProfileSummary struct {
	Profile       string `json:"profile"`
	Claimed       bool   `json:"claimed"`
	Scenarios     int    `json:"scenarios"`
	CompatPassed  int    `json:"compat_passed"`
	CompatFailed  int    `json:"compat_failed"`
	ExactPassed   int    `json:"exact_passed"`
	ExactFailed   int    `json:"exact_failed"`
	NotClaimedCnt int    `json:"not_claimed"`
	// Faults counts the failed scenarios that crashed, timed out or broke
	// the protocol rather than answering wrongly.
	Faults int `json:"faults"`
	// Passed and Failed count at the run's level; KnownFailing of the
	// failed were listed as known failing; Flaky scenarios needed a retry.
	Passed       int `json:"passed"`
	Failed       int `json:"failed"`
	KnownFailing int `json:"known_failing,omitempty"`
	Flaky        int `json:"flaky,omitempty"`
	// MissingOps are the profile's operations the implementation lacks
	// (why it is not claimed).
	MissingOps []string `json:"missing_operations,omitempty"`
	// The tiers graded apart, at the run's level: required scenarios
	// passed, decisions and extensions followed. The profile is conformed
	// to when every required scenario passed (Conforms).
	Required   TierCount `json:"required"`
	Decisions  TierCount `json:"decisions"`
	Extensions TierCount `json:"extensions"`
}

// TierCount is one tier of one profile: how many of its scenarios ran,
// how many passed, and the ids of those that failed.
type TierCount struct {
	Passed  int      `json:"passed"`
	Total   int      `json:"total"`
	Failing []string `json:"failing,omitempty"`
}

// All reports whether every scenario of the tier that ran passed.
func (t TierCount) All() bool { return t.Passed == t.Total }

// Tier is the count of one tier.
func (p *ProfileSummary) Tier(t features.Tier) *TierCount {
	switch t {
	case features.Decision:
		return &p.Decisions
	case features.Extension:
		return &p.Extensions
	}
	return &p.Required
}

// Conforms reports whether the profile is claimed and every one of its
// required scenarios ran and passed at the run's level. A partial run
// says so elsewhere (Report.Complete).
func (p *ProfileSummary) Conforms() bool {
	return p.Claimed && p.Required.Total > 0 && p.Required.Passed == p.Required.Total
}

// tierOf is a result's tier; summaries from before tiers read as required.
func tierOf(s ScenarioResult) features.Tier {
	if s.Tier == "" {
		return features.Required
	}
	return s.Tier
}

// SummaryFormat marks a Report written as JSON (summary.json).
const SummaryFormat = "clockspec-summary/1"

// Report is the outcome of a run.
type Report struct {
	Format      string         `json:"format"` // SummaryFormat
	SpecVersion string         `json:"spec_version"`
	Hello       protocol.Hello `json:"hello"`
	Level       Level          `json:"level"`
	// Require: the tiers whose failures fail the run ("" reads as all).
	Require         Require          `json:"require,omitempty"`
	Profiles        []ProfileSummary `json:"profiles"`
	Scenarios       []ScenarioResult `json:"scenarios"`
	SchemaValidated int64            `json:"schema_validated"`
	// GoldensTzdata is the tzdata release the goldens were made with.
	GoldensTzdata string        `json:"goldens_tzdata,omitempty"`
	Duration      time.Duration `json:"duration_ns"`

	// Selection: the filters of the run, and whether it covered the whole
	// embedded suite (no filter, no shard, not stopped early), which a
	// certificate needs.
	Tags  string    `json:"tags,omitempty"`
	Run   []Pattern `json:"run,omitempty"`
	Skip  []Pattern `json:"skip,omitempty"`
	Shard string    `json:"shard,omitempty"`
	// CustomFeatures: the run used a --features folder, not the embedded suite.
	CustomFeatures bool `json:"custom_features,omitempty"`
	Complete       bool `json:"complete"`
	// NotRun counts the scenarios --fail-fast left out.
	NotRun int `json:"not_run,omitempty"`
	// Stale are known-failing or known-flaky patterns that match no
	// scenario of the suite; they fail the run.
	Stale []StalePattern `json:"stale_patterns,omitempty"`
	// CouldNotRun says why the run did not happen (the implementation could
	// not be started or reached): no scenario was judged.
	CouldNotRun string `json:"could_not_run,omitempty"`
	// HostTZ is the TZ a subprocess implementation ran under, chosen by
	// HostTZSeed unless pinned (--host-tz).
	HostTZ     string `json:"host_tz,omitempty"`
	HostTZSeed int64  `json:"host_tz_seed,omitempty"`
}

// CouldNotRun is Run's error when the implementation could not be started
// or reached (no hello): nothing was judged. Report says so, for a report
// folder that must still be written.
type CouldNotRun struct {
	Cause  error
	Report *Report
}

func (e *CouldNotRun) Error() string { return "the run could not happen: " + e.Cause.Error() }

func (e *CouldNotRun) Unwrap() error { return e.Cause }

// StalePattern is a pattern of a known list that matches no scenario.
type StalePattern struct {
	List    string  `json:"list"` // KnownFailing or KnownFlaky
	Pattern Pattern `json:"pattern"`
}

// OK reports whether the run is green: every scenario that ran passed at the
// run's level, except those listed as known failing (which must fail) or
// known flaky, and no known pattern is stale.
func (r *Report) OK() bool {
	if len(r.Stale) > 0 || r.CouldNotRun != "" {
		return false
	}
	for _, s := range r.Scenarios {
		if r.FailsRun(s) {
			return false
		}
	}
	return true
}

// LevelVerdict is a scenario's verdict at the run's level.
func (r *Report) LevelVerdict(s ScenarioResult) Verdict { return levelVerdict(r.Level, s) }

func levelVerdict(level Level, s ScenarioResult) Verdict {
	if s.Compat != Passed {
		return s.Compat
	}
	if level == LevelExact && s.Exact != NotCompared && s.Exact != "" {
		return s.Exact
	}
	return Passed
}

// FailsRun reports whether this scenario makes the run red: an unlisted
// failure of a tier the run requires, or a known-failing one that passes
// now (whatever its tier: the list is out of date).
func (r *Report) FailsRun(s ScenarioResult) bool { return failsRun(r.Level, r.Require, s) }

func (r *runner) failsRun(s *ScenarioResult) bool { return failsRun(r.opts.Level, r.opts.Require, *s) }

func failsRun(level Level, require Require, s ScenarioResult) bool {
	v := levelVerdict(level, s)
	switch s.Known {
	case KnownFlaky:
		return false
	case KnownFailing:
		return v == Passed
	}
	return v.failed() && require.Includes(tierOf(s))
}

// NotFollowed reports whether this scenario failed without failing the run
// because the run does not require its tier (a decision or an extension
// the implementation does not follow).
func (r *Report) NotFollowed(s ScenarioResult) bool {
	return s.Known == "" && r.LevelVerdict(s).failed() && !r.Require.Includes(tierOf(s))
}

type runner struct {
	opts      Options
	catalog   *spec.Catalog
	suite     *features.Suite
	selected  map[string]bool
	known     map[string]string // scenario id → KnownFailing or KnownFlaky
	validated atomic.Int64
	stopped   atomic.Bool         // --fail-fast saw a failure
	valid     map[string]struct{} // operation NUL output, of outputs found valid (validateOutput)
	validKey  []byte
	validMu   sync.Mutex
	total     int // scenarios of claimed profiles that run

	// The own loop's After hooks handed to another goroutine (ownrun.go).
	finishes        chan []finishJob
	pendingFinishes []finishJob

	mu      sync.Mutex
	results map[string]*ScenarioResult
	tickets map[string][]*Ticket // each scenario's calls, for faults found after their answers
}

func (r *runner) call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	return r.opts.Driver.Call(ctx, op, input)
}

func (r *runner) countValidation() { r.validated.Add(1) }

// Outputs found valid are remembered for the rest of the run, byte for
// byte: validating is a function of the schema and the bytes, so an answer
// equal to one already found valid is valid too (two in five answers of
// the suite repeat an earlier one). Only short answers are kept, and only
// so many, so a corpus of millions of calls does not grow the memory.
const (
	maxValidKept  = 1 << 16
	maxValidBytes = 512
)

// validateOutput validates an answer against its operation's output schema.
func (r *runner) validateOutput(op *spec.Operation, c *callRecord) error {
	out := c.result.Output
	if len(out) > maxValidBytes {
		return validateDecoded(op, c)
	}
	// Under validMu: the own loop checks answers on two goroutines.
	r.validMu.Lock()
	r.validKey = append(append(append(r.validKey[:0], op.Name...), 0), out...)
	_, known := r.valid[string(r.validKey)]
	r.validMu.Unlock()
	if known {
		return nil
	}
	err := validateDecoded(op, c)
	if err == nil {
		r.validMu.Lock()
		if len(r.valid) < maxValidKept {
			if r.valid == nil {
				r.valid = map[string]struct{}{}
			}
			r.validKey = append(append(append(r.validKey[:0], op.Name...), 0), out...)
			r.valid[string(r.validKey)] = struct{}{}
		}
		r.validMu.Unlock()
	}
	return err
}

// validateDecoded validates the answer as the value the assertions read
// (decoded once for both) when the answer is exactly that one JSON value;
// anything else (not JSON, bytes after the value) goes to ValidateOutput,
// which refuses it with its own message.
func validateDecoded(op *spec.Operation, c *callRecord) error {
	v, err := c.outputValue()
	if err != nil || !c.whole {
		return op.ValidateOutput(c.result.Output)
	}
	return op.ValidateOutputValue(v)
}

func (r *runner) observe(sc *features.Scenario, n int, c *callRecord) {
	if r.opts.OnCall != nil && sc != nil {
		r.opts.OnCall(sc, n, c.op, c.input, c.result)
	}
}

// Run runs the selected scenarios against opts.Driver. An error means the
// run itself could not happen (bad options, unreadable features, a driver
// that does not say hello); failing scenarios are in the Report.
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
	if err := checkTagExpr(opts.Suite, opts.Tags); err != nil {
		if !partial {
			return nil, err
		}
		// A tag no scenario of the profiles has: the whole suite words the
		// error as it always has (the tag may be on other profiles).
		if opts.Suite, err = embeddedSuiteOf(nil); err != nil {
			return nil, err
		}
		if err := checkTagExpr(opts.Suite, opts.Tags); err != nil {
			return nil, err
		}
	}
	r := &runner{opts: opts, catalog: opts.Catalog, suite: opts.Suite, results: map[string]*ScenarioResult{}}
	for _, p := range append(append([]Pattern{}, opts.Run...), opts.Skip...) {
		if err := ValidatePattern(string(p)); err != nil {
			return nil, err
		}
	}
	known, stale, err := classifyKnown(r.suite, opts.KnownFailing, opts.KnownFlaky)
	if err != nil {
		return nil, err
	}
	r.known = known
	r.selected = Select(r.suite, opts.Run, opts.Skip)
	for _, sc := range r.suite.Scenarios {
		if r.selected[sc.ID] && !tagsMatch(opts.Tags, sc.Tags) {
			delete(r.selected, sc.ID) // an outline row the expression leaves out
		}
	}
	if opts.Shard.Count > 0 {
		applyShard(r.suite, r.selected, opts.Tags, opts.Shard)
	}
	rep, err := r.run(ctx)
	var cnr *CouldNotRun
	if errors.As(err, &cnr) {
		cnr.Report.Tags, cnr.Report.Run, cnr.Report.Skip = opts.Tags, opts.Run, opts.Skip
		cnr.Report.CustomFeatures = !embedded
		cnr.Report.recount()
		cnr.Report.Duration = time.Since(start)
		return nil, cnr
	}
	if err != nil {
		return nil, err
	}
	if len(opts.KnownFlaky) > 0 {
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
	rep.recount()
	rep.Duration = time.Since(start)
	if err := writeJUnitOutputs(opts, rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// writeJUnitOutputs writes the JUnit the options ask for (--format junit,
// a junit FormatFile) from the finished report.
func writeJUnitOutputs(opts Options, rep *Report) error {
	if opts.Format == "junit" {
		if err := WriteJUnit(opts.Output, rep, opts.Suite); err != nil {
			return err
		}
	}
	for _, f := range opts.FormatFiles {
		if f.Format != "junit" {
			continue
		}
		var b bytes.Buffer
		if err := WriteJUnit(&b, rep, opts.Suite); err != nil {
			return err
		}
		if err := os.WriteFile(f.Path, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
	}
	return nil
}

// run is one pass of godog over the selection.
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

	// The scenarios godog runs: the tag expression, narrowed to the
	// selected ids of claimed profiles.
	var ids, paths []string
	seen := map[string]bool{}
	var notClaimed, toRun []*features.Scenario
	for _, sc := range r.suite.Scenarios {
		if !r.selected[sc.ID] || !tagsMatch(opts.Tags, sc.Tags) {
			continue
		}
		if !claimed[sc.Profile] || lacksOperation(sc, hello) {
			notClaimed = append(notClaimed, sc)
			continue
		}
		r.total++
		toRun = append(toRun, sc)
		if !seen[sc.BaseID] {
			seen[sc.BaseID] = true
			ids = append(ids, features.IDTag+sc.BaseID)
		}
		if !seen[sc.URI] { // godog parses only the files that have selected scenarios
			seen[sc.URI] = true
			paths = append(paths, sc.URI)
		}
	}
	if len(ids) == 0 && len(notClaimed) == 0 {
		return nil, errors.New("conformance: no scenario matches the given --tags, --run and --skip")
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("conformance: %s claims none of the selected profiles: %s",
			hello.Implementation, describeMissing(r.catalog, hello, notClaimed))
	}
	stopCompiling := r.compileAhead(toRun)
	defer stopCompiling()
	if r.usesGodog() {
		if err := r.runGodog(ctx, ids, paths, notClaimed); err != nil {
			return nil, err
		}
	} else {
		r.ownLoop(ctx, toRun)
	}
	r.chargeLateFaults()
	rep := &Report{Hello: hello, Level: opts.Level, SchemaValidated: r.validated.Load(), GoldensTzdata: goldensTzdata(opts.Goldens)}
	rep.Scenarios = make([]ScenarioResult, 0, len(r.results)+len(notClaimed))
	for _, sc := range r.suite.Scenarios {
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
		return nil, errors.New("conformance: no scenario ran (check --tags, --run and --skip)")
	}
	// A tzdata release other than the goldens' is noted once, by the
	// summary and the report (TzdataDiffers), not on every failure.
	rep.Profiles = summarize(rep.Scenarios, claimed)
	for i := range rep.Profiles {
		rep.Profiles[i].MissingOps = missingOps(r.catalog, hello, rep.Profiles[i].Profile)
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

// runGodog runs the selection through godog, for its formatters.
func (r *runner) runGodog(ctx context.Context, ids, paths []string, notClaimed []*features.Scenario) error {
	godogRuns.Add(1)
	opts := r.opts
	// godog is handed the exact list of selected ids (its own tag filter
	// knows only its older syntax), unless everything in the parsed files
	// runs; naming ids costs godog a comparison per pickle and id.
	filter := ""
	if strings.TrimSpace(opts.Tags) != "" || len(opts.Run) > 0 || len(opts.Skip) > 0 || opts.Shard.Count > 1 || len(notClaimed) > 0 {
		filter = strings.Join(ids, ",")
	}
	// JUnit is written from the report after the run (WriteJUnit), so
	// godog writes only the other formats.
	format, output := opts.Format, opts.Output
	if format == "junit" {
		format, output = "progress", io.Discard
	}
	var godogFiles []FormatFile
	for _, f := range opts.FormatFiles {
		if f.Format != "junit" {
			godogFiles = append(godogFiles, f)
		}
	}
	closeFiles := func() error { return nil }
	if len(godogFiles) > 0 {
		names, finish, err := openFormatFiles(godogFiles)
		if err != nil {
			return err
		}
		format += "," + strings.Join(names, ",")
		closeFiles = finish
	}
	suite := godog.TestSuite{
		Name:                "clockspec",
		ScenarioInitializer: r.initScenario,
		Options: &godog.Options{
			Format:   format,
			Output:   output,
			FS:       opts.Features,
			Paths:    paths,
			Tags:     filter,
			Strict:   true,
			NoColors: true,
			// One goroutine: observers see calls in suite order, and
			// godog's shared result store made 2 goroutines 4x slower
			// than 1 here (BenchmarkV1Profile).
			Concurrency:    1,
			TestingT:       opts.TestingT,
			DefaultContext: ctx,
		},
	}
	suite.Run() // verdicts come from our hooks, not the exit status
	if err := closeFiles(); err != nil {
		return fmt.Errorf("conformance: writing the report files: %w", err)
	}
	return nil
}

// recount fills in what depends on the whole report: each scenario's
// verdict at the run's level, and the per-profile counts at that level.
func (rep *Report) recount() {
	rep.Format = SummaryFormat
	if rep.SpecVersion == "" {
		rep.SpecVersion = spec.Version
	}
	by := map[string]*ProfileSummary{}
	for i := range rep.Profiles {
		p := &rep.Profiles[i]
		p.Passed, p.Failed, p.KnownFailing, p.Flaky = 0, 0, 0, 0
		p.Required, p.Decisions, p.Extensions = TierCount{}, TierCount{}, TierCount{}
		by[p.Profile] = p
	}
	for i := range rep.Scenarios {
		s := &rep.Scenarios[i]
		s.Verdict = rep.LevelVerdict(*s)
		p := by[s.Profile]
		if p == nil {
			continue
		}
		if s.Verdict != NotClaimed {
			t := p.Tier(tierOf(*s))
			t.Total++
			switch {
			case s.Verdict == Passed:
				t.Passed++
			case s.Verdict.failed():
				t.Failing = append(t.Failing, s.ID)
			}
		}
		switch {
		case s.Verdict == Passed:
			p.Passed++
		case s.Verdict.failed():
			p.Failed++
			if s.Known == KnownFailing {
				p.KnownFailing++
			}
		}
		if s.Attempts > 1 {
			p.Flaky++
		}
	}
}

// retryFlaky runs every failing known-flaky scenario once more and keeps
// the second outcome.
func (r *runner) retryFlaky(ctx context.Context, rep *Report) {
	var again []Pattern
	for _, s := range rep.Scenarios {
		if r.known[s.ID] == KnownFlaky && rep.LevelVerdict(s).failed() {
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
	rr := &runner{opts: opts, catalog: r.catalog, suite: r.suite, results: map[string]*ScenarioResult{},
		selected: Select(r.suite, again, nil)}
	second, err := rr.run(ctx)
	retried := map[string]ScenarioResult{}
	if err == nil {
		for _, s := range second.Scenarios {
			retried[s.ID] = s
		}
	}
	for i := range rep.Scenarios {
		s := &rep.Scenarios[i]
		if r.known[s.ID] != KnownFlaky || !rep.LevelVerdict(*s).failed() {
			continue
		}
		if n, ok := retried[s.ID]; ok {
			*s = n
		} else if err != nil {
			s.Problem += "\n(the retry could not run: " + err.Error() + ")"
		}
		s.Attempts = 2
	}
	if err == nil {
		rep.SchemaValidated += second.SchemaValidated
		claimed := map[string]bool{}
		for _, p := range rep.Profiles {
			claimed[p.Profile] = p.Claimed
		}
		missing := map[string][]string{}
		for _, p := range rep.Profiles {
			missing[p.Profile] = p.MissingOps
		}
		rep.Profiles = summarize(rep.Scenarios, claimed)
		for i := range rep.Profiles {
			rep.Profiles[i].MissingOps = missing[rep.Profiles[i].Profile]
		}
	}
}

// The embedded spec and features never change within a process; loading
// them (schema compilation, Gherkin parsing) once keeps repeated runs cheap.
var (
	embeddedCatalog = sync.OnceValues(spec.Load)
	partialCatalogs sync.Map // the profiles joined by "," -> func() (*spec.Catalog, error)
)

// catalogOf is the embedded spec of just these profiles, loaded once per
// set.
func catalogOf(profiles []string) (*spec.Catalog, error) {
	load, _ := partialCatalogs.LoadOrStore(strings.Join(profiles, ","), sync.OnceValues(func() (*spec.Catalog, error) {
		return spec.LoadProfiles(profiles...)
	}))
	return load.(func() (*spec.Catalog, error))()
}

// fillDefaults completes the options; partial says the suite is the
// embedded one cut to the profiles the selection can reach (partial.go).
func fillDefaults(o *Options) (partial bool, err error) {
	// The embedded features are parsed while the spec loads: two cores
	// make the start shorter.
	var suite <-chan error
	if o.Features == nil {
		o.Features = features.FS()
		if o.Suite == nil {
			profiles := selectableProfiles(o)
			partial = profiles != nil
			done := make(chan error, 1)
			suite = done
			go func() {
				s, err := embeddedSuiteOf(profiles)
				o.Suite = s
				done <- err
			}()
		}
	}
	if o.Catalog == nil {
		if partial {
			// Only the reachable profiles' spec is parsed: --tags @v1 pays
			// v1's share of the start, not every profile's.
			o.Catalog, err = catalogOf(selectableProfiles(o))
		} else {
			o.Catalog, err = embeddedCatalog()
		}
	}
	if suite != nil {
		if serr := <-suite; err == nil {
			err = serr
		}
	}
	if err == nil && partial {
		o.Catalog, err = widenToCalls(o.Catalog, o.Suite)
	}
	if err != nil {
		return false, err
	}
	return partial, fillOtherDefaults(o)
}

// widenToCalls adds to a partial catalog the profiles of operations its
// suite's scenarios call in other profiles (clock-awareness scenarios call
// clock-core operations): a scenario is judged against the same spec as in
// a run of the whole suite.
func widenToCalls(cat *spec.Catalog, suite *features.Suite) (*spec.Catalog, error) {
	var profiles []string
	for _, p := range cat.Profiles {
		profiles = append(profiles, p.Name)
	}
	wider := false
	for _, sc := range suite.Scenarios {
		for _, op := range sc.Ops {
			if _, ok := cat.Operation(op); ok {
				continue
			}
			if p := spec.ProfileOfOperation(op); p != "" && !slices.Contains(profiles, p) {
				profiles, wider = append(profiles, p), true
			}
		}
	}
	if !wider {
		return cat, nil
	}
	slices.Sort(profiles)
	return catalogOf(profiles)
}

func fillOtherDefaults(o *Options) error {
	var err error
	if o.Suite == nil {
		if o.Suite, err = features.Load(o.Features); err != nil {
			return err
		}
	}
	if o.Format == "" {
		o.Format = "progress"
	}
	ok := false
	for _, f := range Formats {
		ok = ok || f == o.Format
	}
	if !ok {
		return fmt.Errorf("conformance: unknown format %q (want one of %s)", o.Format, strings.Join(Formats, ", "))
	}
	for _, f := range o.FormatFiles {
		known := false
		for _, name := range Formats {
			known = known || f.Format == name
		}
		if !known {
			return fmt.Errorf("conformance: unknown format %q (want one of %s)", f.Format, strings.Join(Formats, ", "))
		}
		if f.Path == "" {
			return fmt.Errorf("conformance: no file for the %s report", f.Format)
		}
	}
	if err := o.Shard.validate(); err != nil {
		return err
	}
	for _, p := range append(append([]Pattern{}, o.KnownFailing...), o.KnownFlaky...) {
		if err := ValidatePattern(string(p)); err != nil {
			return err
		}
	}
	if o.Output == nil {
		o.Output = io.Discard
	}
	switch o.Require {
	case "":
		o.Require = RequireAll
	case RequireRequired, RequireDecisions, RequireAll:
	default:
		return fmt.Errorf("conformance: unknown --require %q (want required, decisions or all)", o.Require)
	}
	switch o.Level {
	case "":
		o.Level = LevelExact
	case LevelCompat, LevelExact:
	default:
		return fmt.Errorf("conformance: unknown level %q (want compat or exact)", o.Level)
	}
	return nil
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

func (r *runner) initScenario(ctx *godog.ScenarioContext) {
	w := &world{run: r}
	var skipped bool
	var failStep string
	var failErr error
	ctx.Before(func(c context.Context, pk *godog.Scenario) (context.Context, error) {
		skipped, failStep, failErr = false, "", nil
		sc, ok := r.suite.ByPickle(pk)
		if !ok {
			return c, fmt.Errorf("scenario %q (%s) is not in the index", pk.Name, pk.Uri)
		}
		w.sc = sc
		if !r.selected[sc.ID] {
			skipped = true
			return c, godog.ErrSkip // an outline row that --run/--skip left out
		}
		if r.stopped.Load() {
			skipped = true
			return c, godog.ErrSkip // --fail-fast saw a failure
		}
		return c, nil
	})
	w.register(ctx)
	ctx.StepContext().After(func(c context.Context, st *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
		if err != nil && failErr == nil && !errors.Is(err, godog.ErrSkip) {
			failStep, failErr = st.Text, err
		}
		return c, nil
	})
	ctx.After(func(c context.Context, pk *godog.Scenario, stepErr error) (context.Context, error) {
		if w.sc == nil || skipped {
			return c, nil
		}
		return c, r.finish(w, stepErr, failStep, failErr)
	})
}

// finish records both levels and decides what godog shows: at the exact
// level a golden mismatch fails the scenario too.
func (r *runner) finish(w *world, stepErr error, failStep string, failErr error) error {
	res := &ScenarioResult{ID: w.sc.ID, Profile: w.sc.Profile, Name: w.sc.Name, Origins: w.sc.Origins,
		Tier: w.sc.Tier, Compat: Passed, Exact: Passed}
	if stepErr != nil && !errors.Is(stepErr, godog.ErrSkip) {
		v := verdictOf(stepErr)
		res.Compat, res.Exact = v, v
		res.Problem = stepErr.Error()
		if failErr == nil {
			failErr = stepErr
		}
		res.Step = failStep
		describeFailure(res, failErr)
	}
	var lateErr error
	if stepErr == nil || errors.Is(stepErr, godog.ErrSkip) {
		if f := lateFault(w.calls); f != nil {
			chargeLate(res, f)
			lateErr = f
		}
	}
	if r.opts.corpus != nil {
		r.opts.corpus.add(w)
	}
	var goldenErr error
	if r.opts.Goldens == nil {
		res.Exact = NotCompared
	} else if res.Compat == Passed {
		goldenErr = r.checkGoldens(w)
		if goldenErr != nil {
			res.Exact = Failed
			res.Problem = goldenErr.Error()
			describeFailure(res, goldenErr)
		}
	}
	if res.Compat.failed() || res.Exact.failed() {
		res.Call = failedCall(w, goldenErr)
	}
	res.Known = r.known[res.ID]
	r.mu.Lock()
	r.results[w.sc.ID] = res
	if r.tickets == nil {
		r.tickets = map[string][]*Ticket{}
	}
	if len(w.calls) > 0 {
		tks := r.tickets[w.sc.ID]
		for _, c := range w.calls {
			tks = append(tks, c.ticket)
		}
		r.tickets[w.sc.ID] = tks
	}
	done := len(r.results)
	r.mu.Unlock()
	if r.opts.FailFast && r.failsRun(res) {
		r.stopped.Store(true)
	}
	if r.opts.OnResult != nil {
		res.Verdict = levelVerdict(r.opts.Level, *res)
		r.opts.OnResult(*res, done, r.total)
	}
	if r.opts.SaveFailures != "" && (res.Compat.failed() || res.Exact.failed()) {
		if err := saveReplay(r.opts.SaveFailures, w, r.opts.Goldens); err != nil {
			res.Problem += "\n(could not save a replay file: " + err.Error() + ")"
		}
	}
	if goldenErr != nil && r.opts.Level == LevelExact {
		return fmt.Errorf("exact level: %w", goldenErr)
	}
	return lateErr // godog's own output shows the scenario failed too
}

// lateFault is the first fault charged to one of the calls after its answer
// (output the implementation wrote behind it).
func lateFault(calls []*callRecord) *Fault {
	for _, c := range calls {
		if f := c.ticket.Late(); f != nil {
			return f
		}
	}
	return nil
}

func chargeLate(res *ScenarioResult, f *Fault) {
	res.Compat, res.Exact = ProtocolError, ProtocolError
	res.Problem = f.Error()
	res.Step, res.Expected, res.Actual, res.SchemaErrors = "", "", "", nil
}

// chargeLateFaults fails the scenarios whose calls were charged with a fault
// after their scenario had finished: output that came behind an answer late.
func (r *runner) chargeLateFaults() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for id, tks := range r.tickets {
		res := r.results[id]
		if res == nil || res.Compat == ProtocolError {
			continue
		}
		for _, t := range tks {
			if f := t.Late(); f != nil {
				chargeLate(res, f)
				break
			}
		}
	}
}

// failedCall is the call a failure is about (nil when none was made).
func failedCall(w *world, goldenErr error) *FailedCall {
	n := len(w.calls)
	var gm *goldenMismatch
	if errors.As(goldenErr, &gm) {
		n = gm.call
	}
	if n < 1 || n > len(w.calls) {
		return nil
	}
	c := w.calls[n-1]
	return &FailedCall{N: n, Op: c.op, Input: c.input}
}

func summarize(results []ScenarioResult, claimed map[string]bool) []ProfileSummary {
	by := map[string]*ProfileSummary{}
	var order []string
	for _, s := range results {
		p := by[s.Profile]
		if p == nil {
			p = &ProfileSummary{Profile: s.Profile, Claimed: claimed[s.Profile]}
			by[s.Profile] = p
			order = append(order, s.Profile)
		}
		p.Scenarios++
		switch {
		case s.Compat == Passed:
			p.CompatPassed++
		case s.Compat == NotClaimed:
			p.NotClaimedCnt++
		case s.Compat.failed():
			p.CompatFailed++
			if s.Compat != Failed {
				p.Faults++
			}
		}
		switch {
		case s.Exact == Passed:
			p.ExactPassed++
		case s.Exact.failed():
			p.ExactFailed++
		}
	}
	sort.Strings(order)
	out := make([]ProfileSummary, 0, len(order))
	for _, name := range order {
		out = append(out, *by[name])
	}
	return out
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

// TzdataDiffers reports whether the implementation computes with another
// tzdata release than the goldens were made with.
func (r *Report) TzdataDiffers() bool {
	return r.GoldensTzdata != "" && r.Hello.Tzdata != "" && TzdataRelease(r.Hello.Tzdata) != TzdataRelease(r.GoldensTzdata)
}

// TzdataRelease is the IANA release of a tzdata name: "2025c" for
// "2025c+backzone". Releases are compared: an implementation that says
// "2025c" computes with the goldens' release (docs/tzdata.md says what the
// backzone build changes before 1970).
func TzdataRelease(name string) string {
	release, _, _ := strings.Cut(strings.TrimSpace(name), "+")
	return release
}

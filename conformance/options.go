package conformance

import (
	"encoding/json"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// Formats the runner accepts: godog's formatters. progress and pretty are
// written by godog's runner; junit and cucumber by either loop.
var Formats = []string{"progress", "pretty", "junit", "cucumber"}

// Options configure one run. A value that cannot be used makes Run fail
// with an *OptionError naming its field.
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
	// reads what only godog writes (progress or pretty on Output or in a
	// FormatFile, and TestingT, choose it anyway); by default the runner's
	// own loop runs them, with the same verdicts and reports (ownrun.go).
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

	// FormatFiles are more formats, each written to its own
	// file in the same run (ReportFormatFiles: a report folder's junit.xml
	// and cucumber.json).
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

// FormatFile is one format written to a file.
type FormatFile struct {
	Format string // one of Formats
	Path   string
}

// ReportFormatFiles are the formatters a run writes into a report folder:
// JUnit XML and Cucumber JSON, from the same run (report.WriteReportDir
// writes the rest).
func ReportFormatFiles(dir string) []FormatFile {
	return []FormatFile{
		{Format: "junit", Path: filepath.Join(dir, report.JUnitFile)},
		{Format: "cucumber", Path: filepath.Join(dir, report.CucumberFile)},
	}
}

// fillDefaults completes the options; partial says the suite is the
// embedded one cut to the profiles the selection can reach (embedded.go).
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
			// Only the reachable profiles' spec is parsed: the tag @v1
			// pays v1's share of the start, not every profile's.
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
	want := "want one of " + strings.Join(Formats, ", ")
	if !slices.Contains(Formats, o.Format) {
		return &OptionError{Option: "Format", Value: o.Format, Problem: want}
	}
	for _, f := range o.FormatFiles {
		if !slices.Contains(Formats, f.Format) {
			return &OptionError{Option: "FormatFiles", Value: f.Format, Problem: want}
		}
		if f.Path == "" {
			return &OptionError{Option: "FormatFiles", Value: f.Format, Problem: "no file for this report"}
		}
	}
	if err := o.Shard.Validate(); err != nil {
		return err
	}
	for _, known := range []struct {
		option string
		list   []Pattern
	}{{"KnownFailing", o.KnownFailing}, {"KnownFlaky", o.KnownFlaky}} {
		for _, p := range known.list {
			if err := p.Validate(); err != nil {
				return &OptionError{Option: known.option, Value: string(p), Problem: err.Error()}
			}
		}
	}
	if o.Output == nil {
		o.Output = io.Discard
	}
	switch o.Require {
	case "":
		o.Require = RequireAll
	case RequireRequired, RequireRecommended, RequireDecisions, RequireAll:
	default:
		return &OptionError{Option: "Require", Value: string(o.Require), Problem: "want required, recommended, decisions or all"}
	}
	switch o.Level {
	case "":
		o.Level = LevelExact
	case LevelCompat, LevelExact:
	default:
		return &OptionError{Option: "Level", Value: string(o.Level), Problem: "want compat or exact"}
	}
	return nil
}

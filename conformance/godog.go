package conformance

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/features"
)

// godog's runner runs a selection when output only it writes is wanted
// (its progress or pretty formatter, go test subtests); the own loop
// (ownrun.go) runs it otherwise, with the same verdicts, and writes JUnit
// and Cucumber JSON as godog's runs do. Both call the same step
// definitions and the same finish.

// godogRuns counts the runs godog's runner made (tests).
var godogRuns atomic.Int64

// usesGodog reports whether this run needs godog's runner: something reads
// what only godog writes (its progress or pretty formatter), or it is
// asked for. JUnit is written from the report, and Cucumber JSON by the
// own loop too (cucumber.go).
func (r *runner) usesGodog() bool {
	o := r.opts
	if o.Godog || o.TestingT != nil {
		return true
	}
	if godogOnly(o.Format) && o.Output != io.Discard {
		return true
	}
	for _, f := range o.FormatFiles {
		if godogOnly(f.Format) {
			return true
		}
	}
	return false
}

// godogOnly says whether only godog's runner writes a format.
func godogOnly(format string) bool { return format != "junit" && format != "cucumber" }

// runGodog runs the scenarios toRun through godog, for its formatters.
func (r *runner) runGodog(ctx context.Context, toRun, notClaimed []*features.Scenario) error {
	godogRuns.Add(1)
	opts := r.opts
	// godog parses only the files that have selected scenarios, and is
	// handed the exact list of selected ids (its own tag filter knows only
	// its older syntax), unless everything in those files runs; naming ids
	// costs godog a comparison per pickle and id.
	var ids, paths []string
	selected := make(map[string]bool, len(toRun))
	seen := map[string]bool{}
	for _, sc := range toRun {
		selected[sc.ID] = true
		if !seen[sc.BaseID] {
			seen[sc.BaseID] = true
			ids = append(ids, features.IDTag+sc.BaseID)
		}
		if !seen[sc.URI] {
			seen[sc.URI] = true
			paths = append(paths, sc.URI)
		}
	}
	filter := ""
	if strings.TrimSpace(opts.Tags) != "" || len(opts.Run) > 0 || len(opts.Skip) > 0 || opts.Shard.Count > 1 || len(notClaimed) > 0 {
		filter = strings.Join(ids, ",")
	}
	// JUnit is written from the report after the run (report.WriteJUnit),
	// so godog writes only the other formats.
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
		ScenarioInitializer: func(sc *godog.ScenarioContext) { r.initScenario(sc, selected) },
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

// initScenario registers, for each scenario godog runs, the step
// definitions on a fresh world and the hooks that decide its verdicts.
func (r *runner) initScenario(ctx *godog.ScenarioContext, selected map[string]bool) {
	w := &world{s: &r.session}
	var skipped bool
	var failStep string
	var failErr error
	ctx.Before(func(c context.Context, pk *godog.Scenario) (context.Context, error) {
		skipped, failStep, failErr = false, "", nil
		sc, ok := r.suite.ByPickle(pk)
		if !ok {
			return c, fmt.Errorf("scenario %q (%s) is not in the index", pk.Name, pk.Uri)
		}
		w.sc, w.start = sc, time.Now()
		if !selected[sc.ID] {
			skipped = true
			return c, godog.ErrSkip // an outline row that Run or Skip left out
		}
		if r.stopped.Load() || c.Err() != nil {
			skipped = true
			return c, godog.ErrSkip // FailFast saw a failure, or the run was interrupted
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
		if c.Err() != nil && stepErr != nil {
			return c, nil // cut short by the interruption: not judged, not run
		}
		return c, r.finish(w, stepErr, failStep, failErr)
	})
}

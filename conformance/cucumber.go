package conformance

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/features"
)

// The own loop writes the Cucumber JSON that godog's formatter writes for
// the same run, so a report folder or --format cucumber no longer needs
// godog's runner (whose result store cost several times the run itself).
// godog's formatter shows what its result store holds: for each scenario
// of the files it ran, a result per step — the steps the scenario ran,
// then the steps after its end (skipped, or undefined) — and the scenarios
// it did not run (a row the selection left out, a run stopped early) with
// their steps skipped. cucumberLog keeps what the own loop saw of each
// step; stepResultOf turns it into the result godog would have stored.
// TestOwnLoopMatchesGodog and TestOwnLoopMatchesGodogOnOddSteps require
// the two documents to be the same but for durations.

// cucumberLog is what the own loop saw of the scenarios it ran.
type cucumberLog struct {
	mu   sync.Mutex
	runs map[string]*scenarioSteps // by scenario id
}

// scenarioSteps is one scenario run by the own loop.
type scenarioSteps struct {
	start   time.Time
	steps   []ranStep // one per step of the scenario
	end     int       // the step it ended at (-1: none yet)
	hookErr error     // what its After hook (finish) said: godog adds it to the end step
}

// ranStep is one step the own loop ran (ran false: it did not).
type ranStep struct {
	ran         bool
	err         error // what the step returned
	scenarioErr error // the scenario's error when it started
	at          time.Time
}

// newScenarioSteps starts the log of a scenario the own loop runs.
func (l *cucumberLog) newScenarioSteps(sc *features.Scenario, start time.Time) *scenarioSteps {
	if l == nil {
		return nil
	}
	s := &scenarioSteps{start: start, steps: make([]ranStep, len(sc.Steps)), end: -1}
	l.mu.Lock()
	l.runs[sc.ID] = s
	l.mu.Unlock()
	return s
}

// wantsCucumber reports whether the run writes Cucumber JSON (Format
// cucumber on a writer, or a cucumber FormatFile).
func wantsCucumber(o Options, output io.Writer) bool {
	if o.Format == "cucumber" && output != io.Discard {
		return true
	}
	return slices.ContainsFunc(o.FormatFiles, func(f FormatFile) bool { return f.Format == "cucumber" })
}

// hookError is godog's runAfterScenarioHooks: the After hook's error added
// to the error of the step the scenario ended at.
func hookError(stepErr, herr error) error {
	switch {
	case herr == nil:
		return stepErr
	case stepErr == nil:
		return fmt.Errorf("after scenario hook failed: %w", herr)
	}
	return fmt.Errorf("after scenario hook failed: %w", fmt.Errorf("%v, %w", herr, fmt.Errorf("step error: %w", stepErr)))
}

// stepResultOf is the result godog stores for step i of a scenario, from
// what the own loop saw (run nil: a scenario the own loop did not run,
// which godog skips from its Before hook). ok false: godog stores none
// (an ambiguous step after the scenario's end).
func stepResultOf(run *scenarioSteps, i int, m stepMatch) (status string, err error, ok bool) {
	var st ranStep
	if run != nil {
		st = run.steps[i]
	}
	skipping := !st.ran || st.scenarioErr != nil // godog runs it with an error already there
	if run == nil && i == 0 {
		return "skipped", nil, true // the Before hook's skip, whatever the step
	}
	switch {
	case errors.Is(m.err, godog.ErrUndefined):
		return "undefined", nil, true
	case skipping && m.err != nil:
		return "", nil, false // ambiguous: godog returns before storing a result
	case skipping:
		return "skipped", nil, true
	}
	err = st.err
	if m.err != nil {
		err = m.err
	}
	if i == run.end {
		err = hookError(err, run.hookErr)
	}
	switch {
	case err == nil:
		return "passed", nil, true
	case errors.Is(err, godog.ErrPending):
		return "pending", nil, true
	case errors.Is(err, godog.ErrSkip):
		return "skipped", nil, true
	case errors.Is(err, godog.ErrAmbiguous):
		return "ambiguous", err, true
	}
	return "failed", err, true
}

// cucumberDocument is godog's Cucumber JSON of the run: the feature files
// of the scenarios toRun, sorted by name, each with those of its scenarios
// whose @id a scenario toRun has (an outline's other rows included), in
// file order.
func (r *runner) cucumberDocument(toRun []*features.Scenario) ([]report.CukeFeature, error) {
	baseIDs := map[string]bool{}
	var uris []string
	for _, sc := range toRun {
		baseIDs[sc.BaseID] = true
		if !slices.Contains(uris, sc.URI) {
			uris = append(uris, sc.URI)
		}
	}
	var doc []report.CukeFeature
	matches := map[string]stepMatch{} // a match depends on the text alone
	for _, uri := range uris {
		gd, pickles, err := features.ParseFile(r.opts.Features, uri)
		if err != nil {
			return nil, err
		}
		f := cukeFeature(gd, uri)
		ast := astSteps(gd.Feature)
		for _, pk := range pickles {
			sc, ok := r.suite.ByPickle(pk)
			if !ok || !baseIDs[sc.BaseID] {
				continue
			}
			e, ok := cukeElement(gd, f, pk)
			if !ok {
				return nil, fmt.Errorf("conformance: %s: scenario %q is not in its file's document", uri, pk.Name)
			}
			r.cucumber.mu.Lock()
			run := r.cucumber.runs[sc.ID]
			r.cucumber.mu.Unlock()
			e.Steps = cukeSteps(ast, pk, sc, run, matches)
			f.Elements = append(f.Elements, e)
		}
		doc = append(doc, f)
	}
	slices.SortStableFunc(doc, func(a, b report.CukeFeature) int { return strings.Compare(a.Name, b.Name) })
	return doc, nil
}

func cukeTags(tags []*messages.Tag) []report.CukeTag {
	out := make([]report.CukeTag, len(tags))
	for i, t := range tags {
		out[i] = report.CukeTag{Line: t.Location.Line, Name: t.Name}
	}
	return out
}

func cukeFeature(gd *messages.GherkinDocument, uri string) report.CukeFeature {
	ft := gd.Feature
	f := report.CukeFeature{URI: uri, ID: report.MakeCukeID(ft.Name), Keyword: ft.Keyword, Name: ft.Name,
		Description: ft.Description, Line: ft.Location.Line, Tags: cukeTags(ft.Tags)}
	for _, c := range gd.Comments {
		f.Comments = append(f.Comments, report.CukeComment{Line: c.Location.Line, Value: strings.TrimSpace(c.Text)})
	}
	return f
}

// scenarios are the feature's scenarios, those of its rules included.
func scenarios(ft *messages.Feature) []*messages.Scenario {
	var out []*messages.Scenario
	for _, c := range ft.Children {
		if c.Scenario != nil {
			out = append(out, c.Scenario)
		}
		if c.Rule != nil {
			for _, rc := range c.Rule.Children {
				if rc.Scenario != nil {
					out = append(out, rc.Scenario)
				}
			}
		}
	}
	return out
}

// cukeElement is a pickle's element; ok is false when the document has
// no scenario of that pickle (never, for pickles compiled from it).
func cukeElement(gd *messages.GherkinDocument, f report.CukeFeature, pk *messages.Pickle) (report.CukeElement, bool) {
	var scenario *messages.Scenario
	for _, s := range scenarios(gd.Feature) {
		if len(pk.AstNodeIds) > 0 && s.Id == pk.AstNodeIds[0] {
			scenario = s
		}
	}
	if scenario == nil {
		return report.CukeElement{}, false
	}
	e := report.CukeElement{Name: pk.Name, Line: scenario.Location.Line, Description: scenario.Description,
		Keyword: scenario.Keyword, Type: "scenario", Tags: append(slices.Clone(f.Tags), cukeTags(scenario.Tags)...)}
	rowID := ""
	if len(pk.AstNodeIds) > 1 {
		rowID = pk.AstNodeIds[1]
	}
	for _, ex := range scenario.Examples {
		for i, row := range ex.TableBody {
			if row.Id == rowID {
				e.Tags = append(e.Tags, cukeTags(ex.Tags)...)
				e.ID = ";" + report.MakeCukeID(ex.Name) + ";" + strconv.Itoa(i+2)
				e.Line = row.Location.Line
			}
		}
	}
	e.ID = f.ID + ";" + report.MakeCukeID(pk.Name) + e.ID
	if len(e.Tags) == 0 {
		e.Tags = nil
	}
	return e, true
}

// astSteps are the document's steps by id, the Background's included.
func astSteps(ft *messages.Feature) map[string]*messages.Step {
	out := map[string]*messages.Step{}
	add := func(bg *messages.Background, sc *messages.Scenario) {
		if bg != nil {
			for _, st := range bg.Steps {
				out[st.Id] = st
			}
		}
		if sc != nil {
			for _, st := range sc.Steps {
				out[st.Id] = st
			}
		}
	}
	for _, c := range ft.Children {
		add(c.Background, c.Scenario)
		if c.Rule != nil {
			for _, rc := range c.Rule.Children {
				add(rc.Background, rc.Scenario)
			}
		}
	}
	return out
}

func cukeSteps(ast map[string]*messages.Step, pk *messages.Pickle, sc *features.Scenario, run *scenarioSteps, matches map[string]stepMatch) []report.CukeStep {
	out := make([]report.CukeStep, 0, len(pk.Steps))
	last := time.Time{}
	if run != nil {
		last = run.start
	}
	for i, ps := range pk.Steps {
		m, seen := matches[ps.Text]
		if !seen {
			m.def, m.groups, m.err = matchStep(ps.Text)
			matches[ps.Text] = m
		}
		status, err, ok := stepResultOf(run, i, m)
		if !ok {
			continue
		}
		var st *messages.Step
		if len(ps.AstNodeIds) > 0 {
			st = ast[ps.AstNodeIds[0]]
		}
		if st == nil {
			continue // never, for pickles compiled from the document
		}
		cs := report.CukeStep{Keyword: st.Keyword, Name: ps.Text, Line: st.Location.Line}
		if a := ps.Argument; a != nil {
			if a.DocString != nil && st.DocString != nil {
				cs.DocString = &report.CukeDocString{ContentType: strings.TrimSpace(a.DocString.MediaType),
					Line: st.DocString.Location.Line, Value: a.DocString.Content}
			}
			if a.DataTable != nil {
				for _, row := range a.DataTable.Rows {
					cells := make([]string, len(row.Cells))
					for j, c := range row.Cells {
						cells[j] = c.Value
					}
					cs.Rows = append(cs.Rows, report.CukeRow{Cells: cells})
				}
			}
		}
		if m.err == nil {
			cs.Match.Location = stepLocation()
		}
		cs.Result.Status = status
		if err != nil {
			cs.Result.Error = err.Error()
		}
		switch status {
		case "undefined", "pending", "ambiguous":
			cs.Match.Location = sc.URI + ":" + strconv.FormatInt(st.Location.Line, 10)
		}
		if run != nil && run.steps[i].ran {
			at := run.steps[i].at
			if status != "undefined" && status != "pending" && status != "skipped" && status != "ambiguous" {
				d := at.Sub(last).Nanoseconds()
				cs.Result.Duration = &d
			}
			last = at
		}
		out = append(out, cs)
	}
	return out
}

// writeCucumber writes the own loop's Cucumber JSON, agreeing with the
// report, to out and to each cucumber FormatFile (each renamed into place
// whole: a full disk never leaves half a file).
func (r *runner) writeCucumber(rep *Report, out io.Writer) error {
	doc, err := r.cucumberDocument(r.toRun)
	if err != nil {
		return err
	}
	report.Agree(doc, rep, r.suite)
	var files []*report.AtomicFile
	defer func() {
		for _, f := range files {
			f.Abort() // those not committed
		}
	}()
	var to []io.Writer
	if out != nil {
		to = append(to, out)
	}
	for _, ff := range r.opts.FormatFiles {
		if ff.Format != "cucumber" {
			continue
		}
		f, err := report.CreateAtomic(ff.Path)
		if err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
		files, to = append(files, f), append(to, f)
	}
	if err := report.WriteCucumber(io.MultiWriter(to...), doc); err != nil {
		return err
	}
	for len(files) > 0 {
		f := files[0]
		files = files[1:]
		if err := f.Commit(); err != nil {
			return fmt.Errorf("conformance: %w", err)
		}
	}
	return nil
}

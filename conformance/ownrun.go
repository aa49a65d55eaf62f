package conformance

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/features"
)

// The runner's own scenario loop. godog stays the runner wherever output
// only it writes is wanted (its progress or pretty formatter, go test
// subtests); otherwise the scenarios, already parsed
// by features.Load, run here against the same step definitions (stepDefs())
// with godog's semantics in strict mode: a step matched by the first of
// the definitions whose expression matches its text, an error when two
// match (ambiguous) or none does (undefined), arguments converted as godog
// converts them, a panic in a step its failure, and the steps after a
// failing one not run. What it leaves out is godog's result store (an
// in-memory database written on every step), its second parse of the
// features, and registering every step for every scenario: most of what a
// run cost beside the calls themselves. TestOwnLoopMatchesGodog runs both
// paths against the reference and wrong implementations and requires the
// same verdicts, messages and calls.

// maxMatchesKept bounds the matches ownLoop keeps for repeated step texts.
const maxMatchesKept = 1 << 12

// ownLoop runs the scenarios in suite order, each as godog would. Matching
// a step to its definition depends on its text alone, so the scenarios'
// steps are matched ahead on another goroutine (the other core) while the
// calls are made in order on this one.
func (r *runner) ownLoop(ctx context.Context, scenarios []*features.Scenario) {
	r.mu.Lock()
	if len(r.results) == 0 { // sized once, not grown scenario by scenario
		r.results = make(map[string]*ScenarioResult, len(scenarios))
	}
	if r.tickets == nil {
		r.tickets = make(map[string][]*driver.Ticket, len(scenarios))
	}
	r.mu.Unlock()
	r.schemas.Expect(len(scenarios))
	// Matches go over in chunks: matching runs far ahead of the calls, and
	// handing them over one scenario at a time would park and wake the
	// matcher once per scenario (a cost of its own); a bounded number of
	// chunks in flight bounds the memory ahead of the calls.
	matched := make(chan [][]stepMatch, matchChunksAhead)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(matched)
		// Half the steps of the suite repeat an earlier step's text ("the
		// call is refused", the same call in two scenarios); a match depends
		// on the text alone, so a repeated text takes the earlier match
		// (its groups are strings, never changed). Only so many are kept.
		steps := 0
		for _, sc := range scenarios {
			steps += len(sc.Steps)
		}
		seen := make(map[string]stepMatch, min(steps, maxMatchesKept))
		chunk := make([][]stepMatch, 0, matchChunk)
		for n, sc := range scenarios {
			ms := make([]stepMatch, len(sc.Steps))
			for i, st := range sc.Steps {
				m, ok := seen[st.Text]
				if !ok {
					m.def, m.groups, m.err = matchStep(st.Text)
					if len(seen) < maxMatchesKept {
						seen[st.Text] = m
					}
				}
				ms[i] = m
			}
			if chunk = append(chunk, ms); len(chunk) < matchChunk && n < len(scenarios)-1 {
				continue
			}
			select {
			case matched <- chunk:
				chunk = make([][]stepMatch, 0, matchChunk)
			case <-done:
				return
			}
		}
	}()
	if r.finishesAside() {
		r.finishes = make(chan []finishJob, 4)
		finished := make(chan struct{})
		go func() {
			defer close(finished)
			for batch := range r.finishes {
				for _, j := range batch {
					r.afterScenario(j)
				}
			}
		}()
		defer func() {
			r.flushFinishes()
			close(r.finishes)
			<-finished
			r.finishes = nil
		}()
	}
	next := 0
	for chunk := range matched {
		for _, ms := range chunk {
			sc := scenarios[next]
			next++
			if r.stopped.Load() || ctx.Err() != nil {
				continue // FailFast saw a failure, or the run was interrupted
			}
			r.runScenario(ctx, sc, ms)
		}
	}
}

// Matches are handed to the calls matchChunk scenarios at a time, at most
// matchChunksAhead chunks ahead.
const (
	matchChunk       = 64
	matchChunksAhead = 16
)

// runScenario is godog's runPickle and runSteps for one scenario: the
// scenario's After hooks (removing its state folders, then finish) run once,
// at its first failing step or after its last one.
//
// When the After hooks run aside (finishesAside), so does the end of the
// scenario: its last call is made here, in order with every other call,
// and the check of its answer and the steps after it (which make no call)
// run on the other goroutine with the After hooks, while the next
// scenario's calls are made.
func (r *runner) runScenario(ctx context.Context, sc *features.Scenario, matched []stepMatch) {
	ctx, cancel := context.WithCancel(ctx)
	s := &scenarioRun{ctx: ctx, cancel: cancel, w: &world{s: &r.session, sc: sc, start: time.Now()}, sc: sc, matched: matched}
	s.log = r.cucumber.newScenarioSteps(sc, s.w.start)
	last := -1
	if r.finishes != nil {
		last = lastCall(matched)
	}
	for i, st := range sc.Steps {
		s.w.deferCheck = i == last
		err := s.w.runStep(ctx, st, matched[i], s.scenarioErr)
		if s.w.deferCheck = false; s.w.pending != nil {
			r.after(finishJob{run: s, from: i}) // the check, the rest of the scenario, its After hooks
			return
		}
		if s.record(i, err) {
			r.after(finishJob{run: s})
			return // later steps are matched by godog but never run, nor observed
		}
	}
	cancel()
}

// scenarioRun is one scenario under way: its world and godog's record of
// its steps.
type scenarioRun struct {
	ctx                  context.Context
	cancel               context.CancelFunc
	w                    *world
	sc                   *features.Scenario
	matched              []stepMatch
	scenarioErr, failErr error
	failStep             string
	endErr               error          // the error of the step the scenario ended at
	log                  *scenarioSteps // its steps, for the Cucumber JSON (nil: none is written)
}

// record is godog's bookkeeping after step i ended with err; it reports
// whether the scenario ends there (its After hooks are due).
func (s *scenarioRun) record(i int, err error) bool {
	if s.log != nil {
		s.log.steps[i] = ranStep{ran: true, err: err, scenarioErr: s.scenarioErr, at: time.Now()}
	}
	// The StepContext After hook of initScenario.
	if err != nil && s.failErr == nil && !errors.Is(err, godog.ErrSkip) {
		s.failStep, s.failErr = s.sc.Steps[i].Text, err
	}
	if !shouldFail(s.scenarioErr) && (i == len(s.sc.Steps)-1 || shouldFail(err)) {
		s.endErr = err
		if s.log != nil {
			s.log.end = i
		}
		return true
	}
	if s.scenarioErr == nil || shouldFail(err) {
		s.scenarioErr = err
	}
	return false
}

// resume checks the answer left pending at step from, then runs the
// steps after it, as runScenario would have.
func (s *scenarioRun) resume(from int) {
	p := s.w.pending
	s.w.pending = nil
	if s.record(from, s.w.check(p.spec, p.rec)) {
		return
	}
	for i := from + 1; i < len(s.sc.Steps); i++ {
		if s.record(i, s.w.runStep(s.ctx, s.sc.Steps[i], s.matched[i], s.scenarioErr)) {
			return
		}
	}
}

// callDefs marks the step definitions that make a call.
var callDefs = sync.OnceValue(func() []bool {
	calls := make([]bool, len(stepDefs()))
	for i, d := range stepDefs() {
		calls[i] = strings.HasPrefix(d.re.String(), `^I call "`)
	}
	return calls
})

// lastCall is the index of a scenario's last step that makes a call (-1
// when none does).
func lastCall(matched []stepMatch) int {
	last := -1
	for i, m := range matched {
		if m.err == nil && callDefs()[m.def] {
			last = i
		}
	}
	return last
}

// finishJob is a scenario's After hooks, still to run (removing its state
// folders, then finish), after the rest of its steps from a deferred
// check (from, when the world holds one).
type finishJob struct {
	run  *scenarioRun
	from int
}

func (r *runner) afterScenario(j finishJob) {
	s := j.run
	if s.w.pending != nil {
		s.resume(j.from)
	}
	s.w.removeTempDirs()
	// A scenario the interruption cut short is not judged (it was not run);
	// its own context is cancelled only after finish, so an error here is
	// the run's.
	if s.endErr == nil || s.ctx.Err() == nil {
		err := r.finish(s.w, s.endErr, s.failStep, s.failErr)
		if s.log != nil {
			s.log.hookErr = err // godog adds the After hook's error to the end step
		}
	}
	s.cancel()
}

// finishesAside reports whether the scenarios' After hooks may run on
// another goroutine (the other core), in order, while the next scenarios
// run: when nothing the caller gave watches them (OnResult, OnOpenCall),
// no failure stops the run (FailFast) and no replay file is written.
// finish then touches only the scenario's own world and, under the
// runner's lock, the results.
func (r *runner) finishesAside() bool {
	o := r.opts
	return o.OnResult == nil && o.OnOpenCall == nil && !o.FailFast && o.SaveFailures == ""
}

// after runs a scenario's After hooks now, or hands them over with others
// (a batch at a time, not waking the other goroutine for each).
func (r *runner) after(j finishJob) {
	if r.finishes == nil {
		r.afterScenario(j)
		return
	}
	if r.pendingFinishes = append(r.pendingFinishes, j); len(r.pendingFinishes) == matchChunk {
		r.flushFinishes()
	}
}

func (r *runner) flushFinishes() {
	if len(r.pendingFinishes) > 0 {
		r.finishes <- r.pendingFinishes
		r.pendingFinishes = nil
	}
}

// shouldFail is godog's, in strict mode: an undefined or pending step fails
// the scenario like a failing one.
func shouldFail(err error) bool {
	return err != nil && !errors.Is(err, godog.ErrSkip)
}

// runStep runs one matched step unless an earlier step ended the
// scenario (scenarioErr): then only a step that matches no definition, or
// more than one, is an error, as in godog.
func (w *world) runStep(ctx context.Context, st *messages.PickleStep, m stepMatch, scenarioErr error) error {
	if m.err != nil {
		return m.err
	}
	if scenarioErr != nil {
		return nil
	}
	return invokeStep(ctx, w, m.def, m.groups, st.Argument)
}

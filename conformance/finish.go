package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/result"
)

// A scenario's verdicts, decided once its steps have run (its After hook,
// in godog's runner or the own loop).

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
	if res.Compat.Fails() || res.Exact.Fails() {
		res.Call = failedCall(w, goldenErr)
		res.Returned = returned(w, goldenErr)
		if len(res.SchemaErrors) > 0 && res.Returned != "" {
			// The schema's complaint names a place; the value there is
			// what a person needs to see.
			res.Problem += "\nreturned: " + res.Returned
		}
	}
	if !w.start.IsZero() {
		res.Duration = time.Since(w.start)
	}
	res.Known = r.known[res.ID]
	r.mu.Lock()
	r.results[w.sc.ID] = res
	if r.tickets == nil {
		r.tickets = map[string][]*driver.Ticket{}
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
		res.Verdict = result.VerdictAt(r.opts.Level, *res)
		r.opts.OnResult(*res, done, r.total)
	}
	if r.opts.SaveFailures != "" && (res.Compat.Fails() || res.Exact.Fails()) {
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
func lateFault(calls []*callRecord) *driver.Fault {
	for _, c := range calls {
		if f := c.ticket.Late(); f != nil {
			return f
		}
	}
	return nil
}

func chargeLate(res *ScenarioResult, f *driver.Fault) {
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
func failedCall(w *world, goldenErr error) *result.FailedCall {
	n := len(w.calls)
	var gm *goldenMismatch
	if errors.As(goldenErr, &gm) {
		n = gm.call
	}
	if n < 1 || n > len(w.calls) {
		return nil
	}
	c := w.calls[n-1]
	return &result.FailedCall{N: n, Op: c.op, Input: c.input}
}

// returned is the answer of the call a failure is about, as JSON, capped
// ("" when no call was answered).
func returned(w *world, goldenErr error) string {
	n := len(w.calls)
	var gm *goldenMismatch
	if errors.As(goldenErr, &gm) {
		n = gm.call
	}
	if n < 1 || n > len(w.calls) {
		return ""
	}
	r := w.calls[n-1].result
	var b []byte
	switch {
	case r.Error != nil:
		b, _ = json.Marshal(map[string]any{"error": r.Error})
	case r.Output != nil:
		b = compactJSON(r.Output)
	default:
		return ""
	}
	return result.Capped(string(b), result.MaxReturned)
}

// compactJSON is raw without insignificant white space, or raw itself when
// it is not JSON (an answer that broke its schema may not be).
func compactJSON(raw []byte) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}

// verdictOf turns a step error into a verdict: faults keep their kind.
func verdictOf(err error) Verdict {
	var f *driver.Fault
	if errors.As(err, &f) {
		switch f.Kind {
		case driver.FaultCrash:
			return Crashed
		case driver.FaultTimeout:
			return TimedOut
		case driver.FaultProtocol:
			return ProtocolError
		}
	}
	return Failed
}

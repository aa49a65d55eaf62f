package agent

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/clockspec/clockspec/features"
)

// DefaultMaxConsecutiveFaults is how many trials in a row the endpoint may
// fault (an endpoint error after its retries, or a time-out) before the run
// stops as one that could not happen: an endpoint that is down would
// otherwise fail every trial, one time-out after another, and the run would
// end hours later as a failed certification of a model nobody reached.
const DefaultMaxConsecutiveFaults = 3

// runState is what the trials of one run share.
type runState struct {
	answered atomic.Bool // the agent has answered a turn
	judged   atomic.Bool // the judge has given a verdict
	cancel   context.CancelCauseFunc

	mu          sync.Mutex
	err         error // the first reason the run cannot happen
	consecutive int   // trials in a row, as they end, the endpoint faulted
	maxFaults   int
	progress    func(sc *features.Scenario, t Trial)
}

// abort stops the run: it cannot happen (the first reason wins).
func (rs *runState) abort(err error) {
	rs.mu.Lock()
	if rs.err == nil {
		rs.err = err
	}
	rs.mu.Unlock()
	rs.cancel(err)
}

// ended is told of each trial as it ends: progress, and the count of
// endpoint faults in a row.
func (rs *runState) ended(sc *features.Scenario, tr Trial) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.err != nil {
		return // stopping: a trial cut short says nothing
	}
	if tr.Fault == FaultEndpoint || tr.Fault == FaultTimeout {
		rs.consecutive++
	} else {
		rs.consecutive = 0
	}
	if rs.progress != nil {
		rs.progress(sc, tr)
	}
	if rs.maxFaults > 0 && rs.consecutive >= rs.maxFaults {
		rs.err = fmt.Errorf("the endpoint faulted %d trials in a row, the last %s trial %d: %s (the run stops: --max-consecutive-faults)",
			rs.consecutive, sc.ID, tr.N, firstLine(tr.Message))
		rs.cancel(rs.err)
	}
}

// gatedJudge is the run's judge: a judge no connection reaches, or one that
// refuses (401, 403, 404), before its first verdict in the run stops the
// run (it cannot happen); after one, it is a judge that could not judge.
type gatedJudge struct {
	j  Judge
	rs *runState
}

func (g gatedJudge) Judge(ctx context.Context, criterion string, transcript []Event, lastReply string) (bool, string, error) {
	pass, reason, err := g.j.Judge(ctx, criterion, transcript, lastReply)
	if err == nil {
		g.rs.judged.Store(true)
		return pass, reason, nil
	}
	var u *Unreachable
	var rf *Refusal
	if !g.rs.judged.Load() && (errors.As(err, &u) || errors.As(err, &rf)) {
		g.rs.abort(&StartError{Agent: "the judge", Err: err})
	}
	// The words only: the judged step is not to decide again whether the
	// run can happen.
	return false, "", errors.New(err.Error())
}

// Run plays every scenario Trials times, Parallel conversations at once.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Agent == nil {
		return nil, fmt.Errorf("agent: no agent to run")
	}
	if o.Trials < 1 {
		return nil, fmt.Errorf("agent: trials must be at least 1, got %d", o.Trials)
	}
	if o.Timeout <= 0 {
		o.Timeout = 2 * time.Minute
	}
	o.Parallel = max(o.Parallel, 1)
	if o.MaxConsecutiveFaults == 0 {
		o.MaxConsecutiveFaults = DefaultMaxConsecutiveFaults
	}
	start := time.Now()
	runCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	rs := &runState{cancel: cancel, maxFaults: o.MaxConsecutiveFaults, progress: o.Progress}
	if o.Judge != nil {
		o.Judge = gatedJudge{o.Judge, rs}
	}
	results := make([][]Trial, len(o.Scenarios))
	for i := range results {
		results[i] = make([]Trial, o.Trials)
	}
	type job struct{ s, n int }
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range o.Parallel {
		wg.Go(func() {
			for j := range jobs {
				sc := o.Scenarios[j.s]
				tr, err := playMetered(runCtx, o, sc, j.n, rs)
				if err != nil {
					rs.abort(err)
					continue
				}
				results[j.s][j.n-1] = tr
				rs.ended(sc, tr)
			}
		})
	}
feed:
	for s := range o.Scenarios {
		for n := 1; n <= o.Trials; n++ {
			select {
			case jobs <- job{s, n}:
			case <-runCtx.Done():
				break feed
			}
		}
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		// Stopped (Ctrl-C): the trials under way were cut short, their
		// agents' processes ended with their sessions; no verdict.
		return nil, fmt.Errorf("agent: %w", context.Cause(ctx))
	}
	if rs.err != nil {
		return nil, rs.err
	}
	rep := &Report{Agent: o.Agent.Name(), Trials: o.Trials, Judged: o.Judge != nil,
		Started: start.UTC().Format(time.RFC3339), WallSeconds: seconds(time.Since(start))}
	for i, sc := range o.Scenarios {
		rep.Scenarios = append(rep.Scenarios, &ScenarioResult{ID: sc.ID, Name: sc.Name, Tier: TierOf(sc), Reqs: sc.Reqs, URI: sc.URI, Trials: results[i]})
	}
	rep.tally()
	return rep, nil
}

// playMetered plays one trial with a Meter in its context, and records
// what it cost and how long it took.
func playMetered(ctx context.Context, o Options, sc *features.Scenario, n int, rs *runState) (Trial, error) {
	m := &Meter{answered: &rs.answered}
	start := time.Now()
	tr, err := playTrial(WithMeter(ctx, m), o, sc, n, &rs.answered)
	if err != nil {
		return tr, err
	}
	if ctx.Err() != nil {
		return tr, context.Cause(ctx) // cut short: no verdict
	}
	tr.WallSeconds = seconds(time.Since(start))
	retries, agentUse, judgeUse := m.read()
	tr.Retries = retries
	if agentUse != (Usage{}) {
		tr.Usage = &agentUse
	}
	if judgeUse != (Usage{}) {
		tr.JudgeUsage = &judgeUse
	}
	return tr, nil
}

// seconds is d in seconds, to the millisecond.
func seconds(d time.Duration) float64 { return float64(d.Milliseconds()) / 1000 }

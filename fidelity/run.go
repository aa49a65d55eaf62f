package fidelity

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
)

// Answer is one driver's answer to one case: a result, or the fault that
// kept the driver from giving one.
type Answer struct {
	Result protocol.Result
	Fault  error
}

// Timing is how long one driver took for a corpus.
type Timing struct {
	Driver  string
	Cases   int
	Elapsed time.Duration
	Workers int
}

// PerSecond is the driver's throughput.
func (t Timing) PerSecond() float64 {
	if t.Elapsed <= 0 {
		return 0
	}
	return float64(t.Cases) / t.Elapsed.Seconds()
}

// AnswerAll sends every case to d from workers goroutines (the subprocess
// driver pipelines up to its Window of them on one pipe) and returns the
// answers in case order.
func AnswerAll(ctx context.Context, name string, d conformance.Driver, workers int, cs []Case) ([]Answer, Timing) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]Answer, len(cs))
	next := make(chan int, workers)
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res, err := d.Call(ctx, cs[i].Op, cs[i].Input)
				out[i] = Answer{Result: res, Fault: err}
			}
		}()
	}
	for i := range cs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, Timing{Driver: name, Cases: len(cs), Elapsed: time.Since(start), Workers: workers}
}

// Outcome is the verdict on one case.
type Outcome struct {
	Case      *Case
	Reference Answer
	Oracle    Answer
	Agree     bool
	Class     string // the exception class that covers a disagreement; "" if none
}

// Same reports whether two answers agree: outputs equal as canonical JSON,
// errors by code (messages are for people).
func Same(a, b Answer) bool {
	if a.Fault != nil || b.Fault != nil {
		return false
	}
	ca, err1 := conformance.Canonical(a.Result)
	cb, err2 := conformance.Canonical(b.Result)
	return err1 == nil && err2 == nil && bytes.Equal(ca, cb)
}

// Show renders an answer for a report line.
func Show(a Answer) string {
	if a.Fault != nil {
		return "fault: " + a.Fault.Error()
	}
	c, err := conformance.Canonical(a.Result)
	if err != nil {
		return fmt.Sprintf("unencodable: %v", err)
	}
	if a.Result.Error != nil {
		return fmt.Sprintf("%s (%s)", c, a.Result.Error.Message)
	}
	return string(c)
}

// Judge compares the answers case by case and files every disagreement
// under the first exception class that covers it.
func Judge(cs []Case, ref, oracle []Answer, ex *Exceptions) []Outcome {
	out := make([]Outcome, len(cs))
	for i := range cs {
		o := Outcome{Case: &cs[i], Reference: ref[i], Oracle: oracle[i], Agree: Same(ref[i], oracle[i])}
		if !o.Agree {
			o.Class = ex.Cover(&cs[i], ref[i], oracle[i])
		}
		out[i] = o
	}
	return out
}

// Tally counts one family's outcomes.
type Tally struct {
	Family    string
	Cases     int
	Agree     int
	Excepted  map[string]int // class → disagreements it covers
	Uncovered int
}

// Tallies counts the outcomes per family, in Families order.
func Tallies(os []Outcome) []Tally {
	by := map[string]*Tally{}
	for _, f := range Families {
		by[f] = &Tally{Family: f, Excepted: map[string]int{}}
	}
	for _, o := range os {
		t := by[o.Case.Family]
		t.Cases++
		switch {
		case o.Agree:
			t.Agree++
		case o.Class != "":
			t.Excepted[o.Class]++
		default:
			t.Uncovered++
		}
	}
	var out []Tally
	for _, f := range Families {
		out = append(out, *by[f])
	}
	return out
}

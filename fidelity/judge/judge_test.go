// Package judge is the verdict of the mutation run (fidelity/cmd/mutation):
// it replays every call of every conformance scenario against the in-process
// reference and requires each answer to equal, as canonical JSON (errors by
// code), the answer the unmutated reference gave — which, because the
// unmutated run passes at the exact level, is the call's golden. That is the
// exact level of the suite without godog: a mutant fails here exactly when it
// fails a scenario, and the test binary is small enough to build and link in
// a second or two per mutant. The reference's own unit tests play no part.
//
// The calls come from CLOCKSPEC_JUDGE_CALLS (JSON Lines written by the
// mutation command from a run of the suite); without it the test records
// them itself from the unmutated reference and checks it answers alike.
package judge_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// recordCalls records the suite's calls from the unmutated reference when
// no file is given (set by record_test.go; nil in a mutation build).
var recordCalls func(t *testing.T) string

// Call is one recorded call: the scenario, the operation, its input and
// the answer of the unmutated reference.
type Call struct {
	Scenario string          `json:"scenario"`
	Op       string          `json:"op"`
	Input    string          `json:"input"` // the exact bytes sent (a JSON string, so encoding never compacts it)
	Output   json.RawMessage `json:"output,omitempty"`
	Error    *protocol.Error `json:"error,omitempty"`
	// Open: the scenario declares a point of this answer open (a step
	// lists the permitted answers), so a different answer is not by itself
	// a failure of the suite.
	Open bool `json:"open,omitempty"`
}

func TestSuiteCalls(t *testing.T) {
	path := os.Getenv("CLOCKSPEC_JUDGE_CALLS")
	if path == "" {
		// Outside a mutation run the judge checks the unmutated reference
		// against a fresh recording of itself: every scenario call must be
		// answered the same twice (a non-deterministic answer would make
		// every mutation verdict meaningless).
		if recordCalls == nil {
			t.Fatal("CLOCKSPEC_JUDGE_CALLS is not set, and this build (tag clockspec_mutation) cannot record the calls itself")
		}
		path = recordCalls(t)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	impl := reference.New()
	n, failed := 0, 0
	openOnly := map[string]bool{}
	// CLOCKSPEC_JUDGE_LIST (the mutation command's -probe) names a file
	// that receives the scenario of every call answered differently.
	var list *os.File
	if p := os.Getenv("CLOCKSPEC_JUDGE_LIST"); p != "" {
		if list, err = os.Create(p); err != nil {
			t.Fatal(err)
		}
		defer list.Close()
	}
	// A mutant can change only the answers of calls whose execution reaches
	// its package (or that package's start-up code): the mutation command's
	// coverage map (CLOCKSPEC_JUDGE_REACH) says which operations those are,
	// and the shim names the mutated package (CLOCKSPEC_JUDGE_MUTATED).
	judged, err := reachingOps(os.Getenv("CLOCKSPEC_JUDGE_REACH"), os.Getenv("CLOCKSPEC_JUDGE_MUTATED"))
	if err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		var c Call
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !replayable(c.Op) || (judged != nil && !judged[c.Op]) {
			continue
		}
		n++
		got, ok := within(callLimit, func() []byte { return canonical(impl.Call(context.Background(), c.Op, json.RawMessage(c.Input))) })
		if !ok {
			t.Fatalf("scenario %s: %s(%s) did not answer within %s: the mutant hangs", c.Scenario, c.Op, c.Input, callLimit)
		}
		want := canonical(c.Output, c.Error)
		if !bytes.Equal(got, want) {
			if c.Open {
				// Whether this answer is one the scenario permits is the
				// scenario's steps' to say: the mutation command runs those
				// scenarios through the harness (CLOCKSPEC_JUDGE_OPENONLY).
				openOnly[c.Scenario] = true
				continue
			}
			failed++
			if list != nil {
				list.WriteString(c.Scenario + "\n")
			}
			if failed <= 3 {
				t.Errorf("scenario %s: %s(%s)\n got  %s\n want %s", c.Scenario, c.Op, c.Input, got, want)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s holds no calls to judge by", path)
	}
	if failed > 0 {
		t.Fatalf("%d of %d scenario calls answer differently", failed, n)
	}
	if len(openOnly) > 0 {
		p := os.Getenv("CLOCKSPEC_JUDGE_OPENONLY")
		if p == "" {
			t.Fatalf("%d scenarios answer differently where they leave the answer open; set CLOCKSPEC_JUDGE_OPENONLY to have them judged by the harness", len(openOnly))
		}
		ids := make([]string, 0, len(openOnly))
		for id := range openOnly {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		if err := os.WriteFile(p, []byte(strings.Join(ids, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// callLimit bounds one call. The reference answers every scenario call in
// milliseconds; a mutant that loops forever is caught here, at once, rather
// than by gremlins' much longer timeout. (The suite's own drivers have the
// same kind of deadline: 5 s per call.)
const callLimit = 5 * time.Second

// within runs f, giving up after d (f's goroutine is then abandoned; the
// test binary exits right after the failure).
func within(d time.Duration, f func() []byte) ([]byte, bool) {
	done := make(chan []byte, 1)
	go func() { done <- f() }()
	select {
	case b := <-done:
		return b, true
	case <-time.After(d):
		return nil, false
	}
}

// canonical compares like conformance.Canonical without importing the
// harness (and godog with it): an output decoded and re-encoded (sorted keys,
// numbers as the doubles they denote), an error as its code alone.
func canonical(out json.RawMessage, perr *protocol.Error) []byte {
	if perr != nil {
		b, _ := json.Marshal(map[string]any{"error": map[string]string{"code": perr.Code}})
		return b
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		return append([]byte("unparseable: "), out...)
	}
	b, _ := json.Marshal(map[string]any{"output": v})
	return b
}

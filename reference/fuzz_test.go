package reference_test

import (
	"context"
	"flag"
	"github.com/clockspec/clockspec/internal/jsonin"
	"os"
	"sort"
	"testing"

	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/internal/corpus"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// checkAnswer: whatever the input, an operation answers with a schema-valid
// output or an error code it is allowed to give — never a panic
// (internal_error) and never a shape its schema forbids.
func checkAnswer(t *testing.T, cat *spec.Catalog, op string, input []byte) {
	t.Helper()
	o, ok := cat.Operation(op)
	if !ok {
		t.Fatalf("unknown operation %s", op)
	}
	out, perr := reference.New().Call(context.Background(), op, input)
	// The input schema and the reference must agree on what is malformed:
	// invalid_input exactly when the schema refuses the input.
	// A repeated key is the one exception: JSON Schema sees the decoded
	// object, in which the repetition is already gone.
	schemaErr := o.ValidateInput(input)
	if refused := perr != nil && perr.Code == protocol.CodeInvalidInput; refused != (schemaErr != nil) && !(refused && jsonin.RepeatsAKey(input)) {
		t.Fatalf("%s(%s): the reference says %v, the input schema %v", op, input, perr, schemaErr)
	}
	if perr != nil {
		if perr.Code == protocol.CodeInternal {
			t.Fatalf("%s(%s) failed internally: %s", op, input, perr.Message)
		}
		if err := o.ValidateError(perr); err != nil {
			t.Fatalf("%s(%s): %v", op, input, err)
		}
		if perr.Message == "" {
			t.Fatalf("%s(%s): error %s without a message", op, input, perr.Code)
		}
		return
	}
	if err := o.ValidateOutput(out); err != nil {
		t.Fatalf("%s(%s): %v", op, input, err)
	}
}

// fuzzWorker reports whether this process is one of the fuzzing engine's
// workers (-test.fuzzworker). A worker is given its inputs by the
// coordinating process and never reads the seeds its target adds, so the
// targets collect them — a run of the whole suite, seconds — only outside
// workers; otherwise every worker repeats that run before its first input.
// shortFuzz reports whether make fuzz-short runs the target
// (fidelity/cmd/fuzz -short sets CLOCKSPEC_FUZZ_SHORT): its seeds are then
// two inputs per operation, so that the engine's baseline run over them —
// a warm-up that does not count against the fuzzing time — takes seconds,
// not most of make test's budget.
func shortFuzz() bool { return os.Getenv("CLOCKSPEC_FUZZ_SHORT") != "" }

func fuzzWorker() bool {
	fl := flag.Lookup("test.fuzzworker")
	return fl != nil && fl.Value.String() == "true"
}

func operations(t testing.TB) (*spec.Catalog, []string) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	ops := reference.New().Hello().Operations
	sort.Strings(ops)
	return cat, ops
}

func TestMalformedInputsGetStructuredErrors(t *testing.T) {
	cat, ops := operations(t)
	malformed := []string{``, `null`, `[]`, `"text"`, `42`, `{`, `{"a":1}{}`,
		`{"text": 42, "timezone": [], "messages": {}, "task": "x", "now": 5, "content": null, "folder": 1, "is_main": "yes"}`,
		`{"messages": [null], "timezone": "UTC"}`, `{"messages": [{"sender_name": 1}], "timezone": "UTC"}`,
		`{"task": {"schedule_type": "hourly", "schedule_value": "1"}, "now": "2026-01-01T00:00:00Z", "timezone": "UTC"}`,
		`{"task": {"schedule_type": "cron", "schedule_value": "* * * * *"}, "now": "yesterday", "timezone": "UTC"}`,
		`{"task": {"schedule_type": "interval", "schedule_value": "99999999999999999999", "next_run": "2026-01-01T00:00:00Z"}, "now": "2026-01-01T00:00:00Z", "timezone": "UTC"}`,
		`{"task": {"schedule_type": "interval", "schedule_value": "1", "next_run": 5}, "now": "2026-01-01T00:00:00Z", "timezone": "UTC"}`,
	}
	for _, op := range ops {
		for _, in := range malformed {
			checkAnswer(t, cat, op, []byte(in))
		}
	}
}

// corpusInputs hands every input the scenarios send to fn, in the call
// corpus's order: the corpus holds them (goldens/), so nothing runs the
// suite to learn them. A state file's path is its placeholder there, which
// the store refuses as a relative path: such a seed fuzzes the refusal.
func corpusInputs(t testing.TB, fn func(op string, input []byte)) {
	t.Helper()
	err := corpus.Walk(goldens.FS(), func(_ string, calls []corpus.Call) error {
		for _, c := range calls {
			fn(c.Op, c.Input)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// FuzzOperations starts from inputs the scenarios send and mutates
// them; `make test` runs it briefly, `go test -fuzz FuzzOperations
// ./reference` for longer.
func FuzzOperations(f *testing.F) {
	cat, ops := operations(f)
	index := map[string]uint8{}
	for i, op := range ops {
		index[op] = uint8(i)
	}
	// A few seeds per operation: the fuzzer's baseline run over every
	// scenario input (thousands) would eat a short run's whole budget; the
	// scenarios themselves already run every input.
	seedsPerOp := 6
	if shortFuzz() {
		seedsPerOp = 2
	}
	seeded := map[string]int{}
	if !fuzzWorker() {
		corpusInputs(f, func(op string, input []byte) {
			if i, ok := index[op]; ok && seeded[op] < seedsPerOp {
				seeded[op]++
				f.Add(i, input)
			}
		})
	}
	addFindings(f, index)
	f.Fuzz(func(t *testing.T, op uint8, input []byte) {
		checkAnswer(t, cat, ops[int(op)%len(ops)], input)
	})
}

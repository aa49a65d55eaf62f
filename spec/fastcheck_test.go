package spec_test

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

type fastCall struct {
	op    string
	input []byte
}

// suiteInputs are the suite's calls, each with variants that move it
// across its schema's edges: every number respelled (whole, fractional,
// huge, negative), every string emptied, lengthened or made a number, a
// key dropped, a key added, a key repeated.
func suiteInputs(t testing.TB) []fastCall {
	seen := map[string]bool{}
	var calls []fastCall
	add := func(op, in string) {
		if k := op + "\x00" + in; !seen[k] {
			seen[k] = true
			calls = append(calls, fastCall{op, []byte(in)})
		}
	}
	// Up to perOp distinct inputs of each operation, with their variants:
	// enough to reach every schema's edges, few enough for a unit test.
	const perOp = 24
	bases := map[string]int{}
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		OnCall: func(_ *features.Scenario, _ int, op string, input json.RawMessage, _ protocol.Result) {
			in := string(input)
			if bases[op] >= perOp || seen[op+"\x00"+in] {
				return
			}
			bases[op]++
			add(op, in)
			for _, v := range variants(in) {
				add(op, v)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	return calls
}

var (
	numberToken = regexp.MustCompile(`-?\d+(\.\d+)?([eE][+-]?\d+)?`)
	stringToken = regexp.MustCompile(`"(\\.|[^"\\])*"`)
)

func variants(in string) []string {
	var out []string
	for _, m := range numberToken.FindAllStringIndex(in, 4) {
		for _, r := range []string{"0", "-1", "1.5", "10.0", "1e400", "-1e-400", "9007199254740992"} {
			out = append(out, in[:m[0]]+r+in[m[1]:])
		}
	}
	for _, m := range stringToken.FindAllStringIndex(in, 8) {
		for _, r := range []string{`""`, `1`, `null`, `"` + strings.Repeat("é", 300) + `"`, `"2026-02-30T10:00:00Z"`} {
			out = append(out, in[:m[0]]+r+in[m[1]:])
		}
	}
	if strings.HasPrefix(in, "{") {
		out = append(out, `{"zz_unknown": 1, `+strings.TrimPrefix(in, "{"))
		if i := strings.Index(in, ","); i > 0 {
			out = append(out, "{"+in[i+1:])
		}
	}
	return out
}

// The fast checker and jsonschema agree on every input of the suite and
// on every variant of it; and most operations have a fast checker.
func TestFastCheckAgreesWithJSONSchema(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	checked, refused := 0, 0
	fast := map[string]bool{}
	for _, c := range suiteInputs(t) {
		op, ok := cat.Operation(c.op)
		if !ok {
			continue
		}
		f, ok := spec.FastValid(op, c.input)
		if !ok {
			continue
		}
		fast[c.op] = true
		checked++
		slow := spec.SlowValid(op, c.input)
		if !slow {
			refused++
		}
		if f != slow {
			t.Errorf("%s(%s): fast %v, jsonschema %v", c.op, c.input, f, slow)
		}
	}
	total := 0
	for _, p := range cat.Profiles {
		total += len(p.Operations)
	}
	t.Logf("%d inputs checked both ways (%d refused) in %d of %d operations", checked, refused, len(fast), total)
	if len(fast) < total*9/10 || refused < checked/10 {
		t.Fatalf("only %d of %d operations have a fast checker, %d of %d inputs refused: the corpus does not reach the edges", len(fast), total, refused, checked)
	}
}

// FuzzFastCheck: go test -fuzz FuzzFastCheck ./spec. Any bytes, any
// operation: the fast checker and jsonschema give the same verdict.
func FuzzFastCheck(f *testing.F) {
	cat, err := spec.Load()
	if err != nil {
		f.Fatal(err)
	}
	var ops []*spec.Operation
	for _, p := range cat.Profiles {
		ops = append(ops, p.Operations...)
	}
	for i, in := range []string{`{}`, `{"now": "2026-03-01T12:00:00.000Z", "max_messages": 10, "pending": []}`,
		`{"state": {"version": 3}, "thread_key": "a", "user_key": null}`, `{"operation": "diff", "left": "x", "right": "y"}`} {
		f.Add(uint8(i), []byte(in))
	}
	f.Fuzz(func(t *testing.T, i uint8, in []byte) {
		op := ops[int(i)%len(ops)]
		fast, ok := spec.FastValid(op, in)
		if ok && fast != spec.SlowValid(op, in) {
			t.Fatalf("%s(%q): fast %v, jsonschema %v", op.Name, in, fast, !fast)
		}
	})
}

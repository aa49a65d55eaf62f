package reference_test

import (
	"context"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/awareness"
	"github.com/clockspec/clockspec/reference/clock"
	"github.com/clockspec/clockspec/reference/datetime"
	"github.com/clockspec/clockspec/reference/routing"
	"github.com/clockspec/clockspec/reference/timestamps"
	v1 "github.com/clockspec/clockspec/reference/v1"
	"github.com/clockspec/clockspec/spec"
)

// The schema-agreement probe: every call the suite makes, with one integer
// literal respelled or one date moved to 30 February, is answered by the
// reference and checked against its operation's input schema (numbers read
// exactly). The two must agree on what is malformed: invalid_input exactly
// when the schema refuses. A spec restated by hand drifts from its schema
// precisely on such spellings, so this is the test that keeps one source.

// respellings of one integer literal: not whole (the schema's "integer"
// refuses it), whole in other spellings (JSON Schema's "integer" accepts
// them), and a whole number too long for any machine integer.
var respellings = []func(string) string{
	func(n string) string { return n + ".0000000000000001" },
	func(n string) string { return n + ".0" },
	func(n string) string { return n + "e0" },
	func(n string) string { return "12345678901234567890123" },
}

var isoDate = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})`)

// dateTime is a whole RFC 3339 date-time string (its quotes included), in
// parts: up to the T, the time to its seconds, the fraction, the offset.
var dateTime = regexp.MustCompile(`^"(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})"$`)

// dateTimeSpellings respell one RFC 3339 date-time as RFC 3339 also allows
// (lower-case t and z, -00:00 for UTC) or as it allows and a clock may not
// (a leap second): an implementation must answer each as its schema reads
// it.
func dateTimeSpellings(lit string) []string {
	m := dateTime.FindStringSubmatch(lit)
	if m == nil {
		return nil
	}
	date, clock, frac, off := m[1], m[2]+":"+m[3], m[4], m[5]
	out := []string{`"` + date + "t" + clock + frac + strings.ToLower(off) + `"`}
	if off == "Z" {
		out = append(out, `"`+date+"T"+clock+frac+`-00:00"`)
	}
	out = append(out, `"`+date+"T23:59:60"+frac+`Z"`)
	return out
}

// probeVariants returns the respelled inputs of one call.
func probeVariants(input []byte) []string {
	var out []string
	s := string(input)
	for _, tok := range jsonTokens(s) {
		lit := s[tok.start:tok.end]
		switch {
		case tok.str:
			for _, r := range dateTimeSpellings(lit) {
				out = append(out, s[:tok.start]+r+s[tok.end:])
			}
			for _, m := range isoDate.FindAllStringSubmatchIndex(lit, -1) {
				if lit[m[4]:m[5]]+lit[m[6]:m[7]] == "0230" {
					continue
				}
				moved := lit[:m[4]] + "02-30" + lit[m[7]:]
				out = append(out, s[:tok.start]+moved+s[tok.end:])
			}
		case !strings.ContainsAny(lit, ".eE"):
			for _, r := range respellings {
				out = append(out, s[:tok.start]+r(lit)+s[tok.end:])
			}
		}
	}
	return out
}

type token struct {
	start, end int
	str        bool // a string (start and end include the quotes); otherwise a number
}

// jsonTokens finds the strings and numbers of a valid JSON text.
func jsonTokens(s string) []token {
	var toks []token
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == '"':
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			toks = append(toks, token{i, j + 1, true})
			i = j + 1
		case c == '-' || c >= '0' && c <= '9':
			j := i + 1
			for j < len(s) && strings.IndexByte("0123456789.eE+-", s[j]) >= 0 {
				j++
			}
			toks = append(toks, token{i, j, false})
			i = j
		default:
			i++
		}
	}
	return toks
}

// caller answers one call with its error, nil for an answer.
type caller func(op string, input []byte) *protocol.Error

func referenceCaller() caller {
	impl := reference.New()
	return func(op string, input []byte) *protocol.Error {
		_, perr := impl.Call(context.Background(), op, input)
		return perr
	}
}

type probeCall struct {
	op    string
	input []byte
}

// suiteCalls are the calls of the whole suite (the call corpus), once per
// distinct (operation, input).
func suiteCalls(t testing.TB) []probeCall {
	seen := map[string]bool{}
	var calls []probeCall
	corpusInputs(t, func(op string, input []byte) {
		if k := op + "\x00" + string(input); !seen[k] {
			seen[k] = true
			calls = append(calls, probeCall{op, input})
		}
	})
	return calls
}

// disagreement says how the reference and the schema disagree on one
// input, or "" when they agree.
func disagreement(call caller, cat *spec.Catalog, op string, input []byte) string {
	o, ok := cat.Operation(op)
	if !ok {
		return "unknown operation"
	}
	perr := call(op, input)
	refused := perr != nil && perr.Code == protocol.CodeInvalidInput
	schemaErr := o.ValidateInput(input)
	switch {
	case refused && schemaErr == nil && jsonin.RepeatsAKey(input):
		// JSON Schema sees the decoded object, in which a repeated key is
		// already gone; refusing the repetition is the operation's right.
		return ""
	case refused && schemaErr == nil:
		return "the reference refuses (" + perr.Message + ") what the schema accepts"
	case !refused && schemaErr != nil:
		answer := "an answer"
		if perr != nil {
			answer = perr.Code
		}
		return fmt.Sprintf("the reference gives %s where the schema refuses (%v)", answer, schemaErr)
	}
	return ""
}

func TestSchemaAgreementProbe(t *testing.T) {
	cat, _ := operations(t)
	call := referenceCaller()
	probed, disagree := 0, map[string][]string{}
	for _, c := range suiteCalls(t) {
		for _, in := range probeVariants(c.input) {
			probed++
			if d := disagreement(call, cat, c.op, []byte(in)); d != "" {
				disagree[c.op] = append(disagree[c.op], in+": "+d)
			}
		}
	}
	if probed < 1000 {
		t.Fatalf("the probe sent only %d inputs: the suite's calls were not found", probed)
	}
	ops := make([]string, 0, len(disagree))
	total := 0
	for op, ds := range disagree {
		ops = append(ops, op)
		total += len(ds)
	}
	sort.Strings(ops)
	for _, op := range ops {
		ds := disagree[op]
		t.Errorf("%s: %d disagreements, e.g. %s", op, len(ds), ds[0])
	}
	t.Logf("%d respelled inputs probed, %d disagreements in %d operations", probed, total, len(ops))
}

// The probe's check can fail: an implementation that reads integers
// through float64 (10.0000000000000001 as 10) or checks a date's shape but
// not its day is caught; one that reads every whole spelling (10.0, 1e1)
// exactly, as the schema does, is not.
func TestSchemaAgreementProbeJudgesBothWays(t *testing.T) {
	cat, _ := operations(t)
	ref := referenceCaller()
	floatIntegers := func(op string, input []byte) *protocol.Error {
		return ref(op, []byte(strings.ReplaceAll(string(input), ".0000000000000001", "")))
	}
	noCalendar := func(op string, input []byte) *protocol.Error {
		return ref(op, []byte(strings.ReplaceAll(string(input), "-02-30T", "-02-28T")))
	}
	wholeSpellings := func(op string, input []byte) *protocol.Error {
		return ref(op, []byte(strings.ReplaceAll(string(input), "10e0", "10")))
	}
	for _, c := range []struct {
		name, op, input string
		call            caller
		disagrees       bool
	}{
		{"float64 integers", "routing.wake_batch", `{"now":"2026-03-01T12:00:00.000Z","max_messages":10.0000000000000001,"pending":[]}`, floatIntegers, true},
		{"a state version through float64", "clock-core.load_clock_state", `{"state":{"version":3.0000000000000001}}`, floatIntegers, true},
		{"no calendar", "routing.sweep", `{"now":"2026-02-30T12:00:00.000Z","container_running":false,"claims":[]}`, noCalendar, true},
		{"whole spellings read exactly", "routing.wake_batch", `{"now":"2026-03-01T12:00:00.000Z","max_messages":10e0,"pending":[]}`, wholeSpellings, false},
		{"the reference", "routing.wake_batch", `{"now":"2026-03-01T12:00:00.000Z","max_messages":10.0000000000000001,"pending":[]}`, ref, false},
		{"the reference, 30 February", "routing.sweep", `{"now":"2026-02-30T12:00:00.000Z","container_running":false,"claims":[]}`, ref, false},
	} {
		d := disagreement(c.call, cat, c.op, []byte(c.input))
		if (d != "") != c.disagrees {
			t.Errorf("%s: %s(%s): disagreement %q, want one: %v", c.name, c.op, c.input, d, c.disagrees)
		}
	}
}

// decodeArgs decodes an input with the generated decoder of its operation's
// profile.
func decodeArgs(op string, raw []byte) (any, error) {
	for _, decode := range []func(string, []byte) (any, bool, error){
		v1.DecodeArgs, datetime.DecodeArgs, timestamps.DecodeArgs, routing.DecodeArgs, clock.DecodeArgs, awareness.DecodeArgs,
	} {
		if args, ok, err := decode(op, raw); ok {
			return args, err
		}
	}
	return nil, fmt.Errorf("no generated decoder for %s", op)
}

// The generated input types agree with their schemas: every input the
// suite sends, and every respelling of it, that its schema accepts decodes
// into its type. A generated type that disagreed (an integer the schema
// lets grow beyond int64, a field typed string where the schema allows a
// number) would turn a valid input into invalid_input.
func TestGeneratedArgsDecodeEveryInputTheSchemaAccepts(t *testing.T) {
	cat, _ := operations(t)
	decoded, viewed := 0, 0
	for _, c := range suiteCalls(t) {
		o, _ := cat.Operation(c.op)
		for _, in := range append([]string{string(c.input)}, probeVariants(c.input)...) {
			if o.ValidateInput([]byte(in)) != nil {
				continue
			}
			decoded++
			args, err := decodeArgs(c.op, []byte(in))
			if err != nil {
				t.Errorf("%s(%s): the schema accepts it, its generated type does not: %v", c.op, in, err)
				continue
			}
			// The one-pass reader, where it answered, read what the general
			// decoder reads.
			general := reflect.New(reflect.TypeOf(args).Elem())
			if err := jsonin.Into([]byte(in), general.Interface()); err != nil || !reflect.DeepEqual(args, general.Interface()) {
				t.Errorf("%s(%s): the generated decoder read %+v, jsonin.Into %+v (%v)", c.op, in, args, general.Interface(), err)
			}
			// A view operation's reading, views into a Scratch, is the same.
			if c.op == "v1.format_messages" {
				s := jsonin.GetScratch()
				view, err := v1.ViewFormatMessagesArgs([]byte(in), s)
				if err != nil || !reflect.DeepEqual(view, args) {
					t.Errorf("%s(%s): the view decoder read %+v (%v), the generated decoder %+v", c.op, in, view, err, args)
				}
				jsonin.PutScratch(s)
				viewed++
			}
		}
	}
	if decoded < 1000 || viewed < 10 {
		t.Fatalf("only %d inputs decoded, %d of them by a view decoder: the suite's calls were not found", decoded, viewed)
	}
}

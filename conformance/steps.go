package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/judge"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// session is what a scenario's steps use of their run: the spec, the
// implementation, the schema check and the observer of calls. The runner
// holds one for all its scenarios.
type session struct {
	catalog *spec.Catalog
	driver  driver.Driver
	schemas *judge.Schemas
	onCall  func(sc *features.Scenario, n int, op string, input json.RawMessage, res protocol.Result)
}

// world is one scenario's state: the calls it made, in order.
type world struct {
	s     *session
	sc    *features.Scenario
	calls []*callRecord
	// deferCheck has call leave its answer's check in pending (the own
	// loop's last call of a scenario, see ownrun.go).
	deferCheck bool
	pending    *pendingCheck
	// memory holds output values a scenario remembered (steps_props.go).
	memory map[string]any
	// tempDirs and written: state files of the scenario (steps_props.go).
	tempDirs []string
	written  map[string]string
	// start is when the scenario's first step began (its JUnit time).
	start time.Time
}

// callRecord is one call a scenario made, with its answer.
type callRecord struct {
	op     string
	input  json.RawMessage
	result protocol.Result
	ticket *driver.Ticket
	open   openPoints // what the scenario's steps declared open (see openPoints)
	// The output decoded once, for the schema, every assertion on it and
	// the golden comparison.
	decoded judge.Decoded
}

// outputValue is the call's output, decoded on first use.
func (c *callRecord) outputValue() (any, error) { return c.decoded.Value(c.result.Output) }

// canonicalIn is Canonical of the call's result, written into b (reset first; a new buffer when
// b is nil): the bytes it returns are b's, until b is used again.
func (c *callRecord) canonicalIn(b *bytes.Buffer) ([]byte, error) {
	if c.result.Error != nil {
		return judge.Canonical(c.result)
	}
	v, err := c.outputValue()
	if err != nil {
		return nil, err
	}
	if b == nil {
		return judge.CanonicalOutput(v)
	}
	b.Reset()
	b.WriteString(`{"output":`)
	if err := judge.WriteCanonical(b, v); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// canonicalBuffers are reused by comparisons that let go of the canonical
// bytes once compared.
var canonicalBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func unquote(s string) (string, error) {
	var out string
	if err := json.Unmarshal([]byte(`"`+s+`"`), &out); err != nil {
		return "", fmt.Errorf("step argument %q is not a valid JSON string body: %w", s, err)
	}
	return out, nil
}

func (w *world) callDoc(ctx context.Context, op string, doc *godog.DocString) error {
	return w.call(ctx, op, doc.Content)
}

// call sends one request and validates the answer against the operation's
// schema before anything else looks at it: an answer of the wrong shape fails
// here, whatever the scenario's assertions would have said.
func (w *world) call(ctx context.Context, op, input string) error {
	spec, ok := w.s.catalog.Operation(op)
	if !ok {
		return fmt.Errorf("the scenario calls %q, which spec/ does not define", op)
	}
	// The input goes out as the scenario wrote it — white space, key order,
	// escapes and duplicate keys included — never decoded and encoded again;
	// only a remembered value ("${n}") is put in where the scenario asks.
	raw, err := w.substituteRaw(input)
	if err != nil {
		return err
	}
	if !json.Valid(raw) {
		return fmt.Errorf("the scenario's input for %s is not valid JSON: %s", op, raw)
	}
	tk := &driver.Ticket{}
	res, err := w.s.driver.Call(driver.WithTicket(ctx, tk), op, raw)
	rec := &callRecord{op: op, input: raw, result: res, ticket: tk}
	w.calls = append(w.calls, rec)
	if err != nil {
		var wrong *driver.WrongAnswer
		if errors.As(err, &wrong) {
			return fmt.Errorf("%s: %w", op, err)
		}
		return fmt.Errorf("%s: the implementation did not answer: %w", op, err)
	}
	if w.s.onCall != nil && w.sc != nil {
		w.s.onCall(w.sc, len(w.calls), rec.op, rec.input, rec.result)
	}
	if w.deferCheck {
		w.pending = &pendingCheck{spec: spec, rec: rec} // checked by the own loop, later (ownrun.go)
		return nil
	}
	return w.check(spec, rec)
}

// pendingCheck is an answer whose check the own loop runs later.
type pendingCheck struct {
	spec *spec.Operation
	rec  *callRecord
}

// check validates an answer: an output against the operation's output
// schema, an error against its codes.
func (w *world) check(spec *spec.Operation, rec *callRecord) error {
	op, res := rec.op, rec.result
	switch {
	case res.Error != nil && res.Output != nil:
		return fmt.Errorf("%s answered with both an output and an error", op)
	case res.Error != nil:
		if res.Error.Code == protocol.CodeUnknownOperation {
			return fmt.Errorf("%s: the implementation does not implement this operation (%s)", op, res.Error.Message)
		}
		return w.s.schemas.Error(spec, res.Error)
	}
	return w.s.schemas.Output(spec, res.Output, &rec.decoded)
}

func (w *world) last() (*callRecord, error) {
	if len(w.calls) == 0 {
		return nil, fmt.Errorf("no operation was called before this assertion")
	}
	return w.calls[len(w.calls)-1], nil
}

func (w *world) output() (any, error) {
	c, err := w.last()
	if err != nil {
		return nil, err
	}
	if c.result.Error != nil {
		return nil, fmt.Errorf("expected an output, got error %s: %s", c.result.Error.Code, c.result.Error.Message)
	}
	return c.outputValue()
}

// field walks a dotted path (run_log.error, items.0.name) into the output.
func (w *world) field(path string) (any, error) {
	v, err := w.output()
	if err != nil {
		return nil, err
	}
	for _, seg := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[seg]
			if !ok {
				return nil, fmt.Errorf("output has no field %q (path %q)", seg, path)
			}
			v = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) {
				return nil, fmt.Errorf("output path %q: %q is not an index of a %d-element array", path, seg, len(x))
			}
			v = x[i]
		default:
			return nil, fmt.Errorf("output path %q: cannot go into %s", path, show(v))
		}
	}
	return v, nil
}

func (w *world) stringField(path string) (string, error) {
	v, err := w.field(path)
	if err != nil {
		return "", err
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("output %q is %s, not a string", path, show(v))
	}
	return s, nil
}

func show(v any) string {
	if s, ok := v.(string); ok && marshalsAsIs(s) {
		return `"` + s + `"` // what json.Marshal writes, without its buffer
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// marshalsAsIs reports whether json.Marshal writes s between quotes as it
// is: printable ASCII with nothing it escapes (", \ and the HTML <, >, &).
func marshalsAsIs(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// Package reference is the reference implementation as one value: every
// operation of every profile behind a single Call, plus the hello that names
// it. It is the conform runner's default implementation and the only one
// allowed to write goldens.
package reference

import (
	"context"
	"encoding/json"
	"sort"
	"sync"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/awareness"
	"github.com/clockspec/clockspec/reference/clock"
	"github.com/clockspec/clockspec/reference/datetime"
	"github.com/clockspec/clockspec/reference/routing"
	"github.com/clockspec/clockspec/reference/timestamps"
	"github.com/clockspec/clockspec/reference/tzdb"
	v1 "github.com/clockspec/clockspec/reference/v1"
	"github.com/clockspec/clockspec/spec"
)

// Version of the reference implementation; it moves with the spec.
const Version = "0.1.0"

type handler func(json.RawMessage) (json.RawMessage, *protocol.Error)

// Implementation answers every operation the reference implements.
type Implementation struct {
	ops map[string]handler
}

// New returns the reference implementation.
func New() *Implementation {
	ops := map[string]handler{
		"datetime_math":   fromDatetime(datetime.MathJSON),
		"datetime_format": fromDatetime(datetime.FormatJSON),
	}
	for name, h := range v1.Operations() {
		ops[name] = encoded(h)
	}
	for name, h := range timestamps.Operations() {
		ops[name] = encoded(h)
	}
	for name, h := range routing.Operations() {
		ops[name] = encoded(h)
	}
	for name, h := range clock.Operations() {
		ops[name] = encoded(h)
	}
	for name, h := range awareness.Operations() {
		ops[name] = encoded(h)
	}
	return &Implementation{ops: ops}
}

// encoded adapts a handler that returns a Go value.
func encoded(h protocol.OperationFunc) handler {
	return func(in json.RawMessage) (json.RawMessage, *protocol.Error) {
		v, perr := h(in)
		if perr != nil {
			return nil, perr
		}
		b, err := protocol.EncodeOutput(v)
		if err != nil {
			return nil, protocol.Errorf(protocol.CodeInternal, "encoding the output: %v", err)
		}
		return b, nil
	}
}

// fromDatetime adapts the datetime tools, whose JSON entry points are the
// PRD's own and whose errors are the PRD's error objects.
func fromDatetime(f func([]byte) ([]byte, *datetime.Error)) handler {
	return func(in json.RawMessage) (json.RawMessage, *protocol.Error) {
		out, derr := f(in)
		if derr != nil {
			return nil, &protocol.Error{Code: derr.Code, Message: derr.Message}
		}
		return out, nil
	}
}

// Hello introduces the reference.
func (r *Implementation) Hello() protocol.Hello {
	names := make([]string, 0, len(r.ops))
	for n := range r.ops {
		names = append(names, n)
	}
	sort.Strings(names)
	return protocol.Hello{
		Implementation: "clockspec-reference",
		Version:        Version,
		Language:       "go",
		Protocol:       protocol.Version,
		Tzdata:         tzdb.Version(),
		Operations:     names,
	}
}

// Call runs one operation. A panic inside an operation is a bug in the
// reference; it is answered as internal_error instead of taking the run down.
func (r *Implementation) Call(_ context.Context, op string, input json.RawMessage) (out json.RawMessage, perr *protocol.Error) {
	h, ok := r.ops[op]
	if !ok {
		return nil, protocol.Errorf(protocol.CodeUnknownOperation, "the reference does not implement %q", op)
	}
	defer func() {
		if p := recover(); p != nil {
			out, perr = nil, protocol.Errorf(protocol.CodeInternal, "panic in %s: %v", op, p)
		}
	}()
	if perr := checkInput(op, input); perr != nil {
		if explains[op] {
			// The schema decided; the tool's own reader says why in the
			// PRD's words ("days is not used by operation diff…"), which a
			// model can act on, where the schema's message names a JSON
			// pointer and a keyword. The two agree on what is malformed
			// (the schema-agreement probe holds them to it).
			if _, own := h(input); own != nil && own.Code == protocol.CodeInvalidInput {
				return nil, own
			}
		}
		return nil, perr
	}
	return h(input)
}

// explains are the operations whose own reader words an invalid_input for
// the caller: the datetime tools, whose errors speak to a model ("For the
// model: says what to fix").
var explains = map[string]bool{"datetime_math": true, "datetime_format": true}

// operationSpecs maps an operation's name to its spec, each profile loaded
// on the first call of one of its operations (a run of one profile parses
// only that profile; the runner's catalog shares the same loaded profiles).
var operationSpecs sync.Map // op -> func() (*spec.Operation, error)

func operationSpec(op string) (*spec.Operation, error) {
	load, _ := operationSpecs.LoadOrStore(op, sync.OnceValues(func() (*spec.Operation, error) {
		profile := spec.ProfileOfOperation(op)
		if profile == "" {
			return nil, nil
		}
		cat, err := spec.LoadProfiles(profile)
		if err != nil {
			return nil, err
		}
		o, _ := cat.Operation(op)
		return o, nil
	}))
	return load.(func() (*spec.Operation, error))()
}

// checkInput refuses, as invalid_input, every input its operation's input
// schema refuses. The schema in spec/ is the one statement of what a
// well-formed input is: the operations' own decoders only turn what it
// accepts into their types, so the reference and the schema cannot drift.
func checkInput(op string, input json.RawMessage) *protocol.Error {
	o, err := operationSpec(op)
	if err != nil {
		return protocol.Errorf(protocol.CodeInternal, "loading the spec: %v", err)
	}
	if o == nil {
		return nil // an operation the spec does not list has no schema to answer to
	}
	if err := o.ValidateInput(input); err != nil {
		return protocol.Errorf(protocol.CodeInvalidInput, "%v", err)
	}
	return nil
}

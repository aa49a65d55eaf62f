package judge

import (
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// Decoded is an output decoded once, on first use, for everything that
// reads it: the schema, the assertions and the golden comparison. Nothing
// changes the decoded value.
type Decoded struct {
	v     any
	err   error
	whole bool // the output is the decoded value and nothing else
	done  bool
}

// Value is raw's first JSON value (DecodeFirst), decoded on the first call;
// raw must be the same output on every call.
func (d *Decoded) Value(raw json.RawMessage) (any, error) {
	if !d.done {
		d.v, d.whole, d.err = DecodeFirst(raw)
		d.done = true
	}
	return d.v, d.err
}

// Schemas validates a run's answers against their operations' schemas and
// counts them. Outputs found valid are remembered for the rest of the run,
// byte for byte: validating is a function of the schema and the bytes, so
// an answer equal to one already found valid is valid too (two in five
// answers of the suite repeat an earlier one). Only short answers are kept,
// and only so many, so a corpus of millions of calls does not grow the
// memory. Its methods may be called from several goroutines.
type Schemas struct {
	validated atomic.Int64
	mu        sync.Mutex
	valid     map[string]struct{} // operation NUL output, of outputs found valid
	key       []byte
}

// What Schemas remembers.
const (
	maxValidKept  = 1 << 16
	maxValidBytes = 512
)

// Expect sizes the memory of valid outputs for about n answers.
func (s *Schemas) Expect(n int) {
	s.mu.Lock()
	if s.valid == nil { // about one answer in two is new
		s.valid = make(map[string]struct{}, min(n, maxValidKept))
	}
	s.mu.Unlock()
}

// Validated is how many answers were validated.
func (s *Schemas) Validated() int64 { return s.validated.Load() }

// Error validates an error answer against the operation's error codes.
func (s *Schemas) Error(op *spec.Operation, e *protocol.Error) error {
	s.validated.Add(1)
	return op.ValidateError(e)
}

// Output validates an output against the operation's output schema; d is
// the output's decoded value, shared with the other judges.
func (s *Schemas) Output(op *spec.Operation, out json.RawMessage, d *Decoded) error {
	s.validated.Add(1)
	if len(out) > maxValidBytes {
		return validateDecoded(op, out, d)
	}
	// Under mu: the own loop checks answers on two goroutines.
	s.mu.Lock()
	s.key = append(append(append(s.key[:0], op.Name...), 0), out...)
	_, known := s.valid[string(s.key)]
	s.mu.Unlock()
	if known {
		return nil
	}
	err := validateDecoded(op, out, d)
	if err == nil {
		s.mu.Lock()
		if len(s.valid) < maxValidKept {
			if s.valid == nil {
				s.valid = map[string]struct{}{}
			}
			s.key = append(append(append(s.key[:0], op.Name...), 0), out...)
			s.valid[string(s.key)] = struct{}{}
		}
		s.mu.Unlock()
	}
	return err
}

// validateDecoded validates the output as the value the assertions read
// (decoded once for both) when the output is exactly that one JSON value;
// anything else (not JSON, bytes after the value) goes to ValidateOutput,
// which refuses it with its own message.
func validateDecoded(op *spec.Operation, out json.RawMessage, d *Decoded) error {
	v, err := d.Value(out)
	if err != nil || !d.whole {
		return op.ValidateOutput(out)
	}
	return op.ValidateOutputValue(v)
}

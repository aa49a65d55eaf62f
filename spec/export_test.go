package spec

import "github.com/clockspec/clockspec/internal/jsonin"

// DraftUnchecked is draftUnchecked, for the external tests.
var DraftUnchecked = draftUnchecked

// FastValid is the fast checker's verdict on an input; ok is false when
// the operation has no fast checker.
func FastValid(op *Operation, raw []byte) (valid, ok bool) {
	if err := op.schemas.compile(); err != nil || op.fastInput == nil {
		return false, false
	}
	r := jsonin.NewReader(raw)
	return op.fastInput(r) && r.End(), true
}

// SlowValid is jsonschema's verdict alone.
func SlowValid(op *Operation, raw []byte) bool {
	if err := op.schemas.compile(); err != nil {
		return false
	}
	return validate(op.input, raw, "input") == nil
}

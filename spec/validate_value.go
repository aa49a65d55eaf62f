package spec

import "encoding/json"

// ValidateOutputValue is ValidateOutput for an output already decoded, as
// encoding/json decodes one JSON value with UseNumber: a harness that
// decodes an answer for its assertions hands the same value to the
// validator instead of having it decoded twice. It never changes v. The
// caller vouches that v is the whole document (ValidateOutput also refuses
// bytes after the value).
func (op *Operation) ValidateOutputValue(v any) error {
	if err := op.schemas.compile(); err != nil {
		return err
	}
	return validateValue(op.output, tamedCopy(v), "output of "+op.Name)
}

// tamedCopy is tameNumbers without changing v: v itself when no number
// needs taming (nearly always), otherwise a copy with its numbers tamed.
func tamedCopy(v any) any {
	if !needsTaming(v) {
		return v
	}
	return tameNumbers(deepCopy(v))
}

func needsTaming(v any) bool {
	switch x := v.(type) {
	case json.Number:
		return tameNumber(x) != x
	case map[string]any:
		for _, e := range x {
			if needsTaming(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if needsTaming(e) {
				return true
			}
		}
	}
	return false
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = deepCopy(e)
		}
		return s
	}
	return v
}

// TamedValue is v (decoded with UseNumber) as a JSON Schema validator of
// this module's library can take it: v itself when every number is one the
// library reads, otherwise a copy with each number it would panic on
// replaced by one no schema keyword tells apart from it (see tameNumbers).
// For a harness validating with a schema that is not the spec's (one an
// implementation supplies), with the same number handling as the spec's.
func TamedValue(v any) any { return tamedCopy(v) }

package protocol

import (
	"bytes"

	"github.com/clockspec/clockspec/internal/jsonin"
)

// readRequest reads a request envelope in one pass, for the envelopes where
// that gives exactly what json.Unmarshal gives: valid JSON whose keys are
// exactly "id", "op" and "input", each at most once, with id and op strings
// or null. Anything else (ok=false) is json.Unmarshal's to decide: another
// key may name a field up to case, a repeated one is read last-wins.
func readRequest(raw []byte) (req Request, ok bool) {
	r := jsonin.NewReader(raw)
	if !r.Open('{') {
		return req, false
	}
	var seen [3]bool
	ok = r.Members(func(r *jsonin.Reader, key []byte) bool {
		field := 0
		switch string(key) {
		case "id":
		case "op":
			field = 1
		case "input":
			if seen[2] {
				return false
			}
			seen[2] = true
			value, ok := r.Value()
			// json.Unmarshal copies a RawMessage: the caller may reuse raw.
			req.Input = bytes.Clone(value)
			return ok
		default:
			return false
		}
		if seen[field] {
			return false
		}
		seen[field] = true
		if r.Null() {
			return true
		}
		s, ok := r.Text()
		if field == 0 {
			req.ID = s
		} else {
			req.Op = s
		}
		return ok
	})
	return req, ok && r.End()
}

package jsonin

import (
	"bytes"
	"encoding/json"
)

// RepeatsAKey reports whether some JSON object in data names a key twice, at
// any depth. JSON leaves a repeated name's meaning to the reader (RFC 8259
// §4): a JSON Schema sees only the decoded object, so checks that compare an
// input schema's verdict with an implementation's need to know.
func RepeatsAKey(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var repeats func() bool
	// repeats reads one value and reports a repeated key inside it.
	repeats = func() bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				key, err := dec.Token()
				k, ok := key.(string)
				if err != nil || !ok || seen[k] {
					return err == nil && ok
				}
				seen[k] = true
				if repeats() {
					return true
				}
			}
			_, _ = dec.Token()
		case json.Delim('['):
			for dec.More() {
				if repeats() {
					return true
				}
			}
			_, _ = dec.Token()
		}
		return false
	}
	return repeats()
}

// TrimSpace trims the white space JSON allows around a value (RFC 8259 §2:
// space, tab, line feed, carriage return) and nothing else. bytes.TrimSpace
// also drops a vertical tab, a form feed or a no-break space, which makes
// "{}\v" look like one JSON value when the input schema's check says it is
// not.
func TrimSpace(b []byte) []byte { return bytes.Trim(b, " \t\n\r") }

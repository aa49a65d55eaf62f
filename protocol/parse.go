package protocol

import (
	"encoding/json"
	"fmt"
)

// ParseResponse reads one response as the protocol writes it: a JSON
// object whose keys are exactly "id", "output" and "error" (and an error's
// exactly "code" and "message"). encoding/json alone would match keys in
// any letter case ("ID", "Output"): an implementation answering so breaks
// the protocol, and is told.
func ParseResponse(b []byte) (Response, error) {
	var r Response
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return r, err
	}
	if m == nil {
		return r, fmt.Errorf("a response is a JSON object, not null")
	}
	for k := range m {
		if k != "id" && k != "output" && k != "error" {
			return r, fmt.Errorf("a response has the keys id, output and error (spelled exactly), not %q", k)
		}
	}
	if raw, ok := m["id"]; ok {
		if err := json.Unmarshal(raw, &r.ID); err != nil {
			return r, fmt.Errorf("id: %w", err)
		}
	}
	if raw, ok := m["output"]; ok && string(raw) != "null" {
		r.Output = raw
	}
	if raw, ok := m["error"]; ok && string(raw) != "null" {
		var e map[string]json.RawMessage
		if err := json.Unmarshal(raw, &e); err != nil || e == nil {
			return r, fmt.Errorf("error: not a JSON object")
		}
		r.Error = &Error{}
		for k, v := range e {
			var dst *string
			switch k {
			case "code":
				dst = &r.Error.Code
			case "message":
				dst = &r.Error.Message
			default:
				return r, fmt.Errorf("an error has the keys code and message (spelled exactly), not %q", k)
			}
			if err := json.Unmarshal(v, dst); err != nil {
				return r, fmt.Errorf("error.%s: %w", k, err)
			}
		}
	}
	return r, nil
}

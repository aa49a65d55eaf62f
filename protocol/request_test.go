package protocol

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A request carries its input as written: one line for JSON Lines (line
// breaks between tokens become spaces), byte for byte over HTTP.
func TestRequestCarriesTheInputAsWritten(t *testing.T) {
	input := json.RawMessage("{\"b\" : 1,\r\n  \"a\":\"\\u00e9\\/<&>\\n\",\n \"a\": 2}")
	line := RequestLine("7", "v1.escape_xml", input)
	if bytes.ContainsAny(line, "\r\n") {
		t.Fatalf("request line has a line break: %q", line)
	}
	var req Request
	if err := json.Unmarshal(line, &req); err != nil || req.ID != "7" || req.Op != "v1.escape_xml" {
		t.Fatalf("%q is not a request: %v", line, err)
	}
	if got, exp := string(req.Input), "{\"b\" : 1,    \"a\":\"\\u00e9\\/<&>\\n\",  \"a\": 2}"; got != exp {
		t.Errorf("input on the line %q, want %q", got, exp)
	}
	body := RequestBody("7", "v1.escape_xml", input)
	if !bytes.Contains(body, append(append([]byte(`"input":`), input...), '}')) {
		t.Errorf("HTTP body %q does not carry the input verbatim", body)
	}
	if string(RequestBody("1", "hello", nil)) != `{"id":"1","op":"hello","input":{}}` {
		t.Errorf("empty input: %s", RequestBody("1", "hello", nil))
	}
}

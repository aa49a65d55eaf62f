package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
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

// Where the one-pass reader reads an envelope, json.Unmarshal reads the
// same request from it.
func FuzzReadRequest(f *testing.F) {
	for _, s := range []string{`{"id":"1","op":"v1.escape_xml","input":{"text":"a & <b>"}}`, `{"id":"1","op":"x"}`,
		`{"id":null,"op":"x","input":null}`, `{"ID":"1","op":"x"}`, `{"id":"1","id":"2","op":"x"}`, `{"id":1,"op":"x"}`,
		` {"input" : [1, {"a":"\u00e9"}] , "op":"o\"p", "id":"\ud800"} `, `{"id":"1","op":"x","input":{"a":1}} x`,
		`{"id":"1","op":"x","other":true}`, `[]`, `{"id":"1","op":"x","input":}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		got, ok := readRequest(raw)
		if !ok {
			return
		}
		var want Request
		if err := json.Unmarshal(raw, &want); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: read %+v, json.Unmarshal %+v (%v)", raw, got, want, err)
		}
	})
}

func TestReadRequest(t *testing.T) {
	read, handed := 0, 0
	for _, s := range []string{`{"id":"1","op":"v1.escape_xml","input":{"text":"a"}}`, `{"id":null,"op":"x","input":null}`,
		`{"ID":"1","op":"x"}`, `{"id":"1","id":"2","op":"x"}`, `{"id":1,"op":"x"}`, `{"id":"1","op":"x","other":true}`} {
		got, ok := readRequest([]byte(s))
		if !ok {
			handed++
			continue
		}
		read++
		var want Request
		if err := json.Unmarshal([]byte(s), &want); err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: read %+v, json.Unmarshal %+v (%v)", s, got, want, err)
		}
	}
	if read != 2 || handed != 4 {
		t.Fatalf("read %d, handed over %d", read, handed)
	}
	// The input is a copy: the caller may reuse its buffer.
	raw := []byte(`{"id":"1","op":"x","input":{"a":1}}`)
	req, _ := readRequest(raw)
	copy(raw, bytes.Repeat([]byte(" "), len(raw)))
	if string(req.Input) != `{"a":1}` {
		t.Fatalf("input shares the request's buffer: %q", req.Input)
	}
}

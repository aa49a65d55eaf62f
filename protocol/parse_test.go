package protocol

import (
	"strings"
	"testing"
)

// Keys are the protocol's exactly: what encoding/json would take in any
// letter case is refused, with the key named.
func TestParseResponseKeysAreExact(t *testing.T) {
	good := map[string]Response{
		`{"id":"1","output":{"a":1}}`:                                {ID: "1", Output: []byte(`{"a":1}`)},
		`{"id":"2","error":{"code":"x","message":"m"}}`:              {ID: "2", Error: &Error{Code: "x", Message: "m"}},
		` { "output" : [1] , "id" : "3" } `:                          {ID: "3", Output: []byte(`[1]`)},
		`{"id":"4","output":null,"error":{"code":"c","message":""}}`: {ID: "4", Error: &Error{Code: "c"}},
	}
	for in, want := range good {
		got, err := ParseResponse([]byte(in))
		if err != nil || got.ID != want.ID || string(got.Output) != string(want.Output) || (got.Error == nil) != (want.Error == nil) ||
			got.Error != nil && *got.Error != *want.Error {
			t.Errorf("%s: got %+v, %v", in, got, err)
		}
	}
	for in, key := range map[string]string{
		`{"ID":"1","output":{}}`:                        `"ID"`,
		`{"id":"1","Output":{}}`:                        `"Output"`,
		`{"id":"1","error":{"Code":"x","message":"m"}}`: `"Code"`,
		`{"id":"1","output":{},"extra":1}`:              `"extra"`,
		`null`:                                          "null",
		`[1]`:                                           "",
		`{"id":1,"output":{}}`:                          "id",
	} {
		if _, err := ParseResponse([]byte(in)); err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("%s: err %v, want one naming %s", in, err, key)
		}
	}
}

package jsonin

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

func decodeStd(data []byte) (any, bool) {
	if !json.Valid(data) {
		return nil, false
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return nil, false
	}
	return v, true
}

var anyCases = []string{
	`{}`, `[]`, `null`, `true`, `false`, `0`, `-0.5e+3`, `"a\u00e9\ud83d\ude00"`, `"\ud800"`, "\"\xff\"",
	`{"a": 1, "a": [1, {"b": null}], "\u0061b": "x"}`, `  [1, 2.50, "3", true, null, {}]  `,
	`{"a":1}{}`, `{`, `[1,]`, `{"a" 1}`, `01`, `1.`, `-`, `tru`, `nul`, `"abc`, `{"a":1,}`, `[1 2]`, ``, ` `,
	`{"k": "\t"}`, "{\"k\": \"\t\"}", `1e999999`, `{"a":{"b":{"c":[[[]]]}}}`,
}

// DecodeAny reads every text as encoding/json does: the same value, and
// the same refusals.
func TestDecodeAnyIsEncodingJSON(t *testing.T) {
	for _, in := range anyCases {
		want, wantOK := decodeStd([]byte(in))
		got, err := DecodeAny([]byte(in))
		if (err == nil) != wantOK || wantOK && !reflect.DeepEqual(got, want) {
			t.Errorf("DecodeAny(%q) = %#v, %v; encoding/json: %#v, %v", in, got, err, want, wantOK)
		}
	}
}

func FuzzDecodeAny(f *testing.F) {
	for _, in := range anyCases {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want, wantOK := decodeStd(in)
		got, err := DecodeAny(in)
		if (err == nil) != wantOK || wantOK && !reflect.DeepEqual(got, want) {
			t.Fatalf("DecodeAny(%q) = %#v, %v; encoding/json: %#v, %v", in, got, err, want, wantOK)
		}
	})
}

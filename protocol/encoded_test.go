package protocol

import (
	"bytes"
	"encoding/json"
	"math/bits"
	"testing"
)

// AppendString writes every string, valid UTF-8 or not, exactly as
// json.Marshal does.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", `"quoted" \ back`, "<a> & b", "\x00\x01\b\f\n\r\t\x1f\x7f",
		"caf\xc3\xa9", "\xff\xfe", "\xe2\x80\xa8\xe2\x80\xa9", "\xe2\x80", "😀", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Fatalf("AppendString(%q) = %s, json.Marshal %s", s, got[1:], want)
		}
		if got := AppendString(nil, []byte(s)); string(got) != string(want) {
			t.Fatalf("AppendString([]byte(%q)) = %s, json.Marshal %s", s, got, want)
		}
	})
}

// An Encoded output goes through as it is, inside a larger value too; any
// other output is json.Marshal's.
func TestEncodeOutput(t *testing.T) {
	out, err := EncodeOutput(Encoded(`{"result":"a"}`))
	if err != nil || string(out) != `{"result":"a"}` {
		t.Fatalf("EncodeOutput(Encoded) = %s, %v", out, err)
	}
	out, err = EncodeOutput(struct {
		A string `json:"a"`
	}{"<"})
	if err != nil || string(out) != `{"a":"\u003c"}` {
		t.Fatalf("EncodeOutput(struct) = %s, %v", out, err)
	}
	whole, err := json.Marshal(Result{Output: json.RawMessage(`{}`), Error: nil})
	if err != nil || string(whole) != `{"output":{}}` {
		t.Fatalf("Result = %s, %v", whole, err)
	}
	inner, err := json.Marshal([]any{Encoded(`{"x":1}`)})
	if err != nil || string(inner) != `[{"x":1}]` {
		t.Fatalf("[Encoded] = %s, %v", inner, err)
	}
}

// The word test passes exactly the words of eight bytes jsonSafe marks,
// wherever the one unsafe byte sits.
func TestSafeWord(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for b := 0; b < 256; b++ {
			word := []byte("abcdefgh")
			word[pos] = byte(b)
			if got := safeWord(word); got != jsonSafe[b] {
				t.Fatalf("byte %#x at %d: safeWord %v, jsonSafe %v", b, pos, got, jsonSafe[b])
			}
			if got := safeWord(string(word)); got != jsonSafe[b] {
				t.Fatalf("byte %#x at %d (string): safeWord %v, jsonSafe %v", b, pos, got, jsonSafe[b])
			}
		}
	}
}

// The first byte unsafeMask marks is the first unsafe one, whatever
// follows it.
func TestUnsafeMaskLowest(t *testing.T) {
	for pos := 0; pos < 8; pos++ {
		for b := 0; b < 256; b++ {
			if jsonSafe[b] {
				continue
			}
			for _, after := range []byte{'a', 0x20, 0x21, '"' + 1, '<' + 1, '&' + 1, 0} {
				word := []byte("abcdefgh")
				word[pos] = byte(b)
				for k := pos + 1; k < 8; k++ {
					word[k] = after
				}
				if m := unsafeMask(word); m == 0 || bits.TrailingZeros64(m)/8 != pos {
					t.Fatalf("%q: mask %#x, first unsafe byte at %d", word, m, pos)
				}
			}
		}
	}
}

// A response line is what json.Encoder without HTML escaping writes: with
// an output (compacted), with an error, with strings JSON escapes, and an
// output that is not JSON is left to the encoder.
func TestWriteResponseMatchesEncoder(t *testing.T) {
	odd := "a<b>&\"c\"\\\u2028\xff\x01\t"
	for _, resp := range []Response{
		{ID: "1", Output: json.RawMessage(`{"result":"<x> & y"}`)},
		{ID: odd, Output: json.RawMessage(" { \"a\" : [1, 2.50, \"\\u003c\"] }\n")},
		{ID: "2", Error: &Error{Code: "invalid_input", Message: odd}},
		{ID: "", Error: &Error{Code: CodeMalformedRequest, Message: "request is not a JSON object"}},
		{ID: "3"},
		{ID: "4", Output: json.RawMessage(`null`)},
	} {
		var want bytes.Buffer
		if err := encode(&want, resp); err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if !writeResponse(&got, resp) || got.String() != want.String() {
			t.Errorf("%+v: wrote %q, json.Encoder %q", resp, got.String(), want.String())
		}
	}
	var buf bytes.Buffer
	if writeResponse(&buf, Response{ID: "5", Output: json.RawMessage(`{"a":`)}) {
		t.Error("an output that is not JSON was written")
	}
}

// Any ID, code, message and output is written as json.Encoder writes it.
func FuzzWriteResponse(f *testing.F) {
	f.Add("1", `{"result":"x"}`, "", "")
	f.Add("\xff<&>", ` [ 1 , {"a":"\u2028"} ] `, "code", "m\x00")
	f.Fuzz(func(t *testing.T, id, output, code, message string) {
		resp := Response{ID: id, Output: json.RawMessage(output)}
		if code != "" {
			resp.Error = &Error{Code: code, Message: message}
		}
		var want, got bytes.Buffer
		err := encode(&want, resp)
		ok := writeResponse(&got, resp)
		if ok != (err == nil) || ok && got.String() != want.String() {
			t.Fatalf("%+v: wrote %q (%v), json.Encoder %q (%v)", resp, got.String(), ok, want.String(), err)
		}
	})
}

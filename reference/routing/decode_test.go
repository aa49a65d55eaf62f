package routing

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// plainString reads what json.Unmarshal reads, and takes only JSON
// strings without escapes (anything else goes to json.Unmarshal).
func TestPlainStringIsUnmarshal(t *testing.T) {
	inputs := []string{`""`, `"a"`, `"a\"b"`, `"a\\b"`, `"\u00e9"`, `"é"`, "\"\xff\"", "\"\t\"", `"a"b"`, `"a`, `a"`, `"`, ` "a"`, `"a" `, `1`, `null`}
	r := rand.New(rand.NewPCG(9, 10))
	alphabet := []string{`"`, `\`, "a", "é", "\xff", "\x01", " ", "😀", "\xed\xa0\x80"}
	for i := 0; i < 20000; i++ {
		s := `"`
		for j := r.IntN(6); j > 0; j-- {
			s += alphabet[r.IntN(len(alphabet))]
		}
		inputs = append(inputs, s+`"`)
	}
	for _, in := range inputs {
		got, ok := plainString(json.RawMessage(in))
		if !ok {
			continue
		}
		var want string
		if err := json.Unmarshal([]byte(in), &want); err != nil || got != want {
			t.Errorf("plainString(%q) = %q; json.Unmarshal gives %q, %v", in, got, want, err)
		}
	}
	if _, ok := plainString(json.RawMessage(`"plain text"`)); !ok {
		t.Error("a plain string was not read")
	}
}

// The root object is refused with the same message whether it is checked
// with json.Valid first (as it was) or only when json.Unmarshal refuses it.
func TestRootMessages(t *testing.T) {
	before := func(input json.RawMessage) string {
		var r reader
		if !json.Valid(input) {
			r.fail("", "not valid JSON")
		} else {
			r.object(input, "", "pattern", "text")
		}
		return fmt.Sprint(r.err)
	}
	for _, in := range []string{`{"pattern": "a", "text": "b"}`, ` {"pattern": "a"} `, `{"pattern": "a"} x`, `{"pattern": `, `{"x": 1}`,
		`[1]`, `[1`, `"s"`, ``, ` `, `{}`, `{"pattern": "a", "pattern": "b"}`, "{\"text\": \"\xff\"}", `{"a":1}{}`, `{ `} {
		var r reader
		r.root(json.RawMessage(in), "pattern", "text")
		if got, want := fmt.Sprint(r.err), before(json.RawMessage(in)); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
}

// members splits an object as json.Unmarshal into a map of raw messages
// does: the same keys (escaped, non-ASCII, repeated) and the same bytes
// for each value, on random valid objects; it never reads what is not an
// object of that shape.
func TestMembersIsUnmarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	ws := []string{"", " ", "\t", "\n", "\r\n "}
	keys := []string{`"a"`, `"b"`, `"a"`, `"\u0061"`, `"é"`, "\"\xff\"", `"\ud800"`, `"a\"b"`, `""`, `"}"`, `"\\"`}
	vals := []string{`1`, `-1.5e3`, `true`, `false`, `null`, `"x"`, `"a\"}]"`, `"\\"`, `[]`, `{}`, `[1,{"a":[2,"]"]}]`, `{"k":{"l":"}"}}`, "\"\xff\"", `"` + strings.Repeat("x", 300) + `"`}
	w := func() string { return ws[r.IntN(len(ws))] }
	for i := 0; i < 20000; i++ {
		var parts []string
		for n := r.IntN(5); n > 0; n-- {
			parts = append(parts, w()+keys[r.IntN(len(keys))]+w()+":"+w()+vals[r.IntN(len(vals))]+w())
		}
		doc := w() + "{" + strings.Join(parts, ",") + w() + "}" + w()
		if !json.Valid([]byte(doc)) {
			t.Fatalf("not valid: %q", doc)
		}
		got, ok := members([]byte(doc))
		var want map[string]json.RawMessage
		if err := json.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatal(err)
		}
		if !ok || !reflect.DeepEqual(rawStrings(got), rawStrings(want)) {
			t.Errorf("members(%q) = %q %v, json.Unmarshal gives %q", doc, rawStrings(got), ok, rawStrings(want))
		}
	}
	for _, doc := range []string{`[]`, `{"a":1`, `{"a" 1}`, `{"a":1,}`, `{"a":1}x`, `{a:1}`, `{"a":}`, `{"a":"1}`, `x`} {
		got, ok := members([]byte(doc))
		var want map[string]json.RawMessage
		if ok && (json.Unmarshal([]byte(doc), &want) != nil || !reflect.DeepEqual(rawStrings(got), rawStrings(want))) {
			t.Errorf("members(%q) read %q; json.Unmarshal reads %q", doc, rawStrings(got), rawStrings(want))
		}
	}
}

func rawStrings(m map[string]json.RawMessage) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

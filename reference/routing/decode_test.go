package routing

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
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

package clock

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// members and text read what json.Unmarshal reads (into a map of raw
// messages, into a string), on random objects with escaped, non-ASCII,
// invalid and repeated keys and values of every kind, and take nothing
// json.Unmarshal refuses.
func TestMembersAndTextAreUnmarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	ws := []string{"", " ", "\t", "\n", "\r\n "}
	keys := []string{`"a"`, `"b"`, `"a"`, `"\u0061"`, `"é"`, "\"\xff\"", `"\ud800"`, `"a\"b"`, `""`, `"}"`}
	vals := []string{`1`, `-1.5e3`, `true`, `null`, `"x"`, `"a\"}]"`, `"\\"`, `"\u00e9\ud83d\ude00\ud800"`, "\"\xff\"", `[]`, `{}`, `[1,{"a":[2,"]"]}]`, `01`, `"a`, `{"a":}`}
	w := func() string { return ws[r.IntN(len(ws))] }
	for i := 0; i < 20000; i++ {
		var parts []string
		for n := r.IntN(4); n > 0; n-- {
			parts = append(parts, w()+keys[r.IntN(len(keys))]+w()+":"+w()+vals[r.IntN(len(vals))]+w())
		}
		doc := []byte(w() + "{" + strings.Join(parts, ",") + w() + "}" + w())
		var want map[string]json.RawMessage
		werr := json.Unmarshal(doc, &want)
		got, ok := members(doc)
		if ok && (werr != nil || !reflect.DeepEqual(asStrings(got), asStrings(want))) {
			t.Errorf("members(%q) = %q; json.Unmarshal gives %q, %v", doc, asStrings(got), asStrings(want), werr)
		}
		if !ok && werr == nil && plainBytes(doc) {
			t.Errorf("members(%q) declined a plain object", doc)
		}
		for _, v := range vals {
			var ws string
			werr := json.Unmarshal([]byte(v), &ws)
			if s, ok := text(json.RawMessage(v)); ok && (werr != nil || s != ws) {
				t.Errorf("text(%q) = %q; json.Unmarshal gives %q, %v", v, s, ws, werr)
			}
		}
	}
}

func asStrings(m map[string]json.RawMessage) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

// plainBytes reports whether b has no backslash and no byte outside ASCII.
func plainBytes(b []byte) bool {
	for _, c := range b {
		if c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

package datetime

import (
	"encoding/json"
	"strings"
	"testing"
)

// decodeObjectBefore is decodeObject as it was (json.Valid, then a scan
// into a map): the oracle of FuzzDecodeObject. It read input as exactly one JSON object whose keys are all in
// known, each at most once (DecisionStrictRequest). encoding/json's struct
// decoding is not used because it matches keys case-insensitively, keeps the
// last of duplicate keys, and turns a wrong type into a half-filled struct;
// its streaming Decoder is not used because it allocates an error per value.
// Instead json.Valid checks the whole input, and a small scanner, which may
// rely on that validity, splits the top-level object into raw values.
func decodeObjectBefore(input []byte, known []string) (map[string]json.RawMessage, *Error) {
	if len(input) > maxInputBytes {
		return nil, newError(CodeInvalidInput, "request is larger than 64 KiB")
	}
	if !json.Valid(input) {
		var v json.RawMessage
		return nil, syntaxError(json.Unmarshal(input, &v))
	}
	i := skipSpace(input, 0)
	if input[i] != '{' {
		return nil, newError(CodeInvalidInput, "request must be a JSON object")
	}
	fields := make(map[string]json.RawMessage, len(known))
	i = skipSpace(input, i+1)
	for input[i] != '}' {
		end := stringEnd(input, i)
		key, ok := unquote(input[i:end])
		if !ok {
			return nil, newError(CodeInvalidInput, "request has an unreadable key")
		}
		i = skipSpace(input, skipSpace(input, end)+1) // past the colon
		vend := valueEnd(input, i)
		if !contains(known, key) {
			return nil, newError(CodeInvalidInput, "unknown field "+quote(key)+" (fields are "+strings.Join(known, ", ")+")")
		}
		if _, dup := fields[key]; dup {
			return nil, newError(CodeInvalidInput, "field "+quote(key)+" appears more than once")
		}
		fields[key] = input[i:vend]
		i = skipSpace(input, vend)
		if input[i] == ',' {
			i = skipSpace(input, i+1)
		}
	}
	return fields, nil
}

// The scanners below run only on input that json.Valid accepted, so they
// never meet an unterminated string or an unbalanced bracket.

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the string that starts at b[i] == '"'.
func stringEnd(b []byte, i int) int {
	for j := i + 1; ; j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
}

// valueEnd returns the index just past the value that starts at b[i].
func valueEnd(b []byte, i int) int {
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; ; j++ {
			switch b[j] {
			case '"':
				j = stringEnd(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
	}
	j := i // a number, true, false or null runs to a delimiter
	for j < len(b) && !strings.ContainsRune(",}] \t\n\r", rune(b[j])) {
		j++
	}
	return j
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// The one-pass decodeObject answers every input exactly as the two-pass
// one did: the same error (code and message) or the same members.
func FuzzDecodeObject(f *testing.F) {
	for _, s := range append(append([]string{}, mathSeeds...), formatSeeds...) {
		f.Add([]byte(s))
	}
	for _, s := range []string{``, ` `, `[]`, `[1,2`, `null`, `{}`, `{} x`, `{"operation":"diff",}`, `{"nope":1,"operation":1,"operation":2}`,
		`{"operation":1,"operation":2,"nope":1}`, `{"oper\u0061tion":"diff","nope":[}`, `{"nope":1} {`, "{\"\xff\":1}", `{"a":01}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { agreeDecodeObject(t, data) })
}

func agreeDecodeObject(t *testing.T, data []byte) {
	t.Helper()
	for _, known := range [][]string{mathKeys, formatKeys} {
		got, e := decodeObject(data, known)
		want, we := decodeObjectBefore(data, known)
		if (e == nil) != (we == nil) || e != nil && (e.Code != we.Code || e.Message != we.Message) {
			t.Fatalf("%q: decodeObject %v, before %v", data, e, we)
		}
		if e != nil {
			continue
		}
		if got.count() != len(want) {
			t.Fatalf("%q: %d members, before %d", data, got.count(), len(want))
		}
		for k, v := range want {
			if raw, ok := got.get(k); !ok || string(raw) != string(v) {
				t.Fatalf("%q: member %q is %q, before %q", data, k, raw, v)
			}
		}
	}
}

func TestDecodeObjectAsBefore(t *testing.T) {
	for _, s := range append(append([]string{}, mathSeeds...), formatSeeds...) {
		agreeDecodeObject(t, []byte(s))
	}
	// The oracle tells errors apart: syntax first, then the first bad key.
	_, e := decodeObject([]byte(`{"nope":1,"operation":"a","operation":"b"} x`), mathKeys)
	if e == nil || !strings.Contains(e.Message, "not valid JSON") {
		t.Fatalf("trailing garbage: %v", e)
	}
	_, e = decodeObject([]byte(`{"operation":"a","operation":"b","nope":1}`), mathKeys)
	if e == nil || !strings.Contains(e.Message, "more than once") {
		t.Fatalf("repeated key first: %v", e)
	}
}

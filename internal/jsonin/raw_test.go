package jsonin

import "testing"

func TestRepeatsAKey(t *testing.T) {
	for in, want := range map[string]bool{
		`{"a":1,"b":2}`:           false,
		`{"a":1,"a":1}`:           true,
		`{"a":{"b":1,"b":2}}`:     true,
		`[{"a":1},{"a":2}]`:       false,
		`[{"x":[{"k":1,"k":1}]}]`: true,
		`{"a":"a","b":{"a":1}}`:   false,
		`{"\u0061":1,"a":2}`:      true, // the same name, escaped
		`not json`:                false,
		`{"a":1,"A":2}`:           false, // names are case-sensitive
	} {
		if got := RepeatsAKey([]byte(in)); got != want {
			t.Errorf("RepeatsAKey(%s) = %v, want %v", in, got, want)
		}
	}
}

func TestTrimSpaceTrimsOnlyJSONWhiteSpace(t *testing.T) {
	for in, want := range map[string]string{
		" \t\r\n{}\n ": "{}",
		"{}\v":         "{}\v",
		"\f{}":         "\f{}",
		"\u00a0{}":     "\u00a0{}",
		"":             "",
		" \t ":         "",
	} {
		if got := string(TrimSpace([]byte(in))); got != want {
			t.Errorf("TrimSpace(%q) = %q, want %q", in, got, want)
		}
	}
}

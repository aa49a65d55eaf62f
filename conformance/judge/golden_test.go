package judge

import "testing"

func TestEqualApartComparesAllButTheOpenPoints(t *testing.T) {
	golden := `{"output":{"items":[{"a":1,"b":"x"}],"weekday":"Sunday","weekday_index":7}}`
	sunday0 := `{"output":{"items":[{"a":1,"b":"x"}],"weekday":"Sunday","weekday_index":0}}`
	elsewhere := `{"output":{"items":[{"a":2,"b":"x"}],"weekday":"Sunday","weekday_index":0}}`
	refused := `{"error":{"code":"invalid_timestamp"}}`
	otherCode := `{"error":{"code":"empty_shift"}}`
	openIndex := Open{Fields: map[string]bool{"weekday_index": true}}
	labels := Open{Declared: func(n string) bool { return n == "label" || n == "note" }}
	openNested := Open{Fields: map[string]bool{"items.0.a": true}}
	cases := []struct {
		name      string
		got, want string
		open      Open
		equal     bool
	}{
		{"identical", golden, golden, Open{}, true},
		{"closed difference", sunday0, golden, Open{}, false},
		{"open field differs", sunday0, golden, openIndex, true},
		{"difference outside the open field", elsewhere, golden, openIndex, false},
		{"open nested field", `{"output":{"items":[{"a":2,"b":"x"}],"weekday":"Sunday","weekday_index":7}}`, golden, openNested, true},
		{"refused where the golden answers, kind closed", refused, golden, openIndex, false},
		{"refused where the golden answers, kind open", refused, golden, Open{Kind: true}, true},
		{"another code, code closed", otherCode, refused, Open{Kind: true}, false},
		{"another code, code open", otherCode, refused, Open{Code: true}, true},
		{"an open code does not open the output", sunday0, golden, Open{Code: true}, false},
		{"a declared member the golden lacks", `{"output":{"items":[{"a":1,"b":"x","label":"Allow"}],"weekday":"Sunday","weekday_index":7,"note":"n"}}`, golden, labels, true},
		{"an undeclared member the golden lacks (a map's entry)", `{"output":{"items":[{"a":1,"b":"x","agent:main:chat:dm":{}}],"weekday":"Sunday","weekday_index":7}}`, golden, labels, false},
		{"a member the golden lacks, nothing declared", `{"output":{"items":[{"a":1,"b":"x","label":"Allow"}],"weekday":"Sunday","weekday_index":7}}`, golden, Open{}, false},
		{"a declared member the golden lacks beside a difference", `{"output":{"items":[{"a":2,"b":"x","label":"Allow"}],"weekday":"Sunday","weekday_index":7}}`, golden, labels, false},
		{"a member of the golden missing", `{"output":{"items":[{"a":1}],"weekday":"Sunday","weekday_index":7}}`, golden, Open{}, false},
		{"a member of the golden null", `{"output":{"items":[{"a":1,"b":null}],"weekday":"Sunday","weekday_index":7}}`, golden, Open{}, false},
		{"an extra element of an array", `{"output":{"items":[{"a":1,"b":"x"},{"a":1,"b":"x"}],"weekday":"Sunday","weekday_index":7}}`, golden, Open{}, false},
	}
	for _, c := range cases {
		got, err := EqualApart([]byte(c.got), []byte(c.want), c.open)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.equal {
			t.Errorf("%s: EqualApart = %v, want %v", c.name, got, c.equal)
		}
	}
}

// The first difference is named by its JSON pointer, with both values.
func TestFirstDifferenceNamesThePlace(t *testing.T) {
	golden := `{"output":{"card":{"options":[{"value":"allow"},{"value":"deny"}]},"n":1}}`
	labels := Open{Declared: func(n string) bool { return n == "title" }}
	for _, c := range []struct {
		got, ptr, want, gotAt string
		open                  Open
	}{
		{`{"output":{"card":{"options":[{"value":"allow","label":"Allow"},{"value":"deny"}]},"n":1}}`, "/output/card/options/0/label", "", `"Allow"`, Open{}},
		{`{"output":{"card":{"options":[{"value":"allow"},{"value":"nope"}]},"n":1}}`, "/output/card/options/1/value", `"deny"`, `"nope"`, Open{}},
		{`{"output":{"card":{"options":[{"value":"allow"}]},"n":1}}`, "/output/card/options/1", `{"value":"deny"}`, "", Open{}},
		{`{"output":{"card":{"options":[{"value":"allow"},{"value":"deny"}],"title":"T"},"n":2}}`, "/output/n", "1", "2", labels},
		{`{"error":{"code":"x"}}`, "/error", "", `{"code":"x"}`, Open{}},
	} {
		ptr, w, g, ok := FirstDifference([]byte(c.got), []byte(golden), c.open)
		if !ok || ptr != c.ptr || w != c.want || g != c.gotAt {
			t.Errorf("%s: got %q %q %q %v, want %q %q %q", c.got, ptr, w, g, ok, c.ptr, c.want, c.gotAt)
		}
	}
	if _, _, _, ok := FirstDifference([]byte(golden), []byte(golden), Open{}); ok {
		t.Error("an answer equal to its golden differs")
	}
}

package tzdb

import (
	"strings"
	"testing"
)

// Canonical answers an exactly spelled name with itself, without folding:
// that is the folded answer only because no two names differ just in case.
func TestNoTwoNamesDifferOnlyInCase(t *testing.T) {
	seen := map[string]string{}
	for _, n := range Names() {
		if other, dup := seen[strings.ToLower(n)]; dup {
			t.Fatalf("%s and %s differ only in case", other, n)
		}
		seen[strings.ToLower(n)] = n
	}
	if len(seen) < 400 {
		t.Fatalf("only %d names", len(seen))
	}
	for _, tc := range []struct{ in, want string }{
		{"Europe/Oslo", "Europe/Oslo"}, {"europe/oslo", "Europe/Oslo"}, {"EUROPE/OSLO", "Europe/Oslo"}, {"Factory", ""}, {"factory", ""},
		{"Europe/Nowhere", ""}, {"", ""},
	} {
		if got, ok := Canonical(tc.in); got != tc.want || ok != (tc.want != "") {
			t.Errorf("Canonical(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

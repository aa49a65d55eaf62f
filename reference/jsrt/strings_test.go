package jsrt

import (
	"math"
	"strconv"
	"testing"
	"unicode/utf8"
)

// TestTrimEveryCodePoint checks, for every code point, that Trim's predicate
// holds exactly when Node's trim strips it (testdata/trim_space.txt); the
// corpus below runs Trim itself on each of them at both ends and inside.
func TestTrimEveryCodePoint(t *testing.T) {
	space := map[rune]bool{}
	for _, r := range hexCodes(t, readLines(t, "testdata/trim_space.txt")) {
		space[r] = true
	}
	if len(space) != 25 {
		t.Fatalf("trim_space.txt has %d code points, Node 20 has 25", len(space))
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		// The predicate Trim and ParseInt10 use; calling Trim itself 1.1
		// million times would take most of the package's time budget.
		if isStrWhiteSpace(r) != space[r] {
			t.Errorf("isStrWhiteSpace(%U) = %v; JS strips it: %v", r, !space[r], space[r])
		}
	}
}

func TestTrimCorpus(t *testing.T) {
	n, bad := 0, 0
	n = eachJSON(t, "testdata/trim_corpus.jsonl", func(c struct{ S, Trim string }) {
		if got := Trim(c.S); got != c.Trim {
			bad++
			t.Errorf("Trim(%q) = %q, Node says %q", c.S, got, c.Trim)
		}
	})
	t.Logf("%d cases, %d agree with Node", n, n-bad)
}

func TestParseInt10Corpus(t *testing.T) {
	n, bad := 0, 0
	n = eachJSON(t, "testdata/parseint_corpus.jsonl", func(c struct {
		S string
		V *string
	}) {
		got, ok := ParseInt10(c.S)
		switch {
		case c.V == nil:
			if ok || !math.IsNaN(got) {
				bad++
				t.Errorf("ParseInt10(%q) = %v, %v; Node says NaN", c.S, got, ok)
			}
		default:
			want, err := strconv.ParseFloat(*c.V, 64) // also reads "Infinity" and "-0"
			if err != nil {
				t.Fatalf("corpus value %q: %v", *c.V, err)
			}
			// Compare bits so that -0 and +0 differ.
			if !ok || math.Float64bits(got) != math.Float64bits(want) {
				bad++
				t.Errorf("ParseInt10(%q) = %v, %v; Node says %s", c.S, got, ok, *c.V)
			}
		}
	})
	t.Logf("%d cases, %d agree with Node", n, n-bad)
}

// TestParseInt10Quirks pins the cases v1's interval scheduling depends on,
// readable without the corpus.
func TestParseInt10Quirks(t *testing.T) {
	for s, want := range map[string]float64{
		"60000abc": 60000, "1e3": 1, " 42": 42, "+5": 5, "0x10": 0,
		"99999999999999999999": 1e20, "\u00a0\ufeff7": 7,
	} {
		if got, ok := ParseInt10(s); !ok || got != want {
			t.Errorf("ParseInt10(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
	for _, s := range []string{"abc", "", "\u0663", "\u0085 1", "- 1"} {
		if got, ok := ParseInt10(s); ok {
			t.Errorf("ParseInt10(%q) = %v; want NaN", s, got)
		}
	}
	if got, _ := ParseInt10("-0"); !math.Signbit(got) {
		t.Errorf("ParseInt10(\"-0\") = %v; want -0", got)
	}
}

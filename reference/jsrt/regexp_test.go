package jsrt

import (
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestFoldIgnoreCaseAllUnits checks all 65,536 UTF-16 units against Node:
// testdata/fold_exceptions.txt lists the units whose canonical value differs
// from unicode.ToUpper; every other unit must fold to unicode.ToUpper's value.
func TestFoldIgnoreCaseAllUnits(t *testing.T) {
	want := map[uint16]uint16{}
	for _, l := range readLines(t, "testdata/fold_exceptions.txt") {
		f := strings.Fields(l)
		u, err1 := strconv.ParseUint(f[0], 16, 16)
		c, err2 := strconv.ParseUint(f[1], 16, 16)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", l)
		}
		want[uint16(u)] = uint16(c)
	}
	if len(want) == 0 {
		t.Fatal("fold_exceptions.txt is empty")
	}
	bad := 0
	for i := 0; i < 0x10000; i++ {
		u := uint16(i)
		w, ok := want[u]
		if !ok {
			w = uint16(unicode.ToUpper(rune(u)))
		}
		if got := FoldIgnoreCase(u); got != w {
			if bad++; bad < 20 {
				t.Errorf("FoldIgnoreCase(%U) = %U, Node says %U", rune(u), rune(got), rune(w))
			}
		}
	}
	t.Logf("65536 units, %d agree with Node", 65536-bad)
}

// TestFoldIgnoreCaseExamples pins the cases the trigger pattern relies on.
func TestFoldIgnoreCaseExamples(t *testing.T) {
	for u, want := range map[uint16]uint16{
		'a': 'A', 'A': 'A', '@': '@', 0x00E9: 0x00C9, // é → É
		0x0131: 0x0131, 0x017F: 0x017F, // ı, ſ do not fold to ASCII I, S
		0x212A: 0x212A, 0x00DF: 0x00DF, // Kelvin sign; ß (upper case "SS" is two units)
		0x00B5: 0x039C, // µ → Μ, as μ does
		0xD800: 0xD800, // a lone surrogate folds to itself
	} {
		if got := FoldIgnoreCase(u); got != want {
			t.Errorf("FoldIgnoreCase(%U) = %U, want %U", rune(u), rune(got), rune(want))
		}
	}
}

// TestIsWordUnit: Node's /\w/ and /\w/i both match exactly these 63 units
// (measured over all 65,536; no Kelvin sign, no long s).
func TestIsWordUnit(t *testing.T) {
	n := 0
	for i := 0; i < 0x10000; i++ {
		u := uint16(i)
		r := rune(u)
		want := r == '_' || (r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)))
		if IsWordUnit(u) != want {
			t.Errorf("IsWordUnit(%U) = %v", r, !want)
		}
		if want {
			n++
		}
	}
	if n != 63 {
		t.Errorf("%d word units, want 63", n)
	}
}

package timestamps

import "testing"

// whiteSpace is Unicode's White_Space property (PropList.txt), which is what
// Ruby's [[:space:]] matches in a UTF-8 string.
var whiteSpace = map[rune]bool{
	0x09: true, 0x0A: true, 0x0B: true, 0x0C: true, 0x0D: true, 0x20: true, 0x85: true, 0xA0: true,
	0x1680: true, 0x2000: true, 0x2001: true, 0x2002: true, 0x2003: true, 0x2004: true, 0x2005: true,
	0x2006: true, 0x2007: true, 0x2008: true, 0x2009: true, 0x200A: true, 0x2028: true, 0x2029: true,
	0x202F: true, 0x205F: true, 0x3000: true,
}

func TestIsBlankIsExactlyWhiteSpace(t *testing.T) {
	for r := rune(0); r <= 0x10FFFF; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		if got := IsBlank(string(r)); got != whiteSpace[r] {
			t.Errorf("IsBlank(%U) = %v, want %v", r, got, whiteSpace[r])
		}
	}
}

func TestIsBlank(t *testing.T) {
	for _, c := range []struct {
		in   string
		want bool
	}{
		{"", true},
		{"   ", true},
		{"\t\n\v\f\r", true},
		{"\u00a0\u3000\u0085", true},
		{"\u200b", false}, // zero-width space is a format character
		{"\ufeff", false}, // JavaScript's trim would strip it; Ruby's blank? does not
		{"\u180e", false}, // white space only before Unicode 6.3
		{" x ", false},
		{"\xff", false}, // invalid UTF-8 is not white space
	} {
		if got := IsBlank(c.in); got != c.want {
			t.Errorf("IsBlank(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

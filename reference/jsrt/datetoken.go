package jsrt

// This file is the tokenizer of V8's date parser (src/date/dateparser*.{h,cc}
// in V8 11.3, the engine of Node 20), rewritten in Go. It works on UTF-16
// code units because V8 does.

// none marks a missing component (V8's kNone, kMaxInt).
const none = 1<<31 - 1

// maxSignificantDigits: digits of a numeral after the 9th significant one
// are read but ignored, so a number token never overflows an int32.
const maxSignificantDigits = 9

type tokenKind int8

const (
	tokInvalid tokenKind = iota // the ISO parser failed for good
	tokUnknown                  // any other character, or a parenthesised comment
	tokSpace                    // one white-space or line-terminator unit
	tokNumber                   // a run of ASCII digits
	tokSymbol                   // one of : - + . )
	tokEnd                      // end of input (or a U+0000 unit)
	tokWord                     // a word; kw says which keyword, if any
)

type keyword int8

const (
	kwNone keyword = iota // a word that is no keyword
	kwMonth
	kwZone
	kwTimeSep // "t"
	kwAmPm
)

type token struct {
	kind   tokenKind
	kw     keyword
	length int // in UTF-16 units
	value  int // number value, symbol, or keyword value
}

func (t token) isNumber() bool           { return t.kind == tokNumber }
func (t token) isNumberLen(n int) bool   { return t.kind == tokNumber && t.length == n }
func (t token) isSymbol(c byte) bool     { return t.kind == tokSymbol && t.value == int(c) }
func (t token) isSign() bool             { return t.isSymbol('+') || t.isSymbol('-') }
func (t token) isKeyword(k keyword) bool { return t.kind == tokWord && t.kw == k }

// sign is +1 for '+' and -1 for '-'.
func (t token) sign() int {
	if t.value == '-' {
		return -1
	}
	return 1
}

// isZ is the one-letter zone word "z"/"Z" (not "ut", "utc" or "gmt").
func (t token) isZ() bool { return t.isKeyword(kwZone) && t.length == 1 && t.value == 0 }

// keywords is V8's KeywordTable: a word matches an entry when its first three
// letters (ASCII-lower-cased, zero-padded) equal the entry's, and it is at
// most three units long unless it is a month name ("January", "Janxyz").
var keywords = []struct {
	prefix [3]rune
	kw     keyword
	value  int
}{
	{[3]rune{'j', 'a', 'n'}, kwMonth, 1}, {[3]rune{'f', 'e', 'b'}, kwMonth, 2},
	{[3]rune{'m', 'a', 'r'}, kwMonth, 3}, {[3]rune{'a', 'p', 'r'}, kwMonth, 4},
	{[3]rune{'m', 'a', 'y'}, kwMonth, 5}, {[3]rune{'j', 'u', 'n'}, kwMonth, 6},
	{[3]rune{'j', 'u', 'l'}, kwMonth, 7}, {[3]rune{'a', 'u', 'g'}, kwMonth, 8},
	{[3]rune{'s', 'e', 'p'}, kwMonth, 9}, {[3]rune{'o', 'c', 't'}, kwMonth, 10},
	{[3]rune{'n', 'o', 'v'}, kwMonth, 11}, {[3]rune{'d', 'e', 'c'}, kwMonth, 12},
	{[3]rune{'a', 'm'}, kwAmPm, 0}, {[3]rune{'p', 'm'}, kwAmPm, 12},
	{[3]rune{'u', 't'}, kwZone, 0}, {[3]rune{'u', 't', 'c'}, kwZone, 0},
	{[3]rune{'z'}, kwZone, 0}, {[3]rune{'g', 'm', 't'}, kwZone, 0},
	{[3]rune{'c', 'd', 't'}, kwZone, -5}, {[3]rune{'c', 's', 't'}, kwZone, -6},
	{[3]rune{'e', 'd', 't'}, kwZone, -4}, {[3]rune{'e', 's', 't'}, kwZone, -5},
	{[3]rune{'m', 'd', 't'}, kwZone, -6}, {[3]rune{'m', 's', 't'}, kwZone, -7},
	{[3]rune{'p', 'd', 't'}, kwZone, -7}, {[3]rune{'p', 's', 't'}, kwZone, -8},
	{[3]rune{'t'}, kwTimeSep, 0},
}

func lookupKeyword(prefix [3]rune, length int) (keyword, int) {
	for _, k := range keywords {
		if k.prefix == prefix && (length <= 3 || k.kw == kwMonth) {
			return k.kw, k.value
		}
	}
	return kwNone, 0
}

// scanner yields tokens with one token of look-ahead (V8's
// DateStringTokenizer over its InputReader).
type scanner struct {
	in   []uint16
	pos  int // index of the unit after ch
	ch   rune
	next token
}

func newScanner(in []uint16) *scanner {
	s := &scanner{in: in}
	s.advance()
	s.next = s.scan()
	return s
}

// advance reads the next unit; past the end ch is 0. V8 also treats a U+0000
// unit as the end, so "2024-01-01\x00junk" parses as "2024-01-01".
func (s *scanner) advance() {
	if s.pos < len(s.in) {
		s.ch = rune(s.in[s.pos])
	} else {
		s.ch = 0
	}
	s.pos++
}

func (s *scanner) peek() token { return s.next }

func (s *scanner) take() token {
	t := s.next
	s.next = s.scan()
	return t
}

// skipSymbol consumes the next token if it is the symbol c.
func (s *scanner) skipSymbol(c byte) bool {
	if s.next.isSymbol(c) {
		s.next = s.scan()
		return true
	}
	return false
}

// isWordUnit: V8 reads a word as a run of units >= 'A' ("[", "_", "~" and all
// non-ASCII included), but Node 20's V8 stops at WhiteSpace (U+00A0, U+FEFF,
// Zs…), while line terminators U+2028/U+2029 are word units. Measured with
// Node: "foo\u00a02024-01-01" parses, "foo\u20282024-01-01" does not.
func isWordUnit(c rune) bool { return c >= 'A' && !isWhiteSpace(c) }

func (s *scanner) scan() token {
	start := s.pos
	c := s.ch
	switch {
	case c == 0:
		return token{kind: tokEnd}
	case c >= '0' && c <= '9':
		// Leading zeros do not count towards the nine significant digits
		// (Node: "0000110530" is the year 110530, and ".019000000701" is
		// 190 ms because the fraction's length still counts them).
		for s.ch == '0' {
			s.advance()
		}
		n, i := 0, 0
		for s.ch >= '0' && s.ch <= '9' {
			if i < maxSignificantDigits {
				n = n*10 + int(s.ch-'0')
			}
			i++
			s.advance()
		}
		return token{kind: tokNumber, length: s.pos - start, value: n}
	case c == ':' || c == '-' || c == '+' || c == '.' || c == ')':
		s.advance()
		return token{kind: tokSymbol, length: 1, value: int(c)}
	case isWordUnit(c):
		var prefix [3]rune
		n := 0
		for ; isWordUnit(s.ch); n++ {
			if n < 3 {
				prefix[n] = s.ch | 0x20 // V8's AsciiAlphaToLower, applied to any unit
			}
			s.advance()
		}
		kw, v := lookupKeyword(prefix, n)
		return token{kind: tokWord, kw: kw, length: n, value: v}
	case isStrWhiteSpace(c):
		s.advance()
		return token{kind: tokSpace, length: 1}
	case c == '(':
		// A parenthesised comment, nested, possibly unclosed (then it runs
		// to the end).
		depth := 0
		for {
			if s.ch == ')' {
				depth--
			} else if s.ch == '(' {
				depth++
			}
			s.advance()
			if depth <= 0 || s.ch == 0 {
				break
			}
		}
		return token{kind: tokUnknown, length: 1}
	default:
		s.advance()
		return token{kind: tokUnknown, length: 1}
	}
}

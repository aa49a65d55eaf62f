package routing

import (
	"sort"
	"strconv"
	"strings"
)

// Character sets of a non-unicode JavaScript RegExp, as sets of UTF-16 code
// units, and their translation into Go character classes over the runes that
// unitString produces.

type urange struct{ lo, hi uint16 }

// rangeSet is a set of code units; normalize makes it sorted and disjoint.
type rangeSet []urange

func unitSet(u uint16) rangeSet { return rangeSet{{u, u}} }

var (
	digitSet = rangeSet{{'0', '9'}}
	// wordSet is \w without the u and i flags: ASCII only.
	wordSet = rangeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	// spaceSet is \s: ECMAScript WhiteSpace and LineTerminator, the same
	// set String.prototype.trim strips (jsrt.Trim), measured in Node 20 for
	// all 65,536 units. U+0085 and U+180E are not in it.
	spaceSet = rangeSet{{0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680},
		{0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F},
		{0x3000, 0x3000}, {0xFEFF, 0xFEFF}}
	// dotSet is `.` without the s flag: every unit but the four line
	// terminators (\n, \r, U+2028, U+2029). U+0085 (NEL) is matched.
	dotSet = rangeSet{{0x0A, 0x0A}, {0x0D, 0x0D}, {0x2028, 0x2029}}.complement()
)

func (s rangeSet) normalize() rangeSet {
	if len(s) == 0 {
		return s
	}
	c := append(rangeSet(nil), s...)
	sort.Slice(c, func(i, j int) bool { return c[i].lo < c[j].lo })
	out := rangeSet{c[0]}
	for _, r := range c[1:] {
		last := &out[len(out)-1]
		if uint32(r.lo) <= uint32(last.hi)+1 {
			if r.hi > last.hi {
				last.hi = r.hi
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// complement is every code unit not in s.
func (s rangeSet) complement() rangeSet {
	var out rangeSet
	next := uint32(0)
	for _, r := range s.normalize() {
		if uint32(r.lo) > next {
			out = append(out, urange{uint16(next), r.lo - 1})
		}
		next = uint32(r.hi) + 1
	}
	if next <= 0xFFFF {
		out = append(out, urange{uint16(next), 0xFFFF})
	}
	return out
}

// goClass is a Go regexp class matching exactly the runes that stand for
// the set's units (see unitRune): ranges are split around the surrogate
// block, whose units live in plane 15.
//
// A set of one unit is written as that rune alone (\x{78}, not [\x{78}]):
// Go's parser turns a class of one rune into that literal anyway (the same
// tree, the same program), and a long pattern of plain characters is parsed
// many times faster without a class for each.
func (s rangeSet) goClass() string {
	if len(s) == 1 && s[0].lo == s[0].hi {
		return string(appendHexRune(nil, unitRune(s[0].lo)))
	}
	var b []byte
	b = append(b, '[')
	n := 0
	emit := func(lo, hi rune) {
		n++
		b = appendHexRune(b, lo)
		if lo != hi {
			b = append(b, '-')
			b = appendHexRune(b, hi)
		}
	}
	for _, r := range s.normalize() {
		lo, hi := r.lo, r.hi
		if lo < 0xD800 {
			emit(rune(lo), rune(min(hi, 0xD7FF)))
		}
		if hi >= 0xD800 && lo <= 0xDFFF {
			emit(unitRune(max(lo, 0xD800)), unitRune(min(hi, 0xDFFF)))
		}
		if hi > 0xDFFF {
			emit(rune(max(lo, 0xE000)), rune(hi))
		}
	}
	if n == 0 { // [] never matches
		return `[^\x{0}-\x{10FFFF}]`
	}
	b = append(b, ']')
	return string(b)
}

// appendHexRune writes r as Go's regexp escape \x{HEX}, in upper case.
func appendHexRune(b []byte, r rune) []byte {
	b = append(b, `\x{`...)
	b = append(b, strings.ToUpper(strconv.FormatInt(int64(r), 16))...)
	return append(b, '}')
}

package jsrt

import "unicode"

// FoldIgnoreCase is ECMAScript's Canonicalize(ch) for a RegExp with the `i`
// flag and without the `u` flag, applied to one UTF-16 code unit: the
// upper-case form of the unit when String.prototype.toUpperCase turns it
// into exactly one code unit, except that a non-ASCII unit never maps to an
// ASCII one (so U+0131 ı and U+017F ſ do not match i and s). Two units match
// each other under /…/i exactly when their FoldIgnoreCase values are equal.
//
// unicode.ToUpper (Go's simple case mapping, Unicode 15) agrees with Node 20
// (ICU 78, Unicode 17) on all but a few units: those whose full upper-case
// mapping has more than one code unit (ᾀ → ἈΙ, ᾳ → ΑΙ: V8 keeps the unit) and
// those whose case pair is newer than Go's tables. foldExceptions lists them;
// the test checks all 65,536 units against the table Node produced.
func FoldIgnoreCase(u uint16) uint16 {
	if v, ok := foldExceptions[u]; ok {
		return v
	}
	r := unicode.ToUpper(rune(u))
	if r > 0xFFFF || (u >= 0x80 && r < 0x80) {
		return u
	}
	return uint16(r)
}

// IsWordUnit reports whether a UTF-16 code unit is in \w for a non-unicode
// RegExp: [A-Za-z0-9_]. Even with the `i` flag, \w and \b stay ASCII-only
// without the `u` flag (U+017F and U+212A are not word characters).
func IsWordUnit(u uint16) bool {
	return u == '_' || (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z')
}

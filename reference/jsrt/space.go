package jsrt

// isWhiteSpace reports whether u is an ECMAScript WhiteSpace code point:
// TAB, VT, FF, ZWNBSP (U+FEFF) and the Unicode category Zs (which contains
// U+0020 and U+00A0). The Zs list is written out rather than taken from
// unicode.Zs so that it is pinned to what Node 20 measured, not to the Go
// toolchain's Unicode version. U+180E (Zs before Unicode 6.3) and U+0085
// (NEL, which Go's unicode.IsSpace accepts) are not white space in JS.
func isWhiteSpace(u rune) bool {
	switch u {
	case '\t', '\v', '\f', ' ', 0x00A0, 0x1680, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return u >= 0x2000 && u <= 0x200A
}

// isLineTerminator reports whether u is an ECMAScript LineTerminator.
func isLineTerminator(u rune) bool {
	return u == '\n' || u == '\r' || u == 0x2028 || u == 0x2029
}

// isStrWhiteSpace is the set that trim and parseInt skip
// (ECMAScript StrWhiteSpaceChar: WhiteSpace or LineTerminator).
func isStrWhiteSpace(u rune) bool {
	return isWhiteSpace(u) || isLineTerminator(u)
}

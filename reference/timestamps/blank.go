package timestamps

import "unicode"

// IsBlank is Rails' String#blank?: empty, or made only of characters that
// Ruby's /[[:space:]]/ matches in a UTF-8 string. That class is the Unicode
// White_Space property (tab to carriage return, space, U+0085, U+00A0,
// U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), which is
// exactly Go's unicode.IsSpace. It is not JavaScript's trim set: U+0085 is
// blank here and U+FEFF is not; U+200B and U+180E are not blank either.
func IsBlank(s string) bool {
	for _, r := range s {
		if !unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

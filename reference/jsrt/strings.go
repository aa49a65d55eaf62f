package jsrt

import (
	"math"
	"strconv"
	"strings"
)

// Trim is String.prototype.trim: strips ECMAScript WhiteSpace and
// LineTerminator code points at both ends. It differs from strings.TrimSpace:
// U+0085 is not JS white space, U+FEFF and U+1680…U+3000's Zs members are.
// Bytes that are not valid UTF-8 are never white space and are kept as they are.
func Trim(s string) string {
	return strings.TrimFunc(s, isStrWhiteSpace)
}

// ParseInt10 is parseInt(s, 10): leading JS white space skipped, an optional
// sign, then the longest run of ASCII decimal digits; anything after it is
// ignored ("60000abc" → 60000, "1e3" → 1, "0x10" → 0). ok=false means NaN
// (no digit right after the optional sign; other scripts' digits such as
// Arabic-Indic ones do not count). The result is a float64 because JS numbers
// are doubles: "99999999999999999999" gives 1e20, very long runs give
// ±Inf, and "-0" gives negative zero, as in V8.
func ParseInt10(s string) (v float64, ok bool) {
	s = strings.TrimLeftFunc(s, isStrWhiteSpace)
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 {
		return math.NaN(), false
	}
	// V8 converts the digit run with a correctly rounded strtod, as
	// strconv.ParseFloat does; a run too long for a double is ±Inf in both
	// (ParseFloat reports ErrRange and returns ±Inf, which is the JS value).
	v, _ = strconv.ParseFloat(s[:n], 64)
	if neg {
		v = -v
	}
	return v, true
}

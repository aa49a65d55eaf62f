package jsonin

import (
	"strconv"
	"strings"
)

// maxExponent bounds the exponents Whole expands: a whole number written
// with a larger one would need that many digits. Every bound a schema of
// the kit writes is far inside it.
const maxExponent = 400

// Whole reports whether the JSON number n has no fractional part, read
// exactly (never through float64: 3.0000000000000001 is not whole), and
// returns it as a plain integer literal: "3.0" → "3", "9e1" → "90",
// "-0" → "0", "12345678901234567890123" as it is. This is JSON Schema's
// "integer". A number whose exponent exceeds maxExponent in magnitude is
// reported as not whole rather than expanded.
func Whole(n string) (string, bool) {
	sign := ""
	s := n
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	exp := 0
	if hasExp {
		e, err := strconv.Atoi(strings.TrimPrefix(expText, "+"))
		if err != nil || e > maxExponent || e < -maxExponent {
			return "", false
		}
		exp = e
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" || strings.Trim(intPart+frac, "0123456789") != "" {
		return "", false // not a JSON number
	}
	digits := intPart + frac
	point := len(intPart) + exp // digits before the decimal point
	if point < 0 {
		point = 0
	}
	if point >= len(digits) {
		digits += strings.Repeat("0", point-len(digits))
	} else if strings.Trim(digits[point:], "0") != "" {
		return "", false // a non-zero digit after the point
	} else {
		digits = digits[:point]
	}
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return "0", true
	}
	return sign + digits, true
}

package spec

import (
	"encoding/json"
	"strconv"
	"strings"
)

// jsonschema/v5 reads a number with math/big.Rat wherever it checks
// "integer", a bound or multipleOf, and dereferences the result without
// checking it: a valid JSON number whose exponent math/big refuses (beyond
// about a million in magnitude, e.g. 1e-1000000000) panics inside the
// library. tameNumbers gives the validator, in place of each such number,
// one it can read that no keyword of ours tells apart from it: the same
// sign, whole exactly when the original is whole, and beyond every bound a
// schema here writes (|x| ≥ 1e400 or 0 < |x| ≤ 1e-400).
func tameNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		return tameNumber(x)
	case map[string]any:
		for k, e := range x {
			x[k] = tameNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = tameNumbers(e)
		}
	}
	return v
}

// tameBound is the order of magnitude past which a number is replaced.
const tameBound = 400

func tameNumber(n json.Number) json.Number {
	s := string(n)
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	if !hasExp {
		return n // no exponent: math/big reads any plain decimal of a bounded input
	}
	intPart, frac, _ := strings.Cut(mant, ".")
	digits := strings.TrimLeft(intPart+frac, "0")
	if strings.Trim(digits, "0") == "" {
		return "0"
	}
	// The decimal exponent of the first significant digit: the number is
	// 0.d1d2… × 10^(order+1).
	lead := len(intPart+frac) - len(digits) // leading zeros before the first significant digit
	exp, err := strconv.ParseInt(strings.TrimPrefix(expText, "+"), 10, 64)
	if err != nil || exp > 1<<40 || exp < -(1<<40) {
		// an exponent too long for int64 is beyond every bound anyway
		if strings.HasPrefix(expText, "-") {
			return json.Number(sign + "1e-" + strconv.Itoa(tameBound))
		}
		return json.Number(sign + "1e" + strconv.Itoa(tameBound))
	}
	order := int64(len(intPart)) - 1 - int64(lead) + exp
	switch {
	case order >= tameBound:
		return json.Number(sign + "1e" + strconv.Itoa(tameBound)) // whole, like every number this large
	case order <= -tameBound:
		return json.Number(sign + "1e-" + strconv.Itoa(tameBound)) // not whole, like every number this small
	}
	if e := exp - int64(len(frac)); e >= -1e5 && e <= 1e5 {
		return n // math/big reads it as it is
	}
	// A moderate number written with a huge exponent and as many digits to
	// make up for it: the same value in plain decimal notation.
	digits = strings.TrimRight(digits, "0") // trailing zeros of the significand change nothing once placed
	point := order + 1                      // digits before the decimal point
	var b strings.Builder
	b.WriteString(sign)
	switch {
	case point <= 0:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", int(-point)))
		b.WriteString(digits)
	case point >= int64(len(digits)):
		b.WriteString(digits)
		b.WriteString(strings.Repeat("0", int(point)-len(digits)))
	default:
		b.WriteString(digits[:point])
		b.WriteString(".")
		b.WriteString(digits[point:])
	}
	return json.Number(b.String())
}

package datetime

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// span is right − left as a sign and a magnitude in whole seconds plus
// nanoseconds. time.Time.Sub is not used: a time.Duration saturates at about
// 292 years, and diff must be exact across 0000-9999.
type span struct {
	sign int   // -1, 0, 1
	sec  int64 // magnitude, whole seconds
	nsec int64 // magnitude, 0 ≤ nsec < 1e9
}

func newSpan(left, right time.Time) span {
	sec := right.Unix() - left.Unix()
	nsec := int64(right.Nanosecond() - left.Nanosecond())
	if nsec < 0 {
		sec, nsec = sec-1, nsec+1e9
	}
	switch {
	case sec < 0:
		// −(sec + nsec/1e9) = (−sec−1) + (1e9−nsec)/1e9
		if nsec == 0 {
			return span{sign: -1, sec: -sec}
		}
		return span{sign: -1, sec: -sec - 1, nsec: 1e9 - nsec}
	case sec == 0 && nsec == 0:
		return span{}
	}
	return span{sign: 1, sec: sec, nsec: nsec}
}

// in expresses the span in a unit of unit seconds, rounded half away from
// zero to 10 decimal places and written as the shortest exact decimal, never
// in exponent form (DecisionDiffNumbers). Rounding the magnitude and then
// applying the sign makes diff(a, b) the exact negation of diff(b, a).
func (s span) in(unit int64) json.Number {
	whole, rem := s.sec/unit, s.sec%unit
	// The fraction in units of 1e-10: (rem·1e9 + nsec)·10 / unit. rem < 86,400,
	// so this stays far below the int64 limit.
	num := (rem*1e9 + s.nsec) * 10
	frac := num / unit
	if 2*(num%unit) >= unit {
		frac++
	}
	if frac == 1e10 {
		whole, frac = whole+1, 0
	}
	var b strings.Builder
	// A sub-1e-10 magnitude rounds to 0, written without a sign: "-0" is
	// valid JSON but reads like a different number.
	if s.sign < 0 && (whole != 0 || frac != 0) {
		b.WriteByte('-')
	}
	b.WriteString(strconv.FormatInt(whole, 10))
	if frac != 0 {
		f := strconv.FormatInt(frac, 10)
		b.WriteByte('.')
		b.WriteString(strings.Repeat("0", 10-len(f)))
		b.WriteString(strings.TrimRight(f, "0"))
	}
	return json.Number(b.String())
}

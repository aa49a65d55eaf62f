package datetime

import (
	"sync"
	"time"
)

// timestampShape is quoted in every invalid_timestamp message so a model can
// repair its input without a second guess.
const timestampShape = "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)"

// parseTimestamp reads s as an RFC 3339 date-time (RFC 3339 §5.6) and nothing
// else: see DecisionRFC3339 for every corner. It is hand-written because Go's
// time.Parse(time.RFC3339, …) is looser (one-digit hours, offsets up to
// +99:59, a leading sign on fields) and its errors are not model-readable.
// field names the request field in messages.
func parseTimestamp(field, s string) (time.Time, *Error) {
	bad := func(why string) (time.Time, *Error) {
		return time.Time{}, newError(CodeInvalidTimestamp,
			field+" must be an RFC 3339 date-time "+timestampShape+": "+why)
	}
	// Date and time of day: fixed positions.
	if len(s) < 19 || s[4] != '-' || s[7] != '-' || s[13] != ':' || s[16] != ':' {
		return bad("wrong shape")
	}
	if s[10] != 'T' && s[10] != 't' {
		return bad("date and time must be separated by T")
	}
	year, ok1 := digits(s[0:4])
	month, ok2 := digits(s[5:7])
	day, ok3 := digits(s[8:10])
	hour, ok4 := digits(s[11:13])
	minute, ok5 := digits(s[14:16])
	sec, ok6 := digits(s[17:19])
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return bad("every field must be written with its full number of digits")
	}
	if month < 1 || month > 12 {
		return bad("month must be 01-12")
	}
	if day < 1 || day > daysIn(year, time.Month(month)) {
		return bad("day does not exist in that month")
	}
	if hour > 23 {
		return bad("hour must be 00-23")
	}
	if minute > 59 {
		return bad("minute must be 00-59")
	}
	if sec == 60 {
		return bad("leap seconds (:60) cannot be represented")
	}
	if sec > 59 {
		return bad("second must be 00-59")
	}

	// Optional fraction: 1 to 9 digits, i.e. down to the nanosecond that
	// time.Time can hold; more would have to be dropped silently.
	rest := s[19:]
	nsec := 0
	if len(rest) > 0 && rest[0] == '.' {
		n := 1
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		frac := rest[1:n]
		if len(frac) == 0 {
			return bad("a fraction needs at least one digit after the dot")
		}
		if len(frac) > 9 {
			return bad("at most 9 fractional digits (nanoseconds)")
		}
		v, _ := digits(frac)
		for range 9 - len(frac) {
			v *= 10
		}
		nsec = v
		rest = rest[n:]
	}

	// Offset: Z, or ±HH:MM with HH 00-23 and MM 00-59 (RFC 3339 time-numoffset).
	var offset int
	switch {
	case rest == "Z" || rest == "z":
	case len(rest) == 0:
		return bad("missing UTC offset (Z or +HH:MM)")
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := digits(rest[1:3])
		om, ok2 := digits(rest[4:6])
		if !ok1 || !ok2 || oh > 23 || om > 59 {
			return bad("offset must be +HH:MM or -HH:MM with HH 00-23 and MM 00-59")
		}
		offset = oh*3600 + om*60
		if rest[0] == '-' {
			// -00:00 ("UTC known, local offset unknown") is the UTC instant.
			offset = -offset
		}
	default:
		return bad("offset must be Z, +HH:MM or -HH:MM and end the timestamp")
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, fixedZone(offset)), nil
}

// digits parses an all-ASCII-digit string; no sign, no spaces.
func digits(s string) (int, bool) {
	v := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, len(s) > 0
}

// daysIn is the length of month m in year y of the proleptic Gregorian
// calendar (year 0 is a leap year, as in ISO 8601 and Go).
func daysIn(y int, m time.Month) int {
	switch m {
	case time.February:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case time.April, time.June, time.September, time.November:
		return 30
	}
	return 31
}

var fixedZones sync.Map // offset seconds → *time.Location

// fixedZone is the location of a bare numeric offset: time.UTC for zero (so
// it prints as Z), otherwise a cached fixed zone named like its label.
func fixedZone(offset int) *time.Location {
	if offset == 0 {
		return time.UTC
	}
	if loc, ok := fixedZones.Load(offset); ok {
		return loc.(*time.Location)
	}
	loc, _ := fixedZones.LoadOrStore(offset, time.FixedZone(fixedZoneName(offset), offset))
	return loc.(*time.Location)
}

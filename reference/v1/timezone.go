package v1

import (
	"strconv"
	"time"

	"github.com/clockspec/clockspec/reference/jsrt"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// IsValidTimezone is v1's isValidTimezone: whatever Intl.DateTimeFormat
// accepts on Node 20 — tzdb names and links in any letter case, ICU's legacy
// IDs — and nothing else ("", "Local", "IST-2", "+05:30" are all invalid).
func IsValidTimezone(tz string) bool {
	_, ok := tzdb.LookupIntl(tz)
	return ok
}

// ResolveTimezone is v1's resolveTimezone: the name itself (not a canonical
// spelling) when valid, else "UTC".
func ResolveTimezone(tz string) string {
	if IsValidTimezone(tz) {
		return tz
	}
	return "UTC"
}

// intlLocation is the zone Intl computes with for a name that IsValidTimezone
// accepts, and UTC otherwise (the fallback of resolveTimezone).
func intlLocation(tz string) *time.Location {
	if tz == "" {
		return time.UTC // no zone is named "" (tested): the usual process zone, at once
	}
	if loc, ok := tzdb.LookupIntl(tz); ok {
		return loc
	}
	return time.UTC
}

// FormatLocalTime is v1's formatLocalTime: `new Date(utcIso)` shown with
// toLocaleString('en-US', {month: 'short', day, year: 'numeric', hour:
// 'numeric', minute: '2-digit', hour12: true}) in the resolved zone, e.g.
// "Jan 1, 2024, 1:30 PM". Node 20 / ICU 78 put U+0020 before AM/PM; the year
// is the era year without padding or era (year 0 prints as 1, -1 as 2).
func FormatLocalTime(utcIso, tz, processTZ string) string {
	return string(appendLocalTime(make([]byte, 0, 24), utcIso, intlLocation(tz), intlLocation(processTZ), nil))
}

// appendLocalTime appends FormatLocalTime's text to b, in loc, parsing
// offset-less timestamps in processLoc. day, if not nil, keeps the date
// text of the last local day it wrote, for the next time of a batch.
func appendLocalTime(b []byte, utcIso string, loc, processLoc *time.Location, day *dayText) []byte {
	sec, ok := storedSeconds(utcIso)
	if !ok {
		ms, ok := jsrt.ParseDateMillis(utcIso, processLoc)
		if !ok {
			return append(b, "Invalid Date"...)
		}
		sec = jsrt.FloorDiv(ms, 1000)
	}
	// One zone lookup (often none: tzdb.ZoneAt remembers recent periods):
	// the offset at the instant, then the fields of the wall clock at that
	// offset (each of Year, Month, Day, Hour, Minute in the zone would
	// evaluate its rule again).
	_, offset := tzdb.ZoneAt(loc, sec)
	local := sec + int64(offset)
	days := jsrt.FloorDiv(local, 86400)
	if day != nil && day.n > 0 && day.days == days {
		// "Mar 10, 2024, " is a function of the day alone.
		b = append(b, day.text[:day.n]...)
	} else {
		start := len(b)
		year, month, dayOfMonth, _, _ := civil(local)
		if year <= 0 {
			year = 1 - year
		}
		b = append(b, monthAbbrev[month-1]...)
		b = appendSmall(b, dayOfMonth)
		b = append(b, ", "...)
		if year >= 1000 && year <= 9999 {
			y := int(year)
			b = append(b, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10))
		} else {
			b = strconv.AppendInt(b, year, 10)
		}
		b = append(b, ", "...)
		if day != nil && len(b)-start <= len(day.text) {
			day.days, day.n = days, copy(day.text[:], b[start:])
		}
	}
	minutes := int(local-days*86400) / 60
	hour24, minute := minutes/60, minutes%60
	hour := hour24 % 12
	if hour == 0 {
		hour = 12
	}
	half := " AM"
	if hour24 >= 12 {
		half = " PM"
	}
	b = appendSmall(b, hour)
	b = append(b, ':', byte('0'+minute/10), byte('0'+minute%10))
	return append(b, half...)
}

// dayText is the date text appendLocalTime wrote for a local day (days
// since 1970-01-01 in the zone; n 0: none yet). The times of a batch are
// mostly of one day or a few.
type dayText struct {
	days int64
	text [24]byte
	n    int
}

// appendSmall appends n (0 ≤ n < 100) in decimal, without padding.
func appendSmall(b []byte, n int) []byte {
	if n < 10 {
		return append(b, byte('0'+n))
	}
	return append(b, byte('0'+n/10), byte('0'+n%10))
}

// storedSeconds is floor(jsrt.ParseDateMillis(s) / 1000) for the one
// shape nearly every stored timestamp has, "2024-01-01T10:00:00.000Z" or
// "2024-01-01T10:00:00Z", with every field in the range the parser accepts
// (the same ranges as jsrt's own shortcut; a day past its month's end
// counts on, as MakeDay does). ok=false for anything else, which the full
// parser decides: a shortcut, never a second grammar. A time value of a
// four-digit year is always inside JavaScript's range, and the offset is 0.
func storedSeconds(s string) (sec int64, ok bool) {
	var w [3]uint64 // the shape's three words: "2024-01-", "01T10:00", ":00.000Z"
	switch len(s) {
	case 24:
		w = [3]uint64{loadWord(s), loadWord(s[8:]), loadWord(s[16:])}
	case 20: // ":00Z" is the third word's first half
		w = [3]uint64{loadWord(s), loadWord(s[8:]), loadWord(s[12:]) >> 32}
	default:
		return 0, false
	}
	shape := &stampShapes[(len(s)-20)/4]
	for k, x := range w {
		// The separators exactly; at the digits' places, a high nibble of 3
		// and a low one of at most 9 (adding 6 keeps it under 0x40).
		digits := shape.digits[k]
		if x&^digits != shape.separators[k] || x&digits&(ones*0xF0) != ones*0x30&digits ||
			(x&digits+ones*0x06&digits)&(ones*0xF0) != ones*0x30&digits {
			return 0, false
		}
	}
	// Each byte of pairs is ten times its digit plus the next one's (at
	// most 99: no carry), so a two-digit field is one byte of it.
	pairs := func(x uint64) uint64 { v := x & (ones * 0x0F); return v*10 + v>>8 }
	p0, p1, p2 := pairs(w[0]), pairs(w[1]), pairs(w[2])
	byteAt := func(x uint64, k int) int { return int(x >> (8 * k) & 0xFF) }
	year := int64(byteAt(p0, 0)*100 + byteAt(p0, 2))
	month, day := byteAt(p0, 5), byteAt(p1, 0)
	hour, minute, second := byteAt(p1, 3), byteAt(p1, 6), byteAt(p2, 1)
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59 {
		return 0, false
	}
	days := jsrt.DaysFromCivil(year, month) + int64(day) - 1
	return days*86400 + int64(hour*3600+minute*60+second), true
}

// stampShapes are the two shapes storedSeconds reads, as words: the bytes
// of the separators, and a mask of the digits' places.
var stampShapes = func() (t [2]struct{ separators, digits [3]uint64 }) {
	for k, shape := range []string{"0000-00-00T00:00:00Z    ", "0000-00-00T00:00:00.000Z"} {
		if k == 0 { // as storedSeconds loads it: the last word is ":00Z"
			shape = shape[:16] + ":00Z" + "\x00\x00\x00\x00"
		}
		for j := range 3 {
			for i, c := range []byte(shape[8*j : 8*j+8]) {
				if c == '0' {
					t[k].digits[j] |= 0xFF << (8 * i)
				} else {
					t[k].separators[j] |= uint64(c) << (8 * i)
				}
			}
		}
	}
	return t
}()

// monthAbbrev is each month's short name with the space after it.
var monthAbbrev = [12]string{"Jan ", "Feb ", "Mar ", "Apr ", "May ", "Jun ", "Jul ", "Aug ", "Sep ", "Oct ", "Nov ", "Dec "}

// civil is the proleptic Gregorian date and the time of day of a count of
// seconds since 1970-01-01T00:00:00.
func civil(sec int64) (year int64, month, day, hour, minute int) {
	days := jsrt.FloorDiv(sec, 86400)
	rem := sec - days*86400
	year, month, day = jsrt.CivilFromDays(days)
	return year, month, day, int(rem / 3600), int(rem / 60 % 60)
}

// ConfigTimezone is the outcome of ResolveConfigTimezone.
type ConfigTimezone struct {
	Timezone string
	Source   string // env, dotenv, system or default
}

// ResolveConfigTimezone is v1's resolveConfigTimezone: the first candidate
// that is non-empty and valid, in the order process env TZ, .env TZ, the
// system's Intl zone; else UTC.
func ResolveConfigTimezone(envTZ, dotenvTZ, systemTZ string) ConfigTimezone {
	for _, c := range []ConfigTimezone{{envTZ, "env"}, {dotenvTZ, "dotenv"}, {systemTZ, "system"}} {
		if c.Timezone != "" && IsValidTimezone(c.Timezone) {
			return c
		}
	}
	return ConfigTimezone{"UTC", "default"}
}

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
	return string(appendLocalTime(make([]byte, 0, 24), utcIso, intlLocation(tz), intlLocation(processTZ)))
}

// appendLocalTime appends FormatLocalTime's text to b, in loc, parsing
// offset-less timestamps in processLoc.
func appendLocalTime(b []byte, utcIso string, loc, processLoc *time.Location) []byte {
	ms, ok := jsrt.ParseDateMillis(utcIso, processLoc)
	if !ok {
		return append(b, "Invalid Date"...)
	}
	// One zone lookup (often none: tzdb.ZoneAt remembers recent periods):
	// the offset at the instant, then the fields of the wall clock at that
	// offset (each of Year, Month, Day, Hour, Minute in the zone would
	// evaluate its rule again).
	sec := floorDiv(ms, 1000)
	_, offset := tzdb.ZoneAt(loc, sec)
	year, month, day, hour24, minute := civil(sec + int64(offset))
	if year <= 0 {
		year = 1 - year
	}
	hour := hour24 % 12
	if hour == 0 {
		hour = 12
	}
	half := "AM"
	if hour24 >= 12 {
		half = "PM"
	}
	b = append(b, monthAbbrev[month-1]...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(day), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, year, 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(hour), 10)
	b = append(b, ':', byte('0'+minute/10), byte('0'+minute%10), ' ')
	return append(b, half...)
}

var monthAbbrev = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// civil is the proleptic Gregorian date and the time of day of a count of
// seconds since 1970-01-01T00:00:00 (H. Hinnant's civil_from_days).
func civil(sec int64) (year int64, month, day, hour, minute int) {
	days := floorDiv(sec, 86400)
	rem := sec - days*86400
	hour, minute = int(rem/3600), int(rem/60%60)
	z := days + 719468
	era := floorDiv(z, 146097)
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	day = int(doy - (153*mp+2)/5 + 1)
	month = int(mp + 3)
	if month > 12 {
		month -= 12
	}
	year = yoe + era*400
	if month <= 2 {
		year++
	}
	return year, month, day, hour, minute
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
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

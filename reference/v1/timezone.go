package v1

import (
	"math"
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
	zone := zoneCache{loc: intlLocation(tz)}
	return string(appendLocalTime(make([]byte, 0, 24), utcIso, &zone, intlLocation(processTZ)))
}

// zoneCache is a zone and the period around the last instant looked up in
// it, during which its offset holds: the messages of a batch are mostly
// within one such period, and a lookup past a zone's last transition
// evaluates its rule each time.
type zoneCache struct {
	loc        *time.Location
	valid      bool
	start, end int64 // Unix seconds; the period is [start, end)
	offset     int   // seconds east of UTC
}

// offsetAt is the zone's offset at t.
func (z *zoneCache) offsetAt(t time.Time) int {
	sec := t.Unix()
	if z.valid && z.start <= sec && sec < z.end {
		return z.offset
	}
	lt := t.In(z.loc)
	_, z.offset = lt.Zone()
	start, end := lt.ZoneBounds()
	z.start, z.end = math.MinInt64, math.MaxInt64
	if !start.IsZero() {
		z.start = start.Unix()
	}
	if !end.IsZero() {
		z.end = end.Unix()
	}
	z.valid = true
	return z.offset
}

// appendLocalTime appends FormatLocalTime's text to b, in the zone of
// zone, parsing offset-less timestamps in processLoc.
func appendLocalTime(b []byte, utcIso string, zone *zoneCache, processLoc *time.Location) []byte {
	t, ok := jsrt.ParseDate(utcIso, processLoc)
	if !ok {
		return append(b, "Invalid Date"...)
	}
	// One zone lookup: the offset at t, then the fields of t shifted by it
	// read in UTC (each of Year, Month, Day, Hour, Minute in the zone would
	// evaluate its rule again).
	off := zone.offsetAt(t)
	wall := t.UTC().Add(time.Duration(off) * time.Second)
	year, month, day := wall.Date()
	hour24, minute, _ := wall.Clock()
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
	b = append(b, month.String()[:3]...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(day), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(year), 10)
	b = append(b, ", "...)
	b = strconv.AppendInt(b, int64(hour), 10)
	b = append(b, ':', byte('0'+minute/10), byte('0'+minute%10), ' ')
	return append(b, half...)
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

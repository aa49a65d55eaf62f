package v1

import (
	"fmt"
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
	t, ok := jsrt.ParseDate(utcIso, intlLocation(processTZ))
	if !ok {
		return "Invalid Date"
	}
	lt := t.In(intlLocation(tz))
	year := lt.Year()
	if year <= 0 {
		year = 1 - year
	}
	hour := lt.Hour() % 12
	if hour == 0 {
		hour = 12
	}
	half := "AM"
	if lt.Hour() >= 12 {
		half = "PM"
	}
	return fmt.Sprintf("%s %d, %d, %d:%02d %s", lt.Month().String()[:3], lt.Day(), year, hour, lt.Minute(), half)
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

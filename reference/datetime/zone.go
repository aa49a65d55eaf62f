package datetime

import (
	"sync"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// msgInvalidTimezone is the PRD's own message, kept verbatim.
const msgInvalidTimezone = "target_timezone must be a valid IANA timezone"

// resolveZone turns a target_timezone into its canonical IANA spelling and
// location (DecisionTimezoneNames). Only the embedded, pinned tzdata is
// consulted, never the host's, so "Local" and "" can never leak the server's
// zone into a deterministic answer.
func resolveZone(name string) (string, *time.Location, *Error) {
	exact, ok := tzdb.Canonical(name)
	if !ok {
		return "", nil, newError(CodeInvalidTimezone, msgInvalidTimezone)
	}
	loc, err := tzdb.Load(exact)
	if err != nil {
		// Canonical said the name exists, so the embedded data is broken.
		return "", nil, newError(CodeInternalError, "cannot load time zone "+quote(exact)+": "+err.Error())
	}
	return exact, loc, nil
}

// fixedZoneName is what datetime_format reports as `timezone` for a bare
// numeric offset (DecisionFixedOffsetLabels): "UTC" or "UTC+03:00". It is
// deliberately not an IANA name, so nobody mistakes it for a zone with rules.
func fixedZoneName(offset int) string {
	if offset == 0 {
		return "UTC"
	}
	return "UTC" + formatOffset(offset)
}

// fixedZoneAbbrev is the `long` style's TZ for a bare numeric offset, written
// the way tzdata writes a zone without an English abbreviation (Etc/GMT-3
// prints "+03", Asia/Kathmandu "+0545"): "UTC", "+03", "-0930".
func fixedZoneAbbrev(offset int) string {
	if offset == 0 {
		return "UTC"
	}
	sign := byte('+')
	if offset < 0 {
		sign, offset = '-', -offset
	}
	h, m := offset/3600, offset/60%60
	b := []byte{sign, byte('0' + h/10), byte('0' + h%10)}
	if m != 0 {
		b = append(b, byte('0'+m/10), byte('0'+m%10))
	}
	return string(b)
}

// formatOffset writes an offset in seconds as ±HH:MM, or ±HH:MM:SS for the
// pre-1972 local mean times that are not whole minutes (DecisionOffsetSeconds).
func formatOffset(offset int) string {
	sign := byte('+')
	if offset < 0 {
		sign, offset = '-', -offset
	}
	h, m, s := offset/3600, offset/60%60, offset%60
	b := []byte{sign, byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)}
	if s != 0 {
		b = append(b, ':', byte('0'+s/10), byte('0'+s%10))
	}
	return string(b)
}

// checkRFC3339 reports why t, in its own location, cannot be written as an
// RFC 3339 date-time (DecisionOutputRange): a year outside 0000-9999, or an
// offset with seconds, which Go would silently truncate to minutes and so
// print a different instant.
func checkRFC3339(t time.Time, what string) *Error {
	if y := t.Year(); y < 0 || y > 9999 {
		return newError(CodeOutOfRange, what+" falls outside years 0000-9999, which RFC 3339 cannot write")
	}
	if name, off := t.Zone(); off%60 != 0 {
		return newError(CodeOutOfRange, what+" is in a UTC offset with seconds ("+name+" "+formatOffset(off)+
			"), which RFC 3339 cannot write")
	}
	return nil
}

// formatRFC3339 is the one output spelling of an instant: Z for a zero offset,
// fraction only when non-zero and without trailing zeros (DecisionZeroOffset,
// DecisionFractions).
func formatRFC3339(t time.Time) string { return t.Format(time.RFC3339Nano) }

// inZone is t.In(loc) for reading: t in a fixed zone with the name and
// offset loc has at t. Year, Zone and Format read the same from it, and
// after this one lookup none of them looks up again (a zone past its last
// listed transition evaluates its rule at every lookup).
func inZone(t time.Time, loc *time.Location) time.Time {
	name, offset := zoneAt(t, loc)
	key := namedOffset{name, offset}
	z, ok := namedZones.Load(key)
	if !ok {
		z, _ = namedZones.LoadOrStore(key, time.FixedZone(name, offset))
	}
	return t.In(z.(*time.Location))
}

type namedOffset struct {
	name   string
	offset int
}

// namedZones holds the fixed zones inZone made: a few per zone in use.
var namedZones sync.Map // namedOffset → *time.Location

// zoneAt is t.In(loc).Zone(), through tzdb.ZoneAt, which remembers the
// zone's recent periods: requests mostly ask about the present, and a lookup
// past a zone's last listed transition evaluates its rule each time.
func zoneAt(t time.Time, loc *time.Location) (name string, offset int) {
	return tzdb.ZoneAt(loc, t.Unix())
}

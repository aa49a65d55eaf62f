package clock

import (
	"fmt"
	"regexp"
	"time"
)

// instantPattern is RFC 3339 with an explicit offset, as the state file and
// every operation write instants: an upper-case T, seconds always present, an
// optional fraction of up to nine digits, and Z or ±hh:mm. It is the same
// pattern as the state schema's iso_instant, so the file format and the Go
// code accept exactly the same strings.
var instantPattern = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$`)

// ParseInstant reads an RFC 3339 instant with an offset. A string without an
// offset is refused: a local date-time is floating (§4.3), not an instant.
// Calendar validity (February 30, hour 24, offset minutes 60) is checked too.
func ParseInstant(s string) (time.Time, error) {
	if !instantPattern.MatchString(s) {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 instant with an offset (e.g. 2026-02-10T12:02:00+09:00)", s)
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a valid instant: %v", s, err)
	}
	if _, off := t.Zone(); off <= -24*3600 || off >= 24*3600 {
		return time.Time{}, fmt.Errorf("%q has an offset of 24 hours or more", s)
	}
	return t, nil
}

// layout prints seconds always and a fraction only when it is not zero,
// without trailing zeros: an instant is written exactly as precise as it is.
const layout = "2006-01-02T15:04:05.999999999-07:00"

// FormatInstant writes t in loc as ISO 8601 with a numeric offset, e.g.
// 2026-02-10T12:02:00+09:00 (UTC is written +00:00, not Z: to_iso always
// states an offset). It fails when the offset is not a whole number of
// minutes (local mean time before a zone adopted standard time, such as
// Africa/Monrovia's -00:44:30 until 1972), which ISO 8601 cannot write, and
// for years outside 0000–9999.
func FormatInstant(t time.Time, loc *time.Location) (string, error) {
	lt := t.In(loc)
	if _, off := lt.Zone(); off%60 != 0 {
		return "", &OffsetError{Zone: loc.String(), Seconds: off}
	}
	if y := lt.Year(); y < 0 || y > 9999 {
		return "", fmt.Errorf("the year %d cannot be written in ISO 8601 with four digits", y)
	}
	return lt.Format(layout), nil
}

// formatUTC writes t in UTC with Z, the form used where no zone applies.
func formatUTC(t time.Time) (string, error) {
	u := t.UTC()
	if y := u.Year(); y < 0 || y > 9999 {
		return "", fmt.Errorf("the year %d cannot be written in ISO 8601 with four digits", y)
	}
	return u.Format("2006-01-02T15:04:05.999999999Z07:00"), nil
}

// OffsetError reports a UTC offset that is not a whole number of minutes.
type OffsetError struct {
	Zone    string
	Seconds int
}

func (e *OffsetError) Error() string {
	sign, s := "+", e.Seconds
	if s < 0 {
		sign, s = "-", -s
	}
	return fmt.Sprintf("%s is at UTC%s%02d:%02d:%02d there, an offset that is not a whole number of minutes", e.Zone, sign, s/3600, s/60%60, s%60)
}

// OffsetMinutes is the DST-aware UTC offset of loc at t in minutes (§4.4
// offset_minutes). It fails for offsets that are not whole minutes rather
// than rounding them.
func OffsetMinutes(loc *time.Location, t time.Time) (int, error) {
	_, off := t.In(loc).Zone()
	if off%60 != 0 {
		return 0, &OffsetError{Zone: loc.String(), Seconds: off}
	}
	return off / 60, nil
}

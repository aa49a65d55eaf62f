package timestamps

import (
	"strconv"
	"time"
)

// The seed's thresholds: ActiveSupport's 1.hour and 24.hours, compared with
// a strict ">" so that a gap of exactly one hour is still "recent" and a gap
// of exactly 24 hours still gets "24h later".
const (
	oneHour = time.Hour
	oneDay  = 24 * time.Hour
)

// MinuteOf is the seed's same_minute? key, created_at.to_i / 60: whole
// seconds since the Unix epoch divided by 60, both divisions rounding toward
// negative infinity as Ruby's Time#to_i and Integer#/ do (so 1969-12-31
// 23:59:30Z is minute -1, not 0). It is a UTC minute: in a zone whose offset
// is not a whole number of minutes (Africa/Monrovia's -0:44:30 until 1972)
// two instants of one UTC minute can show different local minutes, and the
// other way round.
func MinuteOf(t time.Time) int64 {
	s := t.Unix() // floor: the nanoseconds of a Time are always in [0, 1e9)
	m := s / 60
	if s%60 < 0 {
		m--
	}
	return m
}

// SameMinute is the seed's same_minute?(msg1, msg2).
func SameMinute(a, b time.Time) bool { return MinuteOf(a) == MinuteOf(b) }

// GapHours is the seed's (gap / 1.hour).round for a gap in (1 h, 24 h]:
// Ruby's Float#round rounds half away from zero, so 1.5 h is 2 and 2.5 h is
// 3 (a banker's rounding would say 2). The integer form is exact and equals
// the Float computation for every gap of whole nanoseconds in that range.
func GapHours(gap time.Duration) int64 {
	if gap < 0 {
		return -int64((-gap + oneHour/2) / oneHour)
	}
	return int64((gap + oneHour/2) / oneHour)
}

// MessageTimestamp is the seed's format_timestamp_for_message: nothing when
// the previous message is in the same UTC minute (checked first, whatever
// the gap's sign); the full date and time for the first message or after a
// gap of more than 24 hours; the time and "Nh later" after more than one
// hour; the time alone otherwise, which includes a negative gap (a previous
// message that is later than this one). Gaps are measured between instants,
// so a daylight-saving change never alters them; the times shown are the
// zone's wall-clock times. ok is false when there is no timestamp.
func MessageTimestamp(at time.Time, previous *time.Time, z Zone) (stamp string, ok bool) {
	if previous != nil && SameMinute(at, *previous) {
		return "", false
	}
	if previous == nil {
		return "[" + FormatDateMinute(at, z.Loc) + "]", true
	}
	gap := at.Sub(*previous) // saturates instead of overflowing beyond ±292 years
	switch {
	case gap > oneDay:
		return "[" + FormatDateMinute(at, z.Loc) + "]", true
	case gap > oneHour:
		return "[" + FormatClock(at, z.Loc) + ", " + strconv.FormatInt(GapHours(gap), 10) + "h later]", true
	default:
		return "[" + FormatClock(at, z.Loc) + "]", true
	}
}

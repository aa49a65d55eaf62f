package timestamps

import (
	"regexp"
	"time"
)

// instantPattern is the shape of every instant the profile reads (message
// created_at, previous created_at, now): RFC 3339 with an upper-case T and Z,
// at most nine fractional digits and a numeric offset of at most 23:59. It is
// checked before time.Parse because Go's parser also accepts a comma before
// the fraction, which the input schema does not. The operations' inputs
// have this shape already (the input schema's pattern, checked before an
// operation runs), so they are read with time.Parse alone (ops.go);
// ParseInstant is for instants from anywhere else.
var instantPattern = regexp.MustCompile(`^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]{1,9})?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$`)

// InstantShapeOK reports whether s has the shape of an instant.
func InstantShapeOK(s string) bool { return instantPattern.MatchString(s) }

// ParseInstant reads an instant of the right shape. ok is false for a date
// the calendar does not have (February 30, April 31, February 29 of a
// common year): the shape is right but there is no such instant.
func ParseInstant(s string) (t time.Time, ok bool) {
	if !InstantShapeOK(s) {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

package routing

import (
	"regexp"
	"time"
)

// Instants in and out of the profile are RFC 3339 date-times with at most
// millisecond precision (JavaScript's Date and SQLite's stored times have
// no more), an explicit Z or offset, and an upper-case T.
var instantRE = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$`)

// isoMillis is how instants are written: UTC with milliseconds, as
// JavaScript's toISOString prints them.
const isoMillis = "2006-01-02T15:04:05.000Z"

// ParseInstant reads an instant; ok is false for anything else (including a
// calendar date that does not exist, such as February 30).
func ParseInstant(s string) (time.Time, bool) {
	if !instantRE.MatchString(s) {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, false
	}
	return t, true
}

// FormatInstant writes an instant as UTC with milliseconds.
func FormatInstant(t time.Time) string { return t.UTC().Format(isoMillis) }

package routing

import "time"

// Instants in and out of the profile are RFC 3339 date-times with at most
// millisecond precision (JavaScript's Date and SQLite's stored times have
// no more), an explicit Z or offset, and an upper-case T: the input schema's
// $defs/instant says so (its pattern, and format date-time for a day the
// calendar has), and reference.Call refuses every other string before an
// operation reads it.

// isoMillis is how instants are written: UTC with milliseconds, as
// JavaScript's toISOString prints them.
const isoMillis = "2006-01-02T15:04:05.000Z"

// ParseInstant reads an instant the input schema has accepted; ok is false
// for a string Go's RFC 3339 parser refuses (February 30 included), which
// only an input the schema has not seen can be.
func ParseInstant(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

// FormatInstant writes an instant as UTC with milliseconds.
func FormatInstant(t time.Time) string { return t.UTC().Format(isoMillis) }

// Package datetime is the reference implementation of the two deterministic
// tools of seed 003: datetime_math (diff, shift, weekday, convert_timezone)
// and datetime_format (short, long, date_only, time_only, weekday_date).
//
// Two doors lead in: the typed ExecuteDatetimeMath / ExecuteDatetimeFormat,
// and MathJSON / FormatJSON, which take the raw JSON request and return the
// compact JSON payload of the PRD or an *Error. Everything the PRD leaves
// open is decided in decisions.go. Zones come only from the pinned tzdata in
// package tzdb, never from the host, so every machine gives the same bytes.
package datetime

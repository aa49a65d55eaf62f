package timestamps

import (
	"strconv"
	"time"
)

// The three layouts the seed passes to strftime, written out by hand so
// that every field is what Ruby prints: %Y has at least four digits and a
// negative year is "-" followed by four digits (Ruby's strftime uses width 5
// for a negative year, sign included), %m %d %H %M %S are two digits, the
// clock is 24-hour. Seconds are dropped, never rounded.

// wall is t's wall-clock reading in loc, as a UTC time with the same
// fields. The zone is looked up once: for instants past the last transition
// in the data, every lookup evaluates the zone's POSIX rule, and Date, Hour
// and Minute on a zoned time would each do it again.
func wall(t time.Time, loc *time.Location) time.Time {
	_, offset := t.In(loc).Zone()
	return t.UTC().Add(time.Duration(offset) * time.Second)
}

// FormatDateMinute is strftime('%Y-%m-%d %H:%M') of t in loc.
func FormatDateMinute(t time.Time, loc *time.Location) string {
	l := wall(t, loc)
	y, mo, d := l.Date()
	h, m, _ := l.Clock()
	return year(y) + "-" + two(int(mo)) + "-" + two(d) + " " + two(h) + ":" + two(m)
}

// FormatClock is strftime('%H:%M') of t in loc.
func FormatClock(t time.Time, loc *time.Location) string {
	h, m, _ := wall(t, loc).Clock()
	return two(h) + ":" + two(m)
}

// FormatISOSeconds is strftime('%Y-%m-%dT%H:%M:%S') of t in loc.
func FormatISOSeconds(t time.Time, loc *time.Location) string {
	l := wall(t, loc)
	y, mo, d := l.Date()
	h, m, s := l.Clock()
	return year(y) + "-" + two(int(mo)) + "-" + two(d) + "T" + two(h) + ":" + two(m) + ":" + two(s)
}

func two(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func year(y int) string {
	if y < 0 {
		return "-" + pad4(-y)
	}
	return pad4(y)
}

func pad4(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}

package cronparser

import (
	"errors"
	"math"
	"sync"
	"time"
)

// jsDateLimit is the largest distance from the epoch, in ms, that a
// JavaScript Date (and so a luxon DateTime) can hold.
const jsDateLimit = 8.64e15

// errInvalidDate stands for luxon's invalid DateTime: an instant beyond the
// JavaScript Date range. cron-parser never reaches it from a date v1 could
// hold within its loop limit; it is reported rather than guessed.
var errInvalidDate = errors.New("cronparser: the date left JavaScript's Date range")

// dateTime is the part of luxon 3.7's DateTime that cron-parser uses: an
// instant in ms and a zone. luxon recomputes the offset from the instant
// whenever it builds a new DateTime, so the offset is not state here.
type dateTime struct {
	ts  int64
	loc *time.Location
}

// civil is luxon's calendar object c: the wall-clock fields of an instant.
type civil struct {
	year, month, day, hour, minute, second, millisecond int
}

// offset is the zone's offset at ts, in seconds (luxon keeps minutes; the
// comparisons and sums it does come out the same).
func (d dateTime) offset() int64 { return offsetAt(d.loc, d.ts) }

// offsetAt is the offset of loc at instant ts (ms), in seconds. The search
// asks for the same zone period thousands of times, and a zone's rules for
// dates past its last listed transition are recomputed on every lookup, so
// the last period seen in each zone is remembered.
func offsetAt(loc *time.Location, ts int64) int64 {
	spans.Lock()
	sp, ok := spans.last[loc]
	spans.Unlock()
	if ok && ts >= sp.start && ts < sp.end {
		return sp.off
	}
	t := time.UnixMilli(ts).In(loc)
	_, off := t.Zone()
	start, end := t.ZoneBounds()
	sp = span{start: math.MinInt64, end: math.MaxInt64, off: int64(off)}
	if !start.IsZero() {
		sp.start = start.UnixMilli()
	}
	if !end.IsZero() {
		sp.end = end.UnixMilli()
	}
	spans.Lock()
	spans.last[loc] = sp
	spans.Unlock()
	return sp.off
}

type span struct{ start, end, off int64 }

var spans = struct {
	sync.Mutex
	last map[*time.Location]span
}{last: map[*time.Location]span{}}

// c is luxon's tsToObj(ts, offset).
func (d dateTime) c() civil {
	t := time.UnixMilli(d.ts + d.offset()*1000).UTC()
	return civil{t.Year(), int(t.Month()), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond() / 1e6}
}

// objToLocalTS is luxon's Date.UTC of the fields; out-of-range fields roll
// over (day 32 is the 1st of the next month), as Date.UTC rolls them.
func objToLocalTS(c civil) int64 {
	return time.Date(c.year, time.Month(c.month), c.day, c.hour, c.minute, c.second, c.millisecond*1e6, time.UTC).UnixMilli()
}

// fixOffset is luxon's guess-and-check from wall time to instant, with o the
// offset before the change as the first guess. In a gap it answers the wall
// time read with the smaller of the two offsets (moved forward); in an
// overlap it keeps whichever occurrence the guess lands on.
func fixOffset(localTS, o int64, loc *time.Location) int64 {
	utcGuess := localTS - o*1000
	o2 := offsetAt(loc, utcGuess)
	if o == o2 {
		return utcGuess
	}
	utcGuess -= (o2 - o) * 1000
	o3 := offsetAt(loc, utcGuess)
	if o2 == o3 {
		return utcGuess
	}
	return localTS - min(o2, o3)*1000
}

// with is the same zone at instant ts; beyond the JavaScript Date range luxon
// would hold an invalid DateTime.
func (d dateTime) with(ts int64) (dateTime, error) {
	if ts > jsDateLimit || ts < -jsDateLimit {
		return d, errInvalidDate
	}
	return dateTime{ts, d.loc}, nil
}

// set is luxon's DateTime#set of calendar fields: the new wall time is
// resolved with fixOffset from the current offset.
func (d dateTime) set(f func(*civil)) (dateTime, error) {
	c := d.c()
	f(&c)
	return d.with(fixOffset(objToLocalTS(c), d.offset(), d.loc))
}

// plusDays and plusMonths are luxon's calendar arithmetic (adjustTime): the
// day is clamped to the target month, then the wall time is resolved.
func (d dateTime) plusDays(n int) (dateTime, error) {
	c := d.c()
	c.day = min(c.day, daysInMonth(c.year, c.month)) + n
	return d.with(fixOffset(objToLocalTS(c), d.offset(), d.loc))
}

func (d dateTime) plusMonths(n int) (dateTime, error) {
	c := d.c()
	c.month += n
	c.day = min(c.day, daysInMonth(c.year, c.month))
	return d.with(fixOffset(objToLocalTS(c), d.offset(), d.loc))
}

// plusMillis is luxon's plus of hours, minutes, seconds or ms: elapsed time.
func (d dateTime) plusMillis(ms int64) (dateTime, error) { return d.with(d.ts + ms) }

type unit int

const (
	uSecond unit = iota
	uMinute
	uHour
	uDay
	uMonth
)

// startOf is luxon's startOf(unit): the smaller fields set to zero.
func (d dateTime) startOf(u unit) (dateTime, error) {
	return d.set(func(c *civil) {
		switch u {
		case uMonth:
			c.day = 1
			fallthrough
		case uDay:
			c.hour = 0
			fallthrough
		case uHour:
			c.minute = 0
			fallthrough
		case uMinute:
			c.second = 0
			fallthrough
		case uSecond:
			c.millisecond = 0
		}
	})
}

// daysInMonth is luxon's, with the month taken modulo 12.
func daysInMonth(year, month int) int {
	m := ((month-1)%12+12)%12 + 1
	y := year + (month-m)/12
	if m == 2 {
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	}
	return [...]int{31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
}

// cronDate is cron-parser's CronDate: a dateTime plus the two DST markers
// its iteration leaves for matchHour. A marker is the hour it was set at, or
// -1 for null.
type cronDate struct {
	d                dateTime
	dstStart, dstEnd int
}

func (cd *cronDate) apply(next dateTime, err error) error {
	if err != nil {
		return err
	}
	cd.d = next
	return nil
}

// add is CronDate's addMonth/addDay/addHour/addMinute/addSecond: one unit
// forward, then the start of that unit (seconds keep their milliseconds).
func (cd *cronDate) add(u unit) error {
	var (
		n   dateTime
		err error
	)
	switch u {
	case uMonth:
		n, err = cd.d.plusMonths(1)
	case uDay:
		n, err = cd.d.plusDays(1)
	case uHour:
		n, err = cd.d.plusMillis(3_600_000)
	case uMinute:
		n, err = cd.d.plusMillis(60_000)
	case uSecond:
		return cd.apply(cd.d.plusMillis(1000))
	}
	if err != nil {
		return err
	}
	return cd.apply(n.startOf(u))
}

// applyDateOperation is CronDate's: after adding an hour, minute or second,
// an hour that jumped by two marks a DST start, and a top of the hour that
// did not change the hour marks a DST end, unless the expression runs every
// hour (hoursLength 24).
func (cd *cronDate) applyDateOperation(u unit, hoursLength int) error {
	if u == uMonth || u == uDay {
		return cd.add(u)
	}
	previous := cd.d.c().hour
	if err := cd.add(u); err != nil {
		return err
	}
	c := cd.d.c()
	switch diff := c.hour - previous; {
	case diff == 2:
		if hoursLength != 24 {
			cd.dstStart = c.hour
		}
	case diff == 0 && c.minute == 0 && c.second == 0:
		if hoursLength != 24 {
			cd.dstEnd = c.hour
		}
	}
	return nil
}

func (cd *cronDate) setHours(h int) error {
	return cd.apply(cd.d.set(func(c *civil) { c.hour = h }))
}

func (cd *cronDate) setMinutes(m int) error {
	return cd.apply(cd.d.set(func(c *civil) { c.minute = m }))
}

func (cd *cronDate) setSeconds(s int) error {
	return cd.apply(cd.d.set(func(c *civil) { c.second = s }))
}

func (cd *cronDate) setMilliseconds(ms int) error {
	return cd.apply(cd.d.set(func(c *civil) { c.millisecond = ms }))
}

// weekday is CronDate#getDay: 0 = Sunday.
func weekday(c civil) int {
	return int(time.Date(c.year, time.Month(c.month), c.day, 0, 0, 0, 0, time.UTC).Weekday())
}

// lastDay is the last day of the month, from cron-parser's DAYS_IN_MONTH.
func lastDay(c civil) int { return daysInMonth(c.year, c.month) }

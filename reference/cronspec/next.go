package cronspec

import (
	"errors"
	"math/bits"
	"time"

	"github.com/clockspec/clockspec/reference/jsrt"
)

// ErrNoRun is returned by Next when the schedule has no run within the search
// horizon, e.g. "0 0 31 4,6 *" (cron-parser 5.5.0 accepts it and then returns
// a meaningless date once its loop limit runs out).
var ErrNoRun = errors.New("cronspec: no run within the search horizon")

// horizonYears bounds the search. The longest gap between two runs of a
// satisfiable schedule is 8 years (February 29 across 2100), so 30 years is
// a safety net, not a limit a real schedule can reach.
const horizonYears = 30

// Next returns the first run strictly after now, with the expression read as
// wall-clock time in loc. The result is in UTC, on a whole second.
//
// Wall-clock times are tried in increasing order, starting strictly after the
// wall-clock time of now truncated to the second; each is mapped to an instant
// (see resolve) and the first one strictly after now is returned. This is
// cron-parser's intended semantics: a run in a skipped hour moves forward, a
// run in a repeated hour happens once.
func (s *Schedule) Next(now time.Time, loc *time.Location) (time.Time, error) {
	if loc == nil {
		return time.Time{}, errors.New("cronspec: nil location")
	}
	if !s.possible {
		return time.Time{}, ErrNoRun
	}
	nowSec := now.Unix() // floor, so a sub-second now counts as its second
	next, err := s.nextWallOrder(loc, nowSec)
	if err != nil {
		return time.Time{}, err
	}
	if s.hour == allHours {
		// An expression that fires in every hour keeps firing in real time
		// through a repeated hour, as cron-parser (and Vixie cron) do: an
		// hourly job runs at 01:00 EDT and again at 01:00 EST. Expressions
		// with fixed hours still run once, at the first occurrence.
		if b, ok := s.nextSecondPass(loc, nowSec, next); ok {
			next = b
		}
	}
	return time.Unix(next, 0).UTC(), nil
}

// allHours is the hour mask of an expression that matches every hour.
const allHours = 1<<24 - 1

// nextWallOrder is the first run after nowSec when every wall time fires
// once: at its only instant, its first occurrence, or moved forward out of
// a gap.
func (s *Schedule) nextWallOrder(loc *time.Location, nowSec int64) (int64, error) {
	// Civil times are counted as seconds since 1970-01-01T00:00 on the wall
	// clock ("civil seconds"), so ordering and arithmetic need no zone.
	u := nowSec + offsetAt(loc, nowSec) + 1
	limitYear := civilYear(u) + horizonYears
	for {
		c, ok := s.nextCivil(u, limitYear)
		if !ok {
			return 0, ErrNoRun
		}
		inst := resolve(loc, c)
		if inst > nowSec {
			return inst, nil
		}
		// Only the first occurrence of a repeated wall time can be at or
		// before now, which means now is in the second pass of that overlap:
		// every wall time up to the end of the overlap maps to its first
		// occurrence, also already past, so resume at the end of the overlap.
		u = c + 1
		if b := overlapEnd(loc, inst, nowSec); b > u {
			u = b
		}
	}
}

// nextSecondPass looks for a run earlier than before among the second
// occurrences of repeated wall times: the instants between a fall-back
// transition T and T + (offset before - offset after). Transitions are
// searched from a day before now (now may itself be in a second pass) to
// before, a day at a time, then located by bisection.
func (s *Schedule) nextSecondPass(loc *time.Location, nowSec, before int64) (int64, bool) {
	best, found := before, false
	limitYear := civilYear(before+offsetAt(loc, before)) + 1
	for t := nowSec - 86400; t < best; t += 86400 {
		offA, offB := offsetAt(loc, t), offsetAt(loc, t+86400)
		if offB >= offA {
			continue
		}
		T := firstChange(loc, t, t+86400, offA)
		after := offsetAt(loc, T)
		end := T + (offA - after) // the second pass is [T, end)
		start := max(nowSec+1, T)
		if start >= end {
			continue
		}
		c, ok := s.nextCivil(start+after, limitYear)
		if inst := c - after; ok && inst < end && inst < best {
			best, found = inst, true
		}
	}
	return best, found
}

// overlapEnd returns the civil second at which the repeated wall time that
// starts with instant first ends: the first transition after first, read with
// the offset before it. The transition lies in (first, now]; it is found by
// bisection on the offset rather than with Time.ZoneBounds, whose bounds for
// rule-extended zones stop at artificial year boundaries. It returns 0 (no
// jump) if the offset never changes in that interval.
func overlapEnd(loc *time.Location, first, now int64) int64 {
	off := offsetAt(loc, first)
	if offsetAt(loc, now) == off {
		return 0
	}
	return firstChange(loc, first, now, off) + off
}

// firstChange finds by bisection the first instant in (lo, hi] whose offset
// is not off, given that lo has offset off and hi does not. Bisection on the
// offset is used instead of Time.ZoneBounds, whose bounds for rule-extended
// zones stop at artificial year boundaries.
func firstChange(loc *time.Location, lo, hi, off int64) int64 {
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if offsetAt(loc, mid) == off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi
}

// resolve maps civil seconds c to an instant in loc: the only instant with
// that wall time; the earlier of two (a fall-back overlap); or, in a
// spring-forward gap, the wall time read with the offset in effect before the
// transition (so 02:30 in a New York gap is 03:30 EDT).
//
// Offsets are probed a day either side rather than trusting time.Date, whose
// choice in gaps and overlaps is not documented: an instant c-off is a
// candidate when loc really has offset off at that instant.
func resolve(loc *time.Location, c int64) int64 {
	before := offsetAt(loc, c-86400)
	after := offsetAt(loc, c+86400)
	best, found := int64(0), false
	try := func(off int64) {
		if i := c - off; offsetAt(loc, i) == off && (!found || i < best) {
			best, found = i, true
		}
	}
	try(before)
	if after != before {
		try(after)
	}
	if !found {
		// Neither probe fits: a gap, unless two transitions within the day
		// make the offset at c-before a third one; try that before giving up.
		try(offsetAt(loc, c-before))
	}
	if !found {
		return c - before
	}
	return best
}

func offsetAt(loc *time.Location, sec int64) int64 {
	_, off := time.Unix(sec, 0).In(loc).Zone()
	return int64(off)
}

// nextCivil returns the first civil second at or after u that matches the
// schedule, or false once the year passes limitYear. It skips by day, hour,
// minute and second using the bit masks, so a call does a few dozen steps.
func (s *Schedule) nextCivil(u int64, limitYear int) (int64, bool) {
	days := jsrt.FloorDiv(u, 86400)
	sod := int(u - days*86400)
	y, m, d := civilFromDays(days)
	h, mi, sec := sod/3600, sod/60%60, sod%60

	nextDay := func() {
		h, mi, sec = 0, 0, 0
		if d++; d > daysIn(y, m) {
			d = 1
			if m++; m > 12 {
				y, m = y+1, 1
			}
		}
	}
	for y <= limitYear {
		if s.month&(1<<m) == 0 {
			h, mi, sec, d = 0, 0, 0, 1
			if m++; m > 12 {
				y, m = y+1, 1
			}
			continue
		}
		if !s.dayMatches(y, m, d) {
			nextDay()
			continue
		}
		nh := nextBit(uint64(s.hour), h)
		if nh < 0 {
			nextDay()
			continue
		}
		if nh > h {
			h, mi, sec = nh, 0, 0
		}
		nm := nextBit(s.minute, mi)
		if nm < 0 {
			if mi, sec = 0, 0; h == 23 {
				nextDay()
			} else {
				h++
			}
			continue
		}
		if nm > mi {
			mi, sec = nm, 0
		}
		ns := nextBit(s.second, sec)
		if ns < 0 {
			if sec = 0; mi == 59 {
				mi = 0
				if h == 23 {
					nextDay()
				} else {
					h++
				}
			} else {
				mi++
			}
			continue
		}
		return daysFromCivil(y, m, d)*86400 + int64(h*3600+mi*60+ns), true
	}
	return 0, false
}

// dayMatches applies cron-parser's day rule: when both day-of-month and
// day-of-week are restricted, either may match; otherwise the restricted one
// (or none) decides.
func (s *Schedule) dayMatches(y, m, d int) bool {
	domOK := s.dom&(1<<d) != 0
	wd := int((daysFromCivil(y, m, d)%7 + 11) % 7) // 1970-01-01 was a Thursday (4)
	dowOK := s.dow&(1<<wd) != 0
	switch {
	case !s.domStar && !s.dowStar:
		return domOK || dowOK
	case s.domStar && !s.dowStar:
		return dowOK
	default:
		return domOK
	}
}

// nextBit returns the lowest set bit of mask at position >= from, or -1.
func nextBit(mask uint64, from int) int {
	if from >= 64 {
		return -1
	}
	if rest := mask >> from << from; rest != 0 {
		return bits.TrailingZeros64(rest)
	}
	return -1
}

func daysIn(y, m int) int {
	if m == 2 && !(y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		return 28
	}
	return maxDays[m]
}

func civilYear(u int64) int {
	y, _, _ := civilFromDays(jsrt.FloorDiv(u, 86400))
	return y
}

// daysFromCivil is the count of days since 1970-01-01 of a proleptic
// Gregorian date, so the search does no time-zone work at all.
func daysFromCivil(y, m, d int) int64 { return jsrt.DaysFromCivil(int64(y), m) + int64(d) - 1 }

// civilFromDays is daysFromCivil's inverse.
func civilFromDays(z int64) (y, m, d int) {
	year, m, d := jsrt.CivilFromDays(z)
	return int(year), m, d
}

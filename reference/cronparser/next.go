package cronparser

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// loopLimit is cron-parser's LOOP_LIMIT. Its loop is
// `while (++stepCount < LOOP_LIMIT)` and the error is thrown only when
// `stepCount > LOOP_LIMIT`, so after 9,999 steps the search simply stops and
// the date it reached is the answer.
const loopLimit = 10000

// Next is parse(...).next() with currentDate now, read in loc: the first
// match strictly after now as cron-parser 5.5.0 finds it, on a whole second.
// Its only errors are cron-parser's own (a day-of-week "L" without a weekday
// throws while searching) and errInvalidDate.
func (e *Expression) Next(now time.Time, loc *time.Location) (time.Time, error) {
	if loc == nil {
		return time.Time{}, fmt.Errorf("cronparser: nil location")
	}
	it := iteration{e: e, dayKey: ""}
	d, err := dateTime{loc: loc}.with(now.UnixMilli())
	if err != nil {
		return time.Time{}, err
	}
	cd := &cronDate{d: d, dstStart: -1, dstEnd: -1}
	if err := it.findSchedule(cd); err != nil {
		return time.Time{}, &Error{Expr: e.expr, Msg: err.Error()}
	}
	return time.UnixMilli(cd.d.ts).UTC(), nil
}

// iteration carries CronExpression's per-instance DST-day cache.
type iteration struct {
	e        *Expression
	dayKey   string
	dstToday bool
}

func (it *iteration) hoursLength() int { return len(it.e.fields[fHour].values) }

// findSchedule is CronExpression#findSchedule going forward.
func (it *iteration) findSchedule(cd *cronDate) error {
	f := &it.e.fields
	start := cd.d.ts
	for step := 1; step < loopLimit; step++ {
		c := cd.d.c()
		ok, err := it.matchDayOfMonth(c)
		if err != nil {
			return err
		}
		if !ok {
			if err := cd.applyDateOperation(uDay, it.hoursLength()); err != nil {
				return err
			}
			continue
		}
		if nth := it.e.nthDay; nth > 0 && int(math.Ceil(float64(c.day)/7)) != nth {
			if err := cd.applyDateOperation(uDay, it.hoursLength()); err != nil {
				return err
			}
			continue
		}
		if !contains(f[fMonth].values, c.month) {
			if err := cd.applyDateOperation(uMonth, it.hoursLength()); err != nil {
				return err
			}
			continue
		}
		ok, err = it.matchHour(cd)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		c = cd.d.c()
		if !contains(f[fMinute].values, c.minute) {
			if err := it.moveToNext(cd, fMinute, c.minute); err != nil {
				return err
			}
			continue
		}
		if !contains(f[fSecond].values, c.second) {
			if err := it.moveToNext(cd, fSecond, c.second); err != nil {
				return err
			}
			continue
		}
		if start == cd.d.ts {
			if err := cd.applyDateOperation(uSecond, it.hoursLength()); err != nil {
				return err
			}
			continue
		}
		break
	}
	if cd.d.c().millisecond != 0 {
		return cd.setMilliseconds(0)
	}
	return nil
}

// moveToNext is #moveToNextMinute / #moveToNextSecond: the next allowed
// value in the unit, or roll the unit above over and start from the first.
func (it *iteration) moveToNext(cd *cronDate, f fieldKind, current int) error {
	fs := &it.e.fields
	set := cd.setSeconds
	if f == fMinute {
		set = cd.setMinutes
	}
	if next, ok := nearest(fs[f].values, current); ok {
		if err := set(trunc(next)); err != nil {
			return err
		}
		if f == fMinute {
			return cd.setSeconds(trunc(fs[fSecond].values[0].num))
		}
		return nil
	}
	roll := uMinute
	if f == fMinute {
		roll = uHour
	}
	if err := cd.applyDateOperation(roll, it.hoursLength()); err != nil {
		return err
	}
	if f == fMinute {
		if err := cd.setMinutes(trunc(fs[fMinute].values[0].num)); err != nil {
			return err
		}
	}
	return cd.setSeconds(trunc(fs[fSecond].values[0].num))
}

// matchHour is #matchHour going forward, DST markers included: the hour
// after a skipped one is accepted when the skipped hour was scheduled, and a
// repeated hour is stepped over once its marker is seen.
func (it *iteration) matchHour(cd *cronDate) (bool, error) {
	hours := it.e.fields[fHour].values
	h := cd.d.c().hour
	if cd.dstStart == h {
		if contains(hours, h-1) {
			return true, nil
		}
		return false, cd.add(uHour)
	}
	if cd.dstEnd == h {
		cd.dstEnd = -1
		return false, cd.applyDateOperation(uHour, len(hours))
	}
	if contains(hours, h) {
		return true, nil
	}
	cd.dstStart = -1
	next, ok := nearest(hours, h)
	if !ok {
		return false, cd.applyDateOperation(uDay, len(hours))
	}
	dst, err := it.dstTransitionDay(cd.d)
	if err != nil {
		return false, err
	}
	if dst {
		// Step hour by hour so that applyDateOperation sets the markers.
		for i := 0; float64(i) < next-float64(h); i++ {
			if err := cd.applyDateOperation(uHour, len(hours)); err != nil {
				return false, err
			}
		}
	} else if err := cd.setHours(trunc(next)); err != nil {
		return false, err
	}
	if err := cd.setMinutes(trunc(it.e.fields[fMinute].values[0].num)); err != nil {
		return false, err
	}
	return false, cd.setSeconds(trunc(it.e.fields[fSecond].values[0].num))
}

// dstTransitionDay is #checkDstTransition: whether the offset at the start
// of the day differs from the offset at its last millisecond.
func (it *iteration) dstTransitionDay(d dateTime) (bool, error) {
	c := d.c()
	key := fmt.Sprintf("%d-%d-%d", c.year, c.month, c.day)
	if it.dayKey == key {
		return it.dstToday, nil
	}
	startOfDay, err := d.startOf(uDay)
	if err != nil {
		return false, err
	}
	endOfDay, err := d.plusDays(1)
	if err == nil {
		endOfDay, err = endOfDay.startOf(uDay)
	}
	if err == nil {
		endOfDay, err = endOfDay.plusMillis(-1)
	}
	if err != nil {
		return false, err
	}
	it.dayKey, it.dstToday = key, startOfDay.offset() != endOfDay.offset()
	return it.dstToday, nil
}

// matchDayOfMonth is #matchDayOfMonth: with both day fields restricted
// either may match, otherwise the restricted one decides; "L" is the last
// day of the month, "nL" the last weekday n.
func (it *iteration) matchDayOfMonth(c civil) (bool, error) {
	dom, dow := &it.e.fields[fDom], &it.e.fields[fDow]
	matchedDOM := contains(dom.values, c.day) || dom.hasLast && c.day == lastDay(c)
	matchedDOW := contains(dow.values, weekday(c))
	if !matchedDOW && dow.hasLast {
		var err error
		if matchedDOW, err = lastWeekdayMatch(dow.values, c); err != nil {
			return false, err
		}
	}
	switch {
	case !dom.wildcard && !dow.wildcard && (matchedDOM || matchedDOW):
		return true, nil
	case matchedDOM && dow.wildcard:
		return true, nil
	case dom.wildcard && !dow.wildcard && matchedDOW:
		return true, nil
	}
	return false, nil
}

var leadingDigit = regexp.MustCompile(`^[0-9]`)

// lastWeekdayMatch is #isLastWeekdayOfMonthMatch: every value's first
// character is read as a weekday (so "5L" is Friday, and a plain 1 next to it
// also matches the last Monday); a value without a leading digit throws.
func lastWeekdayMatch(vals []value, c civil) (bool, error) {
	last := c.day > lastDay(c)-7
	for _, v := range vals {
		s := v.String()
		if !leadingDigit.MatchString(s) {
			return false, failf("Invalid last weekday of the month expression: %s", s)
		}
		if weekday(c) == int(s[0]-'0')%7 && last {
			return true, nil
		}
	}
	return false, nil
}

func contains(vals []value, n int) bool {
	for _, v := range vals {
		if !v.isStr && v.num == float64(n) {
			return true
		}
	}
	return false
}

// nearest is CronField.findNearestValueInList: the first value greater than
// current (strings never compare greater).
func nearest(vals []value, current int) (float64, bool) {
	for _, v := range vals {
		if !v.isStr && v.num > float64(current) {
			return v.num, true
		}
	}
	return 0, false
}

// trunc is how Date.UTC reads a fractional field.
func trunc(v float64) int { return int(v) }

var fixedSpecifier = regexp.MustCompile(`(?i)^utc(?:([+-]\d{1,2})(?::(\d{2}))?)?$`)

// Zone resolves the tz option as luxon does: "default", "local" and
// "system" are the process zone, "utc" and "gmt" (any case) UTC, "UTC+5" and
// "utc-03:30" fixed offsets, anything else a zone name Intl accepts.
func Zone(tz string, system *time.Location) (*time.Location, bool) {
	switch lowered := strings.ToLower(tz); lowered {
	case "default", "local", "system":
		return system, system != nil
	case "utc", "gmt":
		return time.UTC, true
	default:
		if m := fixedSpecifier.FindStringSubmatch(lowered); m != nil {
			h, _ := parseIntOr0(m[1])
			mins, _ := parseIntOr0(m[2])
			if h < 0 || strings.HasPrefix(m[1], "-") {
				mins = -mins
			}
			return time.FixedZone(tz, (h*60+mins)*60), true
		}
	}
	return tzdb.LookupIntl(tz)
}

func parseIntOr0(s string) (int, bool) {
	n := 0
	neg := strings.HasPrefix(s, "-")
	for _, r := range strings.TrimLeft(s, "+-") {
		n = n*10 + int(r-'0')
	}
	if neg {
		n = -n
	}
	return n, s != ""
}

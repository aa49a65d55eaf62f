package datetime

import (
	"strconv"
	"time"
)

// shiftUnits names the shift fields in request (and error) order.
var shiftUnits = [6]string{"years", "months", "days", "hours", "minutes", "seconds"}

// shiftBounds caps each field at the whole representable span, 0000-9999,
// in that unit (10,000 years, rounded up), so that no arithmetic below can
// overflow an int64 or time.Time (DecisionShiftValues).
var shiftBounds = [6]int64{
	10_000,          // years
	120_000,         // months
	3_660_000,       // days
	87_840_000,      // hours
	5_270_400_000,   // minutes
	316_224_000_000, // seconds
}

// shiftAmounts holds the six fields; absent ones are 0.
type shiftAmounts [6]int64

func boundError(unit int) *Error {
	b := strconv.FormatInt(shiftBounds[unit], 10)
	return newError(CodeInvalidShift, shiftUnits[unit]+" must be a whole number between -"+b+" and "+b)
}

// shiftFields returns the six fields in unit order.
func shiftFields(in DatetimeMathInput) [6]*int64 {
	return [6]*int64{in.Years, in.Months, in.Days, in.Hours, in.Minutes, in.Seconds}
}

// checkEmptyShift rejects a shift without any field; an explicit 0 is a field
// (DecisionZeroShift).
func checkEmptyShift(in DatetimeMathInput) *Error {
	for _, p := range shiftFields(in) {
		if p != nil {
			return nil
		}
	}
	return newError(CodeEmptyShift, "shift needs at least one of years, months, days, hours, minutes, seconds")
}

// shiftAmountsOf checks each field against its bound (DecisionShiftValues).
func shiftAmountsOf(in DatetimeMathInput) (shiftAmounts, *Error) {
	var a shiftAmounts
	for i, p := range shiftFields(in) {
		if p == nil {
			continue
		}
		if *p > shiftBounds[i] || *p < -shiftBounds[i] {
			return a, boundError(i)
		}
		a[i] = *p
	}
	return a, nil
}

// apply shifts t (DecisionUnitOrder): years and months together as one count
// of months, clamping the day to the end of the target month
// (DecisionMonthEnd); then days as calendar days on the wall clock; then
// hours, minutes and seconds as elapsed time. The result stays in t's
// location, i.e. the input's own offset (DecisionShiftOffset).
func (a shiftAmounts) apply(t time.Time) (time.Time, *Error) {
	loc := t.Location()
	y, m, d := t.Date()
	hh, mm, ss := t.Clock()

	months := int64(m-1) + a[0]*12 + a[1]
	year := int64(y) + floorDiv(months, 12)
	month := time.Month(months-floorDiv(months, 12)*12) + 1
	// Bounds keep year within about ±20,000, where Go's calendar is exact.
	if last := daysIn(int(year), month); d > last {
		d = last
	}
	t = time.Date(int(year), month, d+int(a[2]), hh, mm, ss, t.Nanosecond(), loc)

	// Whole seconds via Unix time: a time.Duration would overflow past 292 years.
	elapsed := a[3]*3600 + a[4]*60 + a[5]
	t = time.Unix(t.Unix()+elapsed, int64(t.Nanosecond())).In(loc)

	if e := checkRFC3339(t, "the shifted time"); e != nil {
		return time.Time{}, e
	}
	return t, nil
}

// floorDiv rounds towards minus infinity, so that -1 months from January is
// December of the year before.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

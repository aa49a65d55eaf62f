package datetime

import (
	"context"
	"time"
)

// ExecuteDatetimeMath runs datetime_math. Every failure is an *Error; checks
// run in the order of DecisionErrorOrder so one bad request always gets the
// same error.
func ExecuteDatetimeMath(ctx context.Context, in DatetimeMathInput) (DatetimeMathOutput, error) {
	out, e := executeMath(ctx, in)
	if e != nil {
		return DatetimeMathOutput{}, e // never a typed nil inside error
	}
	return out, nil
}

func executeMath(ctx context.Context, in DatetimeMathInput) (DatetimeMathOutput, *Error) {
	if e := ctxError(ctx); e != nil {
		return DatetimeMathOutput{}, e
	}
	switch in.Operation {
	case "":
		return DatetimeMathOutput{}, newError(CodeMissingRequiredField, "operation is required")
	case OpDiff, OpShift, OpWeekday, OpConvertTimezone:
	default:
		return DatetimeMathOutput{}, newError(CodeInvalidOperation,
			"operation must be one of diff, shift, weekday, convert_timezone")
	}
	if e := checkUnused(in); e != nil {
		return DatetimeMathOutput{}, e
	}
	switch in.Operation {
	case OpDiff:
		return diff(in)
	case OpShift:
		return shift(in)
	case OpWeekday:
		return weekday(in)
	default:
		return convertTimezone(in)
	}
}

// ctxError maps a done context to internal_error: the tools never block, so a
// cancelled call is the caller's infrastructure failing, not bad input.
func ctxError(ctx context.Context) *Error {
	if ctx == nil {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return newError(CodeInternalError, err.Error())
	}
	return nil
}

// opSet is a set of operations, to say which ones read a field.
type opSet uint8

const (
	inDiff opSet = 1 << iota
	inShift
	inWeekday
	inConvert
)

func opBit(op string) opSet {
	switch op {
	case OpDiff:
		return inDiff
	case OpShift:
		return inShift
	case OpWeekday:
		return inWeekday
	case OpConvertTimezone:
		return inConvert
	}
	return 0
}

type mathField struct {
	name string
	set  bool
	ops  opSet // operations that read the field
}

// mathFields lists every request field after operation, in the order their
// errors are reported (DecisionErrorOrder).
func mathFields(in DatetimeMathInput) [10]mathField {
	return [10]mathField{
		{"timestamp", in.Timestamp != "", inShift | inWeekday | inConvert},
		{"left", in.Left != "", inDiff},
		{"right", in.Right != "", inDiff},
		{"target_timezone", in.TargetTimezone != "", inConvert},
		{"years", in.Years != nil, inShift},
		{"months", in.Months != nil, inShift},
		{"days", in.Days != nil, inShift},
		{"hours", in.Hours != nil, inShift},
		{"minutes", in.Minutes != nil, inShift},
		{"seconds", in.Seconds != nil, inShift},
	}
}

// checkUnused rejects a field the operation does not read (DecisionStrictRequest):
// a weekday request carrying target_timezone most likely wants the weekday in
// that zone, and silently ignoring it would answer a different question.
func checkUnused(in DatetimeMathInput) *Error {
	bit := opBit(in.Operation)
	for _, f := range mathFields(in) {
		if f.set && f.ops&bit == 0 {
			return newError(CodeInvalidInput, f.name+" is not used by operation "+in.Operation+
				" (it uses "+fieldsOf(in.Operation)+")")
		}
	}
	return nil
}

func fieldsOf(op string) string {
	switch op {
	case OpDiff:
		return "left, right"
	case OpShift:
		return "timestamp and years, months, days, hours, minutes, seconds"
	case OpWeekday:
		return "timestamp"
	}
	return "timestamp, target_timezone"
}

func required(field, op string) *Error {
	return newError(CodeMissingRequiredField, field+" is required for "+op)
}

func diff(in DatetimeMathInput) (DatetimeMathOutput, *Error) {
	if in.Left == "" {
		return DatetimeMathOutput{}, required("left", OpDiff)
	}
	if in.Right == "" {
		return DatetimeMathOutput{}, required("right", OpDiff)
	}
	l, e := parseTimestamp("left", in.Left)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	r, e := parseTimestamp("right", in.Right)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	d := newSpan(l, r)
	return DatetimeMathOutput{Diff: &DiffOutput{
		Operation:       OpDiff,
		Left:            in.Left,
		Right:           in.Right,
		DurationSeconds: d.in(1),
		DurationMinutes: d.in(60),
		DurationHours:   d.in(3600),
		DurationDays:    d.in(86400),
		Sign:            d.sign,
	}}, nil
}

func shift(in DatetimeMathInput) (DatetimeMathOutput, *Error) {
	if in.Timestamp == "" {
		return DatetimeMathOutput{}, required("timestamp", OpShift)
	}
	if e := checkEmptyShift(in); e != nil {
		return DatetimeMathOutput{}, e
	}
	t, e := parseTimestamp("timestamp", in.Timestamp)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	a, e := shiftAmountsOf(in)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	res, e := a.apply(t)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	return DatetimeMathOutput{Shift: &ShiftOutput{Operation: OpShift, Input: in.Timestamp, Result: formatRFC3339(res)}}, nil
}

// isoWeekday numbers days ISO 8601 style, Monday 1 … Sunday 7 (DecisionWeekdayIndex).
func isoWeekday(d time.Weekday) int {
	if d == time.Sunday {
		return 7
	}
	return int(d)
}

func weekday(in DatetimeMathInput) (DatetimeMathOutput, *Error) {
	if in.Timestamp == "" {
		return DatetimeMathOutput{}, required("timestamp", OpWeekday)
	}
	t, e := parseTimestamp("timestamp", in.Timestamp)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	// The wall date in the timestamp's own offset (DecisionWeekdayZone).
	return DatetimeMathOutput{Weekday: &WeekdayOutput{
		Operation:    OpWeekday,
		Timestamp:    in.Timestamp,
		Weekday:      t.Weekday().String(),
		WeekdayIndex: isoWeekday(t.Weekday()),
	}}, nil
}

func convertTimezone(in DatetimeMathInput) (DatetimeMathOutput, *Error) {
	if in.Timestamp == "" {
		return DatetimeMathOutput{}, required("timestamp", OpConvertTimezone)
	}
	if in.TargetTimezone == "" {
		return DatetimeMathOutput{}, required("target_timezone", OpConvertTimezone)
	}
	t, e := parseTimestamp("timestamp", in.Timestamp)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	name, loc, e := resolveZone(in.TargetTimezone)
	if e != nil {
		return DatetimeMathOutput{}, e
	}
	res := inZone(t, loc)
	if e := checkRFC3339(res, "the converted time"); e != nil {
		return DatetimeMathOutput{}, e
	}
	return DatetimeMathOutput{ConvertTimezone: &ConvertTimezoneOutput{
		Operation:      OpConvertTimezone,
		Input:          in.Timestamp,
		TargetTimezone: name,
		Result:         formatRFC3339(res),
	}}, nil
}

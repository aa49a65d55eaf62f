package datetime

import (
	"context"
	"encoding/json"
)

var (
	mathKeys   = []string{"operation", "timestamp", "left", "right", "target_timezone", "years", "months", "days", "hours", "minutes", "seconds"}
	formatKeys = []string{"timestamp", "style", "target_timezone", "locale"}
)

// MathJSON is datetime_math over JSON: a raw request in, the compact PRD
// payload out, or an *Error (whose Envelope is the PRD error payload). It
// never panics, whatever the bytes.
func MathJSON(input []byte) ([]byte, *Error) {
	in, e := decodeMath(input)
	if e != nil {
		return nil, e
	}
	out, e := executeMath(context.Background(), in)
	if e != nil {
		return nil, e
	}
	return marshal(out.payload())
}

// FormatJSON is datetime_format over JSON, like MathJSON.
func FormatJSON(input []byte) ([]byte, *Error) {
	in, e := decodeFormat(input)
	if e != nil {
		return nil, e
	}
	out, e := executeFormat(context.Background(), in)
	if e != nil {
		return nil, e
	}
	if b, ok := out.appendJSON(); ok {
		return b, nil
	}
	return marshal(out)
}

func marshal(v any) ([]byte, *Error) {
	if a, ok := v.(interface{ appendJSON() ([]byte, bool) }); ok {
		if b, ok := a.appendJSON(); ok {
			return b, nil
		}
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, newError(CodeInternalError, "cannot encode the result: "+err.Error())
	}
	return b, nil
}

// decodeMath checks the structure and every field's JSON type, in request
// field order, before any rule of the tool runs (DecisionErrorOrder).
func decodeMath(input []byte) (DatetimeMathInput, *Error) {
	var in DatetimeMathInput
	fields, e := decodeObject(input, mathKeys)
	if e != nil {
		return in, e
	}
	for _, f := range []struct {
		name, code string
		dst        *string
	}{
		{"operation", CodeInvalidOperation, &in.Operation},
		{"timestamp", CodeInvalidTimestamp, &in.Timestamp},
		{"left", CodeInvalidTimestamp, &in.Left},
		{"right", CodeInvalidTimestamp, &in.Right},
		{"target_timezone", CodeInvalidTimezone, &in.TargetTimezone},
	} {
		if *f.dst, e = stringField(&fields, f.name, f.code); e != nil {
			return in, e
		}
	}
	for i, dst := range [6]**int64{&in.Years, &in.Months, &in.Days, &in.Hours, &in.Minutes, &in.Seconds} {
		if *dst, e = intField(&fields, i); e != nil {
			return in, e
		}
	}
	return in, nil
}

func decodeFormat(input []byte) (DatetimeFormatInput, *Error) {
	var in DatetimeFormatInput
	fields, e := decodeObject(input, formatKeys)
	if e != nil {
		return in, e
	}
	for _, f := range []struct {
		name, code string
		dst        *string
	}{
		{"timestamp", CodeInvalidTimestamp, &in.Timestamp},
		{"style", CodeInvalidStyle, &in.Style},
		{"target_timezone", CodeInvalidTimezone, &in.TargetTimezone},
		{"locale", CodeUnsupportedLocale, &in.Locale},
	} {
		if *f.dst, e = stringField(&fields, f.name, f.code); e != nil {
			return in, e
		}
	}
	return in, nil
}

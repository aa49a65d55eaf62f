package datetime

import (
	"context"
	"encoding/json"
	"strings"
)

var (
	mathKeys   = []string{"operation", "timestamp", "left", "right", "target_timezone", "years", "months", "days", "hours", "minutes", "seconds"}
	formatKeys = []string{"timestamp", "style", "target_timezone", "locale"}
)

// MathJSON is datetime_math over JSON: a raw request in, the compact PRD
// payload out, or an *Error (whose Envelope is the PRD error payload). It
// never panics, whatever the bytes.
func MathJSON(input []byte) ([]byte, *Error) {
	out, e := mathJSON(input)
	return out, e.detach()
}

// FormatJSON is datetime_format over JSON, like MathJSON.
func FormatJSON(input []byte) ([]byte, *Error) {
	out, e := formatJSON(input)
	return out, e.detach()
}

// detach gives an error whose message holds no bytes of the request: the
// decoders' strings share the request's bytes (unquoteView), and a caller
// may reuse its buffer once the call has returned.
func (e *Error) detach() *Error {
	if e == nil {
		return nil
	}
	return &Error{Code: e.Code, Message: strings.Clone(e.Message)}
}

func mathJSON(input []byte) ([]byte, *Error) {
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

func formatJSON(input []byte) ([]byte, *Error) {
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
// field order, before any rule of the tool runs (DecisionErrorOrder). On an
// error the input is the zero value (the callers use only the error).
func decodeMath(input []byte) (DatetimeMathInput, *Error) {
	fields, e := decodeObject(input, mathKeys)
	if e != nil {
		return DatetimeMathInput{}, e
	}
	// The values are read into locals, not through pointers into a
	// struct, which would move the struct to the heap.
	var strs [5]string
	for i, f := range [5]struct{ name, code string }{
		{"operation", CodeInvalidOperation},
		{"timestamp", CodeInvalidTimestamp},
		{"left", CodeInvalidTimestamp},
		{"right", CodeInvalidTimestamp},
		{"target_timezone", CodeInvalidTimezone},
	} {
		if strs[i], e = stringField(&fields, f.name, f.code); e != nil {
			return DatetimeMathInput{}, e
		}
	}
	var ints [6]*int64
	for i := range ints {
		if ints[i], e = intField(&fields, i); e != nil {
			return DatetimeMathInput{}, e
		}
	}
	return DatetimeMathInput{Operation: strs[0], Timestamp: strs[1], Left: strs[2], Right: strs[3], TargetTimezone: strs[4],
		Years: ints[0], Months: ints[1], Days: ints[2], Hours: ints[3], Minutes: ints[4], Seconds: ints[5]}, nil
}

func decodeFormat(input []byte) (DatetimeFormatInput, *Error) {
	fields, e := decodeObject(input, formatKeys)
	if e != nil {
		return DatetimeFormatInput{}, e
	}
	var strs [4]string
	for i, f := range [4]struct{ name, code string }{
		{"timestamp", CodeInvalidTimestamp},
		{"style", CodeInvalidStyle},
		{"target_timezone", CodeInvalidTimezone},
		{"locale", CodeUnsupportedLocale},
	} {
		if strs[i], e = stringField(&fields, f.name, f.code); e != nil {
			return DatetimeFormatInput{}, e
		}
	}
	return DatetimeFormatInput{Timestamp: strs[0], Style: strs[1], TargetTimezone: strs[2], Locale: strs[3]}, nil
}

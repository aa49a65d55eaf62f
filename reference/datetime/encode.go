package datetime

import (
	"encoding/json"
	"strconv"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
)

// The results are written by appenders, byte for byte what json.Marshal
// writes for them (encode_test.go checks every kind against it): encoding
// by reflection was a fifth of a call.

// jsonObject appends an object's members in order.
type jsonObject struct{ b []byte }

func (o *jsonObject) key(k string) {
	if len(o.b) == 0 || o.b[len(o.b)-1] != '{' {
		o.b = append(o.b, ',')
	}
	o.b = append(o.b, '"')
	o.b = append(o.b, k...)
	o.b = append(o.b, '"', ':')
}

func (o *jsonObject) str(k, v string) {
	o.key(k)
	o.b = protocol.AppendString(o.b, v)
}

func (o *jsonObject) integer(k string, v int) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, int64(v), 10)
}

// number writes a json.Number as json.Marshal does ("" as 0); ok is false
// for one that is not a JSON number, which json.Marshal refuses.
func (o *jsonObject) number(k string, v json.Number) (ok bool) {
	if v == "" {
		v = "0"
	}
	if !isNumber(string(v)) {
		return false
	}
	o.key(k)
	o.b = append(o.b, v...)
	return true
}

// isNumber reports whether s is exactly a JSON number, without white space.
func isNumber(s string) bool {
	if s == "" || !(s[0] == '-' || s[0] >= '0' && s[0] <= '9') || s[len(s)-1] < '0' || s[len(s)-1] > '9' {
		return false
	}
	return jsonin.Valid([]byte(s))
}

func newObject() jsonObject { return jsonObject{b: append(make([]byte, 0, 256), '{')} }

func (o *jsonObject) done() []byte { return append(o.b, '}') }

// appendJSON writes the result; ok is false where json.Marshal would have
// refused it (a duration that is not a number), so that the caller can let
// json.Marshal say why.
func (d *DiffOutput) appendJSON() ([]byte, bool) {
	o := newObject()
	o.str("operation", d.Operation)
	o.str("left", d.Left)
	o.str("right", d.Right)
	if !o.number("duration_seconds", d.DurationSeconds) || !o.number("duration_minutes", d.DurationMinutes) ||
		!o.number("duration_hours", d.DurationHours) || !o.number("duration_days", d.DurationDays) {
		return nil, false
	}
	o.integer("sign", d.Sign)
	return o.done(), true
}

func (s *ShiftOutput) appendJSON() ([]byte, bool) {
	o := newObject()
	o.str("operation", s.Operation)
	o.str("input", s.Input)
	o.str("result", s.Result)
	return o.done(), true
}

func (w *WeekdayOutput) appendJSON() ([]byte, bool) {
	o := newObject()
	o.str("operation", w.Operation)
	o.str("timestamp", w.Timestamp)
	o.str("weekday", w.Weekday)
	o.integer("weekday_index", w.WeekdayIndex)
	return o.done(), true
}

func (c *ConvertTimezoneOutput) appendJSON() ([]byte, bool) {
	o := newObject()
	o.str("operation", c.Operation)
	o.str("input", c.Input)
	o.str("target_timezone", c.TargetTimezone)
	o.str("result", c.Result)
	return o.done(), true
}

func (f *DatetimeFormatOutput) appendJSON() ([]byte, bool) {
	o := newObject()
	o.str("input", f.Input)
	if f.TargetTimezone != "" {
		o.str("target_timezone", f.TargetTimezone)
	}
	o.str("style", f.Style)
	o.str("formatted", f.Formatted)
	o.str("timezone", f.Timezone)
	o.str("utc_offset", f.UTCOffset)
	return o.done(), true
}

package datetime

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

var mathSeeds = []string{
	`{"operation":"diff","left":"2026-04-20T10:00:00+03:00","right":"2026-04-22T15:30:00+03:00"}`,
	`{"operation":"shift","timestamp":"2026-04-20T10:00:00+03:00","days":1,"hours":21}`,
	`{"operation":"weekday","timestamp":"2026-04-20T10:00:00+03:00"}`,
	`{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00+03:00","target_timezone":"Europe/Oslo"}`,
	`{"operation":"shift","timestamp":"2024-02-29T23:59:59.999999999-23:59","years":1,"months":-1,"days":-1,"hours":1.0,"minutes":-1e1,"seconds":316224000000}`,
	`{"operation":"diff","left":"0000-01-01T00:00:00Z","right":"9999-12-31T23:59:59.5z"}`,
	`{"operation":"convert_timezone","timestamp":"1890-01-01T00:00:00Z","target_timezone":"europe/amsterdam"}`,
	`{"operation":"shift","timestamp":"2026-01-31T10:00:00+03:00","months":1,"days":null}`,
	`{"operation":1,"operation":"x","nope":[1,{"a":null}]}`,
}

var formatSeeds = []string{
	`{"timestamp":"2026-04-20T10:00:00+03:00","style":"long","target_timezone":"Europe/Oslo"}`,
	`{"timestamp":"2026-04-20T10:00:00+03:00","style":"short"}`,
	`{"timestamp":"2026-10-25T01:30:00Z","style":"weekday_date","target_timezone":"Australia/Lord_Howe","locale":"en-GB"}`,
	`{"timestamp":"9999-12-31T23:00:00-05:00","style":"time_only","target_timezone":"UTC"}`,
	`{"timestamp":"1890-04-20T10:00:00+03:00","style":"date_only","target_timezone":"Europe/Amsterdam","locale":null}`,
	`{"timestamp":"2026-04-20T10:00:00.5-00:00","style":"long","locale":"ru"}`,
}

// checkError is the contract of every failure: a known code, a message, no
// output, and an envelope that is valid JSON.
func checkError(t *testing.T, out []byte, e *Error) {
	t.Helper()
	if out != nil {
		t.Fatalf("error %v with output %q", e, out)
	}
	if !slices.Contains(Codes(), e.Code) || e.Message == "" {
		t.Fatalf("bad error %#v", e)
	}
	if !json.Valid(e.Envelope()) {
		t.Fatalf("invalid envelope %q", e.Envelope())
	}
}

// checkScanner compares decodeObject with encoding/json: whenever the
// hand-written scanner accepts an object, encoding/json must read the same
// keys and the same raw values.
func checkScanner(t *testing.T, data []byte) {
	t.Helper()
	fields, e := decodeObject(data, mathKeys)
	if e != nil {
		return
	}
	var want map[string]json.RawMessage
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatalf("scanner accepted what encoding/json rejects: %v", err)
	}
	if len(want) != fields.count() {
		t.Fatalf("scanner read %d fields, encoding/json %d", fields.count(), len(want))
	}
	for k, v := range want {
		if raw, _ := fields.get(k); string(raw) != string(v) {
			t.Fatalf("field %q: scanner %q, encoding/json %q", k, raw, v)
		}
	}
}

// FuzzMathJSON: any input gives valid JSON or a known error, never a panic;
// every timestamp the tool prints is one it accepts back; diff's numbers
// agree with its sign.
func FuzzMathJSON(f *testing.F) {
	for _, s := range mathSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkScanner(t, data)
		out, e := MathJSON(data)
		if e != nil {
			checkError(t, out, e)
			return
		}
		var m map[string]any
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("invalid JSON %q: %v", out, err)
		}
		if r, ok := m["result"].(string); ok {
			if _, e := parseTimestamp("result", r); e != nil {
				t.Fatalf("result %q is not accepted back: %v", r, e)
			}
		}
		if m["operation"] == OpDiff {
			sign := m["sign"].(float64)
			for _, k := range []string{"duration_seconds", "duration_minutes", "duration_hours", "duration_days"} {
				v := m[k].(float64)
				if v*sign < 0 || (sign == 0 && v != 0) {
					t.Fatalf("%s = %v disagrees with sign %v", k, v, sign)
				}
			}
		}
	})
}

// FuzzFormatJSON: any input gives valid JSON or a known error, never a panic;
// a success has all fields the PRD shape requires.
func FuzzFormatJSON(f *testing.F) {
	for _, s := range formatSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out, e := FormatJSON(data)
		if e != nil {
			checkError(t, out, e)
			return
		}
		var o DatetimeFormatOutput
		if err := json.Unmarshal(out, &o); err != nil {
			t.Fatalf("invalid JSON %q: %v", out, err)
		}
		if o.Input == "" || o.Formatted == "" || o.Timezone == "" || styles[o.Style] == nil {
			t.Fatalf("incomplete output %s", out)
		}
		if len(o.UTCOffset) != 6 && len(o.UTCOffset) != 9 || !strings.ContainsAny(o.UTCOffset[:1], "+-") {
			t.Fatalf("bad utc_offset in %s", out)
		}
	})
}

// FuzzTyped drives the typed API with structured values, which byte-level
// mutation of JSON rarely reaches, and checks algebraic properties: diff is
// antisymmetric to the last digit, a clock-unit shift undoes itself,
// convert_timezone keeps the instant, and format never fails on a valid
// timestamp in its own offset.
func FuzzTyped(f *testing.F) {
	f.Add("2026-04-20T10:00:00+03:00", "2026-04-22T15:30:00+03:00", "Europe/Oslo", int64(0), int64(0), int64(1), int64(21), int64(0), int64(0))
	f.Add("2024-02-29T23:59:59.999999999-23:59", "0000-01-01T00:00:00Z", "australia/lord_howe", int64(1), int64(-13), int64(400), int64(-5), int64(59), int64(-86401))
	f.Fuzz(func(t *testing.T, a, b, zone string, y, mo, d, h, mi, s int64) {
		ctx := t.Context()
		d1, err1 := ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpDiff, Left: a, Right: b})
		d2, err2 := ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpDiff, Left: b, Right: a})
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("diff errors differ: %v / %v", err1, err2)
		}
		if err1 == nil {
			x, y := d1.Diff, d2.Diff
			neg := func(n string) string {
				if n == "0" {
					return n
				}
				if strings.HasPrefix(n, "-") {
					return n[1:]
				}
				return "-" + n
			}
			if x.Sign != -y.Sign || string(x.DurationSeconds) != neg(string(y.DurationSeconds)) ||
				string(x.DurationMinutes) != neg(string(y.DurationMinutes)) ||
				string(x.DurationHours) != neg(string(y.DurationHours)) ||
				string(x.DurationDays) != neg(string(y.DurationDays)) {
				t.Fatalf("diff not antisymmetric: %+v / %+v", x, y)
			}
		}

		sh, err := ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpShift, Timestamp: a,
			Years: &y, Months: &mo, Days: &d, Hours: &h, Minutes: &mi, Seconds: &s})
		if err == nil {
			if _, e := parseTimestamp("result", sh.Shift.Result); e != nil {
				t.Fatalf("shift result %q rejected: %v", sh.Shift.Result, e)
			}
			nh, nmi, ns := -h, -mi, -s
			back, err := ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpShift, Timestamp: a, Hours: &h, Minutes: &mi, Seconds: &s})
			if err == nil {
				back, err = ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpShift, Timestamp: back.Shift.Result, Hours: &nh, Minutes: &nmi, Seconds: &ns})
				ta, _ := parseTimestamp("a", a)
				tb, _ := parseTimestamp("b", back.Shift.Result)
				if err != nil || !ta.Equal(tb) {
					t.Fatalf("clock shift does not undo: %q → %v %v", a, back, err)
				}
			}
		} else if !strings.Contains(err.Error(), "_") {
			t.Fatalf("odd error %v", err)
		}

		cv, err := ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpConvertTimezone, Timestamp: a, TargetTimezone: zone})
		if err == nil {
			ta, _ := parseTimestamp("a", a)
			tr, e := parseTimestamp("r", cv.ConvertTimezone.Result)
			if e != nil || !ta.Equal(tr) {
				t.Fatalf("convert changed the instant: %q → %q (%v)", a, cv.ConvertTimezone.Result, e)
			}
		}

		if _, e := parseTimestamp("a", a); e == nil {
			for style := range styles {
				if _, err := ExecuteDatetimeFormat(ctx, DatetimeFormatInput{Timestamp: a, Style: style}); err != nil {
					t.Fatalf("format %s of valid %q: %v", style, a, err)
				}
			}
		}
	})
}

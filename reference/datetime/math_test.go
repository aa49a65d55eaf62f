package datetime

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// The PRD's four example payloads, byte for byte.
func TestMathPRDExamples(t *testing.T) {
	runJSON(t, MathJSON, []jsonCase{
		{name: "diff",
			in:   `{"operation":"diff","left":"2026-04-20T10:00:00+03:00","right":"2026-04-22T15:30:00+03:00"}`,
			want: `{"operation":"diff","left":"2026-04-20T10:00:00+03:00","right":"2026-04-22T15:30:00+03:00","duration_seconds":192600,"duration_minutes":3210,"duration_hours":53.5,"duration_days":2.2291666667,"sign":1}`},
		{name: "shift",
			in:   `{"operation":"shift","timestamp":"2026-04-20T10:00:00+03:00","days":1,"hours":21}`,
			want: `{"operation":"shift","input":"2026-04-20T10:00:00+03:00","result":"2026-04-22T07:00:00+03:00"}`},
		{name: "weekday",
			in:   `{"operation":"weekday","timestamp":"2026-04-20T10:00:00+03:00"}`,
			want: `{"operation":"weekday","timestamp":"2026-04-20T10:00:00+03:00","weekday":"Monday","weekday_index":1}`},
		{name: "convert_timezone",
			in:   `{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00+03:00","target_timezone":"Europe/Oslo"}`,
			want: `{"operation":"convert_timezone","input":"2026-04-20T10:00:00+03:00","target_timezone":"Europe/Oslo","result":"2026-04-20T09:00:00+02:00"}`},
	})
}

func TestDiff(t *testing.T) {
	d := func(name, l, r, s, m, h, dd string, sign int) jsonCase {
		return jsonCase{name: name,
			in:   `{"operation":"diff","left":"` + l + `","right":"` + r + `"}`,
			want: diffOut(l, r, s, m, h, dd, sign)}
	}
	runJSON(t, MathJSON, []jsonCase{
		d("positive", "2026-04-20T10:00:00+03:00", "2026-04-22T15:30:00+03:00", "192600", "3210", "53.5", "2.2291666667", 1),
		d("negative is signed", "2026-04-22T15:30:00+03:00", "2026-04-20T10:00:00+03:00", "-192600", "-3210", "-53.5", "-2.2291666667", -1),
		d("zero delta", "2026-04-20T10:00:00+03:00", "2026-04-20T10:00:00+03:00", "0", "0", "0", "0", 0),
		d("same instant, other offsets", "2026-04-20T10:00:00+03:00", "2026-04-20T07:00:00Z", "0", "0", "0", "0", 0),
		d("across Oslo spring-forward is elapsed time", "2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00", "3600", "60", "1", "0.0416666667", 1),
		d("one day", "2026-04-20T00:00:00Z", "2026-04-21T00:00:00Z", "86400", "1440", "24", "1", 1),
		d("fractional seconds", "2026-04-20T10:00:00Z", "2026-04-20T10:00:00.5Z", "0.5", "0.0083333333", "0.0001388889", "0.000005787", 1),
		d("one nanosecond back rounds to 0 without -0", "2026-04-20T10:00:00.000000001Z", "2026-04-20T10:00:00Z", "-0.000000001", "0", "0", "0", -1),
		d("half rounds away from zero", "2026-04-20T10:00:00Z", "2026-04-20T10:00:00.00000432Z", "0.00000432", "0.000000072", "0.0000000012", "0.0000000001", 1),
		d("half rounds away from zero, negative", "2026-04-20T10:00:00.00000432Z", "2026-04-20T10:00:00Z", "-0.00000432", "-0.000000072", "-0.0000000012", "-0.0000000001", -1),
		d("just under half rounds down", "2026-04-20T10:00:00Z", "2026-04-20T10:00:00.000004319Z", "0.000004319", "0.000000072", "0.0000000012", "0", 1),
		d("whole range is exact", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "315569519999", "5259491999.9833333333", "87658199.9997222222", "3652424.9999884259", 1),
		d("fraction borrows across the second", "2026-04-20T10:00:00.75Z", "2026-04-20T10:00:01.25Z", "0.5", "0.0083333333", "0.0001388889", "0.000005787", 1),
		{name: "missing left", in: `{"operation":"diff","right":"2026-04-20T10:00:00Z"}`, code: CodeMissingRequiredField},
		{name: "missing right", in: `{"operation":"diff","left":"2026-04-20T10:00:00Z"}`, code: CodeMissingRequiredField},
		{name: "empty left is missing", in: `{"operation":"diff","left":"","right":"2026-04-20T10:00:00Z"}`, code: CodeMissingRequiredField},
		{name: "invalid left", in: `{"operation":"diff","left":"2026-04-20","right":"2026-04-20T10:00:00Z"}`, code: CodeInvalidTimestamp},
		{name: "invalid right", in: `{"operation":"diff","left":"2026-04-20T10:00:00Z","right":"tomorrow"}`, code: CodeInvalidTimestamp},
		{name: "timestamp not used by diff", in: `{"operation":"diff","timestamp":"2026-04-20T10:00:00Z","left":"2026-04-20T10:00:00Z","right":"2026-04-20T10:00:00Z"}`, code: CodeInvalidInput},
		{name: "days not used by diff", in: `{"operation":"diff","left":"2026-04-20T10:00:00Z","right":"2026-04-20T10:00:00Z","days":0}`, code: CodeInvalidInput},
	})
}

func TestShift(t *testing.T) {
	s := func(name, ts, fields, res string) jsonCase {
		return jsonCase{name: name,
			in:   `{"operation":"shift","timestamp":"` + ts + `",` + fields + `}`,
			want: shiftOut(ts, res)}
	}
	bad := func(name, ts, fields, code string) jsonCase {
		return jsonCase{name: name, in: `{"operation":"shift","timestamp":"` + ts + `",` + fields + `}`, code: code}
	}
	const ts = "2026-04-20T10:00:00+03:00"
	runJSON(t, MathJSON, []jsonCase{
		s("PRD example", ts, `"days":1,"hours":21`, "2026-04-22T07:00:00+03:00"),
		s("all six units", ts, `"years":1,"months":2,"days":3,"hours":4,"minutes":5,"seconds":6`, "2027-06-23T14:05:06+03:00"),
		s("all six units backwards", ts, `"years":-1,"months":-2,"days":-3,"hours":-4,"minutes":-5,"seconds":-6`, "2025-02-17T05:54:54+03:00"),
		s("mixed signs", ts, `"days":1,"hours":-1`, "2026-04-21T09:00:00+03:00"),
		s("negative seconds cross midnight", "2026-01-01T00:00:00Z", `"seconds":-1`, "2025-12-31T23:59:59Z"),
		s("negative month crosses the year", "2026-01-15T00:00:00Z", `"months":-1`, "2025-12-15T00:00:00Z"),
		s("months beyond a year", "2026-12-15T00:00:00Z", `"months":13`, "2028-01-15T00:00:00Z"),
		s("months far back", "2026-01-15T00:00:00Z", `"months":-25`, "2023-12-15T00:00:00Z"),
		s("seconds spill into days", ts, `"seconds":86400`, "2026-04-21T10:00:00+03:00"),
		s("minutes in a +05:45 offset", "2026-04-20T23:30:00+05:45", `"minutes":30`, "2026-04-21T00:00:00+05:45"),

		// DecisionMonthEnd
		s("Jan 31 + 1 month clamps to Feb 28", "2026-01-31T10:00:00+03:00", `"months":1`, "2026-02-28T10:00:00+03:00"),
		s("Jan 31 + 1 month in a leap year", "2024-01-31T10:00:00+03:00", `"months":1`, "2024-02-29T10:00:00+03:00"),
		s("Feb 29 + 1 year clamps to Feb 28", "2024-02-29T12:00:00Z", `"years":1`, "2025-02-28T12:00:00Z"),
		s("Feb 29 + 4 years stays Feb 29", "2024-02-29T12:00:00Z", `"years":4`, "2028-02-29T12:00:00Z"),
		s("Feb 29 - 1 year", "2024-02-29T12:00:00Z", `"years":-1`, "2023-02-28T12:00:00Z"),
		s("Feb 29 + 100 years (not leap)", "2000-02-29T12:00:00Z", `"years":100`, "2100-02-28T12:00:00Z"),
		s("Mar 31 - 1 month", "2024-03-31T00:00:00Z", `"months":-1`, "2024-02-29T00:00:00Z"),
		s("May 31 + 1 month clamps to Jun 30", "2026-05-31T00:00:00Z", `"months":1`, "2026-06-30T00:00:00Z"),
		s("Jan 31 + 2 months is not clamped", "2026-01-31T00:00:00Z", `"months":2`, "2026-03-31T00:00:00Z"),
		// DecisionUnitOrder
		s("years and months clamp once", "2024-02-29T00:00:00Z", `"years":1,"months":1`, "2025-03-29T00:00:00Z"),
		s("months before days", "2026-01-31T00:00:00Z", `"months":1,"days":1`, "2026-03-01T00:00:00Z"),
		s("intermediate beyond 9999 is fine", "5000-01-01T00:00:00Z", `"years":6000,"days":-730485`, "9000-01-01T00:00:00Z"),
		// DecisionShiftOffset: a fixed offset does not follow DST.
		s("+1 day across Oslo DST keeps the offset", "2026-03-28T12:00:00+01:00", `"days":1`, "2026-03-29T12:00:00+01:00"),
		s("+24 hours across Oslo DST is the same", "2026-03-28T12:00:00+01:00", `"hours":24`, "2026-03-29T12:00:00+01:00"),
		s("+1 day across New York DST end", "2026-10-31T12:00:00-04:00", `"days":1`, "2026-11-01T12:00:00-04:00"),
		// DecisionZeroShift, DecisionZeroOffset, DecisionEchoVerbatim, DecisionFractions
		s("zero delta", ts, `"days":0`, ts),
		s("all zero", ts, `"years":0,"months":0,"days":0,"hours":0,"minutes":0,"seconds":0`, ts),
		s("+00:00 prints as Z", "2026-04-20T10:00:00+00:00", `"days":0`, "2026-04-20T10:00:00Z"),
		s("-00:00 prints as Z", "2026-04-20T10:00:00-00:00", `"days":0`, "2026-04-20T10:00:00Z"),
		s("lower-case t and z echoed, result canonical", "2026-04-20t10:00:00z", `"days":1`, "2026-04-21T10:00:00Z"),
		s("fraction kept, trailing zeros trimmed", "2026-04-20T10:00:00.500Z", `"seconds":1`, "2026-04-20T10:00:01.5Z"),
		s("fraction that becomes whole", "2026-04-20T10:00:00.000000001Z", `"days":0`, "2026-04-20T10:00:00.000000001Z"),
		// DecisionShiftValues
		s("1.0 is an integer", ts, `"days":1.0`, "2026-04-21T10:00:00+03:00"),
		s("1e0 is an integer", ts, `"days":1e0`, "2026-04-21T10:00:00+03:00"),
		s("2.50e1 is 25", ts, `"hours":2.50e1`, "2026-04-21T11:00:00+03:00"),
		s("-0 is zero", ts, `"days":-0`, ts),
		s("null field with another present", ts, `"days":null,"hours":1`, "2026-04-20T11:00:00+03:00"),
		s("largest years", "0000-01-01T00:00:00Z", `"years":9999`, "9999-01-01T00:00:00Z"),
		s("to the last second", "9999-12-31T23:59:58Z", `"seconds":1`, "9999-12-31T23:59:59Z"),
		bad("fraction", ts, `"hours":1.5`, CodeInvalidShift),
		bad("tiny fraction", ts, `"seconds":1e-1`, CodeInvalidShift),
		bad("string", ts, `"days":"2"`, CodeInvalidShift),
		bad("bool", ts, `"days":true`, CodeInvalidShift),
		bad("object", ts, `"days":{}`, CodeInvalidShift),
		bad("years beyond bound", ts, `"years":10001`, CodeInvalidShift),
		bad("seconds beyond bound", ts, `"seconds":316224000001`, CodeInvalidShift),
		bad("beyond int64", ts, `"seconds":100000000000000000000`, CodeInvalidShift),
		bad("huge exponent", ts, `"hours":1e400`, CodeInvalidShift),
		bad("negative beyond bound", ts, `"days":-3660001`, CodeInvalidShift),
		// DecisionOutputRange
		bad("past 9999", "9999-12-31T23:59:59Z", `"seconds":1`, CodeOutOfRange),
		bad("before 0000", "0000-01-01T00:00:00Z", `"seconds":-1`, CodeOutOfRange),
		bad("years to 10000", "0000-01-01T00:00:00Z", `"years":10000`, CodeOutOfRange),
		bad("largest seconds", "0000-01-01T00:00:00Z", `"seconds":316224000000`, CodeOutOfRange),
		bad("largest negative days", "9999-12-31T00:00:00Z", `"days":-3660000`, CodeOutOfRange),
		// Errors
		{name: "no shift fields", in: `{"operation":"shift","timestamp":"` + ts + `"}`, code: CodeEmptyShift},
		{name: "only null shift fields", in: `{"operation":"shift","timestamp":"` + ts + `","days":null,"hours":null}`, code: CodeEmptyShift},
		{name: "missing timestamp", in: `{"operation":"shift","days":1}`, code: CodeMissingRequiredField},
		{name: "missing timestamp before empty shift", in: `{"operation":"shift"}`, code: CodeMissingRequiredField},
		{name: "empty shift before bad timestamp", in: `{"operation":"shift","timestamp":"x"}`, code: CodeEmptyShift},
		bad("invalid timestamp", "2026-02-30T10:00:00Z", `"days":1`, CodeInvalidTimestamp),
		bad("target_timezone not used by shift", ts, `"days":1,"target_timezone":"Europe/Oslo"`, CodeInvalidInput),
		bad("left not used by shift", ts, `"days":1,"left":"2026-04-20T10:00:00Z"`, CodeInvalidInput),
		s("empty target_timezone is absent", ts, `"days":1,"target_timezone":""`, "2026-04-21T10:00:00+03:00"),
	})
}

// A whole number too large for int64 is a bound violation like any other, so
// it is reported where bounds are in DecisionErrorOrder: after the operation,
// unused fields, required fields and timestamps (it used to be reported first,
// as if its JSON type were wrong).
func TestHugeShiftFieldsInErrorOrder(t *testing.T) {
	const ts = `"timestamp":"2026-04-20T10:00:00Z"`
	runJSON(t, MathJSON, []jsonCase{
		{name: "unknown operation first", in: `{"operation":"now","years":1e20}`, code: CodeInvalidOperation},
		{name: "missing operation first", in: `{"years":-1e20}`, code: CodeMissingRequiredField},
		{name: "unused by diff", in: `{"operation":"diff","left":"2026-04-20T10:00:00Z","right":"2026-04-20T10:00:00Z","days":1e18}`, code: CodeInvalidInput},
		{name: "missing timestamp first", in: `{"operation":"shift","hours":1e19}`, code: CodeMissingRequiredField},
		{name: "invalid timestamp first", in: `{"operation":"shift","timestamp":"x","hours":1e19}`, code: CodeInvalidTimestamp},
		{name: "then the bound", in: `{"operation":"shift",` + ts + `,"hours":1e19}`, code: CodeInvalidShift},
		{name: "negative", in: `{"operation":"shift",` + ts + `,"minutes":-100000000000000000000}`, code: CodeInvalidShift},
		{name: "a fraction is still a type error", in: `{"operation":"now","years":1.5}`, code: CodeInvalidShift},
	})
}

// The typed API applies bounds itself, since Go callers bypass the decoder.
func TestShiftTypedBounds(t *testing.T) {
	big := int64(1) << 62
	for _, in := range []DatetimeMathInput{
		{Operation: OpShift, Timestamp: "2026-04-20T10:00:00Z", Years: &big},
		{Operation: OpShift, Timestamp: "2026-04-20T10:00:00Z", Seconds: &big},
	} {
		_, err := ExecuteDatetimeMath(context.Background(), in)
		var e *Error
		if !errors.As(err, &e) || e.Code != CodeInvalidShift {
			t.Errorf("%+v: got %v, want invalid_shift", in, err)
		}
	}
}

func TestWeekday(t *testing.T) {
	w := func(ts, day string, idx int) jsonCase {
		return jsonCase{name: ts,
			in:   `{"operation":"weekday","timestamp":"` + ts + `"}`,
			want: `{"operation":"weekday","timestamp":"` + ts + `","weekday":"` + day + `","weekday_index":` + itoa(idx) + `}`}
	}
	runJSON(t, MathJSON, []jsonCase{
		w("2026-04-20T10:00:00+03:00", "Monday", 1),
		w("2026-04-21T10:00:00+03:00", "Tuesday", 2),
		w("2026-04-22T10:00:00+03:00", "Wednesday", 3),
		w("2026-04-23T10:00:00+03:00", "Thursday", 4),
		w("2026-04-24T10:00:00+03:00", "Friday", 5),
		w("2026-04-25T10:00:00+03:00", "Saturday", 6),
		w("2026-04-26T10:00:00+03:00", "Sunday", 7),
		// DecisionWeekdayZone: the wall date in the timestamp's own offset.
		w("2026-04-19T23:30:00-05:00", "Sunday", 7),
		w("2026-04-20T04:30:00Z", "Monday", 1),
		w("2026-04-20T00:30:00+14:00", "Monday", 1),
		w("0000-01-01T00:00:00Z", "Saturday", 6),
		w("9999-12-31T23:59:59Z", "Friday", 5),
		w("2024-02-29T12:00:00Z", "Thursday", 4),
		{name: "missing timestamp", in: `{"operation":"weekday"}`, code: CodeMissingRequiredField},
		{name: "invalid timestamp", in: `{"operation":"weekday","timestamp":"Monday"}`, code: CodeInvalidTimestamp},
		{name: "target_timezone not used", in: `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","target_timezone":"Asia/Tokyo"}`, code: CodeInvalidInput},
	})
}

func TestConvertTimezone(t *testing.T) {
	c := func(name, ts, zone, canon, res string) jsonCase {
		return jsonCase{name: name,
			in:   `{"operation":"convert_timezone","timestamp":"` + ts + `","target_timezone":"` + zone + `"}`,
			want: convertOut(ts, canon, res)}
	}
	bad := func(name, ts, zone, code string) jsonCase {
		return jsonCase{name: name,
			in:   `{"operation":"convert_timezone","timestamp":"` + ts + `","target_timezone":"` + zone + `"}`,
			code: code}
	}
	const oslo, ny, lh = "Europe/Oslo", "America/New_York", "Australia/Lord_Howe"
	runJSON(t, MathJSON, []jsonCase{
		// Europe/Oslo: CET→CEST 2026-03-29 01:00Z, CEST→CET 2026-10-25 01:00Z.
		c("Oslo before spring-forward", "2026-03-29T00:59:59Z", oslo, oslo, "2026-03-29T01:59:59+01:00"),
		c("Oslo at spring-forward", "2026-03-29T01:00:00Z", oslo, oslo, "2026-03-29T03:00:00+02:00"),
		c("Oslo first 02:30 in the fall-back", "2026-10-25T00:30:00Z", oslo, oslo, "2026-10-25T02:30:00+02:00"),
		c("Oslo second 02:30 in the fall-back", "2026-10-25T01:30:00Z", oslo, oslo, "2026-10-25T02:30:00+01:00"),
		c("Oslo at fall-back", "2026-10-25T01:00:00Z", oslo, oslo, "2026-10-25T02:00:00+01:00"),
		// America/New_York: EST→EDT 2026-03-08 07:00Z, EDT→EST 2026-11-01 06:00Z.
		c("New York before spring-forward", "2026-03-08T06:59:59Z", ny, ny, "2026-03-08T01:59:59-05:00"),
		c("New York at spring-forward", "2026-03-08T07:00:00Z", ny, ny, "2026-03-08T03:00:00-04:00"),
		c("New York before fall-back", "2026-11-01T05:59:59Z", ny, ny, "2026-11-01T01:59:59-04:00"),
		c("New York at fall-back", "2026-11-01T06:00:00Z", ny, ny, "2026-11-01T01:00:00-05:00"),
		// Australia/Lord_Howe: half-hour DST, +11:00 → +10:30 2026-04-04 15:00Z, back 2026-10-03 15:30Z.
		c("Lord Howe before DST end", "2026-04-04T14:59:59Z", lh, lh, "2026-04-05T01:59:59+11:00"),
		c("Lord Howe at DST end", "2026-04-04T15:00:00Z", lh, lh, "2026-04-05T01:30:00+10:30"),
		c("Lord Howe before DST start", "2026-10-03T15:29:59Z", lh, lh, "2026-10-04T01:59:59+10:30"),
		c("Lord Howe at DST start", "2026-10-03T15:30:00Z", lh, lh, "2026-10-04T02:30:00+11:00"),
		// Half- and three-quarter-hour zones without DST.
		c("Kolkata", "2026-04-20T10:00:00+03:00", "Asia/Kolkata", "Asia/Kolkata", "2026-04-20T12:30:00+05:30"),
		c("Kolkata in January", "2026-01-20T10:00:00+03:00", "Asia/Kolkata", "Asia/Kolkata", "2026-01-20T12:30:00+05:30"),
		c("Kathmandu", "2026-04-20T10:00:00+03:00", "Asia/Kathmandu", "Asia/Kathmandu", "2026-04-20T12:45:00+05:45"),
		c("Kathmandu to the next day", "2026-04-20T20:00:00Z", "Asia/Kathmandu", "Asia/Kathmandu", "2026-04-21T01:45:00+05:45"),
		c("Kolkata to New York", "2026-04-20T12:30:00+05:30", ny, ny, "2026-04-20T03:00:00-04:00"),
		// DecisionZeroOffset, DecisionFractions
		c("to UTC", "2026-04-20T10:00:00+03:00", "UTC", "UTC", "2026-04-20T07:00:00Z"),
		c("London in winter prints Z", "2026-01-20T10:00:00+03:00", "Europe/London", "Europe/London", "2026-01-20T07:00:00Z"),
		c("fraction kept", "2026-04-20T10:00:00.123Z", oslo, oslo, "2026-04-20T12:00:00.123+02:00"),
		// DecisionTimezoneNames
		c("lower case is canonicalised", "2026-04-20T10:00:00+03:00", "europe/oslo", oslo, "2026-04-20T09:00:00+02:00"),
		c("upper case is canonicalised", "2026-04-20T10:00:00+03:00", "AMERICA/NEW_YORK", ny, "2026-04-20T03:00:00-04:00"),
		c("link", "2026-04-20T10:00:00+03:00", "US/Eastern", "US/Eastern", "2026-04-20T03:00:00-04:00"),
		c("EST is fixed -05:00", "2026-07-20T10:00:00+03:00", "EST", "EST", "2026-07-20T02:00:00-05:00"),
		c("Etc/GMT+5 is UTC-05:00", "2026-04-20T10:00:00+03:00", "Etc/GMT+5", "Etc/GMT+5", "2026-04-20T02:00:00-05:00"),
		c("Etc/UTC", "2026-04-20T10:00:00+03:00", "etc/utc", "Etc/UTC", "2026-04-20T07:00:00Z"),
		bad("Local", "2026-04-20T10:00:00Z", "Local", CodeInvalidTimezone),
		bad("Factory", "2026-04-20T10:00:00Z", "Factory", CodeInvalidTimezone),
		bad("unknown", "2026-04-20T10:00:00Z", "Mars/Olympus_Mons", CodeInvalidTimezone),
		bad("double slash", "2026-04-20T10:00:00Z", "America//New_York", CodeInvalidTimezone),
		bad("path", "2026-04-20T10:00:00Z", "../Europe/Oslo", CodeInvalidTimezone),
		bad("offset", "2026-04-20T10:00:00Z", "+03:00", CodeInvalidTimezone),
		bad("UTC+3", "2026-04-20T10:00:00Z", "UTC+3", CodeInvalidTimezone),
		bad("GMT+5", "2026-04-20T10:00:00Z", "GMT+5", CodeInvalidTimezone),
		bad("Etc/GMT+13", "2026-04-20T10:00:00Z", "Etc/GMT+13", CodeInvalidTimezone),
		bad("PST abbreviation", "2026-04-20T10:00:00Z", "PST", CodeInvalidTimezone),
		bad("CEST abbreviation", "2026-04-20T10:00:00Z", "CEST", CodeInvalidTimezone),
		bad("POSIX TZ", "2026-04-20T10:00:00Z", "EST5", CodeInvalidTimezone),
		bad("leading space", "2026-04-20T10:00:00Z", " Europe/Oslo", CodeInvalidTimezone),
		bad("trailing space", "2026-04-20T10:00:00Z", "Europe/Oslo ", CodeInvalidTimezone),
		bad("directory", "2026-04-20T10:00:00Z", "Europe", CodeInvalidTimezone),
		// DecisionOutputRange
		bad("past 9999 in UTC", "9999-12-31T23:00:00-05:00", "UTC", CodeOutOfRange),
		bad("before 0000 in UTC", "0000-01-01T00:00:00+01:00", "UTC", CodeOutOfRange),
		bad("local mean time with seconds", "1890-04-20T10:00:00Z", "Europe/Amsterdam", CodeOutOfRange),
		c("year 0000 stays in range", "0000-01-01T00:00:00+01:00", "Etc/GMT-1", "Etc/GMT-1", "0000-01-01T00:00:00+01:00"),
		// Errors
		{name: "missing zone", in: `{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z"}`, code: CodeMissingRequiredField},
		{name: "empty zone is missing", in: `{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z","target_timezone":""}`, code: CodeMissingRequiredField},
		{name: "null zone is missing", in: `{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z","target_timezone":null}`, code: CodeMissingRequiredField},
		{name: "missing timestamp", in: `{"operation":"convert_timezone","target_timezone":"UTC"}`, code: CodeMissingRequiredField},
		{name: "zone of wrong type", in: `{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z","target_timezone":3}`, code: CodeInvalidTimezone},
		{name: "timestamp before zone", in: `{"operation":"convert_timezone","timestamp":"x","target_timezone":"Nowhere"}`, code: CodeInvalidTimestamp},
		{name: "shift field not used", in: `{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z","target_timezone":"UTC","hours":1}`, code: CodeInvalidInput},
	})
}

func TestOperationErrors(t *testing.T) {
	runJSON(t, MathJSON, []jsonCase{
		{name: "missing", in: `{"timestamp":"2026-04-20T10:00:00Z"}`, code: CodeMissingRequiredField},
		{name: "empty", in: `{"operation":""}`, code: CodeMissingRequiredField},
		{name: "null", in: `{"operation":null}`, code: CodeMissingRequiredField},
		{name: "unknown", in: `{"operation":"add"}`, code: CodeInvalidOperation},
		{name: "wrong case", in: `{"operation":"Diff"}`, code: CodeInvalidOperation},
		{name: "number", in: `{"operation":1}`, code: CodeInvalidOperation},
		{name: "unknown before unused fields", in: `{"operation":"now","days":1}`, code: CodeInvalidOperation},
	})
}

// The typed API and the JSON API must agree, and the typed API must return a
// true nil error on success (not a typed nil *Error).
func TestTypedAPI(t *testing.T) {
	one, hours := int64(1), int64(21)
	out, err := ExecuteDatetimeMath(context.Background(), DatetimeMathInput{
		Operation: OpShift, Timestamp: "2026-04-20T10:00:00+03:00", Days: &one, Hours: &hours})
	if err != nil {
		t.Fatalf("err = %v", err)
	}
	if out.Operation() != OpShift || out.Shift == nil || out.Shift.Result != "2026-04-22T07:00:00+03:00" {
		t.Fatalf("out = %+v", out)
	}
	b, err := json.Marshal(out)
	if err != nil || string(b) != shiftOut("2026-04-20T10:00:00+03:00", "2026-04-22T07:00:00+03:00") {
		t.Fatalf("marshal = %s, %v", b, err)
	}
	if _, err := json.Marshal(DatetimeMathOutput{}); err == nil {
		t.Fatal("empty output marshalled without error")
	}
	if (DatetimeMathOutput{}).Operation() != "" {
		t.Fatal("empty output names an operation")
	}

	_, err = ExecuteDatetimeMath(context.Background(), DatetimeMathInput{Operation: "nope"})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeInvalidOperation {
		t.Fatalf("err = %v", err)
	}
	var nilCtx context.Context // documented as allowed (DecisionContext)
	if _, err := ExecuteDatetimeMath(nilCtx, DatetimeMathInput{Operation: OpWeekday, Timestamp: "2026-04-20T10:00:00Z"}); err != nil {
		t.Fatalf("nil ctx: %v", err)
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ExecuteDatetimeMath(ctx, DatetimeMathInput{Operation: OpWeekday, Timestamp: "2026-04-20T10:00:00Z"})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeInternalError {
		t.Fatalf("math: %v", err)
	}
	_, err = ExecuteDatetimeFormat(ctx, DatetimeFormatInput{Timestamp: "2026-04-20T10:00:00Z", Style: StyleShort})
	if !errors.As(err, &e) || e.Code != CodeInternalError {
		t.Fatalf("format: %v", err)
	}
}

package datetime

import (
	"context"
	"encoding/json"
	"testing"
)

func formatOut(in, target, style, formatted, zone, offset string) string {
	s := `{"input":"` + in + `",`
	if target != "" {
		s += `"target_timezone":"` + target + `",`
	}
	return s + `"style":"` + style + `","formatted":"` + formatted + `","timezone":"` + zone + `","utc_offset":"` + offset + `"}`
}

// fmtCase builds a request with an optional target zone; canon is the
// echoed (canonical) name.
func fmtCase(name, ts, target, canon, style, formatted, zone, offset string) jsonCase {
	in := `{"timestamp":"` + ts + `","style":"` + style + `"`
	if target != "" {
		in += `,"target_timezone":"` + target + `"`
	}
	return jsonCase{name: name, in: in + `}`, want: formatOut(ts, canon, style, formatted, zone, offset)}
}

func TestFormatPRDExample(t *testing.T) {
	runJSON(t, FormatJSON, []jsonCase{{name: "long in Oslo",
		in:   `{"timestamp":"2026-04-20T10:00:00+03:00","style":"long","target_timezone":"Europe/Oslo"}`,
		want: `{"input":"2026-04-20T10:00:00+03:00","target_timezone":"Europe/Oslo","style":"long","formatted":"2026-04-20 09:00 CEST","timezone":"Europe/Oslo","utc_offset":"+02:00"}`}})
}

func TestFormatStyles(t *testing.T) {
	const ts = "2026-04-20T10:00:00+03:00"
	var cases []jsonCase
	for _, s := range []struct{ style, own, oslo string }{
		{StyleShort, "2026-04-20 10:00", "2026-04-20 09:00"},
		{StyleLong, "2026-04-20 10:00 +03", "2026-04-20 09:00 CEST"},
		{StyleDateOnly, "2026-04-20", "2026-04-20"},
		{StyleTimeOnly, "10:00", "09:00"},
		{StyleWeekdayDate, "Monday, 2026-04-20", "Monday, 2026-04-20"},
	} {
		cases = append(cases,
			fmtCase(s.style+" in own offset", ts, "", "", s.style, s.own, "UTC+03:00", "+03:00"),
			fmtCase(s.style+" in Oslo", ts, "Europe/Oslo", "Europe/Oslo", s.style, s.oslo, "Europe/Oslo", "+02:00"))
	}
	runJSON(t, FormatJSON, cases)
}

// Every style around DST changes, in the zone and in the bare offsets either
// side of the change (which never follow DST).
func TestFormatAroundDST(t *testing.T) {
	type row struct {
		ts, zone                         string
		short, long, date, time, weekday string
		tz, offset                       string
	}
	rows := []row{
		// Europe/Oslo spring-forward 2026-03-29 01:00Z.
		{"2026-03-29T00:59:59Z", "Europe/Oslo", "2026-03-29 01:59", "2026-03-29 01:59 CET", "2026-03-29", "01:59", "Sunday, 2026-03-29", "Europe/Oslo", "+01:00"},
		{"2026-03-29T01:00:00Z", "Europe/Oslo", "2026-03-29 03:00", "2026-03-29 03:00 CEST", "2026-03-29", "03:00", "Sunday, 2026-03-29", "Europe/Oslo", "+02:00"},
		// Europe/Oslo fall-back 2026-10-25 01:00Z: 02:30 happens twice.
		{"2026-10-25T00:30:00Z", "Europe/Oslo", "2026-10-25 02:30", "2026-10-25 02:30 CEST", "2026-10-25", "02:30", "Sunday, 2026-10-25", "Europe/Oslo", "+02:00"},
		{"2026-10-25T01:30:00Z", "Europe/Oslo", "2026-10-25 02:30", "2026-10-25 02:30 CET", "2026-10-25", "02:30", "Sunday, 2026-10-25", "Europe/Oslo", "+01:00"},
		// America/New_York 2026-03-08 07:00Z and 2026-11-01 06:00Z.
		{"2026-03-08T06:59:59Z", "America/New_York", "2026-03-08 01:59", "2026-03-08 01:59 EST", "2026-03-08", "01:59", "Sunday, 2026-03-08", "America/New_York", "-05:00"},
		{"2026-03-08T07:00:00Z", "America/New_York", "2026-03-08 03:00", "2026-03-08 03:00 EDT", "2026-03-08", "03:00", "Sunday, 2026-03-08", "America/New_York", "-04:00"},
		{"2026-11-01T05:30:00Z", "America/New_York", "2026-11-01 01:30", "2026-11-01 01:30 EDT", "2026-11-01", "01:30", "Sunday, 2026-11-01", "America/New_York", "-04:00"},
		{"2026-11-01T06:30:00Z", "America/New_York", "2026-11-01 01:30", "2026-11-01 01:30 EST", "2026-11-01", "01:30", "Sunday, 2026-11-01", "America/New_York", "-05:00"},
		// Australia/Lord_Howe: tzdata has no English abbreviation, it prints the offset.
		{"2026-04-04T14:59:59Z", "Australia/Lord_Howe", "2026-04-05 01:59", "2026-04-05 01:59 +11", "2026-04-05", "01:59", "Sunday, 2026-04-05", "Australia/Lord_Howe", "+11:00"},
		{"2026-04-04T15:00:00Z", "Australia/Lord_Howe", "2026-04-05 01:30", "2026-04-05 01:30 +1030", "2026-04-05", "01:30", "Sunday, 2026-04-05", "Australia/Lord_Howe", "+10:30"},
		{"2026-10-03T15:30:00Z", "Australia/Lord_Howe", "2026-10-04 02:30", "2026-10-04 02:30 +11", "2026-10-04", "02:30", "Sunday, 2026-10-04", "Australia/Lord_Howe", "+11:00"},
		// No DST, fractional offsets.
		{"2026-04-20T10:00:00+03:00", "Asia/Kolkata", "2026-04-20 12:30", "2026-04-20 12:30 IST", "2026-04-20", "12:30", "Monday, 2026-04-20", "Asia/Kolkata", "+05:30"},
		{"2026-04-20T20:00:00Z", "Asia/Kathmandu", "2026-04-21 01:45", "2026-04-21 01:45 +0545", "2026-04-21", "01:45", "Tuesday, 2026-04-21", "Asia/Kathmandu", "+05:45"},
		// No target: the input's own offset, whichever side of a DST change it came from.
		{"2026-03-29T01:59:59+01:00", "", "2026-03-29 01:59", "2026-03-29 01:59 +01", "2026-03-29", "01:59", "Sunday, 2026-03-29", "UTC+01:00", "+01:00"},
		{"2026-03-29T03:00:00+02:00", "", "2026-03-29 03:00", "2026-03-29 03:00 +02", "2026-03-29", "03:00", "Sunday, 2026-03-29", "UTC+02:00", "+02:00"},
		{"2026-11-01T01:30:00-04:00", "", "2026-11-01 01:30", "2026-11-01 01:30 -04", "2026-11-01", "01:30", "Sunday, 2026-11-01", "UTC-04:00", "-04:00"},
		{"2026-11-01T01:30:00-05:00", "", "2026-11-01 01:30", "2026-11-01 01:30 -05", "2026-11-01", "01:30", "Sunday, 2026-11-01", "UTC-05:00", "-05:00"},
		{"2026-04-05T01:30:00+10:30", "", "2026-04-05 01:30", "2026-04-05 01:30 +1030", "2026-04-05", "01:30", "Sunday, 2026-04-05", "UTC+10:30", "+10:30"},
		{"2026-04-20T12:30:00+05:30", "", "2026-04-20 12:30", "2026-04-20 12:30 +0530", "2026-04-20", "12:30", "Monday, 2026-04-20", "UTC+05:30", "+05:30"},
		{"2026-04-20T12:45:00+05:45", "", "2026-04-20 12:45", "2026-04-20 12:45 +0545", "2026-04-20", "12:45", "Monday, 2026-04-20", "UTC+05:45", "+05:45"},
		{"2026-04-20T00:30:00-09:30", "", "2026-04-20 00:30", "2026-04-20 00:30 -0930", "2026-04-20", "00:30", "Monday, 2026-04-20", "UTC-09:30", "-09:30"},
		{"2026-04-20T10:00:00Z", "", "2026-04-20 10:00", "2026-04-20 10:00 UTC", "2026-04-20", "10:00", "Monday, 2026-04-20", "UTC", "+00:00"},
		{"2026-04-20T10:00:00-00:00", "", "2026-04-20 10:00", "2026-04-20 10:00 UTC", "2026-04-20", "10:00", "Monday, 2026-04-20", "UTC", "+00:00"},
	}
	var cases []jsonCase
	for _, r := range rows {
		for style, want := range map[string]string{
			StyleShort: r.short, StyleLong: r.long, StyleDateOnly: r.date, StyleTimeOnly: r.time, StyleWeekdayDate: r.weekday,
		} {
			cases = append(cases, fmtCase(r.ts+" "+r.zone+" "+style, r.ts, r.zone, r.zone, style, want, r.tz, r.offset))
		}
	}
	runJSON(t, FormatJSON, cases)
}

func TestFormatDecisions(t *testing.T) {
	runJSON(t, FormatJSON, []jsonCase{
		// DecisionFormatTruncate
		fmtCase("seconds truncated", "2026-04-20T09:59:59.999Z", "", "", StyleTimeOnly, "09:59", "UTC", "+00:00"),
		fmtCase("date not rounded forward", "2026-04-20T23:59:59.999999999Z", "", "", StyleDateOnly, "2026-04-20", "UTC", "+00:00"),
		// The date and weekday follow the target zone.
		fmtCase("weekday in Tokyo", "2026-04-19T23:30:00-05:00", "Asia/Tokyo", "Asia/Tokyo", StyleWeekdayDate, "Monday, 2026-04-20", "Asia/Tokyo", "+09:00"),
		// DecisionTimezoneNames: echo and timezone in canonical spelling.
		fmtCase("case-folded zone", "2026-04-20T10:00:00+03:00", "europe/oslo", "Europe/Oslo", StyleLong, "2026-04-20 09:00 CEST", "Europe/Oslo", "+02:00"),
		fmtCase("link keeps its name", "2026-04-20T10:00:00+03:00", "us/eastern", "US/Eastern", StyleLong, "2026-04-20 03:00 EDT", "US/Eastern", "-04:00"),
		fmtCase("UTC zone", "2026-04-20T10:00:00+03:00", "UTC", "UTC", StyleLong, "2026-04-20 07:00 UTC", "UTC", "+00:00"),
		fmtCase("Etc/GMT-3 abbreviation", "2026-04-20T10:00:00Z", "Etc/GMT-3", "Etc/GMT-3", StyleLong, "2026-04-20 13:00 +03", "Etc/GMT-3", "+03:00"),
		// DecisionOffsetSeconds
		fmtCase("local mean time", "1890-04-20T10:00:00+03:00", "Europe/Amsterdam", "Europe/Amsterdam", StyleLong, "1890-04-20 07:19 AMT", "Europe/Amsterdam", "+00:19:32"),
		// DecisionEmptyIsAbsent
		{name: "empty target is absent", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":""}`,
			want: formatOut("2026-04-20T10:00:00Z", "", "short", "2026-04-20 10:00", "UTC", "+00:00")},
		{name: "null target is absent", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":null,"locale":null}`,
			want: formatOut("2026-04-20T10:00:00Z", "", "short", "2026-04-20 10:00", "UTC", "+00:00")},
		// DecisionEchoVerbatim
		{name: "input echoed verbatim", in: `{"timestamp":"2026-04-20t10:00:00.50z","style":"short"}`,
			want: formatOut("2026-04-20t10:00:00.50z", "", "short", "2026-04-20 10:00", "UTC", "+00:00")},
		// Year edges stay four digits.
		fmtCase("year 0000", "0000-01-01T00:00:00Z", "", "", StyleWeekdayDate, "Saturday, 0000-01-01", "UTC", "+00:00"),
		fmtCase("year 9999", "9999-12-31T23:59:59Z", "", "", StyleLong, "9999-12-31 23:59 UTC", "UTC", "+00:00"),
	})
}

func TestFormatLocale(t *testing.T) {
	ok := func(locale string) jsonCase {
		return jsonCase{name: "ok " + locale,
			in:   `{"timestamp":"2026-04-20T10:00:00Z","style":"weekday_date","locale":"` + locale + `"}`,
			want: formatOut("2026-04-20T10:00:00Z", "", "weekday_date", "Monday, 2026-04-20", "UTC", "+00:00")}
	}
	bad := func(locale string) jsonCase {
		return jsonCase{name: "bad " + locale,
			in:   `{"timestamp":"2026-04-20T10:00:00Z","style":"weekday_date","locale":` + locale + `}`,
			code: CodeUnsupportedLocale}
	}
	runJSON(t, FormatJSON, []jsonCase{
		ok(""), ok("en"), ok("EN"), ok("en-GB"), ok("en-us"), ok("en-Latn-US"), ok("en-001"),
		bad(`"ru"`), bad(`"de-DE"`), bad(`"en_US"`), bad(`"english"`), bad(`"en-"`), bad(`"en--GB"`),
		bad(`"e"`), bad(`"en-toolongsubtag"`), bad(`"en-G B"`), bad(`1`), bad(`["en"]`),
	})
}

func TestFormatErrors(t *testing.T) {
	runJSON(t, FormatJSON, []jsonCase{
		{name: "missing timestamp", in: `{"style":"short"}`, code: CodeMissingRequiredField},
		{name: "empty timestamp", in: `{"timestamp":"","style":"short"}`, code: CodeMissingRequiredField},
		{name: "missing style", in: `{"timestamp":"2026-04-20T10:00:00Z"}`, code: CodeMissingRequiredField},
		{name: "missing timestamp before bad style", in: `{"style":"full"}`, code: CodeMissingRequiredField},
		{name: "unknown style", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"full"}`, code: CodeInvalidStyle},
		{name: "style wrong case", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"LONG"}`, code: CodeInvalidStyle},
		{name: "style wrong type", in: `{"timestamp":"2026-04-20T10:00:00Z","style":1}`, code: CodeInvalidStyle},
		{name: "invalid timestamp", in: `{"timestamp":"2026-04-20 10:00","style":"short"}`, code: CodeInvalidTimestamp},
		{name: "timestamp wrong type", in: `{"timestamp":1776668400,"style":"short"}`, code: CodeInvalidTimestamp},
		{name: "timestamp before style", in: `{"timestamp":"x","style":"full"}`, code: CodeInvalidTimestamp},
		{name: "invalid zone", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":"Local"}`, code: CodeInvalidTimezone},
		{name: "abbreviation zone", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":"CEST"}`, code: CodeInvalidTimezone},
		{name: "zone before locale", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":"X","locale":"ru"}`, code: CodeInvalidTimezone},
		{name: "past 9999", in: `{"timestamp":"9999-12-31T23:00:00-05:00","style":"short","target_timezone":"UTC"}`, code: CodeOutOfRange},
		{name: "before 0000", in: `{"timestamp":"0000-01-01T00:30:00+01:00","style":"short","target_timezone":"UTC"}`, code: CodeOutOfRange},
		{name: "operation is not a format field", in: `{"operation":"format","timestamp":"2026-04-20T10:00:00Z","style":"short"}`, code: CodeInvalidInput},
		{name: "timezone is not target_timezone", in: `{"timestamp":"2026-04-20T10:00:00Z","style":"short","timezone":"Europe/Oslo"}`, code: CodeInvalidInput},
	})
}

func TestFormatTypedAPI(t *testing.T) {
	out, err := ExecuteDatetimeFormat(context.Background(), DatetimeFormatInput{
		Timestamp: "2026-04-20T10:00:00+03:00", Style: StyleLong, TargetTimezone: "Europe/Oslo"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(out)
	want := formatOut("2026-04-20T10:00:00+03:00", "Europe/Oslo", "long", "2026-04-20 09:00 CEST", "Europe/Oslo", "+02:00")
	if string(b) != want {
		t.Fatalf("got %s want %s", b, want)
	}
	if _, err := ExecuteDatetimeFormat(context.Background(), DatetimeFormatInput{Timestamp: "x", Style: "short"}); err == nil {
		t.Fatal("bad timestamp accepted")
	}
}

// The formatter map must hold exactly the PRD's five styles.
func TestStyleMap(t *testing.T) {
	want := []string{StyleShort, StyleLong, StyleDateOnly, StyleTimeOnly, StyleWeekdayDate}
	if len(styles) != len(want) {
		t.Fatalf("%d styles, want %d", len(styles), len(want))
	}
	for _, s := range want {
		if styles[s] == nil {
			t.Errorf("style %s missing", s)
		}
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clockspec/clockspec/fidelity"
)

// datetimeBank are requests for the corners of the datetime tools that the
// matrix's zone corpus does not reach: request decoding, timestamp syntax,
// shift bounds and arithmetic, diff precision, weekday, locales, fixed
// offsets and the years at the ends of 0000-9999. Only the probe uses them;
// their expected answers are the unmutated reference's.
func datetimeBank() []fidelity.Case {
	var cs []fidelity.Case
	add := func(op, in string) {
		if !json.Valid([]byte(in)) {
			return // the judge's calls are JSON; malformed requests are the scenarios' business
		}
		cs = append(cs, fidelity.Case{ID: op + " " + in, Family: fidelity.FamFormat, Op: op, Input: json.RawMessage(in)})
	}
	stamps := []string{
		"2026-04-20T10:00:00+03:00", "2026-04-19T23:30:00-05:00", "2024-02-29T12:00:00Z", "2023-02-28T23:59:59.999999999Z",
		"2026-01-31T10:00:00+01:00", "2026-03-31T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
		"0000-01-01T00:00:00+14:00", "9999-12-31T23:00:00-12:00", "2026-04-20t10:00:00z", "2026-04-20T10:00:00-00:00",
		"2026-04-20T10:00:00.5+05:45", "2026-04-20T10:00:00.120+00:00", "1890-06-01T12:00:00Z", "1937-06-30T23:59:59Z",
		"2026-12-31T23:59:59-23:59", "2026-01-01T00:00:00+23:59", "2026-06-15T12:00:00.000000001Z", "2100-02-28T12:00:00Z",
		"2000-02-29T00:00:00Z", "1900-03-01T00:00:00Z", "2026-04-20T10:00:00+09:30", "2026-04-20T10:00:00-09:30",
		// invalid
		"2026-04-20T10:00:00", "2026-04-20 10:00:00Z", "2026-04-20T24:00:00Z", "2026-04-20T10:60:00Z", "2026-04-20T10:00:60Z",
		"2026-04-20T10:00:61Z", "2026-02-29T10:00:00Z", "2100-02-29T10:00:00Z", "2026-13-01T10:00:00Z", "2026-00-10T10:00:00Z",
		"2026-04-00T10:00:00Z", "2026-04-31T10:00:00Z", "2026-04-20T10:00:00+24:00", "2026-04-20T10:00:00+05:60",
		"2026-04-20T10:00:00.Z", "2026-04-20T10:00:00.1234567890Z", "2026-04-20T1:00:00Z", "2026-4-20T10:00:00Z",
		"2026-04-20T10:00:00Z ", " 2026-04-20T10:00:00Z", "2026-04-20", "2026-04-20T10:00:00+0300", "2026-04-20T10:00:00+03",
		"+2026-04-20T10:00:00Z", "2026-04-20X10:00:00Z", "2026-04-20T10:00:00ZZ", "2026-04-20T10-00:00Z", "abcd-04-20T10:00:00Z",
		"2026/04/20T10:00:00Z", "2026-04-20T10:00:00+03:00x",
	}
	zones := []string{"Europe/Oslo", "europe/oslo", "America/New_York", "Asia/Kathmandu", "Pacific/Kiritimati", "Etc/GMT+12",
		"UTC", "Europe/Amsterdam", "Australia/Lord_Howe", "PST", "Local", "", "Factory", "+03:00", "America//New_York", "US/Eastern"}
	styles := []string{"short", "long", "date_only", "time_only", "weekday_date", "LONG", "", "iso"}
	locales := []string{"", "en", "en-GB", "EN-us", "en-", "en-abcdefghi", "en-a-b", "en--x", "ru", "english", "en_US", "en-419"}
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	for _, ts := range stamps {
		add("datetime_math", fmt.Sprintf(`{"operation":"weekday","timestamp":%s}`, q(ts)))
		for _, z := range zones {
			add("datetime_math", fmt.Sprintf(`{"operation":"convert_timezone","timestamp":%s,"target_timezone":%s}`, q(ts), q(z)))
		}
		for _, st := range styles {
			add("datetime_format", fmt.Sprintf(`{"timestamp":%s,"style":%s}`, q(ts), q(st)))
			add("datetime_format", fmt.Sprintf(`{"timestamp":%s,"style":%s,"target_timezone":"Asia/Kathmandu"}`, q(ts), q(st)))
			add("datetime_format", fmt.Sprintf(`{"timestamp":%s,"style":%s,"target_timezone":"Europe/Amsterdam"}`, q(ts), q(st)))
		}
		for _, l := range locales {
			add("datetime_format", fmt.Sprintf(`{"timestamp":%s,"style":"long","locale":%s}`, q(ts), q(l)))
		}
		for _, ts2 := range stamps[:24] {
			add("datetime_math", fmt.Sprintf(`{"operation":"diff","left":%s,"right":%s}`, q(ts), q(ts2)))
		}
	}
	amounts := []string{
		`"years":1`, `"months":1`, `"months":-1`, `"months":13`, `"months":-13`, `"years":1,"months":1`, `"days":1`, `"days":-1`,
		`"hours":24`, `"minutes":-90`, `"seconds":3599`, `"years":0`, `"days":0,"hours":null`, `"years":10000`, `"years":10001`,
		`"years":-10000`, `"months":120000`, `"months":-120001`, `"days":3660000`, `"days":-3660001`, `"hours":87840000`,
		`"hours":-87840001`, `"minutes":5270400000`, `"minutes":-5270400001`, `"seconds":316224000000`, `"seconds":-316224000001`,
		`"days":1.0`, `"days":1e2`, `"days":2.50e1`, `"days":1.5`, `"days":1e-1`, `"days":"2"`, `"days":true`, `"days":-0`,
		`"days":1e999999999`, `"days":-1e20`, `"days":123456789012345678901234567890`, `"years":1,"months":-1,"days":-1,"hours":1,"minutes":-1,"seconds":1`,
		`"months":1,"days":1`, `"years":-1,"months":-11`, `"months":-24`, `"days":-719528`, `"seconds":-62167219200`,
	}
	for _, ts := range stamps[:30] {
		for _, a := range amounts {
			add("datetime_math", fmt.Sprintf(`{"operation":"shift","timestamp":%s,%s}`, q(ts), a))
		}
	}
	for _, in := range []string{
		``, `null`, `[]`, `"x"`, `{`, `{}`, `{"operation":"shift"}`, `{"operation":"diff","left":"2026-04-20T10:00:00Z"}`,
		`{"operation":"diff","right":"2026-04-20T10:00:00Z"}`, `{"operation":"Diff"}`, `{"operation":""}`, `{"operation":null}`,
		`{"operation":1}`, `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","days":1}`,
		`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","target_timezone":"UTC"}`, `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","target_timezone":""}`,
		`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","days":null}`, `{"operation":"diff","left":"2026-04-20T10:00:00Z","right":"2026-04-21T10:00:00Z","timestamp":"x"}`,
		`{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z"}`, `{"operation":"convert_timezone","target_timezone":"UTC"}`,
		`{"operation":"shift","timestamp":"2026-04-20T10:00:00Z","left":"x"}`, `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","operation":"weekday"}`,
		`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","Timestamp":"x"}`, `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z"} x`,
		`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z",}`, ` { "operation" : "weekday" , "timestamp" : "2026-04-20T10:00:00Z" } `,
		`{"operation":"weekday","timestamp":"2026-04-20T10:00:00\u005a"}`, `{"operation":"weekday","timestamp":["2026-04-20T10:00:00Z"]}`,
		`{"operation":"weekday","timestamp":{"a":[1,{"b":"}"}]}}`, `{"op\u0065ration":"weekday","timestamp":"2026-04-20T10:00:00Z"}`,
		`{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","nope":null}`, `{"operation":"shift","timestamp":"2026-04-20T10:00:00Z","years":null,"months":null}`,
		`{"timestamp":"2026-04-20T10:00:00Z"}`, `{"style":"short"}`, `{"timestamp":"2026-04-20T10:00:00Z","style":null}`,
		`{"timestamp":"2026-04-20T10:00:00Z","style":"short","locale":1}`, `{"timestamp":"2026-04-20T10:00:00Z","style":1}`,
		`{"timestamp":1,"style":"short"}`, `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":1}`,
		`{"timestamp":"2026-04-20T10:00:00Z","style":"short","extra":1}`, `{"timestamp":"x","style":"nope"}`,
		`{"timestamp":"2026-04-20T10:00:00Z","style":"nope","target_timezone":"Nowhere"}`, `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":"Nowhere","locale":"ru"}`,
		`{"operation":"diff","left":"x","right":"y"}`, `{"operation":"diff","left":"2026-04-20T10:00:00Z","right":"y"}`,
		`{"operation":"shift","timestamp":"x","days":1.5}`, `{"operation":"shift","timestamp":"2026-04-20T10:00:00Z","days":1.5,"years":10001}`,
		`{"operation":"convert_timezone","timestamp":"x","target_timezone":"Nowhere"}`, `{"operation":"nope","timestamp":"x"}`,
		`{"operation":"shift","timestamp":"2026-04-20T10:00:00Z","hours":1,"target_timezone":"UTC"}`, `{"operation":"diff","left":"2026-04-20T10:00:00Z","right":"2026-04-20T10:00:00Z","days":0}`,
		`{"operation":"weekday","timestamp":"` + strings.Repeat("9", 70000) + `"}`,
	} {
		add("datetime_math", in)
		add("datetime_format", in)
	}
	return cs
}

// v1Bank are v1 requests for the JavaScript-runtime corners the zone
// corpus does not reach: RegExp case folding and \b (trigger_match), trim's
// white space (strip_internal_tags, format_outbound, validate_group_folder),
// parseInt (interval schedules) and Date parsing (interval anchors and
// format_local_time). Picked cases are checked against the JavaScript
// oracle before they become scenarios.
func v1Bank() []fidelity.Case {
	var cs []fidelity.Case
	add := func(op string, in any) {
		b, err := json.Marshal(in)
		if err != nil {
			return
		}
		cs = append(cs, fidelity.Case{ID: op + " " + string(b), Family: fidelity.FamFormatLocalTime, Op: op, Input: b})
	}
	names := []string{"Andy", "andy", "ANDY", "Ǆemal", "ǅemal", "ǆemal", "Σίσυφος", "σίσυφος", "ΣΊΣΥΦΟΣ", "İstanbul", "istanbul",
		"ß", "ẞ", "Straße", "STRASSE", "K", "k", "\u212a", "µ", "μ", "Μ", "ſ", "s", "S", "Ω", "ω", "\u2126", "ı", "I", "i",
		"Ꭰ", "ꭰ", "ǈ", "ǉ", "Ǉ", "ᲀ", "в", "В", "ⓐ", "Ⓐ", "𐐀", "𐐨", "Å", "å", "\u212b", "ϴ", "θ", "ϑ", "Θ", "ﬀ", "ff", "_x", "x_", "é", "É"}
	for _, n := range names {
		for _, content := range []string{"@" + n + " hi", "@" + strings.ToUpper(n) + " hi", "@" + strings.ToLower(n) + " hi", "@" + n + "x", "@" + n + "_", "@" + n + "é", "@" + n, " @" + n + "\u00a0", "@" + n + "-"} {
			add("v1.trigger_match", map[string]any{"content": content, "trigger": "@" + n})
		}
		add("v1.trigger_match", map[string]any{"content": "@" + n + " hi", "assistant_name": n})
	}
	for _, c := range []string{"/", "0", "9", ":", "@", "A", "Z", "[", "`", "a", "z", "{", "_", "\u00e9", "\u0130"} {
		add("v1.trigger_match", map[string]any{"content": "@Andy" + c + " hi"})
		add("v1.trigger_match", map[string]any{"content": c + "@Andy hi", "trigger": c + "@Andy"})
	}
	spaces := []string{" ", "\t", "\n", "\v", "\f", "\r", "\u00a0", "\u1680", "\u2000", "\u2005", "\u200a", "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\u0085", "\u180e", "\u001c"}
	for _, sp := range spaces {
		add("v1.strip_internal_tags", map[string]any{"text": sp + "a<internal>x</internal>b" + sp})
		add("v1.format_outbound", map[string]any{"text": sp + "<internal>x</internal>" + sp})
		add("v1.validate_group_folder", map[string]any{"folder": sp + "abc"})
		add("v1.trigger_match", map[string]any{"content": sp + "@Andy hi" + sp, "trigger": sp + "@Andy" + sp})
		add("v1.compute_next_run", map[string]any{"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC",
			"task": map[string]any{"schedule_type": "interval", "schedule_value": sp + "60000", "next_run": "2026-01-01T00:00:00.000Z"}})
	}
	for _, v := range []string{"60000", "+60000", "-60000", "0", "00060000", "60000ms", "6e4", "0x10", "1.9", " 1", "1 ", "", "-", "+", "9007199254740993",
		"99999999999999999999", "1e21", "17280000000000000", "17280000000000001", "8640000000000000", "2", "1", "-0", "٣", "１２"} {
		for _, anchor := range []any{"2026-01-01T00:00:00.000Z", nil, "1970-01-01T00:00:00Z", "-271821-04-20T00:00:00Z", "+275760-09-13T00:00:00Z", "2026-01-01"} {
			add("v1.compute_next_run", map[string]any{"now": "2026-01-01T00:00:30.000Z", "timezone": "UTC",
				"task": map[string]any{"schedule_type": "interval", "schedule_value": v, "next_run": anchor}})
		}
	}
	for _, ts := range []string{"2024-01-01T00:00:00Z", "+275760-09-13T00:00:00.000Z", "+275760-09-12T23:59:59.999Z", "-271821-04-20T00:00:00Z",
		"-271821-04-19T23:59:59.999Z", "+275760-09-13T00:00:00.000+01:00", "-271821-04-20T00:00:00-01:00", "+275760-09-13", "-271821-04-20",
		"+275760-09-13T00:00", "-271821-04-20T00:00", "+1000000-01-01T00:00:00Z", "-1000000-01-01T00:00:00Z", "+1000001-01-01T00:00:00Z",
		"-000000-01-01T00:00:00Z", "+000000-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "-000001-12-31T23:59:59Z", "2024-01-01T00:00:00+23:59",
		"2024-01-01T00:00:00-23:59", "2024-01-01T00:00:00+99:00", "2024-01-01T00:00:00.9999999Z", "2024-01-01T00:00:00.1Z", "2024-01-01T00:00:00.12Z",
		"2024-01-01T23:59:59.999-00:01", "1970-01-01T00:00:00.000+00:01", "2024-02-29T24:00:00Z", "2024-12-31T24:00:00.000Z", "2024-12-31T24:00:00.001Z",
		"2024-12-31T24:01:00Z", "2024-01-01T12:00:00 Z", "2024-01-01T12:00:00+05", "2024-01-01T12:00:00+5:30", "2024-01-01T12:00:00+0530Z",
		"Jan 1 2024 12:00", "1 Jan 2024", "2024-01-01T12:00:00.000+05:30junk", "2024-01-01T12", "20240101T120000Z", "2024-W01-1",
	} {
		for _, ptz := range []string{"UTC", "America/New_York", "Pacific/Kiritimati"} {
			add("v1.format_local_time", map[string]any{"timestamp": ts, "timezone": "Asia/Kolkata", "process_timezone": ptz})
		}
		add("v1.compute_next_run", map[string]any{"now": "2026-01-01T00:00:30.000Z", "timezone": "UTC",
			"task": map[string]any{"schedule_type": "interval", "schedule_value": "86400000", "next_run": ts}})
	}
	return cs
}

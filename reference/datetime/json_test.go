package datetime

import (
	"slices"
	"strings"
	"testing"
)

// DecisionStrictRequest and DecisionWrongTypes, through both entry points.
func TestStrictRequest(t *testing.T) {
	const weekday = `"operation":"weekday","timestamp":"2026-04-20T10:00:00Z"`
	bad := func(name, in, code string) jsonCase { return jsonCase{name: name, in: in, code: code} }
	runJSON(t, MathJSON, []jsonCase{
		bad("empty body", ``, CodeInvalidInput),
		bad("whitespace body", "  \n", CodeInvalidInput),
		bad("null", `null`, CodeInvalidInput),
		bad("array", `[{"operation":"diff"}]`, CodeInvalidInput),
		bad("string", `"diff"`, CodeInvalidInput),
		bad("number", `42`, CodeInvalidInput),
		bad("truncated", `{"operation":"weekday"`, CodeInvalidInput),
		bad("syntax error", `{"operation":}`, CodeInvalidInput),
		bad("trailing comma", `{`+weekday+`,}`, CodeInvalidInput),
		bad("single quotes", `{'operation':'weekday'}`, CodeInvalidInput),
		bad("trailing object", `{`+weekday+`}{}`, CodeInvalidInput),
		bad("trailing garbage", `{`+weekday+`} x`, CodeInvalidInput),
		bad("unknown field", `{`+weekday+`,"timezone":"UTC"}`, CodeInvalidInput),
		bad("key case matters", `{"Operation":"weekday","timestamp":"2026-04-20T10:00:00Z"}`, CodeInvalidInput),
		bad("duplicate key", `{`+weekday+`,"timestamp":"2026-04-21T10:00:00Z"}`, CodeInvalidInput),
		bad("duplicate null key", `{`+weekday+`,"operation":null}`, CodeInvalidInput),
		bad("too large", `{`+weekday+`,"left":"`+strings.Repeat("x", maxInputBytes)+`"}`, CodeInvalidInput),
		bad("structure before types", `{"operation":1,"nope":1}`, CodeInvalidInput),
		bad("timestamp number", `{"operation":"weekday","timestamp":20260420}`, CodeInvalidTimestamp),
		bad("timestamp object", `{"operation":"weekday","timestamp":{"iso":"2026-04-20T10:00:00Z"}}`, CodeInvalidTimestamp),
		bad("left bool", `{"operation":"diff","left":true,"right":"2026-04-20T10:00:00Z"}`, CodeInvalidTimestamp),
		bad("operation array", `{"operation":["diff"]}`, CodeInvalidOperation),
		bad("types in field order", `{"operation":"diff","right":1,"left":2}`, CodeInvalidTimestamp),
		{name: "whitespace everywhere", in: " {\n \"operation\" : \"weekday\" ,\t\"timestamp\":\"2026-04-20T10:00:00Z\" } \n",
			want: `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","weekday":"Monday","weekday_index":1}`},
		{name: "escaped strings", in: `{"operation":"weekd\u0061y","timestamp":"2026-04-20T10:00:00\u005a"}`,
			want: `{"operation":"weekday","timestamp":"2026-04-20T10:00:00Z","weekday":"Monday","weekday_index":1}`},
	})
	runJSON(t, FormatJSON, []jsonCase{
		bad("empty body", ``, CodeInvalidInput),
		bad("array", `[]`, CodeInvalidInput),
		bad("unknown field", `{"timestamp":"2026-04-20T10:00:00Z","style":"short","tz":"UTC"}`, CodeInvalidInput),
		bad("duplicate", `{"timestamp":"2026-04-20T10:00:00Z","style":"short","style":"long"}`, CodeInvalidInput),
		bad("zone wrong type", `{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":false}`, CodeInvalidTimezone),
	})
}

// Error messages quote caller text safely and briefly.
func TestErrorMessages(t *testing.T) {
	_, e := MathJSON([]byte(`{"` + strings.Repeat("k", 500) + `":1}`))
	if e == nil || e.Code != CodeInvalidInput || len(e.Message) > 300 {
		t.Fatalf("long key: %v", e)
	}
	_, e = MathJSON([]byte(`{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00Z","target_timezone":"Mars"}`))
	if e == nil || string(e.Envelope()) != `{"error":{"code":"invalid_timezone","message":"target_timezone must be a valid IANA timezone"}}` {
		t.Fatalf("PRD timezone envelope: %s", e.Envelope())
	}
	_, e = FormatJSON([]byte(`{"timestamp":"2026-04-20T10:00:00Z","style":"full"}`))
	if e == nil || string(e.Envelope()) != `{"error":{"code":"invalid_style","message":"style must be one of short, long, date_only, time_only, weekday_date"}}` {
		t.Fatalf("PRD style envelope: %s", e.Envelope())
	}
	e = &Error{Code: CodeInvalidInput, Message: `a <b> & "c"`}
	if got := string(e.Envelope()); got != `{"error":{"code":"invalid_input","message":"a <b> & \"c\""}}` {
		t.Fatalf("envelope %s", got)
	}
	if e.Error() != `invalid_input: a <b> & "c"` {
		t.Fatalf("Error() = %s", e.Error())
	}
}

// One request per code: every code in Codes() is reachable and documented.
func TestEveryCodeReachable(t *testing.T) {
	reach := map[string]func() *Error{
		CodeInvalidOperation: func() *Error { _, e := MathJSON([]byte(`{"operation":"add"}`)); return e },
		CodeInvalidTimestamp: func() *Error { _, e := MathJSON([]byte(`{"operation":"weekday","timestamp":"x"}`)); return e },
		CodeInvalidTimezone: func() *Error {
			_, e := FormatJSON([]byte(`{"timestamp":"2026-04-20T10:00:00Z","style":"short","target_timezone":"Local"}`))
			return e
		},
		CodeMissingRequiredField: func() *Error { _, e := MathJSON([]byte(`{}`)); return e },
		CodeEmptyShift: func() *Error {
			_, e := MathJSON([]byte(`{"operation":"shift","timestamp":"2026-04-20T10:00:00Z"}`))
			return e
		},
		CodeInvalidStyle: func() *Error {
			_, e := FormatJSON([]byte(`{"timestamp":"2026-04-20T10:00:00Z","style":"full"}`))
			return e
		},
		CodeInvalidInput: func() *Error { _, e := MathJSON([]byte(`[]`)); return e },
		CodeInvalidShift: func() *Error {
			_, e := MathJSON([]byte(`{"operation":"shift","timestamp":"2026-04-20T10:00:00Z","days":0.5}`))
			return e
		},
		CodeOutOfRange: func() *Error {
			_, e := MathJSON([]byte(`{"operation":"shift","timestamp":"9999-12-31T23:59:59Z","seconds":1}`))
			return e
		},
		CodeUnsupportedLocale: func() *Error {
			_, e := FormatJSON([]byte(`{"timestamp":"2026-04-20T10:00:00Z","style":"short","locale":"ru"}`))
			return e
		},
		CodeInternalError: func() *Error { return marshalError() },
	}
	for _, code := range Codes() {
		f := reach[code]
		if f == nil {
			t.Errorf("no request reaches %s", code)
			continue
		}
		if e := f(); e == nil || e.Code != code {
			t.Errorf("%s: got %v", code, e)
		}
	}
	if len(reach) != len(Codes()) {
		t.Errorf("%d codes tested, %d declared", len(reach), len(Codes()))
	}
}

// marshalError drives the one internal_error path that needs no context.
func marshalError() *Error {
	_, e := marshal(func() {})
	return e
}

func TestParseIntegral(t *testing.T) {
	for _, c := range []struct {
		lit            string
		v              int64
		integral, fits bool
	}{
		{"0", 0, true, true}, {"-0", 0, true, true}, {"0.0", 0, true, true}, {"0e999999999999", 0, true, true},
		{"1", 1, true, true}, {"-1", -1, true, true}, {"1.0", 1, true, true}, {"1.000", 1, true, true},
		{"1e0", 1, true, true}, {"1E2", 100, true, true}, {"1e+2", 100, true, true}, {"2.50e1", 25, true, true},
		{"10e-1", 1, true, true}, {"1500e-3", 0, false, false}, {"1.5", 0, false, false}, {"1e-1", 0, false, false},
		{"0.1e1", 1, true, true}, {"1e-99999999999", 0, false, false},
		{"999999999999999999", 999999999999999999, true, true}, {"-999999999999999999", -999999999999999999, true, true},
		{"1000000000000000000", 0, true, false}, {"1e18", 0, true, false}, {"1e17", 1e17, true, true},
		{"1e99999999999", 0, true, false}, {"9223372036854775807", 0, true, false},
		{"316224000000", 316224000000, true, true},
	} {
		v, integral, fits := parseIntegral(c.lit)
		if v != c.v || integral != c.integral || fits != c.fits {
			t.Errorf("%s: got %d %v %v, want %d %v %v", c.lit, v, integral, fits, c.v, c.integral, c.fits)
		}
	}
}

func TestDecisionsListed(t *testing.T) {
	ids := Decisions()
	if len(ids) < 20 {
		t.Fatalf("only %d decisions", len(ids))
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if id == "" || seen[id] || strings.ToLower(id) != id || strings.Contains(id, " ") {
			t.Errorf("bad or duplicate decision id %q", id)
		}
		seen[id] = true
	}
	if !slices.Contains(ids, DecisionMonthEnd) || !slices.Contains(ids, DecisionContext) {
		t.Error("first or last decision missing from Decisions()")
	}
}

// The zone caches are shared; concurrent calls must give the same bytes as
// sequential ones (run with -race to check the caches themselves).
func TestConcurrentCalls(t *testing.T) {
	inputs := append(slices.Clone(mathSeeds[:4]),
		`{"operation":"convert_timezone","timestamp":"2026-04-20T10:00:00+05:45","target_timezone":"australia/lord_howe"}`,
		`{"operation":"shift","timestamp":"2026-04-20T10:00:00-09:30","days":1}`)
	want := make([]string, len(inputs))
	for i, in := range inputs {
		out, e := MathJSON([]byte(in))
		if e != nil {
			t.Fatal(e)
		}
		want[i] = string(out)
	}
	errs := make(chan string, 8*len(inputs))
	done := make(chan struct{})
	for range 8 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i, in := range inputs {
				if out, _ := MathJSON([]byte(in)); string(out) != want[i] {
					errs <- string(out)
				}
			}
		}()
	}
	for range 8 {
		<-done
	}
	close(errs)
	for got := range errs {
		t.Errorf("concurrent call gave %s", got)
	}
}

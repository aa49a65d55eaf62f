package datetime

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// Every result kind, with strings that JSON escapes, is written exactly as
// json.Marshal writes it; a duration that is not a number is left to
// json.Marshal (which refuses it).
func TestAppendersMatchJSONMarshal(t *testing.T) {
	odd := "a<b>&\"c\"\\\u2028\xff\x01"
	for _, v := range []interface{ appendJSON() ([]byte, bool) }{
		&DiffOutput{"diff", odd, "r", "1.5", "-0.025", "", "12345678901234567890.123", -1},
		&ShiftOutput{"shift", odd, "x"},
		&WeekdayOutput{"weekday", odd, "Monday", 1},
		&ConvertTimezoneOutput{"convert_timezone", "i", odd, "r"},
		&DatetimeFormatOutput{Input: odd, Style: "long", Formatted: "f", Timezone: "UTC", UTCOffset: "+00:00"},
		&DatetimeFormatOutput{Input: "i", TargetTimezone: odd, Style: "s", Formatted: "f", Timezone: "z", UTCOffset: "-09:30"},
	} {
		want, err := json.Marshal(v)
		got, ok := v.appendJSON()
		if err != nil || !ok || string(got) != string(want) {
			t.Errorf("%T: appended %s (%v), json.Marshal %s (%v)", v, got, ok, want, err)
		}
	}
	for _, n := range []json.Number{"1e", " 1", "1 ", "+1", "0x1", "NaN"} {
		if _, ok := (&DiffOutput{DurationSeconds: n}).appendJSON(); ok {
			t.Errorf("duration %q was written", n)
		}
		if _, err := json.Marshal(&DiffOutput{DurationSeconds: n}); err == nil {
			t.Errorf("json.Marshal wrote duration %q", n)
		}
	}
}

// Formatting from one zone lookup gives what reading every field in the
// zone gave, across DST changes and in zones past their last transition.
func TestFormatOneLookup(t *testing.T) {
	t0 := time.Date(2026, 3, 28, 0, 0, 0, 0, time.UTC)
	for _, zone := range []string{"Europe/Oslo", "America/St_Johns", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "UTC"} {
		loc, err := tzdb.Load(zone)
		if err != nil {
			t.Fatal(err)
		}
		for d := time.Duration(0); d < 9*24*time.Hour; d += 37 * time.Minute {
			ts := t0.Add(d).Format(time.RFC3339)
			for style, layout := range styles {
				out, e := executeFormat(context.Background(), DatetimeFormatInput{Timestamp: ts, Style: style, TargetTimezone: zone})
				if e != nil {
					t.Fatal(e)
				}
				in := t0.Add(d).In(loc)
				abbrev, _ := in.Zone()
				if want := layout(in, abbrev); out.Formatted != want {
					t.Fatalf("%s in %s, %s: %q, field by field %q", ts, zone, style, out.Formatted, want)
				}
			}
		}
	}
}

// The decoders' strings share the request's bytes; an error keeps none of
// them, so a caller may reuse its buffer for the next request.
func TestErrorsOutliveTheRequest(t *testing.T) {
	for _, in := range []string{
		`{"timestamp":"2026-04-20T10:00:00+03:00","style":"longest"}`,
		`{"timestamp":"yesterday at noon","style":"long"}`,
		`{"timestamp":"2026-04-20T10:00:00+03:00","style":"long","target_timezone":"Mars/Olympus_Mons"}`,
		`{"timestamp":"2026-04-20T10:00:00+03:00","style":"long","locale":"ru-RU"}`,
	} {
		buf := []byte(in)
		_, e := FormatJSON(buf)
		if e == nil {
			t.Fatalf("%s: no error", in)
		}
		msg := e.Message
		want := strings.Clone(msg)
		for i := range buf {
			buf[i] = 'x'
		}
		if msg != want {
			t.Fatalf("%s: the message changed with the request's buffer: %q, was %q", in, msg, want)
		}
	}
	buf := []byte(`{"operation":"shift","timestamp":"not a time","days":1}`)
	_, e := MathJSON(buf)
	want := strings.Clone(e.Message)
	copy(buf, bytes.Repeat([]byte("y"), len(buf)))
	if e.Message != want {
		t.Fatalf("math: the message changed with the request's buffer: %q, was %q", e.Message, want)
	}
}

// detach copies: a message that shares the request's bytes (as a decoded
// string does) no longer does.
func TestDetachCopies(t *testing.T) {
	lit := []byte(`"timestamp is wrong"`)
	shared, _ := unquoteView(lit)
	e := (&Error{Code: CodeInvalidTimestamp, Message: shared}).detach()
	copy(lit, bytes.Repeat([]byte("x"), len(lit)))
	if shared == "timestamp is wrong" {
		t.Fatal("unquoteView copied: the test shows nothing")
	}
	if e.Message != "timestamp is wrong" {
		t.Fatalf("detached message changed with the request: %q", e.Message)
	}
	if (*Error)(nil).detach() != nil {
		t.Fatal("detach of no error is an error")
	}
}

// A time read in the fixed zone inZone gives reads as in its zone: the
// year, the zone's name and offset, and every layout.
func TestInZone(t *testing.T) {
	t0 := time.Date(1890, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, zone := range []string{"Europe/Oslo", "America/St_Johns", "Australia/Lord_Howe", "Africa/Monrovia", "Asia/Kolkata"} {
		loc, err := tzdb.Load(zone)
		if err != nil {
			t.Fatal(err)
		}
		for d := time.Duration(0); d < 150*365*24*time.Hour; d += 97*24*time.Hour + 7*time.Hour + 13*time.Minute {
			want, got := t0.Add(d).In(loc), inZone(t0.Add(d), loc)
			wn, wo := want.Zone()
			gn, gof := got.Zone()
			if want.Year() != got.Year() || wn != gn || wo != gof || want.Format(time.RFC3339Nano) != got.Format(time.RFC3339Nano) {
				t.Fatalf("%s at %s: %s %s %d, in zone %s %s %d", zone, t0.Add(d), got.Format(time.RFC3339Nano), gn, gof,
					want.Format(time.RFC3339Nano), wn, wo)
			}
		}
	}
}

// zoneAt answers as a lookup does, whatever order the instants come in:
// forwards, backwards, jumping between centuries and between zones.
func TestZoneAtRemembersOnlyItsPeriod(t *testing.T) {
	var locs []*time.Location
	for _, zone := range []string{"Europe/Oslo", "America/St_Johns", "Australia/Lord_Howe", "Africa/Monrovia", "Pacific/Apia"} {
		loc, err := tzdb.Load(zone)
		if err != nil {
			t.Fatal(err)
		}
		locs = append(locs, loc)
	}
	base := time.Date(1850, 1, 1, 0, 0, 0, 0, time.UTC)
	x := uint64(12345)
	for i := 0; i < 200000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		var at time.Time
		if i%2 == 0 { // near the last instant: within its period or just past it
			at = base.Add(time.Duration(i/2%500) * 97 * time.Minute).Add(time.Duration(x%2000) * time.Hour)
		} else {
			at = base.Add(time.Duration(x%(250*365*24)) * time.Hour)
		}
		loc := locs[x%uint64(len(locs))]
		name, off := zoneAt(at, loc)
		wn, wo := at.In(loc).Zone()
		if name != wn || off != wo {
			t.Fatalf("zoneAt(%s, %s) = %s %d, lookup %s %d", at, loc, name, off, wn, wo)
		}
	}
}

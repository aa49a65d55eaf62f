package cronspec

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// Zones come from the embedded tzdb (2025c, the release Node 20.20.2 ships),
// so the expected values do not depend on the machine's tzdata.
func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := tzdb.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func ts(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Every want below was checked against cron-parser 5.5.0 (Node 20.20.2,
// CronExpressionParser.parse(expr, {tz, currentDate}).next()) and equals its
// answer, except where a comment says "cron-parser bug" or "second pass" and
// gives cron-parser's answer: there the want is the pinned, corrected
// semantics (a run in a gap moves forward with the old offset, a repeated wall
// time runs once, at its first occurrence).
var nextCases = []struct {
	expr, zone, now, want string
}{
	// Strictly after now, including an exact and a sub-second now.
	{"0 9 * * *", "UTC", "2025-01-15T10:07:30Z", "2025-01-16T09:00:00Z"},
	{"0 9 * * *", "UTC", "2025-01-15T09:00:00Z", "2025-01-16T09:00:00Z"},
	{"0 9 * * *", "UTC", "2025-01-15T09:00:00.5Z", "2025-01-16T09:00:00Z"},
	{"0 9 * * *", "UTC", "2025-01-15T08:59:59.999Z", "2025-01-15T09:00:00Z"},
	{"*/15 * * * *", "UTC", "2025-01-15T10:07:30Z", "2025-01-15T10:15:00Z"},
	{"5/15 * * * *", "UTC", "2025-01-15T10:07:30Z", "2025-01-15T10:20:00Z"}, // a/n = a-59/n
	{"59 23 31 12 *", "UTC", "2025-12-31T23:59:00Z", "2026-12-31T23:59:00Z"},
	// The empty expression is cron-parser's default "0 * * * * *".
	{"", "UTC", "2025-01-15T10:07:30Z", "2025-01-15T10:08:00Z"},
	// Six fields, seconds first.
	{"*/30 * * * * *", "UTC", "2025-01-15T10:07:30Z", "2025-01-15T10:08:00Z"},
	{"*/30 * * * * *", "UTC", "2025-01-15T10:07:29.9Z", "2025-01-15T10:07:30Z"},
	{"15 30 1 * * *", "Asia/Tokyo", "2025-01-15T10:00:00Z", "2025-01-15T16:30:15Z"},
	// February 29, also across the non-leap 2100.
	{"0 0 29 2 *", "UTC", "2025-01-15T00:00:00Z", "2028-02-29T00:00:00Z"},
	{"0 0 29 2 *", "UTC", "2097-03-01T00:00:00Z", "2104-02-29T00:00:00Z"},
	// Day of week: 0 and 7 are Sunday; names; ranges ending in 7.
	{"0 9 * * 0", "UTC", "2025-01-15T10:00:00Z", "2025-01-19T09:00:00Z"},
	{"0 9 * * 7", "UTC", "2025-01-15T10:00:00Z", "2025-01-19T09:00:00Z"},
	{"0 9 * * SUN", "UTC", "2025-01-15T10:00:00Z", "2025-01-19T09:00:00Z"},
	{"0 12 * * 5-7", "UTC", "2025-01-15T10:00:00Z", "2025-01-17T12:00:00Z"},
	{"0 0 * * mOn-fRi", "UTC", "2025-01-17T10:00:00Z", "2025-01-20T00:00:00Z"},
	{"0 0 * feb/3 *", "UTC", "2025-01-15T10:00:00Z", "2025-02-01T00:00:00Z"},
	// A day-of-week range ending in 7 contains Sunday whatever the step.
	{"0 0 * * 2-7/2", "UTC", "2025-01-18T10:00:00Z", "2025-01-19T00:00:00Z"},
	{"0 0 * * 1/2", "UTC", "2025-01-17T10:00:00Z", "2025-01-19T00:00:00Z"},
	{"0 0 * * */2", "UTC", "2025-01-15T10:00:00Z", "2025-01-16T00:00:00Z"},
	// Both day fields restricted: either matches (the 15th is a Saturday).
	{"0 9 15 * 1", "UTC", "2025-02-10T10:00:00Z", "2025-02-15T09:00:00Z"},
	{"0 9 15 * 1", "UTC", "2025-02-15T10:00:00Z", "2025-02-17T09:00:00Z"},
	// "*/1" is restricted for cron-parser (only a literal * or ? is not), so
	// Mondays OR every day = every day.
	{"0 0 */1 * 1", "UTC", "2025-01-15T10:00:00Z", "2025-01-16T00:00:00Z"},
	{"0 0 ? * 1", "UTC", "2025-01-15T10:00:00Z", "2025-01-20T00:00:00Z"},
	// Macros.
	{"@weekly", "UTC", "2025-01-15T10:00:00Z", "2025-01-19T00:00:00Z"},
	{"@weekdays", "UTC", "2025-01-17T10:00:00Z", "2025-01-20T00:00:00Z"},
	{"@weekends", "UTC", "2025-01-15T10:00:00Z", "2025-01-18T00:00:00Z"},
	{"@monthly", "UTC", "2025-01-15T10:00:00Z", "2025-02-01T00:00:00Z"},
	{"@yearly", "UTC", "2025-01-15T10:00:00Z", "2026-01-01T00:00:00Z"},
	{"@secondly", "UTC", "2025-01-15T10:00:00.2Z", "2025-01-15T10:00:01Z"},
	// Fixed offsets.
	{"0 9 * * *", "Asia/Kolkata", "2025-01-15T10:07:30Z", "2025-01-16T03:30:00Z"},
	{"30 8 * * 1-5", "Asia/Tokyo", "2025-01-17T00:00:00Z", "2025-01-19T23:30:00Z"},

	// America/New_York, spring forward 2026-03-08 02:00 EST -> 03:00 EDT (07:00Z).
	// cron-parser bug (day before a gap skipped): 2026-03-09T13:00Z.
	{"0 9 * * *", "America/New_York", "2026-03-08T05:00:00Z", "2026-03-08T13:00:00Z"},
	{"0 9 * * *", "America/New_York", "2026-03-08T07:00:00Z", "2026-03-08T13:00:00Z"},
	// A run in the skipped hour moves forward with the pre-transition offset.
	{"30 2 * * *", "America/New_York", "2026-03-08T06:00:00Z", "2026-03-08T07:30:00Z"},
	{"0 2 * * *", "America/New_York", "2026-03-08T06:00:00Z", "2026-03-08T07:00:00Z"},
	// Once the wall clock is past 02:30, the day's 02:30 is gone.
	{"30 2 * * *", "America/New_York", "2026-03-08T07:10:00Z", "2026-03-09T06:30:00Z"},
	{"*/15 * * * *", "America/New_York", "2026-03-08T06:50:00Z", "2026-03-08T07:00:00Z"},
	{"*/15 * * * *", "America/New_York", "2026-03-08T07:00:00Z", "2026-03-08T07:15:00Z"},
	// Fall back 2026-11-01 02:00 EDT -> 01:00 EST (06:00Z): 01:xx runs once,
	// at its first occurrence. cron-parser also runs the second pass in the
	// rows marked "second pass", with the value given there.
	{"30 1 * * *", "America/New_York", "2026-11-01T04:00:00Z", "2026-11-01T05:30:00Z"},
	{"30 1 * * *", "America/New_York", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"},
	{"30 1 * * *", "America/New_York", "2026-11-01T06:10:00Z", "2026-11-02T06:30:00Z"},   // second pass: 2026-11-01T06:30Z
	{"0 1-3 * * *", "America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T07:00:00Z"},  // fixed hours: 01:00 EST is not repeated (cron-parser agrees)
	{"0 0-23 * * *", "America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T06:00:00Z"}, // all hours listed is every hour (cron-parser agrees)
	{"*/15 * * * *", "America/New_York", "2026-11-01T05:45:00Z", "2026-11-01T06:00:00Z"}, // every hour: runs on through the second pass (01:00 EST)
	{"0 * * * *", "America/New_York", "2026-11-01T05:30:00Z", "2026-11-01T06:00:00Z"},    // every hour: 01:00 EST too
	// now in the second pass: every wall time until 02:00 already ran
	// (exercises the jump to the end of the overlap).
	{"* * * * * *", "America/New_York", "2026-11-01T06:00:00Z", "2026-11-01T06:00:01Z"}, // every hour: every second of the second pass

	// Europe/Berlin: gap 02:00-03:00 on 2026-03-29, overlap 02:00-03:00 on 2026-10-25.
	{"30 2 * * *", "Europe/Berlin", "2026-03-29T00:00:00Z", "2026-03-29T01:30:00Z"},
	{"30 2 * * *", "Europe/Berlin", "2026-10-25T00:00:00Z", "2026-10-25T00:30:00Z"},
	{"30 2 * * *", "Europe/Berlin", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"},

	// Australia/Lord_Howe, 30-minute DST. Gap 02:00-02:30 on 2026-10-04
	// (transition 2026-10-03T15:30Z): read with +10:30. cron-parser bug (moves
	// a gap run forward a whole hour, as if the gap were 60 minutes):
	// 16:15Z and 16:00Z.
	{"15 2 * * *", "Australia/Lord_Howe", "2026-10-03T15:00:00Z", "2026-10-03T15:45:00Z"},
	{"0 2 * * *", "Australia/Lord_Howe", "2026-10-03T15:00:00Z", "2026-10-03T15:30:00Z"},
	// Overlap 01:30-02:00 on 2026-04-05 (transition 2026-04-04T15:00Z).
	{"45 1 * * *", "Australia/Lord_Howe", "2026-04-04T14:00:00Z", "2026-04-04T14:45:00Z"},
	{"45 1 * * *", "Australia/Lord_Howe", "2026-04-04T15:05:00Z", "2026-04-05T15:15:00Z"},   // second pass: 2026-04-04T15:15Z
	{"*/15 * * * *", "Australia/Lord_Howe", "2026-04-04T14:50:00Z", "2026-04-04T15:00:00Z"}, // 01:30 +10:30, the second pass

	// America/Santiago: midnight skipped on 2026-09-06 (00:00 -04 -> 01:00 -03);
	// "0 0 * * *" fires at the instant meaning 01:00 new time. cron-parser bug
	// (day before a gap skipped): 2026-09-07T03:00Z.
	{"0 0 * * *", "America/Santiago", "2026-09-05T12:00:00Z", "2026-09-06T04:00:00Z"},
	// Midnight repeated: 23:00-24:00 on 2026-04-04 happens twice.
	{"0 0 * * *", "America/Santiago", "2026-04-04T12:00:00Z", "2026-04-05T04:00:00Z"},
	{"30 23 * * *", "America/Santiago", "2026-04-04T12:00:00Z", "2026-04-05T02:30:00Z"},
	// America/Havana: midnight skipped 2026-03-08 (cron-parser bug, day
	// skipped: 2026-03-09T04:00Z), repeated 2026-11-01 (cron-parser bug, the
	// second midnight instead of the first: 2026-11-01T05:00Z).
	{"0 0 * * *", "America/Havana", "2026-03-07T12:00:00Z", "2026-03-08T05:00:00Z"},
	{"0 0 * * *", "America/Havana", "2026-10-31T12:00:00Z", "2026-11-01T04:00:00Z"},
	{"0 0 * * *", "America/Havana", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z"},
}

func TestNext(t *testing.T) {
	for _, c := range nextCases {
		s, err := Parse(c.expr)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.expr, err)
			continue
		}
		got, err := s.Next(ts(t, c.now), zone(t, c.zone))
		if err != nil {
			t.Errorf("%q in %s at %s: %v", c.expr, c.zone, c.now, err)
			continue
		}
		if want := ts(t, c.want); !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("%q in %s at %s = %s, want %s", c.expr, c.zone, c.now, got.Format(time.RFC3339), c.want)
		}
	}
}

// TestRunsOverAYear walks Next through 2026 and counts runs: a daily
// expression runs exactly once on every local date, even where midnight is
// skipped or repeated, and "*/15" runs once per wall-clock quarter hour, the
// skipped ones collapsing into the first run after the gap.
func TestRunsOverAYear(t *testing.T) {
	cases := []struct {
		expr, zone string
		want       int
	}{
		{"0 0 * * *", "America/Santiago", 365},
		{"0 0 * * *", "America/Havana", 365},
		{"30 2 * * *", "America/New_York", 365},
		{"30 1 * * *", "America/New_York", 365},
		{"15 2 * * *", "Australia/Lord_Howe", 365},
		{"45 1 * * *", "Australia/Lord_Howe", 365},
		{"*/15 * * * *", "America/New_York", 365 * 96},    // 4 lost in the gap, 4 more in the repeated hour
		{"*/15 * * * *", "Australia/Lord_Howe", 365 * 96}, // 2 lost, 2 repeated
		{"*/15 * * * *", "Asia/Kolkata", 365 * 96},
	}
	for _, c := range cases {
		loc := zone(t, c.zone)
		s, err := Parse(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, loc).Add(-time.Second)
		end := time.Date(2027, 1, 1, 0, 0, 0, 0, loc)
		dates := map[string]int{}
		n := 0
		for at := start; ; n++ {
			next, err := s.Next(at, loc)
			if err != nil {
				t.Fatalf("%q in %s at %s: %v", c.expr, c.zone, at, err)
			}
			if !next.After(at) {
				t.Fatalf("%q in %s: Next(%s) = %s, not after", c.expr, c.zone, at, next)
			}
			if !next.Before(end) {
				break
			}
			dates[next.In(loc).Format("2006-01-02")]++
			at = next
		}
		if n != c.want {
			t.Errorf("%q in %s: %d runs in 2026, want %d", c.expr, c.zone, n, c.want)
		}
		if c.want == 365 && len(dates) != 365 {
			t.Errorf("%q in %s: runs on %d dates, want 365", c.expr, c.zone, len(dates))
		}
	}
}

func TestNoRun(t *testing.T) {
	// cron-parser accepts these (more than one month) and then returns a
	// meaningless date such as 2052-06-01 when its loop limit runs out.
	for _, expr := range []string{"0 0 31 4,6 *", "0 0 31 2,4,6,9,11 *"} {
		s, err := Parse(expr)
		if err != nil {
			t.Fatalf("Parse(%q): %v", expr, err)
		}
		got, err := s.Next(ts(t, "2025-01-15T00:00:00Z"), time.UTC)
		if !errors.Is(err, ErrNoRun) || !got.IsZero() {
			t.Errorf("%q: Next = %v, %v; want zero time, ErrNoRun", expr, got, err)
		}
	}
	s, _ := Parse("0 0 * * *")
	if _, err := s.Next(time.Now(), nil); err == nil {
		t.Error("Next with a nil location: no error")
	}
}

// TestParseAccepts covers syntax cron-parser 5.5.0 accepts that looks wrong.
func TestParseAccepts(t *testing.T) {
	for _, expr := range []string{
		"0,0 * * * *",      // a duplicated 0 escapes cron-parser's duplicate check
		"0 0 * * 0,7",      // Sunday twice, same reason
		"0 0 * * sun,7",    //
		"0 0 * * *,7",      //
		"0 0 29,30 2 *",    // only the smallest day must fit a single month
		"0 0 * * 0-0",      //
		"0 0 * * 7-7",      //
		" 0 9 * * * ",      // surrounding blanks are trimmed
		"0\t9 \u00a0* * *", // fields split on JavaScript's \s
		"0 0 * * 7/1",      // 7-7: Sunday
		"0/99999999999999999999 * * * *",
	} {
		if _, err := Parse(expr); err != nil {
			t.Errorf("Parse(%q): %v", expr, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ expr, field, reason string }{
		// cron-parser rejects all of these too.
		{"   ", "expression", "blank"},
		{"* * * * * * *", "expression", "too many fields"},
		{"@DAILY", "expression", "macro"},
		{" @daily", "expression", "fields"},
		{"60 * * * *", "minute", "out of range"},
		{"0 24 * * *", "hour", "out of range"},
		{"0 0 0 * *", "day-of-month", "out of range"},
		{"0 0 32 * *", "day-of-month", "out of range"},
		{"0 0 * 0 *", "month", "out of range"},
		{"0 0 * 13 *", "month", "out of range"},
		{"0 0 * * 8", "day-of-week", "out of range"},
		{"0 0 * * 8/1", "day-of-week", ""},
		{"0-60 * * * *", "minute", "out of range"},
		{"99999999999999999999 * * * *", "minute", "out of range"},
		{"0 0 * * 1-5/0", "day-of-week", "positive"},
		{"10-5 * * * *", "minute", "reversed"},
		{"0 0 * * fri-sun", "day-of-week", "reversed"},
		{"*/0 * * * *", "minute", "positive"},
		{"5/0 * * * *", "minute", "positive"},
		{"*/ * * * *", "minute", "positive"},
		{"1/2/3 * * * *", "minute", "slashes"},
		{"1,1 * * * *", "minute", "duplicate value 1"},
		{"*,5 * * * *", "minute", "duplicate value 5"},
		{"0 0 *,1 * 1", "day-of-month", "duplicate"},
		{"0 0 * * 6,sat", "day-of-week", "duplicate value 6"},
		{"1,,2 * * * *", "minute", "empty list element"},
		{"1, * * * *", "minute", "empty list element"},
		{"0 0 30 2 *", "day-of-month", "never occurs"},
		{"0 0 31 4 *", "day-of-month", "never occurs"},
		{"0 0 31 2-2 *", "day-of-month", "never occurs"},
		{"0 0 30 2 1", "day-of-month", "never occurs"}, // the weekday does not save it
		{"0 0 * * monday", "day-of-week", "invalid"},
		{"0x5 * * * *", "minute", "invalid"},
		{"+5 * * * *", "minute", "invalid"},
		{"0 0 15W * *", "day-of-month", unsupported + "W"},
		{"CRON_TZ=UTC 0 9 * * *", "expression", unsupported + "CRON_TZ"},
		{"TZ=UTC 0 9 * * *", "expression", unsupported + "CRON_TZ"},
		{"@midnight", "expression", unsupported + "@midnight"},
		{"@every 5m", "expression", unsupported + "@every"},
		// cron-parser accepts these; the profile does not.
		{"0 0 L * *", "day-of-month", unsupported + "L"},
		{"0 0 * * 5L", "day-of-week", unsupported + "L"},
		{"0 0 * * 1#2", "day-of-week", unsupported + "#"},
		{"H * * * *", "minute", unsupported + "H"},
		{"0 H(0-5) * * *", "hour", unsupported + "H"},
		{"? * * * *", "minute", unsupported + "?"},
		{"5 * * *", "expression", unsupported + "4 fields"},
		{"0 0 * mon *", "month", unsupported + "name"},
		{"0 0 * * jul", "day-of-week", unsupported + "name"},
		{"1-2-3 * * * *", "minute", "invalid"},
		{"*-5 * * * *", "minute", "invalid"},
		{"/5 * * * *", "minute", "missing value"},
	}
	for _, c := range cases {
		s, err := Parse(c.expr)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %v, %v; want a *ParseError", c.expr, s, err)
			continue
		}
		if pe.Expr != c.expr || pe.Field != c.field || !strings.Contains(pe.Reason, c.reason) {
			t.Errorf("Parse(%q): got %+v, want field %q and reason containing %q", c.expr, *pe, c.field, c.reason)
		}
		if !strings.Contains(pe.Error(), c.field) {
			t.Errorf("Parse(%q): message %q does not name the field", c.expr, pe.Error())
		}
	}
}

func BenchmarkNext(b *testing.B) {
	for _, c := range []struct{ name, expr, zone, now string }{
		{"daily/UTC", "0 9 * * *", "UTC", "2025-01-15T10:07:30Z"},
		{"daily/NewYork", "0 9 * * *", "America/New_York", "2025-01-15T10:07:30Z"},
		{"quarter/LordHoweGap", "*/15 * * * *", "Australia/Lord_Howe", "2026-10-03T15:20:00Z"},
		{"weekdays/Tokyo", "30 8 * * 1-5", "Asia/Tokyo", "2025-01-17T00:00:00Z"},
		{"seconds/NewYorkOverlap", "* * * * * *", "America/New_York", "2026-11-01T06:00:00Z"},
		{"feb29/2097", "0 0 29 2 *", "UTC", "2097-03-01T00:00:00Z"},
		{"feb29orMonday", "0 0 29 2 1", "Europe/Berlin", "2025-03-01T00:00:00Z"},
		{"norun", "0 0 31 4,6,9,11 *", "UTC", "2025-01-15T10:07:30Z"},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, err := Parse(c.expr)
			if err != nil {
				b.Fatal(err)
			}
			loc, now := zone(b, c.zone), ts(b, c.now)
			for b.Loop() {
				_, _ = s.Next(now, loc)
			}
		})
	}
}

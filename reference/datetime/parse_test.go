package datetime

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimestampValid(t *testing.T) {
	for _, c := range []struct {
		in   string
		unix int64
		nsec int
		off  int
	}{
		{"2026-04-20T10:00:00+03:00", 1776668400, 0, 3 * 3600},
		{"2026-04-20T07:00:00Z", 1776668400, 0, 0},
		{"2026-04-20t07:00:00z", 1776668400, 0, 0},
		{"2026-04-20T07:00:00+00:00", 1776668400, 0, 0},
		{"2026-04-20T07:00:00-00:00", 1776668400, 0, 0},
		{"2026-04-20T12:45:00+05:45", 1776668400, 0, 5*3600 + 45*60},
		{"2026-04-19T21:30:00-09:30", 1776668400, 0, -(9*3600 + 30*60)},
		{"2026-04-20T07:00:00.5Z", 1776668400, 500_000_000, 0},
		{"2026-04-20T07:00:00.123456789Z", 1776668400, 123_456_789, 0},
		{"2026-04-20T07:00:00.000000001Z", 1776668400, 1, 0},
		{"2026-04-20T07:00:00+23:59", 1776668400 - 23*3600 - 59*60, 0, 23*3600 + 59*60},
		{"2024-02-29T00:00:00Z", 1709164800, 0, 0},
		{"2000-02-29T00:00:00Z", 951782400, 0, 0},
		{"0000-01-01T00:00:00Z", -62167219200, 0, 0},
		{"9999-12-31T23:59:59Z", 253402300799, 0, 0},
		{"1970-01-01T00:00:00Z", 0, 0, 0},
	} {
		got, e := parseTimestamp("timestamp", c.in)
		if e != nil {
			t.Errorf("%s: %v", c.in, e)
			continue
		}
		_, off := got.Zone()
		if got.Unix() != c.unix || got.Nanosecond() != c.nsec || off != c.off {
			t.Errorf("%s: got %d.%09d off %d, want %d.%09d off %d", c.in, got.Unix(), got.Nanosecond(), off, c.unix, c.nsec, c.off)
		}
	}
}

func TestParseTimestampInvalid(t *testing.T) {
	for _, c := range []struct{ in, why string }{
		{"", "wrong shape"},
		{"2026-04-20", "wrong shape"},
		{"2026-04-20T10:00Z", "wrong shape"},
		{"2026-04-20 10:00:00Z", "separated by T"},
		{"2026-04-20X10:00:00Z", "separated by T"},
		{"2026-04-20T10:00:00", "missing UTC offset"},
		{"2026-04-20T1:00:00Z", "wrong shape"},
		{"2026-04-20T1:00:00+03:00", "wrong shape"},
		{"2026-04-20T 1:00:00+03:00", "full number of digits"},
		{"26-04-20T10:00:00Z", "wrong shape"},
		{"+2026-04-20T10:00:00Z", "wrong shape"},
		{"12026-04-20T10:00:00Z", "wrong shape"},
		{"-001-04-20T10:00:00Z", "full number of digits"},
		{"2026-4-20T10:00:00Z", "wrong shape"},
		{"2026-00-20T10:00:00Z", "month"},
		{"2026-13-20T10:00:00Z", "month"},
		{"2026-04-00T10:00:00Z", "day does not exist"},
		{"2026-04-31T10:00:00Z", "day does not exist"},
		{"2026-02-29T10:00:00Z", "day does not exist"},
		{"2100-02-29T10:00:00Z", "day does not exist"},
		{"2026-04-20T24:00:00Z", "hour"},
		{"2026-04-20T10:60:00Z", "minute"},
		{"2026-04-20T10:00:60Z", "leap seconds"},
		{"2016-12-31T23:59:60Z", "leap seconds"},
		{"2026-04-20T10:00:61Z", "second must be"},
		{"2026-04-20T10:00:00.Z", "at least one digit"},
		{"2026-04-20T10:00:00.1234567890Z", "at most 9"},
		{"2026-04-20T10:00:00,5Z", "offset must be Z"},
		{"2026-04-20T10:00:00+24:00", "HH 00-23"},
		{"2026-04-20T10:00:00+03:60", "HH 00-23"},
		{"2026-04-20T10:00:00+0300", "offset must be Z"},
		{"2026-04-20T10:00:00+03", "offset must be Z"},
		{"2026-04-20T10:00:00+3:00", "offset must be Z"},
		{"2026-04-20T10:00:00+03:00:00", "offset must be Z"},
		{"2026-04-20T10:00:00UTC", "offset must be Z"},
		{"2026-04-20T10:00:00Z ", "offset must be Z"},
		{" 2026-04-20T10:00:00Z", "wrong shape"},
		{"2026-04-20T10:00:00ZZ", "offset must be Z"},
		{"2026-04-20T10:00:00+-3:00", "HH 00-23"},
		{"2026-04-20T10:00:00+03:0a", "HH 00-23"},
		{"2026-04-20T10:00:00−03:00", "offset must be Z"}, // U+2212 minus sign
		{"２026-04-20T10:00:00Z", "wrong shape"},           // full-width digit shifts positions
		{"2026-04-20T10:0０:00Z", "wrong shape"},
	} {
		_, e := parseTimestamp("left", c.in)
		if e == nil {
			t.Errorf("%q accepted", c.in)
			continue
		}
		if e.Code != CodeInvalidTimestamp || !strings.HasPrefix(e.Message, "left must be an RFC 3339 date-time") || !strings.Contains(e.Message, c.why) {
			t.Errorf("%q: got %v, want a message containing %q", c.in, e, c.why)
		}
	}
}

// Every accepted timestamp must survive formatting and re-parsing as the same
// instant: the output format is a subset of the input format.
func TestParseRoundTrip(t *testing.T) {
	for _, s := range []string{"2026-04-20T10:00:00+03:00", "2026-04-20t10:00:00.120z", "0000-01-01T00:00:00-23:59", "2026-04-20T10:00:00-00:00"} {
		a, e := parseTimestamp("timestamp", s)
		if e != nil {
			t.Fatal(e)
		}
		b, e := parseTimestamp("timestamp", formatRFC3339(a))
		if e != nil || !a.Equal(b) {
			t.Errorf("%s → %s: %v", s, formatRFC3339(a), e)
		}
	}
}

func TestOffsetLabels(t *testing.T) {
	for _, c := range []struct {
		off                  int
		name, abbrev, offset string
	}{
		{0, "UTC", "UTC", "+00:00"},
		{3 * 3600, "UTC+03:00", "+03", "+03:00"},
		{-5 * 3600, "UTC-05:00", "-05", "-05:00"},
		{5*3600 + 30*60, "UTC+05:30", "+0530", "+05:30"},
		{-(9*3600 + 30*60), "UTC-09:30", "-0930", "-09:30"},
		{23*3600 + 59*60, "UTC+23:59", "+2359", "+23:59"},
		{19*60 + 32, "UTC+00:19:32", "+0019", "+00:19:32"},
	} {
		if got := fixedZoneName(c.off); got != c.name {
			t.Errorf("fixedZoneName(%d) = %s, want %s", c.off, got, c.name)
		}
		if got := fixedZoneAbbrev(c.off); got != c.abbrev {
			t.Errorf("fixedZoneAbbrev(%d) = %s, want %s", c.off, got, c.abbrev)
		}
		if got := formatOffset(c.off); got != c.offset {
			t.Errorf("formatOffset(%d) = %s, want %s", c.off, got, c.offset)
		}
	}
}

func TestDaysIn(t *testing.T) {
	for _, c := range []struct{ y, m, want int }{
		{2026, 1, 31}, {2026, 2, 28}, {2024, 2, 29}, {2000, 2, 29}, {1900, 2, 28}, {0, 2, 29},
		{2026, 4, 30}, {2026, 6, 30}, {2026, 9, 30}, {2026, 11, 30}, {2026, 12, 31}, {2026, 7, 31},
	} {
		if got := daysIn(c.y, time.Month(c.m)); got != c.want {
			t.Errorf("daysIn(%d, %d) = %d, want %d", c.y, c.m, got, c.want)
		}
		// Cross-check with Go's calendar: day 0 of the next month.
		if got := time.Date(c.y, time.Month(c.m)+1, 0, 0, 0, 0, 0, time.UTC).Day(); got != c.want {
			t.Errorf("Go disagrees for %d-%d: %d", c.y, c.m, got)
		}
	}
}

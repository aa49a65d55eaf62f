package timestamps

import (
	"testing"
	"time"
)

func mustInstant(t testing.TB, s string) time.Time {
	t.Helper()
	v, ok := ParseInstant(s)
	if !ok {
		t.Fatalf("bad instant %q", s)
	}
	return v
}

func TestMinuteOfFloorsBeforeTheEpoch(t *testing.T) {
	for _, c := range []struct {
		at   string
		want int64
	}{
		{"1970-01-01T00:00:00Z", 0},
		{"1970-01-01T00:00:59.999Z", 0},
		{"1970-01-01T00:01:00Z", 1},
		{"1969-12-31T23:59:59.5Z", -1}, // to_i is -1, not 0
		{"1969-12-31T23:59:00Z", -1},
		{"1969-12-31T23:58:59Z", -2},
		{"2026-01-23T10:00:30+05:30", (time.Date(2026, 1, 23, 4, 30, 30, 0, time.UTC).Unix()) / 60},
	} {
		if got := MinuteOf(mustInstant(t, c.at)); got != c.want {
			t.Errorf("MinuteOf(%s) = %d, want %d", c.at, got, c.want)
		}
	}
}

func TestGapHoursRoundsHalfAwayFromZero(t *testing.T) {
	for _, c := range []struct {
		gap  time.Duration
		want int64
	}{
		{time.Hour + time.Second, 1},
		{90*time.Minute - time.Nanosecond, 1},
		{90 * time.Minute, 2},
		{150 * time.Minute, 3}, // banker's rounding would say 2
		{270 * time.Minute, 5}, // banker's rounding would say 4
		{23*time.Hour + 30*time.Minute, 24},
		{24 * time.Hour, 24},
		{-150 * time.Minute, -3},
	} {
		if got := GapHours(c.gap); got != c.want {
			t.Errorf("GapHours(%v) = %d, want %d", c.gap, got, c.want)
		}
	}
}

func TestMessageTimestamp(t *testing.T) {
	utc := UTC()
	ny := ResolveZone(ptr("America/New_York"))
	for _, c := range []struct {
		name, at, prev string // prev "" = first message
		zone           Zone
		want           string // "" = no timestamp
	}{
		{"first", "2026-01-23T14:32:10Z", "", utc, "[2026-01-23 14:32]"},
		{"same minute", "2026-01-23T14:32:59Z", "2026-01-23T14:32:00Z", utc, ""},
		{"next minute", "2026-01-23T14:33:00Z", "2026-01-23T14:32:59Z", utc, "[14:33]"},
		{"exactly 1 h", "2026-01-23T15:32:00Z", "2026-01-23T14:32:00Z", utc, "[15:32]"},
		{"1 h and 1 ns", "2026-01-23T15:32:00.000000001Z", "2026-01-23T14:32:00Z", utc, "[15:32, 1h later]"},
		{"exactly 24 h", "2026-01-24T14:32:00Z", "2026-01-23T14:32:00Z", utc, "[14:32, 24h later]"},
		{"24 h and 1 ns", "2026-01-24T14:32:00.000000001Z", "2026-01-23T14:32:00Z", utc, "[2026-01-24 14:32]"},
		{"negative gap", "2026-01-23T10:00:00Z", "2026-01-25T10:00:00Z", utc, "[10:00]"},
		{"new york", "2026-01-23T14:32:00Z", "", ny, "[2026-01-23 09:32]"},
		{"fall back, 1 h elapsed", "2026-11-01T06:30:00Z", "2026-11-01T05:30:00Z", ny, "[01:30]"},
		{"spring forward, 1.5 h elapsed", "2026-03-08T08:00:00Z", "2026-03-08T06:30:00Z", ny, "[04:00, 2h later]"},
		{"saturated gap", "9999-12-31T00:00:00Z", "0000-01-01T00:00:00Z", utc, "[9999-12-31 00:00]"},
		{"saturated negative gap", "0000-01-01T00:00:00Z", "9999-12-31T00:00:00Z", utc, "[00:00]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var prev *time.Time
			if c.prev != "" {
				p := mustInstant(t, c.prev)
				prev = &p
			}
			got, ok := MessageTimestamp(mustInstant(t, c.at), prev, c.zone)
			if !ok {
				got = ""
			}
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestFormatYearsLikeRuby(t *testing.T) {
	ny := ResolveZone(ptr("America/New_York")).Loc
	for _, c := range []struct {
		at   string
		loc  *time.Location
		want string
	}{
		{"0000-01-01T00:00:00Z", ny, "-0001-12-31 19:03"},
		{"0000-06-01T00:00:00Z", time.UTC, "0000-06-01 00:00"},
		{"0099-06-01T08:00:00Z", time.UTC, "0099-06-01 08:00"},
		{"9999-12-31T23:59:59Z", time.FixedZone("+1", 3600), "10000-01-01 00:59"},
	} {
		if got := FormatDateMinute(mustInstant(t, c.at), c.loc); got != c.want {
			t.Errorf("FormatDateMinute(%s) = %q, want %q", c.at, got, c.want)
		}
	}
}

func TestParseInstant(t *testing.T) {
	for _, c := range []struct {
		in           string
		shape, valid bool
	}{
		{"2026-01-23T10:00:00Z", true, true},
		{"2026-01-23T10:00:00.123456789+05:30", true, true},
		{"2026-01-23T10:00:00,5Z", false, false}, // Go's parser alone would take it
		{"2026-01-23t10:00:00z", false, false},
		{"2026-01-23T10:00:00", false, false},
		{"2026-12-31T23:59:60Z", false, false},
		{"2026-02-29T10:00:00Z", true, false},
		{"2024-02-29T10:00:00Z", true, true},
		{"2026-04-31T10:00:00Z", true, false},
	} {
		if got := InstantShapeOK(c.in); got != c.shape {
			t.Errorf("InstantShapeOK(%q) = %v, want %v", c.in, got, c.shape)
		}
		if _, got := ParseInstant(c.in); got != c.valid {
			t.Errorf("ParseInstant(%q) ok = %v, want %v", c.in, got, c.valid)
		}
	}
}

func ptr(s string) *string { return &s }

package clock

import (
	"errors"
	"testing"
	"time"
)

func TestCanonicalZone(t *testing.T) {
	for _, c := range []struct{ in, want, reason string }{
		{"Asia/Tokyo", "Asia/Tokyo", ""}, {"asia/tokyo", "Asia/Tokyo", ""}, {"UTC", "UTC", ""}, {"utc", "UTC", ""},
		{"Etc/UTC", "Etc/UTC", ""}, {"US/Eastern", "US/Eastern", ""}, {"Etc/GMT-9", "Etc/GMT-9", ""},
		{"", "", ReasonEmpty}, {"  ", "", ReasonEmpty}, {"EST", "", ReasonAbbreviation}, {"MST", "", ReasonAbbreviation},
		{"HST", "", ReasonAbbreviation}, {"CET", "", ReasonAbbreviation}, {"Japan", "", ReasonAbbreviation},
		{"Singapore", "", ReasonNotIANAID}, {"EST5EDT", "", ReasonNotIANAID}, {"GMT0", "", ReasonNotIANAID},
		{"Factory", "", ReasonUnknownZone}, {"Local", "", ReasonAbbreviation}, {"Mars/Olympus", "", ReasonUnknownZone},
		{"UTC+9", "", ReasonUnknownZone}, {"Asia/Tokyo ", "", ReasonUnknownZone}, {"../Asia/Tokyo", "", ReasonUnknownZone},
	} {
		z, err := CanonicalZone(c.in)
		var ze *ZoneError
		switch {
		case c.reason == "" && (err != nil || z.Name != c.want):
			t.Errorf("%q: want %s, got %s %v", c.in, c.want, z.Name, err)
		case c.reason != "" && (!errors.As(err, &ze) || ze.Reason != c.reason):
			t.Errorf("%q: want refusal %s, got %v %v", c.in, c.reason, z.Name, err)
		}
	}
}

func TestParseOffsetZone(t *testing.T) {
	for _, c := range []struct {
		in, want string
		written  bool
		ok       bool
	}{
		{"UTC+9", "Etc/GMT-9", true, true}, {"utc+09", "Etc/GMT-9", true, true}, {"UTC+09:00", "Etc/GMT-9", true, true},
		{"UTC+0900", "Etc/GMT-9", true, true}, {"GMT-5", "Etc/GMT+5", true, true}, {"UTC+0", "UTC", true, true},
		{"UTC-0", "UTC", true, true}, {"UTC+5:30", "UTC+05:30", true, true}, {"UTC-3:30", "UTC-03:30", true, true},
		{"UTC+14", "Etc/GMT-14", true, true}, {"UTC+14:00", "Etc/GMT-14", true, true}, {"UTC+14:01", "", true, false},
		{"UTC-12", "Etc/GMT+12", true, true}, {"UTC-12:01", "", true, false}, {"UTC+15", "", true, false},
		{"UTC+5:60", "", true, false}, {"UTC+123", "", false, false}, {"UTC+0530", "UTC+05:30", true, true}, {"UTC 9", "", false, false}, {"+09:00", "", false, false},
	} {
		z, written, err := ParseOffsetZone(c.in)
		if written != c.written || (written && (err == nil) != c.ok) || (c.ok && z.Name != c.want) {
			t.Errorf("%q: want %s written=%v ok=%v, got %s %v %v", c.in, c.want, c.written, c.ok, z.Name, written, err)
		}
	}
	z, _, _ := ParseOffsetZone("UTC+5:45")
	if off, _ := OffsetMinutes(z.Loc, time.Now()); off != 345 || !z.Fixed {
		t.Errorf("UTC+5:45 is %d minutes, fixed=%v", off, z.Fixed)
	}
}

// TestLocalToInstant pins the DST rules: gaps move forward by their length,
// overlaps take the earlier instant, in both hemispheres and for the
// half-hour shift of Lord Howe.
func TestLocalToInstant(t *testing.T) {
	for _, c := range []struct {
		zone  string
		local [5]int // y, m, d, h, min
		want  string
		dst   string
	}{
		{"America/New_York", [5]int{2026, 3, 8, 2, 30}, "2026-03-08T03:30:00-04:00", DSTGap},
		{"America/New_York", [5]int{2026, 3, 8, 2, 0}, "2026-03-08T03:00:00-04:00", DSTGap},
		{"America/New_York", [5]int{2026, 3, 8, 1, 59}, "2026-03-08T01:59:00-05:00", ""},
		{"America/New_York", [5]int{2026, 3, 8, 3, 0}, "2026-03-08T03:00:00-04:00", ""},
		{"America/New_York", [5]int{2026, 11, 1, 1, 0}, "2026-11-01T01:00:00-04:00", DSTOverlap},
		{"America/New_York", [5]int{2026, 11, 1, 1, 59}, "2026-11-01T01:59:00-04:00", DSTOverlap},
		{"America/New_York", [5]int{2026, 11, 1, 2, 0}, "2026-11-01T02:00:00-05:00", ""},
		{"Europe/Berlin", [5]int{2026, 3, 29, 2, 15}, "2026-03-29T03:15:00+02:00", DSTGap},
		{"Europe/Berlin", [5]int{2026, 10, 25, 2, 15}, "2026-10-25T02:15:00+02:00", DSTOverlap},
		{"Australia/Sydney", [5]int{2026, 10, 4, 2, 30}, "2026-10-04T03:30:00+11:00", DSTGap},
		{"Australia/Sydney", [5]int{2026, 4, 5, 2, 30}, "2026-04-05T02:30:00+11:00", DSTOverlap},
		{"Australia/Lord_Howe", [5]int{2026, 10, 4, 2, 15}, "2026-10-04T02:45:00+11:00", DSTGap},
		{"Australia/Lord_Howe", [5]int{2026, 4, 5, 1, 45}, "2026-04-05T01:45:00+11:00", DSTOverlap},
		{"Australia/Lord_Howe", [5]int{2026, 4, 5, 2, 0}, "2026-04-05T02:00:00+10:30", ""},
		{"America/Sao_Paulo", [5]int{2018, 11, 4, 0, 0}, "2018-11-04T01:00:00-02:00", DSTGap},
		{"Pacific/Apia", [5]int{2011, 12, 30, 12, 0}, "2011-12-31T12:00:00+14:00", DSTGap},
		{"Asia/Tokyo", [5]int{2026, 2, 10, 9, 0}, "2026-02-10T09:00:00+09:00", ""},
	} {
		loc := zone(t, c.zone).Loc
		got, dst := LocalToInstant(loc, c.local[0], time.Month(c.local[1]), c.local[2], c.local[3], c.local[4], 0, 0)
		s, _ := FormatInstant(got, loc)
		if s != c.want || dst != c.dst {
			t.Errorf("%s %v: want %s %q, got %s %q", c.zone, c.local, c.want, c.dst, s, dst)
		}
	}
}

func TestUsesAbbreviation(t *testing.T) {
	jan, jul := at(t, "2026-01-15T00:00:00Z"), at(t, "2026-07-15T00:00:00Z")
	for _, c := range []struct {
		zone, abbr string
		when       time.Time
		want       bool
	}{
		{"America/New_York", "EST", jul, true}, {"America/New_York", "EDT", jan, true}, {"America/New_York", "est", jan, true},
		{"America/New_York", "PST", jan, false}, {"Asia/Kolkata", "IST", jan, true}, {"Europe/Dublin", "IST", jan, true},
		{"Europe/London", "BST", jan, true}, {"Asia/Dhaka", "BST", jan, false}, {"Asia/Tokyo", "JST", jan, true},
		{"Asia/Tokyo", "JDT", jan, false}, {"Europe/Moscow", "MSD", jan, false}, {"Europe/Moscow", "MSD", at(t, "2010-01-15T00:00:00Z"), true},
		{"UTC", "UTC", jan, true},
	} {
		if got := UsesAbbreviation(zone(t, c.zone).Loc, c.abbr, c.when); got != c.want {
			t.Errorf("%s uses %s in %d: want %v", c.zone, c.abbr, c.when.Year(), c.want)
		}
	}
}

func TestPlaces(t *testing.T) {
	for _, c := range []struct{ in, want, reason string }{
		{"Tokyo", "Asia/Tokyo", ""}, {"tokyo", "Asia/Tokyo", ""}, {"  New   York ", "America/New_York", ""},
		{"Port_of_Spain", "America/Port_of_Spain", ""}, {"Buenos Aires", "America/Argentina/Buenos_Aires", ""},
		{"Kiev", "Europe/Kiev", ""}, {"Kyiv", "Europe/Kyiv", ""}, {"Indianapolis", "America/Indiana/Indianapolis", ""},
		{"Victoria", "", ReasonAmbiguous}, {"Samoa", "", ReasonAmbiguous}, {"North", "", ReasonAmbiguous},
		{"NSW", "", ReasonAmbiguous}, {"Japan", "", ReasonUnknownPlace}, {"Eastern", "", ReasonUnknownPlace},
		{"Pacific", "", ReasonUnknownPlace}, {"GMT+5", "", ReasonUnknownPlace}, {"", "", ReasonUnknownPlace},
	} {
		z, reason := LookupPlace(c.in)
		if z.Name != c.want || reason != c.reason {
			t.Errorf("%q: want %q %q, got %q %q", c.in, c.want, c.reason, z.Name, reason)
		}
	}
}

func TestFormatInstant(t *testing.T) {
	for _, c := range []struct{ in, zone, want string }{
		{"2026-02-10T03:02:00Z", "Asia/Tokyo", "2026-02-10T12:02:00+09:00"},
		{"2026-02-10T03:02:00Z", "UTC", "2026-02-10T03:02:00+00:00"},
		{"2026-02-10T03:02:00.5Z", "UTC", "2026-02-10T03:02:00.5+00:00"},
		{"2026-02-10T03:02:00.000000001Z", "UTC", "2026-02-10T03:02:00.000000001+00:00"},
		{"0000-01-01T00:00:00Z", "Etc/UTC", "0000-01-01T00:00:00+00:00"},
		{"9999-12-31T15:00:00Z", "Asia/Tokyo", ""},
		{"1971-06-01T00:00:00Z", "Africa/Monrovia", ""},
	} {
		got, err := FormatInstant(at(t, c.in), zone(t, c.zone).Loc)
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("%s in %s: want %q, got %q %v", c.in, c.zone, c.want, got, err)
		}
	}
	for _, bad := range []string{"2026-02-10T03:02:00", "2026-02-10 03:02:00Z", "2026-02-30T00:00:00Z", "2026-02-10T24:00:00Z", "2026-02-10T03:02:00+24:00", "2026-02-10T03:02Z", "2026-02-10T03:02:00.1234567890Z"} {
		if _, err := ParseInstant(bad); err == nil {
			t.Errorf("%q accepted as an instant", bad)
		}
	}
}

func BenchmarkResolveSession(b *testing.B) {
	in := SessionInput{Explicit: "EST", UserDefault: "America/New_York", Now: at(b, "2026-02-10T03:02:00Z")}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ResolveSession(in)
	}
}

package v1

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/jsrt"
)

// formatLocalTimeFieldByField is FormatLocalTime as it was: each field read
// in the zone (every read evaluates the zone's rule again). It is the
// baseline of BenchmarkFormatLocalTime and the oracle of the test below.
func formatLocalTimeFieldByField(utcIso, tz, processTZ string) string {
	t, ok := jsrt.ParseDate(utcIso, intlLocation(processTZ))
	if !ok {
		return "Invalid Date"
	}
	lt := t.In(intlLocation(tz))
	year := lt.Year()
	if year <= 0 {
		year = 1 - year
	}
	hour := lt.Hour() % 12
	if hour == 0 {
		hour = 12
	}
	half := "AM"
	if lt.Hour() >= 12 {
		half = "PM"
	}
	return fmt.Sprintf("%s %d, %d, %d:%02d %s", lt.Month().String()[:3], lt.Day(), year, hour, lt.Minute(), half)
}

// Every 7 minutes 13 seconds across the DST changes of 2024 and 2100, years
// around 0 and far ahead, in zones east and west, with half-hour and
// 45-minute offsets, and invalid inputs: one zone lookup formats exactly as
// field by field did.
func TestFormatLocalTimeMatchesFieldByField(t *testing.T) {
	zones := []string{"America/New_York", "Europe/London", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe",
		"Pacific/Chatham", "America/St_Johns", "UTC", "not/a zone", "asia/tokyo", "Etc/GMT+12", "Pacific/Kiritimati"}
	var stamps []string
	for _, start := range []string{"2024-03-09T00:00:00Z", "2024-10-26T00:00:00Z", "2100-03-13T00:00:00Z", "2100-11-06T00:00:00Z"} {
		t0, _ := time.Parse(time.RFC3339, start)
		for d := time.Duration(0); d < 60*time.Hour; d += 7*time.Minute + 13*time.Second {
			stamps = append(stamps, t0.Add(d).Format("2006-01-02T15:04:05.000Z"))
		}
	}
	stamps = append(stamps, "0000-01-01T00:00:00.000Z", "-000001-06-01T12:00:00.000Z", "+275760-09-13T00:00:00.000Z",
		"2024-01-01 12:00", "2024-06-01T00:00:00", "nonsense", "", "2024-01-01T23:59:59.999+05:45")
	n := 0
	for _, tz := range zones {
		for _, ptz := range []string{"", "America/Los_Angeles"} {
			for _, s := range stamps {
				got, want := FormatLocalTime(s, tz, ptz), formatLocalTimeFieldByField(s, tz, ptz)
				if got != want {
					t.Fatalf("FormatLocalTime(%q, %q, %q) = %q, field by field %q", s, tz, ptz, got, want)
				}
				n++
			}
		}
	}
	if got := FormatLocalTime("2024-03-10T07:30:00.000Z", "America/New_York", ""); got != "Mar 10, 2024, 3:30 AM" {
		t.Errorf("the DST morning: %q", got)
	}
	if n < 10000 {
		t.Errorf("only %d cases", n)
	}
}

// BenchmarkFormatLocalTime is one formatted time, now and as it was, in
// one run: the ratio is what one zone lookup saves.
func BenchmarkFormatLocalTime(b *testing.B) {
	for _, bc := range []struct {
		name string
		fn   func(string, string, string) string
	}{{"before", formatLocalTimeFieldByField}, {"now", FormatLocalTime}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if s := bc.fn("2024-03-10T07:30:00.000Z", "America/New_York", ""); !strings.HasSuffix(s, "AM") {
					b.Fatal(s)
				}
			}
		})
	}
}

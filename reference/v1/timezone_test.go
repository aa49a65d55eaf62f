package v1

import (
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/jsrt"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// storedSeconds is a shortcut of jsrt.ParseDateMillis: wherever it reads
// a timestamp, it reads the second the parser reads (in any process zone:
// the shape ends in Z). Random digits put every field in and out of its
// range (day 31 of a 30-day month, hour 24, year 0000), and random bytes
// go where the shape has separators and digits.
func TestStoredSecondsAgreesWithTheParser(t *testing.T) {
	x := uint64(88172645463325252)
	rnd := func(n uint64) uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x % n
	}
	ny, _ := time.LoadLocation("America/New_York")
	read := 0
	for i := 0; i < 300000; i++ {
		s := []byte("2024-03-10T07:30:00.000Z")
		if rnd(4) == 0 {
			s = []byte("2024-03-10T07:30:00Z")
		}
		for k := range s {
			switch {
			case rnd(60) == 0:
				s[k] = byte(rnd(256))
			case s[k] >= '0' && s[k] <= '9' && rnd(2) == 0:
				s[k] = byte('0' + rnd(10))
			}
		}
		sec, ok := storedSeconds(string(s))
		if !ok {
			continue
		}
		read++
		ms, pok := jsrt.ParseDateMillis(string(s), ny)
		if !pok || jsrt.FloorDiv(ms, 1000) != sec {
			t.Fatalf("%s: storedSeconds %d, the parser %d (%v)", s, sec, ms, pok)
		}
	}
	if read < 20000 {
		t.Fatalf("the shortcut read only %d timestamps", read)
	}
	for _, s := range []string{"2024-03-10T07:30:00.000+01:00", "2024-03-10T07:30:00", "2024-03-10 07:30:00Z", "+002024-03-10T07:30:00Z"} {
		if _, ok := storedSeconds(s); ok {
			t.Errorf("%s: read by the shortcut, whose shape it is not", s)
		}
	}
}

// intlLocation answers "" at once with UTC: Intl knows no zone named "",
// so the lookup would fall back to UTC too.
func TestNoZoneIsNamedEmpty(t *testing.T) {
	if _, ok := tzdb.LookupIntl(""); ok || IsValidTimezone("") {
		t.Fatal(`"" names a zone: intlLocation's shortcut is wrong`)
	}
	if intlLocation("") != time.UTC {
		t.Fatal(`intlLocation("") is not UTC`)
	}
}

// A batch writes each time as FormatLocalTime writes it alone, however
// its days repeat and change: the same day again, the next, a day of
// another year or era, an invalid time between two of one day.
func TestBatchDayTextMatchesSingles(t *testing.T) {
	stamps := []string{"2024-03-10T06:59:00.000Z", "2024-03-10T07:00:00.000Z", "2024-03-10T23:59:59Z", "2024-03-11T00:00:00Z",
		"nonsense", "2024-03-11T03:59:00Z", "0000-01-01T00:00:00.000Z", "-000001-06-01T12:00:00.000Z", "0000-01-01T12:00:00.000Z",
		"+275760-09-13T00:00:00.000Z", "2024-03-11T04:00:00Z", "2024-01-01 12:00", "2024-01-01T12:00:00", "2023-03-11T04:00:00Z"}
	for _, tz := range []string{"America/New_York", "Asia/Kolkata", "Pacific/Kiritimati", "Etc/GMT+12", "bogus"} {
		var msgs []Message
		var want []string
		for _, s := range stamps {
			msgs = append(msgs, Message{SenderName: "s", Content: "c", Timestamp: s})
			want = append(want, FormatLocalTime(s, tz, "America/Los_Angeles"))
		}
		got := splitTimes(FormatMessages(msgs, tz, "America/Los_Angeles"))
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Fatalf("%s: the batch writes %q, one by one %q", tz, got, want)
		}
	}
}

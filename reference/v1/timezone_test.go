package v1

import (
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
		if !pok || floorDiv(ms, 1000) != sec {
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

package tzdb

import (
	"strings"
	"testing"
	"time"
)

// Canonical answers an exactly spelled name with itself, without folding:
// that is the folded answer only because no two names differ just in case.
func TestNoTwoNamesDifferOnlyInCase(t *testing.T) {
	seen := map[string]string{}
	for _, n := range Names() {
		if other, dup := seen[strings.ToLower(n)]; dup {
			t.Fatalf("%s and %s differ only in case", other, n)
		}
		seen[strings.ToLower(n)] = n
	}
	if len(seen) < 400 {
		t.Fatalf("only %d names", len(seen))
	}
	for _, tc := range []struct{ in, want string }{
		{"Europe/Oslo", "Europe/Oslo"}, {"europe/oslo", "Europe/Oslo"}, {"EUROPE/OSLO", "Europe/Oslo"}, {"Factory", ""}, {"factory", ""},
		{"Europe/Nowhere", ""}, {"", ""},
	} {
		if got, ok := Canonical(tc.in); got != tc.want || ok != (tc.want != "") {
			t.Errorf("Canonical(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// ZoneAt answers as a lookup does, whatever order the instants come in:
// back and forth across DST changes, between centuries, between zones, and
// past the zones' last listed transitions.
func TestZoneAtAnswersAsALookup(t *testing.T) {
	var locs []*time.Location
	for _, zone := range []string{"America/New_York", "Europe/Oslo", "Australia/Lord_Howe", "Africa/Casablanca", "Pacific/Apia", "UTC"} {
		loc, err := Load(zone)
		if err != nil {
			t.Fatal(err)
		}
		locs = append(locs, loc)
	}
	x := uint64(0x9E3779B97F4A7C15)
	for i := 0; i < 300000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		var sec int64
		if i%2 == 0 { // a few days around a DST change of 2024 or 2090
			sec = 1710050000 + int64(x%(6*86400)) + int64(i%4/2)*2083000000
		} else {
			sec = int64(x%(400*365*86400)) - 150*365*86400
		}
		loc := locs[x>>40%uint64(len(locs))]
		name, off := ZoneAt(loc, sec)
		wn, wo := time.Unix(sec, 0).In(loc).Zone()
		if name != wn || off != wo {
			t.Fatalf("ZoneAt(%s, %d) = %s %d, lookup %s %d", loc, sec, name, off, wn, wo)
		}
	}
}

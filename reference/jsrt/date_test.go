package jsrt

import (
	"bufio"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// TestDateCorpus checks ParseDate against every line Node 20 produced in
// testdata/date_corpus.jsonl (see testdata/gen/date.js). JSRT_DATE_CORPUS
// names another file of the same format, e.g. a large throw-away one.
func TestDateCorpus(t *testing.T) {
	name := os.Getenv("JSRT_DATE_CORPUS")
	if name == "" {
		name = "testdata/date_corpus.jsonl"
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zones := map[string]*time.Location{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, bad := 0, 0
	for sc.Scan() {
		var c struct {
			S  string
			TZ string
			MS *int64
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		loc, ok := zones[c.TZ]
		if !ok {
			if loc, err = tzdb.Load(c.TZ); err != nil {
				t.Fatal(err)
			}
			zones[c.TZ] = loc
		}
		got, ok := ParseDate(c.S, loc)
		switch {
		case c.MS == nil && ok:
			t.Errorf("%q in %s: got %s, Node says Invalid Date", c.S, c.TZ, got.Format(time.RFC3339Nano))
		case c.MS != nil && !ok:
			t.Errorf("%q in %s: got Invalid Date, Node says %s", c.S, c.TZ, time.UnixMilli(*c.MS).UTC().Format(time.RFC3339Nano))
		case c.MS != nil && got.UnixMilli() != *c.MS:
			t.Errorf("%q in %s: got %s, Node says %s", c.S, c.TZ, got.Format(time.RFC3339Nano), time.UnixMilli(*c.MS).UTC().Format(time.RFC3339Nano))
		default:
			continue
		}
		if bad++; bad >= 50 {
			t.Fatal("too many differences")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("JSRT_DATE_CORPUS") == "" && n < 6000 {
		t.Fatalf("corpus has %d lines, want at least 6000", n)
	}
	t.Logf("%d lines, %d agree with Node", n, n-bad)
}

// TestParseDateFacts pins, readably, the facts the brief and ORACLE-NOTES
// name; each was measured with Node 20 (and is also in the corpus). An empty
// want means Invalid Date.
func TestParseDateFacts(t *testing.T) {
	for _, c := range []struct{ s, tz, want string }{
		{"2024-01-01", "UTC", "2024-01-01T00:00:00.000Z"},
		{"2024-01-01", "America/New_York", "2024-01-01T00:00:00.000Z"}, // date-only ISO is UTC
		{"2024-01-01T10:00", "America/New_York", "2024-01-01T15:00:00.000Z"},
		{"2024-01-01t10:00z", "America/New_York", "2024-01-01T10:00:00.000Z"},
		{"2024-01-01 10:00", "America/New_York", "2024-01-01T15:00:00.000Z"},
		{"2024-01-01T10:00+0530", "UTC", "2024-01-01T04:30:00.000Z"},
		{"+002024-01-01T00:00:00Z", "UTC", "2024-01-01T00:00:00.000Z"},
		{"-000001-01-01T00:00:00Z", "UTC", "-0001-01-01T00:00:00.000Z"},
		{"2024-01-01T24:00:00Z", "UTC", "2024-01-02T00:00:00.000Z"},
		{"2024-02-30", "UTC", "2024-03-01T00:00:00.000Z"},
		{"2024-01-01T10:00:00.123999Z", "UTC", "2024-01-01T10:00:00.123Z"}, // truncated
		{" 2024-01-01", "America/New_York", "2024-01-01T05:00:00.000Z"},    // legacy: local
		{"Jan 1, 2024 10:00 PM", "America/New_York", "2024-01-02T03:00:00.000Z"},
		{"2024/01/01 10:00", "America/New_York", "2024-01-01T15:00:00.000Z"},
		{"Mon, 01 Jan 2024 10:00:00 GMT", "America/New_York", "2024-01-01T10:00:00.000Z"},
		{"1 January 2024", "UTC", "2024-01-01T00:00:00.000Z"},
		{"2024-1-1", "UTC", "2024-01-01T00:00:00.000Z"},
		{"Jan 1", "UTC", "2001-01-01T00:00:00.000Z"},
		{"2024-03-10T02:30:00", "America/New_York", "2024-03-10T07:30:00.000Z"}, // gap: forward
		{"2024-11-03T01:30:00", "America/New_York", "2024-11-03T05:30:00.000Z"}, // overlap: earlier
		{"2024-01-01T10:00:60Z", "UTC", ""},
		{"2024-13-01", "UTC", ""},
		{"", "UTC", ""},
		{"2024-01-01T10:00:00Z ", "UTC", ""},
		{"2024-01-01T1:00:00Z", "UTC", ""},
		{"2024-01-01T10:00:00+24:00", "UTC", ""},
		{"-000000-01-01T00:00:00Z", "UTC", ""},
	} {
		loc, err := tzdb.Load(c.tz)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := ParseDate(c.s, loc)
		gs := ""
		if ok {
			gs = got.Format("2006-01-02T15:04:05.000Z")
		}
		if gs != c.want {
			t.Errorf("ParseDate(%q) in %s = %q, want %q", c.s, c.tz, gs, c.want)
		}
	}
}

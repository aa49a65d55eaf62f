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
	if n < 6000 {
		t.Fatalf("corpus has %d lines, want at least 6000", n)
	}
	t.Logf("%d lines, %d agree with Node", n, n-bad)
}

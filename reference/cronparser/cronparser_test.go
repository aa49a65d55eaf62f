package cronparser

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// corpusCase is one line of testdata/corpus.jsonl.gz, written by
// oracle/js/cron-corpus.js from cron-parser 5.5.0 itself.
type corpusCase struct {
	Expr     string  `json:"expr"`
	TZ       string  `json:"tz"`
	Now      string  `json:"now"`
	HashSeed *string `json:"hash_seed"`
	Next     string  `json:"next"`
	Error    string  `json:"error"`
}

// answer is what v1's call gives: the ISO string, or "error".
func answer(c corpusCase) string {
	e, err := Parse(c.Expr, Options{HashSeed: c.HashSeed})
	if err != nil {
		return "error"
	}
	loc, ok := Zone(c.TZ, time.UTC)
	if !ok {
		return "error"
	}
	now, err := time.Parse(time.RFC3339Nano, c.Now)
	if err != nil {
		return "bad now " + c.Now
	}
	next, err := e.Next(now, loc)
	if err != nil {
		return "error"
	}
	return next.Format("2006-01-02T15:04:05.000Z")
}

// TestCorpus checks every case cron-parser 5.5.0 answered: the same instant,
// or an error where it threw.
func TestCorpus(t *testing.T) {
	f, err := os.Open("testdata/corpus.jsonl.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	n, bad := 0, 0
	for sc.Scan() {
		var c corpusCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		want := c.Next
		if c.Error != "" {
			want = "error"
		}
		n++
		if got := answer(c); got != want {
			bad++
			if bad <= 40 {
				t.Errorf("%q in %q at %s: got %s, cron-parser %s %s", c.Expr, c.TZ, c.Now, got, want, c.Error)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
	if bad > 0 {
		t.Errorf("%d of %d cases differ", bad, n)
	}
}

// TestQuirks pins, with the reasons, the answers that tell cron-parser 5.5.0
// apart from a corrected scheduler.
func TestQuirks(t *testing.T) {
	for _, c := range []struct{ expr, tz, now, want string }{
		// A run in a skipped hour is moved forward.
		{"30 2 * * *", "America/New_York", "2026-03-08T06:00:00.000Z", "2026-03-08T07:30:00.000Z"},
		// Computed before a spring-forward, a daily job skips the day.
		{"0 9 * * *", "America/New_York", "2026-03-08T05:00:00.000Z", "2026-03-09T13:00:00.000Z"},
		// Asked in the second pass of a repeated hour, a fixed time runs again.
		{"30 1 * * *", "America/New_York", "2026-11-01T06:10:00.000Z", "2026-11-01T06:30:00.000Z"},
		// Four fields: the defaults fill the leading fields.
		{"0 9 * *", "UTC", "2026-01-01T00:00:00.000Z", "2026-01-09T00:00:00.000Z"},
		// "1-2-3" is 1-2; "1jan" is 11; "mon" as a month is January.
		{"1-2-3 * * * *", "UTC", "2026-01-01T00:00:00.000Z", "2026-01-01T00:01:00.000Z"},
		{"0 0 1 1jan *", "UTC", "2026-01-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z"},
		{"0 0 1 mon *", "UTC", "2026-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"},
		// L is the last day of the month.
		{"0 0 L * *", "UTC", "2026-02-01T00:00:00.000Z", "2026-02-28T00:00:00.000Z"},
	} {
		got := answer(corpusCase{Expr: c.expr, TZ: c.tz, Now: c.now})
		if got != c.want {
			t.Errorf("%q in %s at %s: got %s, want %s", c.expr, c.tz, c.now, got, c.want)
		}
	}
}

func TestErrors(t *testing.T) {
	for _, expr := range []string{"0 0 30 2 *", "60 * * * *", "0 0 0 9 * * *", "not a cron", "*/0 * * * *", "1,1 * * * *", "@DAILY", "0 0 LW * *", " "} {
		_, err := Parse(expr, Options{})
		var pe *Error
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "cron-parser") {
			t.Errorf("%q: got %v, want a cron-parser error", expr, err)
		}
	}
	e, err := Parse("0 0 * * L", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Next(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.UTC); err == nil {
		t.Error(`"0 0 * * L": want cron-parser's "Invalid last weekday" error while searching`)
	}
}

package fidelity

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/cronparser"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// rule decides whether a disagreement on case c is an instance of a class.
// Every rule checks the exact shape of the difference, so that a class
// cannot cover a different bug that happens to hit the same case.
type rule func(c *Case, ref, oracle Answer) bool

// rules are the predicates exceptions.json may name.
var rules = map[string]rule{
	"icu-only-name-refused":   icuOnlyNameRefused,
	"intl-has-no-short-name":  intlHasNoShortName,
	"icu-systemv-rules":       icuSystemVRules,
	"cldr-names-the-metazone": cldrNamesTheMetazone,
	"cron-h-random-draw":      cronHRandomDraw,
	"backzone-kept-history":   backzoneKeptHistory,
}

// sameSince1970 are the instants at which a zone whose pre-1970 history
// backzone keeps must have the offsets of the zone main tzdata merged it
// into (a sample of each season across the decades since).
var sameSince1970 = []time.Time{
	time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1985, 1, 15, 0, 0, 0, 0, time.UTC), time.Date(1985, 7, 15, 0, 0, 0, 0, time.UTC),
	time.Date(2005, 1, 15, 0, 0, 0, 0, time.UTC), time.Date(2005, 7, 15, 0, 0, 0, 0, time.UTC),
	time.Date(2026, 1, 15, 0, 0, 0, 0, time.UTC), time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC),
}

// backzoneKeptHistory: the instant is before 1970, where the reference's
// tzdata (built with backzone) keeps a zone's own history while v1's ICU
// (main data only) has it follow the zone main data merged it into; and
// the oracle's answer is exactly the reference's answer for such a zone: one
// with the same offsets as the case's zone since 1970 and another offset at
// the case's instant, put in the input in place of the case's zone.
func backzoneKeptHistory(c *Case, ref, oracle Answer) bool {
	if !c.At.Before(sameSince1970[0]) || c.Zone == "" || ref.Fault != nil || oracle.Fault != nil || oracle.Result.Error != nil {
		return false
	}
	loc, err := tzdb.Load(c.Zone)
	if err != nil {
		return false
	}
	_, here := c.At.In(loc).Zone()
	want, err := json.Marshal(oracle.Result.Output)
	if err != nil || !bytes.Contains(c.Input, []byte(strconv.Quote(c.Zone))) {
		return false
	}
	for _, name := range tzdb.Names() {
		other, err := tzdb.Load(name)
		if err != nil || name == c.Zone {
			continue
		}
		if _, there := c.At.In(other).Zone(); there == here {
			continue
		}
		same := true
		for _, t := range sameSince1970 {
			_, a := t.In(loc).Zone()
			_, b := t.In(other).Zone()
			same = same && a == b
		}
		if !same {
			continue
		}
		in := bytes.ReplaceAll(c.Input, []byte(strconv.Quote(c.Zone)), []byte(strconv.Quote(name)))
		out, perr := reference.New().Call(context.Background(), c.Op, in)
		if perr != nil {
			continue
		}
		// The answer names the zone it was asked for: the case's, as the
		// oracle was asked.
		got := bytes.ReplaceAll(out, []byte(strconv.Quote(name)), []byte(strconv.Quote(c.Zone)))
		if jsonEqualRaw(got, want) {
			return true
		}
	}
	return false
}

// jsonEqualRaw compares two JSON texts as values.
func jsonEqualRaw(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && jsonEqual(x, y)
}

// hSeeds is how many Math.random draws cronHRandomDraw tries: an H field has
// at most 60 values, so the draws cover every one many times over.
const hSeeds = 20000

// cronHRandomDraw: the expression has an H, which cron-parser (v1) draws
// from Math.random on every parse, and the oracle's answer is the one
// cron-parser gives for one of hSeeds draws (the reference's port answers
// for its own fixed draw).
func cronHRandomDraw(c *Case, ref, oracle Answer) bool {
	var in struct {
		Task struct {
			ScheduleValue string `json:"schedule_value"`
		} `json:"task"`
	}
	o, ok := outputMap(oracle)
	want, _ := o["next_run"].(string)
	if !ok || want == "" || json.Unmarshal(c.Input, &in) != nil || !strings.Contains(in.Task.ScheduleValue, "H") {
		return false
	}
	loc, ok := cronparser.Zone(c.Zone, time.UTC)
	if !ok {
		return false
	}
	for seed := uint32(0); seed < hSeeds; seed++ {
		e, err := cronparser.Parse(in.Task.ScheduleValue, cronparser.Options{Seed: seed})
		if err != nil {
			return false
		}
		next, err := e.Next(c.At, loc)
		if err == nil && next.Format("2006-01-02T15:04:05.000Z") == want {
			return true
		}
	}
	return false
}

// icuOnlyNameRefused: the name is one of ICU's legacy IDs, the reference
// refuses it with invalid_timezone, Intl accepts it.
func icuOnlyNameRefused(c *Case, ref, oracle Answer) bool {
	return isICUOnly(c.Zone) && errCode(ref) == "invalid_timezone" && oracle.Result.Error == nil
}

var gmtName = regexp.MustCompile(`^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$`)

// intlHasNoShortName: both answers are equal except the zone abbreviation
// at the end of the long style's text, where Intl's en-US short name is a
// "GMT±h[:mm]" offset (CLDR has no abbreviation for the zone) that equals
// the answer's own utc_offset.
func intlHasNoShortName(c *Case, ref, oracle Answer) bool {
	r, ok1 := outputMap(ref)
	o, ok2 := outputMap(oracle)
	if !ok1 || !ok2 || r["style"] != "long" {
		return false
	}
	rf, _ := r["formatted"].(string)
	of, _ := o["formatted"].(string)
	ri, oi := strings.LastIndexByte(rf, ' '), strings.LastIndexByte(of, ' ')
	if ri < 0 || oi < 0 || rf[:ri] != of[:oi] {
		return false
	}
	m := gmtName.FindStringSubmatch(of[oi+1:])
	if m == nil {
		return false
	}
	off := 0
	if m[1] != "" {
		h, _ := strconv.Atoi(m[2])
		mi, _ := strconv.Atoi(m[3])
		off = h*3600 + mi*60
		if m[1] == "-" {
			off = -off
		}
	}
	if o["utc_offset"] != offsetText(off) {
		return false
	}
	delete(r, "formatted")
	delete(o, "formatted")
	return jsonEqual(r, o)
}

// cldrPairs are tzdata abbreviations and the different short name CLDR
// gives the same zone and offset in en-US.
var cldrPairs = map[string]string{"HST": "HAST", "HDT": "HADT", "GMT": "UTC"}

// cldrNamesTheMetazone: both answers are equal except the long style's
// abbreviation, which is one of the known pairs where CLDR names the
// metazone differently from tzdata (America/Adak: HST/HAST, HDT/HADT;
// Etc/GMT and its links: GMT/UTC).
func cldrNamesTheMetazone(c *Case, ref, oracle Answer) bool {
	r, ok1 := outputMap(ref)
	o, ok2 := outputMap(oracle)
	if !ok1 || !ok2 || r["style"] != "long" {
		return false
	}
	rf, _ := r["formatted"].(string)
	of, _ := o["formatted"].(string)
	ri, oi := strings.LastIndexByte(rf, ' '), strings.LastIndexByte(of, ' ')
	if ri < 0 || oi < 0 || rf[:ri] != of[:oi] || cldrPairs[rf[ri+1:]] != of[oi+1:] {
		return false
	}
	delete(r, "formatted")
	delete(o, "formatted")
	return jsonEqual(r, o)
}

// icuSystemVRules: a SystemV/* zone with DST, where ICU still applies the
// rules of tzdata's removed `systemv` file (DST from the last Sunday in
// April to the last Sunday in October, every year) and the reference the
// modern US zone it maps the name to (reference/tzdb/icu_only.go): the
// answers differ only between those two rule sets.
func icuSystemVRules(c *Case, ref, oracle Answer) bool {
	if !strings.HasPrefix(strings.ToLower(c.Zone), "systemv/") || !strings.HasSuffix(strings.ToUpper(c.Zone), "DT") {
		return false
	}
	if ref.Result.Error != nil || oracle.Result.Error != nil {
		return false
	}
	// The instant must lie where the two rule sets differ: DST under one
	// and not the other.
	loc, ok := tzdb.LookupIntl(c.Zone)
	if !ok {
		return false
	}
	_, off := c.At.In(loc).Zone()
	_, std := time.Date(c.At.Year(), 1, 15, 12, 0, 0, 0, time.UTC).In(loc).Zone()
	return (off != std) != systemVDST(c.At, std)
}

// systemVDST: is t in DST under the systemv rules (from 02:00 local
// standard time on the last Sunday of April to 02:00 local daylight time on
// the last Sunday of October)?
func systemVDST(t time.Time, std int) bool {
	z := time.FixedZone("", std)
	lt := t.In(z)
	lastSun := func(m time.Month) time.Time {
		d := time.Date(lt.Year(), m+1, 1, 2, 0, 0, 0, z).AddDate(0, 0, -1)
		for d.Weekday() != time.Sunday {
			d = d.AddDate(0, 0, -1)
		}
		return d
	}
	start := lastSun(time.April)
	end := lastSun(time.October).Add(-time.Hour) // 02:00 daylight = 01:00 standard
	return !t.Before(start) && t.Before(end)
}

func outputMap(a Answer) (map[string]any, bool) {
	if a.Fault != nil || a.Result.Error != nil || a.Result.Output == nil {
		return nil, false
	}
	var m map[string]any
	return m, json.Unmarshal(a.Result.Output, &m) == nil
}

func jsonEqual(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(x) == string(y)
}

func offsetText(off int) string {
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	return sign + pad2(off/3600) + ":" + pad2(off/60%60)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func isICUOnly(name string) bool {
	return slices.ContainsFunc(ICUOnlyNames, func(n string) bool { return strings.EqualFold(n, name) })
}

func errCode(a Answer) string {
	if a.Result.Error == nil {
		return ""
	}
	return a.Result.Error.Code
}

package fidelity

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// rule decides whether a disagreement on case c is an instance of a class.
// Every rule checks the exact shape of the difference, so that a class
// cannot cover a different bug that happens to hit the same case.
type rule func(c *Case, ref, oracle Answer) bool

// rules are the predicates exceptions.json may name.
var rules = map[string]rule{
	"icu-only-name-refused":            icuOnlyNameRefused,
	"intl-has-no-short-name":           intlHasNoShortName,
	"cron-parser-skips-transition-day": cronSkipsTransitionDay,
	"cron-parser-reruns-second-pass":   cronRerunsSecondPass,
	"icu-systemv-rules":                icuSystemVRules,
	"cldr-names-the-metazone":          cldrNamesTheMetazone,
	"cron-parser-second-occurrence":    cronPicksSecondOccurrence,
	"cron-parser-unaligned-transition": cronUnalignedTransition,
	"profile-refuses-cron-extension":   refusal("unsupported by this profile"),
	"cron-parser-impossible-date":      refusal("never fires"),
}

// refusal: the reference refuses the cron expression with invalid_cron for
// the reason its message names, and cron-parser answered with a run.
func refusal(why string) rule {
	return func(c *Case, ref, oracle Answer) bool {
		return errCode(ref) == "invalid_cron" && strings.Contains(ref.Result.Error.Message, why) &&
			oracle.Result.Error == nil && oracle.Result.Output != nil
	}
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

// cronSkipsTransitionDay: cron-parser 5.5.0, asked on the day before a
// spring-forward (or on the transition day before the gap), skips the run
// of the transition day. Its answer is later than the reference's, and the
// reference's answer is the transition day's run: on the local day of a
// forward transition between now and it, either at the same wall time as
// cron-parser's answer or, where that wall time falls in the gap, moved
// forward by the gap's length (decision: a run in a skipped hour moves
// forward).
func cronSkipsTransitionDay(c *Case, ref, oracle Answer) bool {
	loc, rt, ot, ok := cronAnswers(c, ref, oracle)
	if !ok || !ot.After(rt) {
		return false
	}
	rl, ol := rt.In(loc), ot.In(loc)
	for _, tr := range Transitions(loc) {
		gap := time.Duration(tr.OffAfter-tr.OffBefore) * time.Second
		if gap <= 0 || tr.At.Before(c.At) || tr.At.After(rt) {
			continue
		}
		ty, tm, td := tr.At.In(loc).Date()
		ry, rm, rd := rl.Date()
		if ty != ry || tm != rm || td != rd {
			continue
		}
		if sameClock(rl, ol) || skippedExactlyOne(c, rt, ot) {
			return true
		}
		// Moved out of the gap: the scheduled wall time is the reference's
		// minus the gap, read on the wall clock.
		if !rt.Before(tr.At) && rt.Before(tr.At.Add(gap)) && sameClock(wallMinus(rl, gap), ol) {
			return true
		}
	}
	return false
}

// skippedExactlyOne: cron-parser's answer is the run that follows the
// reference's, i.e. it skipped exactly that one run ("0 */7 * * *" on a
// spring-forward day skips 07:00 and answers 14:00).
func skippedExactlyOne(c *Case, rt, ot time.Time) bool {
	var in map[string]any
	if json.Unmarshal(c.Input, &in) != nil {
		return false
	}
	in["now"] = rt.UTC().Format("2006-01-02T15:04:05.000Z")
	b, _ := json.Marshal(in)
	out, perr := reference.New().Call(context.Background(), c.Op, b)
	if perr != nil {
		return false
	}
	var o struct {
		NextRun string `json:"next_run"`
	}
	if json.Unmarshal(out, &o) != nil {
		return false
	}
	t, err := time.Parse(time.RFC3339Nano, o.NextRun)
	return err == nil && t.Equal(ot)
}

func sameClock(a, b time.Time) bool {
	return a.Hour() == b.Hour() && a.Minute() == b.Minute() && a.Second() == b.Second()
}

// wallMinus moves a wall-clock reading back by d, ignoring zones.
func wallMinus(t time.Time, d time.Duration) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), 0, time.UTC).Add(-d)
}

// cronPicksSecondOccurrence: in a fall-back overlap, cron-parser 5.5.0
// answers the second occurrence of a wall time whose first occurrence is
// still ahead (America/Havana, Asia/Gaza: midnight happens twice); the
// reference answers the first. The two answers are exactly the overlap's
// length apart and the reference's lies in the first pass.
func cronPicksSecondOccurrence(c *Case, ref, oracle Answer) bool {
	loc, rt, ot, ok := cronAnswers(c, ref, oracle)
	if !ok || !rt.After(c.At) {
		return false
	}
	for _, tr := range Transitions(loc) {
		d := time.Duration(tr.OffBefore-tr.OffAfter) * time.Second
		if d > 0 && ot.Sub(rt) == d && !rt.Before(tr.At.Add(-d)) && rt.Before(tr.At) {
			return true
		}
	}
	return false
}

// cronUnalignedTransition: a transition that is not a whole hour on the
// hour (Australia/Lord_Howe's 30-minute shifts at 02:00, Pacific/Chatham's
// fall-back at 03:45) lies between now and the later answer, or now lies in
// its gap or repeated period. cron-parser 5.5.0 (luxon) then answers a time
// the schedule does not contain, or skips runs; the reference keeps its
// rules (a run in a gap moves forward, fixed times run once, every-hour
// schedules run in real time).
func cronUnalignedTransition(c *Case, ref, oracle Answer) bool {
	loc, rt, ot, ok := cronAnswers(c, ref, oracle)
	if !ok {
		return false
	}
	last := rt
	if ot.After(last) {
		last = ot
	}
	for _, tr := range Transitions(loc) {
		d := tr.OffAfter - tr.OffBefore
		if d < 0 {
			d = -d
		}
		if d == 0 {
			continue
		}
		wallBefore := tr.At.Unix() + int64(tr.OffBefore) // the wall clock when the change happens
		wallAfter := tr.At.Unix() + int64(tr.OffAfter)
		if d%3600 == 0 && wallBefore%3600 == 0 && wallAfter%3600 == 0 {
			continue // whole hours on the hour: cron-parser handles it
		}
		span := time.Duration(d) * time.Second
		lo, hi := tr.At.Add(-span), tr.At.Add(span)
		if !hi.Before(c.At) && !lo.After(last) {
			return true
		}
	}
	return false
}

// cronRerunsSecondPass: cron-parser 5.5.0, asked during the second pass of
// a repeated (fall-back) hour, runs a fixed-time job again at a wall time
// whose first occurrence has already passed: its answer lies inside the
// second pass and the first occurrence of that wall time is not after now,
// while the reference's answer is after the repeated hour.
func cronRerunsSecondPass(c *Case, ref, oracle Answer) bool {
	loc, rt, ot, ok := cronAnswers(c, ref, oracle)
	if !ok || !rt.After(ot) {
		return false
	}
	for _, tr := range Transitions(loc) {
		d := time.Duration(tr.OffBefore-tr.OffAfter) * time.Second
		if d <= 0 {
			continue
		}
		end := tr.At.Add(d) // the second pass is [tr.At, end)
		inPass := func(t time.Time) bool { return !t.Before(tr.At) && t.Before(end) }
		if inPass(c.At) && inPass(ot) && !ot.Add(-d).After(c.At) && !rt.Before(end) {
			return true
		}
	}
	return false
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

// cronAnswers decodes a cron case's zone and both next_run instants.
func cronAnswers(c *Case, ref, oracle Answer) (*time.Location, time.Time, time.Time, bool) {
	if c.Family != FamComputeNextRun {
		return nil, time.Time{}, time.Time{}, false
	}
	loc, ok := tzdb.LookupIntl(c.Zone)
	if !ok {
		return nil, time.Time{}, time.Time{}, false
	}
	next := func(a Answer) (time.Time, bool) {
		m, ok := outputMap(a)
		if !ok {
			return time.Time{}, false
		}
		s, _ := m["next_run"].(string)
		t, err := time.Parse(time.RFC3339Nano, s)
		return t, err == nil
	}
	rt, ok1 := next(ref)
	ot, ok2 := next(oracle)
	return loc, rt, ot, ok1 && ok2
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

package fidelity

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// Case is one call of the matrix: the same input goes to the oracle and to
// the reference.
type Case struct {
	ID     string          // unique, stable: family/zone/instant/…
	Family string          // the operation it exercises, as reported
	Op     string          // the protocol operation
	Input  json.RawMessage // the operation's input
	// Zone and Now are what the exception rules read without decoding Input.
	Zone string
	At   time.Time // the instant formatted, converted or shifted; `now` of a cron call
}

// The families of the matrix, one per reported operation.
const (
	FamFormatLocalTime = "v1.format_local_time"
	FamIsValidTimezone = "v1.is_valid_timezone"
	FamResolveTimezone = "v1.resolve_timezone"
	FamComputeNextRun  = "v1.compute_next_run"
	FamConvertTimezone = "datetime_math/convert_timezone"
	FamShift           = "datetime_math/shift"
	FamFormat          = "datetime_format"
)

// Families lists them in report order.
var Families = []string{
	FamFormatLocalTime, FamIsValidTimezone, FamResolveTimezone, FamComputeNextRun,
	FamConvertTimezone, FamShift, FamFormat,
}

// CronExpressions are the schedules of the cron family: fixed times inside
// and outside the usual 01:00-03:00 transition hours, every-hour and
// every-15-minute schedules (which run through a repeated hour), midnight
// (skipped or repeated in America/Havana, America/Santiago, Asia/Beirut…),
// lists, weekday ranges and day-of-month.
var CronExpressions = []string{
	"0 9 * * *", "30 2 * * *", "0 2 * * *", "30 1 * * *", "0 1 * * *", "0 0 * * *",
	"0 * * * *", "*/15 * * * *", "30 * * * *", "0 3 * * 0", "15 1,2,3 * * *",
	"0 12 * * 1-5", "45 23 * * *", "0 0 1 * *",
}

// CronZones are the zones of the cron family: every kind of transition the
// tzdata of the window has — US and EU rules, southern hemisphere, negative
// DST (Europe/Dublin), midnight transitions (America/Havana, America/Santiago,
// America/Asuncion, Asia/Beirut, Asia/Gaza), 30-minute DST
// (Australia/Lord_Howe), 45-minute offsets (Pacific/Chatham), Ramadan
// suspensions (Africa/Casablanca), abolished DST (America/Mexico_City,
// Asia/Tehran) and zones whose rules change in the window (America/Nuuk,
// Africa/Cairo).
var CronZones = []string{
	"America/New_York", "America/Los_Angeles", "America/Chicago", "America/Denver",
	"America/Halifax", "America/St_Johns", "America/Santiago", "America/Havana",
	"America/Asuncion", "America/Mexico_City", "America/Nuuk", "Europe/London",
	"Europe/Berlin", "Europe/Dublin", "Europe/Chisinau", "Africa/Cairo",
	"Africa/Casablanca", "Asia/Beirut", "Asia/Gaza", "Asia/Tehran", "Australia/Sydney",
	"Australia/Lord_Howe", "Australia/Adelaide", "Pacific/Auckland", "Pacific/Chatham",
}

// nearTransition are the instants probed at each transition (±1 min, ±1 ms).
var nearTransition = []time.Duration{-time.Minute, -time.Millisecond, 0, time.Millisecond, time.Minute}

// cronNows are the `now` instants probed at each transition of a cron zone.
var cronNows = []time.Duration{
	-25 * time.Hour, -2 * time.Hour, -time.Second, 0, time.Millisecond,
	30 * time.Minute, time.Hour + time.Second, 26 * time.Hour,
}

// amPMEdges are the 12 wall-clock times of the AM/PM edges: both sides of
// midnight, 1 o'clock, noon and 13 o'clock, and the last millisecond of a
// minute (seconds are truncated, never rounded).
var amPMEdges = []struct{ h, m, s, ms int }{
	{0, 0, 0, 0}, {0, 0, 59, 999}, {0, 59, 0, 0}, {1, 0, 0, 0},
	{11, 59, 0, 0}, {11, 59, 59, 999}, {12, 0, 0, 0}, {12, 0, 0, 1},
	{12, 59, 59, 999}, {13, 0, 0, 0}, {23, 59, 0, 0}, {23, 59, 59, 999},
}

// edgeDates are the days the AM/PM edges are taken on: northern winter and
// summer.
var edgeDates = []time.Time{
	time.Date(2025, 1, 15, 0, 0, 0, 0, time.UTC),
	time.Date(2025, 7, 15, 0, 0, 0, 0, time.UTC),
}

// shifts are the shift requests of the shift family, taken in turn.
var shifts = []map[string]int{
	{"days": 1}, {"hours": 24}, {"months": 1}, {"years": 1, "months": 1},
	{"days": -1, "hours": 1}, {"minutes": -90}, {"months": -1, "days": 1}, {"seconds": 3599},
}

// Styles of datetime_format, taken in turn.
var styles = []string{"short", "long", "date_only", "time_only", "weekday_date"}

// beforeTzdataMerges is an instant before 1970, where tzdata built with
// backzone (the reference's) keeps zones apart that main data (v1's ICU)
// merged: the class backzone-kept-history of exceptions.json.
var beforeTzdataMerges = time.Date(1960, 7, 15, 12, 0, 0, 0, time.UTC)

// isoMillis writes an instant as JavaScript's toISOString does.
func isoMillis(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }

// wallIn writes t's wall time at a fixed offset, RFC 3339, with milliseconds
// when there are any.
func wallIn(t time.Time, off int) string {
	z := time.FixedZone("", off)
	if off == 0 {
		z = time.UTC
	}
	return t.In(z).Format(time.RFC3339Nano)
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

// zoneInstants are the probed instants of a zone: every transition of the
// window ±1 min, ±1 ms and at the instant itself, then the 12 AM/PM edges on
// each edge date, sorted and without repeats.
func zoneInstants(loc *time.Location) []time.Time {
	seen := map[int64]bool{}
	var out []time.Time
	add := func(t time.Time) {
		if k := t.UnixMilli(); !seen[k] {
			seen[k] = true
			out = append(out, t.UTC())
		}
	}
	for _, tr := range Transitions(loc) {
		for _, d := range nearTransition {
			add(tr.At.Add(d))
		}
	}
	for _, day := range edgeDates {
		for _, e := range amPMEdges {
			add(time.Date(day.Year(), day.Month(), day.Day(), e.h, e.m, e.s, e.ms*1e6, loc))
		}
	}
	add(beforeTzdataMerges)
	sort.Slice(out, func(i, j int) bool { return out[i].Before(out[j]) })
	return out
}

// v1Names are the names the v1 formatting family probes: every tzdata name,
// every ICU-only legacy ID, and a few invalid names (formatLocalTime falls
// back to UTC for them).
func v1Names() []string {
	names := append(ZoneNames(), ICUOnlyNames...)
	return append(names, "Factory", "Local", "", "GMT+5", "America//New_York")
}

// Corpus builds the whole matrix, in a fixed order.
func Corpus() []Case {
	var cs []Case
	instants := map[string][]time.Time{}
	instantsOf := func(name string) []time.Time {
		if v, ok := instants[name]; ok {
			return v
		}
		loc, ok := tzdb.LookupIntl(name)
		if !ok {
			loc = time.UTC
		}
		v := zoneInstants(loc)
		instants[name] = v
		return v
	}

	// formatLocalTime: every name × its transitions and AM/PM edges.
	for _, name := range v1Names() {
		for _, t := range instantsOf(name) {
			ts := isoMillis(t)
			cs = append(cs, Case{
				ID: FamFormatLocalTime + "/" + name + "/" + ts, Family: FamFormatLocalTime, Op: "v1.format_local_time",
				Input: mustJSON(map[string]string{"timestamp": ts, "timezone": name}), Zone: name, At: t,
			})
		}
	}

	// isValidTimezone and resolveTimezone: every name as written, lower
	// case and upper case, the ICU-only IDs, and names nobody accepts.
	probe := map[string]bool{}
	var probes []string
	for _, n := range append(append(ZoneNames(), ICUOnlyNames...), InvalidNames...) {
		for _, v := range []string{n, strings.ToLower(n), strings.ToUpper(n)} {
			if !probe[v] {
				probe[v] = true
				probes = append(probes, v)
			}
		}
	}
	for _, fam := range []string{FamIsValidTimezone, FamResolveTimezone} {
		for _, n := range probes {
			cs = append(cs, Case{ID: fam + "/" + n, Family: fam, Op: fam, Input: mustJSON(map[string]string{"timezone": n}), Zone: n})
		}
	}

	// computeNextRun: expressions × DST zones × `now` near each transition.
	for _, zone := range CronZones {
		loc, err := tzdb.Load(zone)
		if err != nil {
			panic(err)
		}
		seen := map[int64]bool{}
		for _, tr := range Transitions(loc) {
			if tr.OffBefore == tr.OffAfter {
				continue
			}
			for _, d := range cronNows {
				now := tr.At.Add(d)
				if seen[now.UnixMilli()] {
					continue
				}
				seen[now.UnixMilli()] = true
				for _, expr := range CronExpressions {
					cs = append(cs, Case{
						ID:     fmt.Sprintf("%s/%s/%s/%s", FamComputeNextRun, zone, expr, isoMillis(now)),
						Family: FamComputeNextRun, Op: "v1.compute_next_run",
						Input: mustJSON(map[string]any{
							"task": map[string]string{"schedule_type": "cron", "schedule_value": expr},
							"now":  isoMillis(now), "timezone": zone,
						}),
						Zone: zone, At: now,
					})
				}
			}
		}
	}

	cs = append(cs, syntaxCases()...)
	cs = append(cs, parseCases()...)

	// convert_timezone and datetime_format: every tzdata name and the
	// ICU-only IDs × the same instants; the style turns with each case.
	dtNames := append(ZoneNames(), ICUOnlyNames...)
	n := 0
	for _, name := range dtNames {
		for _, t := range instantsOf(name) {
			ts := isoMillis(t)
			cs = append(cs, Case{
				ID: FamConvertTimezone + "/" + name + "/" + ts, Family: FamConvertTimezone, Op: "datetime_math",
				Input: mustJSON(map[string]string{"operation": "convert_timezone", "timestamp": ts, "target_timezone": name}),
				Zone:  name, At: t,
			})
			style := styles[n%len(styles)]
			n++
			cs = append(cs, Case{
				ID: FamFormat + "/" + name + "/" + ts + "/" + style, Family: FamFormat, Op: "datetime_format",
				Input: mustJSON(map[string]string{"timestamp": ts, "style": style, "target_timezone": name}),
				Zone:  name, At: t,
			})
		}
	}
	// datetime_format without a target: the instants at each DST zone's
	// offsets, in every style (decision fixed-offset-labels).
	// shift: the same instants written in the zone's offset before and after
	// each transition, two shifts each, turning through the list.
	n = 0
	for _, zone := range DSTZones() {
		loc, _ := tzdb.Load(zone)
		for _, tr := range Transitions(loc) {
			if tr.OffBefore == tr.OffAfter {
				continue
			}
			for _, side := range []struct {
				t   time.Time
				off int
			}{{tr.At.Add(-time.Minute), tr.OffBefore}, {tr.At.Add(time.Minute), tr.OffAfter}} {
				ts := wallIn(side.t, side.off)
				for k := 0; k < 2; k++ {
					sh := shifts[n%len(shifts)]
					n++
					in := map[string]any{"operation": "shift", "timestamp": ts}
					keys := make([]string, 0, len(sh))
					for u, v := range sh {
						in[u] = v
						keys = append(keys, fmt.Sprintf("%s%+d", u, v))
					}
					sort.Strings(keys)
					cs = append(cs, Case{
						ID: FamShift + "/" + zone + "/" + ts + "/" + strings.Join(keys, ","), Family: FamShift, Op: "datetime_math",
						Input: mustJSON(in), Zone: zone, At: side.t,
					})
				}
				style := styles[n%len(styles)]
				cs = append(cs, Case{
					ID: FamFormat + "/" + zone + "/" + ts + "/" + style + "/own-offset", Family: FamFormat, Op: "datetime_format",
					Input: mustJSON(map[string]string{"timestamp": ts, "style": style}), Zone: "", At: side.t,
				})
			}
		}
	}
	return cs
}

// Sample picks a fixed, seed-determined subset: per family the quota cases
// whose hash of (seed, id) is smallest, in corpus order.
func Sample(cs []Case, seed uint64, quota map[string]int) []Case {
	type ranked struct {
		h uint64
		i int
	}
	byFam := map[string][]ranked{}
	for i, c := range cs {
		h := fnv.New64a()
		fmt.Fprintf(h, "%d\x00%s", seed, c.ID)
		byFam[c.Family] = append(byFam[c.Family], ranked{h.Sum64(), i})
	}
	keep := make([]bool, len(cs))
	for fam, rs := range byFam {
		sort.Slice(rs, func(a, b int) bool { return rs[a].h < rs[b].h })
		q := quota[fam]
		for _, r := range rs[:min(q, len(rs))] {
			keep[r.i] = true
		}
	}
	var out []Case
	for i, c := range cs {
		if keep[i] {
			out = append(out, c)
		}
	}
	return out
}

// cronSyntax are expressions for the grammar and calendar corner of the
// cron family: macros, names, steps, ranges, lists, "?" and 7 as Sunday,
// duplicates, impossible and rare days, and expressions cron-parser or the
// profile refuse.
var cronSyntax = []string{
	"", " ", "@yearly", "@annually", "@monthly", "@weekly", "@daily", "@hourly", "@weekdays", "@weekends",
	"@DAILY", "@midnight", "@every 1h", "* * * * * *", "0 0 0 * * *", "*/20 * * * * *", "0 0 12 * * 0",
	"0,0 * * * *", "1,1 * * * *", "0 9 * * 0,7", "0 9 * * 7", "0 9 * * 5-7", "0 9 * * 2-7/2", "0 9 * * 0-6/3",
	"0 9 * * sun", "0 9 * * MON-FRI", "0 9 * jan-mar *", "0 9 1 dec *", "0 9 * * 1-5", "0 9 ? * 1", "0 9 15 * ?",
	"0 9 1-31 * *", "0 9 */1 * 1", "0 9 1 * 1", "0 9 13 * 5", "0 0 29 2 *", "0 0 29 2 1", "0 0 30 2 *",
	"0 0 31 4 *", "0 0 31 4,6 *", "0 0 31 1,3,5,7,8,10,12 *", "0 0 31 12 *", "0 0 31 * *", "0 0 30 1,2 *",
	"0 0 30 2,4 *", "0 0 1 */3 *", "0 0 1 2-12/5 *", "59 23 31 12 *", "0 0 1 1 *", "0 0 * * 6", "30 4 1,15 * 5",
	"60 * * * *", "* 24 * * *", "0 0 0 1 *", "0 0 32 * *", "0 0 * 13 *", "0 0 * * 8", "5-3 * * * *",
	"*/0 * * * *", "*/60 * * * *", "1/15 * * * *", "10-20/5 * * * *", "0 0 L * *", "0 0 1W * *", "0 0 * * 1#2",
	"H * * * *", "0 0 * *", "0 0 * * * * *", "a * * * *", "0 0 ? ? ?", "0 0 * jul mon", "0 0 * mon *",
	"99999999999999999999 * * * *", "*/99999999999999999999 * * * *", "0\u00a09 * * *", "0\u20039 * * *",
	"0\u00859 * * *", "0\t9\t*\t*\t*", " 0 9 * * * ", "0 9 * * * ", "0 9 * * 1,2,3,4,5,6,0", "0 9 *,5 * *",
	"0 9 1,1 * *", "0 9 * 1,1 *", "0 9 * * 7,0", "0 9 * * 0,0", "0 9 * * 1,1", "0 9 * * 6-7", "0 9 * * 0-7",
	"0 9 * * 3-7/3", "0 9 * * */2", "0 9 * 2 *", "0 9 29 * *", "0 9 31 2,4,6,9,11 *", "0 0 29 2 *",
	"5-5 9 * * *", "0 9 * * 1-1", "0 9 1-1 * *", "0\u20009 * * *", "0\u200a9 * * *", "0 0 1 1 *", "0 0 1 2-11 *",
	"0 0 * * 6,0", "0 0 31 1 *", "0 0 1 1,12 *", "0 */7 * * *", "2,4,6 5/20 * * *",
}

// cronNowsSyntax are the `now` instants of the grammar corner: around a
// year end, across the centuries whose leap rules differ (1900, 2100 not
// leap; 2000, 2400 leap), before the epoch, and near a New York transition.
var cronNowsSyntax = []string{
	"2026-01-15T12:00:00.000Z", "2026-12-31T23:59:30.000Z", "2099-12-31T12:00:00.000Z", "2100-02-27T00:00:00.000Z",
	"1969-12-31T23:59:59.500Z", "1900-02-27T00:00:00.000Z", "2400-02-28T12:00:00.000Z", "2026-03-08T06:59:59.000Z",
	"1960-03-01T00:00:00.000Z", "2203-06-30T12:00:00.000Z",
}

// syntaxCases are the cron grammar corner, in UTC and New York.
func syntaxCases() []Case {
	var cs []Case
	seen := map[string]bool{}
	for _, expr := range cronSyntax {
		if seen[expr] {
			continue
		}
		seen[expr] = true
		for _, zone := range []string{"UTC", "America/New_York"} {
			for _, now := range cronNowsSyntax {
				t, _ := time.Parse(time.RFC3339Nano, now)
				cs = append(cs, Case{
					ID:     fmt.Sprintf("%s/syntax/%s/%q/%s", FamComputeNextRun, zone, expr, now),
					Family: FamComputeNextRun, Op: "v1.compute_next_run",
					Input: mustJSON(map[string]any{
						"task": map[string]string{"schedule_type": "cron", "schedule_value": expr},
						"now":  now, "timezone": zone,
					}),
					Zone: zone, At: t,
				})
			}
		}
	}
	return cs
}

// parseStamps are timestamps in the forms JavaScript's new Date(string)
// reads (and some it refuses), for formatLocalTime's parsing corner.
var parseStamps = []string{
	"2024-01-01", "2024-01-01T00:00", "2024-01-01T00:00Z", "2024-01-01T12:30:45", "2024-01-01t12:30:45z",
	"2024-01-01 12:30:45Z", "2024-01-01T12:30:45+0530", "2024-01-01T12:30:45+05:30", "2024-01-01T12:30:45.123456Z",
	"+002024-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "+275760-09-13T00:00:00.001Z",
	"2024-01-01T24:00:00Z", "2024-02-30T00:00:00Z", "2024-02-29T23:59:59.999Z", "2023-02-29T00:00:00Z",
	"2024-12-31T23:59:60Z", "2024-13-01T00:00:00Z", "2024-00-10T00:00:00Z", "2024-01-32T00:00:00Z",
	" 2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z ", "", "Invalid", "2024", "2024-06", "0000-01-01T00:00:00Z",
	"1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "10000-01-01T00:00:00Z",
	"2024-01-01T1:00:00Z", "2024-1-1T00:00:00Z", "2024-01-01T00:00:00+24:00", "2024-01-01T00:00:00-00:00",
	"2024-01-01T00:00:00.Z", "2024-01-01T00:00:00,5Z", "2024-01-01T00:00:00.5", "2024-01-01T12:00",
	"2024-06-15T12:00:00+14:00", "2024-06-15T12:00:00-12:00", "Mon, 01 Jan 2024 00:00:00 GMT",
	"January 1, 2024 10:00", "2024/01/01 10:00", "1/2/2024", "Tue Mar 05 2024 10:00:00 GMT+0100",
	"2024-01-01T00:00:00.000000000001Z", "002024-01-01T00:00:00Z", "2024-01-01T00:00:00z",
	"2024-01-01T23:59:59.9999Z", "1899-12-31T23:59:59Z", "1600-02-29T12:00:00Z", "2400-02-29T12:00:00Z",
	// V8's legacy (non-ISO) parser: names, AM/PM, zone abbreviations and
	// GMT offsets, comments, fractions of every length, two-digit years.
	"Jan 2 2024 10:00 AM", "Jan 2 2024 12:00 AM", "Jan 2 2024 12:30 PM", "Jan 2 2024 1:05 pm", "Jan 2 2024 13:00 PM",
	"2 January 2024 10:00 EST", "Jan 2 2024 10:00 EDT", "Jan 2 2024 10:00 CST", "Jan 2 2024 10:00 CDT",
	"Jan 2 2024 10:00 MST", "Jan 2 2024 10:00 MDT", "Jan 2 2024 10:00 PST", "Jan 2 2024 10:00 PDT",
	"Jan 2 2024 10:00 UT", "Jan 2 2024 10:00 UTC", "Jan 2 2024 10:00 Z", "Jan 2 2024 10:00 GMT-0800",
	"Jan 2 2024 10:00 GMT+5", "Jan 2 2024 10:00 GMT+05", "Jan 2 2024 10:00 GMT+530", "Jan 2 2024 10:00 GMT+0530",
	"Jan 2 2024 10:00 +0530", "Jan 2 2024 10:00 -08:00", "Jan 2 2024 10:00 GMT+99999", "Jan 2 2024 10:00 +2400",
	"Jan 2 2024 10:00 (comment) GMT", "Jan 2 2024 (a (nested) comment) 10:00", "Jan 2 2024 10:00 (unclosed",
	"Jan 2 2024 10:00:30.5", "Jan 2 2024 10:00:30.05", "Jan 2 2024 10:00:30.123456789", "Jan 2 2024 10:00:30.1234",
	"Jan 2 24 10:00", "Jan 2 49 10:00", "Jan 2 50 10:00", "Jan 2 99 10:00", "Jan 2 100 10:00", "2 Jan 24",
	"Tuesday, January 2, 2024", "Jan 2, 2024, 10:00:00 AM", "2024 Jan 2", "Jan 2024 2", "1/2/2024 10:00 PM",
	"12/31/1999 23:59:59", "13/1/2024", "1/32/2024", "Jan 2 2024 24:00", "Jan 2 2024 24:01", "Jan 2 2024 10:60",
	"Jan 2 2024 10:00 junk", "Janu 2 2024", "Ja 2 2024", "Sept 2 2024", "Jan 2 2024 10:00 T", "-2024-01-02", "+2024",
	"Jan -2 2024", "Jan 2 -2024 10:00", "Jan 2 +002024", "Jan 2 2024 10:00 +", "Jan 2 2024 10.00", "Jan 2 2024 10:00:",
}

// localStamps are offset-less date-times read in the process zone next to
// its transitions: inside a gap, in both passes of an overlap, and a day
// away, where new Date(string) must pick the instant V8 picks.
var localStamps = []struct{ ts, ptz string }{
	{"2026-03-08T02:30:00", "America/New_York"}, {"2026-03-08T01:59:59", "America/New_York"}, {"2026-03-08T03:00:00", "America/New_York"},
	{"2026-11-01T01:30:00", "America/New_York"}, {"2026-11-01T00:59:59", "America/New_York"}, {"2026-11-01T02:00:00", "America/New_York"},
	{"2026-03-09T02:30:00", "America/New_York"}, {"2026-10-31T01:30:00", "America/New_York"}, {"2026-10-04T02:15:00", "Australia/Lord_Howe"},
	{"2026-04-05T01:45:00", "Australia/Lord_Howe"}, {"2026-04-05T01:29:59", "Australia/Lord_Howe"}, {"2026-03-29T02:30:00", "Europe/Berlin"},
	{"2026-10-25T02:30:00", "Europe/Berlin"}, {"2026-03-08T00:30:00", "America/Havana"}, {"2026-11-01T00:30:00", "America/Havana"},
	{"2026-04-05T02:45:00", "Pacific/Chatham"}, {"2026-09-27T02:50:00", "Pacific/Chatham"}, {"2026-03-08 02:30", "America/New_York"},
	{"Mar 8 2026 02:30", "America/New_York"}, {"Nov 1 2026 01:30", "America/New_York"}, {"2026-09-06T00:30:00", "America/Santiago"},
	{"2026-04-05T00:30:00", "America/Santiago"},
}

// parseCases are formatLocalTime's parsing corner: each form in two zones
// and two process zones (which read offset-less forms).
func parseCases() []Case {
	var cs []Case
	for _, l := range localStamps {
		cs = append(cs, Case{
			ID:     fmt.Sprintf("%s/parse/%s/%s/%q", FamFormatLocalTime, "UTC", l.ptz, l.ts),
			Family: FamFormatLocalTime, Op: "v1.format_local_time",
			Input: mustJSON(map[string]string{"timestamp": l.ts, "timezone": "UTC", "process_timezone": l.ptz}),
			Zone:  "UTC",
		})
	}
	for _, ts := range parseStamps {
		for _, zone := range []string{"America/New_York", "Asia/Kolkata"} {
			for _, ptz := range []string{"UTC", "Australia/Lord_Howe"} {
				cs = append(cs, Case{
					ID:     fmt.Sprintf("%s/parse/%s/%s/%q", FamFormatLocalTime, zone, ptz, ts),
					Family: FamFormatLocalTime, Op: "v1.format_local_time",
					Input: mustJSON(map[string]string{"timestamp": ts, "timezone": zone, "process_timezone": ptz}),
					Zone:  zone,
				})
			}
		}
	}
	return cs
}

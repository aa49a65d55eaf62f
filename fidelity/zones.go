package fidelity

import (
	"sort"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// The matrix's window of zone history: every transition from 2020 through
// 2030, the years v1's users and the datetime tools' callers live in.
var (
	windowStart = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	windowEnd   = time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
)

// ICUOnlyNames are the 40 legacy IDs that ICU 78 (Node 20) accepts and
// tzdata 2025c does not have (reference/tzdb/icu_only.go holds their
// targets): v1's isValidTimezone accepts them, the datetime profile refuses
// them (decision timezone-names).
var ICUOnlyNames = []string{
	"ACT", "AET", "AGT", "ART", "AST", "BET", "BST", "CAT", "CNT", "CST", "CTT", "EAT",
	"ECT", "IET", "IST", "JST", "MIT", "NET", "NST", "PLT", "PNT", "PRT", "PST", "SST",
	"VST", "US/Pacific-New", "Canada/East-Saskatchewan",
	"SystemV/AST4", "SystemV/AST4ADT", "SystemV/CST6", "SystemV/CST6CDT", "SystemV/EST5",
	"SystemV/EST5EDT", "SystemV/HST10", "SystemV/MST7", "SystemV/MST7MDT", "SystemV/PST8",
	"SystemV/PST8PDT", "SystemV/YST9", "SystemV/YST9YDT",
}

// InvalidNames are names neither Intl nor the reference accepts (and two,
// "Factory" and the empty string, that a naive port would).
var InvalidNames = []string{
	"", "Local", "Factory", "Z", "UTC+5", "GMT+5", "Etc/GMT+13", "+05:30", "-08:00", "EST5",
	"America//New_York", "./America/New_York", "America/New_York/", "/America/New_York",
	" America/New_York", "America/New_York ", "America/New York", "America/NewYork",
	"posixrules", "localtime", "right/UTC", "posix/UTC", "Mars/Olympus_Mons", "CEST", "PDT",
	"IST-2", "EST5EDT4", "UTC0", "America/New_York\u0000", "Europe/Lond0n", "Asia/Kolkata2",
	"US/Pacific-Old", "SystemV/EST6", "etc/gmt+13", "utc+0",
}

// ZoneNames is every name in the pinned tzdata (links included), sorted,
// without Factory, which no IANA-name check accepts.
func ZoneNames() []string {
	var out []string
	for _, n := range tzdb.Names() {
		if n != "Factory" {
			out = append(out, n)
		}
	}
	return out
}

// Transition is one change of a zone's offset or abbreviation.
type Transition struct {
	At                  time.Time // the first instant of the new rule (UTC)
	OffBefore, OffAfter int       // seconds east of UTC
}

// Transitions lists the changes of loc's offset or abbreviation within the
// window. It walks from one zone period to the next with Time.ZoneBounds,
// falling back to a day's step where Go's bounds of rule-extended zones are
// artificial (at year ends, sometimes before the instant asked about), and
// locates every change to the second by bisection.
func Transitions(loc *time.Location) []Transition {
	var out []Transition
	zoneAt := func(t int64) (string, int) { return time.Unix(t, 0).In(loc).Zone() }
	for t := windowStart.Unix(); t < windowEnd.Unix(); {
		n0, o0 := zoneAt(t)
		next := t + 86400
		_, end := time.Unix(t, 0).In(loc).ZoneBounds()
		if end.IsZero() {
			break // the zone period goes on forever
		}
		if end.Unix() > t {
			next = end.Unix()
		}
		if n1, o1 := zoneAt(next); n1 == n0 && o1 == o0 {
			t = next
			continue
		}
		lo, hi := t, next // zone(lo) is the old one, zone(hi) is not
		for hi-lo > 1 {
			mid := lo + (hi-lo)/2
			if n, o := zoneAt(mid); n == n0 && o == o0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		if hi < windowEnd.Unix() {
			_, after := zoneAt(hi)
			out = append(out, Transition{At: time.Unix(hi, 0).UTC(), OffBefore: o0, OffAfter: after})
		}
		t = hi
	}
	return out
}

// DSTZones are the zones (canonical names, no links) with at least one
// offset change in the window, sorted.
func DSTZones() []string {
	var out []string
	for _, n := range ZoneNames() {
		if strings.HasPrefix(n, "Etc/") || !strings.Contains(n, "/") {
			continue
		}
		loc, err := tzdb.Load(n)
		if err != nil {
			continue
		}
		for _, tr := range Transitions(loc) {
			if tr.OffBefore != tr.OffAfter {
				out = append(out, n)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

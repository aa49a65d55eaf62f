package driver

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"
)

// HostileZones are the host time zones a subprocess implementation runs
// under unless one is pinned: each observes daylight saving time and has an
// offset that is not a whole hour (Chatham +12:45/+13:45, St John's
// −03:30/−02:30, Lord Howe +10:30/+11:00 with a half-hour shift), so an
// implementation that lets its host zone leak into an answer — a parse that
// attaches the local zone, a "today" in local time — gives a wrong answer
// rather than a lucky one. The reference answers the same under any host
// zone.
var HostileZones = []string{"Pacific/Chatham", "America/St_Johns", "Australia/Lord_Howe"}

// HostZoneFor picks the host zone of a run from its seed.
func HostZoneFor(seed int64) string {
	i := seed % int64(len(HostileZones))
	if i < 0 {
		i = -i
	}
	return HostileZones[i]
}

// ValidateHostZone checks a zone pinned as the host zone: UTC or an IANA name
// this machine's time zone database knows (the implementation reads the
// same database through TZ).
func ValidateHostZone(zone string) error {
	if zone == "UTC" {
		return nil
	}
	if zone == "" || zone == "Local" {
		return fmt.Errorf("%q is not a time zone name (want UTC or an IANA name such as Europe/Oslo)", zone)
	}
	if _, err := time.LoadLocation(zone); err != nil {
		return fmt.Errorf("%q is not a time zone this machine knows (want UTC or an IANA name such as Europe/Oslo)", zone)
	}
	return nil
}

// bitingCandidates are the host zones a run may choose among by its
// scenarios' inputs: zones that observe daylight saving time, spread over
// the offsets and hemispheres that inputs tend to use.
var bitingCandidates = []string{
	"Europe/Oslo", "Europe/London", "Europe/Lisbon", "Europe/Helsinki", "Europe/Athens",
	"America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles",
	"America/Halifax", "America/St_Johns", "America/Santiago", "America/Havana",
	"Australia/Sydney", "Australia/Adelaide", "Australia/Lord_Howe",
	"Pacific/Auckland", "Pacific/Chatham", "Asia/Jerusalem",
}

// writtenTime is an RFC 3339 date-time with a numeric offset, as inputs
// write it (an offset of Z names no zone a host could have).
var writtenTime = regexp.MustCompile(`[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?[+-][0-9]{2}:[0-9]{2}`)

// BitingZones lists the candidate host zones that the given input texts
// bite, best first: a zone bites when inputs write date-times at the very
// offset the zone has at their instant, on both sides of one of its
// transitions (its standard and its daylight offset). A tool that lets
// such a host zone in (Go's time.Parse adopts the local zone when the
// written offset matches it) then answers in the host zone's rules where
// the input fixed only an offset, and a scenario sees it. A zone's score
// is its less-used side's count of inputs; zones scoring at least half the
// best are listed.
func BitingZones(inputs []string) []string {
	seen := map[string]bool{}
	var times []time.Time
	for _, in := range inputs {
		for _, s := range writtenTime.FindAllString(in, -1) {
			if seen[s] {
				continue
			}
			seen[s] = true
			if t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s)); err == nil {
				times = append(times, t)
			}
		}
	}
	type scored struct {
		zone  string
		score int
	}
	var all []scored
	for _, zone := range bitingCandidates {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			continue // this machine does not know it: a subprocess could not run under it
		}
		sides := map[int]int{}
		for _, t := range times {
			_, written := t.Zone()
			if _, off := t.In(loc).Zone(); off == written {
				sides[off]++
			}
		}
		counts := slices.Sorted(maps.Values(sides))
		if len(counts) >= 2 {
			all = append(all, scored{zone, counts[len(counts)-2]})
		}
	}
	slices.SortStableFunc(all, func(a, b scored) int { return b.score - a.score })
	var out []string
	for _, s := range all {
		if 2*s.score >= all[0].score {
			out = append(out, s.zone)
		}
	}
	return out
}

// HostZoneForInputs picks the host zone of a run from its seed, among the
// zones its scenarios' inputs bite (BitingZones), or among HostileZones
// when they bite none.
func HostZoneForInputs(seed int64, inputs []string) string {
	zones := BitingZones(inputs)
	if len(zones) == 0 {
		return HostZoneFor(seed)
	}
	i := seed % int64(len(zones))
	if i < 0 {
		i = -i
	}
	return zones[i]
}

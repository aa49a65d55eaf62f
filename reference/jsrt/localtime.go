package jsrt

import "time"

// localToUTC converts a local wall time (ms, as if it were UTC) to an instant
// the way V8 does with ICU: BasicTimeZone::getOffsetFromLocal with
// UCAL_TZ_LOCAL_FORMER for both non-existent and repeated wall times.
//
// ICU's rule, per transition at instant T from offset b to offset a: the new
// offset applies to wall times at or after T + max(a, b). So a wall time
// inside a gap (a > b) still uses b, which lands after the transition
// (02:30 → 03:30 EDT), and one inside an overlap (a < b) still uses b, the
// earlier of the two instants. Measured with TZ=America/New_York node, for
// 2024 and for 2100 (past the last explicit transition, where ICU applies
// the zone's recurring rule as Go applies its TZ-string extension).
//
// time.Location has no transition list, and Time.ZoneBounds cannot stand in
// for one: for rule-based years its end is wrong in leap years (Go 1.26
// returns Dec 30 as the end of the period containing Dec 30, so a walk over
// it never advances). So the transitions near the wall time are found from
// offsets alone: sampled every 3 hours over ±30 hours (UTC offsets lie within
// -12…+14 h, so transitions further away are certainly in effect or
// certainly not), each change located to the second by bisection. Two
// transitions less than 3 hours apart would be seen as one; no zone has them.
func localToUTC(wall int64, loc *time.Location) int64 {
	if loc == nil || loc == time.UTC {
		return wall
	}
	const window, step = 30 * 3600, 3 * 3600
	sec := FloorDiv(wall, 1000)
	prev := sec - window
	before := offsetAt(loc, prev)
	cur := before
	for t := prev + step; t <= sec+window; t += step {
		if after := offsetAt(loc, t); after != before {
			lo, hi := prev, t // the offset is before at lo and has changed at hi
			for hi-lo > 1 {
				if mid := lo + (hi-lo)/2; offsetAt(loc, mid) == before {
					lo = mid
				} else {
					hi = mid
				}
			}
			if sec >= hi+int64(max(before, after)) {
				cur = after
			}
			before = after
		}
		prev = t
	}
	return wall - int64(cur)*1000
}

// offsetAt is the zone's UTC offset in seconds at the instant sec.
func offsetAt(loc *time.Location, sec int64) int {
	_, off := time.Unix(sec, 0).In(loc).Zone()
	return off
}

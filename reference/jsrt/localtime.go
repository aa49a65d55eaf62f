package jsrt

import "time"

// localToUTC converts a local wall time (ms, as if it were UTC) to an instant
// the way V8 does with ICU: BasicTimeZone::getOffsetFromLocal with
// UCAL_TZ_LOCAL_FORMER for both non-existent and repeated wall times.
//
// ICU's rule, per transition at instant T from offset b to offset a: the
// transition takes effect for wall times at or after T + max(a, b). So a
// wall time inside a gap (a > b) still uses b, which lands after the
// transition (02:30 → 03:30 EDT), and one inside an overlap (a < b) still
// uses b, the earlier of the two instants. Measured with TZ=America/New_York
// node for 2024 and for 2100 (past the last explicit transition, where ICU
// uses the zone's recurring rule, as Go's TZ-string extension does).
//
// time.Location exposes its transitions only through ZoneBounds, so this
// walks the periods around the wall time: every transition more than two
// days before it is certainly in effect (offsets are under 26 h), and none
// more than two days after it can be.
func localToUTC(wall int64, loc *time.Location) int64 {
	if loc == nil || loc == time.UTC {
		return wall
	}
	sec := floorDiv(wall, 1000)
	const window = 2 * 86400
	t := time.Unix(sec-window, 0).In(loc)
	_, before := t.Zone()
	cur := before
	_, end := t.ZoneBounds()
	for !end.IsZero() && end.Unix() <= sec+window {
		at := end.In(loc)
		_, after := at.Zone()
		if sec >= end.Unix()+int64(max(before, after)) {
			cur = after
		}
		before = after
		_, end = at.ZoneBounds()
	}
	return wall - int64(cur)*1000
}

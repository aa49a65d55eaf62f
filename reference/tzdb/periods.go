package tzdb

import (
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// ZoneAt is time.Unix(sec, 0).In(loc).Zone(): the zone's abbreviation and
// offset (seconds east of UTC) at the Unix second sec. It remembers, per
// location, the last few periods it looked up — each the lookup's own
// [start, end) (Time.ZoneBounds), within which every instant has the same
// answer — because a lookup past a zone's last listed transition evaluates
// the zone's rule each time, and callers ask about nearby instants over and
// over (a batch of messages, the present).
func ZoneAt(loc *time.Location, sec int64) (name string, offset int) {
	v, ok := periodCache.Load(loc)
	if !ok {
		v, _ = periodCache.LoadOrStore(loc, new(recentPeriods))
	}
	recent := v.(*recentPeriods)
	if list := recent.list.Load(); list != nil {
		for _, p := range list {
			if p.start <= sec && sec < p.end {
				return p.name, p.offset
			}
		}
	}
	lt := time.Unix(sec, 0).In(loc)
	name, offset = lt.Zone()
	p := period{name: name, offset: offset, start: math.MinInt64, end: math.MaxInt64}
	start, end := lt.ZoneBounds()
	if !start.IsZero() {
		p.start = start.Unix()
	}
	if !end.IsZero() {
		p.end = end.Unix()
	}
	// The new period first, then the most recent others: the list is
	// replaced, never changed, so readers need no lock.
	next := &[keptPeriods]period{p}
	if old := recent.list.Load(); old != nil {
		copy(next[1:], old[:keptPeriods-1])
	}
	recent.list.Store(next)
	return name, offset
}

// keptPeriods is how many periods ZoneAt remembers per location: a batch
// that spans a DST change needs two.
const keptPeriods = 4

type period struct {
	name       string
	offset     int
	start, end int64 // Unix seconds: [start, end); an empty one never matches
}

type recentPeriods struct {
	list atomic.Pointer[[keptPeriods]period]
}

var periodCache sync.Map // *time.Location → *recentPeriods

package awareness

import (
	"time"

	"github.com/clockspec/clockspec/reference/clock"
)

// Participant is a group member with their User TZ, when known (§7.3
// "Store per-user User TZ when known").
type Participant struct {
	UserKey string
	Zone    *clock.Zone // nil: unknown
}

// Conversion is one participant's local rendering of a group time.
type Conversion struct {
	UserKey       string `json:"user_key"`
	TZ            string `json:"tz"`
	Local         string `json:"local"`
	OffsetMinutes int    `json:"offset_minutes"`
}

// GroupView is how a time is presented in a group chat.
type GroupView struct {
	// UTC is the scheduled instant in UTC (§7.3, §11: "UTC + conversions").
	UTC         *string
	Conversions []Conversion
	UnknownTZ   []string
	// PresentationTZ is the addressed user's zone, else UTC (§7.3:
	// "Presentation timezone is per user").
	PresentationTZ         string
	PresentationLocal      *string
	OffsetSpreadMinutes    int
	SpreadReachesThreshold bool
	// Ambiguous: the message uses a relative time ("tomorrow", "tonight")
	// and the participants' offsets at now differ by at least
	// ambiguity_threshold_hours.
	Ambiguous bool
}

// PresentGroupTime is §7.3. Offsets are DST-aware at their instant and
// compared in minutes (§2: "compare in minutes internally"), so +05:30 and
// +05:45 count exactly. The spread is taken at now — when the relative
// expression is said — over the participants whose zone is known.
func PresentGroupTime(p clock.Policy, parts []Participant, scheduled *time.Time, now time.Time, relative bool, addressed string) (GroupView, error) {
	v := GroupView{Conversions: []Conversion{}, UnknownTZ: []string{}, PresentationTZ: "UTC"}
	var pres *clock.Zone
	min, max, known := 0, 0, false
	for _, pt := range parts {
		if pt.Zone == nil {
			v.UnknownTZ = append(v.UnknownTZ, pt.UserKey)
			continue
		}
		if pt.UserKey == addressed && pres == nil {
			pres = pt.Zone
		}
		off, err := clock.OffsetMinutes(pt.Zone.Loc, now)
		if err != nil {
			return GroupView{}, err
		}
		if !known || off < min {
			min = off
		}
		if !known || off > max {
			max = off
		}
		known = true
		if scheduled != nil {
			local, err := clock.FormatInstant(*scheduled, pt.Zone.Loc)
			if err != nil {
				return GroupView{}, err
			}
			so, _ := clock.OffsetMinutes(pt.Zone.Loc, *scheduled)
			v.Conversions = append(v.Conversions, Conversion{pt.UserKey, pt.Zone.Name, local, so})
		}
	}
	if pres != nil {
		v.PresentationTZ = pres.Name
	}
	if scheduled != nil {
		u := formatUTC(*scheduled)
		v.UTC = &u
		loc := time.UTC
		if pres != nil {
			loc = pres.Loc
		}
		local, err := clock.FormatInstant(*scheduled, loc)
		if err != nil {
			return GroupView{}, err
		}
		v.PresentationLocal = &local
	}
	v.OffsetSpreadMinutes = max - min
	v.SpreadReachesThreshold = known && float64(v.OffsetSpreadMinutes) >= p.Clock.AmbiguityThresholdHours*60
	v.Ambiguous = relative && v.SpreadReachesThreshold
	return v, nil
}

package timestamps

import (
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// Zone is a resolved time zone: what the seed's ActiveSupport::TimeZone
// holds. Name is what tz.name prints — the name exactly as it was looked up,
// so a Rails name stays "Eastern Time (US & Canada)" and a tzdb link stays
// "US/Eastern" — and Loc is what times are shown in.
type Zone struct {
	Name string
	Loc  *time.Location
	// Fallback is true when the name was missing, blank or unknown and UTC
	// was used instead (the seed's `|| "UTC"` and `|| TimeZone["UTC"]`).
	Fallback bool
}

// UTC is the zone every fallback lands on; its name is "UTC" because the
// seed falls back to ActiveSupport::TimeZone["UTC"], whose name is "UTC".
func UTC() Zone {
	loc, err := tzdb.Load("Etc/UTC")
	if err != nil {
		loc = time.UTC // the embedded data is unreadable; UTC needs no data
	}
	return Zone{Name: "UTC", Loc: loc}
}

// ResolveZone is the seed's
//
//	timezone_name = recent_user&.timezone.presence || "UTC"
//	ActiveSupport::TimeZone[timezone_name] || ActiveSupport::TimeZone["UTC"]
//
// A nil or blank name (Rails blank?: empty or only white space) and a name
// TimeZone[] does not know both give UTC with Fallback set. TimeZone[]
// knows, letter case and spelling exactly: the 151 Rails names of
// ActiveSupport::TimeZone::MAPPING, and every tzdb zone or link identifier
// (TZInfo is case-sensitive and does not trim). "Factory" is refused
// although TZInfo on a system zoneinfo accepts it: it is tzdb's marker for
// "no zone configured", not a place, and tzdb.Load refuses it.
func ResolveZone(name *string) Zone {
	if name == nil || IsBlank(*name) {
		z := UTC()
		z.Fallback = true
		return z
	}
	if loc, ok := LookupZone(*name); ok {
		return Zone{Name: *name, Loc: loc}
	}
	z := UTC()
	z.Fallback = true
	return z
}

// LookupZone answers whether ActiveSupport::TimeZone[name] knows name, and
// with which rules: a Rails name maps to its tzdb identifier first (the
// MAPPING lookup comes before TZInfo in find_tzinfo), anything else must be
// an exact tzdb identifier.
func LookupZone(name string) (*time.Location, bool) {
	id := name
	if target, ok := railsZones()[name]; ok {
		id = target
	}
	loc, err := tzdb.Load(id)
	if err != nil {
		return nil, false
	}
	return loc, true
}

// RailsZoneNames lists the Rails names ResolveZone accepts, with the tzdb
// identifier each computes with.
func RailsZoneNames() map[string]string {
	out := make(map[string]string, len(railsZones()))
	for k, v := range railsZones() {
		out[k] = v
	}
	return out
}

package clock

import (
	"bytes"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/reference/tzdb"
	"github.com/clockspec/clockspec/spec"
)

// The place names a zone may be inferred from (§4.2 step 4, "inferred from
// mentioned location (unambiguous city/region)") and that "<place> time"
// names in a message ("Tokyo time"). They are the tzdb's own exemplar
// places, nothing else: the last part of every Area/…/Place zone name in the
// geographic areas, with underscores read as spaces, matched without regard
// to letter case ("new york", "Port of Spain", "Ho Chi Minh").
//
// A place is unambiguous when every tzdb name ending in it keeps the same
// offsets and transitions from 1970 on (America/Buenos_Aires is a link to
// America/Argentina/Buenos_Aires); it then resolves to the longest of those
// names, which is the qualified one tzdb calls canonical. Places whose zones
// differ are ambiguous and never resolve; so are the few tzdb names that are
// not unambiguous places at all (notAPlace). Countries, states and free text
// ("Japan", "California", "Tokyo, Japan") are not places here, where a
// message writes a zone ("Tokyo time"); a mentioned location (§4.2 step 4)
// also reads the single-zone countries and extra cities of places.yaml
// (LookupMentionedPlace).

var placeAreas = map[string]bool{
	"Africa": true, "America": true, "Antarctica": true, "Arctic": true, "Asia": true,
	"Atlantic": true, "Australia": true, "Europe": true, "Indian": true, "Pacific": true,
}

// notAPlace lists last parts of tzdb names (all backward-compatibility links)
// that must not be read as places: compass words (Australia/North,
// Australia/South, Australia/West), abbreviations (Australia/ACT, NSW, LHI,
// which must go through the abbreviation rule instead), and names of more
// than one place with different offsets: Australia/Victoria (also Victoria,
// British Columbia and Victoria, Seychelles) and Pacific/Samoa (a link to
// American Samoa, UTC-11, while Samoa itself is Pacific/Apia, UTC+13).
var notAPlace = map[string]bool{
	"north": true, "south": true, "west": true, "act": true, "nsw": true, "lhi": true,
	"victoria": true, "samoa": true,
}

type place struct {
	zone      string // the zone the place resolves to, "" when ambiguous
	ambiguous bool
}

var (
	placesOnce sync.Once
	places     map[string]place
)

// normalizePlace folds a place name for lookup: lower case, underscores and
// runs of white space as one space, trimmed.
func normalizePlace(s string) string {
	s = strings.ReplaceAll(s, "_", " ")
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

func loadPlaces() {
	byPlace := map[string][]string{}
	for _, name := range tzdb.Names() {
		parts := strings.Split(name, "/")
		if len(parts) < 2 || !placeAreas[parts[0]] {
			continue
		}
		key := normalizePlace(parts[len(parts)-1])
		byPlace[key] = append(byPlace[key], name)
	}
	places = make(map[string]place, len(byPlace))
	for key, names := range byPlace {
		sort.Slice(names, func(i, j int) bool {
			if len(names[i]) != len(names[j]) {
				return len(names[i]) > len(names[j])
			}
			return names[i] < names[j]
		})
		p := place{zone: names[0]}
		first, err := tzdb.Load(names[0])
		for _, other := range names[1:] {
			loc, err2 := tzdb.Load(other)
			if err != nil || err2 != nil || !sameRulesSince1970(first, loc) {
				p = place{ambiguous: true}
				break
			}
		}
		if notAPlace[key] {
			p = place{ambiguous: true}
		}
		places[key] = p
	}
}

// sameRulesSince1970 compares two zones' offsets at every transition of
// either from 1970 to 2100.
func sameRulesSince1970(a, b *time.Location) bool {
	t := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 2000 && t.Before(end); i++ {
		_, oa := t.In(a).Zone()
		_, ob := t.In(b).Zone()
		if oa != ob {
			return false
		}
		_, na := t.In(a).ZoneBounds()
		_, nb := t.In(b).ZoneBounds()
		next := end
		for _, n := range []time.Time{na, nb} {
			if !n.IsZero() && n.After(t) && n.Before(next) {
				next = n
			}
		}
		t = next
	}
	return true
}

// LookupPlace resolves a place name to its zone. The reason is
// ReasonUnknownPlace or ReasonAmbiguous when it does not resolve.
func LookupPlace(name string) (Zone, string) {
	placesOnce.Do(loadPlaces)
	p, ok := places[normalizePlace(name)]
	switch {
	case !ok || normalizePlace(name) == "":
		return Zone{}, ReasonUnknownPlace
	case p.ambiguous:
		return Zone{}, ReasonAmbiguous
	}
	loc, err := tzdb.Load(p.zone)
	if err != nil {
		return Zone{}, ReasonUnknownPlace
	}
	return Zone{Name: p.zone, Loc: loc}, ""
}

// morePlaces is spec/clock-core/places.yaml: single-zone countries, regions
// that span zones, and large cities no tzdb zone is named after.
type morePlaces struct {
	Countries    map[string]string `yaml:"countries"`
	SeveralZones []string          `yaml:"several_zones"`
	Cities       map[string]string `yaml:"cities"`
}

var (
	morePlacesOnce sync.Once
	more           morePlaces
)

func loadMorePlaces() {
	b, err := fs.ReadFile(spec.FS(), "clock-core/places.yaml")
	if err != nil {
		panic("clock: places.yaml is missing: " + err.Error())
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&more); err != nil {
		panic("clock: places.yaml: " + err.Error())
	}
}

// LookupMentionedPlace is §4.2 step 4, "Inferred from mentioned location
// (unambiguous city/region)": a tzdb exemplar place, else a country with one
// zone, else one of the reference's extra cities. A region that spans zones
// is ambiguous and never resolves.
func LookupMentionedPlace(name string) (Zone, string) {
	z, reason := LookupPlace(name)
	if reason != ReasonUnknownPlace {
		return z, reason
	}
	morePlacesOnce.Do(loadMorePlaces)
	key := normalizePlace(name)
	for _, r := range more.SeveralZones {
		if r == key {
			return Zone{}, ReasonAmbiguous
		}
	}
	id, ok := more.Countries[key]
	if !ok {
		id, ok = more.Cities[key]
	}
	if !ok {
		return Zone{}, ReasonUnknownPlace
	}
	loc, err := tzdb.Load(id)
	if err != nil {
		return Zone{}, ReasonUnknownPlace
	}
	return Zone{Name: id, Loc: loc}, ""
}

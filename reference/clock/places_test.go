package clock

import (
	"testing"

	"github.com/clockspec/clockspec/reference/tzdb"
)

// TestPlacesFile: every zone places.yaml names exists in the pinned tzdb, no
// name is listed twice, and no entry is shadowed by a tzdb exemplar place
// (which is read first), so the file says what the reference does.
func TestPlacesFile(t *testing.T) {
	morePlacesOnce.Do(loadMorePlaces)
	seen := map[string]string{}
	check := func(list, key, zone string) {
		if prev, ok := seen[key]; ok {
			t.Errorf("%s: %q is also in %s", list, key, prev)
		}
		seen[key] = list
		if key != normalizePlace(key) {
			t.Errorf("%s: %q is not written as it is matched (%q)", list, key, normalizePlace(key))
		}
		if zone != "" {
			if _, err := tzdb.Load(zone); err != nil {
				t.Errorf("%s: %q → %q is not a tzdb zone", list, key, zone)
			}
		}
		if _, reason := LookupPlace(key); reason != ReasonUnknownPlace {
			t.Errorf("%s: %q is already a tzdb place; the entry is never read", list, key)
		}
	}
	for k, z := range more.Countries {
		check("countries", k, z)
	}
	for k, z := range more.Cities {
		check("cities", k, z)
	}
	for _, k := range more.SeveralZones {
		check("several_zones", k, "")
	}
	if z, reason := LookupMentionedPlace("Japan"); reason != "" || z.Name != "Asia/Tokyo" {
		t.Errorf("Japan → %q (%s), want Asia/Tokyo", z.Name, reason)
	}
	if _, reason := LookupMentionedPlace("United States"); reason != ReasonAmbiguous {
		t.Errorf("United States: reason %q, want %q", reason, ReasonAmbiguous)
	}
}

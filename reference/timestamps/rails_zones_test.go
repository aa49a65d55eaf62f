package timestamps

import (
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/clockspec/clockspec/spec"
)

// The reference's Rails names are the spec's: spec/timestamps/
// rails_time_zones.json (gen's JSON of the profile's
// $defs.rails_time_zone_mapping, what an implementer loads) holds the same
// names with the same tzdb zones.
func TestRailsNamesAreTheSpecs(t *testing.T) {
	b, err := fs.ReadFile(spec.FS(), "timestamps/rails_time_zones.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	got := RailsZoneNames()
	if len(want) != 151 || len(got) != len(want) {
		t.Errorf("%d names in the spec's file, %d in the reference; ActiveSupport has 151", len(want), len(got))
	}
	for name, zone := range want {
		if got[name] != zone {
			t.Errorf("%q: the spec says %s, the reference %q", name, zone, got[name])
		}
	}
}

package timestamps

import (
	"encoding/json"
	"io/fs"
	"sync"

	"github.com/clockspec/clockspec/spec"
)

// railsZones is ActiveSupport::TimeZone::MAPPING, unchanged from Rails 6.1 to
// 8.0 (activesupport/lib/active_support/values/time_zone.rb): the 151 "friendly"
// names a Rails app stores when it uses time_zone_select, each with the tzdb
// identifier TZInfo computes with. The seed resolves a user's zone with
// ActiveSupport::TimeZone[name], which accepts these names as well as tzdb
// identifiers, so the profile accepts them too (decision: rails names).
//
// Some targets are tzdb backward links (Europe/Kiev, Asia/Rangoon,
// America/Godthab); later Rails releases may point the same names at the
// current spellings. A link and its target have the same rules, so every
// time shown is the same either way; only the friendly name is ever printed.
//
// The mapping is written once, in the profile's input schema
// (spec/timestamps/operations.yaml, $defs.rails_time_zone_mapping); gen
// writes it out as spec/timestamps/rails_time_zones.json, which the
// reference reads from the embedded spec on first use.
var railsZones = sync.OnceValue(func() map[string]string {
	const file = "timestamps/rails_time_zones.json"
	b, err := fs.ReadFile(spec.FS(), file)
	if err != nil {
		panic("timestamps: the embedded spec has no " + file + ": " + err.Error())
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		panic("timestamps: the embedded " + file + " is not a JSON object of names: " + err.Error())
	}
	return m
})

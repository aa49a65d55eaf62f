package driver_test

import (
	"slices"
	"testing"

	"github.com/clockspec/clockspec/conformance/driver"
)

// A zone bites inputs that write its offsets at its own instants on both
// sides of a transition; one side alone, Z, or offsets at instants where
// the zone has another offset do not make it bite.
func TestBitingZones(t *testing.T) {
	oslo := []string{
		`{"timestamp": "2026-01-20T10:00:00+01:00"}`, // Oslo's winter offset in winter
		`When I call "x" with {"a": "2026-07-20T10:00:00+02:00", "b": "2026-07-21t10:00:00+02:00"}`,
	}
	if got := driver.BitingZones(oslo); !slices.Contains(got, "Europe/Oslo") || slices.Contains(got, "America/New_York") {
		t.Errorf("Oslo's offsets on both sides: %v", got)
	}
	for name, in := range map[string][]string{
		"one side":        {`2026-01-20T10:00:00+01:00`, `2026-02-20T10:00:00+01:00`},
		"zulu":            {`2026-01-20T10:00:00Z`, `2026-07-20T10:00:00Z`},
		"offsets at odds": {`2026-07-20T10:00:00+01:00`, `2026-01-20T10:00:00+02:00`},
		"nothing":         nil,
	} {
		if got := driver.BitingZones(in); slices.Contains(got, "Europe/Oslo") {
			t.Errorf("%s: %v includes Europe/Oslo", name, got)
		}
	}
	// The seed picks among the biting zones, and among HostileZones when
	// none bites.
	for seed := range int64(6) {
		if z := driver.HostZoneForInputs(seed, oslo); !slices.Contains(driver.BitingZones(oslo), z) {
			t.Errorf("seed %d: %s is not a biting zone", seed, z)
		}
		if z := driver.HostZoneForInputs(seed, nil); z != driver.HostZoneFor(seed) {
			t.Errorf("seed %d, no inputs: %s, want %s", seed, z, driver.HostZoneFor(seed))
		}
	}
}

package timestamps

import (
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/tzdb"
)

func TestResolveZone(t *testing.T) {
	for _, c := range []struct {
		in       *string
		name     string
		fallback bool
	}{
		{nil, "UTC", true},
		{ptr(""), "UTC", true},
		{ptr(" \u00a0"), "UTC", true},
		{ptr("UTC"), "UTC", false},
		{ptr("Etc/UTC"), "Etc/UTC", false},
		{ptr("America/New_York"), "America/New_York", false},
		{ptr("US/Eastern"), "US/Eastern", false},
		{ptr("Eastern Time (US & Canada)"), "Eastern Time (US & Canada)", false},
		{ptr("america/new_york"), "UTC", true},
		{ptr("PST"), "UTC", true},
		{ptr("Factory"), "UTC", true},
		{ptr(" UTC"), "UTC", true},
		{ptr("Local"), "UTC", true},
	} {
		z := ResolveZone(c.in)
		if z.Name != c.name || z.Fallback != c.fallback || z.Loc == nil {
			t.Errorf("ResolveZone(%v) = {%q, fallback %v, loc %v}, want {%q, %v}", deref(c.in), z.Name, z.Fallback, z.Loc, c.name, c.fallback)
		}
	}
}

func deref(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

// Every Rails name must compute in exactly the zone of its tzdb target.
func TestRailsNamesUseTheirTargets(t *testing.T) {
	names := RailsZoneNames()
	if len(names) != 151 {
		t.Fatalf("%d Rails names, ActiveSupport has 151", len(names))
	}
	probe := []time.Time{time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC), time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)}
	for name, target := range names {
		want, err := tzdb.Load(target)
		if err != nil {
			t.Errorf("%s → %s: %v", name, target, err)
			continue
		}
		z := ResolveZone(ptr(name))
		if z.Name != name || z.Fallback {
			t.Errorf("ResolveZone(%q) = %q (fallback %v)", name, z.Name, z.Fallback)
		}
		for _, p := range probe {
			_, got := p.In(z.Loc).Zone()
			_, exp := p.In(want).Zone()
			if got != exp {
				t.Errorf("%s at %s: offset %d, %s has %d", name, p.Format(time.DateOnly), got, target, exp)
			}
		}
	}
}

// A tzdb identifier is accepted exactly when tzdb.Load accepts it.
func TestEveryTzdbNameIsAcceptedExactly(t *testing.T) {
	for _, name := range tzdb.Names() {
		z := ResolveZone(ptr(name))
		_, err := tzdb.Load(name)
		if (err == nil) == z.Fallback {
			t.Errorf("ResolveZone(%q).Fallback = %v, tzdb.Load error %v", name, z.Fallback, err)
		}
	}
}

func TestCurrentTimeLine(t *testing.T) {
	now := mustInstant(t, "2026-01-23T14:32:59.999Z")
	for _, c := range []struct {
		zone *string
		want string
	}{
		{nil, "Current time: 2026-01-23T14:32:59 (UTC)"},
		{ptr("Europe/London"), "Current time: 2026-01-23T14:32:59 (Europe/London)"},
		{ptr("Eastern Time (US & Canada)"), "Current time: 2026-01-23T09:32:59 (Eastern Time (US & Canada))"},
		{ptr("Asia/Kathmandu"), "Current time: 2026-01-23T20:17:59 (Asia/Kathmandu)"},
	} {
		if got := CurrentTimeLine(now, ResolveZone(c.zone)); got != c.want {
			t.Errorf("CurrentTimeLine(%v) = %q, want %q", deref(c.zone), got, c.want)
		}
	}
}

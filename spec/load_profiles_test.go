package spec

import (
	"reflect"
	"strings"
	"testing"
)

// Each profile loaded alone is the profile Load reads: the same
// operations, schemas and requirements, its schemas compiling as well.
func TestLoadProfilesAlone(t *testing.T) {
	all, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range all.Profiles {
		c, err := LoadProfiles(want.Name)
		if err != nil {
			t.Fatalf("%s alone: %v", want.Name, err)
		}
		if len(c.Profiles) != 1 || c.Profiles[0].Name != want.Name {
			t.Fatalf("%s alone: profiles %v", want.Name, c.Profiles)
		}
		got := c.Profiles[0]
		if len(got.Operations) != len(want.Operations) || !reflect.DeepEqual(got.Requirements, want.Requirements) {
			t.Fatalf("%s alone: %d operations, %d requirements; in Load %d, %d", want.Name,
				len(got.Operations), len(got.Requirements), len(want.Operations), len(want.Requirements))
		}
		for i, op := range got.Operations {
			w := want.Operations[i]
			if op.Name != w.Name || string(op.InputSchema) != string(w.InputSchema) || string(op.OutputSchema) != string(w.OutputSchema) {
				t.Fatalf("%s alone: operation %s differs from Load's %s", want.Name, op.Name, w.Name)
			}
			if _, ok := c.Operation(op.Name); !ok {
				t.Fatalf("%s alone: Operation(%s) not found", want.Name, op.Name)
			}
		}
		if err := c.Compile(); err != nil {
			t.Fatalf("%s alone: %v", want.Name, err)
		}
		for _, other := range all.Profiles {
			if _, ok := c.Profile(other.Name); ok != (other.Name == want.Name) {
				t.Fatalf("%s alone: Profile(%s) = %v", want.Name, other.Name, ok)
			}
		}
	}
	two, err := LoadProfiles("v1", "datetime", "v1")
	if err != nil || len(two.Profiles) != 2 || two.Profiles[0].Name != "datetime" {
		t.Fatalf("LoadProfiles(v1, datetime, v1) = %v, %v", two, err)
	}
	if _, err := LoadProfiles("v1", "v9"); err == nil {
		t.Fatal("LoadProfiles of an unknown profile loaded")
	}
}

// Every operation of the embedded spec is found in its own profile by its
// name; a name no profile's rule allows is in none.
func TestProfileOfOperation(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range cat.Profiles {
		for _, op := range p.Operations {
			n++
			if got := ProfileOfOperation(op.Name); got != p.Name {
				t.Errorf("%s: profile %q, want %q", op.Name, got, p.Name)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d operations", n)
	}
	for _, op := range []string{"", "v2.escape_xml", "v1", "v1x.a", "clock.now", "datetime"} {
		want := map[string]string{"v1": "v1", "datetime": "datetime"}[op]
		if got := ProfileOfOperation(op); got != want {
			t.Errorf("%q: profile %q, want %q", op, got, want)
		}
	}
}

// ProfileNames names, without loading them, exactly the profiles Load
// loads, in its order.
func TestProfileNamesAreLoadsProfiles(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range c.Profiles {
		want = append(want, p.Name)
	}
	if got := ProfileNames(); strings.Join(got, ",") != strings.Join(want, ",") || len(got) < 6 {
		t.Fatalf("ProfileNames() = %v, Load's profiles %v", got, want)
	}
}

package goldens_test

import (
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// TestGoldens runs every scenario against the reference and checks each
// call's canonical response against its golden file. This is the only place
// goldens are written: `go test ./goldens -update` (make goldens), with the
// reference as the implementation, so no other implementation can bless its
// own answers.
func TestGoldens(t *testing.T) {
	type call struct {
		name string
		data []byte
	}
	var calls []call
	// GOLDENS_TAGS limits a run (and its stale check) to some profiles, so
	// one profile's goldens can be written while another is being edited:
	// GOLDENS_TAGS=@datetime go test ./goldens -update
	tags := os.Getenv("GOLDENS_TAGS")
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()),
		Tags:   tags,
		Level:  conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, n int, _ string, _ json.RawMessage, res protocol.Result) {
			b, err := conformance.Canonical(res)
			if err != nil {
				t.Errorf("%s call %d: %v", sc.ID, n, err)
				return
			}
			calls = append(calls, call{strings.TrimSuffix(conformance.GoldenName(sc.ID, n), ".golden"), append(b, '\n')})
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			t.Errorf("the reference fails %s: %s", s.ID, s.Problem)
		}
	}
	if t.Failed() {
		t.Fatal("goldens are only written from a reference that passes every scenario")
	}
	g := goldie.New(t, goldie.WithFixtureDir("."), goldie.WithNameSuffix(".golden"))
	// The tzdata the goldens were made with: the runner compares it with an
	// implementation's hello and warns when they differ.
	g.Assert(t, "tzdata", []byte(tzdb.Version()+"\n"))
	want := map[string]bool{"tzdata.golden": true}
	profiles := map[string]bool{}
	for _, s := range rep.Scenarios {
		profiles[s.Profile] = true
	}
	for _, c := range calls {
		want[c.name+".golden"] = true
		g.Assert(t, c.name, c.data)
	}
	// A golden nobody produces any more is a renamed or deleted scenario:
	// leaving it would hide a stale id.
	var stale []string
	err = fs.WalkDir(os.DirFS("."), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		inRun := tags == "" || profiles[strings.SplitN(p, "/", 2)[0]]
		if !d.IsDir() && strings.HasSuffix(p, ".golden") && !want[p] && inRun {
			stale = append(stale, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		if update := flag.Lookup("update"); update != nil && update.Value.String() == "true" {
			for _, p := range stale {
				if err := os.Remove(filepath.FromSlash(p)); err != nil {
					t.Fatal(err)
				}
			}
			return
		}
		t.Errorf("%d goldens belong to no scenario (run make goldens to remove them): %s", len(stale), strings.Join(stale, ", "))
	}
}

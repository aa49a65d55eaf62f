package suitetest

import (
	"context"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/reference"
)

// TestRewordedClockPasses: an implementation that words every sentence its
// own way and mints its own ids passes every CLOCK scenario that is not an
// extension, at compat; and it is told apart from the reference at the exact
// level (the goldens do compare the reference's strings), so the filter did
// change something.
func TestRewordedClockPasses(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver:  conformance.InProcess(reworded{ref: reference.New()}),
		Level:   conformance.LevelExact,
		Goldens: goldens.FS(),
		Tags:    "~@extension",
		Run:     []conformance.Pattern{"clock-core/**", "clock-awareness/**"},
	})
	if err != nil {
		t.Fatal(err)
	}
	var failed []string
	exactDiffers := 0
	for _, s := range rep.Scenarios {
		if s.Compat == conformance.Failed {
			failed = append(failed, s.ID+": "+s.Problem)
		}
		if s.Exact == conformance.Failed {
			exactDiffers++
		}
	}
	if len(rep.Scenarios) < 500 {
		t.Fatalf("only %d scenarios ran", len(rep.Scenarios))
	}
	for _, f := range failed {
		t.Error(f)
	}
	if exactDiffers == 0 {
		t.Error("the reworded implementation matched every golden: the filter changed nothing")
	}
	t.Logf("%d scenarios, %d failed at compat, %d differ from the goldens", len(rep.Scenarios), len(failed), exactDiffers)
}

// TestUnstableIDsFail: the same filter minting a new id for the same action
// on every call is told apart: its ids are not stable across calls, so a
// later read or correction does not reach the action.
func TestUnstableIDsFail(t *testing.T) {
	n := 0
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reworded{ref: reference.New(), unstable: &n}),
		Level:  conformance.LevelCompat,
		Run:    []conformance.Pattern{"clock-awareness/actions/id-referable"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Scenarios) != 1 || rep.Scenarios[0].Compat != conformance.Failed {
		t.Fatalf("unstable ids passed: %+v", rep.Scenarios)
	}
	t.Logf("rejected: %s", rep.Scenarios[0].Problem)
}

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/conformance/runtest"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// localAdopting is a datetime tool written the obvious way in Go: it reads
// a timestamp with time.Parse, which adopts the process's local zone (TZ)
// when the written offset is the one that zone has at that instant, and
// shifts in the zone it got. Everything else is the reference.
type localAdopting struct{ *reference.Implementation }

func (l localAdopting) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	out, perr := l.Implementation.Call(ctx, op, in)
	var m map[string]any
	if op != "datetime_math" || perr != nil || json.Unmarshal(in, &m) != nil || m["operation"] != "shift" {
		return out, perr
	}
	stamp, _ := m["timestamp"].(string)
	t, err := time.Parse(time.RFC3339Nano, stamp)
	if err != nil || t.Location() != time.Local {
		return out, perr
	}
	return runtest.ShiftedAnswer(t, m, out), nil
}

func serveHostAdopting() int {
	if err := protocol.ServeLines(context.Background(), localAdopting{reference.New()}, os.Stdin, os.Stdout); err != nil {
		return 1
	}
	return 0
}

func hostAdoptingImpl(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONFORM_TEST_AS_HOST_ADOPTING", "1")
	b, _ := json.Marshal([]string{exe})
	return "exec:" + string(b)
}

// The default run (no --host-tz) of the datetime profile chooses a host
// zone its inputs bite, whatever the seed: a real subprocess whose
// time.Parse adopts that zone fails a required scenario, and the
// reference, served the same way, passes.
func TestDefaultHostZoneBites(t *testing.T) {
	wrong := hostAdoptingImpl(t)
	for _, seed := range []string{"0", "1", "2"} {
		summary := filepath.Join(t.TempDir(), "summary.json")
		code, _, stderr := conform(t, "--impl", wrong, "--tags", "@datetime", "--seed", seed, "--level", "compat",
			"--progress", "never", "--summary-json", summary)
		rep, err := report.ReadSummary(summary)
		if err != nil {
			t.Fatal(err)
		}
		var failedRequired []string
		for _, s := range rep.Scenarios {
			if s.Compat.Fails() && s.Tier == "required" {
				failedRequired = append(failedRequired, s.ID)
			}
		}
		if code != exitFailed || !slices.ContainsFunc(failedRequired, func(id string) bool {
			return strings.HasPrefix(id, "datetime/shift/offset-is-not-a-zone/")
		}) {
			t.Errorf("--seed %s, host zone %s: exit %d, required failures %v; want the adopting tool caught\n%s",
				seed, rep.HostTZ, code, failedRequired, lastLines(stderr, 20))
		}
		if rep.HostTZ == "" || slices.Contains(driver.HostileZones, rep.HostTZ) {
			t.Errorf("--seed %s: host zone %q, want one the datetime inputs bite", seed, rep.HostTZ)
		}
		t.Logf("--seed %s: host zone %s, %d required scenarios fail", seed, rep.HostTZ, len(failedRequired))
	}
	code, _, stderr := conform(t, "--impl", selfImpl(t), "--tags", "@datetime", "--seed", "0", "--progress", "never")
	if code != exitOK {
		t.Errorf("the reference under the default host zone: exit %d\n%s", code, lastLines(stderr, 20))
	}
}

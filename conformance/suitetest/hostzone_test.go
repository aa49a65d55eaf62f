package suitetest

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/runtest"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// hostAdopting is a datetime tool written the obvious way in Go, run on a
// host whose zone is host: time.Parse adopts the local zone for a
// timestamp whose written offset is the one the local zone has at that
// instant ("if the offset corresponds to a time zone used by the current
// location (Local), then Parse uses that location"), so a shift is made
// by the host zone's rules instead of the written offset's, and
// datetime_format without target_timezone shows the host zone. Where the
// offsets differ it is the reference.
type hostAdopting struct {
	*reference.Implementation
	host *time.Location
}

// adopt is time.Parse under the host zone: the instant in the host zone
// when the written offset is the host's at that instant.
func (h hostAdopting) adopt(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return t, false
	}
	_, written := t.Zone()
	if _, off := t.In(h.host).Zone(); off != written {
		return t, false
	}
	return t.In(h.host), true
}

func (h hostAdopting) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	var m map[string]any
	if json.Unmarshal(in, &m) != nil {
		return h.Implementation.Call(ctx, op, in)
	}
	switch {
	case op == "datetime_math" && m["operation"] == "shift":
		t, ok := h.adopt(str(m, "timestamp"))
		out, perr := h.Implementation.Call(ctx, op, in)
		if !ok || perr != nil {
			return out, perr
		}
		return runtest.ShiftedAnswer(t, m, out), nil
	case op == "datetime_format" && m["target_timezone"] == nil:
		if _, ok := h.adopt(str(m, "timestamp")); !ok {
			break
		}
		m["target_timezone"] = h.host.String()
		b, _ := json.Marshal(m)
		out, perr := h.Implementation.Call(ctx, op, b)
		if perr != nil {
			return out, perr
		}
		var o map[string]any
		_ = json.Unmarshal(out, &o)
		delete(o, "target_timezone")
		b, _ = json.Marshal(o)
		return b, nil
	}
	return h.Implementation.Call(ctx, op, in)
}

// defaultHostZones are the host zones a default run of the selection can
// choose (conform run without --host-tz: driver.HostZoneForInputs over the
// selected scenarios' texts, by its seed).
func defaultHostZones(t *testing.T, filter selection.Filter) []string {
	t.Helper()
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	sel, err := selection.Of(suite, filter)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, sc := range sel {
		texts = append(texts, sc.Texts()...)
	}
	zones := map[string]bool{}
	for seed := range int64(64) {
		zones[driver.HostZoneForInputs(seed, texts)] = true
	}
	var out []string
	for z := range zones {
		out = append(out, z)
	}
	return out
}

// Under every host zone a default run of the datetime profile can choose,
// a tool that adopts the host zone fails a required scenario, and the
// reference passes.
func TestDefaultHostZoneCatchesAnAdoptingTool(t *testing.T) {
	zones := defaultHostZones(t, selection.Filter{Tags: "@datetime"})
	for _, z := range defaultHostZones(t, selection.Filter{}) { // the whole suite's run
		if !slices.Contains(zones, z) {
			zones = append(zones, z)
		}
	}
	if len(zones) == 0 {
		t.Fatal("no host zone")
	}
	for _, zone := range zones {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			t.Fatal(err)
		}
		failed := requiredFailures(t, hostAdopting{reference.New(), loc}, conformance.Options{Tags: "@datetime"})
		if len(failed) == 0 {
			t.Errorf("under the default host zone %s, a tool that adopts it passes every required scenario", zone)
			continue
		}
		t.Logf("under %s the adopting tool fails %d required scenarios, e.g. %v", zone, len(failed), failed[:min(3, len(failed))])
	}
}

package suitetest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// corrected answers v1.compute_next_run with the kit's DST-safe scheduler:
// a fine extension, but not v1 as it shipped.
type corrected struct{ *reference.Implementation }

func (c corrected) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "v1.compute_next_run" {
		op = "v1.compute_next_run_dst_safe"
	}
	return c.Implementation.Call(ctx, op, in)
}

// The required tier pins cron-parser 5.5.0 as v1 shipped it: the corrected
// scheduler fails exactly where cron-parser's DST handling and grammar differ,
// and passes the extension scenarios that pin the correction.
func TestRequiredTierIsV1AsShipped(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(corrected{reference.New()}), Level: conformance.LevelCompat,
		Run: []conformance.Pattern{"v1/scheduler/**"}})
	if err != nil {
		t.Fatal(err)
	}
	failed := map[string]bool{}
	for _, s := range rep.Scenarios {
		if s.Compat == conformance.Failed {
			failed[s.ID] = true
		}
	}
	for _, id := range []string{
		"v1/scheduler/cron-before-spring-forward", "v1/scheduler/cron-fixed-time-second-pass",
		"v1/scheduler/cron-lord-howe", "v1/scheduler/cron-parser-quirks/four-fields",
		"v1/scheduler/cron-parser-quirks/never-fires", "v1/scheduler/interval-out-of-range",
	} {
		if !failed[id] {
			t.Errorf("%s passes with the corrected scheduler; the required tier must pin v1's answer", id)
		}
	}
	for id := range failed {
		if strings.HasPrefix(id, "v1/scheduler/dst-safe/") {
			t.Errorf("%s fails, but it calls the extension operation directly", id)
		}
	}
}

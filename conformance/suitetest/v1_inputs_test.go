package suitetest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	v1 "github.com/clockspec/clockspec/reference/v1"
)

// v1's computeNextRun takes no time zone: it schedules in TIMEZONE, which
// resolveConfigTimezone fills only with a name isValidTimezone accepts
// (else UTC). The required tier is v1 as shipped on inputs v1 can be given,
// so a required scenario may call v1.compute_next_run only with a zone that
// configuration can hold; what v1's code answers for any other name is a
// decision. (The process time zone is the host's TZ, which Node reads the
// same way.)

type v1Call struct {
	scenario string
	tier     features.Tier
	op       string
	input    json.RawMessage
}

// unconfigurableZones lists each required call of v1.compute_next_run whose
// timezone or process_timezone v1's configuration could never hold.
func unconfigurableZones(calls []v1Call) []string {
	var problems []string
	for _, c := range calls {
		if c.tier != features.Required || c.op != "v1.compute_next_run" {
			continue
		}
		var in struct {
			Timezone        *string `json:"timezone"`
			ProcessTimezone *string `json:"process_timezone"`
		}
		if err := json.Unmarshal(c.input, &in); err != nil {
			problems = append(problems, fmt.Sprintf("%s: unreadable input %s", c.scenario, c.input))
			continue
		}
		for field, z := range map[string]*string{"timezone": in.Timezone, "process_timezone": in.ProcessTimezone} {
			if z != nil && !v1.IsValidTimezone(*z) {
				problems = append(problems, fmt.Sprintf("%s: %s %q is a zone v1's configuration never holds (isValidTimezone refuses it): the scenario is a decision, not required", c.scenario, field, *z))
			}
		}
	}
	return problems
}

func TestRequiredV1SchedulesOnlyInConfigurableZones(t *testing.T) {
	var calls []v1Call
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		Run: []conformance.Pattern{"v1/**"},
		OnCall: func(sc *features.Scenario, _ int, op string, input json.RawMessage, _ protocol.Result) {
			calls = append(calls, v1Call{sc.ID, sc.Tier, op, append(json.RawMessage(nil), input...)})
		}})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range calls {
		if c.tier == features.Required && c.op == "v1.compute_next_run" {
			n++
		}
	}
	if n < 50 {
		t.Fatalf("only %d required calls of v1.compute_next_run seen; the check would prove little", n)
	}
	for _, p := range unconfigurableZones(calls) {
		t.Error(p)
	}
}

// The check can fail: a planted required call in luxon's "UTC+5" (cron-parser
// reads it; Intl refuses it) is named, while the same call as a decision, a
// lower-case IANA name Intl accepts, and another operation's invalid zone
// (formatLocalTime takes any name and falls back to UTC) pass.
func TestUnconfigurableZonesNamesAPlantedScenario(t *testing.T) {
	call := func(id string, tier features.Tier, op, in string) v1Call {
		return v1Call{id, tier, op, json.RawMessage(in)}
	}
	got := unconfigurableZones([]v1Call{
		call("p/planted", features.Required, "v1.compute_next_run", `{"timezone": "UTC+5", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}}`),
		call("p/planted-process", features.Required, "v1.compute_next_run", `{"timezone": "UTC", "process_timezone": "local"}`),
		call("p/decided", features.Decision, "v1.compute_next_run", `{"timezone": "UTC+5"}`),
		call("p/lower-case", features.Required, "v1.compute_next_run", `{"timezone": "america/new_york"}`),
		call("p/formatter", features.Required, "v1.format_local_time", `{"timezone": "IST-2"}`),
	})
	if len(got) != 2 || got[0][:10] != "p/planted:" || got[1][:18] != "p/planted-process:" {
		t.Fatalf("got %q, want the two planted required calls named", got)
	}
}

package suitetest

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// Three porting mistakes that once passed every required scenario, each as
// a test double of the mistake's effect, and the required scenario that now
// rejects it. (The two that are token mutants of the reference are also
// judged by the mutation tool: jsrt/date.go's `m <= 2` and the stored-time
// shortcut's separator test.)
var v1Holes = []struct {
	mutant   mutant
	scenario string
}{
	{mutant{"February counted with its own year by the date parser (m < 2)", map[string]override{
		"v1.format_local_time": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
			out, perr := next(in)
			if perr != nil || storedShape.MatchString(str(in, "timestamp")) {
				return out, perr
			}
			var o map[string]any
			_ = json.Unmarshal(out, &o)
			if m := febYear.FindStringSubmatch(str(o, "result")); m != nil {
				y, _ := strconv.Atoi(m[2])
				o["result"] = strings.Replace(str(o, "result"), m[0], m[1]+strconv.Itoa(y+1), 1)
			}
			b, _ := json.Marshal(o)
			return b, nil
		},
	}}, "v1/timezone/january-february-in-their-year/february-date-only"},
	{mutant{"stored-time shortcut that reads the digits whatever the separators", map[string]override{
		"v1.format_local_time": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
			if ts := str(in, "timestamp"); anySeparators.MatchString(ts) {
				b := []byte(ts)
				for i, c := range map[int]byte{4: '-', 7: '-', 10: 'T', 13: ':', 16: ':'} {
					b[i] = c
				}
				if len(b) == 24 {
					b[19], b[23] = '.', 'Z'
				} else {
					b[19] = 'Z'
				}
				in["timestamp"] = string(b)
			}
			return next(in)
		},
	}}, "v1/timezone/near-iso-timestamps/every-separator-a-letter"},
	{mutant{"cron duplicate check that does not stop at a duplicated 0", map[string]override{
		"v1.compute_next_run": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
			if task := object(in["task"]); task != nil && task["schedule_type"] == "cron" {
				f := strings.Fields(str(task, "schedule_value"))
				if len(f) == 5 {
					seen := map[string]bool{}
					for _, v := range strings.Split(f[4], ",") {
						if seen[v] && v != "0" {
							return nil, protocol.Errorf("invalid_cron", "duplicate value %s", v)
						}
						seen[v] = true
					}
				}
			}
			return next(in)
		},
	}}, "v1/scheduler/cron-zero-duplicate-ends-the-check"},
}

var (
	storedShape   = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$`)
	anySeparators = regexp.MustCompile(`^\d{4}.\d{2}.\d{2}.\d{2}.\d{2}.\d{2}(.\d{3}.|.)$`)
	febYear       = regexp.MustCompile(`^(Feb \d{1,2}, )(\d+)`)
)

func TestRequiredScenariosRejectV1Holes(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range v1Holes {
		t.Run(h.mutant.name, func(t *testing.T) {
			sc, ok := suite.ByID(h.scenario)
			if !ok {
				t.Fatalf("no scenario %s", h.scenario)
			}
			if sc.Tier != features.Required {
				t.Fatalf("%s is %s; the hole must be closed by a required scenario", h.scenario, sc.Tier)
			}
			for name, impl := range map[string]conformance.Driver{
				"the reference": conformance.InProcess(reference.New()),
				"the mutant":    conformance.InProcess(mutated{reference.New(), h.mutant}),
			} {
				rep, err := conformance.Run(context.Background(), conformance.Options{Driver: impl, Level: conformance.LevelCompat,
					Run: []conformance.Pattern{conformance.Pattern(h.scenario)}})
				if err != nil {
					t.Fatal(err)
				}
				if len(rep.Scenarios) != 1 {
					t.Fatalf("%d scenarios ran, want 1", len(rep.Scenarios))
				}
				failed := rep.Scenarios[0].Compat == conformance.Failed
				if failed != (name == "the mutant") {
					t.Errorf("%s: %s failed = %v", name, h.scenario, failed)
				}
			}
		})
	}
}

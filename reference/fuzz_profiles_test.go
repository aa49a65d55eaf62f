package reference_test

import (
	"encoding/json"
	"slices"
	"sort"
	"testing"

	"github.com/clockspec/clockspec/spec"
)

// One fuzz target per profile (FuzzOperations in fuzz_test.go mixes every
// operation of every profile): each starts from the inputs its profile's
// scenarios send, so the fuzzer's time is spent on one family at a time.
// FuzzOtherProfiles covers every profile registered after these were
// written, and TestEveryProfileHasAFuzzTarget keeps that promise.
//
//	go test ./reference -run '^$' -fuzz '^FuzzProfileDatetime$' -fuzztime 1m

// dedicatedFuzzTargets are the profiles with a target of their own.
var dedicatedFuzzTargets = []string{"v1", "datetime"}

// profileOps lists the reference's operations of the profiles keep accepts.
func profileOps(t testing.TB, keep func(profile string) bool) (*spec.Catalog, []string) {
	cat, all := operations(t)
	var ops []string
	for _, op := range all {
		if o, ok := cat.Operation(op); ok && keep(o.Profile) {
			ops = append(ops, op)
		}
	}
	sort.Strings(ops)
	return cat, ops
}

// fuzzProfile fuzzes the given operations from their scenarios' inputs.
func fuzzProfile(f *testing.F, cat *spec.Catalog, ops []string) {
	if len(ops) == 0 {
		f.Skip("no operation of these profiles is registered")
	}
	index := map[string]uint8{}
	for i, op := range ops {
		index[op] = uint8(i)
	}
	if !fuzzWorker() {
		seeded := map[string]int{}
		corpusInputs(f, func(op string, input []byte) {
			if i, ok := index[op]; ok && (!shortFuzz() || seeded[op] < 2) {
				seeded[op]++
				f.Add(i, input)
			}
		})
	}
	addFindings(f, index)
	f.Fuzz(func(t *testing.T, op uint8, input []byte) {
		checkAnswer(t, cat, ops[int(op)%len(ops)], input)
	})
}

func FuzzProfileV1(f *testing.F) {
	cat, ops := profileOps(f, func(p string) bool { return p == "v1" })
	fuzzProfile(f, cat, ops)
}

func FuzzProfileDatetime(f *testing.F) {
	cat, ops := profileOps(f, func(p string) bool { return p == "datetime" })
	fuzzProfile(f, cat, ops)
}

// FuzzOtherProfiles fuzzes every registered profile without a dedicated
// target.
func FuzzOtherProfiles(f *testing.F) {
	cat, ops := profileOps(f, func(p string) bool { return !slices.Contains(dedicatedFuzzTargets, p) })
	fuzzProfile(f, cat, ops)
}

// FuzzV1Fields builds well-formed v1 requests from loose fields, so the
// fuzzer reaches date parsing, zone lookup and cron evaluation instead of
// spending its time on JSON syntax.
func FuzzV1Fields(f *testing.F) {
	cat, _ := operations(f)
	f.Add("2026-03-08T07:30:00.000Z", "America/New_York", "UTC", "30 2 * * *", "2026-03-07T12:00:00Z", "1 2 3")
	f.Add("2024-02-30", "asia/kolkata", "Europe/London", "0 0 29 2 *", "2026-10-04T02:15:00+10:30", "3600000")
	f.Add("+002024-01-01T24:00:00z", "SystemV/EST5EDT", "IST", "*/7 1-5,22 * jan-mar mon-fri", "2026-11-01T01:30:00-04:00", "")
	f.Add("Invalid", "", "Local", "@weekly", "1970-01-01T00:00:00Z", "-1")
	f.Add("1969-12-31T23:59:59.999-00:00", "Australia/Lord_Howe", "America/Havana", "0 0 * * *", "2026-03-08T04:59:59.999Z", "86400000")
	f.Fuzz(func(t *testing.T, ts, tz, ptz, expr, now, interval string) {
		calls := []struct {
			op string
			in any
		}{
			{"v1.format_local_time", map[string]any{"timestamp": ts, "timezone": tz, "process_timezone": ptz}},
			{"v1.is_valid_timezone", map[string]any{"timezone": tz}},
			{"v1.resolve_timezone", map[string]any{"timezone": tz}},
			{"v1.format_messages", map[string]any{"timezone": tz, "messages": []any{map[string]any{
				"sender_name": expr, "content": interval, "timestamp": ts, "reply_to_message_content": tz, "reply_to_sender_name": ptz}}}},
			{"v1.compute_next_run", map[string]any{"task": map[string]any{"schedule_type": "cron", "schedule_value": expr}, "now": now, "timezone": tz}},
			{"v1.compute_next_run", map[string]any{"task": map[string]any{"schedule_type": "interval", "schedule_value": interval, "next_run": ts}, "now": now, "timezone": tz, "process_timezone": ptz}},
			{"v1.resolve_config_timezone", map[string]any{"env_tz": tz, "dotenv_tz": ptz, "system_tz": expr}},
		}
		for _, c := range calls {
			b, err := json.Marshal(c.in)
			if err != nil {
				return // invalid UTF-8 is replaced, never an error; but be safe
			}
			checkAnswer(t, cat, c.op, b)
		}
	})
}

// FuzzDatetimeFields builds well-formed datetime requests from loose fields.
func FuzzDatetimeFields(f *testing.F) {
	cat, _ := operations(f)
	f.Add("convert_timezone", "2026-03-08T06:59:59.999999999Z", "America/New_York", "long", int64(0), int64(1), int64(-1), int64(24))
	f.Add("shift", "2024-02-29T23:59:59+14:00", "pacific/kiritimati", "weekday_date", int64(10000), int64(-120000), int64(3660000), int64(-87840000))
	f.Add("diff", "0000-01-01T00:00:00-23:59", "Europe/Amsterdam", "time_only", int64(1), int64(0), int64(0), int64(316224000000))
	f.Add("weekday", "1890-01-01T00:00:00Z", "Etc/GMT+12", "date_only", int64(-1), int64(11), int64(31), int64(0))
	f.Fuzz(func(t *testing.T, op, ts, zone, style string, years, months, days, seconds int64) {
		calls := []struct {
			op string
			in any
		}{
			{"datetime_math", map[string]any{"operation": op, "timestamp": ts, "target_timezone": zone}},
			{"datetime_math", map[string]any{"operation": "convert_timezone", "timestamp": ts, "target_timezone": zone}},
			{"datetime_math", map[string]any{"operation": "shift", "timestamp": ts, "years": years, "months": months, "days": days, "seconds": seconds}},
			{"datetime_math", map[string]any{"operation": "diff", "left": ts, "right": zone}},
			{"datetime_math", map[string]any{"operation": "weekday", "timestamp": ts}},
			{"datetime_format", map[string]any{"timestamp": ts, "style": style, "target_timezone": zone}},
			{"datetime_format", map[string]any{"timestamp": ts, "style": style, "locale": op}},
		}
		for _, c := range calls {
			b, err := json.Marshal(c.in)
			if err != nil {
				return
			}
			checkAnswer(t, cat, c.op, b)
		}
	})
}

// TestEveryProfileHasAFuzzTarget: every profile the reference implements is
// fuzzed, by its own target or by FuzzOtherProfiles, and every dedicated
// target's profile exists.
func TestEveryProfileHasAFuzzTarget(t *testing.T) {
	cat, ops := operations(t)
	implemented := map[string]bool{}
	for _, op := range ops {
		if o, ok := cat.Operation(op); ok {
			implemented[o.Profile] = true
		}
	}
	for _, p := range dedicatedFuzzTargets {
		if !implemented[p] {
			t.Errorf("profile %q has a dedicated fuzz target but the reference implements none of its operations", p)
		}
	}
	_, others := profileOps(t, func(p string) bool { return !slices.Contains(dedicatedFuzzTargets, p) })
	covered := map[string]bool{}
	for _, op := range others {
		o, _ := cat.Operation(op)
		covered[o.Profile] = true
	}
	for p := range implemented {
		if !slices.Contains(dedicatedFuzzTargets, p) && !covered[p] {
			t.Errorf("profile %q is fuzzed by no target", p)
		}
	}
	for _, p := range cat.Profiles {
		if len(p.Operations) > 0 && !implemented[p.Name] {
			t.Logf("profile %q is registered in spec/ but the reference implements none of its operations yet", p.Name)
		}
	}
}

package suitetest

import (
	"encoding/json"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// Mutants of the datetime profile: plausible mistakes of a port of
// datetime_math and datetime_format, each of which some scenario must catch.
// Answers the PRD permits (Sunday 0, +00:00, Go's AddDate, unsigned
// durations, ignored fields, zone names matched case-sensitively) are not mistakes: they are the permitted
// variants of datetime_variants_test.go.

// dtOp applies o to the datetime_math requests of one operation only.
func dtOp(op string, o override) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		if in["operation"] != op {
			return next(in)
		}
		return o(next, in)
	}
}

var dtShiftFields = []string{"years", "months", "days", "hours", "minutes", "seconds"}

// dtShiftAmount reads a shift field as the JSON decoder left it (float64).
func dtShiftAmount(in map[string]any, k string) (int, bool) {
	f, ok := in[k].(float64)
	return int(f), ok
}

func dtFloat(v any) float64 {
	f, _ := v.(float64)
	return f
}

func datetimeMutants() []mutant {
	return []mutant{
		{"durations as raw float64 division, not rounded", map[string]override{
			"datetime_math": dtOp("diff", rewriteOutput(func(_, o map[string]any) {
				s := dtFloat(o["duration_seconds"])
				o["duration_minutes"], o["duration_hours"], o["duration_days"] = s/60, s/3600, s/86400
			})),
		}},
		{"shift result written in UTC, the input's offset lost", map[string]override{
			"datetime_math": dtOp("shift", rewriteOutput(func(_, o map[string]any) {
				if t, err := time.Parse(time.RFC3339Nano, o["result"].(string)); err == nil {
					o["result"] = t.UTC().Format(time.RFC3339Nano)
				}
			})),
		}},
		{"utc_offset filled with the zone abbreviation", map[string]override{
			"datetime_format": rewriteOutput(func(in, o map[string]any) {
				t, err := time.Parse(time.RFC3339Nano, str(in, "timestamp"))
				loc, lerr := tzdb.Load(str(o, "target_timezone"))
				if err == nil && lerr == nil {
					o["utc_offset"], _ = t.In(loc).Zone()
				}
			}),
		}},
		{"lenient RFC 3339 through Go's time.Parse", map[string]override{
			"datetime_math":   dtLenientTimestamps,
			"datetime_format": dtLenientTimestamps,
		}},
		{"Local accepted as a time zone (Go's LoadLocation)", map[string]override{
			"datetime_math":   dtLocalZone,
			"datetime_format": dtLocalZone,
		}},
		{"a missing field reported as invalid_input, like a schema validator", map[string]override{
			"datetime_math":   recode("missing_required_field", "invalid_input"),
			"datetime_format": recode("missing_required_field", "invalid_input"),
		}},
		{"a shift without fields answered as a zero shift", map[string]override{
			"datetime_math": dtOp("shift", func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				out, perr := next(in)
				if perr != nil && perr.Code == "empty_shift" {
					ts := str(in, "timestamp")
					b, _ := json.Marshal(map[string]any{"operation": "shift", "input": ts, "result": ts})
					return b, nil
				}
				return out, perr
			}),
		}},
		{"explicit zeros rejected as empty_shift", map[string]override{
			"datetime_math": dtOp("shift", func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				for _, k := range dtShiftFields {
					if v, ok := dtShiftAmount(in, k); ok && v != 0 {
						return next(in)
					}
				}
				return nil, protocol.Errorf("empty_shift", "no non-zero shift field")
			}),
		}},
		{"formatted time rounded to the nearest minute", map[string]override{
			"datetime_format": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				ts := str(in, "timestamp")
				t, err := time.Parse(time.RFC3339Nano, ts)
				if err != nil {
					return next(in)
				}
				in["timestamp"] = t.Round(time.Minute).Format(time.RFC3339Nano)
				return rewriteOutput(func(_, o map[string]any) { o["input"] = ts })(next, in)
			},
		}},
		{"convert_timezone with the zone's standard offset, DST ignored", map[string]override{
			"datetime_math": dtOp("convert_timezone", rewriteOutput(func(in, o map[string]any) {
				t, err := time.Parse(time.RFC3339Nano, str(in, "timestamp"))
				loc, lerr := tzdb.Load(str(o, "target_timezone"))
				if err != nil || lerr != nil {
					return
				}
				_, jan := time.Date(t.Year(), 1, 1, 0, 0, 0, 0, loc).Zone()
				_, jul := time.Date(t.Year(), 7, 1, 0, 0, 0, 0, loc).Zone()
				o["result"] = t.In(time.FixedZone("", min(jan, jul))).Format(time.RFC3339Nano)
			})),
		}},
	}
}

// dtLenientTimestamps parses every timestamp with time.Parse(time.RFC3339):
// what Go accepts (a one-digit hour, +24:00, a comma fraction) is answered,
// what it refuses (lower-case t and z, which RFC 3339 allows) is not.
func dtLenientTimestamps(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
	orig := map[string]string{}
	for _, k := range []string{"timestamp", "left", "right"} {
		s, ok := in[k].(string)
		if !ok || s == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			return nil, protocol.Errorf("invalid_timestamp", "%s: %v", k, err)
		}
		orig[k] = s
		in[k] = t.Format(time.RFC3339Nano)
	}
	return rewriteOutput(func(_, o map[string]any) {
		// Echo what the caller sent, as the reference does: timestamp is
		// echoed as timestamp (weekday) or input (the others).
		for k, s := range orig {
			for _, echo := range []string{k, "input"} {
				if _, ok := o[echo]; ok && (echo == k || k == "timestamp") {
					o[echo] = s
				}
			}
		}
	})(next, in)
}

// dtLocalZone answers "Local" as the host's zone (UTC on CI).
func dtLocalZone(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
	if in["target_timezone"] != "Local" {
		return next(in)
	}
	in["target_timezone"] = "UTC"
	return rewriteOutput(func(_, o map[string]any) {
		o["target_timezone"] = "Local"
		if _, ok := o["timezone"]; ok {
			o["timezone"] = "Local"
		}
	})(next, in)
}

// recode answers with code to wherever the reference refuses with from
// (a mutant's wrong code, or a switch's permitted one).
func recode(from, to string) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		out, perr := next(in)
		if perr != nil && perr.Code == from {
			return nil, protocol.Errorf(to, "%s", perr.Message)
		}
		return out, perr
	}
}

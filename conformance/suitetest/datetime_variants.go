package suitetest

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/clockspec/clockspec/internal/jsonin"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// The datetime profile's required tier must accept every answer the PRD
// permits and still reject what it forbids. Each variant below is the
// reference behind a filter that rewrites its answers the way another
// faithful implementation would (the permitted variants) or the way a wrong
// one would (the wrong variants).
//
// Levels: the variants are judged at exact, the default. Exact compares each
// answer with the golden the reference wrote, byte for byte, outside the
// points a scenario declares open with a step that lists every permitted
// answer ("is one of 0, 7"): so a tool that numbers Sunday 0 passes exact
// too, and everything else in its answer is still compared.

// dtCall is the reference's answer to any request, sent as the bytes given.
type dtCall func(op string, input json.RawMessage) (json.RawMessage, *protocol.Error)

// dtFilter answers one call, asking the reference through ref as it needs.
type dtFilter func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error)

type dtVariant struct {
	name   string
	filter dtFilter
}

type dtFiltered struct {
	ref *reference.Implementation
	f   dtFilter
}

func (x dtFiltered) Hello() protocol.Hello { return x.ref.Hello() }

func (x dtFiltered) Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
	return x.f(func(op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
		return x.ref.Call(ctx, op, in)
	}, op, input)
}

// dtFields decodes a request for a filter to look at, numbers as written;
// nil when it is not a JSON object. A filter that changes the request
// re-encodes it with dtEncode; one that does not passes the original bytes,
// so a request reaches the reference as the scenario wrote it.
func dtFields(input json.RawMessage) map[string]any {
	dec := json.NewDecoder(bytes.NewReader(input))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return nil
	}
	return m
}

func dtEncode(m map[string]any) json.RawMessage {
	b, _ := json.Marshal(m)
	return b
}

// dtRewrite lets f change the reference's output object, numbers kept exact.
func dtRewrite(out json.RawMessage, perr *protocol.Error, f func(o map[string]any)) (json.RawMessage, *protocol.Error) {
	if perr != nil {
		return out, perr
	}
	o := dtFields(out)
	f(o)
	return dtEncode(o), nil
}

// dtOutputs rewrites the outputs of one tool (and, for datetime_math, one
// operation; "" for all).
func dtOutputs(tool, operation string, f func(in, o map[string]any)) dtFilter {
	return func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
		in := dtFields(input)
		if op != tool || in == nil || operation != "" && in["operation"] != operation {
			return ref(op, input)
		}
		out, perr := ref(op, input)
		return dtRewrite(out, perr, func(o map[string]any) { f(in, o) })
	}
}

// dtNumericLabel is a zone label made of the offset alone, as tzdata writes
// one for a zone without an abbreviation (+03, +0545).
var dtNumericLabel = regexp.MustCompile(`^[+-][0-9]{2}([0-9]{2})?$`)

func dtString(m map[string]any, k string) string { s, _ := m[k].(string); return s }

// dtNoTarget: the request gave no target_timezone (absent, null or "").
func dtNoTarget(in map[string]any) bool { return dtString(in, "target_timezone") == "" }

var dtMathUses = map[string][]string{
	"diff":             {"operation", "left", "right"},
	"shift":            {"operation", "timestamp", "years", "months", "days", "hours", "minutes", "seconds"},
	"weekday":          {"operation", "timestamp"},
	"convert_timezone": {"operation", "timestamp", "target_timezone"},
}

var (
	dtMathKeys   = []string{"operation", "timestamp", "left", "right", "target_timezone", "years", "months", "days", "hours", "minutes", "seconds"}
	dtFormatKeys = []string{"timestamp", "style", "target_timezone", "locale"}
)

func dtKeep(m map[string]any, keys []string) bool {
	changed := false
	for k := range m {
		keep := false
		for _, want := range keys {
			keep = keep || k == want
		}
		if !keep {
			delete(m, k)
			changed = true
		}
	}
	return changed
}

// dtAmount reads a shift field (a whole JSON number, as the reference checked).
func dtAmount(in map[string]any, k string) int64 {
	n, _ := in[k].(json.Number)
	f, _ := n.Float64()
	return int64(f)
}

// dtPermittedVariants answer as the PRD allows, differently from the reference.
func dtPermittedVariants() []dtVariant {
	return append([]dtVariant{
		{"locale ignored", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if op != "datetime_format" || in == nil || jsonin.RepeatsAKey(input) {
				return ref(op, input)
			}
			if _, ok := in["locale"]; !ok {
				return ref(op, input)
			}
			delete(in, "locale")
			return ref(op, dtEncode(in))
		}},
		{`locale accepted only as "en"`, func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			if in := dtFields(input); op == "datetime_format" && in != nil {
				if l, ok := in["locale"]; ok && l != nil && l != "" && l != "en" {
					return nil, protocol.Errorf("unsupported_locale", `locale must be "en"`)
				}
			}
			return ref(op, input)
		}},
		{"Sunday numbered 0, as Go's time.Weekday", dtOutputs("datetime_math", "weekday", func(_, o map[string]any) {
			if o["weekday_index"] == json.Number("7") {
				o["weekday_index"] = json.Number("0")
			}
		})},
		{"a zero UTC offset written +00:00", dtOutputs("datetime_math", "", func(_, o map[string]any) {
			if r := dtString(o, "result"); strings.HasSuffix(r, "Z") {
				o["result"] = strings.TrimSuffix(r, "Z") + "+00:00"
			}
		})},
		{"durations as magnitudes beside sign", dtOutputs("datetime_math", "diff", func(_, o map[string]any) {
			for _, k := range []string{"duration_seconds", "duration_minutes", "duration_hours", "duration_days"} {
				n, _ := o[k].(json.Number)
				o[k] = json.Number(strings.TrimPrefix(string(n), "-"))
			}
		})},
		{"unknown and unused fields ignored, as Go's decoder does", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if in == nil || jsonin.RepeatsAKey(input) {
				return ref(op, input)
			}
			keys := dtFormatKeys
			if op == "datetime_math" {
				keys = dtMathKeys
				if uses, ok := dtMathUses[dtString(in, "operation")]; ok {
					keys = uses
				}
			}
			if !dtKeep(in, keys) {
				return ref(op, input)
			}
			return ref(op, dtEncode(in))
		}},
		{"Go's labels for a bare offset: +0300 in the long style, timezone and target_timezone empty", dtOutputs("datetime_format", "", func(in, o map[string]any) {
			if !dtNoTarget(in) {
				return
			}
			o["timezone"], o["target_timezone"] = "", ""
			off := dtString(o, "utc_offset")
			if in["style"] == "long" && off != "+00:00" {
				f := dtString(o, "formatted")
				o["formatted"] = f[:strings.LastIndexByte(f, ' ')+1] + strings.Replace(off, ":", "", 1)
			}
		})},
		{"offsets without an abbreviation labelled ±hh:mm in the long style", dtOutputs("datetime_format", "", func(in, o map[string]any) {
			f := dtString(o, "formatted")
			cut := strings.LastIndexByte(f, ' ')
			if in["style"] == "long" && dtNumericLabel.MatchString(f[cut+1:]) {
				o["formatted"] = f[:cut+1] + dtString(o, "utc_offset")
			}
		})},
		{"zone names matched case-sensitively, as Go's embedded tzdata", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			if in := dtFields(input); in != nil {
				if z := dtString(in, "target_timezone"); z != "" {
					if _, err := tzdb.Load(z); err != nil {
						return nil, protocol.Errorf("invalid_timezone", "target_timezone must be a valid IANA timezone")
					}
				}
			}
			return ref(op, input)
		}},
		{"years, months and days shifted with Go's AddDate, overflowing month ends", dtOutputs("datetime_math", "shift", func(in, o map[string]any) {
			t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "timestamp")))
			if err != nil {
				return
			}
			t = t.AddDate(int(dtAmount(in, "years")), int(dtAmount(in, "months")), int(dtAmount(in, "days")))
			elapsed := dtAmount(in, "hours")*3600 + dtAmount(in, "minutes")*60 + dtAmount(in, "seconds")
			o["result"] = time.Unix(t.Unix()+elapsed, int64(t.Nanosecond())).In(t.Location()).Format(time.RFC3339Nano)
		})},
		{`an empty target_timezone refused with invalid_timezone`, func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			if in := dtFields(input); in != nil && in["target_timezone"] == "" {
				return nil, protocol.Errorf("invalid_timezone", "target_timezone must be a valid IANA timezone")
			}
			return ref(op, input)
		}},
		{"a missing field reported with the field's own code", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			out, perr := ref(op, input)
			if perr == nil || perr.Code != "missing_required_field" {
				return out, perr
			}
			field, _, _ := strings.Cut(perr.Message, " ")
			code := map[string]string{"operation": "invalid_operation", "timestamp": "invalid_timestamp", "left": "invalid_timestamp",
				"right": "invalid_timestamp", "target_timezone": "invalid_timezone", "style": "invalid_style"}[field]
			if code == "" {
				return out, perr
			}
			return nil, protocol.Errorf(code, "%s", perr.Message)
		}},
		{"a bad timestamp reported before a missing shift field", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			out, perr := ref(op, input)
			if in := dtFields(input); perr != nil && perr.Code == "empty_shift" && in != nil {
				probe := dtEncode(map[string]any{"operation": "weekday", "timestamp": in["timestamp"]})
				if _, e := ref(op, probe); e != nil && e.Code == "invalid_timestamp" {
					return nil, e
				}
			}
			return out, perr
		}},
		{"weekday answered in a target_timezone sent beside it", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if op != "datetime_math" || in == nil || in["operation"] != "weekday" || dtString(in, "target_timezone") == "" {
				return ref(op, input)
			}
			conv, perr := ref(op, dtEncode(map[string]any{"operation": "convert_timezone", "timestamp": in["timestamp"], "target_timezone": in["target_timezone"]}))
			if perr != nil {
				return nil, perr
			}
			out, perr := ref(op, dtEncode(map[string]any{"operation": "weekday", "timestamp": dtFields(conv)["result"]}))
			return dtRewrite(out, perr, func(o map[string]any) { o["timestamp"] = in["timestamp"] })
		}},
		{"offsets labelled UTC±hh:mm in the long style", dtOutputs("datetime_format", "", func(in, o map[string]any) {
			f := dtString(o, "formatted")
			cut := strings.LastIndexByte(f, ' ')
			if in["style"] == "long" && dtNumericLabel.MatchString(f[cut+1:]) {
				o["formatted"] = f[:cut+1] + "UTC" + dtString(o, "utc_offset")
			}
		})},
		{"null shift fields taken as zero: a shift by nothing", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if op != "datetime_math" || in == nil || in["operation"] != "shift" {
				return ref(op, input)
			}
			for _, k := range []string{"years", "months", "days", "hours", "minutes", "seconds"} {
				if v, ok := in[k]; ok && v == nil {
					in[k] = 0
				}
			}
			return ref(op, dtEncode(in))
		}},
		{"seconds rounded to the nearest minute, not truncated", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if op != "datetime_format" || in == nil {
				return ref(op, input)
			}
			t, err := time.Parse(time.RFC3339Nano, dtString(in, "timestamp"))
			if err != nil || t.Second() < 30 {
				return ref(op, input)
			}
			out, perr := ref(op, input)
			if perr != nil {
				return out, perr
			}
			_, off := t.Zone()
			rounded := t.Truncate(time.Minute).Add(time.Minute).In(time.FixedZone("", off)).Format(time.RFC3339)
			in["timestamp"] = rounded
			moved, perr := ref(op, dtEncode(in))
			if perr != nil {
				return out, perr
			}
			return dtRewrite(out, nil, func(o map[string]any) { o["formatted"] = dtFields(moved)["formatted"] })
		}},
		{"a shift without shift fields refused as missing_required_field", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			out, perr := ref(op, input)
			if perr != nil && perr.Code == "empty_shift" {
				return nil, &protocol.Error{Code: "missing_required_field", Message: "shift needs at least one shift field"}
			}
			return out, perr
		}},
		{"a repeated key: the last one wins, as Go's encoding/json", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			if in := dtFields(input); in != nil && jsonin.RepeatsAKey(input) {
				return ref(op, dtEncode(in))
			}
			return ref(op, input)
		}},
	}, dtMoreAlternatives()...)
}

// dtWrongVariants break the PRD; the required tier must reject each.
func dtWrongVariants() []dtVariant {
	russian := map[string]string{"Monday": "понедельник", "Tuesday": "вторник", "Wednesday": "среда",
		"Thursday": "четверг", "Friday": "пятница", "Saturday": "суббота", "Sunday": "воскресенье"}
	guessed := map[string]string{"+01:00": "CET", "+02:00": "CEST", "-04:00": "EDT", "-05:00": "EST", "+05:30": "IST", "+10:30": "ACDT"}
	return []dtVariant{
		{"weekday_date without target_timezone shown on the UTC date", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if op != "datetime_format" || in == nil || in["style"] != "weekday_date" || !dtNoTarget(in) {
				return ref(op, input)
			}
			out, perr := ref(op, input)
			t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "timestamp")))
			if perr != nil || err != nil {
				return out, perr
			}
			return dtRewrite(out, nil, func(o map[string]any) { o["formatted"] = t.UTC().Format("Monday, 2006-01-02") })
		}},
		{"Monday numbered 0 (Sunday 6)", dtOutputs("datetime_math", "weekday", func(_, o map[string]any) {
			n, _ := o["weekday_index"].(json.Number)
			i, _ := n.Int64()
			o["weekday_index"] = (i + 6) % 7
		})},
		{"a non-English locale answered in that language (ru in Russian)", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if op != "datetime_format" || in == nil || in["locale"] != "ru" {
				return ref(op, input)
			}
			delete(in, "locale")
			out, perr := ref(op, dtEncode(in))
			return dtRewrite(out, perr, func(o map[string]any) {
				f := dtString(o, "formatted")
				for en, ru := range russian {
					f = strings.Replace(f, en, ru, 1)
				}
				o["formatted"] = f
			})
		}},
		{`an empty target_timezone taken as UTC, as Go's LoadLocation("")`, func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if in == nil || in["target_timezone"] != "" {
				return ref(op, input)
			}
			in["target_timezone"] = "UTC"
			return ref(op, dtEncode(in))
		}},
		{"lower-case t and z refused", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			if in := dtFields(input); in != nil {
				for _, k := range []string{"timestamp", "left", "right"} {
					if s := dtString(in, k); strings.ContainsAny(s, "tz") {
						return nil, protocol.Errorf("invalid_timestamp", "%s must be an RFC 3339 timestamp", k)
					}
				}
			}
			return ref(op, input)
		}},
		{"fractions of a second dropped from results, as time.RFC3339 writes them", dtOutputs("datetime_math", "", func(_, o map[string]any) {
			if t, err := time.Parse(time.RFC3339Nano, dtString(o, "result")); err == nil {
				o["result"] = t.Format(time.RFC3339)
			}
		})},
		{"UTC written -00:00", dtOutputs("datetime_math", "", func(_, o map[string]any) {
			if r := dtString(o, "result"); strings.HasSuffix(r, "Z") {
				o["result"] = strings.TrimSuffix(r, "Z") + "-00:00"
			}
		})},
		{"a bare offset labelled with a guessed zone abbreviation (+02:00 as CEST)", dtOutputs("datetime_format", "", func(in, o map[string]any) {
			if abbr, ok := guessed[dtString(o, "utc_offset")]; ok && dtNoTarget(in) && in["style"] == "long" {
				f := dtString(o, "formatted")
				o["formatted"] = f[:strings.LastIndexByte(f, ' ')+1] + abbr
			}
		})},
		{"a result past 9999 written with five digits, as Go's Format does", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			out, perr := ref(op, input)
			in := dtFields(input)
			if perr == nil || perr.Code != "out_of_range" || in == nil || in["operation"] != "shift" {
				return out, perr
			}
			t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "timestamp")))
			if err != nil {
				return out, perr
			}
			t = t.AddDate(int(dtAmount(in, "years")), int(dtAmount(in, "months")), int(dtAmount(in, "days")))
			t = t.Add(time.Duration(dtAmount(in, "hours"))*time.Hour + time.Duration(dtAmount(in, "minutes"))*time.Minute +
				time.Duration(dtAmount(in, "seconds"))*time.Second)
			return dtEncode(map[string]any{"operation": "shift", "input": in["timestamp"], "result": t.Format(time.RFC3339Nano)}), nil
		}},
		{"diff as left − right", dtOutputs("datetime_math", "diff", func(_, o map[string]any) {
			for _, k := range []string{"duration_seconds", "duration_minutes", "duration_hours", "duration_days", "sign"} {
				n, _ := o[k].(json.Number)
				switch s := string(n); {
				case s == "0":
				case strings.HasPrefix(s, "-"):
					o[k] = json.Number(s[1:])
				default:
					o[k] = json.Number("-" + s)
				}
			}
		})},
	}
}

package suitetest

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// Verdicts by construction: every requirement that is not a must (a
// decision, a should, a may) leaves a choice open, and each such
// requirement lists in spec/<profile>/requirements.yaml the answers the
// seed also permits (alternatives:), or says why there is none
// (no_alternative:). Each alternative is a switch of the reference: the
// reference answering that other way, built here. The build proves that
// the required tier of the profile accepts every switch (a required failure
// then always means a MUST was broken) and that a scenario of the
// requirement's own tier still tells each switch from the kit's choice.

// alternative is the reference switched to one permitted answer.
type alternative struct {
	req     string // the requirement whose choice it takes the other way
	name    string // as the requirement's alternatives: list says it
	profile string
	impl    driver.Implementation
}

// alternatives are every switch of the reference, all profiles.
func alternatives() []alternative {
	var out []alternative
	for _, v := range dtPermittedVariants() {
		out = append(out, alternative{dtVariantReq[v.name], v.name, "datetime", dtFiltered{reference.New(), v.filter}})
	}
	for _, m := range otherAlternatives() {
		out = append(out, alternative{m.req, m.name, m.profile, mutated{reference.New(), mutant{m.name, m.ops}}})
	}
	return out
}

// switched is a switch written as operation overrides (a mutant the seed
// permits).
type switched struct {
	req, profile, name string
	ops                map[string]override
}

// otherAlternatives are the switches written as operation overrides.
func otherAlternatives() []switched {
	var out []switched
	out = append(out, routingAlternatives()...)
	out = append(out, timestampsAlternatives()...)
	out = append(out, clockCoreAlternatives()...)
	out = append(out, awarenessAlternatives()...)
	out = append(out, v1Alternatives()...)
	return out
}

// dtVariantReq names the requirement whose choice each permitted datetime
// variant (dtPermittedVariants) takes the other way.
var dtVariantReq = map[string]string{
	"locale ignored":                                          "DT-DEC-LOCALE",
	`locale accepted only as "en"`:                            "DT-DEC-LOCALE",
	"Sunday numbered 0, as Go's time.Weekday":                 "DT-DEC-WEEKDAY-INDEX",
	"a zero UTC offset written +00:00":                        "DT-DEC-ZERO-OFFSET",
	"durations as magnitudes beside sign":                     "DT-DEC-DIFF-SIGNED",
	"unknown and unused fields ignored, as Go's decoder does": "DT-DEC-STRICT-REQUEST",
	"Go's labels for a bare offset: +0300 in the long style, timezone and target_timezone empty": "DT-DEC-FIXED-OFFSET-LABELS",
	"offsets without an abbreviation labelled ±hh:mm in the long style":                          "DT-DEC-FIXED-OFFSET-LABELS",
	"zone names matched case-sensitively, as Go's embedded tzdata":                               "DT-DEC-TIMEZONE-NAMES",
	"years, months and days shifted with Go's AddDate, overflowing month ends":                   "DT-DEC-MONTH-END",
	`an empty target_timezone refused with invalid_timezone`:                                     "DT-DEC-EMPTY-IS-ABSENT",
	"a missing field reported with the field's own code":                                         "DT-DEC-ERROR-ORDER",
	"a bad timestamp reported before a missing shift field":                                      "DT-DEC-ERROR-ORDER",
	"weekday answered in a target_timezone sent beside it":                                       "DT-DEC-STRICT-REQUEST",
	"offsets labelled UTC±hh:mm in the long style":                                               "DT-DEC-FIXED-OFFSET-LABELS",
	"null shift fields taken as zero: a shift by nothing":                                        "DT-DEC-ZERO-SHIFT",
	"seconds rounded to the nearest minute, not truncated":                                       "DT-DEC-FORMAT-TRUNCATE",
	"a shift without shift fields refused as missing_required_field":                             "DT-ERROR-CODES",
	"a repeated key: the last one wins, as Go's encoding/json":                                   "DT-DEC-STRICT-REQUEST",
	"a shift result written in UTC, the same instant":                                            "DT-DEC-SHIFT-OFFSET",
	"echoes written in one canonical spelling: upper-case T, a zero offset as Z":                 "DT-DEC-ECHO-VERBATIM",
	`weekday_date written "Monday 2026-04-20", without the comma`:                                "DT-FMT-SUGGESTED",
	"durations computed in float64 and written as Go's shortest float":                           "DT-DEC-DIFF-NUMBERS",
	"the weekday of the instant's UTC date":                                                      "DT-DEC-WEEKDAY-ZONE",
	"operation and style matched in any letter case":                                             "DT-DEC-ENUMS-EXACT",
	"a field of the wrong JSON type refused with invalid_input":                                  "DT-DEC-WRONG-TYPES",
	"a malformed field value answered with internal_error":                                       "DT-DEC-CONTEXT",
	"datetime_format echoes target_timezone as null when the request gave none":                  "DT-DEC-FORMAT-ECHO",
	"result fractions written with all nine digits":                                              "DT-DEC-FRACTIONS",
	"an offset with seconds refused with out_of_range":                                           "DT-DEC-OFFSET-SECONDS",
	"a result outside years 0000-9999 refused with invalid_shift":                                "DT-DEC-OUTPUT-RANGE",
	"a leap second read as the first second of the next minute":                                  "DT-DEC-RFC3339",
	"a shift field that is not a whole number refused with invalid_input":                        "DT-DEC-SHIFT-VALUES",
	"years then months, each clamped to the month's end on its own":                              "DT-DEC-UNIT-ORDER",
}

// dtTypes are the JSON types each field of the tools' inputs takes (null
// aside): what DT-DEC-WRONG-TYPES calls the right type.
var dtTypes = map[string]string{"operation": "string", "timestamp": "string", "left": "string", "right": "string",
	"target_timezone": "string", "style": "string", "locale": "string",
	"years": "number", "months": "number", "days": "number", "hours": "number", "minutes": "number", "seconds": "number"}

// dtWrongType reports whether a known field of the request has a JSON type
// other than its own.
func dtWrongType(in map[string]any) bool {
	for k, v := range in {
		want, known := dtTypes[k]
		if !known || v == nil {
			continue
		}
		switch v.(type) {
		case string:
			if want != "string" {
				return true
			}
		case json.Number:
			if want != "number" {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// dtRefuse answers a refusal instead of the reference's, when the request
// is one the reference refuses and when(in) holds.
func dtRefuse(when func(in map[string]any) bool, code, message string) dtFilter {
	return func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
		out, perr := ref(op, input)
		if in := dtFields(input); perr != nil && in != nil && when(in) {
			return nil, protocol.Errorf(code, "%s", message)
		}
		return out, perr
	}
}

// dtRecodeAll answers with another code where the reference refuses with from.
func dtRecodeAll(from, to string) dtFilter {
	return func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
		out, perr := ref(op, input)
		if perr != nil && perr.Code == from {
			return nil, &protocol.Error{Code: to, Message: perr.Message}
		}
		return out, perr
	}
}

// dtMoreAlternatives are the datetime switches added when every open choice
// became a switch (dtPermittedVariants appends them).
func dtMoreAlternatives() []dtVariant {
	return []dtVariant{
		{"the weekday of the instant's UTC date", dtOutputs("datetime_math", "weekday", func(in, o map[string]any) {
			if t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "timestamp"))); err == nil {
				d := t.UTC().Weekday()
				o["weekday"], o["weekday_index"] = d.String(), json.Number(strconv.Itoa((int(d)+6)%7+1))
			}
		})},
		{"operation and style matched in any letter case", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if in == nil {
				return ref(op, input)
			}
			changed := false
			for _, k := range []string{"operation", "style"} {
				if s, ok := in[k].(string); ok && strings.ToLower(s) != s {
					in[k], changed = strings.ToLower(s), true
				}
			}
			if !changed {
				return ref(op, input)
			}
			out, perr := ref(op, dtEncode(in))
			return dtRewrite(out, perr, func(o map[string]any) {
				for _, k := range []string{"operation", "style"} {
					if _, ok := o[k]; ok {
						o[k] = dtFields(input)[k]
					}
				}
			})
		}},
		{"a field of the wrong JSON type refused with invalid_input", dtRefuse(dtWrongType, "invalid_input", "a field has the wrong JSON type")},
		{"a malformed field value answered with internal_error", dtRefuse(dtWrongType, "internal_error", "cannot read the request")},
		{"datetime_format echoes target_timezone as null when the request gave none", dtOutputs("datetime_format", "", func(in, o map[string]any) {
			if _, ok := o["target_timezone"]; !ok {
				o["target_timezone"] = nil
			}
		})},
		{"result fractions written with all nine digits", dtOutputs("datetime_math", "", func(_, o map[string]any) {
			r := dtString(o, "result")
			if t, err := time.Parse(time.RFC3339Nano, r); err == nil && t.Nanosecond() != 0 {
				o["result"] = t.Format("2006-01-02T15:04:05.000000000Z07:00")
			}
		})},
		{"an offset with seconds refused with out_of_range", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			out, perr := ref(op, input)
			if perr == nil && op == "datetime_format" && len(dtString(dtFields(out), "utc_offset")) > 6 {
				return nil, protocol.Errorf("out_of_range", "the zone's offset at that time has seconds, which RFC 3339 cannot write")
			}
			return out, perr
		}},
		{"a result outside years 0000-9999 refused with invalid_shift", dtRecodeAll("out_of_range", "invalid_shift")},
		{"a leap second read as the first second of the next minute", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			in := dtFields(input)
			if in == nil {
				return ref(op, input)
			}
			leap := map[string]string{}
			for _, k := range []string{"timestamp", "left", "right"} {
				s := dtString(in, k)
				if len(s) >= 19 && s[16:19] == ":60" {
					t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s[:17]+"59"+s[19:]))
					if err != nil {
						return ref(op, input)
					}
					_, off := t.Zone()
					in[k], leap[k] = t.Add(time.Second).In(time.FixedZone("", off)).Format(time.RFC3339Nano), s
				}
			}
			if len(leap) == 0 {
				return ref(op, input)
			}
			out, perr := ref(op, dtEncode(in))
			return dtRewrite(out, perr, func(o map[string]any) {
				for k, s := range leap {
					echo := k
					if k == "timestamp" && op == "datetime_format" || k == "timestamp" && in["operation"] != "weekday" {
						echo = "input"
					}
					o[echo] = s
				}
			})
		}},
		{"a shift field that is not a whole number refused with invalid_input", dtRecodeAll("invalid_shift", "invalid_input")},
		{"years then months, each clamped to the month's end on its own", dtOutputs("datetime_math", "shift", func(in, o map[string]any) {
			t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "timestamp")))
			if err != nil {
				return
			}
			clamp := func(t time.Time, months int) time.Time {
				first := time.Date(t.Year(), t.Month(), 1, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location()).AddDate(0, months, 0)
				last := first.AddDate(0, 1, -1).Day()
				return time.Date(first.Year(), first.Month(), min(t.Day(), last), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Location())
			}
			t = clamp(t, int(dtAmount(in, "years"))*12)
			t = clamp(t, int(dtAmount(in, "months")))
			t = t.AddDate(0, 0, int(dtAmount(in, "days")))
			elapsed := time.Duration(dtAmount(in, "hours"))*time.Hour + time.Duration(dtAmount(in, "minutes"))*time.Minute + time.Duration(dtAmount(in, "seconds"))*time.Second
			if r := t.Add(elapsed); r.Year() >= 0 && r.Year() <= 9999 {
				o["result"] = r.Format(time.RFC3339Nano)
			}
		})},
		{"a shift result written in UTC, the same instant", dtOutputs("datetime_math", "shift", func(_, o map[string]any) {
			if t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(o, "result"))); err == nil {
				o["result"] = t.UTC().Format(time.RFC3339Nano)
			}
		})},
		{"echoes written in one canonical spelling: upper-case T, a zero offset as Z", func(ref dtCall, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
			out, perr := ref(op, input)
			return dtRewrite(out, perr, func(o map[string]any) {
				for _, k := range []string{"input", "timestamp", "left", "right"} {
					s := strings.ToUpper(dtString(o, k))
					if strings.HasSuffix(s, "+00:00") || strings.HasSuffix(s, "-00:00") {
						s = s[:len(s)-6] + "Z"
					}
					if s != "" {
						o[k] = s
					}
				}
			})
		}},
		{`weekday_date written "Monday 2026-04-20", without the comma`, dtOutputs("datetime_format", "", func(in, o map[string]any) {
			if in["style"] == "weekday_date" {
				o["formatted"] = strings.Replace(dtString(o, "formatted"), ", ", " ", 1)
			}
		})},
		{"durations computed in float64 and written as Go's shortest float", dtOutputs("datetime_math", "diff", func(in, o map[string]any) {
			l, err1 := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "left")))
			r, err2 := time.Parse(time.RFC3339Nano, strings.ToUpper(dtString(in, "right")))
			if err1 != nil || err2 != nil {
				return
			}
			// The PRD author's own implementation: seconds as a float64,
			// each unit divided from it, written as the shortest float.
			secs := float64(r.Unix()-l.Unix()) + float64(r.Nanosecond()-l.Nanosecond())/1e9
			f := func(v float64) json.Number { return json.Number(strconv.FormatFloat(v, 'f', -1, 64)) }
			o["duration_seconds"] = f(secs)
			o["duration_minutes"] = f(secs / 60)
			o["duration_hours"] = f(secs / 3600)
			o["duration_days"] = f(secs / 86400)
		})},
	}
}

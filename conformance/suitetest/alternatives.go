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
}

// dtMoreAlternatives are the datetime switches added when every open choice
// became a switch (dtPermittedVariants appends them).
func dtMoreAlternatives() []dtVariant {
	return []dtVariant{
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

package suitetest

import (
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// The switches of the profiles other than datetime, written as operation
// overrides of the reference (alternatives.go says what a switch is).

func routingAlternatives() []switched {
	return []switched{
		{"ROUTING-CHANNEL-CREATE", "routing", "choosing create deletes the pending row and wires nothing", map[string]override{
			"routing.channel_approval_response": rewriteOutput(func(in, o map[string]any) {
				if o["outcome"] == "create_requested" {
					o["delete_pending"] = true
				}
			}),
		}},
		{"ROUTING-BACKFILL-UNKNOWN", "routing", "an unknown response_scope backfilled as the column's default, NULL", map[string]override{
			"routing.backfill_response_scope": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				out, perr := next(in)
				if perr != nil && perr.Code == "unknown_response_scope" {
					delete(in, "response_scope")
					return next(in)
				}
				return out, perr
			},
		}},
		{"ROUTING-BATCH-BACKOFF", "routing", "a message whose process_after is exactly now waits for the next tick", map[string]override{
			"routing.wake_batch": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				now, err := time.Parse(time.RFC3339Nano, str(in, "now"))
				pending, _ := in["pending"].([]any)
				if err != nil {
					return next(in)
				}
				for _, p := range pending {
					m, _ := p.(map[string]any)
					if at, err := time.Parse(time.RFC3339Nano, str(m, "process_after")); err == nil && at.Equal(now) {
						m["process_after"] = now.Add(time.Millisecond).UTC().Format("2006-01-02T15:04:05.000Z")
					}
				}
				return next(in)
			},
		}},
		{"ROUTING-SWEEP-NO-HEARTBEAT", "routing", "without a heartbeat no claim is stuck: both rules wait for the first heartbeat", map[string]override{
			"routing.sweep": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if running, _ := in["container_running"].(bool); running && in["heartbeat_at"] == nil {
					in["claims"] = []any{}
				}
				return next(in)
			},
		}},
		{"ROUTING-SWEEP-EMPTY-RULE", "routing", "an empty sweep of a stopped container named container_not_running", map[string]override{
			"routing.sweep": rewriteOutput(func(in, o map[string]any) {
				if running, _ := in["container_running"].(bool); !running && o["rule"] == "none" {
					o["rule"] = "container_not_running"
				}
			}),
		}},
		{"ROUTING-AUTOWIRE-PENDING", "routing", "the pending wiring kept after an auto-wire, for its card to settle", map[string]override{
			"routing.route_inbound": rewriteOutput(func(_, o map[string]any) {
				if o["wiring_created"] != nil && o["delete_pending_channel_approval"] == true {
					o["delete_pending_channel_approval"] = false
				}
			}),
		}},
		{"ROUTING-BACKFILL-LEGACY", "routing", "requiresTrigger read as JavaScript truthiness (0, null and \"\" are false)", map[string]override{
			"routing.backfill_response_scope": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				var rules map[string]any
				if json.Unmarshal([]byte(str(in, "trigger_rules")), &rules) == nil && rules != nil {
					if v, ok := rules["requiresTrigger"]; ok && (v == nil || v == 0.0 || v == "") {
						rules["requiresTrigger"] = false
						b, _ := json.Marshal(rules)
						in["trigger_rules"] = string(b)
					}
				}
				return next(in)
			},
		}},
		{"ROUTING-CARD-PRESENTATION", "routing", "the allow/deny card titled, with a label on each button", map[string]override{
			"routing.route_inbound": rewriteOutput(func(in, o map[string]any) {
				card, _ := o["card"].(map[string]any)
				if card == nil || card["kind"] != "sender_approval" {
					return
				}
				card["title"] = "New sender — allow?"
				opts, _ := card["options"].([]any)
				for _, x := range opts {
					if b, ok := x.(map[string]any); ok {
						b["label"] = map[string]string{"allow": "Allow", "deny": "Deny"}[str(b, "value")]
					}
				}
			}),
		}},
	}
}

// fromMutant is a switch that an existing mutant of the profile already
// answers: a choice the seed leaves open, kept among the mutants because
// a scenario of its own tier must still tell it from the reference.
func fromMutant(req, profile, name string) switched {
	for _, m := range Mutants(profile) {
		if m.name == name {
			return switched{req, profile, name, m.ops}
		}
	}
	panic("suitetest: no " + profile + " mutant " + name)
}

func timestampsAlternatives() []switched {
	return []switched{
		{"TS-INSTANT", "timestamps", "instants written with a lower-case t and z accepted, as RFC 3339 allows", map[string]override{
			"timestamps.format_message_timestamp": upperInstants,
			"timestamps.current_time_context":     upperInstants,
			"timestamps.messages_context":         upperInstants,
			"timestamps.user_timezone":            upperInstants,
			"timestamps.resolve_timezone":         upperInstants,
		}},
	}
}

// lowerInstant is an RFC 3339 date-time written with a lower-case t or z.
var lowerInstant = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[tT][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([zZ]|[+-][0-9]{2}:[0-9]{2})$`)

// upperInstants reads every instant of the input in upper case, so the
// reference (which refuses t and z) answers for the instant they name;
// the answer's own instants are its own.
func upperInstants(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
	var walk func(v any) any
	walk = func(v any) any {
		switch x := v.(type) {
		case string:
			if lowerInstant.MatchString(x) {
				return strings.ToUpper(x)
			}
		case map[string]any:
			for k, e := range x {
				x[k] = walk(e)
			}
		case []any:
			for i, e := range x {
				x[i] = walk(e)
			}
		}
		return v
	}
	walk(in)
	return next(in)
}

func clockCoreAlternatives() []switched {
	return []switched{
		fromMutant("CLK-POLICY-MERGE", "clock-core", "policy rules appended to the default rules"),
		fromMutant("CLK-POLICY-STRICT-KEYS", "clock-core", "duplicate keys: the last one wins"),
		fromMutant("CLK-POLICY-STRICT-TYPES", "clock-core", "YAML 1.1 booleans (yes, on) accepted"),
		fromMutant("CLK-WRAP-ACK", "clock-core", "agent acknowledgements recorded like any message"),
		fromMutant("CLK-ACK-LIST", "clock-core", "answers and commitments taken for acknowledgements"),
		{"CLK-WRAP-MONOTONIC", "clock-core", "a message that changes nothing still answers wrote true, reason recorded", map[string]override{
			"clock-core.on_user_message": rewriteOutput(func(_, o map[string]any) {
				if o["reason"] == "unchanged" {
					o["wrote"], o["reason"] = true, "recorded"
				}
			}),
		}},
		{"CLK-POLICY-RANGES", "clock-core", "max_items accepted up to 10000", map[string]override{
			"clock-core.check_policy": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				in["yaml"] = bigMaxItems.ReplaceAllStringFunc(str(in, "yaml"), func(m string) string {
					n, err := strconv.Atoi(bigMaxItems.FindStringSubmatch(m)[1])
					if err != nil || n > 10000 {
						return m
					}
					return "max_items: 1000" + bigMaxItems.FindStringSubmatch(m)[2]
				})
				return next(in)
			},
		}},
		{"CLK-POLICY-PROBLEMS", "clock-core", "check_policy reports the first problem only", map[string]override{
			"clock-core.check_policy": rewriteOutput(func(_, o map[string]any) {
				if ps, _ := o["problems"].([]any); len(ps) > 1 {
					o["problems"] = ps[:1]
				}
			}),
		}},
		{"CLK-POLICY-HOSTILE", "clock-core", "an alias bomb reported at the line of its first alias", map[string]override{
			"clock-core.check_policy": rewriteOutput(func(in, o map[string]any) {
				ps, _ := o["problems"].([]any)
				for _, p := range ps {
					if m := object(p); m != nil && strings.Contains(str(m, "message"), "alias") {
						for i, line := range strings.Split(str(in, "yaml"), "\n") {
							if strings.Contains(line, "*") {
								m["line"] = i + 1
								break
							}
						}
					}
				}
			}),
		}},
		{"CLK-TZ-SKIPPED", "clock-core", "unusable candidates passed over without being reported", map[string]override{
			"clock-core.resolve_session_tz": rewriteOutput(func(_, o map[string]any) {
				if _, ok := o["skipped"]; ok {
					o["skipped"] = []any{}
				}
			}),
		}},
		{"CLK-PARSE-LIMITS", "clock-core", "in N minutes read for N of up to nine digits", map[string]override{
			"clock-core.parse_anchored_time": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				m := sevenDigits.FindStringSubmatch(str(in, "text"))
				ref, err := time.Parse(time.RFC3339Nano, str(in, "reference_instant"))
				if m == nil || err != nil {
					return next(in)
				}
				n, _ := strconv.Atoi(m[1])
				start := ref.Add(time.Duration(n) * time.Minute).UTC()
				if start.Year() > 9999 {
					return next(in)
				}
				b, _ := json.Marshal(map[string]any{"kind": "relative", "start": start.Format("2006-01-02T15:04:05Z"), "end": nil,
					"zone": nil, "zone_source": nil, "dst": nil, "needs_clarification": false, "clarification_question": nil})
				return b, nil
			},
		}},
		{"CLK-POLICY-JSON", "clock-core", "a bad policy field refused with invalid_input", map[string]override{
			"clock-core.resolve_session_tz": recode("invalid_policy", "invalid_input"),
			"clock-core.on_user_message":    recode("invalid_policy", "invalid_input"),
			"clock-core.compact_state":      recode("invalid_policy", "invalid_input"),
		}},
		{"CLK-KEY-ESCAPE-SCHEME", "clock-core", "ids escaped with ~ instead of %, ~ itself as ~7E", map[string]override{
			"clock-core.thread_key": rewriteOutput(func(_, o map[string]any) { tildeKeys(o, "thread_key") }),
			"clock-core.user_key":   rewriteOutput(func(_, o map[string]any) { tildeKeys(o, "user_key", "channel_user_key") }),
			"clock-core.parse_thread_key": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				k := str(in, "thread_key")
				if strings.Contains(k, "%") {
					// a %-escape is not this implementation's spelling
					return nil, protocol.Errorf("invalid_thread_key", "%q is not a thread key", k)
				}
				k = strings.ReplaceAll(k, "~7E", "\x00")
				k = strings.ReplaceAll(k, "~", "%")
				in["thread_key"] = strings.ReplaceAll(k, "\x00", "~")
				return next(in)
			},
		}},
		{"CLK-WRAP-PATCH", "clock-core", "a record patched to null kept as an empty record", map[string]override{
			"clock-core.save_clock_state": rewriteOutput(func(in, o map[string]any) {
				patch, state := object(in["patch"]), object(o["state"])
				for _, r := range []struct{ field, records, key string }{{"thread", "threads", "thread_key"}, {"user", "users", "user_key"}} {
					if v, ok := patch[r.field]; ok && v == nil && str(in, r.key) != "" && state != nil {
						recs := object(state[r.records])
						if recs == nil {
							recs = map[string]any{}
							state[r.records] = recs
						}
						recs[str(in, r.key)] = map[string]any{}
					}
				}
			}),
		}},
		{"CLK-INSTANT-SPELLING", "clock-core", "lower-case t and z read as RFC 3339 allows", everyOp(upperInstants,
			"now", "agent_timezone", "resolve_session_tz", "session_timezone", "offset_minutes", "delta_hours", "to_iso",
			"on_user_message", "on_agent_message", "load_clock_state", "save_clock_state", "compact_state", "confirmation_gate",
			"correct_action", "store_on_user_message")},
		{"CLK-IDENTITY-LINK", "clock-core", "identities never linked: every link refused as not approved", map[string]override{
			"clock-core.link_identities": func(callFn, map[string]any) (json.RawMessage, *protocol.Error) {
				return nil, protocol.Errorf("link_not_approved", "this implementation does not link identities")
			},
		}},
	}
}

// awRecodeAll answers every clock-awareness operation with code to where the
// reference refuses with from.
func awRecodeAll(from, to string) map[string]override {
	ops := map[string]override{}
	for _, op := range []string{"decide_relevance", "thread_kind", "parse_directive", "capture_action", "read_actions", "assess_continuity", "group_time"} {
		ops["clock-awareness."+op] = recode(from, to)
	}
	return ops
}

// sevenDigits is "in N minutes" with N of seven to nine digits.
var sevenDigits = regexp.MustCompile(`^in ([0-9]{7,9}) minutes$`)

// everyOp is one override for each named clock-core operation.
func everyOp(o override, names ...string) map[string]override {
	ops := map[string]override{}
	for _, n := range names {
		ops["clock-core."+n] = o
	}
	return ops
}

// tildeKeys respells the keys at names the reference %-escaped with ~
// escapes: ~ becomes ~7E, then % becomes ~ (the reference never escapes ~,
// so the mapping stays one to one).
func tildeKeys(o map[string]any, names ...string) {
	for _, n := range names {
		if k, ok := o[n].(string); ok {
			o[n] = strings.ReplaceAll(strings.ReplaceAll(k, "~", "~7E"), "%", "~")
		}
	}
}

var bigMaxItems = regexp.MustCompile(`max_items: ([0-9]+)(\n|$)`)

func awarenessAlternatives() []switched {
	return []switched{
		fromMutant("AW-KIND-PERSIST", "clock-awareness", "an unsure inferred kind is persisted"),
		{"AW-ACT-AUTO", "clock-awareness", "temporal actions stored only when clocked or judged, never from phrases alone", map[string]override{
			"clock-awareness.capture_action": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if _, judged := in["judgement"]; !judged {
					c := awClock(in)
					store := object(c["store"])
					if store == nil {
						store = map[string]any{}
						c["store"] = store
					}
					la := object(store["latest_actions"])
					if la == nil {
						la = map[string]any{}
						store["latest_actions"] = la
					}
					la["auto_clock_temporal_actions"] = false
				}
				return next(in)
			},
		}},
		{"AW-CHECKIN-EFFECTS", "clock-awareness", "a fired rule that only offers a recap after a very long gap, never asks for updates", map[string]override{
			"clock-awareness.decide_relevance": rewriteOutput(func(in, o map[string]any) {
				if _, own := object(object(object(in["policy"])["clock"])["checkins"])["rules"]; own {
					return // the user's own rules say what they allow
				}
				if a := object(o["allows"]); a != nil && a["ask_for_updates"] == true && a["offer_recap"] == true {
					a["ask_for_updates"] = false
				}
			}),
		}},
		{"AW-CONT-EXPIRED", "clock-awareness", "an expired action still allows a hedged reference", map[string]override{
			"clock-awareness.assess_continuity": rewriteOutput(func(_, o map[string]any) {
				if o["effective_status"] == "expired" {
					o["hedged_reference_allowed"] = true
				}
			}),
		}},
		{"AW-GROUP-MINUTES", "clock-awareness", "the spread compared with the threshold in whole hours, a fraction of an hour dropped", map[string]override{
			"clock-awareness.group_time": rewriteOutput(func(in, o map[string]any) {
				spread, ok := o["offset_spread_minutes"].(float64)
				if !ok {
					return
				}
				threshold := 4.0
				if v, ok := object(object(in["policy"])["clock"])["ambiguity_threshold_hours"].(float64); ok {
					threshold = v
				}
				reaches := float64(int(spread/60)) >= threshold
				o["spread_reaches_threshold"], o["ambiguous"] = reaches, reaches && in["relative"] == true
			}),
		}},
		{"AW-INPUT-STRICT", "clock-awareness", "a malformed instant refused with invalid_input", awRecodeAll("invalid_instant", "invalid_input")},
		fromMutant("AW-ACT-SLEEP-TTL", "clock-awareness", "sleep kept for 8 hours"),
		{"AW-ZONE-SPELLING", "clock-awareness", "a zone not spelled as tzdb spells it refused with invalid_timezone", map[string]override{
			"clock-awareness.group_time": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				ps, _ := in["participants"].([]any)
				for _, p := range ps {
					if z := str(object(p), "tz"); z != "" {
						if _, err := tzdb.Load(z); err != nil {
							return nil, protocol.Errorf("invalid_timezone", "%s is not an IANA zone as tzdb spells it", z)
						}
					}
				}
				return next(in)
			},
		}},
		{"AW-GROUP-PRESENTATION", "clock-awareness", "group times presented in UTC, whoever is addressed", map[string]override{
			"clock-awareness.group_time": rewriteOutput(func(_, o map[string]any) {
				if u, ok := o["utc"].(string); ok && o["presentation_tz"] != nil {
					t, err := time.Parse(time.RFC3339Nano, u)
					if err == nil {
						o["presentation_tz"], o["presentation_local"] = "UTC", t.UTC().Format("2006-01-02T15:04:05-07:00")
					}
				}
			}),
		}},
	}
}

func v1Alternatives() []switched {
	return []switched{
		{"V1-SCHED-CRON-DST-SAFE", "v1", "the DST-safe scheduler answering as v1's cron-parser does", map[string]override{
			"v1.compute_next_run_dst_safe": func(_ callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				b, _ := json.Marshal(in)
				return reference.New().Call(context.Background(), "v1.compute_next_run", b)
			},
		}},
	}
}

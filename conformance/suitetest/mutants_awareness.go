package suitetest

import (
	"math"
	"strings"
	"time"
)

// The clock-awareness mutants: plausible mistakes in implementing CLOCK.md's
// temporal awareness (seed 004 §5–§11). Each must fail at least one
// clock-awareness scenario.

// awClock returns in.policy.clock, creating both when absent.
func awClock(in map[string]any) map[string]any {
	p := object(in["policy"])
	if p == nil {
		p = map[string]any{}
		in["policy"] = p
	}
	c := object(p["clock"])
	if c == nil {
		c = map[string]any{}
		p["clock"] = c
	}
	return c
}

func awTime(s any) time.Time {
	str, _ := s.(string)
	t, _ := time.Parse(time.RFC3339Nano, str)
	return t
}

func clockAwarenessMutants() []mutant {
	return []mutant{
		{"elapsed_gte read as strictly greater than", map[string]override{
			"clock-awareness.decide_relevance": rewriteOutput(func(_, out map[string]any) {
				e, _ := out["elapsed_ms"].(float64)
				for _, th := range []float64{86400000, 7200000, 2592000000, 21600000, 172800000, 131400000} {
					if e == th && out["trigger"] == "rule" {
						out["fired"], out["trigger"], out["awareness"] = []any{}, "none", false
						out["allows"] = map[string]any{"ask_for_updates": false, "allow_hedged_reference": false, "offer_recap": false}
					}
				}
			}),
		}},
		{"only the first rule that fires is reported", map[string]override{
			"clock-awareness.decide_relevance": rewriteOutput(func(_, out map[string]any) {
				if f, _ := out["fired"].([]any); len(f) > 1 {
					out["fired"] = f[:1]
				}
			}),
		}},
		{"elapsed measured in local wall-clock time (DST ignored)", map[string]override{
			"clock-awareness.decide_relevance": rewriteInput(func(in map[string]any) {
				now, _ := in["now"].(string)
				last, _ := in["last_interaction_iso"].(string)
				if len(now) >= 25 && len(last) >= 25 {
					in["last_interaction_iso"] = last[:19] + now[19:]
				}
			}),
		}},
		{"clock.enabled false ignored", map[string]override{
			"clock-awareness.decide_relevance": rewriteInput(func(in map[string]any) {
				if c := object(object(in["policy"])["clock"]); c != nil && c["enabled"] == false {
					delete(c, "enabled")
				}
			}),
		}},
		{"rules evaluated with check-ins disabled", map[string]override{
			"clock-awareness.decide_relevance": rewriteInput(func(in map[string]any) {
				if c := object(object(object(in["policy"])["clock"])["checkins"]); c != nil {
					delete(c, "enabled")
				}
			}),
		}},
		{"mode off treated like light", map[string]override{
			"clock-awareness.decide_relevance": rewriteInput(func(in map[string]any) {
				if c := object(object(in["policy"])["clock"]); c != nil && c["mode"] == "off" {
					c["mode"] = "light"
				}
			}),
		}},
		{"sleep kept for 8 hours", map[string]override{
			"clock-awareness.capture_action": rewriteOutput(func(_, out map[string]any) {
				if a := object(out["action"]); a != nil && out["activity"] == "sleep" {
					a["expires_iso"] = awTime(a["recorded_iso"]).Add(8 * time.Hour).Format(time.RFC3339)
				}
			}),
		}},
		{"project actions kept for 30 days", map[string]override{
			"clock-awareness.capture_action": rewriteOutput(func(in, out map[string]any) {
				if a := object(out["action"]); a != nil && in["thread_kind"] == "project" && out["activity"] != "sleep" {
					a["expires_iso"] = awTime(a["recorded_iso"]).Add(30 * 24 * time.Hour).Format(time.RFC3339)
				}
			}),
		}},
		{"store_quotes ignored: the message is always kept", map[string]override{
			"clock-awareness.capture_action": rewriteOutput(func(in, out map[string]any) {
				if a := object(out["action"]); a != nil {
					a["quote"] = str(in, "text")
					if acts, _ := out["actions"].([]any); len(acts) > 0 {
						object(acts[len(acts)-1])["quote"] = str(in, "text")
					}
				}
			}),
		}},
		{"non-temporal items stored without clock it", map[string]override{
			"clock-awareness.capture_action": rewriteInput(func(in map[string]any) {
				la := object(object(awClock(in)["store"])["latest_actions"])
				if la == nil {
					awClock(in)["store"] = map[string]any{"latest_actions": map[string]any{}}
					la = object(object(awClock(in)["store"])["latest_actions"])
				}
				la["require_explicit_clock_it_for_non_temporal"] = false
			}),
		}},
		{"the cap evicts the first listed action, not the oldest", map[string]override{
			"clock-awareness.capture_action": rewriteOutput(func(in, out map[string]any) {
				acts, _ := in["actions"].([]any)
				rm, _ := out["removed"].([]any)
				for i, r := range rm {
					if object(r)["why"] == "over_limit" && i < len(acts) {
						object(r)["id"] = object(acts[0])["id"]
					}
				}
			}),
		}},
		{"likely done read as done", map[string]override{
			"clock-awareness.read_actions": rewriteOutput(func(_, out map[string]any) {
				for _, a := range out["actions"].([]any) {
					if object(a)["effective_status"] == "likely_done" {
						object(a)["effective_status"], object(a)["open"] = "done", false
					}
				}
			}),
		}},
		{"an action expiring now is still open", map[string]override{
			"clock-awareness.read_actions": rewriteOutput(func(in, out map[string]any) {
				ins, _ := in["actions"].([]any)
				for i, a := range out["actions"].([]any) {
					if i < len(ins) && object(ins[i])["expires_iso"] == in["now"] && object(a)["effective_status"] == "expired" && object(a)["status"] != "expired" {
						object(a)["effective_status"], object(a)["open"], object(a)["expired"] = "likely_done", true, false
						out["has_open_action"] = true
					}
				}
			}),
		}},
		{"an inference marks the action done", map[string]override{
			"clock-awareness.assess_continuity": rewriteOutput(func(_, out map[string]any) {
				if out["status_after"] == "likely_done" {
					out["status_after"] = "done"
				}
			}),
		}},
		{"light mode follows the policy switch for impactful actions", map[string]override{
			"clock-awareness.assess_continuity": rewriteInput(func(in map[string]any) {
				if c := object(object(in["policy"])["clock"]); c != nil && c["mode"] == "light" {
					c["mode"] = "normal"
				}
			}),
		}},
		{"expired actions still allow a hedged reference", map[string]override{
			"clock-awareness.assess_continuity": rewriteOutput(func(_, out map[string]any) {
				if out["effective_status"] == "expired" {
					out["hedged_reference_allowed"] = true
				}
			}),
		}},
		{"offsets compared in whole hours", map[string]override{
			"clock-awareness.group_time": rewriteOutput(func(in, out map[string]any) {
				th := 4.0
				if c := object(object(in["policy"])["clock"]); c != nil {
					if v, ok := c["ambiguity_threshold_hours"].(float64); ok {
						th = v
					}
				}
				hours := math.Floor(out["offset_spread_minutes"].(float64) / 60)
				out["spread_reaches_threshold"] = hours >= th
				out["ambiguous"] = in["relative"] == true && hours >= th
			}),
		}},
		{"group times presented in the first participant's zone", map[string]override{
			"clock-awareness.group_time": rewriteOutput(func(_, out map[string]any) {
				if cs, _ := out["conversions"].([]any); len(cs) > 0 {
					out["presentation_tz"] = object(cs[0])["tz"]
					out["presentation_local"] = object(cs[0])["local"]
				}
			}),
		}},
		{"an unsure inferred kind is persisted", map[string]override{
			"clock-awareness.thread_kind": rewriteOutput(func(_, out map[string]any) {
				if out["source"] == "inferred" {
					out["persist"] = true
				}
			}),
		}},
		{"the agent's time judgement ignored (the phrase list decides)", map[string]override{
			"clock-awareness.decide_relevance": rewriteInput(func(in map[string]any) { delete(in, "time_related") }),
		}},
		{"a status the user set is inferred over again", map[string]override{
			"clock-awareness.read_actions": rewriteInput(func(in map[string]any) {
				for _, a := range in["actions"].([]any) {
					if object(a)["source"] == "user_confirmed" {
						object(a)["source"] = "auto"
					}
				}
			}),
		}},
		{"the agent's judgement of an action ignored (the phrase lists decide)", map[string]override{
			"clock-awareness.capture_action": rewriteInput(func(in map[string]any) { delete(in, "judgement") }),
		}},
		{"the judged label replaced by the whole message", map[string]override{
			"clock-awareness.capture_action": rewriteOutput(func(in, out map[string]any) {
				if a := object(out["action"]); a != nil && in["judgement"] != nil {
					a["label"] = ""
				}
			}),
		}},
		{"clock directives found anywhere in the message", map[string]override{
			"clock-awareness.parse_directive": rewriteInput(func(in map[string]any) {
				t := str(in, "text")
				if i := strings.Index(strings.ToLower(t), "clock it:"); i > 0 {
					in["text"] = t[i:]
				}
			}),
		}},
	}
}

package suitetest

import (
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// The clock-core mutants: plausible mistakes in implementing CLOCK.md's core
// (seed 004). Each must fail at least one clock-core scenario.

func ckTime(s any) (time.Time, bool) {
	str, _ := s.(string)
	t, err := time.Parse(time.RFC3339Nano, str)
	return t, err == nil
}

var ckBareTime = regexp.MustCompile(`(?i)^\s*(at\s+)?\d{1,2}(:\d{2})?\s*(am|pm)?\s*$`)

func clockCoreMutants() []mutant {
	return []mutant{
		{"policy rules appended to the default rules", map[string]override{
			"clock-core.load_policy": rewriteOutput(func(_, out map[string]any) {
				for _, p := range out["overridden"].([]any) {
					if p == "clock.checkins.rules" {
						c := object(object(object(out["policy"])["clock"])["checkins"])
						defaults := []any{map[string]any{"id": "project_gap_1d", "when": map[string]any{"thread_kind": "project", "elapsed_gte": "P1D"}, "then": map[string]any{"ask_for_updates": true}}}
						c["rules"] = append(defaults, c["rules"].([]any)...)
					}
				}
			}),
		}},
		{"YAML 1.1 booleans (yes, on) accepted", map[string]override{
			"clock-core.check_policy": rewriteInput(func(in map[string]any) {
				in["yaml"] = regexp.MustCompile(`: (yes|on)\n`).ReplaceAllString(str(in, "yaml"), ": true\n")
			}),
		}},
		{"duplicate keys: the last one wins", map[string]override{
			"clock-core.check_policy": rewriteOutput(func(_, out map[string]any) {
				probs, _ := out["problems"].([]any)
				for _, p := range probs {
					if !strings.Contains(object(p)["message"].(string), "appears twice") {
						return
					}
				}
				out["valid"], out["problems"] = true, []any{}
			}),
		}},
		{"months read as 30 days", map[string]override{
			"clock-core.check_policy": rewriteInput(func(in map[string]any) {
				in["yaml"] = regexp.MustCompile(`elapsed_gte: P(\d+)M\b`).ReplaceAllString(str(in, "yaml"), "elapsed_gte: P30D")
			}),
		}},
		{"abbreviations mapped through a fixed table", map[string]override{
			"clock-core.resolve_session_tz": rewriteInput(func(in map[string]any) {
				table := map[string]string{"EST": "America/New_York", "PST": "America/Los_Angeles", "IST": "Asia/Kolkata", "CST": "America/Chicago", "BST": "Europe/London"}
				if z, ok := table[strings.ToUpper(str(in, "explicit"))]; ok {
					in["explicit"] = z
				}
			}),
		}},
		{"an unresolvable written zone falls through to the stored one", map[string]override{
			"clock-core.resolve_session_tz": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				out, perr := next(in)
				var o map[string]any
				_ = json.Unmarshal(out, &o)
				if perr == nil && o["needs_clarification"] == true {
					delete(in, "explicit")
					return next(in)
				}
				return out, perr
			},
		}},
		{"no notice when falling back to UTC", map[string]override{
			"clock-core.resolve_session_tz": rewriteOutput(func(_, out map[string]any) { out["notice"] = false }),
		}},
		{"delta hours truncated to whole hours", map[string]override{
			"clock-core.delta_hours": rewriteOutput(func(_, out map[string]any) {
				out["delta_hours"] = math.Trunc(out["delta_hours"].(float64))
			}),
		}},
		{"offsets without DST (the January offset all year)", map[string]override{
			"clock-core.offset_minutes": rewriteInput(func(in map[string]any) {
				if t, ok := ckTime(in["instant"]); ok {
					in["instant"] = time.Date(t.Year(), 1, 15, 12, 0, 0, 0, time.UTC).Format(time.RFC3339)
				}
			}),
		}},
		{"floating times read as UTC", map[string]override{
			"clock-core.parse_anchored_time": rewriteInput(func(in map[string]any) {
				if in["tz"] == nil {
					in["tz"] = "UTC"
				}
			}),
		}},
		{"a DST overlap resolved to the later instant", map[string]override{
			"clock-core.parse_anchored_time": rewriteOutput(func(_, out map[string]any) {
				if out["dst"] != "overlap" {
					return
				}
				loc, ok := tzdb.LookupIntl(out["zone"].(string))
				t, ok2 := ckTime(out["start"])
				if !ok || !ok2 {
					return
				}
				_, before := t.In(loc).Zone()
				_, after := t.Add(24 * time.Hour).In(loc).Zone()
				out["start"] = t.Add(time.Duration(before-after) * time.Second).In(loc).Format("2006-01-02T15:04:05-07:00")
			}),
		}},
		{"a bare time of day is always today", map[string]override{
			"clock-core.parse_anchored_time": rewriteInput(func(in map[string]any) {
				loc, ok := tzdb.LookupIntl(str(in, "tz"))
				ref, ok2 := ckTime(in["reference_instant"])
				if ok && ok2 && ckBareTime.MatchString(str(in, "text")) {
					y, m, d := ref.In(loc).Date()
					in["reference_instant"] = time.Date(y, m, d, 0, 0, 0, 0, loc).UTC().Format(time.RFC3339)
				}
			}),
		}},
		{"thread key ids not escaped", map[string]override{
			"clock-core.thread_key": rewriteOutput(func(in, out map[string]any) {
				agent := "main"
				if a, ok := in["agent"].(string); ok {
					agent = a
				}
				parts := []string{"agent", agent, str(in, "channel")}
				for _, p := range in["parts"].([]any) {
					parts = append(parts, p.(string))
				}
				out["thread_key"] = strings.Join(parts, ":")
			}),
		}},
		{"one identity per user id across channels", map[string]override{
			"clock-core.user_key": rewriteOutput(func(in, out map[string]any) {
				if out["linked"] == false {
					out["user_key"] = "user:" + str(in, "user_id")
					out["channel_user_key"] = out["user_key"]
				}
			}),
		}},
		{"agent acknowledgements recorded like any message", map[string]override{
			"clock-core.on_agent_message": rewriteInput(func(in map[string]any) {
				if m := object(in["message"]); m != nil {
					m["text"] = "Here is what I found."
				}
			}),
		}},
		{"the agent's substantive judgement ignored (the list decides)", map[string]override{
			"clock-core.on_agent_message": rewriteInput(func(in map[string]any) {
				if m := object(in["message"]); m != nil {
					delete(m, "substantive")
				}
			}),
		}},
		{"cross-channel timestamps recorded even with tracking off", map[string]override{
			"clock-core.on_user_message": rewriteInput(func(in map[string]any) {
				if c := object(object(in["policy"])["clock"]); c != nil {
					delete(c, "cross_channel_tracking")
				}
			}),
		}},
		{"the last message written wins, even if it is older", map[string]override{
			"clock-core.on_user_message": rewriteInput(func(in map[string]any) {
				for _, th := range object(object(in["state"])["threads"]) {
					t := object(th)
					delete(t, "last_interaction_iso")
					delete(t, "last_user_message_iso")
					delete(t, "last_user_message_iso_by_user")
				}
				for _, u := range object(object(in["state"])["users"]) {
					delete(object(u), "last_interaction_any_channel_iso")
					delete(object(u), "channels")
				}
			}),
		}},
		{"recording skipped when temporal awareness is off", map[string]override{
			"clock-core.on_user_message": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				c := object(object(in["policy"])["clock"])
				if c != nil && (c["enabled"] == false || c["mode"] == "off") {
					c["store"] = map[string]any{"last_message_timestamps": false}
				}
				return next(in)
			},
		}},
		{"an action expiring now is still current", map[string]override{
			"clock-core.compact_state": rewriteInput(func(in map[string]any) {
				if t, ok := ckTime(in["now"]); ok {
					in["now"] = t.Add(-time.Millisecond).Format(time.RFC3339Nano)
				}
			}),
		}},
		{"the cap keeps the first actions of the list", map[string]override{
			"clock-core.compact_state": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				max := 25.0
				if v, ok := object(object(object(object(in["policy"])["clock"])["store"])["latest_actions"])["max_items"].(float64); ok {
					max = v
				}
				delete(in, "policy")
				out, perr := next(in)
				if perr != nil {
					return out, perr
				}
				var o map[string]any
				_ = json.Unmarshal(out, &o)
				for _, u := range object(object(o["state"])["users"]) {
					if list, ok := object(u)["latest_actions"].([]any); ok && float64(len(list)) > max {
						o["over_limit"] = float64(len(list)) - max
						object(u)["latest_actions"] = list[:int(max)]
					}
				}
				b, _ := json.Marshal(o)
				return b, nil
			},
		}},
		{"newer state versions read anyway", map[string]override{
			"clock-core.read_state_file": rewriteInput(func(in map[string]any) {
				if c, ok := in["content"].(string); ok {
					in["content"] = regexp.MustCompile(`"version":\s*[0-9.]+`).ReplaceAllString(c, `"version": 3`)
				}
			}),
		}},
		{"an unreadable state file read as an empty state", map[string]override{
			"clock-core.read_state_file": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				out, perr := next(in)
				if perr != nil && perr.Code == "invalid_state" {
					return json.RawMessage(`{"source": "missing", "state": {"version": 3, "users": {}, "threads": {}}}`), nil
				}
				return out, perr
			},
		}},
		{"inferred actions treated like stated ones", map[string]override{
			"clock-core.confirmation_gate": rewriteInput(func(in map[string]any) {
				if in["basis"] == "inferred" {
					in["basis"] = "stated"
				}
			}),
		}},
		{"hedge markers matched inside words", map[string]override{
			"clock-core.check_hedged": rewriteOutput(func(in, out map[string]any) {
				text := strings.ToLower(str(in, "text"))
				if out["hedged"] == false && (strings.Contains(text, "if") || strings.Contains(text, "hope")) {
					out["hedged"], out["markers"] = true, []any{"if"}
				}
			}),
		}},
		{"a question always hedges, even after a plain statement", map[string]override{
			"clock-core.check_hedged": rewriteOutput(func(in, out map[string]any) {
				if strings.Contains(str(in, "text"), "?") && out["hedged"] == false {
					out["hedged"], out["markers"] = true, []any{"?"}
				}
			}),
		}},
		{"a policy that does not read stops the wrapper (nothing recorded)", map[string]override{
			"clock-core.on_user_message": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				out, perr := next(in)
				var o map[string]any
				_ = json.Unmarshal(out, &o)
				if perr == nil && len(o["policy_problems"].([]any)) > 0 {
					return nil, &protocol.Error{Code: "invalid_policy", Message: "invalid policy"}
				}
				return out, perr
			},
		}},
		{"bad stored overrides dropped from the state", map[string]override{
			"clock-core.on_user_message": rewriteOutput(func(_, out map[string]any) {
				if len(out["policy_problems"].([]any)) > 0 {
					for _, u := range object(object(out["state"])["users"]) {
						delete(object(u), "policy_overrides")
					}
				}
			}),
		}},
		{"now taken from the host clock even when it stepped back", map[string]override{
			"clock-core.now": rewriteInput(func(in map[string]any) { delete(in, "previous") }),
		}},
		{"to_iso writes UTC as Z", map[string]override{
			"clock-core.to_iso": rewriteOutput(func(_, out map[string]any) {
				if iso := out["iso"].(string); strings.HasSuffix(iso, "+00:00") {
					out["iso"] = strings.TrimSuffix(iso, "+00:00") + "Z"
				}
			}),
		}},
		{"countries are not places (Japan falls back to UTC)", map[string]override{
			"clock-core.resolve_session_tz": rewriteInput(func(in map[string]any) {
				if strings.EqualFold(str(in, "mentioned_location"), "japan") || strings.EqualFold(str(in, "mentioned_location"), "india") {
					in["mentioned_location"] = "Atlantis"
				}
			}),
		}},
		{"light mode ignored by the confirmation gate", map[string]override{
			"clock-core.confirmation_gate": rewriteInput(func(in map[string]any) {
				c := object(object(in["policy"])["clock"])
				if c == nil {
					in["policy"] = map[string]any{"clock": map[string]any{"mode": "normal"}}
				} else if c["mode"] == nil || c["mode"] == "light" {
					c["mode"] = "normal"
				}
			}),
		}},
		{"identities linked without approval", map[string]override{
			"clock-core.link_identities": rewriteInput(func(in map[string]any) { in["approved"] = true }),
		}},
		{"a region spanning zones taken for its capital (United States → New York)", map[string]override{
			"clock-core.resolve_session_tz": rewriteInput(func(in map[string]any) {
				countries := map[string]string{"united states": "New York", "australia": "Sydney", "canada": "Toronto", "russia": "Moscow", "brazil": "Sao Paulo"}
				if c, ok := countries[strings.ToLower(str(in, "mentioned_location"))]; ok {
					in["mentioned_location"] = c
				}
			}),
		}},
		{"answers and commitments taken for acknowledgements", map[string]override{
			"clock-core.classify_agent_message": rewriteOutput(func(in, out map[string]any) {
				switch strings.ToLower(strings.Trim(str(in, "text"), ".! ")) {
				case "yes", "done", "sure", "will do":
					out["class"], out["write"] = "acknowledgement", false
				}
			}),
		}},
	}
}

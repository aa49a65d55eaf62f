package suitetest

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/jsrt"
	"github.com/clockspec/clockspec/reference/routing"
)

// Plausible wrong implementations of the routing profile: the upstream
// shortcuts the seed rules out, Go's defaults where the seed says
// JavaScript, and off-by-one readings of the seed's thresholds. Each must
// fail at least one @routing scenario.

// rtPost runs the reference and lets f rewrite its decoded output.
func rtPost(f func(next callFn, in, out map[string]any)) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		raw, perr := next(in)
		if perr != nil {
			return raw, perr
		}
		var out map[string]any
		_ = json.Unmarshal(raw, &out)
		f(next, in, out)
		b, _ := json.Marshal(out)
		return b, nil
	}
}

// rtPre lets f rewrite the input before the reference sees it.
func rtPre(f func(in map[string]any)) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		f(in)
		return next(in)
	}
}

func rtObjects(v any) []map[string]any {
	items, _ := v.([]any)
	var out []map[string]any
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func rtObject(v any) map[string]any { m, _ := v.(map[string]any); return m }

// rtAllResets is what resetting every claim gives: the not-running answer.
func rtAllResets(next callFn, in map[string]any) any {
	copyIn := map[string]any{}
	for k, v := range in {
		copyIn[k] = v
	}
	copyIn["container_running"] = false
	raw, perr := next(copyIn)
	if perr != nil {
		return []any{}
	}
	var out map[string]any
	_ = json.Unmarshal(raw, &out)
	return out["resets"]
}

func rtMillis(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

func routingMutants() []mutant {
	goRegexp := func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		re, err := regexp.Compile(str(in, "pattern"))
		if err != nil {
			return nil, protocol.Errorf(routing.CodeInvalidPattern, "%v", err)
		}
		b, _ := json.Marshal(map[string]any{"matched": re.MatchString(str(in, "text"))})
		return b, nil
	}
	return []mutant{
		{"'.' evaluated as a JavaScript regex, not as always", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				for _, w := range rtObjects(in["wirings"]) {
					if w["engage_pattern"] == "." {
						w["engage_pattern"] = "(?:.)"
					}
				}
			}),
		}},
		{"Go's regexp instead of JavaScript's RegExp", map[string]override{"routing.pattern_test": goRegexp}},
		{"invalid pattern fails open (engages), as upstream does", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				for _, w := range rtObjects(in["wirings"]) {
					if p, ok := w["engage_pattern"].(string); ok && w["engage_mode"] == "pattern" {
						var pe *routing.PatternError
						if _, err := routing.CompilePattern(p); errors.As(err, &pe) && !pe.Unsupported {
							w["engage_pattern"] = "."
						}
					}
				}
			}),
		}},
		{"accumulate ignored: a message that did not engage is always dropped", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				for _, w := range rtObjects(in["wirings"]) {
					w["ignored_message_policy"] = "drop"
				}
			}),
		}},
		{"sender_scope refusal still accumulated as context", map[string]override{
			"routing.route_inbound": rtPost(func(_ callFn, in, out map[string]any) {
				wirings := rtObjects(in["wirings"])
				for i, w := range rtObjects(out["wirings"]) {
					if w["reason"] == "sender_scope" && i < len(wirings) && wirings[i]["ignored_message_policy"] == "accumulate" {
						w["outcome"] = "context"
						out["deliveries"] = append(out["deliveries"].([]any), map[string]any{
							"agent_group": w["agent_group"], "session": nil, "trigger": 0,
							"timestamp": rtObject(in["event"])["timestamp"]})
						out["dropped"] = nil
					}
				}
			}),
		}},
		{"mention-sticky subscribes on any mention, engaged or not", map[string]override{
			"routing.route_inbound": rtPost(func(_ callFn, in, out map[string]any) {
				ev := rtObject(in["event"])
				if ev["mentions_bot"] == true && in["thread_subscribed"] != true {
					for _, w := range rtObjects(in["wirings"]) {
						if w["engage_mode"] == "mention-sticky" {
							out["subscribe_thread"] = true
						}
					}
				}
			}),
		}},
		{"unknown_sender_policy still defaults to strict", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				if mg := rtObject(in["messaging_group"]); mg != nil && mg["unknown_sender_policy"] == nil {
					mg["unknown_sender_policy"] = "strict"
				}
			}),
		}},
		{"sender approval dedup keyed by sender alone", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				mg := rtObject(in["messaging_group"])
				for _, p := range rtObjects(in["pending_sender_approvals"]) {
					p["messaging_group"] = mg["id"]
				}
			}),
		}},
		{"pending wiring keeps the first event", map[string]override{
			"routing.route_inbound": rtPost(func(_ callFn, in, out map[string]any) {
				if out["dropped"] != "channel_approval_pending" {
					return
				}
				mg := rtObject(in["messaging_group"])
				for _, p := range rtObjects(in["pending_channel_approvals"]) {
					if p["messaging_group"] == mg["id"] {
						row := rtObject(out["pending_channel_approval"])
						row["event"], row["sender"], row["sender_name"] = p["event"], p["sender"], p["sender_name"]
					}
				}
			}),
		}},
		{"unknown-channel flow for plain group chatter", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				if ws, _ := in["wirings"].([]any); len(ws) == 0 {
					if ev := rtObject(in["event"]); ev != nil {
						ev["mentions_bot"] = true
					}
				}
			}),
		}},
		{"auto-wire to the first agent group however many exist", map[string]override{
			"routing.route_inbound": rtPre(func(in map[string]any) {
				if groups, _ := in["agent_groups"].([]any); len(groups) > 1 {
					in["agent_groups"] = groups[:1]
				}
			}),
		}},
		{"wake batch presented newest first", map[string]override{
			"routing.wake_batch": rtPost(func(_ callFn, _, out map[string]any) {
				msgs, _ := out["messages"].([]any)
				for i, j := 0, len(msgs)-1; i < j; i, j = i+1, j-1 {
					msgs[i], msgs[j] = msgs[j], msgs[i]
				}
			}),
		}},
		{"MAX_MESSAGES_PER_PROMPT without `|| 10`: 0 becomes 1", map[string]override{
			"routing.max_messages_per_prompt": answer(func(in map[string]any) any {
				env, ok := in["env"].(string)
				if v, parsed := jsrt.ParseInt10(env); ok && env != "" && parsed && v == 0 {
					return map[string]any{"max_messages": 1, "container_env": map[string]any{routing.ContainerEnvMaxMessages: "1"}}
				}
				return nil
			}),
		}},
		{"absolute ceiling with >=", map[string]override{
			"routing.sweep": rtPost(func(next callFn, in, out map[string]any) {
				now, ok1 := rtMillis(str(in, "now"))
				hb, ok2 := rtMillis(str(in, "heartbeat_at"))
				ceiling, ok3 := out["ceiling_ms"].(float64)
				if ok1 && ok2 && ok3 && out["rule"] != "absolute_ceiling" && now.Sub(hb).Milliseconds() == int64(ceiling) {
					out["rule"], out["kill"], out["resets"] = "absolute_ceiling", true, rtAllResets(next, in)
				}
			}),
		}},
		{"claim rule resets every processing row", map[string]override{
			"routing.sweep": rtPost(func(next callFn, in, out map[string]any) {
				if out["rule"] == "claim_stuck" {
					out["resets"] = rtAllResets(next, in)
				}
			}),
		}},
		{"a heartbeat at the claim instant counts as activity", map[string]override{
			"routing.sweep": rtPost(func(_ callFn, in, out map[string]any) {
				if out["rule"] != "claim_stuck" {
					return
				}
				hb := str(in, "heartbeat_at")
				claimedAt := map[string]string{}
				for _, c := range rtObjects(in["claims"]) {
					claimedAt[str(c, "message_id")] = str(c, "claimed_at")
				}
				var keep []any
				for _, r := range rtObjects(out["resets"]) {
					if claimedAt[str(r, "message_id")] != hb {
						keep = append(keep, r)
					}
				}
				if len(keep) == 0 {
					out["rule"], out["kill"], keep = "none", false, []any{}
				}
				out["resets"] = keep
			}),
		}},
		{"backoff doubles from 10 s (2^(tries+1))", func() map[string]override {
			o := rtPost(func(_ callFn, in, out map[string]any) {
				now, _ := rtMillis(str(in, "now"))
				for _, r := range rtObjects(out["resets"]) {
					if b, ok := r["backoff_ms"].(float64); ok {
						r["backoff_ms"] = 2 * b
						r["process_after"] = routing.FormatInstant(now.Add(time.Duration(2*b) * time.Millisecond))
					}
				}
			})
			return map[string]override{"routing.sweep": o, "routing.tool_allowed": o}
		}()},
		{"tool blocklist matched ignoring case", map[string]override{
			"routing.tool_allowed": rtPre(func(in map[string]any) {
				for _, t := range routing.DisallowedTools {
					if strings.EqualFold(str(in, "tool"), strings.TrimSpace(t)) {
						in["tool"] = t
					}
				}
			}),
		}},
		{"backfill keeps a legacy pattern even for all", map[string]override{
			"routing.backfill_response_scope": answer(func(in map[string]any) any {
				var rules map[string]any
				if str(in, "response_scope") != "all" || json.Unmarshal([]byte(str(in, "trigger_rules")), &rules) != nil {
					return nil
				}
				if p, ok := rules["pattern"].(string); ok && p != "" {
					return map[string]any{"engage_mode": "pattern", "engage_pattern": p, "sender_scope": "all", "ignored_message_policy": "drop"}
				}
				return nil
			}),
		}},
	}
}

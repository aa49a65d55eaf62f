package suitetest

import (
	"encoding/json"
	"time"

	"github.com/clockspec/clockspec/protocol"
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

func timestampsAlternatives() []switched { return nil }
func clockCoreAlternatives() []switched  { return nil }
func awarenessAlternatives() []switched  { return nil }
func v1Alternatives() []switched         { return nil }

package timestamps

import (
	"encoding/json"

	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every timestamps operation name to its handler.
func Operations() map[string]protocol.OperationFunc {
	return map[string]protocol.OperationFunc{
		"timestamps.resolve_timezone":         resolveTimezoneOp,
		"timestamps.user_timezone":            userTimezoneOp,
		"timestamps.format_message_timestamp": formatMessageTimestampOp,
		"timestamps.current_time_context":     currentTimeContextOp,
		"timestamps.messages_context":         messagesContextOp,
	}
}

func resolveTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	f, err := object(input, "input")
	if err != nil {
		return nil, err
	}
	name, err := f.optString("timezone", "")
	if err != nil {
		return nil, err
	}
	z := ResolveZone(name)
	return struct {
		Timezone string `json:"timezone"`
		Fallback bool   `json:"fallback"`
	}{z.Name, z.Fallback}, nil
}

func userTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	f, err := object(input, "input")
	if err != nil {
		return nil, err
	}
	var d decoder
	msgs, err := d.messages(f)
	if err != nil {
		return nil, err
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	return struct {
		Timezone string `json:"timezone"`
	}{UserTimezone(msgs).Name}, nil
}

func formatMessageTimestampOp(input json.RawMessage) (any, *protocol.Error) {
	f, err := object(input, "input")
	if err != nil {
		return nil, err
	}
	var d decoder
	at, err := d.reqInstant(f, "message_at", "")
	if err != nil {
		return nil, err
	}
	previous, err := d.optInstant(f, "previous_at", "")
	if err != nil {
		return nil, err
	}
	name, err := f.optString("timezone", "")
	if err != nil {
		return nil, err
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	out := struct {
		Timestamp *string `json:"timestamp"`
	}{}
	if s, ok := MessageTimestamp(at, previous, ResolveZone(name)); ok {
		out.Timestamp = &s
	}
	return out, nil
}

func currentTimeContextOp(input json.RawMessage) (any, *protocol.Error) {
	f, err := object(input, "input")
	if err != nil {
		return nil, err
	}
	var d decoder
	now, err := d.reqInstant(f, "now", "")
	if err != nil {
		return nil, err
	}
	name, err := f.optString("timezone", "")
	if err != nil {
		return nil, err
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	return struct {
		Line string `json:"line"`
	}{CurrentTimeLine(now, ResolveZone(name))}, nil
}

func messagesContextOp(input json.RawMessage) (any, *protocol.Error) {
	f, err := object(input, "input")
	if err != nil {
		return nil, err
	}
	agentID, err := f.reqString("agent_id", "", 1)
	if err != nil {
		return nil, err
	}
	var d decoder
	msgs, err := d.messages(f)
	if err != nil {
		return nil, err
	}
	if err := d.done(); err != nil {
		return nil, err
	}
	return struct {
		Messages []ContextMessage `json:"messages"`
	}{MessagesContext(agentID, msgs)}, nil
}

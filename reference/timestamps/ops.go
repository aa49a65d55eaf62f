package timestamps

import (
	"fmt"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// CodeInvalidTime answers an instant of the right shape that names a day the
// calendar does not have (2026-02-30T…): the input's form is right, its
// value is not, so it is not invalid_input (which the input schema decides).
const CodeInvalidTime = "invalid_time"

// Operations maps every timestamps operation name to its handler: the
// generated Dispatch over handlers, one typed method per operation.
//
// The input schemas in spec/timestamps/operations.yaml are the one
// statement of what a well-formed input is: reference.Call refuses
// everything they refuse (invalid_input) before any handler runs, so
// invalid_input outranks invalid_time, and the generated types
// (input_gen.go) carry what they accepted. A handler only turns instant
// strings into times (invalid_time for a day the calendar does not have)
// and calls the typed API.
func Operations() map[string]protocol.OperationFunc { return Dispatch(handlers{}) }

// handlers implements the generated Handlers interface.
type handlers struct{}

func (handlers) ResolveTimezone(in *ResolveTimezoneArgs) (any, *protocol.Error) {
	z := ResolveZone(in.Timezone.Value)
	return struct {
		Timezone string `json:"timezone"`
		Fallback bool   `json:"fallback"`
	}{z.Name, z.Fallback}, nil
}

func (handlers) UserTimezone(in *UserTimezoneArgs) (any, *protocol.Error) {
	msgs, err := messages(in.Messages)
	if err != nil {
		return nil, err
	}
	return struct {
		Timezone string `json:"timezone"`
	}{UserTimezone(msgs).Name}, nil
}

func (handlers) FormatMessageTimestamp(in *FormatMessageTimestampArgs) (any, *protocol.Error) {
	var t instants
	at := t.at(in.MessageAt, "message_at")
	var previous *time.Time
	if p := in.PreviousAt.Value; p != nil {
		v := t.at(*p, "previous_at")
		previous = &v
	}
	if t.err != nil {
		return nil, t.err
	}
	out := struct {
		Timestamp *string `json:"timestamp"`
	}{}
	if s, ok := MessageTimestamp(at, previous, ResolveZone(in.Timezone.Value)); ok {
		out.Timestamp = &s
	}
	return out, nil
}

func (handlers) CurrentTimeContext(in *CurrentTimeContextArgs) (any, *protocol.Error) {
	var t instants
	now := t.at(in.Now, "now")
	if t.err != nil {
		return nil, t.err
	}
	return struct {
		Line string `json:"line"`
	}{CurrentTimeLine(now, ResolveZone(in.Timezone.Value))}, nil
}

func (handlers) MessagesContext(in *MessagesContextArgs) (any, *protocol.Error) {
	msgs, err := messages(in.Messages)
	if err != nil {
		return nil, err
	}
	return struct {
		Messages []ContextMessage `json:"messages"`
	}{MessagesContext(in.AgentID, msgs)}, nil
}

// instants turns the instants of one input into times. Their shape is the
// input schema's ($defs/instant), checked before the operation runs; a day
// the calendar does not have has that shape, and the first one is kept as
// invalid_time.
type instants struct{ err *protocol.Error }

func (t *instants) at(s, field string) time.Time {
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil && t.err == nil {
		t.err = protocol.Errorf(CodeInvalidTime, "%s %q names a day the calendar does not have", field, s)
	}
	return v
}

// messages converts the chat's messages; the first message whose at names
// a day the calendar does not have is invalid_time, blank ones included.
func messages(in []MessageArgs) ([]Message, *protocol.Error) {
	var t instants
	out := make([]Message, len(in))
	for i, m := range in {
		out[i] = Message{At: t.at(m.At, "at"), Content: m.Content.Value}
		if t.err != nil {
			t.err.Message = fmt.Sprintf("messages[%d].%s", i, t.err.Message)
			return nil, t.err
		}
		if a := m.Agent.Value; a != nil {
			out[i].Agent = &Agent{ID: a.ID, Name: a.Name}
		}
		if u := m.User.Value; u != nil {
			out[i].User = &User{Timezone: u.Timezone.Value, FullName: u.FullName.Value, EmailAddress: u.EmailAddress.Value}
		}
	}
	return out, nil
}

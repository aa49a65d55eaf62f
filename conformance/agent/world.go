package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// DefaultUser is the user of a conversation that is not a group chat.
const DefaultUser = "user"

// Call is one tool call the agent made, as the world recorded it.
type Call struct {
	Seq    int             `json:"seq"`
	Turn   int             `json:"turn"`  // the user turn it answers (1 is the first)
	Clock  string          `json:"clock"` // the virtual clock when it was made
	Tool   string          `json:"tool"`
	Args   json.RawMessage `json:"args"`
	Result json.RawMessage `json:"result,omitempty"`
	// Refused says why the world refused the call (its arguments broke the
	// tool's schema, or named what does not exist): the call had no effect.
	Refused string `json:"refused,omitempty"`
}

// Member is a participant of the conversation.
type Member struct {
	Name string `json:"name"`
	Zone string `json:"zone,omitempty"` // the profile zone; empty when unknown
}

// Action is one clocked action of the user (seed 004 §6).
type Action struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Status   string `json:"status"`
	Recorded string `json:"recorded_iso"`
}

// World is the simulated world of one conversation: its clock and state,
// and the record of every call. Its tools are answered by the reference.
type World struct {
	Now            time.Time
	HostTZ         string
	Policy         json.RawMessage // the JSON form of the policy document; nil: the default block
	Members        []Member
	Group          bool
	ThreadOverride string
	ThreadKind     string
	LastActive     time.Time // the thread's last interaction before the conversation; zero: none
	Actions        []*Action
	Calls          []Call

	turn    int
	speaker string
	tools   *toolSet
	ref     *reference.Implementation
}

// NewWorld is a world at a clock instant, with one user and no zone known.
func NewWorld(now time.Time) (*World, error) {
	ts, err := loadTools()
	if err != nil {
		return nil, err
	}
	return &World{Now: now.UTC(), HostTZ: "UTC", Members: []Member{{Name: DefaultUser}}, ThreadKind: "conversation",
		tools: ts, ref: reference.New(), speaker: DefaultUser}, nil
}

func (w *World) member(name string) *Member {
	for i := range w.Members {
		if w.Members[i].Name == name {
			return &w.Members[i]
		}
	}
	return nil
}

func (w *World) clock() string { return w.Now.UTC().Format(time.RFC3339) }

// ref calls one reference operation with a Go value as its input.
func (w *World) op(ctx context.Context, name string, in map[string]any) (json.RawMessage, *protocol.Error) {
	b, err := json.Marshal(in)
	if err != nil {
		return nil, protocol.Errorf(protocol.CodeInternal, "%v", err)
	}
	return w.ref.Call(ctx, name, b)
}

func (w *World) policyArg() any {
	if w.Policy == nil {
		return nil
	}
	return w.Policy
}

// The bounds on what an agent sends the world (docs/agent-protocol.md):
// a tool call's arguments and its tool's name.
const (
	MaxToolArgs = 64 << 10
	MaxToolName = 200
)

// errorResult is a tool's answer to a call it refuses.
func errorResult(code, msg string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"code": code, "message": msg}})
	return b
}

func okResult(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// Exec runs one tool call and records it. The answer is what the agent
// reads: a result, or {"error": {code, message}}. ask_user is not answered
// here: the conversation's driver holds it until the user speaks.
func (w *World) Exec(ctx context.Context, tool string, args json.RawMessage) json.RawMessage {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if len(tool) > MaxToolName {
		tool = tool[:MaxToolName] + "…"
	}
	c := Call{Seq: len(w.Calls) + 1, Turn: w.turn, Clock: w.clock(), Tool: tool, Args: args}
	if len(args) > MaxToolArgs {
		// No tool of the world takes so much: refused, and kept in the
		// record (and the report) as its size only.
		msg := fmt.Sprintf("arguments of %d bytes, more than the %d a tool call may have", len(args), MaxToolArgs)
		c.Args, c.Result, c.Refused = okResult(map[string]string{"cut": msg}), errorResult("invalid_arguments", msg), msg
		w.Calls = append(w.Calls, c)
		return c.Result
	}
	res, refused := w.exec(ctx, tool, args)
	c.Result, c.Refused = res, refused
	w.Calls = append(w.Calls, c)
	return res
}

// Answered records the user's answer as the result of a pending ask_user.
func (w *World) Answered(seq int, answer string) {
	for i := range w.Calls {
		if w.Calls[i].Seq == seq {
			w.Calls[i].Result = okResult(map[string]string{"answer": answer})
		}
	}
}

func (w *World) exec(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, string) {
	if err := w.tools.checkArgs(tool, args); err != nil {
		code := "invalid_arguments"
		if _, known := w.tools.schemas[tool]; !known {
			code = "unknown_tool"
		}
		return errorResult(code, err.Error()), err.Error()
	}
	var in map[string]any
	_ = json.Unmarshal(args, &in) // the schema said it is an object
	str := func(k string) string { s, _ := in[k].(string); return s }
	refuse := func(code, msg string) (json.RawMessage, string) { return errorResult(code, msg), msg }
	fromRef := func(out json.RawMessage, perr *protocol.Error) (json.RawMessage, string) {
		if perr != nil {
			return refuse(perr.Code, perr.Message)
		}
		return out, ""
	}
	switch tool {
	case "clock_now":
		out, perr := w.op(ctx, "clock-core.agent_timezone", map[string]any{"host_tz": w.HostTZ})
		if perr != nil {
			return refuse(perr.Code, perr.Message)
		}
		var at struct {
			Timezone string `json:"timezone"`
		}
		_ = json.Unmarshal(out, &at)
		return okResult(map[string]string{"now": w.clock(), "agent_tz": at.Timezone}), ""
	case "clock_session_timezone":
		who := w.speaker
		if u := str("user"); u != "" {
			if w.member(u) == nil {
				return refuse("unknown_user", fmt.Sprintf("no participant %q in this conversation", u))
			}
			who = u
		}
		q := map[string]any{"now": w.clock(), "host_tz": w.HostTZ, "time_sensitive": true, "policy": w.policyArg()}
		if m := w.member(who); m != nil && m.Zone != "" {
			q["user_default"] = m.Zone
		}
		if w.ThreadOverride != "" {
			q["thread_override"] = w.ThreadOverride
		}
		for _, k := range []string{"explicit", "mentioned_location"} {
			if v := str(k); v != "" {
				q[k] = v
			}
		}
		return fromRef(w.op(ctx, "clock-core.resolve_session_tz", q))
	case "clock_parse_time":
		q := map[string]any{"text": str("text"), "reference_instant": w.clock()}
		if tz := str("tz"); tz != "" {
			q["tz"] = tz
		}
		return fromRef(w.op(ctx, "clock-core.parse_anchored_time", q))
	case "clock_to_iso":
		return fromRef(w.op(ctx, "clock-core.to_iso", map[string]any{"instant": str("instant"), "tz": str("tz")}))
	case "clock_group_time":
		ps := []map[string]any{}
		for _, m := range w.Members {
			p := map[string]any{"user_key": m.Name}
			if m.Zone != "" {
				p["tz"] = m.Zone
			}
			ps = append(ps, p)
		}
		q := map[string]any{"now": w.clock(), "participants": ps, "relative": true, "policy": w.policyArg()}
		if s := str("scheduled"); s != "" {
			q["scheduled"] = s
		}
		if a := str("addressed_user"); a != "" {
			q["addressed_user"] = a
		}
		return fromRef(w.op(ctx, "clock-awareness.group_time", q))
	case "clock_thread":
		out := map[string]any{"thread_kind": w.ThreadKind, "group": w.Group, "members": w.Members, "last_interaction_iso": nil, "elapsed_minutes": nil}
		if !w.LastActive.IsZero() {
			out["last_interaction_iso"] = w.LastActive.UTC().Format(time.RFC3339)
			out["elapsed_minutes"] = int(w.Now.Sub(w.LastActive) / time.Minute)
		}
		pol, perr := w.op(ctx, "clock-core.load_policy", map[string]any{"yaml": string(w.Policy)})
		if perr != nil {
			return refuse(perr.Code, perr.Message)
		}
		var lp struct {
			Policy json.RawMessage `json:"policy"`
		}
		_ = json.Unmarshal(pol, &lp)
		out["policy"] = lp.Policy
		return okResult(out), ""
	case "set_session_timezone":
		tz := str("tz")
		if _, perr := w.op(ctx, "clock-core.offset_minutes", map[string]any{"tz": tz, "instant": w.clock()}); perr != nil {
			return refuse(perr.Code, perr.Message)
		}
		w.ThreadOverride = tz
		return okResult(map[string]string{"session_tz": tz}), ""
	case "create_reminder":
		return okResult(map[string]any{"id": fmt.Sprintf("rem_%d", len(w.Calls)+1), "at": str("at")}), ""
	case "create_calendar_event":
		if end := str("end"); end != "" {
			s, _ := time.Parse(time.RFC3339, str("start"))
			e, _ := time.Parse(time.RFC3339, end)
			if e.Before(s) {
				return refuse("invalid_arguments", "end is before start")
			}
		}
		return okResult(map[string]any{"id": fmt.Sprintf("evt_%d", len(w.Calls)+1), "start": str("start")}), ""
	case "send_message":
		return okResult(map[string]any{"id": fmt.Sprintf("msg_%d", len(w.Calls)+1), "to": str("to")}), ""
	case "record_action":
		a := &Action{ID: fmt.Sprintf("act_%d", len(w.Actions)+1), Label: str("label"), Status: str("status"), Recorded: w.clock()}
		w.Actions = append(w.Actions, a)
		return okResult(a), ""
	case "update_action":
		for _, a := range w.Actions {
			if a.ID == str("id") {
				a.Status = str("status")
				return okResult(a), ""
			}
		}
		return refuse("unknown_action", fmt.Sprintf("no action %q", str("id")))
	case "list_actions":
		return okResult(map[string]any{"actions": w.Actions}), ""
	case "ask_user":
		return nil, "" // answered when the user speaks (Answered)
	case "datetime_math", "datetime_format":
		return fromRef(w.ref.Call(ctx, tool, args))
	}
	return refuse("unknown_tool", fmt.Sprintf("the world has no tool %q", tool))
}

// Instant reads an RFC 3339 instant with an offset. RFC 3339 §5.6 permits
// a lower-case "t" and "z", as the tools' schemas do, so they are read too.
func Instant(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	if err != nil || !strings.ContainsAny(s[min(len(s), 19):], "Zz+-") {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 instant with an offset", s)
	}
	return t, nil
}

// memberNames lists the members, sorted.
func (w *World) memberNames() []string {
	var out []string
	for _, m := range w.Members {
		out = append(out, m.Name)
	}
	sort.Strings(out)
	return out
}

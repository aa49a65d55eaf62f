package agent

import (
	"context"
	"encoding/json"
	"fmt"
)

// Host is the world as an agent's driver sees it: the tools to offer, and
// Exec to run a call. A driver reports what the agent did wrong at the
// protocol level (a call it could not read, a tool that does not exist)
// with Fault; the conversation goes on, and the trial fails with it.
type Host interface {
	Tools() []ToolDef
	// Exec runs a call and answers it. A well-formed ask_user call is
	// answered nil: the turn ends there, and its answer is what the user
	// says next (the next Turn's text), which the driver sends as the
	// call's result ({"answer": text}).
	Exec(ctx context.Context, tool string, args json.RawMessage) json.RawMessage
	Fault(kind, msg string)
	// Note adds a line to the transcript (a reply, what a driver saw).
	Note(kind, text string)
}

// Turn is what the user says.
type Turn struct {
	From   string `json:"from"`
	Text   string `json:"text"`
	SentAt string `json:"sent_at"`
}

// Yield is how a turn of the agent ended: a reply to the user, or a
// question through ask_user (Asked), whose answer is the next turn's text.
type Yield struct {
	Reply string
	Asked bool
}

// Session is one conversation with an agent.
type Session interface {
	// Turn delivers what the user says — a new message, or the answer to
	// the ask_user call the last turn ended on — and runs the agent until it
	// replies or asks. An error ends the conversation: a *Fault when the
	// agent is at fault (a loop without end, no answer in time, a broken
	// protocol).
	Turn(ctx context.Context, t Turn) (Yield, error)
	Close() error
}

// Conversation is what a session is opened with.
type Conversation struct {
	ID      string // the scenario id and the trial: clock-agent/x/y#2
	Host    Host
	Group   bool
	Members []string
}

// Agent opens conversations.
type Agent interface {
	Name() string
	Open(ctx context.Context, c Conversation) (Session, error)
}

// Fault is the agent's fault that ends a trial.
type Fault struct {
	Kind string // malformed_tool_call, unknown_tool, tool_loop, timeout, endpoint, protocol, crashed
	Msg  string
}

func (f *Fault) Error() string { return f.Kind + ": " + f.Msg }

// Unreachable is the error of a turn, or of a judgement, that no
// connection reached (nothing listens there, no such host). Before the
// agent's (or the judge's) first answer in a run it means the run cannot
// happen (a StartError: conform agent exits 2, as conform run does for an
// implementation that cannot be reached). After one, an agent lost is a
// fault of kind endpoint, charged to the trial, and a judge lost is what
// any judge that cannot judge is (see the judged step).
type Unreachable struct{ Err error }

func (u *Unreachable) Error() string { return "no connection reached it: " + u.Err.Error() }

func (u *Unreachable) Unwrap() error { return u.Err }

// Faultf is a *Fault.
func Faultf(kind, format string, a ...any) *Fault {
	return &Fault{Kind: kind, Msg: fmt.Sprintf(format, a...)}
}

// Fault kinds.
const (
	FaultMalformed = "malformed_tool_call"
	FaultUnknown   = "unknown_tool"
	FaultLoop      = "tool_loop"
	FaultTimeout   = "timeout"
	FaultEndpoint  = "endpoint"
	FaultProtocol  = "protocol"
	FaultCrashed   = "crashed"
)

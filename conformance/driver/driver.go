// Package driver is how the harness reaches an implementation: the Driver
// interface and its transports — in process (InProcess), a supervised
// subprocess speaking JSON Lines (Subprocess), HTTP (HTTP) and an MCP tool
// server on stdio or streamable HTTP (MCP) — with the supervision of their
// processes (starts, restarts, kills, deadlines) and the faults they report
// when an implementation does not answer properly (Fault, WrongAnswer,
// StartFailure), charged to the call they belong to (Ticket).
//
// A driver knows nothing of scenarios, verdicts or reports: it sends calls
// and says what came back. Belongs here: a new transport, process handling,
// a new kind of fault. Not here: judging an answer (conformance/judge) or
// counting verdicts (conformance/result).
package driver

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/clockspec/clockspec/protocol"
)

// Driver is the one seam between the scenarios and an implementation. A
// domain error (the implementation refusing the input) comes back inside the
// Result; the error return is for protocol faults (the implementation did not
// answer properly: a crash, a timeout, garbage).
type Driver interface {
	Hello(ctx context.Context) (protocol.Hello, error)
	Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error)
	Close() error
}

// Implementation is what an in-process Go implementation provides.
type Implementation interface {
	Hello() protocol.Hello
	Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *protocol.Error)
}

// InProcess drives a Go implementation directly, with no encoding round trip
// beyond the JSON the operations themselves take and give.
func InProcess(impl Implementation) Driver { return inProcess{impl} }

type inProcess struct{ impl Implementation }

func (d inProcess) Hello(context.Context) (protocol.Hello, error) { return d.impl.Hello(), nil }

func (d inProcess) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	out, perr := d.impl.Call(ctx, op, input)
	if perr != nil {
		return protocol.Result{Error: perr}, nil
	}
	return protocol.Result{Output: out}, nil
}

func (inProcess) Close() error { return nil }

// Ticket follows one call after its answer: a driver that learns later that
// the call broke the protocol — the implementation wrote more output after
// the answer — charges the fault to the call on its ticket, and the runner
// fails the call's scenario with it.
type Ticket struct {
	mu   sync.Mutex
	late *Fault
}

func (t *Ticket) charge(f *Fault) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.late == nil {
		t.late = f
	}
}

// Late is the fault charged to the call after its answer, if any.
func (t *Ticket) Late() *Fault {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.late
}

type ticketKey struct{}

// WithTicket attaches a call's ticket to its context.
func WithTicket(ctx context.Context, t *Ticket) context.Context {
	return context.WithValue(ctx, ticketKey{}, t)
}

// TicketFrom is the ticket of the call ctx belongs to (nil if none).
func TicketFrom(ctx context.Context) *Ticket {
	t, _ := ctx.Value(ticketKey{}).(*Ticket)
	return t
}

package driver

import (
	"fmt"
	"strings"
	"sync"
)

// FaultKind says how an implementation failed to answer, as opposed to
// answering wrongly. A report never counts a crash as a wrong answer.
type FaultKind string

// Fault kinds.
const (
	FaultCrash    FaultKind = "crash"    // the process exited or the connection dropped
	FaultTimeout  FaultKind = "timeout"  // no answer within the deadline
	FaultProtocol FaultKind = "protocol" // an answer that is not the protocol: not JSON, wrong id, too long
)

// Fault is a driver's report that a call got no proper answer.
type Fault struct {
	Kind   FaultKind
	Detail string
	// Log is the end of the implementation's stderr, when there is one.
	Log string
}

func (f *Fault) Error() string {
	msg := fmt.Sprintf("%s: %s", f.Kind, f.Detail)
	if f.Log != "" {
		msg += "\n--- last lines of the implementation's stderr ---\n" + f.Log
	}
	return msg
}

func faultf(kind FaultKind, format string, args ...any) *Fault {
	return &Fault{Kind: kind, Detail: fmt.Sprintf(format, args...)}
}

// WrongAnswer is a driver's report that the implementation answered, but
// not in the shape the seed gives every answer (an MCP tool result that is
// not one text content of compact JSON, say): the case fails like a wrong
// output, not as a fault.
type WrongAnswer struct{ Problem string }

func (w *WrongAnswer) Error() string { return w.Problem }

func wrongf(format string, args ...any) error {
	return &WrongAnswer{Problem: fmt.Sprintf(format, args...)}
}

// tail keeps the last lines written to it (an implementation's stderr), so
// a failing case can show them without the runner storing everything.
type tail struct {
	mu    sync.Mutex
	lines []string
	part  strings.Builder
	max   int
}

func newTail(max int) *tail { return &tail{max: max} }

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, b := range p {
		if b == '\n' {
			t.push(t.part.String())
			t.part.Reset()
			continue
		}
		if t.part.Len() < 1000 { // one absurd line must not eat memory
			t.part.WriteByte(b)
		}
	}
	return len(p), nil
}

func (t *tail) push(line string) {
	t.lines = append(t.lines, line)
	if len(t.lines) > t.max {
		t.lines = t.lines[len(t.lines)-t.max:]
	}
}

func (t *tail) String() string { return t.last(t.max) }

// last is the last n lines (the unfinished one included).
func (t *tail) last(n int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := t.lines
	if t.part.Len() > 0 {
		lines = append(append([]string{}, lines...), t.part.String())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

package agentdriver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/supervise"
)

// JSONL is an agent that runs as a subprocess speaking the JSON-Lines
// agent protocol: one process per conversation.
type JSONL struct {
	Argv         []string
	Dir          string
	Env          []string // added to the kit's environment
	MaxToolCalls int      // 0: DefaultMaxToolCalls
}

// Name is the command line.
func (j *JSONL) Name() string { return "exec:" + strings.Join(j.Argv, " ") }

// Open starts the process and sends it the conversation's start line.
func (j *JSONL) Open(ctx context.Context, c agent.Conversation) (agent.Session, error) {
	if len(j.Argv) == 0 {
		return nil, fmt.Errorf("agentdriver: an exec agent needs a command")
	}
	cmd := exec.Command(j.Argv[0], j.Argv[1:]...)
	cmd.Dir = j.Dir
	if len(j.Env) > 0 {
		cmd.Env = append(os.Environ(), j.Env...)
	}
	// Pipes of our own (not exec's, which Wait closes) and a supervised
	// tree: the agent's process and every helper it starts, through a
	// wrapper or not, end when the conversation does.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	s := &jsonlSession{stdin: inW, stdout: outR, host: c.Host, max: j.MaxToolCalls, lines: make(chan lineOrErr, 1)}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, &s.stderr
	tree, err := supervise.Start(cmd)
	inR.Close() // the child's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("agentdriver: starting %s: %w", j.Name(), err)
	}
	s.tree = tree
	if s.max <= 0 {
		s.max = DefaultMaxToolCalls
	}
	go s.read(outR)
	start := map[string]any{"type": "start", "conversation": c.ID, "tools": c.Host.Tools(), "group": c.Group, "members": c.Members}
	if err := s.send(ctx, start); err != nil {
		_ = s.Close()
		return nil, agent.Faultf(agent.FaultCrashed, "the agent did not take its start line: %v%s", err, s.stderrTail())
	}
	return s, nil
}

type lineOrErr struct {
	line []byte
	err  error
}

type jsonlSession struct {
	tree    *supervise.Tree
	stdin   io.WriteCloser
	stdout  io.Closer
	host    agent.Host
	max     int
	lines   chan lineOrErr
	stderr  lockedBuffer
	pending string // the id of the ask_user call the last turn ended on
	closed  bool
}

// maxAgentLine is the longest line an agent may write (docs/agent-protocol.md).
const maxAgentLine = 4 << 20

func (s *jsonlSession) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxAgentLine)
	for sc.Scan() {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		s.lines <- lineOrErr{line: append([]byte(nil), line...)}
	}
	err := sc.Err()
	if err == nil {
		err = io.EOF
	}
	s.lines <- lineOrErr{err: err}
	close(s.lines)
}

// sendTimeout bounds one line written to the agent when ctx has no
// earlier deadline: an agent that stops reading its stdin fills the pipe,
// and the write would otherwise block for ever.
const sendTimeout = 30 * time.Second

// send writes one line to the agent, by ctx's deadline (at most
// sendTimeout) and giving up at once when ctx ends: a write to an agent
// that no longer reads is a fault of the trial, never a hang of the run.
func (s *jsonlSession) send(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if f, ok := s.stdin.(*os.File); ok {
		dl := time.Now().Add(sendTimeout)
		if d, ok := ctx.Deadline(); ok && d.Before(dl) {
			dl = d
		}
		_ = f.SetWriteDeadline(dl)
		stop := context.AfterFunc(ctx, func() { _ = f.SetWriteDeadline(time.Now()) })
		defer stop()
	}
	_, err = s.stdin.Write(append(b, '\n'))
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return fmt.Errorf("the agent did not read its input in time (%w)", err)
	}
	return err
}

type agentLine struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	Text      string          `json:"text"`
}

// Turn sends the user's words (or the answer to a pending ask_user) and
// plays the agent's tool calls until it replies or asks.
func (s *jsonlSession) Turn(ctx context.Context, t agent.Turn) (agent.Yield, error) {
	var err error
	if s.pending != "" {
		err = s.send(ctx, map[string]any{"type": "tool_result", "id": s.pending, "result": map[string]string{"answer": t.Text}})
		s.pending = ""
	} else {
		err = s.send(ctx, map[string]any{"type": "user", "from": t.From, "text": t.Text, "sent_at": t.SentAt})
	}
	if err != nil {
		return agent.Yield{}, writeFault(err, s)
	}
	calls := 0
	for {
		var le lineOrErr
		var ok bool
		select {
		case <-ctx.Done():
			return agent.Yield{}, agent.Faultf(agent.FaultTimeout, "the agent did not reply in time (%v)", ctx.Err())
		case le, ok = <-s.lines:
		}
		if ok && errors.Is(le.err, bufio.ErrTooLong) {
			return agent.Yield{}, agent.Faultf(agent.FaultProtocol, "a line longer than %d MiB, the protocol's limit on one line", maxAgentLine>>20)
		}
		if !ok || le.err != nil {
			return agent.Yield{}, agent.Faultf(agent.FaultCrashed, "the agent's output ended mid-turn%s", s.exitedTail())
		}
		var m agentLine
		if err := json.Unmarshal(le.line, &m); err != nil {
			return agent.Yield{}, agent.Faultf(agent.FaultProtocol, "a line that is not JSON: %.200s", le.line)
		}
		switch m.Type {
		case "reply":
			return agent.Yield{Reply: m.Text}, nil
		case "tool_call":
			calls++
			if calls > s.max {
				return agent.Yield{}, agent.Faultf(agent.FaultLoop, "more than %d tool calls in one turn", s.max)
			}
			if m.ID == "" {
				return agent.Yield{}, agent.Faultf(agent.FaultProtocol, "a tool_call without an id: %.200s", le.line)
			}
			args, ok := arguments(m.Arguments)
			switch {
			case !ok:
				s.host.Fault(agent.FaultMalformed, fmt.Sprintf("call %s of %q: arguments are not a JSON object: %.200s", m.ID, m.Name, m.Arguments))
				err = s.send(ctx, map[string]any{"type": "tool_result", "id": m.ID, "result": errorJSON("invalid_arguments", "arguments must be a JSON object")})
			case !known(s.host, m.Name):
				s.host.Fault(agent.FaultUnknown, fmt.Sprintf("call %s: there is no tool %q", m.ID, m.Name))
				err = s.send(ctx, map[string]any{"type": "tool_result", "id": m.ID, "result": s.host.Exec(ctx, m.Name, args)})
			default:
				res := s.host.Exec(ctx, m.Name, args)
				if res == nil { // ask_user: the answer is the user's next words
					s.pending = m.ID
					return agent.Yield{Asked: true}, nil
				}
				err = s.send(ctx, map[string]any{"type": "tool_result", "id": m.ID, "result": res})
			}
			if err != nil {
				return agent.Yield{}, writeFault(err, s)
			}
		default:
			return agent.Yield{}, agent.Faultf(agent.FaultProtocol, "a line of unknown type %q: %.200s", m.Type, le.line)
		}
	}
}

// Close ends the conversation: an end line, stdin closed, a moment to exit,
// then a kill.
func (s *jsonlSession) Close() error {
	if s.closed {
		return nil
	}
	s.closed = true
	defer func() {
		go func() { // let the reader finish whatever the process still wrote
			for range s.lines {
			}
		}()
	}()
	endCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	_ = s.send(endCtx, map[string]any{"type": "end"})
	cancel()
	_ = s.stdin.Close()
	var exitErr error
	select {
	case <-s.tree.Exited():
		var ee *exec.ExitError
		if err := s.tree.Err(); errors.As(err, &ee) {
			exitErr = fmt.Errorf("the agent exited with %v%s", err, s.stderrTail())
		}
	case <-time.After(2 * time.Second):
	}
	// Whatever is left of the tree — the agent, if it did not exit, and
	// any helper it started — ends now.
	_ = s.tree.Kill()
	_ = s.stdout.Close()
	return exitErr
}

// writeFault is the fault of a write to the agent that failed: a time-out
// when it stopped reading (or the turn's time ran out), a crash when its
// input is closed.
func writeFault(err error, s *jsonlSession) error {
	if errors.Is(err, os.ErrDeadlineExceeded) {
		return agent.Faultf(agent.FaultTimeout, "writing to the agent: %v%s", err, s.stderrTail())
	}
	return agent.Faultf(agent.FaultCrashed, "writing to the agent: %v%s", err, s.exitedTail())
}

// exitedTail is stderrTail once the agent has exited (for at most 2 s):
// its output ending or its stdin closing means it is going, and what it
// said on the way out reaches the kit only when it has been reaped (exec
// copies stderr until then), so reading at once would often miss it.
func (s *jsonlSession) exitedTail() string {
	select {
	case <-s.tree.Exited():
	case <-time.After(2 * time.Second):
	}
	return s.stderrTail()
}

func (s *jsonlSession) stderrTail() string {
	t := strings.TrimSpace(s.stderr.String())
	if t == "" {
		return ""
	}
	if len(t) > 500 {
		t = "…" + t[len(t)-500:]
	}
	return "; its stderr: " + t
}

// lockedBuffer is a bytes.Buffer the process writes while the kit reads.
// It keeps only the last stderrKeep bytes: the message shows the tail of
// what the agent said, and an agent writing without end must not grow the
// kit's memory with it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// stderrKeep is how much of an agent's stderr is kept (its tail).
const stderrKeep = 8 << 10

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(p)
	if len(p) > stderrKeep {
		p = p[len(p)-stderrKeep:]
	}
	if l.b.Len()+len(p) > 2*stderrKeep {
		tail := append([]byte(nil), l.b.Bytes()[l.b.Len()-(stderrKeep-len(p)):]...)
		l.b.Reset()
		l.b.Write(tail)
	}
	l.b.Write(p)
	return n, nil
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

package conformance

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// SubprocessOptions configure the subprocess driver.
type SubprocessOptions struct {
	Argv []string // the command and its arguments; no shell is involved
	Dir  string
	Env  []string // nil: the runner's environment
	// Deadline bounds each call. Default 5 s.
	Deadline time.Duration
	// StartDeadline bounds a start: the process coming up and answering
	// hello. Runtimes take their time to start (and longer on a loaded
	// CI machine), so it is separate from Deadline. Default 15 s.
	StartDeadline time.Duration
	// Window is how many calls may be in flight at once on the pipe.
	// Default 16.
	Window int
	// MaxRestarts bounds how often a crashed or hung child is started
	// again within one run. Default 3.
	MaxRestarts int
	// StderrLog, when set, receives the child's whole stderr.
	StderrLog io.Writer
}

// Subprocess drives one long-lived child process speaking JSON Lines on its
// stdin and stdout. A crash, a hang, a line that is not JSON, an answer with
// an unknown id or a line over protocol.MaxMessageBytes fails the calls in
// flight with a Fault naming it, and the next call starts a new child (up to
// MaxRestarts), so one misbehaving case never takes the run down.
func Subprocess(opts SubprocessOptions) (Driver, error) {
	if len(opts.Argv) == 0 || opts.Argv[0] == "" {
		return nil, errors.New("subprocess: no command")
	}
	if _, err := exec.LookPath(opts.Argv[0]); err != nil {
		return nil, fmt.Errorf("subprocess: %w", err)
	}
	if opts.Deadline <= 0 {
		opts.Deadline = 5 * time.Second
	}
	if opts.StartDeadline <= 0 {
		opts.StartDeadline = 15 * time.Second
	}
	if opts.Window <= 0 {
		opts.Window = 16
	}
	if opts.MaxRestarts < 0 {
		opts.MaxRestarts = 0
	} else if opts.MaxRestarts == 0 {
		opts.MaxRestarts = 3
	}
	return &subprocess{opts: opts, window: make(chan struct{}, opts.Window), stderr: newTail(20)}, nil
}

type subprocess struct {
	opts   SubprocessOptions
	window chan struct{}
	stderr *tail
	nextID atomic.Uint64

	mu       sync.Mutex
	cur      *child
	starts   int
	hello    protocol.Hello
	hasHello bool
	closed   bool
}

type answer struct {
	resp protocol.Response
}

// child is one running process and the reader that dispatches its answers.
type child struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	writeMu sync.Mutex

	mu      sync.Mutex
	pending map[string]chan answer
	dead    chan struct{} // closed once the process is gone and reaped
	why     *Fault        // why it is gone
	killed  bool
}

func (d *subprocess) Hello(ctx context.Context) (protocol.Hello, error) {
	if _, err := d.child(ctx); err != nil {
		return protocol.Hello{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.hello, nil
}

// child returns the running child, starting one (and saying hello) if
// there is none or the last one died.
func (d *subprocess) child(ctx context.Context) (*child, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, errors.New("subprocess: driver closed")
	}
	if d.cur != nil && !d.cur.isDead() {
		return d.cur, nil
	}
	if d.starts > d.opts.MaxRestarts {
		f := faultf(FaultCrash, "gave up after %d restarts of %q", d.opts.MaxRestarts, d.opts.Argv[0])
		f.Log = d.stderr.String()
		return nil, f
	}
	d.starts++
	c, err := d.start()
	if err != nil {
		return nil, err
	}
	d.cur = c
	hctx, cancel := context.WithTimeout(ctx, d.opts.StartDeadline)
	defer cancel()
	resp, err := d.exchange(hctx, c, protocol.OpHello, json.RawMessage(`{"protocol":"`+protocol.Version+`"}`), d.opts.StartDeadline)
	if err != nil {
		return nil, fmt.Errorf("hello: %w", err)
	}
	var h protocol.Hello
	if resp.Error != nil {
		return nil, faultf(FaultProtocol, "hello answered with error %s: %s", resp.Error.Code, resp.Error.Message)
	}
	if err := json.Unmarshal(resp.Output, &h); err != nil || h.Implementation == "" {
		return nil, faultf(FaultProtocol, "hello answer is not a hello object: %s", resp.Output)
	}
	if h.Protocol != protocol.Version {
		return nil, faultf(FaultProtocol, "implementation speaks protocol %q, the runner %q", h.Protocol, protocol.Version)
	}
	d.hello, d.hasHello = h, true
	return c, nil
}

func (d *subprocess) start() (*child, error) {
	cmd := exec.Command(d.opts.Argv[0], d.opts.Argv[1:]...)
	cmd.Dir = d.opts.Dir
	cmd.Env = d.opts.Env
	// Its own process group, so a kill reaches any helper it started and
	// no grandchild keeps the pipes open.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = time.Second
	if d.opts.StderrLog != nil {
		cmd.Stderr = io.MultiWriter(d.stderr, d.opts.StderrLog)
	} else {
		cmd.Stderr = d.stderr
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("subprocess: start %q: %w", d.opts.Argv[0], err)
	}
	c := &child{cmd: cmd, stdin: stdin, pending: map[string]chan answer{}, dead: make(chan struct{})}
	go c.read(stdout, d.stderr)
	return c, nil
}

// read dispatches answers by id until the child's stdout ends or breaks the
// protocol, then reaps the process.
func (c *child) read(stdout io.Reader, stderr *tail) {
	r := bufio.NewReaderSize(stdout, 64<<10)
	var why *Fault
	for why == nil {
		line, err := protocol.ReadLine(r, protocol.MaxMessageBytes)
		switch {
		case errors.Is(err, protocol.ErrLineTooLong):
			why = faultf(FaultProtocol, "a line of its stdout exceeds %d bytes", protocol.MaxMessageBytes)
		case err != nil:
			why = faultf(FaultCrash, "its stdout closed")
		default:
			why = c.dispatch(line)
		}
	}
	waited := make(chan error, 1)
	go func() { waited <- c.cmd.Wait() }()
	if why.Kind == FaultCrash {
		// Its stdout ended: give the process a moment to exit by itself so
		// the report can say how it ended, then make sure it is gone.
		select {
		case err := <-waited:
			why = faultf(FaultCrash, "the implementation exited (%v)", exitText(err))
		case <-time.After(500 * time.Millisecond):
			c.kill(why)
			<-waited
		}
	} else {
		c.kill(why)
		<-waited
	}
	c.mu.Lock()
	if c.why == nil {
		c.why = why
	}
	c.killed = true
	c.why.Log = stderr.String()
	c.mu.Unlock()
	close(c.dead)
}

func exitText(err error) string {
	if err == nil {
		return "status 0"
	}
	return err.Error()
}

func (c *child) dispatch(line []byte) *Fault {
	if protocol.IsBlankLine(line) {
		return nil
	}
	var resp protocol.Response
	if err := json.Unmarshal(line, &resp); err != nil {
		return faultf(FaultProtocol, "its stdout has a line that is not a JSON response: %.200q", line)
	}
	c.mu.Lock()
	ch, ok := c.pending[resp.ID]
	delete(c.pending, resp.ID)
	c.mu.Unlock()
	if !ok {
		return faultf(FaultProtocol, "it answered with id %q, which no request in flight has", resp.ID)
	}
	ch <- answer{resp: resp}
	return nil
}

// kill ends the process group once; the first reason given wins.
func (c *child) kill(why *Fault) {
	c.mu.Lock()
	if c.why == nil {
		c.why = why
	}
	first := !c.killed
	c.killed = true
	c.mu.Unlock()
	if first && c.cmd.Process != nil {
		_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
	}
}

func (c *child) isDead() bool {
	select {
	case <-c.dead:
		return true
	default:
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.killed
	}
}

func (c *child) fault() *Fault {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := *c.why
	return &f
}

func (d *subprocess) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	select {
	case d.window <- struct{}{}:
		defer func() { <-d.window }()
	case <-ctx.Done():
		return protocol.Result{}, ctx.Err()
	}
	c, err := d.child(ctx)
	if err != nil {
		return protocol.Result{}, err
	}
	cctx, cancel := context.WithTimeout(ctx, d.opts.Deadline)
	defer cancel()
	resp, err := d.exchange(cctx, c, op, input, d.opts.Deadline)
	if err != nil {
		return protocol.Result{}, err
	}
	return protocol.Result{Output: resp.Output, Error: resp.Error}, nil
}

// exchange sends one request and waits for its answer, the child's death or
// the deadline — whichever comes first. A deadline kills the child: a hung
// process cannot be trusted with the next case.
func (d *subprocess) exchange(ctx context.Context, c *child, op string, input json.RawMessage, limit time.Duration) (protocol.Response, error) {
	id := strconv.FormatUint(d.nextID.Add(1), 10)
	ch := make(chan answer, 1)
	c.mu.Lock()
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	line, err := json.Marshal(protocol.Request{ID: id, Op: op, Input: input})
	if err != nil {
		return protocol.Response{}, err
	}
	c.writeMu.Lock()
	_, err = c.stdin.Write(append(line, '\n'))
	c.writeMu.Unlock()
	if err != nil {
		c.kill(faultf(FaultCrash, "writing to its stdin failed: %v", err))
	}
	select {
	case a := <-ch:
		if a.resp.Output != nil && a.resp.Error != nil {
			return protocol.Response{}, faultf(FaultProtocol, "answer %s has both output and error", id)
		}
		if a.resp.Output == nil && a.resp.Error == nil {
			return protocol.Response{}, faultf(FaultProtocol, "answer %s has neither output nor error", id)
		}
		return a.resp, nil
	case <-c.dead:
		return protocol.Response{}, c.fault()
	case <-ctx.Done():
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			c.kill(faultf(FaultTimeout, "no answer to %s within %s", op, limit))
			<-c.dead
			return protocol.Response{}, c.fault()
		}
		return protocol.Response{}, ctx.Err()
	}
}

// Close ends the child: stdin is closed so a well-behaved implementation
// exits by itself; after a second it is killed.
func (d *subprocess) Close() error {
	d.mu.Lock()
	d.closed = true
	c := d.cur
	d.mu.Unlock()
	if c == nil {
		return nil
	}
	c.stdin.Close()
	select {
	case <-c.dead:
	case <-time.After(time.Second):
		c.kill(faultf(FaultCrash, "killed at the end of the run"))
		<-c.dead
	}
	return nil
}

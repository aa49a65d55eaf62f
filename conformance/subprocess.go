package conformance

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
	"strconv"
	"strings"
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
	// HostTZ, when set, is the TZ variable the implementation runs under
	// (replacing the runner's): its host time zone.
	HostTZ string
	// Deadline bounds each call, writing the request included. Default 5 s.
	Deadline time.Duration
	// StartDeadline bounds a start: the process coming up and answering
	// hello. Runtimes take their time to start (and longer on a loaded
	// CI machine), so it is separate from Deadline. Default 15 s.
	StartDeadline time.Duration
	// Window is how many calls may be in flight at once on the pipe.
	// Default 16.
	Window int
	// MaxRestarts bounds how many consecutive failed starts (a process that
	// does not answer hello) are tried again: after MaxRestarts+1 in a row
	// the driver gives up. A child that said hello and later crashes is
	// always replaced; its crash is charged to the call in flight. 0 means
	// the default, 3; negative means none.
	MaxRestarts int
	// Grace is how long stdout may stay open after the process exited (a
	// process it started in another session can hold it) before the runner
	// stops reading it. Default 500 ms.
	Grace time.Duration
	// StderrLog, when set, receives every child's whole stderr.
	StderrLog io.Writer
}

// stderrLines is how much of a child's stderr is kept: all of it shown when
// the implementation cannot start, the last failTailLines with a failing call.
const (
	stderrLines   = 60
	failTailLines = 20
)

// Subprocess drives one long-lived child process speaking JSON Lines on its
// stdin and stdout.
//
// Blame: a crash, a time-out or an answer that breaks the protocol is charged
// to the call it belongs to — the call whose answer was late, malformed or
// missing, or, for output after an answer (an answer written twice, a debug
// line), the call it followed — and the next call gets a fresh child. When a
// child dies with several calls in flight and the culprit is unknown, each of
// them is sent once more, alone, to a fresh child: a call that kills two
// children is charged, the others are answered. Only starting is capped:
// after MaxRestarts+1 consecutive children fail to answer hello, the driver
// gives up with a *StartFailure.
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
	if opts.Grace <= 0 {
		opts.Grace = 500 * time.Millisecond
	}
	if opts.MaxRestarts < 0 {
		opts.MaxRestarts = 0
	} else if opts.MaxRestarts == 0 {
		opts.MaxRestarts = 3
	}
	if opts.StderrLog != nil {
		opts.StderrLog = &lockedWriter{w: opts.StderrLog}
	}
	return &subprocess{opts: opts, window: make(chan struct{}, opts.Window)}, nil
}

type subprocess struct {
	opts   SubprocessOptions
	window chan struct{}
	// solo: calls in flight together hold it shared; a call sent again
	// after a death it may not have caused holds it alone, so that a second
	// death is its own.
	solo   sync.RWMutex
	nextID atomic.Uint64

	mu       sync.Mutex
	cur      *child
	children []*child
	hello    protocol.Hello
	hasHello bool
	closed   bool
	gaveUp   *StartFailure
	warnings []string
}

// pendingCall is one request waiting for its answer.
type pendingCall struct {
	id, op string
	ch     chan answer // buffered: the reader never blocks on it
	ticket *Ticket
	// delivered: its answer was handed over (guarded by the child's mu).
	delivered bool
}

type answer struct {
	resp  protocol.Response
	fault *Fault // the answer came, but output right behind it broke the protocol
}

// child is one running process and the reader that dispatches its answers.
type child struct {
	cmd     *exec.Cmd
	pid     int
	stdin   *os.File
	stdout  *os.File
	stderrR *os.File
	stderr  *tail // this child's stderr only
	grace   time.Duration
	writeMu sync.Mutex

	exited     chan struct{} // closed when the process has exited
	exitErr    error
	readDone   chan struct{}
	stderrDone chan struct{}
	dead       chan struct{} // closed once the process is gone and its pipes are closed

	mu       sync.Mutex
	pending  map[string]*pendingCall
	answered map[string]*pendingCall // recent answers by id, to blame output after them
	order    []string
	last     *pendingCall // the last call answered
	why      *Fault       // why it is gone
	culprit  *pendingCall // the call charged with it, when known
	inFlight int          // calls in flight when it died
	dying    bool
	eof      bool // the death was its stdout ending: the exit status says more
}

// Hello starts the implementation (if it is not running) and returns its
// hello. An implementation no child of which answers hello gives a
// *StartFailure.
func (d *subprocess) Hello(ctx context.Context) (protocol.Hello, error) {
	if _, err := d.child(ctx); err != nil {
		return protocol.Hello{}, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.hello, nil
}

// StartFailure is an implementation that could not be started: no child
// answered hello. Its message is the whole story — the cause, the child's
// stderr (up to 60 lines) and a hint where one applies.
type StartFailure struct {
	Command  string
	Attempts int
	Cause    *Fault
	Stderr   string
	Hint     string
	// Started is true when an earlier child did answer hello.
	Started bool
	brief   bool // repeated: the stderr was shown with an earlier call
}

func (e *StartFailure) Error() string {
	var b strings.Builder
	what := "the implementation could not be started"
	if e.Started {
		what = "the implementation could not be started again"
	}
	fmt.Fprintf(&b, "%s (%s; %d attempt", what, e.Command, e.Attempts)
	if e.Attempts != 1 {
		b.WriteString("s")
	}
	fmt.Fprintf(&b, "): %s: %s", e.Cause.Kind, e.Cause.Detail)
	switch {
	case e.brief:
		b.WriteString(" (its stderr is shown with the first call that met this)")
	case e.Stderr != "":
		b.WriteString("\n--- its stderr ---\n" + e.Stderr)
	default:
		b.WriteString("\n(its stderr was empty)")
	}
	if e.Hint != "" {
		b.WriteString("\nhint: " + e.Hint)
	}
	return b.String()
}

// Unwrap lets a StartFailure count as a fault (a crash, a time-out or a
// protocol error) where a call meets it.
func (e *StartFailure) Unwrap() error { return e.Cause }

// startHint recognises a few causes of a failed start that have a known fix.
func startHint(stderr string) string {
	switch {
	case strings.Contains(stderr, "Cannot find module"), strings.Contains(stderr, "ERR_MODULE_NOT_FOUND"),
		strings.Contains(stderr, "Cannot find package"):
		return "Node packages are missing: run `npm ci` in the implementation's folder"
	case strings.Contains(stderr, "ModuleNotFoundError"), strings.Contains(stderr, "No module named"):
		return "Python modules are missing: install the implementation's requirements (pip install -r requirements.txt)"
	}
	return ""
}

// child returns the running child, starting one (and saying hello) if
// there is none or the last one died. Only a child that answered hello is
// ever used.
func (d *subprocess) child(ctx context.Context) (*child, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil, errors.New("subprocess: driver closed")
	}
	if d.cur != nil && !d.cur.isDying() {
		return d.cur, nil
	}
	if d.gaveUp != nil {
		// Told in full once; every later call gets one line, not the
		// stderr again.
		brief := *d.gaveUp
		brief.Stderr, brief.Hint, brief.brief = "", "", true
		return nil, &brief
	}
	for attempt := 1; ; attempt++ {
		c, err := d.start()
		if err != nil {
			d.gaveUp = &StartFailure{Command: d.opts.Argv[0], Attempts: attempt, Cause: faultf(FaultCrash, "%v", err), Started: d.hasHello}
			return nil, d.gaveUp
		}
		// Close waits for the children not yet gone; the others are let go.
		live := d.children[:0]
		for _, old := range d.children {
			select {
			case <-old.dead:
			default:
				live = append(live, old)
			}
		}
		d.children = append(live, c)
		h, f := d.sayHello(ctx, c)
		if f == nil {
			d.cur, d.hello, d.hasHello = c, h, true
			return c, nil
		}
		c.die(f, nil)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		<-c.dead
		if attempt > d.opts.MaxRestarts || f.Kind == FaultProtocol {
			// A wrong protocol or garbage will not improve with another try.
			stderr := c.stderr.last(stderrLines)
			d.gaveUp = &StartFailure{Command: strings.Join(d.opts.Argv, " "), Attempts: attempt,
				Cause: &Fault{Kind: f.Kind, Detail: f.Detail}, Stderr: stderr, Hint: startHint(stderr), Started: d.hasHello}
			return nil, d.gaveUp
		}
	}
}

func (d *subprocess) sayHello(ctx context.Context, c *child) (protocol.Hello, *Fault) {
	resp, f, _, err := d.exchange(ctx, c, protocol.OpHello, json.RawMessage(`{"protocol":"`+protocol.Version+`"}`), d.opts.StartDeadline, nil)
	if err != nil {
		return protocol.Hello{}, faultf(FaultCrash, "hello: %v", err)
	}
	if f != nil {
		return protocol.Hello{}, f
	}
	var h protocol.Hello
	if resp.Error != nil {
		return h, faultf(FaultProtocol, "hello answered with error %s: %s", resp.Error.Code, resp.Error.Message)
	}
	if err := json.Unmarshal(resp.Output, &h); err != nil || h.Implementation == "" {
		return h, faultf(FaultProtocol, "hello answer is not a hello object: %.200s", resp.Output)
	}
	if h.Protocol != protocol.Version {
		return h, faultf(FaultProtocol, "implementation speaks protocol %q, the runner %q", h.Protocol, protocol.Version)
	}
	return h, nil
}

func (d *subprocess) env() []string {
	env := d.opts.Env
	if d.opts.HostTZ == "" {
		return env
	}
	if env == nil {
		env = os.Environ()
	}
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TZ=") {
			out = append(out, kv)
		}
	}
	return append(out, "TZ="+d.opts.HostTZ)
}

// start runs a new child with its three pipes made here (not by os/exec), so
// that the runner decides how long to wait for them: os/exec would wait for
// EOF on a pipe that a grandchild in another session keeps open.
func (d *subprocess) start() (*child, error) {
	cmd := exec.Command(d.opts.Argv[0], d.opts.Argv[1:]...)
	cmd.Dir = d.opts.Dir
	cmd.Env = d.env()
	// Its own process group, so a kill reaches any helper it started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
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
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	inR.Close() // the child's ends; the parent keeps the others
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("start %q: %w", d.opts.Argv[0], err)
	}
	c := &child{cmd: cmd, pid: cmd.Process.Pid, stdin: inW, stdout: outR, stderrR: errR,
		stderr: newTail(stderrLines), grace: d.opts.Grace,
		exited: make(chan struct{}), readDone: make(chan struct{}), stderrDone: make(chan struct{}), dead: make(chan struct{}),
		pending: map[string]*pendingCall{}, answered: map[string]*pendingCall{}}
	var sink io.Writer = c.stderr
	if d.opts.StderrLog != nil {
		sink = io.MultiWriter(c.stderr, d.opts.StderrLog)
	}
	go func() {
		_, _ = io.Copy(sink, errR)
		close(c.stderrDone)
	}()
	go c.read()
	go d.teardown(c)
	return c, nil
}

// teardown waits for the process to exit, gives its pipes a short grace to
// end, and closes them whatever holds them open, so a run always ends.
func (d *subprocess) teardown(c *child) {
	c.exitErr = c.cmd.Wait()
	close(c.exited)
	// Anything left in its process group goes with it.
	_ = syscall.Kill(-c.pid, syscall.SIGKILL)
	held := false
	select {
	case <-c.readDone:
	case <-time.After(c.grace):
		held = true
		c.stdout.Close()
		<-c.readDone
	}
	select {
	case <-c.stderrDone:
	case <-time.After(c.grace):
		c.stderrR.Close()
		<-c.stderrDone
	}
	c.stdout.Close()
	c.stderrR.Close()
	c.stdin.Close()
	c.die(faultf(FaultCrash, "the implementation exited (%s)", exitText(c.exitErr)), nil)
	c.mu.Lock()
	if c.eof {
		c.why = faultf(FaultCrash, "the implementation exited (%s)", exitText(c.exitErr))
	}
	if held {
		c.why.Detail += "; " + stdoutHeldNote
	}
	c.why.Log = c.stderr.last(failTailLines)
	c.mu.Unlock()
	if held {
		d.mu.Lock()
		d.warnings = append(d.warnings, fmt.Sprintf("%s (process %d)", stdoutHeldNote, c.pid))
		d.mu.Unlock()
	}
	close(c.dead)
}

// stdoutHeldNote is what a run says when a process the implementation
// started outside its process group (setsid) keeps its stdout open: the
// runner cannot kill it, and stops reading after the grace period.
const stdoutHeldNote = "stdout still open after the implementation exited (a process it started outside its process group holds it and may still be running)"

func exitText(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// read dispatches answers by id until the child's stdout ends or breaks the
// protocol. Output right behind an answer that is already in the buffer is
// read before the answer is handed over, so that garbage after an answer
// (a debug line, the answer written twice) is charged to that answer's call.
func (c *child) read() {
	defer close(c.readDone)
	r := bufio.NewReaderSize(c.stdout, 64<<10)
	var held *pendingCall
	var heldResp protocol.Response
	for {
		if held != nil && !lineBuffered(r) {
			c.deliver(held, answer{resp: heldResp})
			held = nil
		}
		line, err := protocol.ReadLine(r, protocol.MaxMessageBytes)
		switch {
		case errors.Is(err, protocol.ErrLineTooLong):
			c.breach(held, faultf(FaultProtocol, "a line of its stdout exceeds %d bytes", protocol.MaxMessageBytes))
			return
		case err != nil:
			if held != nil {
				c.deliver(held, answer{resp: heldResp})
			}
			// Its stdout ended or was closed after the process exited: give
			// it a moment to exit, so the fault can say how it ended.
			select {
			case <-c.exited:
			case <-time.After(c.grace):
			}
			c.mu.Lock()
			if !c.dying {
				c.eof = true
			}
			c.mu.Unlock()
			c.die(faultf(FaultCrash, "it closed its stdout"), nil)
			return
		}
		if protocol.IsBlankLine(line) {
			continue
		}
		var resp protocol.Response
		if err := json.Unmarshal(line, &resp); err != nil {
			c.breach(held, faultf(FaultProtocol, "its stdout has a line that is not a JSON response: %.200q", line))
			return
		}
		c.mu.Lock()
		cl, ok := c.pending[resp.ID]
		delete(c.pending, resp.ID)
		prev := c.answered[resp.ID]
		c.mu.Unlock()
		if !ok {
			if prev != nil {
				c.breach(prev, faultf(FaultProtocol, "it answered %s (request %s) a second time", prev.op, prev.id))
			} else {
				c.breach(held, faultf(FaultProtocol, "it answered with id %q, which no request in flight has", resp.ID))
			}
			return
		}
		if held != nil {
			c.deliver(held, answer{resp: heldResp})
		}
		held, heldResp = cl, resp
		c.mu.Lock()
		c.answered[cl.id] = cl // known before delivery: a second copy may follow at once
		c.mu.Unlock()
	}
}

// lineBuffered reports whether a whole line is already read from the pipe.
func lineBuffered(r *bufio.Reader) bool {
	n := r.Buffered()
	if n == 0 {
		return false
	}
	b, _ := r.Peek(n)
	return bytes.IndexByte(b, '\n') >= 0
}

// deliver hands an answer to its call and remembers the call as answered.
func (c *child) deliver(cl *pendingCall, a answer) {
	c.mu.Lock()
	c.answered[cl.id] = cl
	cl.delivered = true
	c.order = append(c.order, cl.id)
	if len(c.order) > 256 {
		delete(c.answered, c.order[0])
		c.order = c.order[1:]
	}
	if a.fault == nil {
		c.last = cl
	}
	c.mu.Unlock()
	cl.ch <- a
}

// breach ends the child for output that broke the protocol. blame is the
// call the output belongs to: the answer it came right behind, or (nil)
// whichever call is in flight. With nothing in flight, it followed the last
// answer. A call whose answer is still held gets the fault instead of its
// answer; one already answered is charged after the fact, through its ticket.
func (c *child) breach(blame *pendingCall, f *Fault) {
	c.mu.Lock()
	if blame == nil && len(c.pending) == 0 {
		blame = c.last
	}
	delivered := blame != nil && blame.delivered
	c.mu.Unlock()
	switch {
	case blame == nil:
	case delivered:
		f.Detail += " (after its answer to " + blame.op + ")"
		if blame.ticket != nil {
			blame.ticket.charge(f)
		}
	default:
		f.Detail += " (right behind its answer to " + blame.op + ")"
		blame.ch <- answer{fault: f} // held, so its buffer is empty
	}
	c.die(f, blame)
}

// die records why the child is going and who is charged with it, and kills
// its process group. The first reason given wins.
func (c *child) die(why *Fault, culprit *pendingCall) {
	c.mu.Lock()
	first := !c.dying
	if first {
		c.dying = true
		c.why, c.culprit, c.inFlight = why, culprit, len(c.pending)
	}
	c.mu.Unlock()
	if first {
		_ = syscall.Kill(-c.pid, syscall.SIGKILL)
	}
}

func (c *child) isDying() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dying
}

func (c *child) fault() *Fault {
	c.mu.Lock()
	defer c.mu.Unlock()
	f := *c.why
	return &f
}

func (c *child) write(line []byte, deadline time.Time) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if err := c.stdin.SetWriteDeadline(deadline); err != nil {
		return err
	}
	_, err := c.stdin.Write(append(line, '\n'))
	return err
}

func (d *subprocess) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	select {
	case d.window <- struct{}{}:
		defer func() { <-d.window }()
	case <-ctx.Done():
		return protocol.Result{}, ctx.Err()
	}
	tk := TicketFrom(ctx)
	alone := false
	for attempt := 1; ; attempt++ {
		if alone {
			d.solo.Lock()
		} else {
			d.solo.RLock()
		}
		resp, f, again, err := d.attempt(ctx, op, input, tk)
		if alone {
			d.solo.Unlock()
		} else {
			d.solo.RUnlock()
		}
		switch {
		case err != nil:
			return protocol.Result{}, err
		case f == nil:
			return protocol.Result{Output: resp.Output, Error: resp.Error}, nil
		case !again || attempt >= 3:
			if attempt > 1 {
				f.Detail += fmt.Sprintf(" (sent %d times, each to a fresh process)", attempt)
			}
			return protocol.Result{}, f
		}
		alone = true
	}
}

func (d *subprocess) attempt(ctx context.Context, op string, input json.RawMessage, tk *Ticket) (protocol.Response, *Fault, bool, error) {
	c, err := d.child(ctx)
	if err != nil {
		return protocol.Response{}, nil, false, err
	}
	return d.exchange(ctx, c, op, input, d.opts.Deadline, tk)
}

// exchange sends one request and waits for its answer, the child's death or
// the deadline — whichever comes first; the deadline covers writing the
// request. It returns the answer, or the fault charged to this call, or a
// fault with again set: the child died of something this call may not have
// caused, and the call deserves another child.
func (d *subprocess) exchange(ctx context.Context, c *child, op string, input json.RawMessage, limit time.Duration, tk *Ticket) (protocol.Response, *Fault, bool, error) {
	id := strconv.FormatUint(d.nextID.Add(1), 10)
	cl := &pendingCall{id: id, op: op, ch: make(chan answer, 1), ticket: tk}
	c.mu.Lock()
	if c.dying {
		c.mu.Unlock()
		return protocol.Response{}, faultf(FaultCrash, "the process died before %s was sent", op), true, nil
	}
	c.pending[id] = cl
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	deadline := time.Now().Add(limit)
	cctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	if err := c.write(protocol.RequestLine(id, op, input), deadline); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			c.die(faultf(FaultTimeout, "could not write the %s request within %s: it stopped reading its stdin", op, limit), cl)
		} else {
			// A broken pipe: the process is gone or going; its exit says why.
			c.mu.Lock()
			if !c.dying {
				c.eof = true
			}
			c.mu.Unlock()
			c.die(faultf(FaultCrash, "writing to its stdin failed: %v", err), nil)
		}
	}
	select {
	case a := <-cl.ch:
		return d.answered(a, id)
	case <-c.dead:
	case <-cctx.Done():
		if ctx.Err() != nil {
			c.die(faultf(FaultCrash, "the run was cancelled"), nil)
			return protocol.Response{}, nil, false, ctx.Err()
		}
		c.die(faultf(FaultTimeout, "no answer to %s within %s", op, limit), cl)
		<-c.dead
	}
	select {
	case a := <-cl.ch: // answered just before it died
		return d.answered(a, id)
	default:
	}
	c.mu.Lock()
	culprit, inFlight := c.culprit, c.inFlight
	c.mu.Unlock()
	f := c.fault()
	switch {
	case culprit == cl:
		return protocol.Response{}, f, false, nil
	case culprit != nil:
		f.Detail = fmt.Sprintf("the process died of %s's fault: %s", culprit.op, f.Detail)
		return protocol.Response{}, f, true, nil
	case inFlight <= 1:
		return protocol.Response{}, f, false, nil // alone in flight: nobody else could have caused it
	}
	return protocol.Response{}, f, true, nil
}

func (d *subprocess) answered(a answer, id string) (protocol.Response, *Fault, bool, error) {
	if a.fault != nil {
		return protocol.Response{}, a.fault, false, nil
	}
	if a.resp.Output != nil && a.resp.Error != nil {
		return protocol.Response{}, faultf(FaultProtocol, "answer %s has both output and error", id), false, nil
	}
	if a.resp.Output == nil && a.resp.Error == nil {
		return protocol.Response{}, faultf(FaultProtocol, "answer %s has neither output nor error", id), false, nil
	}
	return a.resp, nil, false, nil
}

// Close ends the children: stdin is closed so a well-behaved implementation
// exits by itself; after a second it is killed. It never waits longer than
// that and the grace period, whatever a grandchild holds open; a stdout held
// open past the grace is returned as an error to tell the user.
func (d *subprocess) Close() error {
	d.mu.Lock()
	d.closed = true
	children := append([]*child(nil), d.children...)
	d.mu.Unlock()
	for _, c := range children {
		c.writeMu.Lock()
		c.stdin.Close()
		c.writeMu.Unlock()
	}
	for _, c := range children {
		select {
		case <-c.dead:
		case <-time.After(time.Second):
			c.die(faultf(FaultCrash, "killed at the end of the run"), nil)
			<-c.dead
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.warnings) > 0 {
		return errors.New(d.warnings[0])
	}
	return nil
}

// lockedWriter lets the children of one run share a stderr log.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

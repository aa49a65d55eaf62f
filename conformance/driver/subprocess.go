package driver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
	if f := missingEntry(opts.Argv, opts.Dir); f != "" {
		// Said before starting: a runtime's own words for it ("Cannot find
		// module") read like a missing package.
		return nil, fmt.Errorf("subprocess: no such file: %s (the entry file of %q; a relative path is taken from the folder conform runs in)", f, strings.Join(opts.Argv, " "))
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

	// answered counts the calls (hello aside) the implementation answered;
	// silent the calls timed out in a row while it had answered none. At
	// silentLimit such time-outs it is taken for one that flushes only its
	// hello: every later call fails at once with silentFault, which says so,
	// instead of waiting its deadline too (a whole profile took 40 min).
	answeredCalls atomic.Int64
	silent        atomic.Int64
	silentFault   atomic.Pointer[Fault]
}

// silentLimit is how many calls in a row may time out, none ever answered,
// before the implementation is told it does not flush its answers.
const silentLimit = 3

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

// startHint recognises a few causes of a failed start that have a known
// fix. A missing entry file comes first: Node and Python name it in words
// ("Cannot find module", "can't open file") that also mean other things.
func startHint(argv []string, dir, stderr string) string {
	if f := missingEntry(argv, dir); f != "" {
		return "no such file: " + f + " (the command's entry file; a relative path is taken from the folder conform runs in)"
	}
	switch {
	case strings.Contains(stderr, "Cannot find module"), strings.Contains(stderr, "ERR_MODULE_NOT_FOUND"),
		strings.Contains(stderr, "Cannot find package"):
		return "Node packages are missing: run `npm ci` in the implementation's folder"
	case strings.Contains(stderr, "ModuleNotFoundError"), strings.Contains(stderr, "No module named"):
		return "Python modules are missing: install the implementation's requirements (pip install -r requirements.txt)"
	}
	return ""
}

// scriptExt are the file name endings of the entry files runtimes take as
// their first argument.
var scriptExt = []string{".js", ".mjs", ".cjs", ".ts", ".py", ".rb", ".php", ".pl", ".lua", ".jar", ".exs", ".dart"}

// missingEntry is the first argument that names a script file (by its
// ending) that does not exist, or "".
func missingEntry(argv []string, dir string) string {
	for _, a := range argv[1:] {
		if strings.HasPrefix(a, "-") {
			continue
		}
		script := false
		for _, e := range scriptExt {
			script = script || strings.HasSuffix(a, e)
		}
		if !script {
			continue
		}
		p := a
		if !filepath.IsAbs(p) && dir != "" {
			p = filepath.Join(dir, p)
		}
		if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
			return a
		}
	}
	return ""
}

// silenceHint names the likely causes of a process that started and never
// answered hello, most likely first, with the runtime's own remedy where
// the command names one.
func silenceHint(argv []string) string {
	flush := "write each answer as one line and flush stdout after it"
	// The runtime: the command, or a word after it (env -u X python3 …).
	cmd := filepath.Base(argv[0])
	for _, a := range argv {
		switch b := filepath.Base(a); {
		case strings.HasPrefix(b, "python"), b == "ruby", b == "node", b == "deno", b == "bun", b == "java":
			cmd = b
		}
		if cmd != filepath.Base(argv[0]) {
			break
		}
	}
	switch {
	case strings.HasPrefix(cmd, "python"):
		flush = "Python buffers stdout when it is a pipe: print(..., flush=True), sys.stdout.flush() after each line, or run python3 -u"
	case cmd == "ruby":
		flush = "Ruby buffers stdout when it is a pipe: $stdout.sync = true, or $stdout.flush after each line"
	case cmd == "node" || cmd == "deno" || cmd == "bun":
		flush = "write each answer with a \"\\n\" at its end (process.stdout.write(JSON.stringify(answer) + \"\\n\"))"
	case cmd == "java" || strings.HasSuffix(cmd, ".jar"):
		flush = "call System.out.flush() after each line (a BufferedWriter or PrintStream without autoflush keeps it)"
	}
	return "the process is running but wrote no answer line to stdout. Likely causes: (1) its output is not flushed or is line-buffered only on a terminal — " +
		flush + "; (2) the command starts something that does not answer on stdin and stdout (a wrong entry: a server, a REPL, another script — an HTTP server is --impl http://HOST:PORT); " +
		"(3) it prints a prompt or a banner on stdout before the answer, or waits for input of its own (use stderr for everything but answers)"
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
	if err := ctx.Err(); err != nil {
		return nil, err // a cancelled run starts no process
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
			d.gaveUp = &StartFailure{Command: d.opts.Argv[0], Attempts: attempt, Cause: faultf(FaultCrash, "%v", err), Started: d.hasHello,
				Hint: startHint(d.opts.Argv, d.opts.Dir, "")}
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
		// A wrong protocol or garbage will not improve with another try, nor
		// will a first hello that timed out: a process that stays up without
		// answering is waiting for something (a flush, a different input),
		// and trying it MaxRestarts more times only made a person wait a
		// minute for the same message.
		firstSilence := f.Kind == FaultTimeout && !d.hasHello
		if attempt > d.opts.MaxRestarts || f.Kind == FaultProtocol || firstSilence {
			stderr := c.stderr.last(stderrLines)
			hint := startHint(d.opts.Argv, d.opts.Dir, stderr)
			if f.Kind == FaultTimeout && hint == "" {
				hint = silenceHint(d.opts.Argv)
			}
			d.gaveUp = &StartFailure{Command: strings.Join(d.opts.Argv, " "), Attempts: attempt,
				Cause: &Fault{Kind: f.Kind, Detail: f.Detail}, Stderr: stderr, Hint: hint, Started: d.hasHello}
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
	if d.opts.HostTZ == "" {
		return d.opts.Env
	}
	return withTZ(d.opts.Env, d.opts.HostTZ)
}

func (d *subprocess) Call(ctx context.Context, op string, input json.RawMessage) (protocol.Result, error) {
	select {
	case d.window <- struct{}{}:
		defer func() { <-d.window }()
	case <-ctx.Done():
		return protocol.Result{}, ctx.Err()
	}
	if f := d.silentFault.Load(); f != nil {
		return protocol.Result{}, &Fault{Kind: f.Kind, Detail: f.Detail}
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
			d.answeredCalls.Add(1)
			d.silent.Store(0)
			return protocol.Result{Output: resp.Output, Error: resp.Error}, nil
		case f.Kind == FaultTimeout && d.answeredCalls.Load() == 0 && d.silent.Add(1) >= silentLimit:
			// It answered hello and then no call at all: the usual cause is
			// an answer written but not flushed.
			f.Detail += fmt.Sprintf("; it answered hello, then none of %d calls in a row: %s", silentLimit, silenceHint(d.opts.Argv))
			d.silentFault.CompareAndSwap(nil, &Fault{Kind: FaultTimeout,
				Detail: fmt.Sprintf("not sent: the implementation answered hello, then none of %d calls in a row (see the first failure's hint: its answers are likely not flushed)", silentLimit)})
			return protocol.Result{}, f
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
// exits by itself; after a second its whole tree gets SIGTERM, and SIGKILL
// after the grace period. It never waits longer than that, the kill bound
// (supervise.KillBound) and the grace period for its pipes, whatever the
// implementation does; what could not be ended, or a stdout held open past
// the grace, is returned as an error to tell the user.
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
			c.stop(faultf(FaultCrash, "stopped at the end of the run"))
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

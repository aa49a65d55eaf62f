package driver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/clockspec/clockspec/conformance/supervise"
	"github.com/clockspec/clockspec/protocol"
)

// One child process of the subprocess driver: starting it with its pipes,
// reading and dispatching its answers, charging what breaks the protocol to
// the call it belongs to, and tearing it down whatever holds its pipes open.

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
	tree    *supervise.Tree
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

// start runs a new child with its three pipes made here (not by os/exec), so
// that the runner decides how long to wait for them: os/exec would wait for
// EOF on a pipe that a grandchild in another session keeps open.
func (d *subprocess) start() (*child, error) {
	cmd := exec.Command(d.opts.Argv[0], d.opts.Argv[1:]...)
	cmd.Dir = d.opts.Dir
	cmd.Env = d.env()
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
	// A supervised tree, so a kill reaches every helper it started,
	// wherever that helper went.
	tree, err := supervise.Start(cmd)
	inR.Close() // the child's ends; the parent keeps the others
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("start %q: %w", d.opts.Argv[0], err)
	}
	c := &child{tree: tree, pid: tree.Pid(), stdin: inW, stdout: outR, stderrR: errR,
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

// teardown waits for the process to exit, ends whatever it left running,
// gives its pipes a short grace to end, and closes them whatever holds them
// open, so a run always ends.
func (d *subprocess) teardown(c *child) {
	c.exitErr = c.tree.Err()
	close(c.exited)
	// Anything it started goes with it: a TERM, the grace, then KILL.
	if err := c.tree.Stop(c.grace); err != nil {
		d.mu.Lock()
		d.warnings = append(d.warnings, err.Error())
		d.mu.Unlock()
	}
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
// started keeps its stdout open after the tree was ended (a process that
// survived SIGKILL, or one the sweep cannot see outside Linux): the runner
// stops reading after the grace period.
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
		resp, err := protocol.ParseResponse(line)
		if err != nil {
			c.breach(held, faultf(FaultProtocol, "its stdout has a line that is not a JSON response of the protocol (%v): %.200q", err, line))
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
// its whole tree (in the background: teardown waits for it). The first
// reason given wins.
func (c *child) die(why *Fault, culprit *pendingCall) {
	if c.doom(why, culprit) {
		go func() { _ = c.tree.Kill() }()
	}
}

// stop is die for an orderly end: the tree gets SIGTERM and the grace
// before SIGKILL. It returns once the tree is gone.
func (c *child) stop(why *Fault) {
	c.doom(why, nil)
	_ = c.tree.Stop(c.grace)
}

// doom records why the child is going; it reports whether it was the
// first reason given.
func (c *child) doom(why *Fault, culprit *pendingCall) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dying {
		return false
	}
	c.dying = true
	c.why, c.culprit, c.inFlight = why, culprit, len(c.pending)
	return true
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

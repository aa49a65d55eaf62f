package protocol

import (
	"bufio"
	"io"
	"sync"
	"time"
)

// maxAnswerDelay bounds how long an answer waits in the buffer for the
// answers to the requests already buffered behind it: a slow request never
// holds back the answer before it, and a client that times its requests by
// their answers (conform store-check) sees each answer when it is ready,
// give or take this delay.
var maxAnswerDelay = 200 * time.Microsecond

// answerWriter is the JSON-Lines loop's writer. After each answer, Flush
// writes the answers through when no complete request line is buffered;
// otherwise they wait, for at most maxAnswerDelay, so that a client that
// sends many requests at once gets their answers in a few writes instead
// of one write (one system call) each. Every answer is out before the loop
// next waits for input: ReadLine reads from in only when no complete line
// is buffered, and then the last Flush wrote everything through.
type answerWriter struct {
	in    *bufio.Reader // read only by the loop's goroutine
	mu    sync.Mutex    // guards the rest, shared with the timer
	w     *bufio.Writer
	timer *time.Timer // flushes answers held for maxAnswerDelay
	held  bool        // answers are in w and the timer is set
	err   error       // the timer's flush failed
}

func newAnswerWriter(in *bufio.Reader, out io.Writer) *answerWriter {
	a := &answerWriter{in: in, w: bufio.NewWriter(out)}
	a.timer = time.AfterFunc(time.Hour, a.flushHeld)
	a.timer.Stop()
	return a
}

func (a *answerWriter) Write(p []byte) (int, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.err != nil {
		return 0, a.err
	}
	return a.w.Write(p)
}

// Flush ends an answer: written through now, or held briefly while the
// next request is already there.
func (a *answerWriter) Flush() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.err != nil {
		return a.err
	}
	if lineBuffered(a.in) {
		if !a.held {
			a.held = true
			a.timer.Reset(maxAnswerDelay)
		}
		return nil
	}
	a.held = false
	a.timer.Stop()
	return a.w.Flush()
}

func (a *answerWriter) flushHeld() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.held {
		return
	}
	a.held = false
	if err := a.w.Flush(); err != nil && a.err == nil {
		a.err = err
	}
}

// stop ends the timer: nothing is written after the loop returns.
func (a *answerWriter) stop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.held = false
	a.timer.Stop()
}

// lineBuffered reports whether r holds a complete line, so that reading it
// will not wait for input.
func lineBuffered(r *bufio.Reader) bool {
	n := r.Buffered()
	if n == 0 {
		return false
	}
	buffered, _ := r.Peek(n) // never blocks: n bytes are buffered
	for _, c := range buffered {
		if c == '\n' {
			return true
		}
	}
	return false
}

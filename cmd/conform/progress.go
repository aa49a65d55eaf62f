package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/clockspec/clockspec/conformance"
)

// progress is the live counter on a terminal: one line on stderr, redrawn
// at most every 100 ms and cleared when the run ends.
type progress struct {
	w      io.Writer
	failed int
	last   time.Time
	drawn  bool
}

func (p *progress) update(res conformance.ScenarioResult, done, total int) {
	if res.Verdict != conformance.Passed && res.Known == "" {
		p.failed++
	}
	if now := time.Now(); done == total || now.Sub(p.last) >= 100*time.Millisecond {
		p.last = now
		line := []rune(fmt.Sprintf("conform: %d/%d scenarios, %d failed  %s", done, total, p.failed, res.ID))
		if w := columns() - 1; len(line) > w { // a wrapped line could not be redrawn
			line = line[:w]
		}
		fmt.Fprintf(p.w, "\r\033[K%s", string(line))
		p.drawn = true
	}
}

// columns is the terminal's width as the shell exports it, else 80.
func columns() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 20 {
		return n
	}
	return 80
}

func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal reports whether w is a terminal (a character device that is
// not the null device); no terminal, no live counter.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(st, null) {
		return false
	}
	return os.Getenv("TERM") != "dumb"
}

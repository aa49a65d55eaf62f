package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/clockspec/clockspec/conformance/supervise"
)

// A run told to stop (Ctrl-C, SIGINT, SIGTERM from a CI runner's timeout,
// or SIGHUP from a closed terminal or a dropped SSH session) stops cleanly: the context of the run is cancelled, so the
// scenario under way is cut short and no other starts; the implementation's
// processes are stopped; the scenarios judged so far are written, the
// report marked interrupted and without a certificate; and conform exits
// 128 + the signal's number (129, 130, 143). A second signal ends every
// implementation process at once and exits without a report.

// exitReport is the exit status of a run whose report files could not be
// written (a full disk): the verdict is on stderr, the report folder as it
// was.
const exitReport = 3

// interrupt watches for SIGINT, SIGTERM and SIGHUP during a run.
type interrupt struct {
	ch   chan os.Signal
	done chan struct{}
	once sync.Once

	mu  sync.Mutex
	sig os.Signal // the first signal caught
}

// interruptible returns the run's context, cancelled at the first SIGINT or
// SIGTERM, and the watcher (stop it when the run is over).
func interruptible(stderr io.Writer) (context.Context, *interrupt) {
	ctx, cancel := context.WithCancelCause(context.Background())
	in := &interrupt{ch: make(chan os.Signal, 2), done: make(chan struct{})}
	signal.Notify(in.ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		for {
			select {
			case s := <-in.ch:
				in.mu.Lock()
				first := in.sig == nil
				if first {
					in.sig = s
				}
				in.mu.Unlock()
				if first {
					fmt.Fprintf(stderr, "\nconform: %s: stopping the implementation and writing what was judged so far (%s again to quit at once)\n", signalName(s), signalName(s))
					cancel(errors.New(interruptedText(s)))
					continue
				}
				fmt.Fprintf(stderr, "conform: %s again: quitting without a report\n", signalName(s))
				_ = supervise.KillAll()
				os.Exit(signalExit(s))
			case <-in.done:
				return
			}
		}
	}()
	return ctx, in
}

// stop ends the watch: signals act as they would without it again.
func (in *interrupt) stop() {
	in.once.Do(func() {
		signal.Stop(in.ch)
		close(in.done)
	})
}

// caught is the first signal caught, or nil.
func (in *interrupt) caught() os.Signal {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.sig
}

func signalName(s os.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return s.String()
}

// signalExit is 128 + the signal's number, as a shell reports it.
func signalExit(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 128
}

// interruptedText is what an interrupted report says (Report.Interrupted).
func interruptedText(s os.Signal) string {
	return "interrupted by " + signalName(s)
}

// interruptedExit says how the run ended and gives its exit status.
func interruptedExit(s os.Signal, stderr io.Writer) int {
	fmt.Fprintf(stderr, "conform: %s: the scenarios not yet judged were not run, and no certificate is written\n", interruptedText(s))
	return signalExit(s)
}

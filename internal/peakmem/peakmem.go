// Package peakmem measures the peak resident memory of a child process,
// for tests that bound what a program holds.
//
// Not the child's rusage: Linux's ru_maxrss of a process a Go program
// starts counts the parent's resident size at the moment of the start
// (the child shares the parent's memory until it execs, and the kernel
// keeps that high-water mark across the exec), so a 20 MiB child of a
// test binary holding 155 MiB reads 155 MiB. The child's own high-water
// mark (VmHWM, reset by the exec) is sampled instead while it runs.
package peakmem

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"time"
)

// every is how often the high-water mark is read; a peak in the child's
// last few milliseconds can be missed, which under-reports, never over.
const every = 5 * time.Millisecond

// Run runs cmd (as cmd.Run does) and returns its peak resident size in
// bytes, as last read from /proc before it exited (0 where there is no
// /proc).
func Run(cmd *exec.Cmd) (int64, error) {
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan struct{})
	peak := make(chan int64, 1)
	go func() {
		var max int64
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			if v, ok := hwm(cmd.Process.Pid); ok && v > max {
				max = v
			}
			select {
			case <-done:
				peak <- max
				return
			case <-tick.C:
			}
		}
	}()
	err := cmd.Wait()
	close(done)
	return <-peak, err
}

// hwm reads a process's VmHWM (a zombie has none).
func hwm(pid int) (int64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	_, rest, ok := bytes.Cut(b, []byte("VmHWM:"))
	if !ok {
		return 0, false
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	kb, err := strconv.ParseInt(string(bytes.TrimSuffix(bytes.TrimSpace(line), []byte(" kB"))), 10, 64)
	if err != nil {
		return 0, false
	}
	return kb << 10, true
}

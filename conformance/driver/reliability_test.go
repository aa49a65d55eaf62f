package driver_test

// The reliability suite of the drivers: implementations that try to
// outlive the run. Each test names the fault it reproduces; the fakes are
// the test binary's own modes (faults_test.go, mcp_test.go).

import (
	"context"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/supervise"
)

// escapeGroup moves the calling process out of the process group the
// runner made for it, into its parent's group (the runner's), as an
// implementation may (a runtime that calls setpgid, a daemonising library).
// Under the supervisor the leader owns a session, and cannot.
func escapeGroup() {
	if ppg, err := syscall.Getpgid(os.Getppid()); err == nil {
		_ = syscall.Setpgid(0, ppg)
	}
}

// pidsIn lists the pids a fake recorded in piddir (its own and its
// grandchildren's).
func pidsIn(t *testing.T, piddir string) []int {
	t.Helper()
	entries, _ := os.ReadDir(piddir)
	var pids []int
	for _, e := range entries {
		if pid, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "grandchild-")); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// alive reports the pids among pids that still run (zombies are dead)
// and are still the fake's (pids wrap: a pid may be another process's by
// now).
func alive(pids []int) []int {
	var out []int
	for _, pid := range pids {
		if syscall.Kill(pid, 0) != nil {
			continue
		}
		if env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ"); err == nil && !strings.Contains(string(env), "CLOCKSPEC_FAKE=") {
			continue
		}
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
			if i := strings.LastIndexByte(string(b), ')'); i > 0 && strings.HasPrefix(string(b[i+1:]), " Z") {
				continue
			}
		}
		out = append(out, pid)
	}
	return out
}

// runBounded runs the fault scenarios on drv, failing the test if the run
// does not end within limit.
func runBounded(t *testing.T, drv conformance.Driver, opts conformance.Options, limit time.Duration) *conformance.Report {
	t.Helper()
	opts.Driver = drv
	type out struct {
		rep *conformance.Report
		err error
	}
	done := make(chan out, 1)
	go func() {
		rep, err := conformance.Run(context.Background(), opts)
		done <- out{rep, err}
	}()
	select {
	case o := <-done:
		if o.err != nil {
			t.Fatalf("the run must end with a report, got %v", o.err)
		}
		return o.rep
	case <-time.After(limit):
		t.Fatalf("the run did not end within %s", limit)
	}
	return nil
}

// Issue 29, item 1: an implementation that leaves the process group the
// runner made for it and then hangs (or hangs in a process of its own, in
// another session, behind a waiting wrapper) does not keep the run waiting:
// the call times out, the run ends within its deadlines, and no process of
// the implementation is left once the driver is closed.
func TestReliabilityEscapedHangEndsTheRun(t *testing.T) {
	for _, mode := range []string{"escape-hang", "escape-child-hang"} {
		t.Run(mode, func(t *testing.T) {
			drv, piddir := fakeDriver(t, mode, `"hello world"`, driver.SubprocessOptions{
				Deadline: 500 * time.Millisecond, Grace: 200 * time.Millisecond})
			start := time.Now()
			rep := runBounded(t, drv, conformance.Options{Level: conformance.LevelCompat, Run: faultRun}, 20*time.Second)
			if err := drv.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
			// Deadlines: two starts, one call's deadline, the kill bound.
			if d, limit := time.Since(start), 2*15*time.Second; d > limit {
				t.Errorf("the run took %s, over %s", d, limit)
			}
			if s := verdicts(rep)["v1/escape-xml/plain"]; s.Compat != conformance.TimedOut {
				t.Errorf("the hanging call: %s %q, want timed-out", s.Compat, s.Problem)
			}
			pids := pidsIn(t, piddir)
			if len(pids) < 2 {
				t.Fatalf("the fake recorded %v, want the first process and its successor at least", pids)
			}
			if left := alive(pids); len(left) > 0 {
				t.Errorf("processes %v of the implementation outlived Close", left)
			}
			if n := supervise.Live(); n != 0 {
				t.Errorf("%d supervised trees still live after Close", n)
			}
		})
	}
}

// Issue 29, item 1, over MCP stdio: a server that leaves its process group
// and hangs on a call for good is killed at the call's deadline, and the
// run ends.
func TestReliabilityEscapedMCPServerEndsTheRun(t *testing.T) {
	exe, _ := os.Executable()
	d, err := driver.MCP(driver.MCPOptions{Argv: []string{exe}, Deadline: 500 * time.Millisecond,
		Env: append(os.Environ(), "CLOCKSPEC_MCP_FAKE=escape-hang", "CLOCKSPEC_MCP_MATCH=2026-04-20")})
	if err != nil {
		t.Fatal(err)
	}
	rep := runBounded(t, d, conformance.Options{Tags: "@datetime", Goldens: goldensFS(),
		Run: []conformance.Pattern{"datetime/convert-timezone/prd-example"}}, 60*time.Second)
	if err := d.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if len(rep.Scenarios) == 0 {
		t.Fatal("no scenario ran")
	}
	if n := supervise.Live(); n != 0 {
		t.Errorf("%d supervised trees still live after Close", n)
	}
}

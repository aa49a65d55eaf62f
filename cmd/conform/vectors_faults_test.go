package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/internal/peakmem"
)

// misbehavingImpl answers hello, then misbehaves on its first call as its
// first argument says. Before hello it starts a helper (sleep) that
// writes its pid to the file its second argument names: the runner must
// end the helper with the implementation.
const misbehavingImpl = `import json, subprocess, sys, time
mode, pidfile = sys.argv[1], sys.argv[2]
helper = subprocess.Popen(["sleep", "100"])
open(pidfile, "w").write(str(helper.pid))
req = json.loads(sys.stdin.readline())
ops = ["timestamps.format_message_timestamp", "routing.pattern_test"]
print(json.dumps({"id": req["id"], "output": {"protocol": "1", "implementation": "faulty", "operations": ops}}), flush=True)
if mode == "crash":
    sys.stdin.readline()
    sys.exit(3)
if mode == "flood":
    sys.stdin.readline()
    chunk = "a" * (1 << 20)
    for _ in range(300):
        sys.stdout.write(chunk)
    sys.stdout.flush()
time.sleep(100)  # hang: reads nothing more, answers nothing
`

// Every way an implementation can fail a call ends the runners' run, in
// bounded time and memory, with the failure named against its call, and
// ends what the implementation started: one that never answers, one that
// stops reading its stdin while a 512 KiB input is written to it (the
// Python runner's write blocked for ever), one that exits, and one that
// writes 300 MiB without a newline (both runners held all of it).
func TestVectorRunnersEndEveryFault(t *testing.T) {
	dir := t.TempDir()
	impl := filepath.Join(dir, "faulty.py")
	if err := os.WriteFile(impl, []byte(misbehavingImpl), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ mode, scenario, want string }{
		{"hang", "timestamps/message-timestamp/seed-same-minute", "timed out"},
		{"deaf", "routing/pattern/beyond-the-size-limits/150-million-work-units", "timed out"},
		{"crash", "timestamps/message-timestamp/seed-same-minute", "crashed"},
		{"flood", "timestamps/message-timestamp/seed-same-minute", "protocol error: an answer line over 1048576 bytes"},
	}
	for _, r := range vectorRunners {
		for _, c := range cases {
			t.Run(r.name+"/"+c.mode, func(t *testing.T) {
				t.Parallel()
				pidfile := filepath.Join(dir, r.name+"-"+c.mode+".pid")
				code, out, peak, took := runVectorsBounded(t, r.interpreter, r.script,
					"--timeout", "1", "--run", c.scenario, "--", "python3", impl, c.mode, pidfile)
				t.Logf("%s: exit %d in %s, peak resident size %d MiB", c.mode, code, took.Round(time.Millisecond), peak)
				if !strings.Contains(out, "FAIL [") || !strings.Contains(out, c.scenario+" call 1 of 1") || !strings.Contains(out, c.want) {
					t.Errorf("want a failure of %s's call naming %q:\n%.2000s", c.scenario, c.want, out)
				}
				if peak > 100 {
					t.Errorf("the runner's peak resident size was %d MiB, want at most 100", peak)
				}
				b, err := os.ReadFile(pidfile)
				if err != nil {
					t.Fatalf("the implementation never started its helper: %v", err)
				}
				pid, _ := strconv.Atoi(string(b))
				if alive(pid) {
					_ = syscall.Kill(pid, syscall.SIGKILL)
					t.Errorf("the implementation's helper %d outlived the run", pid)
				}
			})
		}
	}
}

// alive: the process exists and is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i > 0 && !bytes.HasPrefix(b[i+1:], []byte(" Z"))
}

// runVectorsBounded runs a runner with args under a minute's deadline (a
// runner that hangs fails the test rather than stalling it; the test
// binary serves as conform where the implementation names it) and returns
// its exit status, its output, its peak resident size in MiB and the time
// it took.
func runVectorsBounded(t *testing.T, interpreter, script string, args ...string) (int, string, int64, time.Duration) {
	t.Helper()
	bin, err := exec.LookPath(interpreter)
	if err != nil {
		t.Fatalf("%s is not on PATH: the vector runners need Python 3.9+ and Node 20", interpreter)
	}
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append([]string{filepath.Join(root, script)}, args...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CONFORM_TEST_AS_CONFORM=1")
	cmd.WaitDelay = 5 * time.Second // a helper the runner let go holds its output: the test goes on
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	peak, err := peakmem.Run(cmd)
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Fatalf("the runner did not end within a minute:\n%.2000s", out.String())
	}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), peak >> 20, took
}

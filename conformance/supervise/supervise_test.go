package supervise_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/supervise"
)

// waitPids waits for the script to write its pid files and reads them.
func waitPids(t *testing.T, dir string, names ...string) []int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var pids []int
	for _, n := range names {
		for {
			b, err := os.ReadFile(filepath.Join(dir, n))
			if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
				pids = append(pids, pid)
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no pid file %s", n)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	return pids
}

// running: the process exists and is not a zombie.
func running(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return syscall.Kill(pid, 0) == nil && runtime.GOOS != "linux"
	}
	i := strings.LastIndexByte(string(b), ')')
	return i > 0 && !strings.HasPrefix(string(b[i+1:]), " Z")
}

// A tree's members leave in every way a process can: a helper in a session
// of its own (setsid), a double-forked daemon whose parent is gone (an
// orphan of init), a helper that ignores SIGTERM. Kill ends them all, and
// returns once they are gone.
func TestKillEndsTheWholeTree(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the sweep reads /proc")
	}
	dir := t.TempDir()
	script := `
setsid sh -c 'echo $$ > session; exec sleep 100' &
(sh -c 'echo $$ > orphan; exec sleep 100' &)
sh -c 'trap "" TERM; echo $$ > stubborn; while :; do sleep 1; done' &
echo $$ > leader
wait`
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = dir
	tree, err := supervise.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	pids := waitPids(t, dir, "leader", "session", "orphan", "stubborn")
	if len(tree.Members()) < 4 {
		t.Errorf("members %v, want at least the four of %v", tree.Members(), pids)
	}
	start := time.Now()
	if err := tree.Kill(); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > supervise.KillBound {
		t.Errorf("Kill took %s", d)
	}
	for i, pid := range pids {
		if running(pid) {
			t.Errorf("process %d (%d of 4) survived Kill", pid, i+1)
		}
	}
	if n := supervise.Live(); n != 0 {
		t.Errorf("%d trees live after Kill", n)
	}
}

// A helper the leader starts just before it exits can be caught by the
// sweep between two execs, when its environment reads blank and its
// parent, the leader, is gone: no sign yet that it is of the tree. The
// end waits for a sweep that can tell, and ends it. The helper here reads
// blank for 50 ms (started with an empty environment, in a session of its
// own; /proc shows the environment a process was started with), then
// execs with the tree's variable back and sleeps; a sweep that took blank
// for "not ours" let it go.
func TestAHelperCaughtBetweenExecsIsEnded(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the sweep reads /proc")
	}
	dir := t.TempDir()
	script := `T="$` + supervise.TreeVar + `"
env -i setsid sh -c "echo \$\$ > helper; sleep 0.05; ` + supervise.TreeVar + `=$T exec sleep 100" &
exit 3`
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = dir
	tree, err := supervise.Start(cmd)
	if err != nil {
		t.Fatal(err)
	}
	<-tree.Exited()
	pid := waitPids(t, dir, "helper")[0]
	stopStart := time.Now()
	if err := tree.Stop(20 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if running(pid) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		st, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		t.Fatalf("the helper %d (%q) outlived Stop, which took %s", pid, st, time.Since(stopStart))
	}
}

// Stop asks first (SIGTERM), and a process that exits on it is not
// killed; one that ignores it is killed after the grace.
func TestStopEscalates(t *testing.T) {
	for _, tc := range []struct {
		name, script string
		signal       syscall.Signal
	}{
		{"polite", `exec sleep 100`, syscall.SIGTERM},
		{"stubborn", `trap "" TERM; while :; do sleep 0.05; done`, syscall.SIGKILL},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree, err := supervise.Start(exec.Command("sh", "-c", tc.script))
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond)
			const grace = 300 * time.Millisecond
			start := time.Now()
			if err := tree.Stop(grace); err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > grace+supervise.KillBound {
				t.Errorf("Stop took %s", d)
			}
			var ee *exec.ExitError
			if err := tree.Err(); !asExit(err, &ee) {
				t.Fatalf("exit: %v", err)
			}
			if ws := ee.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != tc.signal {
				t.Errorf("ended by %v, want %v", ee, tc.signal)
			}
		})
	}
}

func asExit(err error, ee **exec.ExitError) bool {
	e, ok := err.(*exec.ExitError)
	*ee = e
	return ok
}

// KillAll ends every tree not yet ended (the runner's signal handler).
func TestKillAll(t *testing.T) {
	var trees []*supervise.Tree
	for i := 0; i < 3; i++ {
		tree, err := supervise.Start(exec.Command("sleep", "100"))
		if err != nil {
			t.Fatal(err)
		}
		trees = append(trees, tree)
	}
	if err := supervise.KillAll(); err != nil {
		t.Fatal(err)
	}
	for _, tree := range trees {
		select {
		case <-tree.Exited():
		default:
			t.Errorf("tree %d still running", tree.Pid())
		}
	}
	if n := supervise.Live(); n != 0 {
		t.Errorf("%d trees live after KillAll", n)
	}
}

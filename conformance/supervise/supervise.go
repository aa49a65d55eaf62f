// Package supervise runs the implementation's processes as whole trees, so
// that whatever an implementation does — start helpers through a wrapper
// (sh -c, npm start, go run), move into its own process group or session,
// double-fork, hang — the runner can stop all of it, at once, within a
// bound.
//
// A tree is the process the runner started (the leader) and every process
// that descends from it. The leader gets a session (and so a process group)
// of its own and an environment variable naming its tree, which every
// descendant inherits. A kill signals the leader's group in one call, then
// sweeps the system's process table for the rest: the members of the
// leader's session and group (while the leader lives: once it is reaped,
// its pid may be reused), every process carrying the tree's variable, and
// every descendant of any of them. A process that clears its environment
// still goes with its parent while that parent is found. A process caught
// between two execs shows no environment at all: the end waits (at most
// settleBound) for a sweep that can tell whether it is of the tree, so a
// helper started just before the leader died is not let go. The sweep
// reads /proc (Linux); elsewhere a kill reaches the leader and its group
// only.
//
// The API is small: Start a prepared exec.Cmd, wait on Exited, end the tree
// with Kill (SIGKILL now) or Stop (SIGTERM, a grace, then SIGKILL). Both
// return within KillBound plus the grace, whatever the processes do.
// KillAll ends every tree still running (the runner's signal handler).
//
// Belongs here: how a process tree is started, found and ended. Not here:
// what the runner says to a process (conformance/driver) or how it judges
// it.
package supervise

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"sync"
	"syscall"
	"time"
)

// TreeVar is the environment variable that marks every process of a tree.
const TreeVar = "CLOCKSPEC_SUPERVISED_TREE"

// KillBound is the longest Kill takes: it signals and sweeps until nothing
// of the tree is left or this much time has passed (a process stuck in the
// kernel cannot be killed sooner).
const KillBound = 3 * time.Second

// DefaultWaitDelay bounds how long the leader's exit waits for exec's own
// copying goroutines (a non-file Stdout or Stderr), when the command sets
// none: a process the sweep could not reach may hold those pipes.
const DefaultWaitDelay = time.Second

// Tree is one supervised process tree.
type Tree struct {
	cmd   *exec.Cmd
	pid   int
	token string
	born  uint64 // the leader's start (clock ticks after boot; 0 unknown)

	exited  chan struct{} // closed once the leader has exited and been reaped
	exitErr error

	mu    sync.Mutex
	ended bool // Kill or Stop ran to the end: nothing of it is left

	knownMu sync.Mutex
	known   map[int]uint64 // every member a sweep has found: pid → start
	// unsure: the last sweep met a process younger than the leader whose
	// environment could not tell, as happens while it execs. It may be of
	// the tree (a helper the leader started just before it exited, caught
	// between two execs), so gone waits for a sweep that can tell, for at
	// most settleBound (a process that cleared its whole environment
	// reads blank for good).
	unsure bool
	ending time.Time // when end began
}

// settleBound is how long the end of a tree waits for processes whose
// environment reads blank to show it: far longer than an exec takes.
const settleBound = 200 * time.Millisecond

var (
	liveMu sync.Mutex
	live   = map[*Tree]struct{}{}
	// afterStart, when set (by a test), runs between a leader's start and
	// its registration, where a sweep must not yet be able to look.
	afterStart func(pid int)
)

// Start starts cmd as the leader of a new tree: in a session of its own,
// its environment (cmd.Env, or the runner's) marked with the tree's
// variable. The caller must not call cmd.Wait: the tree reaps the leader
// (see Exited and Err).
func Start(cmd *exec.Cmd) (*Tree, error) {
	token, err := newToken()
	if err != nil {
		return nil, err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(append([]string(nil), env...), TreeVar+"="+token)
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	// A session of its own is also a process group of its own, and no
	// terminal: a Ctrl-C reaches the runner only, which decides.
	cmd.SysProcAttr.Setsid = true
	cmd.SysProcAttr.Setpgid = false
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = DefaultWaitDelay
	}
	// The leader is registered as live in the same hold of liveMu that
	// starts it: until it is, it is a child of the runner that leads no
	// live tree, which is what an adopted orphan looks like (see orphan),
	// and another tree's sweep would take it for one of its own and kill
	// it as it starts.
	liveMu.Lock()
	if err := cmd.Start(); err != nil {
		liveMu.Unlock()
		return nil, err
	}
	t := &Tree{cmd: cmd, pid: cmd.Process.Pid, token: token, exited: make(chan struct{})}
	if afterStart != nil {
		afterStart(t.pid)
	}
	t.born = startTime(t.pid)
	live[t] = struct{}{}
	liveMu.Unlock()
	go func() {
		t.exitErr = cmd.Wait()
		close(t.exited)
	}()
	return t, nil
}

func newToken() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("supervise: %w", err)
	}
	return fmt.Sprintf("%d-%s", os.Getpid(), hex.EncodeToString(b)), nil
}

// Pid is the leader's process id.
func (t *Tree) Pid() int { return t.pid }

// Exited is closed once the leader has exited (its descendants may live
// on until Kill or Stop).
func (t *Tree) Exited() <-chan struct{} { return t.exited }

// Err is how the leader ended (cmd.Wait's error), once Exited is closed.
func (t *Tree) Err() error {
	<-t.exited
	return t.exitErr
}

// Members lists the processes of the tree still running (not zombies),
// leader included while it runs. Without a process table (not Linux) it
// is the leader alone, while it runs.
func (t *Tree) Members() []int {
	pids, ok := t.members()
	if !ok {
		select {
		case <-t.exited:
			return nil
		default:
			return []int{t.pid}
		}
	}
	return pids
}

// Kill sends SIGKILL to every process of the tree: the leader's group at
// once, then whatever the sweep finds, again until nothing is left. It
// returns when the tree is gone and the leader reaped, or after KillBound
// with an error naming what is left.
func (t *Tree) Kill() error {
	return t.end(0)
}

// Stop ends the tree gently: SIGTERM to every process, up to grace for
// them to exit, then Kill for whatever is left. It returns as soon as the
// tree is gone.
func (t *Tree) Stop(grace time.Duration) error {
	return t.end(grace)
}

func (t *Tree) end(grace time.Duration) error {
	t.mu.Lock()
	ended := t.ended
	t.mu.Unlock()
	if ended {
		// Nothing of it is left, so a second end (the Kill that follows a
		// Stop) does not sweep again: once the leader is reaped a sweep
		// goes by marks alone, and an adopted orphan's only mark is that
		// it is younger than the leader — it would claim the escaped
		// helpers of every tree started since.
		return nil
	}
	t.knownMu.Lock()
	t.ending = time.Now()
	t.knownMu.Unlock()
	if grace > 0 {
		t.signalAll(syscall.SIGTERM)
		deadline := time.Now().Add(grace)
		for time.Now().Before(deadline) {
			if t.gone() {
				t.finish()
				return nil
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	deadline := time.Now().Add(KillBound)
	for {
		t.signalAll(syscall.SIGKILL)
		if t.gone() {
			t.finish()
			return nil
		}
		if time.Now().After(deadline) {
			left := t.Members()
			sort.Ints(left)
			return fmt.Errorf("processes %v of the implementation (started as %d) survived SIGKILL for %s", left, t.pid, KillBound)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// gone: the leader is reaped and the sweep finds nothing, nor anything
// it cannot yet tell (see unsure) while end is young.
func (t *Tree) gone() bool {
	select {
	case <-t.exited:
	default:
		return false
	}
	if len(t.Members()) > 0 {
		return false
	}
	t.knownMu.Lock()
	defer t.knownMu.Unlock()
	return !t.unsure || time.Since(t.ending) >= settleBound
}

func (t *Tree) finish() {
	t.mu.Lock()
	t.ended = true
	t.mu.Unlock()
	liveMu.Lock()
	delete(live, t)
	liveMu.Unlock()
}

// signalAll signals the leader's group in one call (so a writer and its
// wrapper stop at the same moment), the leader itself (it may have left
// its group), then every other member the sweep finds.
func (t *Tree) signalAll(sig syscall.Signal) {
	// Sweep first, while the leader lives: its children are found as its
	// descendants before the signal below reparents them.
	pids, _ := t.members()
	select {
	case <-t.exited: // its pid, and so its group's, may be reused once reaped
	default:
		_ = syscall.Kill(-t.pid, sig)
		_ = syscall.Kill(t.pid, sig)
	}
	for _, pid := range pids {
		if pid != t.pid {
			_ = syscall.Kill(pid, sig)
		}
	}
}

// KillAll kills every tree that has not been ended, at once, and waits for
// them (each within KillBound). The runner calls it when it is told to
// stop and cannot wait for an orderly end.
func KillAll() error {
	liveMu.Lock()
	trees := make([]*Tree, 0, len(live))
	for t := range live {
		trees = append(trees, t)
	}
	liveMu.Unlock()
	var wg sync.WaitGroup
	errs := make([]error, len(trees))
	for i, t := range trees {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = t.Kill()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Live is how many trees have been started and not yet ended by Kill,
// Stop or KillAll.
func Live() int {
	liveMu.Lock()
	defer liveMu.Unlock()
	return len(live)
}

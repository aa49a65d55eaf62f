package supervise

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// proc is one line of the process table.
type proc struct {
	pid, ppid, pgrp, sid int
	zombie               bool
	start                uint64 // clock ticks after boot
}

// members sweeps /proc for the tree's processes: the leader, the members
// of its group and session, the carriers of its variable, and every
// descendant of any of them. Zombies are left out (they are dead; their
// parent reaps them). ok is false when there is no process table to read.
func (t *Tree) members() ([]int, bool) {
	procs, ok := readProcs()
	if !ok {
		return nil, false
	}
	self := os.Getpid()
	// Once the leader is reaped its pid may be reused (pids wrap, at 32768
	// on many machines), by a process that leads a group and session of
	// its own: then only the variable's carriers, and their descendants,
	// name the tree.
	leader := true
	select {
	case <-t.exited:
		leader = false
	default:
	}
	mark := []byte(TreeVar + "=" + t.token + "\x00")
	t.knownMu.Lock()
	defer t.knownMu.Unlock()
	in := map[int]bool{}
	unsure := false
	children := map[int][]int{}
	var queue []int
	for _, p := range procs {
		children[p.ppid] = append(children[p.ppid], p.pid)
		if p.zombie && adopting.Load() && p.ppid == self && orphan(p.pid) {
			// An adopted orphan that died is the runner's to reap.
			var ws unix.WaitStatus
			_, _ = unix.Wait4(p.pid, &ws, unix.WNOHANG, nil)
		}
		if p.pid == self || p.zombie {
			continue
		}
		// A process found once stays a member while it lives (same pid,
		// same start): its environment cannot always be read — not while
		// it execs, nor while it dies of a SIGKILL before it turns zombie.
		// A process older than the leader cannot descend from it: only the
		// younger ones' environments are read (the costly part).
		known := false
		if start, ok := t.known[p.pid]; ok && start == p.start ||
			leader && (p.pid == t.pid || p.pgrp == t.pid || p.sid == t.pid) {
			known = true
		} else if adopting.Load() && p.ppid == self && p.start >= t.born && orphan(p.pid) {
			// Adopted by the runner (AdoptOrphans): it escaped its
			// parent, session and environment, but not its reaper.
			known = true
		} else if p.start >= t.born && p.pid != kthreadd && p.ppid != kthreadd {
			has, cannotTell := carries(p.pid, mark)
			known = has
			unsure = unsure || cannotTell
		}
		if known {
			in[p.pid] = true
			queue = append(queue, p.pid)
		}
	}
	t.unsure = unsure
	if leader {
		queue = append(queue, t.pid) // its descendants count even while it is a zombie
	}
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		for _, c := range children[pid] {
			if !in[c] && c != self {
				in[c] = true
				queue = append(queue, c)
			}
		}
	}
	if t.known == nil {
		t.known = map[int]uint64{}
	}
	var out []int
	for _, p := range procs {
		if in[p.pid] && !p.zombie {
			out = append(out, p.pid)
			t.known[p.pid] = p.start
		}
	}
	return out, true
}

// carries reports whether the process's environment holds mark (a whole
// NAME=VALUE entry). unsure says the environment could not tell: it read
// as nothing, or the read said "no such process" of a process the table
// still lists alive. Both happen while a process execs (between its old
// image and its new one), which a sweep must not take for "not of the
// tree" (see Tree.unsure).
func carries(pid int, mark []byte) (has, unsure bool) {
	env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false, errors.Is(err, syscall.ESRCH)
	}
	return bytes.HasPrefix(env, mark) || bytes.Contains(env, append([]byte{0}, mark...)), len(env) == 0
}

// kthreadd is the parent of the kernel's threads, whose environments are
// always blank.
const kthreadd = 2

func readProcs() ([]proc, bool) {
	d, err := os.Open("/proc")
	if err != nil {
		return nil, false
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return nil, false
	}
	out := make([]proc, 0, len(names))
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue // gone since the listing
		}
		if p, ok := parseStat(pid, b); ok {
			out = append(out, p)
		}
	}
	return out, true
}

// parseStat reads "pid (comm) state ppid pgrp session …"; comm may hold
// spaces and parentheses, so the fields start after the last ')'.
func parseStat(pid int, b []byte) (proc, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return proc{}, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 20 {
		return proc{}, false
	}
	start, err := strconv.ParseUint(string(f[19]), 10, 64)
	if err != nil {
		return proc{}, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	pgrp, err2 := strconv.Atoi(string(f[2]))
	sid, err3 := strconv.Atoi(string(f[3]))
	if err1 != nil || err2 != nil || err3 != nil {
		return proc{}, false
	}
	return proc{pid: pid, ppid: ppid, pgrp: pgrp, sid: sid, zombie: f[0][0] == 'Z' || f[0][0] == 'X', start: start}, true
}

// startTime is when pid started (clock ticks after boot), 0 if unknown.
func startTime(pid int) uint64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	p, _ := parseStat(pid, b)
	return p.start
}

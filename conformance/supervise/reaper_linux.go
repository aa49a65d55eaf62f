package supervise

import (
	"sync/atomic"

	"golang.org/x/sys/unix"
)

// adopting is set once the process has become its descendants' reaper.
var adopting atomic.Bool

// AdoptOrphans makes this process the reaper of its descendants (Linux's
// PR_SET_CHILD_SUBREAPER): a helper of an implementation that leaves its
// session, double-forks and clears its environment — escaping every mark
// a sweep can read — is reparented to the runner instead of to init, so
// the sweep still finds it among the runner's children. Call it only from
// a program whose children are all supervised trees (the conform binary):
// such an orphan is then any child that leads no live tree.
func AdoptOrphans() error {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return err
	}
	adopting.Store(true)
	return nil
}

// orphan reports whether a child of the runner is an adopted orphan: not
// the leader of a live tree. It is attributed to every tree whose leader
// started before it.
func orphan(pid int) bool {
	liveMu.Lock()
	defer liveMu.Unlock()
	for t := range live {
		if t.pid == pid {
			return false
		}
	}
	return true
}

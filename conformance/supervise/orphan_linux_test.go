package supervise

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"testing"
	"time"
)

// orphanHelperVar runs the test binary as the subreaper in
// TestANewLeaderIsNeverAnotherTreesOrphan: AdoptOrphans changes the whole
// process, so it is done in a child of the test, not in the test itself.
const orphanHelperVar = "CLOCKSPEC_SUPERVISE_ORPHAN_HELPER"

// A runner that adopts orphans (the conform binary) takes any child that
// leads no live tree for an orphan of every tree started before it. A
// leader the runner has just started is such a child until Start has
// registered it: a sweep of another tree in that moment (a Kill of an
// ended tree, run in the background after a process exits) found it and
// killed it as it started, and the store check's second writer failed
// its 50 updates with "the implementation exited (signal: killed)". The
// sweep here runs in exactly that moment and must not claim the new
// leader.
func TestANewLeaderIsNeverAnotherTreesOrphan(t *testing.T) {
	if os.Getenv(orphanHelperVar) == "1" {
		if err := claimsTheNewLeader(); err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestANewLeaderIsNeverAnotherTreesOrphan$")
	cmd.Env = append(os.Environ(), orphanHelperVar+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
}

// claimsTheNewLeader is the helper's whole run: an older tree is swept
// while a new leader is between its start and its registration.
func claimsTheNewLeader() error {
	if err := AdoptOrphans(); err != nil {
		return fmt.Errorf("cannot become a subreaper here: %v", err)
	}
	older, err := Start(exec.Command("sleep", "100"))
	if err != nil {
		return err
	}
	defer older.Kill()
	swept := make(chan []int, 1)
	afterStart = func(int) {
		go func() { swept <- older.Members() }()
		// Long enough for an unguarded sweep to finish (it takes about a
		// millisecond); a guarded one waits for the registration.
		time.Sleep(100 * time.Millisecond)
	}
	newer, err := Start(exec.Command("sleep", "100"))
	afterStart = nil
	if err != nil {
		return err
	}
	defer newer.Kill()
	select {
	case members := <-swept:
		if slices.Contains(members, newer.Pid()) {
			return fmt.Errorf("the older tree's sweep claimed the new leader %d: members %v", newer.Pid(), members)
		}
		if !slices.Contains(members, older.Pid()) {
			return fmt.Errorf("the older tree's sweep lost its own leader %d: members %v", older.Pid(), members)
		}
	case <-time.After(10 * time.Second):
		return fmt.Errorf("the older tree's sweep never ended")
	}
	return nil
}

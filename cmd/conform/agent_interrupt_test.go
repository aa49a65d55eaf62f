package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// An agent run told to stop (SIGINT) ends at once with no verdict, exit
// 130: the agent's process, started through a wrapper with a helper of its
// own, is gone with every helper, and the report folder says the run was
// interrupted instead of keeping the previous run's files.
func TestInterruptedAgentRunLeavesNothing(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP} {
		t.Run(signalName(sig), func(t *testing.T) { interruptAgentRun(t, sig) })
	}
}

// interruptAgentRun interrupts an agent run with sig (a closed terminal
// sends SIGHUP, which stops it as SIGINT does).
func interruptAgentRun(t *testing.T, sig syscall.Signal) {
	piddir, dir := t.TempDir(), t.TempDir()
	if code, _, stderr := conform(t, "agent", "--agent", "scripted:clock", "--run", "clock-agent/floating/oslo-winter", "--report", dir); code != exitOK {
		t.Fatalf("the first run: exit %d\n%s", code, stderr)
	}
	// sh starts a helper, records both pids and waits: the agent never
	// answers its first turn.
	script := `sleep 300 & echo $! > "$PIDDIR/helper-$!"; echo $$ > "$PIDDIR/$$"; exec sleep 300`
	argv, _ := json.Marshal([]string{"sh", "-c", script})
	cmd, stderr := conformProcess(t, []string{"PIDDIR=" + piddir, "CONFORM_FAULTY_PIDDIR=" + piddir},
		"agent", "--agent", "exec:"+string(argv), "--run", "clock-agent/floating/**", "--timeout", "2m", "--report", dir)
	waitUntil(t, time.Minute, "the agent and its helper started", stderr, func() bool {
		entries, _ := os.ReadDir(piddir)
		return len(entries) >= 2
	})
	_ = cmd.Process.Signal(sig)
	code := waitExit(t, cmd, 30*time.Second)
	if code != 128+int(sig) || !strings.Contains(stderr.String(), "no verdict") {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, 128+int(sig), stderr)
	}
	if left := pidsLeft(piddir); len(left) > 0 {
		t.Errorf("processes %v of the agent outlived conform agent", left)
	}
	b, err := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
	if err != nil || !strings.Contains(string(b), `"could_not_run": "interrupted by `+signalName(sig)+`: no verdict"`) {
		t.Errorf("agent-summary.json after an interrupted run (%v):\n%s", err, b)
	}
}

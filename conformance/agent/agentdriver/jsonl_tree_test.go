package agentdriver_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
)

// nullHost has no tools and notes nothing.
type nullHost struct{}

func (nullHost) Tools() []agent.ToolDef { return nil }
func (nullHost) Exec(context.Context, string, json.RawMessage) json.RawMessage {
	return nil
}
func (nullHost) Fault(string, string) {}
func (nullHost) Note(string, string)  {}

// A conversation's end ends the whole agent, in bounded time: an agent
// started through a wrapper, with a helper of its own that would outlive
// it (and hold its output open), leaves neither behind once its session is
// closed, and closing does not wait for the helper.
func TestClosingASessionEndsTheAgentsHelpers(t *testing.T) {
	dir := t.TempDir()
	pidfile := filepath.Join(dir, "helper")
	j := &agentdriver.JSONL{Argv: []string{"sh", "-c", `sleep 300 & echo $! > "` + pidfile + `"; exec cat >/dev/null`}}
	s, err := j.Open(context.Background(), agent.Conversation{ID: "c", Host: nullHost{}})
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	for i := 0; i < 200 && pid == 0; i++ {
		b, _ := os.ReadFile(pidfile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		if pid == 0 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if pid == 0 {
		t.Fatal("the helper never started")
	}
	closed := make(chan struct{})
	go func() {
		_ = s.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(15 * time.Second):
		_ = syscall.Kill(pid, syscall.SIGKILL)
		t.Fatal("closing the session waited for the agent's helper")
	}
	if b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil {
		if i := strings.LastIndexByte(string(b), ')'); i > 0 && !strings.HasPrefix(string(b[i+1:]), " Z") {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("the agent's helper %d outlived its session", pid)
		}
	}
}

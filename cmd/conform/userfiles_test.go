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

// A file the command line names that is not a regular file (a FIFO would
// block the read for ever, /dev/zero never ends) or is too large is
// refused at once with a message, never read.
func TestUserFilesAreCappedAndRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, make([]byte, maxPromptBytes+1), 0o600); err != nil {
		t.Fatal(err)
	}
	features := filepath.Join(dir, "features", "v1")
	if err := os.MkdirAll(features, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(features, "stuck.feature"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"a FIFO as the system prompt", []string{"agent", "--agent", "openai+http://127.0.0.1:1/v1", "--model", "m", "--system-prompt", fifo}, "not a regular file"},
		{"a huge system prompt", []string{"agent", "--agent", "openai+http://127.0.0.1:1/v1", "--model", "m", "--system-prompt", big}, "more than"},
		{"/dev/zero as a replay file", []string{"replay", "/dev/zero"}, "not a regular file"},
		{"a FIFO as a replay file", []string{"replay", fifo}, "not a regular file"},
		{"a FIFO among the features", []string{"run", "--features", filepath.Join(dir, "features")}, "not a regular file"},
		{"a FIFO as the known-failing list", []string{"run", "--known-failing", fifo}, "not a regular file"},
		{"a FIFO as the known-flaky list", []string{"run", "--known-flaky", fifo}, "not a regular file"},
		{"a FIFO as a summary to merge", []string{"report", fifo, fifo}, "not a regular file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			done := make(chan struct{})
			var code int
			var stderr string
			go func() { code, _, stderr = conform(t, c.args...); close(done) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("conform is still reading after 20 s")
			}
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want %d and %q:\n%s", code, exitUsage, c.want, stderr)
			}
		})
	}
}

// store-check's sizes are bounded: past them its time budget, not the
// store, would fail.
func TestStoreCheckSizesAreBounded(t *testing.T) {
	for _, args := range [][]string{{"--writers", "1000"}, {"--kills", "0"}, {"--updates", "100000"}, {"--writers", "-1"}} {
		code, _, stderr := conform(t, append([]string{"store-check", "--impl", "exec:true"}, args...)...)
		if code != exitUsage || !strings.Contains(stderr, args[0]) || !strings.Contains(stderr, "want") {
			t.Errorf("%v: exit %d\n%s", args, code, stderr)
		}
	}
}

// An MCP server that cannot find its Node packages is told to run npm ci,
// as an exec: one is.
func TestMCPServerMissingPackagesIsToldToInstall(t *testing.T) {
	script := `echo "Error [ERR_MODULE_NOT_FOUND]: Cannot find package '@modelcontextprotocol/sdk' imported from /x/server.js" >&2; exit 1`
	argv, _ := json.Marshal([]string{"sh", "-c", script})
	code, _, stderr := conform(t, "run", "--impl", "mcp:"+string(argv), "--tags", "@datetime")
	if code != exitUsage || !strings.Contains(stderr, "npm ci") {
		t.Errorf("exit %d, want %d and a hint to run npm ci:\n%s", code, exitUsage, stderr)
	}
}

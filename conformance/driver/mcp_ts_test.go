package driver_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/features"
)

// Servers written with the official TypeScript SDK, answering the way real
// MCP servers do (examples/mcp-datetime-node/test-servers.js). Node 20 and
// the example's npm packages are prerequisites (make mcp-example-deps), as
// for the example's own tests: never a reason to skip.

func tsExampleDir(t *testing.T) (node, dir string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatal("node is not on PATH: run `make mcp-example-deps` (needs Node 20)")
	}
	dir, err = filepath.Abs(filepath.Join("..", "..", "examples", "mcp-datetime-node"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		t.Fatal("examples/mcp-datetime-node has no node_modules: run `make mcp-example-deps`")
	}
	return node, dir
}

// knownFailing is the example's list: scenarios its datetime code (Node's
// ICU zone data) fails, whatever MCP form the answers take.
func knownFailing(t *testing.T, dir string) map[string]bool {
	b, err := os.ReadFile(filepath.Join(dir, "known-failing.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	return out
}

func runDatetime(t *testing.T, opts driver.MCPOptions) *conformance.Report {
	t.Helper()
	d, err := driver.MCP(opts)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: d, Tags: "@datetime", Goldens: goldensFS()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// requiredNotPassing lists the required scenarios a run did not pass.
func requiredNotPassing(rep *conformance.Report) []string {
	var out []string
	for _, s := range rep.Scenarios {
		if s.Tier == features.Required && (s.Compat != conformance.Passed || s.Exact != conformance.Passed) {
			out = append(out, s.ID+": "+s.Problem)
		}
	}
	return out
}

// (a) structuredContent with an indent=2 text, (b) structuredContent
// alone, (c) a compact text alone: each passes every required datetime
// scenario the example's datetime code passes (all but its known-failing
// list, differences of Node's ICU zone data); (d) a right text beside a
// wrong structuredContent fails, naming both.
func TestMCPDriverReadsResultsAsMCPDefinesThem(t *testing.T) {
	node, dir := tsExampleDir(t)
	known := knownFailing(t, dir)
	server := func(mode string) []string { return []string{node, filepath.Join(dir, "test-servers.js"), mode} }
	for _, mode := range []string{"structured-pretty", "structured-only", "text-compact"} {
		t.Run(mode, func(t *testing.T) {
			rep := runDatetime(t, driver.MCPOptions{Argv: server(mode)})
			for _, p := range requiredNotPassing(rep) {
				if id, _, _ := strings.Cut(p, ": "); !known[id] {
					t.Errorf("required scenario not passed: %s", p)
				}
			}
			if passed(rep) < 300 {
				t.Errorf("only %d scenarios passed", passed(rep))
			}
		})
	}
	t.Run("structured-wrong", func(t *testing.T) {
		rep := runDatetime(t, driver.MCPOptions{Argv: server("structured-wrong")})
		s := scenario(t, rep, outputCase)
		if s.Compat != conformance.Failed || !strings.Contains(s.Problem, "the text content disagrees with structuredContent") ||
			!strings.Contains(s.Problem, `"left":"2027-04-20T10:00:00+03:00"`) || !strings.Contains(s.Problem, `\"left\":\"2026-04-20T10:00:00+03:00\"`) {
			t.Errorf("%s: %s: %s", outputCase, s.Compat, s.Problem)
		}
		if s := scenario(t, rep, errorCase); s.Compat != conformance.Passed {
			t.Errorf("an error answer (no structuredContent) is charged too: %s", s.Problem)
		}
	})
}

// The compact-JSON scenario judges the text a text-only server writes:
// an indented text fails that scenario and no other one; the same text
// beside structuredContent passes it (structuredContent is the answer).
func TestCompactOutputIsJudgedByItsOwnScenario(t *testing.T) {
	const compact = "datetime/validation/compact-output"
	pretty := runMCPFake(t, "pretty", "", driver.MCPOptions{})
	var failing []string
	for _, s := range pretty.Scenarios {
		if s.Tier == features.Required && s.Compat != conformance.Passed {
			failing = append(failing, s.ID)
		}
	}
	if !slices.Equal(failing, []string{compact}) {
		t.Errorf("an indented text fails %v, want exactly %s", failing, compact)
	}
	if s := scenario(t, pretty, compact); !strings.Contains(s.Problem, "the output is not compact JSON") {
		t.Errorf("%s: %s", compact, s.Problem)
	}
}

// startTSHTTP starts a test server in an http mode and returns its URL.
func startTSHTTP(t *testing.T, mode string) string {
	t.Helper()
	node, dir := tsExampleDir(t)
	cmd := exec.Command(node, filepath.Join(dir, "test-servers.js"), mode)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
	})
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case url, ok := <-lines:
		if !ok {
			t.Fatalf("%s printed no URL: %s", mode, stderr.String())
		}
		return url
	case <-time.After(20 * time.Second):
		t.Fatalf("%s did not start: %s", mode, stderr.String())
	}
	return ""
}

// Over streamable HTTP, a transport-level failure fails the one case that
// caused it, naming the HTTP status, and the next case gets a fresh
// session: a server answering HTTP 400 to one call, one that drops its
// session in the middle of a call, and one that ends its session after a
// call (whose next request gets 404, and is sent again on a new session,
// as MCP says a client must) fail exactly the marked case, or none.
func TestMCPHTTPSessionsRecover(t *testing.T) {
	_, dir := tsExampleDir(t)
	known := knownFailing(t, dir)
	var mu sync.Mutex
	for _, c := range []struct {
		mode, want string // want: the marked case's problem; "" when it passes
	}{
		{"http-400", "HTTP 400 Bad Request"},
		{"http-close", "tools/call datetime_math"},
		{"http-expire", ""},
	} {
		t.Run(c.mode, func(t *testing.T) {
			url := startTSHTTP(t, c.mode)
			rep := runDatetime(t, driver.MCPOptions{Endpoint: url})
			mu.Lock()
			defer mu.Unlock()
			var bad []string
			for _, s := range rep.Scenarios {
				if s.Compat == conformance.Passed || s.Compat == conformance.NotClaimed || known[s.ID] {
					continue
				}
				if s.Tier != features.Required && !strings.Contains(s.Problem, "tools/call") {
					continue // a decision the example's code does not follow
				}
				bad = append(bad, s.ID)
				if s.ID == errorCase && c.want != "" && !strings.Contains(s.Problem, c.want) {
					t.Errorf("%s: %s, want it to say %q", s.ID, s.Problem, c.want)
				}
			}
			want := []string{errorCase}
			if c.want == "" {
				want = nil
			}
			if !slices.Equal(bad, want) {
				t.Errorf("failing %v, want %v", bad, want)
				for _, s := range rep.Scenarios {
					if slices.Contains(bad, s.ID) {
						t.Logf("%s: %s", s.ID, s.Problem)
					}
				}
			}
		})
	}
}

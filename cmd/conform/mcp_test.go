package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary doubles as the conform command: with CONFORM_TEST_AS_MAIN
// set, or started as `<test binary> serve …` (which go test never does, and
// which survives a client that passes its server only part of the
// environment), it runs the CLI on its arguments, so `mcp:<test binary>
// serve --mcp` is `conform serve --mcp`, the code the release binary runs.
func init() {
	if os.Getenv("CONFORM_TEST_AS_MAIN") == "1" || len(os.Args) > 1 && os.Args[1] == "serve" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
}

// conformCommand is argv for running this CLI as a separate process.
func conformCommand(t *testing.T, args ...string) []string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONFORM_TEST_AS_MAIN", "1") // inherited by the children, not read by this process again
	return append([]string{exe}, args...)
}

// datetimeScenarios is the number of scenarios tagged @datetime.
func datetimeScenarios(t *testing.T) int {
	t.Helper()
	code, _, stderr := conform(t, "list", "--tags", "@datetime")
	m := regexp.MustCompile(`(?m)^(\d+) scenarios$`).FindStringSubmatch(stderr)
	if code != exitOK || m == nil {
		t.Fatalf("conform list --tags @datetime: exit %d:\n%s", code, stderr)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func requireAllPassed(t *testing.T, code int, stderr string, n int) {
	t.Helper()
	if code != exitOK {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitOK, stderr)
	}
	for _, want := range []string{
		"implementation: clockspec-reference ",
		"datetime          " + strconv.Itoa(n) + " scenarios  compat " + strconv.Itoa(n) + " passed, 0 failed  exact " + strconv.Itoa(n) + " passed, 0 failed",
		"conform: " + strconv.Itoa(n) + " passed, 0 failed",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, stderr)
		}
	}
}

// conform run --impl 'mcp:conform serve --mcp' --tags @datetime: the
// reference's tools over MCP's stdio transport pass every datetime scenario.
func TestMCPStdioServePassesTheDatetimeProfile(t *testing.T) {
	n := datetimeScenarios(t)
	argv, _ := json.Marshal(conformCommand(t, "serve", "--mcp"))
	code, _, stderr := conform(t, "run", "--impl", "mcp:"+string(argv), "--tags", "@datetime")
	requireAllPassed(t, code, stderr, n)
	requireNoTzdataReported(t, stderr)
}

// MCP's hello has no tzdata: the summary says none was reported rather
// than naming an empty one.
func requireNoTzdataReported(t *testing.T, stderr string) {
	t.Helper()
	if !regexp.MustCompile(`(?m)^implementation: clockspec-reference \S+ \(mcp\), tzdata not reported$`).MatchString(stderr) {
		t.Errorf("the summary does not say that an MCP server reports no tzdata:\n%s", stderr)
	}
}

// The same over streamable HTTP: conform serve --mcp --addr, driven by
// --impl mcp+http://HOST:PORT/mcp.
func TestMCPHTTPServePassesTheDatetimeProfile(t *testing.T) {
	n := datetimeScenarios(t)
	url := startMCPHTTP(t)
	code, _, stderr := conform(t, "run", "--impl", "mcp+"+url, "--tags", "@datetime")
	requireAllPassed(t, code, stderr, n)
	requireNoTzdataReported(t, stderr)
}

// startMCPHTTP runs `conform serve --mcp --addr 127.0.0.1:0` and returns
// its endpoint; the server is stopped with the test.
func startMCPHTTP(t *testing.T, extra ...string) string {
	t.Helper()
	argv := conformCommand(t, append([]string{"serve", "--mcp", "--addr", "127.0.0.1:0"}, extra...)...)
	cmd := exec.Command(argv[0], argv[1:]...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`on (http://127\.0\.0\.1:\d+) \(MCP streamable HTTP at /mcp\)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1] + "/mcp"
			}
		}
	}()
	select {
	case url := <-found:
		return url
	case <-time.After(30 * time.Second):
		t.Fatal("conform serve --mcp --addr did not say where it listens")
	}
	return ""
}

func TestServeMCPFlagsAreChecked(t *testing.T) {
	code, _, stderr := conform(t, "serve", "--mcp", "--stdio")
	if code != exitUsage || !strings.Contains(stderr, "exclude each other") {
		t.Errorf("--mcp --stdio: exit %d: %s", code, stderr)
	}
	code, _, stderr = conform(t, "serve", "--mcp", "--addr", "0.0.0.0:0")
	if code != exitUsage || !strings.Contains(stderr, "not a loopback address") {
		t.Errorf("--mcp on 0.0.0.0: exit %d: %s", code, stderr)
	}
	code, _, stderr = conform(t, "run", "--impl", "mcp:", "--tags", "@datetime")
	if code != exitUsage || !strings.Contains(stderr, "no command") {
		t.Errorf("--impl mcp: with no command: exit %d: %s", code, stderr)
	}
	code, _, stderr = conform(t, "run", "--impl", "mcp+http://", "--tags", "@datetime")
	if code != exitUsage || !strings.Contains(stderr, "not an http:// or https:// endpoint") {
		t.Errorf("--impl mcp+http:// with no host: exit %d: %s", code, stderr)
	}
}

// --seed and --host-tz reach an mcp: server and the summary says which zone
// it ran under, as for exec:; an mcp+http:// server runs where it was
// started.
func TestMCPRunNamesTheHostZone(t *testing.T) {
	impl := "mcp:" + strings.Join(conformCommand(t, "serve", "--mcp"), " ")
	code, _, stderr := conform(t, "run", "--impl", impl, "--tags", "@datetime", "--run", "datetime/diff/prd-example", "--seed", "1")
	if code != exitOK || !strings.Contains(stderr, "host zone: America/St_Johns (TZ of the implementation; --seed 1 reproduces it") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
	code, _, stderr = conform(t, "run", "--impl", impl, "--tags", "@datetime", "--run", "datetime/diff/prd-example", "--host-tz", "UTC")
	if code != exitOK || !strings.Contains(stderr, "host zone: UTC (TZ of the implementation, --host-tz)") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
}

package conformance_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// The test binary doubles as a misbehaving implementation: with
// CLOCKSPEC_FAKE set it speaks the subprocess protocol through the reference,
// except that requests containing CLOCKSPEC_FAKE_MATCH trigger the fault.
func TestMain(m *testing.M) {
	if mode := os.Getenv("CLOCKSPEC_FAKE"); mode != "" {
		fake(mode, os.Getenv("CLOCKSPEC_FAKE_MATCH"))
		return
	}
	os.Exit(m.Run())
}

func fake(mode, match string) {
	if dir := os.Getenv("CLOCKSPEC_FAKE_PIDDIR"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), nil, 0o644)
	}
	if mode == "exit-at-start" {
		fmt.Fprintln(os.Stderr, "fake: cannot start: missing config")
		os.Exit(7)
	}
	if mode == "echo" {
		echo()
		return
	}
	impl := reference.New()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<21)
	out := bufio.NewWriter(os.Stdout)
	calls := 0
	for in.Scan() {
		line := in.Bytes()
		resp := protocol.Answer(context.Background(), impl, line)
		var req protocol.Request
		_ = json.Unmarshal(line, &req)
		if req.Op != protocol.OpHello {
			calls++
		}
		hit := match != "" && strings.Contains(string(line), match)
		switch {
		case mode == "hang" && hit:
			fmt.Fprintln(os.Stderr, "fake: hanging on", req.Op)
			select {}
		case mode == "crash-third-call" && calls == 3:
			fmt.Fprintln(os.Stderr, "fake: panic: third call")
			os.Exit(2)
		case mode == "blank-lines":
			fmt.Fprint(out, "\n \t \r\n\r\n")
			writeResp(out, resp)
		case mode == "garbage" && hit:
			fmt.Fprintln(out, "this is not json")
		case mode == "wrong-id" && hit:
			resp.ID = "not-" + resp.ID
			writeResp(out, resp)
		case mode == "huge-line" && hit:
			out.WriteString(`{"id":"` + resp.ID + `","output":{"result":"`)
			out.WriteString(strings.Repeat("x", 10<<20))
			out.WriteString("\"}}\n")
		default:
			writeResp(out, resp)
		}
		out.Flush()
	}
}

func writeResp(out *bufio.Writer, resp protocol.Response) {
	b, _ := json.Marshal(resp)
	out.Write(append(b, '\n'))
}

var faultRun = []conformance.Pattern{"v1/escape-xml/**", "v1/strip-internal/shortest-match"}

// runFake runs a few scenarios against the fake and returns the report and
// the pids it started.
func runFake(t *testing.T, mode, match string, restarts int) (*conformance.Report, []int) {
	t.Helper()
	piddir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "CLOCKSPEC_FAKE="+mode, "CLOCKSPEC_FAKE_MATCH="+match, "CLOCKSPEC_FAKE_PIDDIR="+piddir)
	before := runtime.NumGoroutine()
	drv, err := conformance.Subprocess(conformance.SubprocessOptions{
		Argv: []string{exe}, Env: env, Deadline: 400 * time.Millisecond, MaxRestarts: restarts})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: drv, Level: conformance.LevelCompat, Run: faultRun})
	if err != nil {
		t.Fatalf("the run must complete with a report, got %v", err)
	}
	drv.Close()
	var pids []int
	entries, _ := os.ReadDir(piddir)
	for _, e := range entries {
		pid, _ := strconv.Atoi(e.Name())
		pids = append(pids, pid)
	}
	// Nothing may outlive the run: every child reaped, no goroutine left.
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
			t.Errorf("child %d is still there after Close (%v)", pid, err)
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines before the run, %d after", before, n)
	}
	return rep, pids
}

func verdicts(rep *conformance.Report) map[string]conformance.ScenarioResult {
	out := map[string]conformance.ScenarioResult{}
	for _, s := range rep.Scenarios {
		out[s.ID] = s
	}
	return out
}

func TestSubprocessFaults(t *testing.T) {
	const faulty = "v1/escape-xml/plain"
	const match = `"hello world"`
	for _, tc := range []struct {
		mode    string
		verdict conformance.Verdict
		says    string
	}{
		{"hang", conformance.TimedOut, "no answer to v1.escape_xml within"},
		{"garbage", conformance.ProtocolError, "not a JSON response"},
		{"wrong-id", conformance.ProtocolError, "which no request in flight has"},
		{"huge-line", conformance.ProtocolError, "exceeds 1048576 bytes"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			rep, pids := runFake(t, tc.mode, match, 3)
			v := verdicts(rep)
			if got := v[faulty]; got.Compat != tc.verdict || !strings.Contains(got.Problem, tc.says) {
				t.Errorf("faulty case: %s %q, want %s mentioning %q", got.Compat, got.Problem, tc.verdict, tc.says)
			}
			if tc.mode == "hang" && !strings.Contains(v[faulty].Problem, "fake: hanging on") {
				t.Errorf("the stderr tail is not shown: %q", v[faulty].Problem)
			}
			for id, s := range v {
				if id != faulty && s.Compat != conformance.Passed {
					t.Errorf("healthy case %s: %s %s", id, s.Compat, s.Problem)
				}
			}
			if len(pids) != 2 {
				t.Errorf("%d children started, want 2 (one restart after the fault)", len(pids))
			}
		})
	}
}

func TestSubprocessCrashesAreRestartedBoundedly(t *testing.T) {
	rep, pids := runFake(t, "crash-third-call", "", 2)
	var crashed, passed int
	for _, s := range rep.Scenarios {
		switch s.Compat {
		case conformance.Crashed:
			crashed++
			if !strings.Contains(s.Problem, "crash") {
				t.Errorf("%s: %q does not name the crash", s.ID, s.Problem)
			}
		case conformance.Passed:
			passed++
		default:
			t.Errorf("%s: unexpected verdict %s", s.ID, s.Compat)
		}
	}
	if crashed == 0 || passed == 0 {
		t.Errorf("want both crashed and passed cases, got %d crashed, %d passed", crashed, passed)
	}
	if len(pids) != 3 {
		t.Errorf("%d children started, want 3 (the first and two restarts)", len(pids))
	}
	if !strings.Contains(rep.Scenarios[len(rep.Scenarios)-1].Problem, "gave up after 2 restarts") {
		t.Errorf("the last case should say the runner gave up: %q", rep.Scenarios[len(rep.Scenarios)-1].Problem)
	}
}

func TestSubprocessThatExitsAtStart(t *testing.T) {
	rep, _ := runFake(t, "exit-at-start", "", 1)
	if len(rep.Scenarios) == 0 || rep.OK() {
		t.Fatal("every selected scenario must fail")
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Crashed || !strings.Contains(s.Problem, "missing config") || !strings.Contains(s.Problem, "exit status 7") {
			t.Errorf("%s: %s %q", s.ID, s.Compat, s.Problem)
		}
	}
}

// httpFake serves the reference but misbehaves on requests containing match.
func httpFake(t *testing.T, mode, match string) string {
	t.Helper()
	ok := protocol.Handler(reference.New())
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/call" {
			body := make([]byte, r.ContentLength)
			_, _ = r.Body.Read(body)
			if strings.Contains(string(body), match) {
				switch mode {
				case "slow":
					time.Sleep(time.Second)
				case "drop":
					conn, _, _ := w.(http.Hijacker).Hijack()
					conn.Close()
					return
				case "wrong-id":
					w.Write([]byte(`{"id":"x","output":{"result":""}}`))
					return
				}
			}
			r.Body = ioNopCloser(strings.NewReader(string(body)))
		}
		ok.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestHTTPFaults(t *testing.T) {
	const faulty = "v1/escape-xml/plain"
	for _, tc := range []struct {
		mode    string
		verdict conformance.Verdict
		says    string
	}{
		{"slow", conformance.TimedOut, "no answer to POST /call within"},
		{"drop", conformance.Crashed, "POST /call"},
		{"wrong-id", conformance.ProtocolError, "answer carries id"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			drv, err := conformance.HTTP(httpFake(t, tc.mode, `"hello world"`), conformance.HTTPOptions{Deadline: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer drv.Close()
			rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Level: conformance.LevelCompat, Run: faultRun})
			if err != nil {
				t.Fatal(err)
			}
			for id, s := range verdicts(rep) {
				switch {
				case id == faulty && (s.Compat != tc.verdict || !strings.Contains(s.Problem, tc.says)):
					t.Errorf("faulty case: %s %q, want %s mentioning %q", s.Compat, s.Problem, tc.verdict, tc.says)
				case id != faulty && s.Compat != conformance.Passed:
					t.Errorf("healthy case %s: %s %s", id, s.Compat, s.Problem)
				}
			}
		})
	}
}

func TestHTTPUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	drv, _ := conformance.HTTP("http://"+addr, conformance.HTTPOptions{Deadline: 300 * time.Millisecond})
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: faultRun})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || rep.Scenarios[0].Compat != conformance.Crashed {
		t.Errorf("an unreachable implementation must fail every case as crashed: %+v", rep.Scenarios[0])
	}
}

// echo is the bare JSON-Lines child of the driver benchmarks: it answers
// hello and echoes every other request's id with an empty output, so the
// benchmark measures the pipe and the driver, not an implementation.
func echo() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		var req protocol.Request
		_ = json.Unmarshal(in.Bytes(), &req)
		resp := protocol.Response{ID: req.ID, Output: json.RawMessage(`{}`)}
		if req.Op == protocol.OpHello {
			h, _ := json.Marshal(protocol.Hello{Implementation: "echo", Protocol: protocol.Version})
			resp.Output = h
		}
		writeResp(out, resp)
		out.Flush()
	}
}

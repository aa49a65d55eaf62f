package driver_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
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
	state := os.Getenv("CLOCKSPEC_FAKE_STATE")
	restarted := false
	if state != "" {
		_, err := os.Stat(filepath.Join(state, "started"))
		restarted = err == nil
		_ = os.WriteFile(filepath.Join(state, "started"), nil, 0o644)
	}
	if strings.HasPrefix(mode, "setsid") {
		// A helper in its own session, holding our stdout: the group kill
		// cannot reach it.
		cmd := exec.Command("setsid", "sleep", "30")
		cmd.Stdout = os.Stdout
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "fake: setsid:", err)
			os.Exit(3)
		}
		if dir := os.Getenv("CLOCKSPEC_FAKE_PIDDIR"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "grandchild-"+strconv.Itoa(cmd.Process.Pid)), nil, 0o644)
		}
	}
	switch mode {
	case "escape-hang":
		// It leaves the process group the runner may have made for it,
		// then hangs on the matching call.
		escapeGroup()
		mode = "hang"
	case "escape-child-hang":
		// A wrapper (sh -c, npm start, go run) whose implementation runs
		// in a session of its own, holding the pipes, and hangs on the
		// matching call; the wrapper waits for it.
		exe, _ := os.Executable()
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "CLOCKSPEC_FAKE=hang")
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		if err := cmd.Start(); err != nil {
			fmt.Fprintln(os.Stderr, "fake: escape:", err)
			os.Exit(3)
		}
		if dir := os.Getenv("CLOCKSPEC_FAKE_PIDDIR"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "grandchild-"+strconv.Itoa(cmd.Process.Pid)), nil, 0o644)
		}
		_ = cmd.Wait()
		os.Exit(0)
	}
	impl := reference.New()
	if mode == "stop-reading" {
		// Answers hello, then never reads stdin again.
		line, _ := bufio.NewReader(os.Stdin).ReadBytes('\n')
		writeResp(bufio.NewWriter(os.Stdout), protocol.Answer(context.Background(), impl, line))
		select {}
	}
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
		if req.Op == protocol.OpHello && (mode == "refuse-after-restart" && restarted || mode == "old-protocol") {
			resp.Output = json.RawMessage(`{"implementation":"fake","protocol":"0"}`)
		}
		if req.Op == protocol.OpHello && mode == "garbage-hello" {
			fmt.Fprintln(out, "Listening on stdin…")
		}
		if mode == "echo-raw" && req.Op != protocol.OpHello {
			resp.Output, resp.Error = json.RawMessage(quoteJSON(string(line))), nil
		}
		switch {
		case (mode == "crash" || mode == "setsid-crash" || mode == "refuse-after-restart") && hit:
			fmt.Fprintln(os.Stderr, "fake: crashing on", req.Op)
			os.Exit(2)
		case mode == "wrong" && hit:
			resp.Output, resp.Error = nil, &protocol.Error{Code: protocol.CodeInternal, Message: "wrong on purpose"}
			writeResp(out, resp)
		case mode == "debug-after" && hit:
			// The debug line leaves with the answer, in one write: output
			// that arrives while the next call is already in flight cannot be
			// told from that call's own garbage, so the test pins the case
			// the runner can judge.
			b, _ := json.Marshal(resp)
			fmt.Fprintf(out, "%s\ndebug: answered %s\n", b, req.Op)
			out.Flush()
		case mode == "answer-twice" && hit:
			writeResp(out, resp)
			writeResp(out, resp)
		case mode == "weekday-local" && resp.Output != nil:
			resp.Output = weekdayInHostZone(resp.Output)
			writeResp(out, resp)
		case mode == "fraction" && resp.Output != nil:
			resp.Output = nudgeLargeFractions(resp.Output)
			writeResp(out, resp)
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
			out.WriteString(strings.Repeat("x", 2<<20)) // twice the cap
			out.WriteString("\"}}\n")
		default:
			writeResp(out, resp)
		}
		out.Flush()
	}
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func writeResp(out *bufio.Writer, resp protocol.Response) {
	b, _ := json.Marshal(resp)
	out.Write(append(b, '\n'))
	out.Flush()
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
	// Only the hang is judged by the clock: its deadline is short, so the
	// hang is timed out quickly, yet long enough for a healthy call (the
	// first after a restart waits for a fresh child) on a loaded machine:
	// at 400 ms a healthy call timed out under a parallel go test ./....
	// Every other mode is judged by what crosses the pipe, not by when.
	callDeadline := 10 * time.Second
	if mode == "hang" {
		callDeadline = 1500 * time.Millisecond
	}
	drv, err := driver.Subprocess(driver.SubprocessOptions{
		Argv: []string{exe}, Env: env, Deadline: callDeadline, MaxRestarts: restarts})
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

// A child that crashes on every third call: each crash is charged to the
// call in flight, a fresh child goes on, and no restart budget runs out,
// since every child answered hello.
func TestSubprocessCrashesAreChargedAndRestarted(t *testing.T) {
	rep, pids := runFake(t, "crash-third-call", "", 2)
	var crashed, passed int
	for _, s := range rep.Scenarios {
		switch s.Compat {
		case conformance.Crashed:
			crashed++
			if !strings.Contains(s.Problem, "exit status 2") || !strings.Contains(s.Problem, "fake: panic: third call") {
				t.Errorf("%s: %q does not name the crash and its stderr", s.ID, s.Problem)
			}
			if strings.Contains(s.Problem, "gave up") {
				t.Errorf("%s: %q", s.ID, s.Problem)
			}
		case conformance.Passed:
			passed++
		default:
			t.Errorf("%s: unexpected verdict %s", s.ID, s.Compat)
		}
	}
	if crashed == 0 || passed < 2*crashed {
		t.Errorf("want one crash in three calls, got %d crashed, %d passed", crashed, passed)
	}
	if len(pids) != crashed+1 {
		t.Errorf("%d children started, want %d (one after each crash)", len(pids), crashed+1)
	}
}

// An implementation that exits before hello is not run at all: one error
// with the cause and its stderr, after the restarts are spent.
func TestSubprocessThatExitsAtStart(t *testing.T) {
	exe, _ := os.Executable()
	piddir := t.TempDir()
	drv, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{exe}, MaxRestarts: 1,
		Env: append(os.Environ(), "CLOCKSPEC_FAKE=exit-at-start", "CLOCKSPEC_FAKE_PIDDIR="+piddir)})
	if err != nil {
		t.Fatal(err)
	}
	defer drv.Close()
	_, err = conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: faultRun})
	var cnr *conformance.CouldNotRun
	if !errors.As(err, &cnr) {
		t.Fatalf("want the run not to happen, got %v", err)
	}
	for _, says := range []string{"could not be started", "exit status 7", "fake: cannot start: missing config", "2 attempts"} {
		if !strings.Contains(err.Error(), says) {
			t.Errorf("%q does not say %q", err, says)
		}
	}
	if cnr.Report == nil || cnr.Report.OK() || cnr.Report.CouldNotRun == "" {
		t.Errorf("the report must say the run could not happen: %+v", cnr.Report)
	}
	if entries, _ := os.ReadDir(piddir); len(entries) != 2 {
		t.Errorf("%d starts, want 2 (one restart)", len(entries))
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
			drv, err := driver.HTTP(httpFake(t, tc.mode, `"hello world"`), driver.HTTPOptions{Deadline: 300 * time.Millisecond})
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
	drv, _ := driver.HTTP("http://"+addr, driver.HTTPOptions{Deadline: 300 * time.Millisecond})
	_, err = conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: faultRun})
	var cnr *conformance.CouldNotRun
	if !errors.As(err, &cnr) || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("an unreachable implementation: the run must not happen, saying why; got %v", err)
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

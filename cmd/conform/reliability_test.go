package main

// The reliability suite of conform's own plumbing: runs interrupted by a
// signal, a disk that fills while the report is written, inputs that are
// wrong or forged. The implementation under test is this test binary: as
// conform (CONFORM_TEST_AS_CONFORM=1), or as a faulty implementation
// (faultyImplFlag).

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// faultyImplFlag makes the test binary a faulty implementation: the
// reference over JSON Lines, misbehaving as the mode says. Its pids go into
// the folder $CONFORM_FAULTY_PIDDIR.
//
//   - hang-after:N  on its Nth call (hello not counted) it starts a helper
//     in a session of its own (setsid sleep), ignores SIGTERM, writes the
//     file "hanging" and never answers.
//   - silent  answers nothing, not even hello (N = 0)
const faultyImplFlag = "--faulty-impl="

func faultyImpl(mode string) {
	dir := os.Getenv("CONFORM_FAULTY_PIDDIR")
	note := func(name string) {
		if dir != "" {
			_ = os.WriteFile(filepath.Join(dir, name), nil, 0o644)
		}
	}
	note(strconv.Itoa(os.Getpid()))
	hangAt := -1
	if n, ok := strings.CutPrefix(mode, "hang-after:"); ok {
		hangAt, _ = strconv.Atoi(n)
	}
	if mode == "silent" {
		hangAt = 0
	}
	impl := reference.New()
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<21)
	calls := 0
	for in.Scan() {
		var req protocol.Request
		_ = json.Unmarshal(in.Bytes(), &req)
		if req.Op != protocol.OpHello {
			calls++
		}
		if calls == hangAt || hangAt == 0 {
			helper := exec.Command("sleep", "300")
			helper.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
			if helper.Start() == nil {
				note("helper-" + strconv.Itoa(helper.Process.Pid))
			}
			signal.Ignore(syscall.SIGTERM)
			note("hanging")
			select {}
		}
		b, _ := json.Marshal(protocol.Answer(context.Background(), impl, in.Bytes()))
		os.Stdout.Write(append(b, '\n'))
	}
}

// limitFileSize applies $CONFORM_TEST_FSIZE (bytes) as the largest file
// conform may write: a disk that fills up (writes fail with EFBIG, as they
// would with ENOSPC).
func limitFileSize() {
	if v := os.Getenv("CONFORM_TEST_FSIZE"); v != "" {
		n, _ := strconv.ParseUint(v, 10, 64)
		_ = syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
	}
}

// conformProcess starts this test binary as conform with args.
func conformProcess(t *testing.T, env []string, args ...string) (*exec.Cmd, *strings.Builder) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(append(os.Environ(), "CONFORM_TEST_AS_CONFORM=1"), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd, &stderr
}

// waitExit waits for cmd to end within limit and gives its exit status.
func waitExit(t *testing.T, cmd *exec.Cmd, limit time.Duration) int {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
		return cmd.ProcessState.ExitCode()
	case <-time.After(limit):
		_ = cmd.Process.Kill()
		t.Fatalf("conform did not exit within %s", limit)
	}
	return -1
}

// waitUntil polls cond until it holds; after limit the test fails, saying
// what did not happen and what conform wrote on stderr.
func waitUntil(t *testing.T, limit time.Duration, what string, stderr fmt.Stringer, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %s: %s; stderr: %s", limit, what, stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fileIn is a condition of waitUntil: dir holds a file of that name.
func fileIn(dir, name string) func() bool {
	return func() bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
}

// pidsLeft lists the recorded pids (own and helpers') still running.
func pidsLeft(piddir string) []int {
	entries, _ := os.ReadDir(piddir)
	var left []int
	for _, e := range entries {
		pid, err := strconv.Atoi(strings.TrimPrefix(e.Name(), "helper-"))
		if err != nil {
			continue
		}
		if !alive(pid) {
			continue
		}
		// pids wrap: one may be another process's by now.
		if env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ"); err == nil && !strings.Contains(string(env), "CONFORM_FAULTY_PIDDIR=") {
			continue
		}
		left = append(left, pid)
	}
	return left
}

// staleReport writes what a previous green run left in dir.
func staleReport(t *testing.T, dir string) {
	t.Helper()
	for _, name := range []string{report.CertificateFile, report.BadgeFile, report.SummaryFile, report.JUnitFile, report.CucumberFile, report.HTMLReportFile} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(`"from the previous run"`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Issue 29, item 7: SIGINT (Ctrl-C) or SIGTERM during a run stops it
// cleanly: the implementation (a helper that left its session, a process
// that ignores SIGTERM) is gone, conform exits 128 + the signal, the report
// holds what was judged, marked interrupted, and the previous run's
// certificate and badge are gone.
func TestReliabilityInterruptedRun(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(signalName(sig), func(t *testing.T) {
			exe, _ := os.Executable()
			dir, piddir := t.TempDir(), t.TempDir()
			staleReport(t, dir)
			impl, _ := json.Marshal([]string{exe, faultyImplFlag + "hang-after:40"})
			cmd, stderr := conformProcess(t, []string{"CONFORM_FAULTY_PIDDIR=" + piddir},
				"run", "--impl", "exec:"+string(impl), "--report", dir, "--deadline", "2m", "--progress", "never", "--tags", "@v1")
			waitUntil(t, 2*time.Minute, "the implementation reached its hanging call", stderr, fileIn(piddir, "hanging"))
			start := time.Now()
			_ = cmd.Process.Signal(sig)
			code := waitExit(t, cmd, 30*time.Second)
			t.Logf("exit %d after %s; stderr:\n%s", code, time.Since(start), stderr)
			if want := 128 + int(sig); code != want {
				t.Errorf("exit %d, want %d", code, want)
			}
			if left := pidsLeft(piddir); len(left) > 0 {
				t.Errorf("processes %v of the implementation outlived conform", left)
			}
			for _, name := range []string{report.CertificateFile, report.BadgeFile} {
				if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
					t.Errorf("%s of the previous run is still there", name)
				}
			}
			rep, err := report.ReadSummary(dir)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(rep.Interrupted, signalName(sig)) || rep.OK() || rep.Complete {
				t.Errorf("summary.json: interrupted %q, ok %v, complete %v", rep.Interrupted, rep.OK(), rep.Complete)
			}
			if len(rep.Scenarios) == 0 || rep.NotRun == 0 {
				t.Errorf("summary.json: %d scenarios judged, %d not run; want some of each", len(rep.Scenarios), rep.NotRun)
			}
			for _, s := range rep.Scenarios {
				if rep.LevelVerdict(s).Fails() {
					t.Errorf("%s is charged (%s: %s): a scenario cut short by the signal is not judged", s.ID, s.Compat, s.Problem)
				}
			}
			if page, _ := os.ReadFile(filepath.Join(dir, report.HTMLReportFile)); !strings.Contains(string(page), "Incomplete run: interrupted by "+signalName(sig)) {
				t.Errorf("report.html does not say the run is incomplete")
			}
			for _, name := range []string{report.JUnitFile, report.CucumberFile, report.HTMLReportFile} {
				if b, _ := os.ReadFile(filepath.Join(dir, name)); strings.Contains(string(b), "from the previous run") {
					t.Errorf("%s is the previous run's", name)
				}
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".conform-staging-*")); len(left) > 0 {
				t.Errorf("stage left behind: %v", left)
			}
		})
	}
}

// Issue 29, item 16: a disk that fills while the report is written (here:
// a file-size limit, EFBIG) exits 3, says so, and leaves the previous
// report as it was — never a truncated cucumber.json.
func TestReliabilityFullDiskKeepsThePreviousReport(t *testing.T) {
	dir := t.TempDir()
	staleReport(t, dir)
	cmd, stderr := conformProcess(t, []string{"CONFORM_TEST_FSIZE=65536"},
		"run", "--report", dir, "--progress", "never", "--tags", "@v1")
	code := waitExit(t, cmd, 2*time.Minute)
	if code != exitReport {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitReport, stderr)
	}
	if !strings.Contains(stderr.String(), "could not be written") {
		t.Errorf("stderr does not say the report could not be written:\n%s", stderr)
	}
	for _, name := range []string{report.CertificateFile, report.BadgeFile, report.SummaryFile, report.JUnitFile, report.CucumberFile, report.HTMLReportFile} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(b) != `"from the previous run"`+"\n" {
			t.Errorf("%s changed: %.80q %v", name, b, err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".conform-staging-*")); len(left) > 0 {
		t.Errorf("stage left behind: %v", left)
	}
}

// Issue 29, item 11: --shard 0/0 is refused (exit 2), not read as "no
// sharding" (which ran everything with exit 0).
func TestReliabilityShardZeroOfZero(t *testing.T) {
	code, _, stderr := conform(t, "run", "--shard", "0/0", "--run", "v1/escape-xml/plain")
	if code != exitUsage || !strings.Contains(stderr, "--shard") {
		t.Errorf("exit %d, stderr %q; want 2 naming --shard", code, stderr)
	}
}

// Issue 29, item 12: conform report caps what it reads (a summary over
// report.MaxSummaryBytes is refused, not read into memory), and recomputes
// what a summary claims from its scenarios: a forged "complete" on a run
// of a few scenarios, and forged counts, certify nothing.
func TestReliabilityReportDoesNotTrustItsInput(t *testing.T) {
	t.Run("cap", func(t *testing.T) {
		dir := t.TempDir()
		f, err := os.Create(filepath.Join(dir, report.SummaryFile))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(report.MaxSummaryBytes + 1); err != nil {
			t.Fatal(err)
		}
		f.Close()
		code, _, stderr := conform(t, "report", dir)
		if code != exitUsage || !strings.Contains(stderr, "larger than") {
			t.Errorf("exit %d, stderr %q; want 2 saying it is too large", code, stderr)
		}
	})
	t.Run("forged", func(t *testing.T) {
		dir := t.TempDir()
		if code, _, stderr := conform(t, "run", "--run", "v1/escape-xml/**", "--report", dir, "--progress", "never"); code != exitOK {
			t.Fatalf("run: exit %d\n%s", code, stderr)
		}
		path := filepath.Join(dir, report.SummaryFile)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		doc["complete"], doc["run"] = true, nil
		for _, p := range doc["profiles"].([]any) {
			p.(map[string]any)["passed"], p.(map[string]any)["scenarios"] = 9999, 9999
		}
		forged, _ := json.Marshal(doc)
		if err := os.WriteFile(path, forged, 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := conform(t, "report", dir)
		if code != exitOK {
			t.Fatalf("report: exit %d\n%s", code, stderr)
		}
		if strings.Contains(stdout, "conforms") || strings.Contains(stdout, "9999") {
			t.Errorf("a forged summary is believed:\n%s", stdout)
		}
		if !strings.Contains(stdout, "partial run") {
			t.Errorf("want the run shown as partial:\n%s", stdout)
		}
	})
}

// Issue 29, item 13: an MCP server that claims none of the selected
// profiles still gets the reports asked for, saying why nothing ran.
func TestReliabilityNoProfileClaimedStillReports(t *testing.T) {
	dir := t.TempDir()
	summary := filepath.Join(t.TempDir(), "summary.json")
	impl, _ := json.Marshal(conformCommand(t, "serve", "--mcp"))
	code, _, stderr := conform(t, "run", "--impl", "mcp:"+string(impl), "--tags", "@v1",
		"--report", dir, "--summary-json", summary, "--progress", "never")
	if code != exitUsage || !strings.Contains(stderr, "claims none of the selected profiles") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	for _, path := range []string{summary, filepath.Join(dir, report.SummaryFile)} {
		rep, err := report.ReadSummary(path)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if !strings.Contains(rep.CouldNotRun, "claims none") || rep.OK() {
			t.Errorf("%s: could_not_run %q, ok %v", path, rep.CouldNotRun, rep.OK())
		}
	}
	if _, err := os.Stat(filepath.Join(dir, report.HTMLReportFile)); err != nil {
		t.Errorf("no report.html: %v", err)
	}
}

// Issue 29, item 15: store-check's help lists exit status 1 (a store that
// fails) and states its worst case.
func TestReliabilityStoreCheckHelp(t *testing.T) {
	code, stdout, _ := conform(t, "store-check", "-h")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, says := range []string{"\n  1  the store fails a part", storeCheckWorstCase + " × --deadline"} {
		if !strings.Contains(stdout, says) {
			t.Errorf("store-check -h does not say %q:\n%s", says, stdout)
		}
	}
}

// Issue 29, items 7 and 15: store-check interrupted while its store does
// not answer stops every process it started and exits 130 at once, with
// no verdict.
func TestReliabilityInterruptedStoreCheck(t *testing.T) {
	exe, _ := os.Executable()
	piddir := t.TempDir()
	impl, _ := json.Marshal([]string{exe, faultyImplFlag + "silent"})
	cmd, stderr := conformProcess(t, []string{"CONFORM_FAULTY_PIDDIR=" + piddir},
		"store-check", "--impl", "exec:"+string(impl), "--deadline", "2m")
	waitUntil(t, time.Minute, "the store started", stderr, fileIn(piddir, "hanging"))
	_ = cmd.Process.Signal(syscall.SIGINT)
	code := waitExit(t, cmd, 30*time.Second)
	if code != 130 || !strings.Contains(stderr.String(), "no verdict") {
		t.Errorf("exit %d, want 130; stderr:\n%s", code, stderr)
	}
	if left := pidsLeft(piddir); len(left) > 0 {
		t.Errorf("processes %v of the store outlived store-check", left)
	}
}

// A full disk on the first run into a new report folder leaves no folder:
// "the report folder is as it was" means absent.
func TestReliabilityFullDiskLeavesNoNewFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new-report")
	cmd, stderr := conformProcess(t, []string{"CONFORM_TEST_FSIZE=65536"},
		"run", "--report", dir, "--progress", "never", "--tags", "@v1")
	if code := waitExit(t, cmd, 2*time.Minute); code != exitReport {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitReport, stderr)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		entries, _ := os.ReadDir(dir)
		t.Errorf("the report folder was left behind (%v, %d entries)", err, len(entries))
	}
}

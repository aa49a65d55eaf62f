package main

import (
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/report"
)

// With CONFORM_TEST_AS_CONFORM set the test binary is conform itself, so a
// test can run `conform serve --stdio` as an exec: implementation.
// selfImpl is the --impl of the reference served over JSON Lines by this
// binary acting as conform.
func selfImpl(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CONFORM_TEST_AS_CONFORM", "1")
	b, _ := json.Marshal([]string{exe, "serve", "--stdio"})
	return "exec:" + string(b)
}

func TestBadDriverFlags(t *testing.T) {
	for name, args := range map[string][]string{
		"unknown host zone": {"--host-tz", "Nowhere/Zone"},
		"empty host zone":   {"--host-tz", ""},
		"negative restarts": {"--restarts", "-1"},
		"zero deadline":     {"--deadline", "0"},
		"negative deadline": {"--deadline", "-1s"},
		"zero window":       {"--window", "0"},
	} {
		code, stdout, stderr := conform(t, args...)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want %d", name, code, exitUsage)
		}
		msg := strings.TrimSpace(stderr)
		if stdout != "" || strings.Count(msg, "\n") != 0 || !strings.HasPrefix(msg, "conform: --") {
			t.Errorf("%s: want one line naming the flag, got stdout %q stderr %q", name, stdout, stderr)
		}
	}
}

// An implementation that exits before hello: the run does not happen; one
// short message shows the cause and its stderr, the exit status is 2, and
// the report folder says so.
func TestImplementationThatCannotStart(t *testing.T) {
	dir := t.TempDir()
	impl := `exec:["sh","-c","echo 'Error: Cannot find module cron-parser' >&2; exit 3"]`
	code, stdout, stderr := conform(t, "--impl", impl, "--report", dir, "--progress", "never")
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	out := stdout + stderr
	if n := strings.Count(out, "\n"); n > 40 {
		t.Errorf("%d lines of output, want at most 40:\n%s", n, out)
	}
	for _, says := range []string{"could not be started", "exit status 3", "Cannot find module cron-parser", "npm ci"} {
		if !strings.Contains(out, says) {
			t.Errorf("the message does not say %q:\n%s", says, out)
		}
	}
	rep, err := report.ReadSummary(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.CouldNotRun == "" || len(rep.Scenarios) != 0 || rep.OK() {
		t.Errorf("summary.json must say the run could not happen: %+v", rep)
	}
	if b, err := os.ReadFile(filepath.Join(dir, report.HTMLReportFile)); err != nil || !strings.Contains(string(b), "Cannot find module cron-parser") {
		t.Errorf("the HTML report does not say why the run could not happen (%v)", err)
	}
}

// An unreachable http:// implementation is a run that could not happen,
// like a missing exec: program: exit 2 with the cause.
func TestUnreachableHTTPImplementation(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	code, _, stderr := conform(t, "--impl", "http://"+addr, "--progress", "never")
	if code != exitUsage || !strings.Contains(stderr, "connection refused") || strings.Count(stderr, "\n") > 5 {
		t.Errorf("exit %d, want %d with one short message naming the cause:\n%s", code, exitUsage, stderr)
	}
}

// The reference, served over JSON Lines by conform itself, passes the whole
// suite under each hostile host zone: nothing it answers depends on TZ.
func TestReferenceIsHostZoneIndependent(t *testing.T) {
	impl := selfImpl(t)
	for _, zone := range driver.HostileZones {
		summary := filepath.Join(t.TempDir(), "summary.json")
		code, _, stderr := conform(t, "--impl", impl, "--host-tz", zone, "--progress", "never", "--summary-json", summary)
		if code != exitOK {
			t.Errorf("under %s: exit %d\n%s", zone, code, lastLines(stderr, 30))
		}
		rep, err := report.ReadSummary(summary)
		if err != nil || rep.HostTZ != zone {
			t.Errorf("summary.json records host zone %q (%v), want %s", rep.HostTZ, err, zone)
		}
	}
}

// The seed chooses the host zone, is printed and recorded, and reproduces it.
func TestSeedChoosesTheHostZone(t *testing.T) {
	impl := selfImpl(t)
	summary := filepath.Join(t.TempDir(), "summary.json")
	code, _, stderr := conform(t, "--impl", impl, "--seed", "4", "--run", "v1/escape-xml/**", "--progress", "never", "--summary-json", summary)
	want := driver.HostZoneFor(4)
	if code != exitOK || !strings.Contains(stderr, "host zone: "+want) || !strings.Contains(stderr, "--seed 4") {
		t.Errorf("exit %d; the summary must name %s and the seed:\n%s", code, want, stderr)
	}
	rep, err := report.ReadSummary(summary)
	if err != nil || rep.HostTZ != want || rep.HostTZSeed != 4 {
		t.Errorf("summary.json: zone %q seed %d (%v), want %s and 4", rep.HostTZ, rep.HostTZSeed, err, want)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

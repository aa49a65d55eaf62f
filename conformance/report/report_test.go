package report_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// approximate answers v1.format_local_time with a trailing "!": the
// scenarios' contains-assertions still pass, the goldens do not.
type approximate struct{ *reference.Implementation }

func (a approximate) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	out, perr := a.Implementation.Call(ctx, op, in)
	if op == "v1.format_local_time" && perr == nil {
		var v struct {
			Result string `json:"result"`
		}
		_ = json.Unmarshal(out, &v)
		b, _ := json.Marshal(map[string]string{"result": v.Result + "!"})
		return b, nil
	}
	return out, perr
}

// brokenAndApproximate is broken, and approximate for format_local_time.
type brokenAndApproximate struct{ broken }

func (b brokenAndApproximate) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "v1.format_local_time" {
		return approximate{b.Implementation}.Call(ctx, op, in)
	}
	return b.broken.Call(ctx, op, in)
}

var failingSelection = patterns("v1/escape-xml/**", "v1/timezone/valid-iana", "v1/timezone/format-new-york", "datetime/weekday/**")

func TestFailuresCarryExpectedActualAndSchemaErrors(t *testing.T) {
	rep := run(t, brokenAndApproximate{broken{Implementation: reference.New()}}, conformance.Options{Run: failingSelection})
	got := byID(rep)

	s := got["v1/escape-xml/ampersand"]
	if !strings.Contains(s.Step, `the output "result" is`) || s.Expected != `"a &amp; b"` || s.Actual != `"a & b"` {
		t.Errorf("a wrong string: step %q expected %q actual %q", s.Step, s.Expected, s.Actual)
	}
	s = got["v1/timezone/valid-iana"]
	if len(s.SchemaErrors) == 0 || s.SchemaErrors[0].Pointer != "/valid" || s.SchemaErrors[0].Message == "" {
		t.Errorf("a schema violation: %+v (problem %q)", s.SchemaErrors, s.Problem)
	}
	s = got["datetime/weekday/prd-example"]
	d := report.Diff(s.Expected, s.Actual)
	var minus, plus string
	for _, l := range d.Lines {
		switch l.Op {
		case "-":
			minus += l.Text
		case "+":
			plus += l.Text
		}
	}
	if !strings.Contains(minus, "Monday") || !strings.Contains(plus, "Tuesday") || strings.Contains(minus+plus, "timestamp") {
		t.Errorf("a wrong object: want a line diff of weekday only, got -%q +%q", minus, plus)
	}
	s = got["v1/timezone/format-new-york"]
	if s.Compat != conformance.Passed || s.Exact != conformance.Failed || s.Step != "" ||
		!strings.Contains(s.Expected, "1:30\u202fPM\"") && !strings.Contains(s.Expected, "1:30 PM\"") || !strings.Contains(s.Actual, "PM!") {
		t.Errorf("a golden mismatch: %s/%s step %q expected %q actual %q", s.Compat, s.Exact, s.Step, s.Expected, s.Actual)
	}
}

func TestDiff(t *testing.T) {
	d := report.Diff(`"Jan 1, 2024, 1:30 PM"`, `"Jan 1, 2024, 2:30 PM"`)
	if len(d.Lines) != 0 || len(d.Expected) != 3 || d.Expected[1].Text != "1" || !d.Expected[1].Changed || d.Actual[1].Text != "2" {
		t.Errorf("inline diff: %+v", d)
	}
	d = report.Diff(`"a\nb\nc"`, `"a\nB\nc"`)
	want := []report.DiffLine{{Op: " ", Text: "a"}, {Op: "-", Text: "b"}, {Op: "+", Text: "B"}, {Op: " ", Text: "c"}}
	if len(d.Lines) != len(want) {
		t.Fatalf("multi-line diff: %+v", d.Lines)
	}
	for i := range want {
		if d.Lines[i] != want[i] {
			t.Errorf("line %d: %+v, want %+v", i, d.Lines[i], want[i])
		}
	}
	d = report.Diff("héllo", "hèllo") // never split a character
	if d.Expected[1].Text != "é" || d.Actual[1].Text != "è" {
		t.Errorf("split a rune: %+v / %+v", d.Expected, d.Actual)
	}
}

// escapeOnly breaks v1.escape_xml only: v1 fails, the other profiles pass.
type escapeOnly struct{ *reference.Implementation }

func (e escapeOnly) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "v1.escape_xml" {
		return broken(e).Call(ctx, op, in)
	}
	return e.Implementation.Call(ctx, op, in)
}

func TestReportDirCertificateAndBadge(t *testing.T) {
	dir := t.TempDir()
	rep := run(t, reference.New(), conformance.Options{FormatFiles: conformance.ReportFormatFiles(dir)})
	if err := report.WriteReportDir(dir, rep, "2026-01-02"); err != nil {
		t.Fatal(err)
	}
	var cert report.Certificate
	readJSON(t, filepath.Join(dir, report.CertificateFile), &cert)
	var claimed []string
	for _, p := range rep.Profiles {
		if p.Claimed {
			claimed = append(claimed, p.Profile)
		}
	}
	if !cert.Complete || strings.Join(cert.Conforms, ",") != strings.Join(claimed, ",") || cert.Date != "2026-01-02" ||
		!strings.HasPrefix(cert.Statement, "implementation clockspec-reference version "+rep.Hello.Version+" conforms to profiles "+strings.Join(claimed, ", ")+" of spec version ") {
		t.Errorf("certificate of the reference: %+v", cert)
	}
	var badge report.Badge
	readJSON(t, filepath.Join(dir, report.BadgeFile), &badge)
	if badge.SchemaVersion != 1 || badge.Color != "brightgreen" || badge.Label != "clockspec "+rep.SpecVersion || badge.Message == "" {
		t.Errorf("badge: %+v", badge)
	}
	back, err := report.ReadSummary(dir)
	if err != nil || len(back.Scenarios) != len(rep.Scenarios) || back.SpecVersion == "" || back.Hello.Implementation == "" {
		t.Fatalf("summary.json does not read back: %v", err)
	}
	var junit struct {
		XMLName xml.Name `xml:"testsuites"`
		Tests   int      `xml:"tests,attr"`
	}
	b, _ := os.ReadFile(filepath.Join(dir, report.JUnitFile))
	if err := xml.Unmarshal(b, &junit); err != nil || junit.Tests != len(rep.Scenarios) {
		t.Errorf("junit.xml: %v, %d tests for %d scenarios", err, junit.Tests, len(rep.Scenarios))
	}
	var cucumber []struct {
		Elements []any `json:"elements"`
	}
	readJSON(t, filepath.Join(dir, report.CucumberFile), &cucumber)
	n := 0
	for _, f := range cucumber {
		n += len(f.Elements)
	}
	if n != len(rep.Scenarios) {
		t.Errorf("cucumber.json has %d scenarios, the run %d", n, len(rep.Scenarios))
	}

	// One broken operation: its profile no longer conforms.
	rep = run(t, escapeOnly{reference.New()}, conformance.Options{})
	c := report.NewCertificate(rep, "")
	if strings.Contains(strings.Join(c.Conforms, ","), "v1") || len(c.Conforms) != len(claimed)-1 || c.Date != "" {
		t.Errorf("v1 fails, yet the certificate says %+v", c.Conforms)
	}
	if b := report.NewBadge(c); b.Color != "yellow" || !strings.Contains(b.Message, "profiles") {
		t.Errorf("badge with one failing profile: %+v", b)
	}
	// A partial run certifies nothing.
	rep = run(t, reference.New(), conformance.Options{Tags: "@v1"})
	c = report.NewCertificate(rep, "")
	if c.Complete || len(c.Conforms) != 0 || !strings.HasPrefix(c.Statement, "partial run") {
		t.Errorf("partial run: %+v", c)
	}
	if b := report.NewBadge(c); b.Message != "partial run" {
		t.Errorf("badge of a partial run: %+v", b)
	}
}

func TestReportOfAnUnreachableImplementationStillHasEveryFile(t *testing.T) {
	dir := t.TempDir()
	drv, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{"/bin/false"}, MaxRestarts: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer drv.Close()
	_, err = conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: patterns("v1/escape-xml/**"),
		FormatFiles: conformance.ReportFormatFiles(dir)})
	var cnr *conformance.CouldNotRun
	if !errors.As(err, &cnr) {
		t.Fatalf("the run must not happen, got %v", err)
	}
	rep := cnr.Report
	if rep.OK() || !strings.Contains(rep.CouldNotRun, "exit status 1") {
		t.Errorf("the report must say why the run could not happen: %+v", rep)
	}
	if err := report.WriteReportDir(dir, rep, ""); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{report.SummaryFile, report.JUnitFile, report.CucumberFile,
		report.HTMLReportFile, report.CertificateFile, report.BadgeFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, report.JUnitFile))
	if !strings.Contains(string(b), "<failure") {
		t.Errorf("junit.xml of an unreachable implementation shows no failure:\n%s", b)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// A dead implementation fails every scenario the same way: the HTML report
// shows that failure once, with every id, and stays small.
func TestReportOfADeadImplementationIsSmall(t *testing.T) {
	rep, err := conformance.Run(context.Background(), conformance.Options{Driver: deadDriver{}, Goldens: goldensFS()})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Scenarios) < 2000 {
		t.Fatalf("only %d scenarios", len(rep.Scenarios))
	}
	cert := report.NewCertificate(rep, "")
	var b strings.Builder
	if err := report.WriteHTMLReport(&b, rep, cert); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	if len(html) > 300<<10 {
		t.Errorf("the report of a dead implementation is %d KB", len(html)>>10)
	}
	// One group per operation: each call's failure names its operation.
	ops := map[string]bool{}
	for _, s := range rep.Scenarios {
		if s.Call != nil {
			ops[s.Call.Op] = true
		}
	}
	if n := strings.Count(html, "scenarios failed the same way"); n == 0 || n > len(ops) {
		t.Errorf("%d groups, want one per operation (%d)", n, len(ops))
	}
	for _, s := range rep.Scenarios {
		if !strings.Contains(html, "<code>"+s.ID+"</code>") {
			t.Fatalf("%s is not in the report", s.ID)
		}
	}
	t.Logf("%d scenarios, report %d KB", len(rep.Scenarios), len(html)>>10)
}

// deadDriver says hello like the reference and then crashes on every call,
// the same way: an implementation dead after its start (one that cannot
// start at all is a run that could not happen).
type deadDriver struct{}

func (deadDriver) Hello(ctx context.Context) (protocol.Hello, error) {
	return conformance.InProcess(reference.New()).Hello(ctx)
}

func (deadDriver) Call(context.Context, string, json.RawMessage) (protocol.Result, error) {
	return protocol.Result{}, &driver.Fault{Kind: driver.FaultCrash, Detail: "the implementation exited (exit status 3)"}
}

func (deadDriver) Close() error { return nil }

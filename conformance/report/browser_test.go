package report_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/reference"
)

// chromium finds a headless-capable Chromium: $CHROMIUM, else the Debian
// package's chromium. Missing, the test fails: CI installs it (.ci/run), and
// `make chromium-deps` does on a Debian machine.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := exec.LookPath(p); err != nil {
			t.Fatalf("$CHROMIUM=%s: %v: run `make chromium-deps` (Debian packages chromium and chromium-driver), or unset CHROMIUM", p, err)
		}
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no headless Chromium found (looked for $CHROMIUM, chromium, chromium-browser, google-chrome): " +
		"run `make chromium-deps` (Debian packages chromium and chromium-driver) and test again")
	return ""
}

// dumpDOM loads a page in headless Chromium and returns its DOM after its
// scripts ran.
func dumpDOM(t *testing.T, bin, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--dump-dom", url)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s --dump-dom %s: %v\n%s", bin, url, err, stderr.String())
	}
	return string(out)
}

var (
	scRow     = regexp.MustCompile(`<tr class="sc[ "][^>]*>`)
	dataCount = regexp.MustCompile(`data-count="(\d+)"`)
)

func TestHTMLReportRendersInChromium(t *testing.T) {
	bin := chromium(t)
	dir := t.TempDir()
	rep := run(t, brokenAndApproximate{broken{Implementation: reference.New()}}, conformance.Options{Run: failingSelection,
		FormatFiles: conformance.ReportFormatFiles(dir)})
	if rep.OK() {
		t.Fatal("the broken implementation passed: the report would show no failure")
	}
	if err := report.WriteReportDir(dir, rep, ""); err != nil {
		t.Fatal(err)
	}
	page := "file://" + filepath.ToSlash(filepath.Join(dir, report.HTMLReportFile))
	dom := dumpDOM(t, bin, page)

	if !strings.Contains(dom, `data-ready="1"`) {
		t.Fatalf("the report's script did not run to its end:\n%.2000s", dom)
	}
	matrix := between(dom, `<table id="matrix"`, `</table>`)
	for _, want := range []string{`<th scope="row">v1</th>`, `<th scope="row">datetime</th>`, "fails"} {
		if !strings.Contains(matrix, want) {
			t.Errorf("the matrix lacks %q:\n%s", want, matrix)
		}
	}
	// The weekday failure: a line diff of the two objects.
	weekday := between(dom, `<code>datetime/weekday/prd-example</code>`, `<tr class="sc"`)
	if !regexp.MustCompile(`<div class="diff"><pre><span class="ctx">  [^<]*</span>.*<span class="del">-\s+"weekday": "Monday",?</span>.*<span class="ins">\+\s+"weekday": "Tuesday",?</span>`).MatchString(weekday) {
		t.Errorf("no line diff for the weekday failure:\n%s", weekday)
	}
	// The escape failure: the two strings with the difference marked.
	amp := between(dom, `<code>v1/escape-xml/ampersand</code>`, `<tr class="sc"`)
	if !strings.Contains(amp, `<code class="exp">"a &amp;<del>amp;</del> b"</code>`) || !strings.Contains(amp, `<code class="act">"a &amp; b"</code>`) {
		t.Errorf("no inline diff for the escape failure:\n%s", amp)
	}
	// A failed assertion shows the call it is about, op and input.
	if !strings.Contains(amp, `<pre class="call">v1.escape_xml {"text":"a &amp; b"}</pre>`) {
		t.Errorf("the escape failure does not show its call:\n%s", amp)
	}
	// The schema failure: its JSON pointer.
	tz := between(dom, `<code>v1/timezone/valid-iana</code>`, `<tr class="sc"`)
	if !strings.Contains(tz, `<table class="schema-errors">`) || !strings.Contains(tz, `<code>/valid</code>`) {
		t.Errorf("no schema error with its pointer:\n%s", tz)
	}
	// A failed run opens filtered to what needs attention.
	// (A group row stands for data-count scenarios that failed alike.)
	rows := scRow.FindAllString(dom, -1)
	hidden, attention, total := 0, 0, 0
	for _, r := range rows {
		n := 1
		if m := dataCount.FindStringSubmatch(r); m != nil {
			n, _ = strconv.Atoi(m[1])
		}
		total += n
		if strings.Contains(r, "hidden") {
			hidden += n
		}
		if strings.Contains(r, `data-attention="1"`) {
			attention += n
		}
	}
	if total != len(rep.Scenarios) || hidden != total-attention || attention == 0 || hidden == 0 {
		t.Errorf("%d rows for %d scenarios, %d hidden, %d need attention", len(rows), total, hidden, attention)
	}
	if !strings.Contains(dom, `<span id="shown" class="muted">`+itoa(attention)+" of "+itoa(total)+" scenarios shown</span>") {
		t.Errorf("the filter count is missing:\n%s", between(dom, `<form id="filters"`, `</form>`))
	}

	// Filters from the address: one profile, one result.
	dom = dumpDOM(t, bin, page+"#profile=v1&result=passed")
	visible := 0
	for _, r := range scRow.FindAllString(dom, -1) {
		if !strings.Contains(r, "hidden") {
			visible++
			if !regexp.MustCompile(`data-profile="[^"]*\bv1\b`).MatchString(r) || !strings.Contains(r, `data-outcome="passed"`) {
				t.Errorf("the filter shows %s", r)
			}
		}
	}
	if visible == 0 {
		t.Error("the v1/passed filter shows nothing")
	}
}

func between(s, from, to string) string {
	i := strings.Index(s, from)
	if i < 0 {
		return ""
	}
	j := strings.Index(s[i:], to)
	if j < 0 {
		return s[i:]
	}
	return s[i : i+j+len(to)]
}

func itoa(n int) string { return strconv.Itoa(n) }

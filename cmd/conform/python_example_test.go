package main

import (
	"encoding/json"
	"encoding/xml"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The Python example (examples/python-timestamps) is what docs/implementing.md
// walks a third party through: the timestamps profile in Python's standard
// library alone. The suite must certify it and reject its broken twin, and the
// twin's failures must explain themselves where CI shows them: the JUnit
// message, summary.json and report.html. Python 3.9 or later (zoneinfo) is a
// prerequisite, never a reason to skip.

// pythonExample returns the --impl value that runs script of
// examples/python-timestamps.
func pythonExample(t *testing.T, script string) string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is not on PATH: the Python example needs Python 3.9 or later (make python-deps installs it)")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "examples", "python-timestamps"))
	if err != nil {
		t.Fatal(err)
	}
	impl, _ := json.Marshal([]string{py, filepath.Join(dir, script)})
	return "exec:" + string(impl)
}

// requiredTimestamps selects the timestamps scenarios every implementation
// that claims the profile must pass.
const requiredTimestamps = "@timestamps and not @decision and not @extension"

func TestPythonExampleIsCertified(t *testing.T) {
	impl := pythonExample(t, "main.py")
	code, _, stderr := conform(t, "run", "--impl", impl, "--tags", requiredTimestamps)
	if code != exitOK {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitOK, stderr)
	}
	m := regexp.MustCompile(`(?m)^conform: (\d+) passed, 0 failed$`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no green closing line:\n%s", stderr)
	}
	if n, _ := strconv.Atoi(m[1]); n < 300 {
		t.Errorf("only %d timestamps scenarios passed", n)
	}
	if !strings.Contains(stderr, "implementation: clockspec-example-python-timestamps ") {
		t.Errorf("the summary does not name the example:\n%s", stderr)
	}
}

// The broken twin prints a two-digit year (a schema violation) and counts a
// gap of exactly one hour as "more than 1 hour" (a wrong value). Both
// mistakes must read in one line where a CI view shows a failure: the JUnit
// message has what was wanted and what came back, and the value that broke
// the schema; summary.json and report.html carry the same value.
func TestPythonBrokenExampleExplainsItsFailures(t *testing.T) {
	impl := pythonExample(t, "broken.py")
	dir := t.TempDir()
	code, _, stderr := conform(t, "run", "--impl", impl, "--tags", requiredTimestamps, "--report", dir)
	if code != exitFailed {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitFailed, stderr)
	}

	var doc struct {
		Suites []struct {
			Cases []struct {
				Name    string `xml:"name,attr"`
				Time    string `xml:"time,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("junit.xml: %v", err)
	}
	messages := map[string]string{}
	var timed bool
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			id, _, _ := strings.Cut(c.Name, ": ")
			if c.Failure != nil {
				messages[id] = c.Failure.Message
				if strings.Contains(c.Failure.Message, "\n") || len(c.Failure.Message) > 500 {
					t.Errorf("%s: the message is not one capped line: %q", id, c.Failure.Message)
				}
			}
			if f, err := strconv.ParseFloat(c.Time, 64); err != nil || f < 0 {
				t.Errorf("%s: time %q", id, c.Time)
			} else if f > 0 {
				timed = true
			}
		}
	}
	if !timed {
		t.Error("every test's time is 0")
	}
	const mismatch = "timestamps/message-timestamp/thresholds/exactly-1-hour"
	if got, want := messages[mismatch], `output "timestamp": want "[11:00]", got "[11:00, 1h later]"`; got != want {
		t.Errorf("JUnit message of %s = %q, want %q", mismatch, got, want)
	}
	const violation = "timestamps/message-timestamp/seed-first-message"
	const returned = `{"timestamp":"[26-01-23 14:32]"}`
	if msg := messages[violation]; !strings.Contains(msg, "breaks its schema: /timestamp") || !strings.HasSuffix(msg, "; returned "+returned) {
		t.Errorf("JUnit message of %s = %q, want the schema's complaint and the value returned, %s", violation, msg, returned)
	}

	var sum struct {
		Scenarios []struct {
			ID, Returned string
		}
	}
	b, err = os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range sum.Scenarios {
		if s.ID == violation {
			found = true
			if s.Returned != returned {
				t.Errorf("summary.json: %s returned %q, want %q", violation, s.Returned, returned)
			}
		}
	}
	if !found {
		t.Errorf("summary.json has no %s", violation)
	}
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `class="returned">`+html.EscapeString(returned)+`</`) {
		t.Errorf("report.html does not show the value returned, %s", returned)
	}
	// The terminal shows it too, and the twenty-odd wrong years of the
	// context's messages as one group with their difference.
	if !strings.Contains(stderr, "returned: {\"timestamp\":\"[26-") {
		t.Errorf("stderr does not show a returned value:\n%s", stderr)
	}
	if !regexp.MustCompile(`FAIL \d{2} scenarios failed the same way \(want "2026", got "26"\)`).MatchString(stderr) {
		t.Errorf("the wrong years are not one group with their difference:\n%s", stderr)
	}
}

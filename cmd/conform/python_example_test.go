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
	"time"
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
		t.Fatal("python3 is not on PATH: the Python example needs Python 3.9 or later with the system's tzdata (make python-check says how to install them)")
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
	// Every tier: the twin also fails a decision, which the run reports as
	// not followed (skipped in JUnit and in Cucumber JSON alike).
	code, _, stderr := conform(t, "run", "--impl", impl, "--tags", "@timestamps", "--report", dir)
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
				Skipped *struct{} `xml:"skipped"`
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
	junitStatus := map[string]string{}
	var timed bool
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			id, _, _ := strings.Cut(c.Name, ": ")
			junitStatus[id] = "passed"
			if c.Failure != nil {
				junitStatus[id] = "failed"
			} else if c.Skipped != nil {
				junitStatus[id] = "skipped"
			}
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
	// The Cucumber JSON names each scenario as the JUnit does (an outline's
	// rows by their row ids) and gives it the same status.
	cucumber := cucumberStatuses(t, filepath.Join(dir, "cucumber.json"))
	skipped := 0
	for id, want := range junitStatus {
		if want == "skipped" {
			skipped++
		}
		if got, ok := cucumber[id]; !ok {
			t.Errorf("cucumber.json has no scenario named %s", id)
		} else if got != want {
			t.Errorf("%s: %s in cucumber.json, %s in junit.xml", id, got, want)
		}
	}
	if skipped == 0 || len(cucumber) != len(junitStatus) {
		t.Errorf("%d skipped (want the decision not followed), %d scenarios in cucumber.json, %d in junit.xml", skipped, len(cucumber), len(junitStatus))
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

// cucumberStatuses reads a Cucumber JSON file: each scenario's status (failed
// if a step failed, else skipped if one was skipped, else passed) by the id
// its name starts with.
func cucumberStatuses(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc []struct {
		Elements []struct {
			Name  string `json:"name"`
			Steps []struct {
				Result struct {
					Status string `json:"status"`
				} `json:"result"`
			} `json:"steps"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]string{}
	for _, f := range doc {
		for _, e := range f.Elements {
			id, _, _ := strings.Cut(e.Name, ": ")
			status := "passed"
			for _, st := range e.Steps {
				switch st.Result.Status {
				case "failed":
					status = "failed"
				case "skipped":
					if status == "passed" {
						status = "skipped"
					}
				}
			}
			if _, dup := out[id]; dup {
				t.Errorf("two scenarios of %s are named %s", path, id)
			}
			out[id] = status
		}
	}
	return out
}

// An implementation whose program or entry file does not exist: the run
// could not happen (exit 2, which the built bin/conform keeps) and the
// message says "no such file", naming it.
func TestMissingImplementationIsNoSuchFile(t *testing.T) {
	for _, impl := range []string{"exec:./missing", "exec:python3 examples/python-timestamps/missing.py", "exec:node my-impl/missing.js"} {
		code, _, stderr := conform(t, "run", "--impl", impl)
		if code != exitUsage || !strings.Contains(stderr, "no such file") || strings.Contains(stderr, "npm ci") {
			t.Errorf("--impl %s: exit %d, want %d with \"no such file\":\n%s", impl, code, exitUsage, stderr)
		}
	}
}

// The most common first mistake, end to end with conform's own start
// deadline: a Python implementation that never flushes stdout. The run stops
// at the first hello time-out (15 s, one attempt: no retries that would make
// it a minute), exits 2 and names flushing, in Python's terms. The time is
// logged, not asserted: the single attempt is what bounds it.
func TestNonFlushingPythonIsToldToFlush(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: it waits out the 15 s start deadline; make test-long runs it")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is not on PATH")
	}
	script := filepath.Join(t.TempDir(), "noflush.py")
	const noFlush = `import json, sys
for line in sys.stdin:
    req = json.loads(line)
    print(json.dumps({"id": req["id"], "output": {"implementation": "x", "protocol": "1", "operations": []}}))
`
	if err := os.WriteFile(script, []byte(noFlush), 0o644); err != nil {
		t.Fatal(err)
	}
	// env -u: a PYTHONUNBUFFERED in the environment would hide the mistake.
	impl, _ := json.Marshal([]string{"env", "-u", "PYTHONUNBUFFERED", py, script})
	start := time.Now()
	code, _, stderr := conform(t, "run", "--impl", "exec:"+string(impl))
	t.Logf("the run ended after %v", time.Since(start).Round(time.Millisecond))
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	for _, says := range []string{"no answer to hello within 15s", "1 attempt)", "not flushed", "flush=True"} {
		if !strings.Contains(stderr, says) {
			t.Errorf("stderr does not say %q:\n%s", says, stderr)
		}
	}
}

// A Python implementation that flushes its hello and then no answer (the
// answers of calls sit in its buffer) is told to flush within 20 s: three
// calls in a row time out, the third says why, and every later call fails
// at once (a whole profile used to wait out each deadline: 40 min).
func TestFlushOnlyHelloIsToldToFlush(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: it waits out three 5 s deadlines; make test-long runs it")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is not on PATH")
	}
	script := filepath.Join(t.TempDir(), "hello-only.py")
	const helloOnly = `import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["op"] == "hello":
        print(json.dumps({"id": req["id"], "output": {"implementation": "x", "protocol": "1", "operations": ["timestamps.format_message_timestamp", "timestamps.current_time_context", "timestamps.messages_context", "timestamps.user_timezone", "timestamps.resolve_timezone"]}}), flush=True)
    else:
        print(json.dumps({"id": req["id"], "output": {}}))
`
	if err := os.WriteFile(script, []byte(helloOnly), 0o644); err != nil {
		t.Fatal(err)
	}
	impl, _ := json.Marshal([]string{"env", "-u", "PYTHONUNBUFFERED", py, script})
	start := time.Now()
	_, _, stderr := conform(t, "run", "--impl", "exec:"+string(impl), "--tags", "@timestamps", "--window", "1", "--deadline", "5s")
	took := time.Since(start)
	if took > 20*time.Second {
		t.Errorf("the run took %s, want under 20 s", took)
	}
	for _, says := range []string{"none of 3 calls in a row", "flush=True"} {
		if !strings.Contains(stderr, says) {
			t.Errorf("stderr does not say %q:\n%.3000s", says, stderr)
		}
	}
}

// docs/implementing.md shows the certified run's profile lines: they are
// what a real run of the documented command prints, not a copy that drifts.
func TestImplementingShowsARealRun(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "implementing.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)## 7\\. The certificate.*?```text\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/implementing.md §7 has no text block")
	}
	_, _, stderr := conform(t, "run", "--impl", pythonExample(t, "main.py"), "--report", t.TempDir())
	for _, line := range strings.Split(strings.TrimSpace(string(m[1])), "\n") {
		if !strings.Contains(stderr, line) {
			t.Errorf("docs/implementing.md §7 shows a line the run does not print:\n%s\nthe run:\n%s", line, stderr)
		}
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The Node example (examples/node-v1) is what a porting team copies: v1's own
// code calling cron-parser 5.5.0 as seed 000's porting plan says, with no
// correction of its own. The suite must certify it — every v1 scenario that
// is not an extension, at the compat and the exact level, through the
// subprocess driver — and must reject its deliberately broken variant with a
// diff a person can read. Node and the example's npm packages are
// prerequisites, never a reason to skip: CI installs them.

const examplesDepsHint = "run `npm ci --prefix examples/node-v1` (or `make examples-deps`; needs Node 20)"

// requiredV1 selects the v1 scenarios a faithful port must pass.
const requiredV1 = "@v1&&~@extension"

// nodeExample returns the --impl value that runs script of examples/node-v1,
// after checking that Node 20 and the example's dependencies are there.
func nodeExample(t *testing.T, script string) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not on PATH: the Node example needs Node 20; install it and %s", examplesDepsHint)
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "examples", "node-v1"))
	if err != nil {
		t.Fatal(err)
	}
	// Loading the profile loads v1's code and cron-parser from
	// examples/node-v1 alone.
	var stderr bytes.Buffer
	probe := exec.Command(node, "-e", `process.stdout.write(process.versions.node); require(process.argv[1])`, filepath.Join(dir, "profile.js"))
	probe.Stderr = &stderr
	out, err := probe.Output()
	if err != nil {
		t.Fatalf("examples/node-v1 cannot load its dependencies; %s.\nnode: %v\n%s", examplesDepsHint, err, stderr.String())
	}
	if version := string(out); !strings.HasPrefix(version, "20.") {
		t.Fatalf("node %s: the v1 profile pins Node 20 (its Intl, ICU and tzdata decide valid zones and formatted times)", version)
	}
	impl, _ := json.Marshal([]string{node, filepath.Join(dir, script)})
	return "exec:" + string(impl)
}

// v1Scenarios is the number of v1 scenarios that are not extensions.
func v1Scenarios(t *testing.T) int {
	t.Helper()
	code, _, stderr := conform(t, "list", "--tags", requiredV1)
	m := regexp.MustCompile(`(?m)^(\d+) scenarios$`).FindStringSubmatch(stderr)
	if code != exitOK || m == nil {
		t.Fatalf("conform list --tags %s: exit %d, no scenario count:\n%s", requiredV1, code, stderr)
	}
	n, _ := strconv.Atoi(m[1])
	if n < 54 {
		t.Fatalf("only %d v1 scenarios; the 54 transcribed v1 cases alone are more", n)
	}
	return n
}

func TestNodeExampleIsCertified(t *testing.T) {
	impl := nodeExample(t, "main.js")
	n := v1Scenarios(t)
	for _, level := range []string{"compat", "exact"} {
		code, _, stderr := conform(t, "run", "--impl", impl, "--tags", requiredV1, "--level", level)
		if code != exitOK {
			t.Fatalf("--level %s: exit %d, want %d; stderr:\n%s", level, code, exitOK, stderr)
		}
		for _, want := range []string{
			"implementation: clockspec-example-node-v1 ",
			"compat " + strconv.Itoa(n) + " passed, 0 failed",
			"exact " + strconv.Itoa(n) + " passed, 0 failed",
			"conform: " + strconv.Itoa(n) + " passed, 0 failed",
		} {
			if !strings.Contains(stderr, want) {
				t.Errorf("--level %s: summary lacks %q:\n%s", level, want, stderr)
			}
		}
	}
}

// The example is self-contained (its README's npm ci is all it needs): a
// team copies the folder alone. Its v1.js is gen's copy of the JavaScript
// oracle's (make check keeps it so).
func TestNodeExampleIsSelfContained(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "node-v1")
	scripts, err := filepath.Glob(filepath.Join(dir, "*.js"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts in %s: %v", dir, err)
	}
	outside := regexp.MustCompile(`require\(\s*['"]\.\./`)
	for _, f := range scripts {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := outside.Find(src); m != nil {
			t.Errorf("%s requires a file outside examples/node-v1: %s", f, m)
		}
	}
}

func TestNodeBrokenExampleIsRejected(t *testing.T) {
	impl := nodeExample(t, "broken.js")
	n := v1Scenarios(t)
	code, _, stderr := conform(t, "run", "--impl", impl, "--tags", requiredV1)
	if code != exitFailed {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitFailed, stderr)
	}
	if !regexp.MustCompile(`(?m)^FAIL v1/\S+$`).MatchString(stderr) {
		t.Errorf("no FAIL line naming a scenario:\n%s", stderr)
	}
	// Each mistake shows as the expected and the actual value, one under the
	// other: escape_xml keeps quotes, format_local_time has a 24-hour clock
	// (the summary lists the first 20 failures, so that one is run alone).
	_, _, tzStderr := conform(t, "run", "--impl", impl, "--run", "v1/timezone/format-exact/new-york-afternoon")
	for want, in := range map[string]string{
		"FAIL v1/escape-xml/double-quotes\n     output \"result\"\n     want: \"&quot;hello&quot;\"\n      got: \"\\\"hello\\\"\"\n":                         stderr,
		"FAIL v1/timezone/format-exact/new-york-afternoon\n     output \"result\"\n     want: \"Jan 1, 2024, 1:30 PM\"\n      got: \"Jan 1, 2024, 13:30\"\n": tzStderr,
	} {
		if !strings.Contains(in, want) {
			t.Errorf("no readable want/got diff like\n%s\nin:\n%s", want, in)
		}
	}
	// Decisions and extensions not followed are counted apart: they do not
	// fail the run under the default --require required.
	m := regexp.MustCompile(`(?m)^conform: (\d+) passed, (\d+) failed(?:, (\d+) decisions and (\d+) extensions not followed [^\n]*)?$`).FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no closing summary line:\n%s", stderr)
	}
	passed, _ := strconv.Atoi(m[1])
	failed, _ := strconv.Atoi(m[2])
	decisions, _ := strconv.Atoi(m[3])
	extensions, _ := strconv.Atoi(m[4])
	if failed == 0 || passed+failed+decisions+extensions != n {
		t.Errorf("%d passed + %d failed + %d decisions and %d extensions not followed, want some failures out of all %d v1 scenarios",
			passed, failed, decisions, extensions, n)
	}
}

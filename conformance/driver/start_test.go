package driver_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
)

// A Python implementation that never flushes stdout (the most common first
// mistake) answers hello into its buffer, where the runner never sees it.
// The run stops at the first hello time-out — trying again cannot help —
// and says why it most likely happened, in Python's terms.
func TestSilentStartStopsAtOnceNamingFlushing(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is not on PATH (the Python example needs it too)")
	}
	const noFlush = `import json, sys
for line in sys.stdin:
    req = json.loads(line)
    print(json.dumps({"id": req["id"], "output": {"implementation": "x", "protocol": "1", "operations": []}}))
`
	// env -u: a PYTHONUNBUFFERED in the environment would hide the mistake.
	drv, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{"env", "-u", "PYTHONUNBUFFERED", py, "-c", noFlush},
		StartDeadline: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer drv.Close()
	_, err = conformance.Run(context.Background(), conformance.Options{Driver: drv, Run: faultRun})
	var cnr *conformance.CouldNotRun
	if !errors.As(err, &cnr) {
		t.Fatalf("want the run not to happen, got %v", err)
	}
	for _, says := range []string{"no answer to hello within 1s", "1 attempt)", "not flushed", "flush=True", "python3 -u", "wrong entry", "prompt"} {
		if !strings.Contains(err.Error(), says) {
			t.Errorf("%q does not say %q", err, says)
		}
	}
}

// A command whose entry file does not exist is refused before anything
// starts, naming the file — not as a missing package, which is what Node's
// "Cannot find module" reads like.
func TestMissingEntryFileIsNamed(t *testing.T) {
	for _, argv := range [][]string{{"node", "my-impl/missing.js"}, {"python3", "-u", "no/such/main.py"}} {
		if _, err := exec.LookPath(argv[0]); err != nil {
			t.Fatalf("%s is not on PATH", argv[0])
		}
		_, err := driver.Subprocess(driver.SubprocessOptions{Argv: argv})
		if err == nil || !strings.Contains(err.Error(), "no such file: "+argv[len(argv)-1]) || strings.Contains(err.Error(), "npm") {
			t.Errorf("%v: %v, want no such file naming it", argv, err)
		}
	}
	// An entry that exists, relative to the driver's folder, is accepted.
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.py"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{"python3", "main.py"}, Dir: dir})
	if err != nil {
		t.Errorf("an existing entry file refused: %v", err)
	} else {
		d.Close()
	}
}

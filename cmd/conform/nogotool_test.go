package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// conform starts no go command while it initializes (godog's builder
// package would run `go env GOTOOLDIR`, 30–100 ms of every process): with a
// fake go first on PATH that leaves a mark when run, conform -h leaves none,
// while the same PATH does reach the fake (the check can fail).
func TestConformStartsNoGoCommand(t *testing.T) {
	dir := t.TempDir()
	mark := filepath.Join(dir, "go-was-run")
	fake := "#!/bin/sh\ntouch '" + mark + "'\necho /nonexistent\n"
	if err := os.WriteFile(filepath.Join(dir, "go"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	path := dir + string(os.PathListSeparator) + os.Getenv("PATH")
	cmd := exec.Command(os.Args[0], "-h")
	cmd.Env = append(os.Environ(), "CONFORM_TEST_AS_CONFORM=1", "PATH="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("conform -h: %v\n%s", err, out)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Fatal("conform ran a go command while it started")
	}
	probe := exec.Command("/bin/sh", "-c", "go env GOTOOLDIR") // resolved through the PATH conform was given
	probe.Env = append(os.Environ(), "PATH="+path)
	if err := probe.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(mark); err != nil {
		t.Fatal("the fake go on PATH was not reached: the check above proves nothing")
	}
}

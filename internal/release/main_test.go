package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A release is of a tag HEAD is at, named vMAJOR.MINOR.PATCH; a snapshot
// names its commit; anything else is told what to do.
func TestReleaseVersion(t *testing.T) {
	for _, c := range []struct {
		version  string
		snapshot bool
		want     string // the version, or a piece of the error
	}{
		{"", false, "no version: make release VERSION=vX.Y.Z"},
		{"1.2.3", false, "is not vMAJOR.MINOR.PATCH"},
		{"v1.2", false, "is not vMAJOR.MINOR.PATCH"},
		{"v01.2.3", false, "is not vMAJOR.MINOR.PATCH"},
		{"v1.2.3", true, "exclude each other"},
		{"v999.0.0-never-tagged", false, "HEAD is not tagged v999.0.0-never-tagged"},
		{"", true, "v0.0.0-SNAPSHOT-"},
	} {
		got, err := releaseVersion(c.version, c.snapshot)
		text := got
		if err != nil {
			text = err.Error()
		}
		if !strings.Contains(text, c.want) || (err == nil) != strings.HasPrefix(c.want, "v") {
			t.Errorf("releaseVersion(%q, %v) = %q, %v; want %q", c.version, c.snapshot, got, err, c.want)
		}
	}
}

// -targets picks pairs of a snapshot from the release's, and nothing else.
func TestSelectTargets(t *testing.T) {
	all, err := selectTargets("", false)
	if err != nil || len(all) != 4 {
		t.Fatalf("a release builds %v (%v), want the four pairs", all, err)
	}
	two, err := selectTargets("linux/amd64, darwin/arm64,linux/amd64", true)
	if err != nil || len(two) != 2 || two[0] != (target{"linux", "amd64"}) || two[1] != (target{"darwin", "arm64"}) {
		t.Errorf("two pairs: %v, %v", two, err)
	}
	for _, c := range []struct {
		only     string
		snapshot bool
		want     string
	}{
		{"windows/amd64", true, "not one of the release's pairs (linux/amd64, linux/arm64, darwin/amd64, darwin/arm64)"},
		{"linux", true, "not one of the release's pairs"},
		{"linux/amd64", false, "a release builds every pair"},
	} {
		if _, err := selectTargets(c.only, c.snapshot); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("selectTargets(%q, %v): %v, want %q", c.only, c.snapshot, err, c.want)
		}
	}
}

// The output folder is emptied only when it holds a release's files alone:
// -out . must not empty a checkout.
func TestClearDist(t *testing.T) {
	dist := t.TempDir()
	for _, name := range []string{"conform_1.2.3_linux_amd64.tar.gz", "checksums.txt"} {
		if err := os.WriteFile(filepath.Join(dist, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := clearDist(dist); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dist); len(left) != 0 {
		t.Errorf("a release folder was not emptied: %v", left)
	}
	if err := os.WriteFile(filepath.Join(dist, "go.mod"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := clearDist(dist); err == nil || !strings.Contains(err.Error(), "holds go.mod, which no release wrote") {
		t.Errorf("a folder with go.mod: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dist, "go.mod")); err != nil {
		t.Errorf("the refused folder lost a file: %v", err)
	}
	if err := clearDist(filepath.Join(dist, "none")); err != nil {
		t.Errorf("a folder that does not exist: %v", err)
	}
}

func TestRunRefusesArguments(t *testing.T) {
	if err := run([]string{"-snapshot", "extra"}, io.Discard); err == nil || !strings.Contains(err.Error(), "unexpected arguments") {
		t.Errorf("an extra argument: %v", err)
	}
}

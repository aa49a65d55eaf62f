package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// benchCommand is a benchmark command of bench/README.md: go test, a
// package, -run '^$' and -bench with a pattern.
var benchCommand = regexp.MustCompile("`go test (\\./[^ `]*) -run '\\^\\$' -bench ([A-Za-z0-9_]+)[^`]*`")

// benchFunc is a benchmark's declaration in a test file.
var benchFunc = regexp.MustCompile(`(?m)^func (Benchmark[A-Za-z0-9_]+)\(b \*testing\.B\)`)

// Every benchmark command bench/README.md gives names a benchmark of its
// package: a renamed or removed benchmark would leave a command that
// measures nothing (go test -bench runs no benchmark and says ok). The
// commands are not run here: each takes seconds to minutes.
func TestBenchCommandsNameBenchmarks(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "bench", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	cmds := benchCommand.FindAllStringSubmatch(string(doc), -1)
	if len(cmds) < 10 {
		t.Fatalf("found %d benchmark commands in bench/README.md; the pattern no longer reads them", len(cmds))
	}
	for _, c := range cmds {
		pkg, pattern := c[1], c[2]
		files, err := filepath.Glob(filepath.Join(root, pkg, "*_test.go"))
		if err != nil || len(files) == 0 {
			t.Errorf("%s: no test files in %s", c[0], pkg)
			continue
		}
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range benchFunc.FindAllStringSubmatch(string(src), -1) {
				found = found || strings.Contains(m[1], pattern)
			}
		}
		if !found {
			t.Errorf("%s: no benchmark of %s matches %q", c[0], pkg, pattern)
		}
	}
}

package jsrt

import (
	"bufio"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// readLines returns the lines of a testdata file that are neither empty nor
// "#" comments.
func readLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// eachJSON decodes every line of a JSON-lines testdata file into a fresh v
// and calls fn; it returns the number of lines.
func eachJSON[T any](t *testing.T, name string, fn func(T)) int {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s line %d: %v", name, n+1, err)
		}
		n++
		fn(v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

// hexCodes parses the first hex field of each line.
func hexCodes(t *testing.T, lines []string) []rune {
	t.Helper()
	var out []rune
	for _, l := range lines {
		v, err := strconv.ParseUint(strings.Fields(l)[0], 16, 32)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, rune(v))
	}
	return out
}

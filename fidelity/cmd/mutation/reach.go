package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// buildReach is the coverage map: one instrumented replay of the recorded
// calls (fidelity/judge/reach), operation by operation, and for every
// reference package the operations that execute its code — "*" for a
// package whose code runs at start-up. Each mutant is then judged only by
// the calls that can reach it, which is what makes a profile's run quick:
// a datetime mutant is not judged by the routing calls.
func buildReach(goBin, tmp, calls string) (map[string][]string, error) {
	bin := filepath.Join(tmp, "reach.bin")
	build := exec.Command(goBin, "build", "-o", bin, "-cover", "-covermode=atomic", "-coverpkg=./reference/...,./fidelity/judge/reach", "./fidelity/judge/reach")
	build.Env = append(os.Environ(), "GOFLAGS=-trimpath")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the coverage judge: %v\n%s", err, out)
	}
	dir := filepath.Join(tmp, "reach")
	run := exec.Command(bin, calls, dir)
	run.Env = append(os.Environ(), "GOCOVERDIR="+filepath.Join(tmp, "reach-unused"))
	if err := os.MkdirAll(filepath.Join(tmp, "reach-unused"), 0o755); err != nil {
		return nil, err
	}
	if out, err := run.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("the coverage judge: %v\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "ops.json"))
	if err != nil {
		return nil, err
	}
	var ops []string
	if err := json.Unmarshal(b, &ops); err != nil {
		return nil, err
	}
	reach := map[string][]string{}
	add := func(sub, op string) error {
		pkgs, err := coveredPackages(goBin, filepath.Join(dir, sub))
		if err != nil {
			return err
		}
		for _, p := range pkgs {
			reach[p] = append(reach[p], op)
		}
		return nil
	}
	if err := add("_init", "*"); err != nil {
		return nil, err
	}
	for i, op := range ops {
		if err := add(strconv.Itoa(i), op); err != nil {
			return nil, err
		}
	}
	for p := range reach {
		sort.Strings(reach[p])
	}
	return reach, nil
}

// coveredPackages lists the import paths of the packages with a block
// executed at least once in the counters of dir (via `go tool covdata
// textfmt`, whose lines are "file:start,end statements count").
func coveredPackages(goBin, dir string) ([]string, error) {
	txt := dir + ".txt"
	cmd := exec.Command(goBin, "tool", "covdata", "textfmt", "-i="+dir, "-o="+txt)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go tool covdata: %v\n%s", err, out)
	}
	f, err := os.Open(txt)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") {
			continue
		}
		fields := strings.Fields(line)
		colon := strings.LastIndex(line, ":")
		if len(fields) != 3 || colon < 0 {
			return nil, fmt.Errorf("%s: unexpected line %q", txt, line)
		}
		if fields[2] == "0" {
			continue
		}
		seen[path.Dir(line[:colon])] = true
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out, nil
}

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/fidelity"
)

// parseMutants reads -judge's list: FILE:LINE:COLUMN:MUTATOR, comma-separated,
// FILE relative to reference/.
func parseMutants(list string) ([]fidelity.Survivor, error) {
	var out []fidelity.Survivor
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		f := strings.Split(item, ":")
		if len(f) != 4 {
			return nil, fmt.Errorf("-judge %q: want FILE:LINE:COLUMN:MUTATOR", item)
		}
		line, err1 := strconv.Atoi(f[1])
		col, err2 := strconv.Atoi(f[2])
		if err1 != nil || err2 != nil || line < 1 || col < 1 {
			return nil, fmt.Errorf("-judge %q: LINE and COLUMN are positive numbers", item)
		}
		if _, ok := tokenMutations[f[3]]; !ok {
			return nil, fmt.Errorf("-judge %q: unknown mutator %q (one of %s)", item, f[3], strings.Join(mutators, ", "))
		}
		prof, _ := profileOf(filepath.ToSlash(f[0]))
		out = append(out, fidelity.Survivor{Profile: prof, File: filepath.ToSlash(f[0]), Line: line, Column: col, Mutator: f[3]})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-judge names no mutant")
	}
	return out, nil
}

// judgeNamed builds each named mutant and judges it exactly as a run judges
// a survivor (recheckUncovered's judgeOne), against the suite as it is now,
// and prints its status. It writes no summary: a run's numbers come only
// from a run (or a rejudge of its survivors).
func judgeNamed(list string, workers int, stdout, stderr io.Writer) int {
	ms, err := parseMutants(list)
	if err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	if _, err := os.Stat("go.mod"); err != nil {
		fmt.Fprintln(stderr, "mutation: run me from the module root")
		return 2
	}
	for i, m := range ms {
		if _, err := mutateAt(filepath.Join("reference", m.File), m.Line, m.Column, m.Mutator); err != nil {
			fmt.Fprintf(stderr, "mutation: reference/%s:%d:%d %s: %v\n", m.File, m.Line, m.Column, m.Mutator, err)
			return 2
		}
		b, _ := os.ReadFile(filepath.Join("reference", m.File))
		if lines := strings.Split(string(b), "\n"); m.Line <= len(lines) {
			ms[i].Code = strings.TrimSpace(lines[m.Line-1])
		}
	}
	tmp, err := os.MkdirTemp("", "clockspec-judge-")
	if err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	defer os.RemoveAll(tmp)
	env, _, err := prepareJudge(tmp)
	if err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	abs, err := filepath.Abs(".")
	if err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	status, errs := judgeEach(ms, workers, tmp, abs, env)
	code := 0
	for j, m := range ms {
		if errs[j] != nil {
			fmt.Fprintf(stderr, "mutation: reference/%s:%d:%d %s: %v\n", m.File, m.Line, m.Column, m.Mutator, errs[j])
			code = 2
			continue
		}
		fmt.Fprintf(stdout, "%-11s reference/%s:%d:%d %s  %s\n", status[j], m.File, m.Line, m.Column, m.Mutator, m.Code)
	}
	return code
}

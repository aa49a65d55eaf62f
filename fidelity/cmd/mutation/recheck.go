package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/clockspec/clockspec/fidelity"
)

// Gremlins marks a mutant NOT COVERED when its position lies in no covered
// coverage block, and never builds it. Go's coverage blocks hold
// statements, so the conditions of case clauses, constant declarations and
// some operands of a line that runs are "not covered" although scenarios
// execute them. recheck builds each such mutant itself (the same token
// replacement, through an overlay) and judges it exactly as gremlins judges
// the others, so the score neither credits nor blames code the suite runs.

// judgeEnv is what the judge needs to replay the calls of one package.
type judgeEnv struct {
	goBin, calls, reach string
	// unreplayed are the scenarios whose calls the judge cannot replay
	// (by profile); a survivor of that profile is run through them by the
	// harness (cmd/conform built with the mutant).
	unreplayed map[string][]string
}

// recheckUncovered judges every NOT COVERED survivor of profile in sum and
// moves it to killed, lived or not viable; it returns how many it built.
// When the suite has scenarios the judge cannot replay (the store
// operations, whose files their scenarios' steps set up), every survivor of
// the profile is also run through those scenarios by the harness itself.
//
// With all set, every survivor of the profile is judged again against the
// current suite (the rejudge after scenarios were added): the reference must
// be the one the run mutated, which the survivors' source lines check.
func recheckUncovered(sum *fidelity.MutationSummary, profile string, env judgeEnv, workers int, all bool, stdout io.Writer) (int, error) {
	var idx []int
	for i, s := range sum.Survivors {
		if s.Profile == profile && (all || s.Status == "NOT COVERED" || len(env.unreplayed[profile]) > 0) {
			idx = append(idx, i)
		}
	}
	for _, i := range idx {
		s := sum.Survivors[i]
		b, err := os.ReadFile(filepath.Join("reference", s.File))
		if err != nil {
			return 0, err
		}
		lines := strings.Split(string(b), "\n")
		if s.Line > len(lines) || strings.TrimSpace(lines[s.Line-1]) != s.Code {
			return 0, fmt.Errorf("reference/%s:%d is no longer %q: the reference changed since the run; measure %s again (make mutation PROFILE=%s)", s.File, s.Line, s.Code, profile, profile)
		}
	}
	if len(idx) == 0 {
		return 0, nil
	}
	tmp, err := os.MkdirTemp("", "clockspec-recheck-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	abs, err := filepath.Abs(".")
	if err != nil {
		return 0, err
	}
	picked := make([]fidelity.Survivor, len(idx))
	for j, i := range idx {
		picked[j] = sum.Survivors[i]
	}
	status, errs := judgeEach(picked, workers, tmp, abs, env)
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}

	var p *fidelity.MutationProfile
	for i := range sum.Profiles {
		if sum.Profiles[i].Profile == profile {
			p = &sum.Profiles[i]
		}
	}
	if p == nil {
		return 0, fmt.Errorf("no profile %s in the summary", profile)
	}
	drop := map[int]bool{}
	counts := map[string]int{}
	for j, i := range idx {
		counts[status[j]]++
		if sum.Survivors[i].Status == "LIVED" {
			// judged by gremlins already; only a kill by the unreplayed
			// scenarios changes it
			p.Lived--
		} else {
			p.NotCovered--
			p.Rechecked++
		}
		switch status[j] {
		case "KILLED":
			p.Killed++
			drop[i] = true
		case "TIMED OUT":
			p.TimedOut++
			drop[i] = true
		case "NOT VIABLE":
			p.NotViable++
			drop[i] = true
		case "LIVED":
			p.Lived++
			sum.Survivors[i].Status = "LIVED"
		}
	}
	var keep []fidelity.Survivor
	for i, s := range sum.Survivors {
		if !drop[i] {
			keep = append(keep, s)
		}
	}
	sum.Survivors = keep
	what := "gremlins' not covered, and for scenarios the judge cannot replay every survivor"
	if all {
		what = "every survivor, against the current suite"
	}
	fmt.Fprintf(stdout, "mutation: %s: built and judged %d survivors (%s): %d killed, %d timed out, %d lived, %d not viable\n",
		profile, len(idx), what, counts["KILLED"], counts["TIMED OUT"], counts["LIVED"], counts["NOT VIABLE"])
	return len(idx), nil
}

// judgeOne builds the mutant of s with an overlay and runs the judge on the
// calls that reach its package: KILLED, TIMED OUT, LIVED or NOT VIABLE.
func judgeOne(s fidelity.Survivor, root, dir string, env judgeEnv) (string, error) {
	ovf, err := writeOverlay(filepath.Join(root, "reference", s.File), s, dir)
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "judge.test")
	os.Remove(bin)
	build := exec.Command(env.goBin, "test", "-c", "-o", bin, "-vet=off", "-ldflags=-s -w", "-tags", "clockspec_mutation", "-overlay", ovf, "./fidelity/judge")
	build.Env = append(os.Environ(), "GOFLAGS=-trimpath")
	if out, err := build.CombinedOutput(); err != nil {
		if _, statErr := os.Stat(bin); statErr != nil && strings.Contains(string(out), "reference/") {
			return "NOT VIABLE", nil // the mutant does not compile
		}
		return "", fmt.Errorf("building the judge for %s:%d: %v\n%s", s.File, s.Line, err, out)
	}
	pkg := "github.com/clockspec/clockspec/reference"
	if dirName := filepath.Dir(s.File); dirName != "." {
		pkg += "/" + filepath.ToSlash(dirName)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run := exec.CommandContext(ctx, bin, "-test.run", "^TestSuiteCalls$", "-test.failfast")
	run.Dir = filepath.Join(root, "fidelity", "judge")
	openOnly := filepath.Join(dir, "open-only.txt")
	os.Remove(openOnly)
	run.Env = append(os.Environ(), "CLOCKSPEC_JUDGE_CALLS="+env.calls, "CLOCKSPEC_JUDGE_REACH="+env.reach, "CLOCKSPEC_JUDGE_MUTATED="+pkg,
		"CLOCKSPEC_JUDGE_OPENONLY="+openOnly)
	err = run.Run()
	switch {
	case ctx.Err() != nil:
		return "TIMED OUT", nil
	case err == nil:
		// The scenarios whose open points the answers moved, and those the
		// judge cannot replay, go through the harness itself.
		ids := append([]string(nil), env.unreplayed[s.Profile]...)
		if b, err := os.ReadFile(openOnly); err == nil {
			ids = append(ids, strings.Fields(string(b))...)
		}
		if len(ids) > 0 {
			return harnessJudge(ids, ovf, dir, env)
		}
		return "LIVED", nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return "KILLED", nil
	}
	return "", err
}

// harnessJudge runs the scenarios ids with conform built with the mutant
// (at the exact level, every tier): KILLED when any fails.
func harnessJudge(ids []string, overlay, dir string, env judgeEnv) (string, error) {
	bin := filepath.Join(dir, "conform")
	os.Remove(bin)
	build := exec.Command(env.goBin, "build", "-o", bin, "-ldflags=-s -w", "-overlay", overlay, "./cmd/conform")
	build.Env = append(os.Environ(), "GOFLAGS=-trimpath")
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building conform with a mutant: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run := exec.CommandContext(ctx, bin, "run", "--run", strings.Join(ids, ","), "--require", "all", "--level", "exact")
	err := run.Run()
	switch {
	case ctx.Err() != nil:
		return "TIMED OUT", nil
	case err == nil:
		return "LIVED", nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return "KILLED", nil
	}
	return "", fmt.Errorf("conform with a mutant: %v", err)
}

// writeOverlay writes the mutant of s (the source file src with gremlins'
// token replacement at its position) into dir and an overlay naming it in
// place of src, for `go build -overlay`; it returns the overlay's path.
func writeOverlay(src string, s fidelity.Survivor, dir string) (string, error) {
	mutated, err := mutateAt(src, s.Line, s.Column, s.Mutator)
	if err != nil {
		return "", fmt.Errorf("%s:%d:%d %s: %w", s.File, s.Line, s.Column, s.Mutator, err)
	}
	mf := filepath.Join(dir, "mutant.go")
	ovf := filepath.Join(dir, "overlay.json")
	ov, err := json.Marshal(map[string]any{"Replace": map[string]string{src: mf}})
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(mf, mutated, 0o644); err != nil {
		return "", err
	}
	return ovf, os.WriteFile(ovf, ov, 0o644)
}

// judgeEach judges every mutant against the suite, workers at a time, each
// worker in its own folder under tmp; status and errs are ms's, in order.
func judgeEach(ms []fidelity.Survivor, workers int, tmp, root string, env judgeEnv) (status []string, errs []error) {
	status = make([]string, len(ms))
	errs = make([]error, len(ms))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			dir := filepath.Join(tmp, fmt.Sprint("w", w))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				for j := range next {
					errs[j] = err
				}
				return
			}
			for j := range next {
				status[j], errs[j] = judgeOne(ms[j], root, dir, env)
			}
		}(w)
	}
	for j := range ms {
		next <- j
	}
	close(next)
	wg.Wait()
	return status, errs
}

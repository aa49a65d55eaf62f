// Command fuzz runs the module's fuzz targets and says how much each one
// fuzzed: the executions after the fuzzing engine's warm-up (building the
// instrumented test binary, the target's setup, the baseline coverage of
// its seed corpus), which do not count against the time. A target that
// reports no new execution fails the run: a "fuzz" step that spent its
// whole budget warming up (0/360 baseline inputs done in 8 s on a fresh
// 2-core machine) checked nothing.
//
//	go run ./fidelity/cmd/fuzz -short             # make fuzz-short: FuzzOperations and a rotating pair, 4 s each
//	go run ./fidelity/cmd/fuzz -time 1m           # make fuzz: every target, a minute each
//	go run ./fidelity/cmd/fuzz -targets FuzzLoad,FuzzPatternTest -time 30s
//
// Each target runs as `go test PKG -run '^$' -fuzz '^NAME$'`; the runner
// watches its progress lines ("gathering baseline coverage: X/Y", "execs:
// N") and interrupts it (SIGINT, which the engine takes as the end of a
// normal run) once it has fuzzed for the given time. A failing input is
// written by the engine under PKG/testdata/fuzz/NAME; commit it.
//
// Exit status: 0 every target fuzzed and found nothing; 1 a target failed
// or did not fuzz; 2 the run could not happen.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// goCmd is the go command each target runs under (a test replaces it).
var goCmd = "go"

// always is the target every short run fuzzes: every operation of every
// profile.
const always = "FuzzOperations@./reference"

func main() {
	short := flag.Bool("short", false, "fuzz "+strings.Split(always, "@")[0]+" and a pair of other targets that changes every day")
	fuzzTime := flag.Duration("time", 4*time.Second, "fuzzing time per target, after its warm-up")
	build := flag.Duration("build", 15*time.Minute, "the longest building a target's instrumented test binary (and its setup) may take")
	warmup := flag.Duration("warmup", 3*time.Minute, "the longest a target's warm-up may take once its test binary runs")
	only := flag.String("targets", "", "comma-separated target names (default: every target, or the rotation with -short)")
	flag.Parse()
	targets, err := discover(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "fuzz:", err)
		os.Exit(2)
	}
	picked, how, err := pick(targets, *only, *short, time.Now().UTC())
	if err != nil {
		fmt.Fprintln(os.Stderr, "fuzz:", err)
		os.Exit(2)
	}
	fmt.Printf("fuzz: %s; %v each after its warm-up\n", how, *fuzzTime)
	start := time.Now()
	failed := 0
	for _, t := range picked {
		r := fuzzTarget(t, *fuzzTime, limits{build: *build, warmup: *warmup}, *short)
		fmt.Println("fuzz: " + r.String())
		if !r.ok() {
			failed++
			if r.output != "" {
				fmt.Print(indent(r.output))
			}
		}
	}
	fmt.Printf("fuzz: %d of %d targets fuzzed and found nothing, %v in all\n", len(picked)-failed, len(picked), time.Since(start).Round(time.Second))
	if failed > 0 {
		os.Exit(1)
	}
}

// target is one fuzz target: its function name and package.
type target struct{ name, pkg string }

func (t target) String() string { return t.name + "@" + t.pkg }

var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w+)\(\w+ \*testing\.F\)`)

// discover lists every fuzz target of the module under root, by package.
func discover(root string) ([]target, error) {
	var out []target
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range fuzzFunc.FindAllSubmatch(b, -1) {
			out = append(out, target{string(m[1]), "./" + filepath.ToSlash(filepath.Dir(path))})
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	if err == nil && len(out) == 0 {
		err = errors.New("no fuzz targets found (run from the module's root)")
	}
	return out, err
}

// pick chooses the targets of this run: the named ones; with short, the
// always-target and two others chosen by the day, so that every target is
// fuzzed in CI every few days; otherwise all of them.
func pick(all []target, only string, short bool, now time.Time) ([]target, string, error) {
	if only != "" {
		var out []target
		for _, name := range strings.Split(only, ",") {
			found := false
			for _, t := range all {
				if t.name == name || t.String() == name {
					out, found = append(out, t), true
				}
			}
			if !found {
				return nil, "", fmt.Errorf("no fuzz target %q", name)
			}
		}
		return out, fmt.Sprintf("%d chosen targets", len(out)), nil
	}
	if !short {
		return all, fmt.Sprintf("all %d targets", len(all)), nil
	}
	var first target
	var rest []target
	for _, t := range all {
		if t.String() == always {
			first = t
		} else {
			rest = append(rest, t)
		}
	}
	if first.name == "" {
		return nil, "", fmt.Errorf("no fuzz target %s", always)
	}
	const pair = 2
	day := int(now.Unix() / 86400)
	out := []target{first}
	for i := 0; i < pair && i < len(rest); i++ {
		out = append(out, rest[(day*pair+i)%len(rest)])
	}
	return out, fmt.Sprintf("%s and today's pair of the other %d targets (the pair changes daily; -targets names others)", first.name, len(rest)), nil
}

// limits bound the two phases before a target fuzzes. Building is apart
// from the warm-up: go test -fuzz instruments every package of the test
// binary, so on an empty build cache the build alone is minutes of CPU
// (a fresh clone's make test), more again on a shared machine, and a warm-up
// limit that counted it failed targets that were only compiling.
type limits struct {
	build  time.Duration // from start to the test binary's first line
	warmup time.Duration // from that line to "now fuzzing"
}

// result is what one target did.
type result struct {
	target
	build    time.Duration // from start to the test binary's first line
	warmup   time.Duration // from start to "now fuzzing"
	baseline int           // the inputs of the baseline coverage
	execs    int64         // the engine's last count, the baseline included
	fuzzed   time.Duration
	interest int
	problem  string
	output   string // the go test output, kept on a problem
}

func (r result) newExecs() int64 { return max(r.execs-int64(r.baseline), 0) }

func (r result) ok() bool { return r.problem == "" && r.newExecs() > 0 }

func (r result) String() string {
	s := fmt.Sprintf("%-22s %-22s warm-up %5.1fs (build %.1fs, %d baseline inputs); fuzzing %4.1fs: %d new executions",
		r.name, r.pkg, r.warmup.Seconds(), r.build.Seconds(), r.baseline, r.fuzzed.Seconds(), r.newExecs())
	if r.fuzzed > 0 {
		s += fmt.Sprintf(" (%.0f/s), %d new interesting", float64(r.newExecs())/r.fuzzed.Seconds(), r.interest)
	}
	switch {
	case r.problem != "":
		s += " — FAILED: " + r.problem
	case r.newExecs() == 0:
		s += " — FAILED: no new execution"
	}
	return s
}

var (
	baselineLine = regexp.MustCompile(`gathering baseline coverage: (\d+)/(\d+) completed`)
	fuzzingLine  = regexp.MustCompile(`now fuzzing with`)
	execsLine    = regexp.MustCompile(`execs: (\d+) \(\d+/sec\)(?:, new interesting: (\d+))?`)
)

// fuzzTarget runs one target until it has fuzzed for d after its warm-up.
func fuzzTarget(t target, d time.Duration, lim limits, short bool) result {
	r := result{target: t}
	cmd := exec.Command(goCmd, "test", t.pkg, "-run", "^$", "-fuzz", "^"+t.name+"$", "-fuzztime", "1h")
	if short {
		// A short run's targets seed with a few inputs per operation
		// (shortFuzz in their tests): the baseline over thousands of
		// scenario inputs was most of make test's fuzzing time.
		cmd.Env = append(os.Environ(), "CLOCKSPEC_FUZZ_SHORT=1")
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // interrupt go test and the test binary together
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		r.problem = err.Error()
		return r
	}
	cmd.Stderr = cmd.Stdout
	start := time.Now()
	if err := cmd.Start(); err != nil {
		r.problem = err.Error()
		return r
	}
	interrupt := func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) }
	var out strings.Builder
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(pipe)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		_, _ = io.Copy(io.Discard, pipe)
		close(lines)
	}()
	var fuzzingSince time.Time
	building := true
	phaseOver := time.NewTimer(lim.build)
	var stop <-chan time.Time
	interrupted := false
	for lines != nil {
		select {
		case line, ok := <-lines:
			if !ok {
				lines = nil
				continue
			}
			out.WriteString(line + "\n")
			if building {
				// The test binary's first line (or the build's error):
				// the build and the target's setup are over.
				building = false
				r.build = time.Since(start)
				phaseOver.Reset(lim.warmup)
			}
			if m := baselineLine.FindStringSubmatch(line); m != nil {
				r.baseline, _ = strconv.Atoi(m[2])
			}
			if m := execsLine.FindStringSubmatch(line); m != nil {
				r.execs, _ = strconv.ParseInt(m[1], 10, 64)
				r.interest, _ = strconv.Atoi(m[2])
			}
			if fuzzingSince.IsZero() && fuzzingLine.MatchString(line) {
				fuzzingSince = time.Now()
				r.warmup = fuzzingSince.Sub(start)
				phaseOver.Stop()
				stop = time.After(d)
			}
		case <-phaseOver.C:
			if building {
				r.problem = fmt.Sprintf("building the test binary took more than %v (-build)", lim.build)
			} else {
				r.problem = fmt.Sprintf("the warm-up took more than %v after the build (-warmup)", lim.warmup)
			}
			interrupt()
			interrupted = true
		case <-stop:
			stop = nil
			interrupt()
			interrupted = true
		}
	}
	err = cmd.Wait()
	if !fuzzingSince.IsZero() {
		r.fuzzed = time.Since(fuzzingSince)
	}
	// The go command exits 1 when interrupted, even after the test binary
	// passed; its output says how the target ended.
	text := out.String()
	failedRun := strings.Contains(text, "--- FAIL") || regexp.MustCompile(`(?m)^FAIL\b`).MatchString(text)
	switch {
	case r.problem != "":
	case failedRun:
		r.problem = "the target failed"
		if m := regexp.MustCompile(`Failing input written to (\S+)`).FindStringSubmatch(text); m != nil {
			r.problem += "; the failing input is " + filepath.Join(t.pkg, m[1]) + " (commit it)"
		}
	case !regexp.MustCompile(`(?m)^(PASS|ok)\b`).MatchString(text):
		r.problem = fmt.Sprintf("go test did not pass (%v)", err)
	case !interrupted:
		r.problem = "go test ended before its time"
	}
	if r.problem != "" || r.newExecs() == 0 {
		r.output = out.String()
	}
	return r
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString("    " + l + "\n")
	}
	return b.String()
}

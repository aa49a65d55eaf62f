// Command mutation measures the mutation score of the reference under the
// conformance suite (make mutation). It uses gremlins
// (github.com/go-gremlins/gremlins, pinned below) to mutate every package
// under reference/, and judges each mutant only by the suite: gremlins'
// `go test` is pointed at a shim (fidelity/mutation/shim.sh) that runs
// fidelity/judge — every call of every scenario, compared with the
// unmutated reference's answer, i.e. the suite's exact level — instead of
// the mutated package's own unit tests.
//
//	go run ./fidelity/cmd/mutation                 # run, then write the report
//	go run ./fidelity/cmd/mutation -report-only    # re-triage the last run
//	go run ./fidelity/cmd/mutation -judge v1/timezone.go:145:16:CONDITIONALS_NEGATION
//	                                               # one mutant against the current suite
//
// It writes fidelity/mutation.json (scores and survivors) and
// docs/mutation-survivors.md (each survivor with its triage from
// fidelity/mutation-triage.json). Exit status, for the -profile profiles
// only (the others are reported as last measured, not judged): 0 every
// survivor of theirs is triaged and each reaches -min; 1 otherwise; 2 the
// run could not happen.
package main

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/fidelity"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// Gremlins is the mutation tool, pinned.
const (
	gremlinsPkg     = "github.com/go-gremlins/gremlins/cmd/gremlins"
	gremlinsVersion = "v0.6.0"
)

// mutators are gremlins' default set.
var mutators = []string{"ARITHMETIC_BASE", "CONDITIONALS_BOUNDARY", "CONDITIONALS_NEGATION", "INCREMENT_DECREMENT", "INVERT_NEGATIVES"}

// judgeText says what kills a mutant, for the reports.
const judgeText = "fidelity/judge: every call of every scenario whose operation reaches the mutated package (a coverage map from one instrumented replay), against the mutated in-process reference, compared with the unmutated reference's answer (the suite's exact level); a call whose scenario leaves a point of the answer open, and the store scenarios (their files are set up by their steps), are judged by running those scenarios through conform built with the mutant"

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutation", flag.ContinueOnError)
	fs.SetOutput(stderr)
	workers := fs.Int("workers", runtime.NumCPU(), "mutants tested at once")
	profileList := fs.String("profile", "all", "the profiles to measure, comma-separated (v1, datetime, timestamps, routing, clock-core, clock-awareness, shared) or all; the others keep their last measurement")
	coefficient := fs.Int("timeout-coefficient", 60, "a mutant times out after this many times the coverage run (which is quick when the build is cached; the judge itself stops a hanging call after 5 s)")
	reportOnly := fs.Bool("report-only", false, "do not run: re-triage the survivors of -summary")
	rejudge := fs.Bool("rejudge", false, "with -report-only: judge every survivor of the -profile profiles again against the current suite, so scenarios added since the run count (the reference must be unchanged since; the profile records when)")
	summary := fs.String("summary", "fidelity/mutation.json", "the scores and survivors (written by a run, read by -report-only)")
	triagePath := fs.String("triage", "fidelity/mutation-triage.json", "the triage of survivors; every fidelity/triage/*.json (one file a profile) is read too")
	report := fs.String("report", "docs/mutation-survivors.md", "the survivors report")
	minScore := fs.Float64("min", 90, "the score every profile must reach")
	probeOut := fs.String("probe", "", "with -report-only: find corpus cases that kill each untriaged survivor, write them here")
	pickFrom := fs.String("pick", "", "re-pick scenario cases from a probe result file (see -probe)")
	judgeList := fs.String("judge", "", "judge only these mutants against the current suite and print each one's status, writing nothing: FILE:LINE:COLUMN:MUTATOR (FILE under reference/, as the report names it), comma-separated; for checking that a new scenario kills a survivor without a whole run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if _, err := os.Stat("go.mod"); err != nil {
		fmt.Fprintln(stderr, "mutation: run me from the module root")
		return 2
	}

	if *judgeList != "" {
		return judgeNamed(*judgeList, *workers, stdout, stderr)
	}
	selected, err := selectProfiles(*profileList)
	if err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	var sum *fidelity.MutationSummary
	if *reportOnly {
		s, ok, err := fidelity.ReadMutation(*summary)
		if err != nil || !ok {
			fmt.Fprintf(stderr, "mutation: cannot read %s: %v\n", *summary, err)
			return 2
		}
		sum = s
		if *rejudge {
			if err := rejudgeSummary(sum, selected, *workers, stdout); err != nil {
				fmt.Fprintln(stderr, "mutation:", err)
				return 2
			}
		}
	} else {
		fresh, err := mutate(selected, *workers, *coefficient, stdout, stderr)
		if err != nil {
			fmt.Fprintln(stderr, "mutation:", err)
			return 2
		}
		last, ok, err := fidelity.ReadMutation(*summary)
		if err != nil {
			fmt.Fprintf(stderr, "mutation: cannot read %s: %v\n", *summary, err)
			return 2
		}
		if !ok {
			last = nil
		}
		sum = merge(last, fresh, selected)
		// The measurement is saved before anything else can fail.
		if err := writeJSON(*summary, sum); err != nil {
			fmt.Fprintln(stderr, "mutation:", err)
			return 2
		}
	}

	triage, err := readTriages(*triagePath, "fidelity/triage")
	if err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	untriaged := applyTriage(sum, triage)
	stale := staleTriage(sum, triage)
	if *pickFrom != "" {
		if err := writePicks(*pickFrom); err != nil {
			fmt.Fprintln(stderr, "mutation:", err)
			return 2
		}
		fmt.Fprintf(stdout, "mutation: picks in %s.picks.jsonl\n", *pickFrom)
		return 0
	}
	if *probeOut != "" {
		if err := probe(sum, *probeOut, stdout, stderr); err != nil {
			fmt.Fprintln(stderr, "mutation:", err)
			return 2
		}
	}

	if err := writeJSON(*summary, sum); err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}
	if err := writeReport(*report, sum, stale); err != nil {
		fmt.Fprintln(stderr, "mutation:", err)
		return 2
	}

	for _, p := range sum.Profiles {
		fmt.Fprintf(stdout, "mutation: %-15s %4d mutants  %4d killed  %3d timed out  %3d lived  %3d not covered  %3d not viable  %3d proved equivalent  raw score %5.1f %%  (measured %s in %.1f min)\n",
			p.Profile, p.Mutants, p.Killed, p.TimedOut, p.Lived, p.NotCovered, p.NotViable, p.Proved, p.Score(), p.Date, p.Seconds/60)
	}
	fmt.Fprintf(stdout, "mutation: %d survivors (%d untriaged, %d stale triage entries); report %s\n",
		len(sum.Survivors), untriaged, len(stale), *report)
	if problems := judgeGoal(sum, selected, *minScore); len(problems) > 0 {
		for _, p := range problems {
			fmt.Fprintln(stdout, "mutation: goal not met:", p)
		}
		return 1
	}
	fmt.Fprintf(stdout, "mutation: goal met by %s: every survivor triaged, raw score >= %.0f %%\n", strings.Join(selected, ", "), *minScore)
	return 0
}

// judgeGoal says why the selected profiles miss their goal (none: they
// meet it): each must have every survivor triaged and, except the shared
// packages (not a profile), a raw score of at least min. The profiles not
// selected keep their last measurement in the report but are not judged,
// so `make mutation PROFILE=p` answers for p alone.
func judgeGoal(sum *fidelity.MutationSummary, selected []string, min float64) []string {
	var problems []string
	for _, name := range selected {
		untriaged := 0
		for _, s := range sum.Survivors {
			if s.Profile == name && (s.Verdict == "untriaged" || s.Verdict == "") {
				untriaged++
			}
		}
		if untriaged > 0 {
			problems = append(problems, fmt.Sprintf("%s has %d untriaged survivors", name, untriaged))
		}
		for _, p := range sum.Profiles {
			if p.Profile == name && name != "shared" && p.Score() < min {
				problems = append(problems, fmt.Sprintf("%s's raw score %.1f %% is under %.0f %%", name, p.Score(), min))
			}
		}
	}
	return problems
}

// mutate records the suite's calls once, builds the coverage map, then runs
// gremlins over each selected profile's packages in turn, the judge as its
// test command; each profile's result carries its own date and wall time.
func mutate(selected []string, workers, coefficient int, stdout, stderr io.Writer) (*fidelity.MutationSummary, error) {
	start := time.Now()
	tmp, err := os.MkdirTemp("", "clockspec-mutation-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)

	env, n, err := prepareJudge(tmp)
	if err != nil {
		return nil, err
	}
	realGo := env.goBin
	fmt.Fprintf(stdout, "mutation: the suite makes %d calls; each mutant is judged by the calls of the operations that reach its package (coverage map: %.1f s)\n",
		n, time.Since(start).Seconds())

	bin := filepath.Join(tmp, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, err
	}
	install := exec.Command(realGo, "install", gremlinsPkg+"@"+gremlinsVersion)
	install.Env = append(os.Environ(), "GOBIN="+bin, "GOFLAGS=-mod=mod")
	install.Stdout, install.Stderr = stderr, stderr
	if err := install.Run(); err != nil {
		return nil, fmt.Errorf("installing gremlins %s: %w", gremlinsVersion, err)
	}
	shimDir := filepath.Join(tmp, "shim")
	if err := os.MkdirAll(shimDir, 0o755); err != nil {
		return nil, err
	}
	shim, err := os.ReadFile("fidelity/mutation/shim.sh")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(shimDir, "go"), shim, 0o755); err != nil {
		return nil, err
	}
	if err := os.MkdirAll("build", 0o755); err != nil {
		return nil, err
	}
	logf, err := os.Create("build/mutation.log")
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	absCalls, absReach := env.calls, env.reach

	commit := currentCommit()
	sum := &fidelity.MutationSummary{}
	for _, profile := range selected {
		pstart, pcpu := time.Now(), childCPU()
		out := filepath.Join(tmp, profile+".json")
		args := []string{"unleash", "--workers", fmt.Sprint(workers), "--timeout-coefficient", fmt.Sprint(coefficient),
			"--tags", "clockspec_mutation", "-o", out}
		for _, ex := range excludeOthers(profile) {
			args = append(args, "-E", ex)
		}
		args = append(args, "./reference")
		cmd := exec.CommandContext(context.Background(), filepath.Join(bin, "gremlins"), args...)
		cmd.Env = append(os.Environ(),
			"PATH="+shimDir+string(os.PathListSeparator)+os.Getenv("PATH"),
			// gremlins builds each worker's copy of the module in its own
			// folder; without -trimpath every copy would compile everything
			// afresh instead of sharing the build cache.
			"GOFLAGS=-trimpath",
			"CLOCKSPEC_REAL_GO="+realGo,
			"CLOCKSPEC_COVERPKG=./reference/...",
			"CLOCKSPEC_JUDGE_PKG=./fidelity/judge",
			"CLOCKSPEC_JUDGE_RUN=^TestSuiteCalls$",
			"CLOCKSPEC_JUDGE_CALLS="+absCalls,
			"CLOCKSPEC_JUDGE_REACH="+absReach,
		)
		fmt.Fprintf(logf, "=== profile %s: gremlins %s\n", profile, strings.Join(args, " "))
		cmd.Stdout = io.MultiWriter(logf, progress(stdout, profile))
		cmd.Stderr = logf
		fmt.Fprintf(stdout, "mutation: %s: gremlins %s, %d workers, log in build/mutation.log\n", profile, gremlinsVersion, workers)
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("gremlins (%s): %w (see build/mutation.log)", profile, err)
		}
		raw, err := os.ReadFile(out)
		if err != nil {
			return nil, err
		}
		_ = os.WriteFile(filepath.Join("build", "gremlins-"+profile+".json"), raw, 0o644)
		got, err := summarise(raw)
		if err != nil {
			return nil, err
		}
		p := fidelity.MutationProfile{Profile: profile}
		for _, gp := range got.Profiles {
			if gp.Profile != profile {
				return nil, fmt.Errorf("gremlins mutated %v of profile %s while measuring %s", gp.Packages, gp.Profile, profile)
			}
			p = gp
		}
		one := &fidelity.MutationSummary{Profiles: []fidelity.MutationProfile{p}, Survivors: got.Survivors}
		if _, err := recheckUncovered(one, profile, env, workers, false, stdout); err != nil {
			return nil, err
		}
		p, got.Survivors = one.Profiles[0], one.Survivors
		p.Date = time.Now().UTC().Format("2006-01-02")
		p.Commit = commit
		p.Seconds = time.Since(pstart).Seconds()
		p.CPUSeconds = childCPU() - pcpu
		p.Workers = workers
		p.Tool = "gremlins " + gremlinsVersion
		sum.Profiles = append(sum.Profiles, p)
		sum.Survivors = append(sum.Survivors, got.Survivors...)
		fmt.Fprintf(stdout, "mutation: %s: %d mutants in %.1f min (%.1f CPU-min)\n", profile, p.Mutants, p.Seconds/60, p.CPUSeconds/60)
	}
	sum.Tool, sum.Judge, sum.Mutators = "gremlins "+gremlinsVersion, judgeText, mutators
	sum.Workers = workers
	sum.WallSeconds = time.Since(start).Seconds()
	return sum, nil
}

// rejudgeSummary judges every survivor of the selected profiles again
// against the current suite and records the day and commit it did so.
func rejudgeSummary(sum *fidelity.MutationSummary, selected []string, workers int, stdout io.Writer) error {
	tmp, err := os.MkdirTemp("", "clockspec-mutation-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	env, _, err := prepareJudge(tmp)
	if err != nil {
		return err
	}
	commit := currentCommit()
	for _, profile := range selected {
		for i := range sum.Profiles {
			if sum.Profiles[i].Profile != profile {
				continue
			}
			start := childCPU()
			if _, err := recheckUncovered(sum, profile, env, workers, true, stdout); err != nil {
				return err
			}
			sum.Profiles[i].Rejudged = time.Now().UTC().Format("2006-01-02") + " at " + commit
			sum.Profiles[i].CPUSeconds += childCPU() - start
		}
	}
	return nil
}

// prepareJudge records the suite's calls and builds the coverage map in
// tmp: what the judge needs for every mutant.
func prepareJudge(tmp string) (judgeEnv, int, error) {
	calls := filepath.Join(tmp, "calls.jsonl")
	n, err := recordCalls(calls)
	if err != nil {
		return judgeEnv{}, 0, err
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		return judgeEnv{}, 0, err
	}
	reach, err := buildReach(realGo, tmp, calls)
	if err != nil {
		return judgeEnv{}, 0, err
	}
	reachPath := filepath.Join(tmp, "reach.json")
	if err := writeJSON(reachPath, reach); err != nil {
		return judgeEnv{}, 0, err
	}
	absCalls, err := filepath.Abs(calls)
	if err != nil {
		return judgeEnv{}, 0, err
	}
	absReach, err := filepath.Abs(reachPath)
	if err != nil {
		return judgeEnv{}, 0, err
	}
	unreplayed, err := unreplayedScenarios(calls)
	if err != nil {
		return judgeEnv{}, 0, err
	}
	return judgeEnv{goBin: realGo, calls: absCalls, reach: absReach, unreplayed: unreplayed}, n, nil
}

// unreplayedScenarios lists, by profile, the scenarios with a call the judge
// does not replay (the store operations).
func unreplayedScenarios(calls string) (map[string][]string, error) {
	f, err := os.Open(calls)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]string{}
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var c struct{ Scenario, Op string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			return nil, err
		}
		if strings.HasPrefix(c.Op, "clock-core.store_") && !seen[c.Scenario] {
			seen[c.Scenario] = true
			out["clock-core"] = append(out["clock-core"], c.Scenario)
		}
	}
	return out, sc.Err()
}

// merge puts a run's profiles into the last summary: a profile measured now
// replaces its old entry and survivors; the others are kept as they were.
func merge(last, fresh *fidelity.MutationSummary, selected []string) *fidelity.MutationSummary {
	if last == nil {
		return fresh
	}
	out := *fresh
	out.Profiles, out.Survivors = nil, nil
	out.Note = ""
	measured := map[string]bool{}
	for _, p := range selected {
		measured[p] = true
	}
	for _, p := range last.Profiles {
		if !measured[p.Profile] {
			out.Profiles = append(out.Profiles, p)
		}
	}
	for _, s := range last.Survivors {
		if !measured[s.Profile] {
			out.Survivors = append(out.Survivors, s)
		}
	}
	out.Profiles = append(out.Profiles, fresh.Profiles...)
	out.Survivors = append(out.Survivors, fresh.Survivors...)
	sortSummary(&out)
	return &out
}

// progress prints a line every 50 judged mutants.
func progress(w io.Writer, profile string) io.Writer {
	pr, pw := io.Pipe()
	go func() {
		sc := bufio.NewScanner(pr)
		n := 0
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) > 0 && (f[0] == "KILLED" || f[0] == "LIVED" || f[0] == "TIMED" || f[0] == "NOT") {
				n++
				if n%50 == 0 {
					fmt.Fprintf(w, "mutation: %s: %d mutants judged\n", profile, n)
				}
			}
		}
	}()
	return pw
}

// recordCalls runs the suite against the reference at the exact level
// and writes every call with its answer, marking the calls whose scenario
// leaves a point of the answer open (the judge hands those to the harness).
func recordCalls(path string) (int, error) {
	type rec struct {
		Scenario string          `json:"scenario"`
		Op       string          `json:"op"`
		Input    string          `json:"input"`
		Output   json.RawMessage `json:"output,omitempty"`
		Error    *protocol.Error `json:"error,omitempty"`
		Open     bool            `json:"open,omitempty"`
	}
	var recs []rec
	at := map[string]int{} // scenario id and call number -> index in recs
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Goldens: goldens.FS(), Level: conformance.LevelExact,
		OnCall: func(sc *features.Scenario, n int, op string, input json.RawMessage, res protocol.Result) {
			at[fmt.Sprintf("%s#%d", sc.ID, n)] = len(recs)
			recs = append(recs, rec{Scenario: sc.ID, Op: op, Input: string(input), Output: res.Output, Error: res.Error})
		},
		OnOpenCall: func(sc *features.Scenario, n int) {
			if i, ok := at[fmt.Sprintf("%s#%d", sc.ID, n)]; ok {
				recs[i].Open = true
			}
		},
	})
	if err != nil {
		return 0, err
	}
	if !rep.OK() {
		return 0, fmt.Errorf("the unmutated reference fails its own suite; fix that first")
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			return 0, err
		}
		w.Write(append(b, '\n'))
	}
	return len(recs), w.Flush()
}

type gremlinsOutput struct {
	Files []struct {
		Name      string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// profileOf names the profile and package of a file under reference/
// ("v1/format.go").
func profileOf(file string) (string, string) {
	pkg := "."
	if i := strings.Index(file, "/"); i >= 0 {
		pkg = file[:i]
	}
	if p, ok := profileOfPackage(pkg); ok {
		return p, pkg
	}
	return pkg, pkg
}

func summarise(raw []byte) (*fidelity.MutationSummary, error) {
	var g gremlinsOutput
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, fmt.Errorf("gremlins output: %w", err)
	}
	sum := &fidelity.MutationSummary{Tool: "gremlins " + gremlinsVersion, Judge: judgeText, Mutators: mutators}
	profiles := map[string]*fidelity.MutationProfile{}
	lines := map[string][]string{}
	for _, f := range g.Files {
		prof, pkg := profileOf(f.Name)
		p := profiles[prof]
		if p == nil {
			p = &fidelity.MutationProfile{Profile: prof}
			profiles[prof] = p
		}
		if !contains(p.Packages, pkg) {
			p.Packages = append(p.Packages, pkg)
		}
		for _, m := range f.Mutations {
			p.Mutants++
			switch m.Status {
			case "KILLED":
				p.Killed++
			case "TIMED OUT":
				p.TimedOut++
			case "LIVED":
				p.Lived++
			case "NOT COVERED":
				p.NotCovered++
			case "NOT VIABLE", "SKIPPED":
				p.NotViable++
			default:
				return nil, fmt.Errorf("gremlins status %q at %s:%d", m.Status, f.Name, m.Line)
			}
			if m.Status == "LIVED" || m.Status == "NOT COVERED" {
				if lines[f.Name] == nil {
					b, _ := os.ReadFile(filepath.Join("reference", f.Name))
					lines[f.Name] = strings.Split(string(b), "\n")
				}
				code := ""
				if l := lines[f.Name]; m.Line-1 < len(l) {
					code = strings.TrimSpace(l[m.Line-1])
				}
				sum.Survivors = append(sum.Survivors, fidelity.Survivor{
					Profile: prof, File: f.Name, Line: m.Line, Column: m.Column, Mutator: m.Type, Status: m.Status, Code: code,
				})
			}
		}
	}
	for _, p := range profiles {
		sort.Strings(p.Packages)
		sum.Profiles = append(sum.Profiles, *p)
	}
	sortSummary(sum)
	return sum, nil
}

// sortSummary orders the profiles as the suite does (shared last) and the
// survivors by position.
func sortSummary(sum *fidelity.MutationSummary) {
	rank := map[string]int{}
	for i, p := range profilePackages {
		rank[p.Profile] = i
	}
	sort.SliceStable(sum.Profiles, func(i, j int) bool { return rank[sum.Profiles[i].Profile] < rank[sum.Profiles[j].Profile] })
	sort.Slice(sum.Survivors, func(i, j int) bool {
		a, b := sum.Survivors[i], sum.Survivors[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Mutator < b.Mutator
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Triage is one entry of fidelity/mutation-triage.json: the survivor at
// File:Line:Column of Mutator, and what it is.
type Triage struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Mutator  string `json:"mutator"`
	Code     string `json:"code"` // the source line it was triaged on; a changed line makes the entry stale
	Verdict  string `json:"verdict"`
	Reason   string `json:"reason"`
	Scenario string `json:"scenario,omitempty"`
}

// Verdicts a survivor can be given.
var verdicts = map[string]bool{
	"equivalent":              true, // no input can tell the mutant from the reference
	"scenario":                true, // a scenario was added to kill it; a survivor until a run confirms the kill
	"unreachable-by-contract": true, // the code guards inputs the operations' contracts exclude before it runs
	"not-viable":              true, // the mutant does not compile (gremlins never built it: NOT COVERED)
	"open":                    true, // explained but not killed yet: counts against the score
}

func key(file string, line, col int, mut string) string {
	return fmt.Sprintf("%s:%d:%d:%s", file, line, col, mut)
}

// readTriages reads the main triage file and every *.json in dir (one file
// a profile, so the profiles' triage can be written apart); an entry given
// twice is an error.
func readTriages(main, dir string) (map[string]Triage, error) {
	paths := []string{main}
	more, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(more)
	paths = append(paths, more...)
	out := map[string]Triage{}
	for _, p := range paths {
		t, err := readTriage(p)
		if err != nil {
			return nil, err
		}
		for k, v := range t {
			if _, dup := out[k]; dup {
				return nil, fmt.Errorf("%s: %s is triaged twice", p, k)
			}
			out[k] = v
		}
	}
	return out, nil
}

func readTriage(path string) (map[string]Triage, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return map[string]Triage{}, nil
	}
	if err != nil {
		return nil, err
	}
	var list []Triage
	if err := json.Unmarshal(b, &list); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := map[string]Triage{}
	for _, t := range list {
		if !verdicts[t.Verdict] || strings.TrimSpace(t.Reason) == "" {
			return nil, fmt.Errorf("%s: %s:%d: verdict must be equivalent, scenario, unreachable-by-contract, not-viable or open, with a reason", path, t.File, t.Line)
		}
		if t.Verdict == "scenario" && t.Scenario == "" {
			return nil, fmt.Errorf("%s: %s:%d: a scenario verdict names the scenario", path, t.File, t.Line)
		}
		out[key(t.File, t.Line, t.Column, t.Mutator)] = t
	}
	return out, nil
}

// applyTriage copies each survivor's triage into the summary, counts the
// proved ones per profile, and returns the number without a triage. An
// entry matches its survivor by position, or — when edits above it moved the
// code — by the same file, code, column and mutator on another line (and
// only if that is unambiguous).
func applyTriage(sum *fidelity.MutationSummary, triage map[string]Triage) int {
	moved := map[string][]Triage{}
	for _, t := range triage {
		k := fmt.Sprintf("%s|%s|%d|%s", t.File, t.Code, t.Column, t.Mutator)
		moved[k] = append(moved[k], t)
	}
	untriaged := 0
	byProfile := map[string]*fidelity.MutationProfile{}
	for i := range sum.Profiles {
		sum.Profiles[i].Proved = 0
		byProfile[sum.Profiles[i].Profile] = &sum.Profiles[i]
	}
	for i := range sum.Survivors {
		s := &sum.Survivors[i]
		t, ok := triage[key(s.File, s.Line, s.Column, s.Mutator)]
		if !ok || t.Code != s.Code {
			cands := moved[fmt.Sprintf("%s|%s|%d|%s", s.File, s.Code, s.Column, s.Mutator)]
			ok = len(cands) == 1
			if ok {
				t = cands[0]
			}
		}
		if !ok {
			s.Verdict, s.Reason, s.Scenario = "untriaged", "", ""
			untriaged++
			continue
		}
		s.Verdict, s.Reason, s.Scenario = t.Verdict, t.Reason, t.Scenario
		if proved[s.Verdict] {
			if p := byProfile[s.Profile]; p != nil {
				p.Proved++
			}
		}
	}
	return untriaged
}

// proved are the verdicts that take a survivor out of the score: each comes
// with an argument that no input tells the mutant apart.
var proved = map[string]bool{"equivalent": true, "unreachable-by-contract": true, "not-viable": true}

// staleTriage lists triage entries that match no survivor (killed now, or
// the code moved).
func staleTriage(sum *fidelity.MutationSummary, triage map[string]Triage) []Triage {
	live := map[string]bool{}
	for _, s := range sum.Survivors {
		live[key(s.File, s.Line, s.Column, s.Mutator)] = true
		live[fmt.Sprintf("%s|%s|%d|%s", s.File, s.Code, s.Column, s.Mutator)] = true
	}
	var out []Triage
	for k, t := range triage {
		if !live[k] && !live[fmt.Sprintf("%s|%s|%d|%s", t.File, t.Code, t.Column, t.Mutator)] {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return key(out[i].File, out[i].Line, out[i].Column, out[i].Mutator) < key(out[j].File, out[j].Line, out[j].Column, out[j].Mutator)
	})
	return out
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func writeReport(path string, sum *fidelity.MutationSummary, stale []Triage) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# Mutation survivors\n\n")
	p("Generated by `go run ./fidelity/cmd/mutation` (`make mutation`) from `fidelity/mutation.json` and the\n")
	p("triage in `fidelity/mutation-triage.json` and `fidelity/triage/*.json`; do not edit. Tool: %s, mutators %s.\n", sum.Tool, strings.Join(sum.Mutators, ", "))
	p("Judge: %s. A mutant in code no scenario reaches is NOT COVERED and counts as a survivor.\n\n", sum.Judge)
	if sum.Note != "" {
		p("**%s**\n\n", sum.Note)
	}
	p("| profile | packages | measured | mutants | killed | timed out | lived | not covered | not viable | proved equivalent | raw score | time |\n")
	p("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, pr := range sum.Profiles {
		measured := pr.Date
		if pr.Commit != "" {
			measured += " (" + pr.Commit + ")"
		}
		if pr.Rejudged != "" {
			measured += "; survivors judged again " + pr.Rejudged
		}
		p("| %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %.1f %% | %.1f min, %.1f CPU-min (%d workers) |\n", pr.Profile, strings.Join(pr.Packages, ", "), measured,
			pr.Mutants, pr.Killed, pr.TimedOut, pr.Lived, pr.NotCovered, pr.NotViable, pr.Proved, pr.Score(), pr.Seconds/60, pr.CPUSeconds/60, pr.Workers)
	}
	p("\nRaw score = detected / (mutants that compile − survivors proved equivalent).\n\n")
	for _, pr := range sum.Profiles {
		if pr.Plan != "" {
			p("**Plan for %s:** %s\n\n", pr.Profile, pr.Plan)
		}
	}
	p("Verdicts: **equivalent** — proved: the reason is an argument that no input can tell the mutant from the\n")
	p("reference in what the suite compares (outputs, error codes); **unreachable-by-contract** — proved: the\n")
	p("reason names the schema rule or earlier check that refuses every input reaching the difference;\n")
	p("**not-viable** — the mutant does not compile; **scenario** — a scenario was written to kill it (a\n")
	p("survivor until a run confirms it); **open** — explained, not killed: it counts against the score.\n")
	p("\"No probed case separates them\" is not a proof: such a mutant is open.\n\n")
	prof := ""
	for _, s := range sum.Survivors {
		if s.Profile != prof {
			prof = s.Profile
			p("## %s\n\n| where | mutator | status | code | verdict | reason |\n| --- | --- | --- | --- | --- | --- |\n", prof)
		}
		reason := s.Reason
		if s.Scenario != "" {
			reason += " Scenario: `" + s.Scenario + "`."
		}
		p("| `reference/%s:%d:%d` | %s | %s | `%s` | %s | %s |\n", s.File, s.Line, s.Column, s.Mutator, s.Status,
			strings.ReplaceAll(s.Code, "|", "\\|"), s.Verdict, strings.ReplaceAll(reason, "|", "\\|"))
	}
	var confirmed, others []Triage
	for _, t := range stale {
		if t.Verdict == "scenario" {
			confirmed = append(confirmed, t)
		} else {
			others = append(others, t)
		}
	}
	if len(confirmed) > 0 {
		p("\n## Kills the last runs confirmed\n\nMutants a scenario was written for and that the runs counted as killed (the triage entry can go).\n\n")
		p("| mutant | killed by |\n| --- | --- |\n")
		for _, t := range confirmed {
			p("| `reference/%s:%d:%d` %s | `%s` |\n", t.File, t.Line, t.Column, t.Mutator, t.Scenario)
		}
	}
	if len(others) > 0 {
		p("\n## Stale triage entries\n\nThese match no survivor any more (the runs killed the mutant, or the code moved); remove or update them.\n\n")
		for _, t := range others {
			p("- `reference/%s:%d:%d` %s (%s)\n", t.File, t.Line, t.Column, t.Mutator, t.Verdict)
		}
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// currentCommit names the commit the run measures, marked when the work
// tree differs from it under reference/ or features/ (what a mutant is
// judged on); "" outside a git checkout.
func currentCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return ""
	}
	c := strings.TrimSpace(string(out))
	if err := exec.Command("git", "diff", "--quiet", "HEAD", "--", "reference", "features", "spec").Run(); err != nil {
		c += "+changes"
	}
	return c
}

// childCPU is the CPU time, in seconds, of every finished child process
// (gremlins and the builds and judges it waited for): the cost of a run
// apart from what else the machine was doing.
func childCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/conformance/report"
)

// actionYAML is what the test reads of action.yml: a composite action's
// inputs, outputs and steps.
type actionYAML struct {
	Inputs map[string]struct {
		Required bool   `yaml:"required"`
		Default  string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Value string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	With  map[string]string `yaml:"with"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
}

func readAction(t *testing.T, root string) actionYAML {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionYAML
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return a
}

// The third-party actions the action uses, pinned to a major version, in
// order, and what each must be given.
var wantUses = []struct {
	uses string
	with map[string]string
	if_  string
}{
	{"actions/setup-go@v5", map[string]string{"go-version": "${{ inputs.go-version }}"}, ""},
	{"actions/upload-artifact@v4", map[string]string{"path": "${{ inputs.report-dir }}", "name": "${{ inputs.artifact-name }}"}, "always()"},
}

// actionProblems checks action.yml's shape: a composite action whose
// inputs are the documented ones (impl required), whose uses: steps are
// the pinned actions, and whose run: steps take every expression through
// env: (an expression in a script is pasted into it before bash reads it:
// script injection).
func actionProblems(a actionYAML) []string {
	var problems []string
	if a.Runs.Using != "composite" {
		problems = append(problems, fmt.Sprintf("runs.using %q, want composite", a.Runs.Using))
	}
	for name, def := range map[string]string{"require": "required", "args": "", "report-dir": "conform-report", "go-version": "1.26"} {
		if in, ok := a.Inputs[name]; !ok || in.Required || in.Default != def {
			problems = append(problems, fmt.Sprintf("input %s: want optional, default %q", name, def))
		}
	}
	if !a.Inputs["impl"].Required {
		problems = append(problems, "input impl is not required")
	}
	var uses []actionStep
	for _, s := range a.Runs.Steps {
		switch {
		case s.Uses != "":
			uses = append(uses, s)
		case strings.Contains(s.Run, "${{"):
			problems = append(problems, fmt.Sprintf("step %q pastes an expression into its script: pass it with env:", s.Name))
		case s.Shell != "bash":
			problems = append(problems, fmt.Sprintf("step %q: shell %q, want bash", s.Name, s.Shell))
		}
	}
	if len(uses) != len(wantUses) {
		return append(problems, fmt.Sprintf("%d uses: steps, want %d", len(uses), len(wantUses)))
	}
	for i, w := range wantUses {
		s := uses[i]
		if s.Uses != w.uses || s.If != w.if_ {
			problems = append(problems, fmt.Sprintf("uses: step %d is %q (if %q), want %q (if %q)", i+1, s.Uses, s.If, w.uses, w.if_))
		}
		for k, v := range w.with {
			if s.With[k] != v {
				problems = append(problems, fmt.Sprintf("%s: with.%s %q, want %q", s.Uses, k, s.With[k], v))
			}
		}
	}
	return problems
}

// action.yml has the pinned actions and no expression in a script; an
// action that pastes an input into a script, or floats a major, is caught.
func TestActionShape(t *testing.T) {
	a := readAction(t, checkoutRoot(t))
	for _, p := range actionProblems(a) {
		t.Error(p)
	}
	bad := readAction(t, checkoutRoot(t))
	bad.Runs.Steps = append([]actionStep(nil), bad.Runs.Steps...)
	for i, s := range bad.Runs.Steps {
		switch {
		case s.ID == "run":
			bad.Runs.Steps[i].Run = `conform run --impl "${{ inputs.impl }}"`
		case strings.HasPrefix(s.Uses, "actions/setup-go@"):
			bad.Runs.Steps[i].Uses = "actions/setup-go@main"
		}
	}
	if got := strings.Join(actionProblems(bad), "\n"); !strings.Contains(got, "pastes an expression") || !strings.Contains(got, "setup-go@main") {
		t.Errorf("an action with an injected input and a floating ref passed: %q", got)
	}
}

// runner emulates what GitHub's runner gives a composite action's run:
// steps: GITHUB_ACTION_PATH (the action's checkout: this repository), the
// step's env: with its expressions evaluated, the files behind
// GITHUB_OUTPUT, GITHUB_ENV, GITHUB_PATH and GITHUB_STEP_SUMMARY, and
// bash run as `bash --noprofile --norc -eo pipefail FILE`.
type runner struct {
	t         *testing.T
	root      string            // GITHUB_ACTION_PATH
	workspace string            // GITHUB_WORKSPACE, the steps' folder
	inputs    map[string]string // with defaults filled in
	outputs   map[string]map[string]string
	env       []string // GITHUB_ENV's additions
	path      []string // GITHUB_PATH's additions, newest first
	summary   string   // GITHUB_STEP_SUMMARY
	gobin     string
	log       strings.Builder // every step's stdout and stderr
	uploaded  []string        // the paths upload-artifact was given
}

var expression = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// eval evaluates the expressions a step's env: and with: hold here.
func (r *runner) eval(s string) string {
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		e := expression.FindStringSubmatch(m)[1]
		switch {
		case strings.HasPrefix(e, "inputs."):
			return r.inputs[strings.TrimPrefix(e, "inputs.")]
		case e == "github.action_path":
			return r.root
		case e == "github.action_ref":
			return "" // a test pins no ref: the kit is (devel)
		case strings.HasPrefix(e, "steps."):
			parts := strings.Split(e, ".") // steps.ID.outputs.NAME
			if len(parts) == 4 && parts[2] == "outputs" {
				return r.outputs[parts[1]][parts[3]]
			}
		}
		r.t.Fatalf("action.yml: the test does not know the expression %q", m)
		return ""
	})
}

// runAction runs action.yml's steps in order, as the runner does; it
// returns the last run: step's exit status (the action's).
func (r *runner) runAction(a actionYAML) int {
	failed, last := false, 0
	for _, s := range a.Runs.Steps {
		if failed && s.If != "always()" {
			continue
		}
		if s.Uses != "" {
			// setup-go: the test's Go is on PATH; upload-artifact: what
			// it would upload must be there.
			if strings.HasPrefix(s.Uses, "actions/upload-artifact@") {
				r.uploaded = append(r.uploaded, filepath.Join(r.workspace, r.eval(s.With["path"])))
			}
			continue
		}
		last = r.runStep(s)
		failed = failed || last != 0
	}
	return last
}

func (r *runner) runStep(s actionStep) int {
	dir := r.t.TempDir()
	script := filepath.Join(dir, "step.sh")
	output := filepath.Join(dir, "output")
	envFile := filepath.Join(dir, "env")
	pathFile := filepath.Join(dir, "path")
	for _, f := range []string{script, output, envFile, pathFile} {
		text := ""
		if f == script {
			text = s.Run
		}
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			r.t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Dir = r.workspace
	cmd.Env = append(os.Environ(), "GITHUB_ACTION_PATH="+r.root, "GITHUB_WORKSPACE="+r.workspace,
		"GITHUB_OUTPUT="+output, "GITHUB_ENV="+envFile, "GITHUB_PATH="+pathFile, "GITHUB_STEP_SUMMARY="+r.summary,
		"GOBIN="+r.gobin, "PATH="+strings.Join(append(append([]string(nil), r.path...), os.Getenv("PATH")), string(os.PathListSeparator)))
	cmd.Env = append(cmd.Env, r.env...)
	for k, v := range s.Env {
		cmd.Env = append(cmd.Env, k+"="+r.eval(v))
	}
	out, err := cmd.CombinedOutput()
	fmt.Fprintf(&r.log, "--- step %q\n%s", s.Name, out)
	code := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		code = exitErr.ExitCode()
	} else if err != nil {
		r.t.Fatalf("step %q: %v", s.Name, err)
	}
	if s.ID != "" {
		r.outputs[s.ID] = readKeyValues(r.t, output)
	}
	for k, v := range readKeyValues(r.t, envFile) {
		r.env = append(r.env, k+"="+v)
	}
	for _, p := range readLines(r.t, pathFile) {
		r.path = append([]string{p}, r.path...)
	}
	return code
}

// readKeyValues reads GITHUB_OUTPUT's or GITHUB_ENV's key=value lines.
func readKeyValues(t *testing.T, path string) map[string]string {
	kv := map[string]string{}
	for _, l := range readLines(t, path) {
		if k, v, ok := strings.Cut(l, "="); ok {
			kv[k] = v
		} else {
			t.Fatalf("%s: %q is not key=value (the test reads no heredoc form)", filepath.Base(path), l)
		}
	}
	return kv
}

func readLines(t *testing.T, path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		if sc.Text() != "" {
			lines = append(lines, sc.Text())
		}
	}
	return lines
}

// newRunner prepares a workspace: the user's repository, which here holds
// the Node example (examples/, linked from the checkout).
func newRunner(t *testing.T, a actionYAML, inputs map[string]string) *runner {
	root := checkoutRoot(t)
	r := &runner{t: t, root: root, workspace: t.TempDir(), inputs: map[string]string{}, outputs: map[string]map[string]string{},
		summary: filepath.Join(t.TempDir(), "step-summary.md"), gobin: t.TempDir()}
	for name, in := range a.Inputs {
		r.inputs[name] = in.Default
	}
	for k, v := range inputs {
		r.inputs[k] = v
	}
	if err := os.Symlink(filepath.Join(root, "examples"), filepath.Join(r.workspace, "examples")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(r.summary, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	return r
}

var annotationLine = regexp.MustCompile(`(?m)^::(error|warning) title=([^:]*)::`)

// annotated lists the scenario ids the runner's log annotates as errors.
func annotated(log string) (ids []string, errs int) {
	for _, m := range annotationLine.FindAllStringSubmatch(log, -1) {
		if m[1] != "error" {
			continue
		}
		errs++
		title := strings.NewReplacer("%3A", ":", "%2C", ",", "%25", "%").Replace(m[2])
		if id, ok := strings.CutSuffix(strings.TrimPrefix(title, "clockspec: "), " failed"); ok {
			ids = append(ids, id)
		}
	}
	return ids, errs
}

// The action's steps, run as the runner runs them, against the Node
// example: the good implementation passes (a verdict in the job summary,
// no annotation, a report with junit.xml uploaded, exit 0), the broken one
// fails (annotations naming its failing scenarios, exit 1; its args input
// holds a quoted tag expression), inputs written to run commands run
// nothing (the good one again: conform's exec: splits on spaces, the args
// as xargs does), and an implementation that cannot start is annotated
// (exit 2).
func TestActionSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (installs conform and certifies the Node example four times): make test-long runs it")
	}
	root := checkoutRoot(t)
	if _, err := os.Stat(filepath.Join(root, "examples", "node-v1", "node_modules")); err != nil {
		// A failure, not a skip: a run that cannot check the action must
		// not look like one that did.
		t.Fatal("examples/node-v1 has no node_modules: run npm ci --prefix examples/node-v1 (make test-long does, through examples-deps)")
	}
	a := readAction(t, root)
	if p := actionProblems(a); len(p) > 0 {
		t.Fatalf("action.yml: %s", strings.Join(p, "; "))
	}
	for _, c := range []struct {
		name, impl, args string
		want             int
		verdict          string
	}{
		{"good", "exec:node examples/node-v1/main.js", "", 0, "## clockspec: ✅ passed"},
		{"broken", "exec:node examples/node-v1/broken.js", "--tags '@v1 and not @decision'", 1, "## clockspec: ❌ failed"},
		{"injected", "exec:node examples/node-v1/main.js $(touch impl-ran) ; touch impl-ran", "--skip '$(touch args-ran) ; touch args-ran'", 0,
			"## clockspec: ✅ passed"},
		{"could-not-run", "exec:node -e process.exit(3)", "", 2, "## clockspec: ⚠️ the run could not happen (conform exited 2)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRunner(t, a, map[string]string{"impl": c.impl, "args": c.args})
			code := r.runAction(a)
			log := r.log.String()
			summary, err := os.ReadFile(r.summary)
			if err != nil {
				t.Fatal(err)
			}
			if code != c.want || !strings.Contains(string(summary), c.verdict) {
				t.Fatalf("exit %d (want %d); job summary (want %q):\n%s\nlog:\n%s", code, c.want, c.verdict, summary, tail(log))
			}
			for _, f := range []string{"impl-ran", "args-ran"} {
				if _, err := os.Stat(filepath.Join(r.workspace, f)); err == nil {
					t.Errorf("an input ran a command: %s exists", f)
				}
			}
			checkAnnotations(t, r, c.name, log)
		})
	}
}

// checkAnnotations checks a run's annotations and report against its
// summary.json: every failing scenario (up to GitHub's ten) is annotated,
// nothing else is, and the uploaded folder holds junit.xml.
func checkAnnotations(t *testing.T, r *runner, name, log string) {
	dir := filepath.Join(r.workspace, "conform-report")
	ids, errs := annotated(log)
	if name == "could-not-run" && !strings.Contains(log, "::error title=clockspec%3A the run could not happen::") {
		t.Errorf("a run that could not happen is not annotated:\n%s", tail(log))
	}
	rep, err := report.ReadSummary(dir)
	if err != nil {
		t.Fatal(err)
	}
	var failing []string
	for _, s := range rep.Scenarios {
		if rep.FailsRun(s) {
			failing = append(failing, s.ID)
		}
	}
	switch {
	case (name == "good" || name == "injected") && (len(failing) > 0 || errs > 0):
		t.Errorf("the good implementation: %d failing, %d error annotations:\n%s", len(failing), errs, tail(log))
	case name == "broken" && (len(failing) == 0 || errs != min(len(failing), 10) || len(ids) == 0):
		t.Errorf("the broken implementation: %d failing, %d error annotations naming %q", len(failing), errs, ids)
	}
	for i, id := range ids {
		if i >= len(failing) || failing[i] != id {
			t.Errorf("annotation %d names %q, the report's failing scenarios are %q", i+1, id, failing)
			break
		}
	}
	if len(r.uploaded) != 1 || r.uploaded[0] != dir {
		t.Errorf("upload-artifact was given %q, want %q", r.uploaded, dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "junit.xml")); err != nil {
		t.Errorf("the uploaded report: %v", err)
	}
	if b, _ := json.Marshal(r.outputs["run"]); !strings.Contains(string(b), `"exit-code"`) {
		t.Errorf("the run step's outputs: %s", b)
	}
}

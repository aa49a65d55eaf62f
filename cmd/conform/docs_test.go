package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/clockspec/clockspec/conformance/supervise"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// Every command the documentation shows is run by TestDocCommands, so a doc
// cannot drift from the CLI: the README, docs/*.md, examples/*/README.md
// (whatever files exist there, so new docs are covered without a change
// here) and every example of `conform … -h`. Each document becomes a
// testscript script whose `doc` lines run its commands in order, in a work
// folder that holds the checkout (linked) and a few fixtures, with this
// test binary installed as `conform` on PATH (testscript.Main).
//
// What counts as a command:
//   - every line of a ```sh (or ```bash) block, except comments; a trailing
//     backslash continues a line; in a block that shows a session with `$ `
//     prompts, only the prompted lines (the rest is output);
//   - in a ```yaml block (CI jobs), every `run:` step or `script:` item that
//     calls conform, with the CI's variables set (${{ matrix.shard }} = 1,
//     CI_NODE_INDEX=1, CI_NODE_TOTAL=4, GITHUB_STEP_SUMMARY a file).
//
// A command must exit 0, or the status its comment names (`# exit 1`). The
// few that cannot run as written inside a test get the cheapest equivalent
// that still proves the exact command line parses and starts:
//   - `go run ./cmd/conform ARGS` runs as `conform ARGS` (what go run builds);
//   - `go build -o bin/conform ./cmd/conform` puts that conform at bin/conform;
//   - `make TARGET…` runs as `make -n TARGET…` (make test runs this test);
//   - `npm ci …` runs with --dry-run, in the checkout (make installs the packages);
//   - `conform serve` (HTTP) must start and say it is serving, then is
//     stopped; it listens on a free port, whatever port the doc names;
//   - `http://127.0.0.1:8080` elsewhere is a reference server this test runs.
//
// A line whose comment says `not run: REASON` is listed in the log and not
// run; keep those for commands of other tools that cannot run here.
//
// Fixtures (the placeholders the docs use): ./impl (an executable speaking
// the protocol: the reference, `conform serve --stdio`), my-impl/main.js
// (the Node example), known-failing.txt and .clockspec/known-failing.txt
// (comments only), failures/v1__escape-xml__ampersand.replay.json (saved
// by a run of an implementation that forgets to escape "&"), and report
// folders runs/reference, shard-1/ … shard-3/.

// TestMain lets the test binary act as conform: for testscript's scripts,
// and, with CONFORM_TEST_AS_CONFORM=1, as the implementation a test starts
// (conform serve --stdio or --mcp); with CONFORM_TEST_AS_HOST_ADOPTING=1,
// as a wrong datetime tool that lets its host zone in (hostzone_test.go).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], faultyImplFlag) {
		faultyImpl(strings.TrimPrefix(os.Args[1], faultyImplFlag)) // reliability_test.go
		return
	}
	if os.Getenv("CONFORM_TEST_AS_CONFORM") == "1" {
		limitFileSize()              // reliability_test.go
		_ = supervise.AdoptOrphans() // as main does
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	if os.Getenv("CONFORM_TEST_AS_HOST_ADOPTING") == "1" {
		os.Exit(serveHostAdopting())
	}
	if dir := os.Getenv(listDirEnv); dir != "" {
		os.Exit(listDir(dir))
	}
	testscript.Main(m, map[string]func(){
		"conform": func() { _ = supervise.AdoptOrphans(); os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// docCommand is one runnable line of a document.
type docCommand struct {
	where  string // file:line
	line   string // as the reader would type it
	want   int    // expected exit status
	notRun string // the reason it is not run, if any
}

var (
	exitComment   = regexp.MustCompile(`#.*\bexit (\d)\b`)
	notRunComment = regexp.MustCompile(`#.*\bnot run: *(.+)$`)
	yamlCommand   = regexp.MustCompile(`^(\s*)(?:-\s+)?(?:run:\s+)?(conform\s.*)$`)
)

// docFiles are the documents whose commands are run.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files := []string{filepath.Join(root, "README.md")}
	for _, pattern := range []string{"docs/*.md", "examples/*/README.md"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

// extractCommands reads a Markdown document's runnable commands.
func extractCommands(name, text string) []docCommand {
	var out []docCommand
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(fence, "```") {
			continue
		}
		lang := strings.TrimPrefix(fence, "```")
		start := i + 1
		end := start
		for end < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[end]), "```") {
			end++
		}
		block := lines[start:end]
		i = end
		switch lang {
		case "sh", "bash":
			out = append(out, shellCommands(name, start, block)...)
		case "yaml", "yml":
			out = append(out, yamlCommands(name, start, block)...)
		}
	}
	return out
}

func shellCommands(name string, start int, block []string) []docCommand {
	prompted := false
	for _, l := range block {
		prompted = prompted || strings.HasPrefix(l, "$ ")
	}
	var out []docCommand
	for j := 0; j < len(block); j++ {
		l := strings.TrimSpace(block[j])
		at := j
		if prompted {
			if !strings.HasPrefix(block[j], "$ ") {
				continue
			}
			l = strings.TrimSpace(strings.TrimPrefix(block[j], "$ "))
		}
		for strings.HasSuffix(l, `\`) && j+1 < len(block) {
			j++
			l = strings.TrimSuffix(l, `\`) + " " + strings.TrimSpace(block[j])
		}
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, newDocCommand(fmt.Sprintf("%s:%d", name, start+at+1), l))
	}
	return out
}

func yamlCommands(name string, start int, block []string) []docCommand {
	var out []docCommand
	for j := 0; j < len(block); j++ {
		m := yamlCommand.FindStringSubmatch(block[j])
		if m == nil {
			continue
		}
		indent, l, at := len(m[1]), m[2], j
		// A plain scalar continues on lines indented deeper than its item.
		for j+1 < len(block) {
			next := block[j+1]
			trimmed := strings.TrimSpace(next)
			if trimmed == "" || len(next)-len(strings.TrimLeft(next, " ")) <= indent+2 ||
				strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "#") {
				break
			}
			l += " " + trimmed
			j++
		}
		l = strings.ReplaceAll(l, "${{ matrix.shard }}", "1")
		out = append(out, newDocCommand(fmt.Sprintf("%s:%d", name, start+at+1), l))
	}
	return out
}

func newDocCommand(where, line string) docCommand {
	c := docCommand{where: where, line: stripComment(line)}
	if m := exitComment.FindStringSubmatch(line); m != nil {
		c.want, _ = strconv.Atoi(m[1])
	}
	if m := notRunComment.FindStringSubmatch(line); m != nil {
		c.notRun = m[1]
	}
	return c
}

// stripComment drops a shell comment: a # after white space, outside quotes.
func stripComment(l string) string {
	var quote rune
	prev := ' '
	for i, r := range l {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (prev == ' ' || prev == '\t'):
			return strings.TrimSpace(l[:i])
		}
		prev = r
	}
	return strings.TrimSpace(l)
}

// helpExamples are the examples every command's help shows.
func helpExamples() []docCommand {
	var out []docCommand
	for _, h := range []struct {
		name string
		h    helpText
	}{{"run", runHelp}, {"list", listHelp}, {"show", showHelp}, {"report", reportHelp}, {"replay", replayHelp},
		{"serve", serveHelp}, {"store-check", storeCheckHelp}, {"agent", agentHelp}, {"agent report", agentReportHelp}, {"record", recordHelp}, {"version", versionHelp}, {"help", helpHelp}} {
		for i, e := range h.h.examples {
			cmd, _, _ := strings.Cut(e, "\t")
			out = append(out, newDocCommand(fmt.Sprintf("conform %s -h, example %d", h.name, i+1), cmd))
		}
	}
	return out
}

// script writes a document's commands as a testscript script.
func script(commands []docCommand) string {
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "# %s\n", c.where)
		if c.notRun != "" {
			fmt.Fprintf(&b, "docnotrun %s\n", quoteScript(c.notRun))
			continue
		}
		fmt.Fprintf(&b, "doc %d %s\n", c.want, quoteScript(c.line))
	}
	return b.String()
}

func quoteScript(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

var (
	goRunConform = regexp.MustCompile(`^go run \./cmd/conform\b`)
	goBuildBin   = regexp.MustCompile(`^go build -o (\S+) \./cmd/conform$`)
	serveCommand = regexp.MustCompile(`^conform serve\b`)
	makeCommand  = regexp.MustCompile(`^make\b`)
	npmCI        = regexp.MustCompile(`^npm ci\b`)
	loopbackPort = regexp.MustCompile(`127\.0\.0\.1:\d+`)
)

// longDocs are the documents whose commands take a minute of a 2-core
// machine (docs/ci.md installs conform and runs whole sharded runs): make
// test (go test -short) leaves them to TestDocCommandsLong, which make
// test-long and CI run.
var longDocs = map[string]bool{"docs/ci.md": true}

// longLines are single commands, wherever a document shows them, that take
// ten seconds or more of a 2-core machine. They run in TestDocCommandsLong,
// beside the tests that already cover what they do at length
// (TestStoreCheck, the agent examples' tests): store-check kills a writer
// fifteen times over a 2,000-user file; the Node agent holds all of
// clock-agent's conversations, each in a fresh Node process.
var longLines = []*regexp.Regexp{
	regexp.MustCompile(`^(bin/)?conform store-check `),
	regexp.MustCompile(`^go run \./cmd/conform agent --agent 'exec:node examples/agent-node/agent\.js'$`),
}

// isLong says whether make test leaves a document's command to make
// test-long.
func isLong(rel string, c docCommand) bool {
	if longDocs[rel] {
		return true
	}
	for _, re := range longLines {
		if re.MatchString(c.line) {
			return true
		}
	}
	return false
}

func TestDocCommands(t *testing.T) {
	runDocCommands(t, func(rel string, c docCommand) bool { return !testing.Short() || !isLong(rel, c) }, true, false)
}

// TestDocCommandsLong runs every documented command as a fresh clone
// meets it: each document in its own copy of the files a clone holds (git
// ls-files), where no npm ci has run, so a command that needs the Node
// examples' packages passes only when its page runs the page's own npm ci
// line first (for real, from npm's cache when it can). The placeholder
// my-impl stays the checkout's Node example, packages installed: it stands
// for the reader's own implementation, built.
func TestDocCommandsLong(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: make test-long runs it")
	}
	t.Run("a page without its npm ci fails", freshCopyNeedsThePagesNpmCI)
	runDocCommands(t, func(string, docCommand) bool { return true }, true, true)
}

// In a fresh copy, a command that runs the Node example fails when its page
// does not run npm ci first, and passes when it does (the line's "not
// run" comment is for the checkout, where make has installed the packages).
func freshCopyNeedsThePagesNpmCI(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	tracked := cloneFiles(t, root)
	run := "conform run --impl 'exec:node examples/node-v1/main.js' --run 'v1/escape-xml/**'"
	for _, c := range []struct {
		doc  string
		fail bool
	}{
		{"```sh\n" + run + "\n```\n", true},
		{"```sh\nnpm ci --prefix examples/node-v1   # not run: once\n" + run + "\n```\n", false},
	} {
		file := filepath.Join(t.TempDir(), "page.txtar")
		if err := os.WriteFile(file, []byte(script(runNpmCI(extractCommands("page.md", c.doc)))), 0o644); err != nil {
			t.Fatal(err)
		}
		params := docParams(root, t.TempDir(), "127.0.0.1:1", []string{file})
		freshParams(&params, root, t.TempDir(), tracked)
		ft := &fakeT{}
		func() {
			defer func() { _ = recover() }()
			testscript.RunT(ft, params)
		}()
		if ft.failed != c.fail {
			t.Errorf("failed %v, want %v, for the page:\n%s\n%s", ft.failed, c.fail, c.doc, strings.Join(ft.log, "\n"))
		}
	}
}

// runDocCommands runs, as testscript scripts, the commands of the
// documents include takes, and with help the examples of conform's help;
// fresh runs each script in a copy of the tracked files instead of the
// checkout (TestDocCommandsLong).
func runDocCommands(t *testing.T, include func(rel string, c docCommand) bool, help, fresh bool) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var tracked []string
	if fresh {
		tracked = cloneFiles(t, root)
	}
	fixtures := makeDocFixtures(t, root)
	srv := httptest.NewServer(protocol.Handler(reference.New()))
	t.Cleanup(srv.Close) // the scripts run as parallel subtests, after this function returns
	srvAddr := strings.TrimPrefix(srv.URL, "http://")

	scripts := t.TempDir()
	var files []string
	total, extracted := 0, 0
	add := func(name string, cmds []docCommand) {
		if len(cmds) == 0 {
			return
		}
		total += len(cmds)
		p := filepath.Join(scripts, strings.NewReplacer("/", "__", ".", "_").Replace(name)+".txtar")
		if err := os.WriteFile(p, []byte(script(cmds)), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	documents := 0
	for _, f := range docFiles(t, root) {
		rel, _ := filepath.Rel(root, f)
		documents++
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cmds []docCommand
		all := extractCommands(rel, string(b))
		if fresh {
			all = runNpmCI(all)
		}
		extracted += len(all)
		run := 0
		for _, c := range all {
			// A document's `go build -o bin/conform` line stays in whichever
			// run takes its later commands: they call what it builds.
			switch {
			case include(filepath.ToSlash(rel), c):
				run++
				cmds = append(cmds, c)
			case goBuildBin.MatchString(c.line):
				cmds = append(cmds, c)
			}
		}
		if run > 0 {
			add(rel, cmds)
		}
	}
	if help {
		examples := helpExamples()
		if len(examples) < 20 {
			t.Fatalf("only %d help examples", len(examples))
		}
		extracted += len(examples)
		var cmds []docCommand
		for _, c := range examples {
			if include("help-examples", c) {
				cmds = append(cmds, c)
			}
		}
		add("help-examples", cmds)
	}
	// The extraction is judged on every command it found, whichever of
	// them this test runs (the long test runs a few).
	if documents < 4 || len(files) == 0 || extracted < 100 {
		t.Fatalf("found %d commands in %d documents (%d to run here, in %d scripts): the extraction is broken", extracted, documents, total, len(files))
	}
	t.Logf("%d documented commands, %d of them run here in %d scripts", extracted, total, len(files))

	params := docParams(root, fixtures, srvAddr, files)
	if fresh {
		freshParams(&params, root, fixtures, tracked)
	}
	testscript.Run(t, params)
}

// docParams are the testscript parameters that run documents' scripts.
func docParams(root, fixtures, srvAddr string, files []string) testscript.Params {
	return testscript.Params{
		Files:               files,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			setDocEnv(env, root)
			return linkCheckout(root, fixtures, env.WorkDir)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"doc": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: doc STATUS LINE")
				}
				want, _ := strconv.Atoi(args[0])
				runDocLine(ts, args[1], want, srvAddr, ts.Getenv(freshEnv) == "1")
			},
			"docnotrun": func(ts *testscript.TestScript, neg bool, args []string) {
				ts.Logf("not run: %s", strings.Join(args, " "))
			},
		},
	}
}

// setDocEnv gives a script the environment its commands need: the Go and
// npm caches of the test's, a GOBIN of its own, and the CI variables.
func setDocEnv(env *testscript.Env, root string) {
	for _, k := range []string{"HOME", "GOCACHE", "GOPATH", "GOMODCACHE", "GOFLAGS", "GOPROXY", "GOTOOLCHAIN", "npm_config_cache"} {
		if v, ok := os.LookupEnv(k); ok {
			env.Setenv(k, v)
		}
	}
	if os.Getenv("GOCACHE") == "" {
		if out, err := exec.Command("go", "env", "GOCACHE").Output(); err == nil {
			env.Setenv("GOCACHE", strings.TrimSpace(string(out)))
		}
	}
	env.Setenv("GOBIN", filepath.Join(env.WorkDir, ".gobin"))
	env.Setenv("CHECKOUT", root)
	env.Setenv("CI_NODE_INDEX", "1")
	env.Setenv("CI_NODE_TOTAL", "4")
	env.Setenv("GITHUB_STEP_SUMMARY", filepath.Join(env.WorkDir, "step-summary.md"))
}

// A document whose command drifted from the CLI fails the harness, and so
// does one whose exit status is not the one its comment names.
func TestDocCommandsCatchDrift(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	fixtures := t.TempDir()
	for name, doc := range map[string]string{
		"drifted-flag": "```sh\nconform list --tags @v1-case\nconform run --tag @v1      # the flag is --tags\n```\n",
		"wrong-status": "```sh\nconform run --run 'v1/escape-xml/**'    # exit 1\n```\n",
		"go-run-drift": "```sh\ngo run ./cmd/conform lsit\n```\n",
	} {
		cmds := extractCommands(name+".md", doc)
		if len(cmds) == 0 {
			t.Fatalf("%s: no command extracted", name)
		}
		file := filepath.Join(t.TempDir(), name+".txtar")
		if err := os.WriteFile(file, []byte(script(cmds)), 0o644); err != nil {
			t.Fatal(err)
		}
		ft := &fakeT{}
		func() {
			defer func() { _ = recover() }()
			testscript.RunT(ft, docParams(root, fixtures, "127.0.0.1:1", []string{file}))
		}()
		if !ft.failed || !strings.Contains(strings.Join(ft.log, "\n"), "the doc says") {
			t.Errorf("%s: the harness did not fail the drifted command:\n%s", name, strings.Join(ft.log, "\n"))
		}
	}
	// And a correct one passes.
	file := filepath.Join(t.TempDir(), "good.txtar")
	good := extractCommands("good.md", "```sh\nconform list --tags '@v1 and @v1-case'   # the transcribed cases\nconform help tags\n```\n")
	if len(good) != 2 {
		t.Fatalf("want 2 commands, got %+v", good)
	}
	if err := os.WriteFile(file, []byte(script(good)), 0o644); err != nil {
		t.Fatal(err)
	}
	ft := &fakeT{}
	func() {
		defer func() { _ = recover() }()
		testscript.RunT(ft, docParams(root, fixtures, "127.0.0.1:1", []string{file}))
	}()
	if ft.failed {
		t.Errorf("the harness failed a correct document:\n%s", strings.Join(ft.log, "\n"))
	}
}

// fakeT runs testscript's subtests in line and records a failure.
type fakeT struct {
	failed bool
	log    []string
}

type fakeFailNow struct{}

func (f *fakeT) Skip(args ...any) { f.log = append(f.log, fmt.Sprint(args...)); panic(fakeFailNow{}) }
func (f *fakeT) Fatal(args ...any) {
	f.failed = true
	f.log = append(f.log, fmt.Sprint(args...))
	panic(fakeFailNow{})
}
func (f *fakeT) Parallel()       {}
func (f *fakeT) Log(args ...any) { f.log = append(f.log, fmt.Sprint(args...)) }
func (f *fakeT) FailNow()        { f.failed = true; panic(fakeFailNow{}) }
func (f *fakeT) Verbose() bool   { return false }
func (f *fakeT) Run(name string, fn func(testscript.T)) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(fakeFailNow); !ok {
				panic(r)
			}
		}
	}()
	fn(f)
}

// runDocLine runs one documented command (translated as TestDocCommands
// says) and checks its exit status.
func runDocLine(ts *testscript.TestScript, line string, want int, srvAddr string, fresh bool) {
	cmd := goRunConform.ReplaceAllString(line, "conform")
	switch {
	case goBuildBin.MatchString(cmd):
		// The conform this test runs as, at the path the doc builds it to
		// (bin/conform then keeps conform's exit status, as the built
		// binary does).
		out := goBuildBin.FindStringSubmatch(cmd)[1]
		cmd = fmt.Sprintf(`mkdir -p "$(dirname %[1]s)" && ln -sf "$(command -v conform)" %[1]s`, out)
	case serveCommand.MatchString(cmd) && !strings.Contains(cmd, "--stdio"):
		// Any free port: another process may hold the doc's.
		cmd = loopbackPort.ReplaceAllString(cmd, "127.0.0.1:0")
		if !strings.Contains(cmd, "--addr") {
			cmd += " --addr 127.0.0.1:0"
		}
		startServe(ts, cmd)
		return
	case makeCommand.MatchString(cmd):
		cmd = "make -n" + strings.TrimPrefix(cmd, "make")
	case npmCI.MatchString(cmd) && fresh:
		// For real, in the copy (the work folder): what the page asks a
		// fresh clone to run first. From npm's cache when it has the
		// packages; the network otherwise.
		cmd = `cd "$CHECKOUT" && export npm_config_prefer_offline=true npm_config_audit=false npm_config_fund=false && ` + cmd
	case npmCI.MatchString(cmd):
		// In the checkout itself: npm does not follow the work folder's links.
		cmd = `cd "$CHECKOUT" && ` + cmd + " --dry-run"
	}
	cmd = strings.ReplaceAll(cmd, "127.0.0.1:8080", srvAddr)
	start := time.Now()
	err := ts.Exec("sh", "-c", cmd)
	// Each line's time, in -v output: what to look at when the test slows.
	ts.Logf("took %s", time.Since(start).Round(time.Millisecond))
	got := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		got = exitErr.ExitCode()
	} else if err != nil {
		ts.Fatalf("%s: %v", line, err)
	}
	if got != want {
		ts.Fatalf("%s\nexited %d, the doc says %d\nstdout:\n%s\nstderr:\n%s", line, got, want,
			tail(ts.ReadFile("stdout")), tail(ts.ReadFile("stderr")))
	}
}

// startServe starts an HTTP `conform serve` line, waits until it says it is
// serving, and stops it.
func startServe(ts *testscript.TestScript, cmd string) {
	c := exec.Command("sh", "-c", "exec "+cmd)
	c.Dir = ts.MkAbs(".")
	c.Env = append(os.Environ(), "HOME="+ts.Getenv("HOME"))
	stderr, err := c.StderrPipe()
	if err != nil {
		ts.Fatalf("%v", err)
	}
	if err := c.Start(); err != nil {
		ts.Fatalf("%s: %v", cmd, err)
	}
	defer func() { _ = c.Process.Kill(); _ = c.Wait() }()
	sc := bufio.NewScanner(stderr)
	var seen []string
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.Contains(sc.Text(), "serving") {
			return
		}
	}
	ts.Fatalf("%s did not start serving:\n%s", cmd, strings.Join(seen, "\n"))
}

func tail(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 40 {
		lines = append([]string{"…"}, lines[len(lines)-40:]...)
	}
	return strings.Join(lines, "\n")
}

// linkCheckout fills a script's work folder: the checkout's top-level
// entries as links (commands read examples/, spec/…; what they write stays
// in the work folder) and copies of the fixtures.
func linkCheckout(root, fixtures, work string) error {
	names, err := topLevelNames(root)
	if err != nil {
		return err
	}
	for _, name := range names {
		switch name {
		case ".git", "build", "out", "bin":
			continue
		}
		if err := os.Symlink(filepath.Join(root, name), filepath.Join(work, name)); err != nil {
			return err
		}
	}
	return os.CopyFS(work, os.DirFS(fixtures))
}

// listDirEnv makes the test binary print a folder's entries, one a line.
const listDirEnv = "CONFORM_TEST_LIST_DIR"

func listDir(dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for _, e := range entries {
		fmt.Println(e.Name())
	}
	return 0
}

// topLevelNames lists the checkout's top-level entries in a child process.
// Go's test cache keys a test's result on every folder the test process
// reads, with the times of its entries; the checkout's top level holds
// .git (whose time changes with every git command), build/ and bin/, so
// reading it here made this package's results never cached.
func topLevelNames(root string) ([]string, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), listDirEnv+"="+root)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", root, err)
	}
	return strings.Fields(string(out)), nil
}

// makeDocFixtures builds, once, the files the docs' placeholders name.
func makeDocFixtures(t *testing.T, root string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, text string, mode os.FileMode) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("impl", "#!/bin/sh\n# a protocol implementation: the reference over JSON Lines\nexec conform serve --stdio\n", 0o755)
	write("known-failing.txt", "# nothing is known to fail\n", 0o644)
	write(".clockspec/known-failing.txt", "# nothing is known to fail\n", 0o644)
	// my-impl: the Node example, as a porting team's implementation.
	if err := os.Symlink(filepath.Join(root, "examples", "node-v1"), filepath.Join(dir, "my-impl")); err != nil {
		t.Fatal(err)
	}
	// A replay file saved by a failing run, whose golden holds "&".
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(forgetsAmpersand{reference.New()}), Goldens: goldens.FS(),
		Run: []conformance.Pattern{"v1/escape-xml/ampersand"}, SaveFailures: filepath.Join(dir, "failures")})
	if err != nil {
		t.Fatal(err)
	}
	// Report folders for the comparison examples.
	for _, args := range [][]string{
		{"--tags", "@v1", "--report", filepath.Join(dir, "runs", "reference")},
		{"--tags", "@v1", "--shard", "1/3", "--report", filepath.Join(dir, "shard-1")},
		{"--tags", "@v1", "--shard", "2/3", "--report", filepath.Join(dir, "shard-2")},
		{"--tags", "@v1", "--shard", "3/3", "--report", filepath.Join(dir, "shard-3")},
	} {
		var out, errb strings.Builder
		if code := run(args, &out, &errb); code != exitOK {
			t.Fatalf("fixture conform %v: exit %d\n%s", args, code, errb.String())
		}
	}
	return dir
}

// forgetsAmpersand is the reference with v1.escape_xml leaving "&" alone.
type forgetsAmpersand struct{ *reference.Implementation }

func (f forgetsAmpersand) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	out, perr := f.Implementation.Call(ctx, op, in)
	if op == "v1.escape_xml" {
		out = json.RawMessage(strings.NewReplacer("&amp;", "&", `\u0026amp;`, "&").Replace(string(out)))
	}
	return out, perr
}

// Every long line names a command some document shows: a pattern that no
// longer matches would quietly stop nothing, and one that matched nothing
// when it was written was a typo.
func TestLongLinesAreDocumented(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	matched := make([]int, len(longLines))
	cmds := helpExamples()
	for _, f := range docFiles(t, root) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, extractCommands(f, string(b))...)
	}
	for _, c := range cmds {
		{
			for i, re := range longLines {
				if re.MatchString(c.line) {
					matched[i]++
				}
			}
		}
	}
	for i, n := range matched {
		if n == 0 {
			t.Errorf("long line %q matches no documented command", longLines[i])
		}
	}
	if isLong("README.md", docCommand{line: "bin/conform list --tiers"}) {
		t.Error("a short README command counts as long")
	}
}

// freshEnv tells a script's doc lines that they run in a fresh copy.
const freshEnv = "CONFORM_DOCS_FRESH"

// cloneFiles lists the files a clone would hold: the tracked ones and
// the new ones git does not ignore (a file being written is in the next
// commit; node_modules/, bin/ and build/ are ignored). In a child process:
// git reads .git, which the test process stays out of (see topLevelNames).
func cloneFiles(t *testing.T, root string) []string {
	t.Helper()
	out, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	var files []string
	for _, f := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		// .gitignore's node_modules/ matches folders only: a node_modules
		// link to installed packages would be copied as a link, and the
		// page's npm ci would empty the packages it points at.
		if !slices.Contains(strings.Split(f, "/"), "node_modules") {
			files = append(files, f)
		}
	}
	if len(files) < 100 {
		t.Fatalf("git ls-files lists %d files", len(files))
	}
	return files
}

// runNpmCI makes a document's npm ci lines run: in a fresh copy they are
// the "run this first" lines the rest of the page depends on, whatever
// their comment says about the checkout.
func runNpmCI(cmds []docCommand) []docCommand {
	out := make([]docCommand, len(cmds))
	for i, c := range cmds {
		if npmCI.MatchString(c.line) {
			c.notRun = ""
		}
		out[i] = c
	}
	return out
}

// freshParams makes each script's work folder a copy of the tracked files
// (a fresh clone's, without node_modules or anything built), with the
// fixtures, instead of links to the checkout.
func freshParams(p *testscript.Params, root, fixtures string, tracked []string) {
	p.Setup = func(env *testscript.Env) error {
		setDocEnv(env, root)
		if err := copyClone(root, env.WorkDir, tracked); err != nil {
			return err
		}
		env.Setenv("CHECKOUT", env.WorkDir)
		env.Setenv(freshEnv, "1")
		return os.CopyFS(env.WorkDir, os.DirFS(fixtures))
	}
}

// copyClone copies the files under root to dir, with their
// modes (a tracked file the working tree has deleted is left out).
func copyClone(root, dir string, tracked []string) error {
	for _, name := range tracked {
		from := filepath.Join(root, filepath.FromSlash(name))
		info, err := os.Lstat(from)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		to := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if info.Mode()&os.ModeSymlink != 0 {
			target, err := os.Readlink(from)
			if err != nil {
				return err
			}
			if err := os.Symlink(target, to); err != nil {
				return err
			}
			continue
		}
		b, err := os.ReadFile(from)
		if err != nil {
			return err
		}
		if err := os.WriteFile(to, b, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

// Command conform certifies an implementation against the clockspec
// conformance suite. With no arguments it runs every scenario against the
// embedded reference implementation.
//
//	conform [run] [flags]      run the suite (default)
//	conform list [flags]       list scenarios with their ids, origins and tags
//	conform report DIR…        merge several runs' reports into one comparison
//	conform serve [flags]      expose the reference over the protocol (HTTP or --stdio), or its datetime tools over MCP (--mcp)
//	conform show ID…           print a scenario's calls and the answers it expects
//	conform store-check --impl exec:CMD   certify an implementation's own CLOCK state store
//	conform agent --agent SPEC  certify a chat agent's use of time (clock-agent)
//	conform replay FILE        replay a saved failing scenario against an implementation
//	conform record [flags]     write the call corpus (the reference's answers) as JSON Lines
//	conform version            print the kit, spec, reference and tzdata versions
//	conform help [TOPIC]       the help of a command, or of "tags"
//
// Exit status: 0 when the run is green (every scenario that ran passed, or
// failed while listed in --known-failing or --known-flaky, or is a decision
// or extension that --require leaves out), 1 when it is red (a scenario of
// a required tier failed, a known-failing one passes now, or a known pattern
// matches nothing), 2 when the run could not happen (bad flags, unknown
// tags, unreadable files), 3 when its report files could not be written,
// 128 + the signal's number when SIGINT or SIGTERM interrupted it.
//
// The commands are thin: a run is conformance.Run, its report is written by
// conformance/report, the drivers are conformance/driver's, the selection
// (list, --shard) conformance/selection's, store-check is
// conformance/storecheck. The library names the options it cannot use
// (conformance.OptionError); errors.go words them with the flags here.
package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/clockspec/clockspec/conformance/supervise"
	"io"
	"os"
	"strings"

	"github.com/clockspec/clockspec/cmd/conform/internal/nogotool"
)

// PATH was hidden while godog's packages initialized (see nogotool); every
// package is initialized now, so it is put back before main reads it.
func init() { nogotool.Restore() }

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

func main() {
	// Every child conform starts is a supervised tree: a helper that
	// escapes its tree (its own session, a double fork, an emptied
	// environment) is adopted by conform instead of init, and ended with
	// its tree.
	_ = supervise.AdoptOrphans()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := "run"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	} else if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		// conform -h is the overview of every command; conform run -h
		// is run's flags.
		usage(stdout)
		return exitOK
	}
	var err error
	code := exitOK
	switch cmd {
	case "run":
		code, err = runCmd(args, stdout, stderr)
	case "list":
		err = listCmd(args, stdout, stderr)
	case "show":
		err = showCmd(args, stdout, stderr)
	case "serve":
		err = serveCmd(args, stdout, stderr)
	case "replay":
		code, err = replayCmd(args, stdout, stderr)
	case "record":
		err = recordCmd(args, stdout, stderr)
	case "report":
		err = reportCmd(args, stdout, stderr)
	case "store-check":
		code, err = storeCheckCmd(args, stdout, stderr)
	case "agent":
		code, err = agentCmd(args, stdout, stderr)
	case "version":
		err = versionCmd(args, stdout)
	case "help":
		err = helpCmd(args, stdout, stderr)
	default:
		err = &usageError{fmt.Sprintf("unknown command %q%s; see conform help", cmd, didYouMean(cmd, commandNames()))}
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "conform:", errorText(err))
		if code == exitOK {
			return exitUsage // a command that says only what went wrong
		}
	}
	return code
}

// commands in the order the overview lists them, with their one-line
// summaries; each has a helpText in help.go.
var commands = []struct{ name, args, summary string }{
	{"run", "[flags]", "run the suite (the default command: every scenario, the embedded reference)"},
	{"list", "[flags]", "list scenarios: id, tier, origins, title"},
	{"show", "ID…", "print a scenario: its steps' calls and the answers it expects"},
	{"report", "DIR…", "merge the reports of several runs (or of a run's shards) into one comparison"},
	{"replay", "FILE", "replay a failing scenario saved by run --save-failures"},
	{"serve", "[flags]", "expose the reference: HTTP on 127.0.0.1:8080, --stdio for JSON Lines, or --mcp for its datetime tools as an MCP server"},
	{"store-check", "--impl exec:CMD", "certify an implementation's own CLOCK state store (§10.3: concurrent writers, kill -9)"},
	{"agent", "--agent SPEC", "certify what a chat agent does with time (clock-agent: conversations with a virtual clock, pass^k over trials)"},
	{"record", "[flags]", "write the call corpus (the reference's answers) as JSON Lines (for the JavaScript oracle)"},
	{"version", "", "print the kit (this build), spec, reference, tzdata and protocol versions"},
	{"help", "[TOPIC]", "this overview, a command's help, or a topic: " + strings.Join(topicNames(), ", ")},
}

func commandNames() []string {
	var out []string
	for _, c := range commands {
		out = append(out, c.name)
	}
	return out
}

// didYouMean is " (did you mean \"x\"?)" for a near candidate, else "".
func didYouMean(s string, candidates []string) string {
	if near := nearest(s, candidates); near != "" {
		return fmt.Sprintf(" (did you mean %q?)", near)
	}
	return ""
}

func usage(out io.Writer) {
	w := &wrappedWriter{w: out}
	defer w.Flush()
	fmt.Fprint(w, "conform certifies an implementation against the clockspec conformance suite.\n\nUsage:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-22s %s\n", strings.TrimSpace("conform "+c.name+" "+c.args), c.summary)
	}
	fmt.Fprint(w, "\n"+examplesTitle)
	writeExamples(w, runExamples)
	fmt.Fprint(w, `
"conform help COMMAND" (or "conform COMMAND -h") prints a command's flags and examples;
"conform help tags" the tag expressions --tags takes.

`+exitCodes)
}

const examplesTitle = "Examples:\n"

// runExamples are the overview's and run's examples; a test runs each.
var runExamples = []string{
	"conform\tthe whole suite against the embedded reference",
	"conform run --impl 'exec:node my-impl/main.js'\tcertify a JSON-Lines subprocess (docs/protocol.md)",
	"conform run --impl http://127.0.0.1:8080\tcertify an HTTP server",
	"conform run --impl exec:./impl --report out/\talso write report.html, summary.json, junit.xml, cucumber.json, … into out/",
	"conform run --tags @v1 --level compat\tone profile, the scenarios' own assertions only",
	"conform run --tags '@v1 and not @decision'\ta Cucumber tag expression (conform help tags)",
	"conform run --run 'v1/timezone/**' --fail-fast\ta part of the suite by id; stop at the first failure",
	"conform run --impl exec:./impl --known-failing known-failing.txt\tgate on \"no new failures\" while porting",
	"conform run --impl exec:./impl --shard 2/4 --report shard-2/\tone of four CI jobs; then: conform report shard-*/",
	"conform run --impl exec:./impl --require decisions\talso fail the run on a decision not followed",
	"conform list --tags @decision\tevery pinned decision (the TIER column shows each scenario's tier)",
}

const exitCodes = `Exit status:
  0  the run is green: every scenario that ran passed (or failed while listed as known failing or flaky)
  1  the run is red: a scenario failed, a known-failing scenario passes now, or a known pattern is stale
     (a scenario of a tier --require leaves out, by default any @recommended, @decision or @extension, is reported
     as not followed and does not fail the run)
  2  the run could not happen: a bad flag, an unknown tag, an unreadable file, nothing selected,
     an implementation that cannot be started or reached
  3  the run finished, but its report files could not be written (a full disk); the verdict is on
     stderr and the report folder is as it was
  129, 130, 143  interrupted by SIGHUP (a closed terminal), SIGINT (Ctrl-C) or SIGTERM: the
     implementation was stopped, the report
     holds what was judged so far, marked interrupted, and no certificate; a second signal quits
     at once, without a report
`

// exitSimple is the exit status of the commands that do not judge.
const exitSimple = `Exit status:
  0  done
  2  it could not be done: a bad flag or argument, an unreadable file
`

type flagGroup struct {
	title string
	names []string
}

// printFlagGroups prints flags like flag.PrintDefaults, in groups; a flag
// no group names is printed under "Other".
func printFlagGroups(w io.Writer, fset *flag.FlagSet, groups []flagGroup) {
	listed := map[string]bool{}
	for _, g := range groups {
		for _, n := range g.names {
			listed[n] = true
		}
	}
	var other []string
	fset.VisitAll(func(f *flag.Flag) {
		if !listed[f.Name] {
			other = append(other, f.Name)
		}
	})
	if len(other) > 0 {
		groups = append(groups, flagGroup{"Other", other})
	}
	for _, g := range groups {
		fmt.Fprintf(w, "%s:\n", g.title)
		for _, n := range g.names {
			f := fset.Lookup(n)
			if f == nil {
				continue
			}
			name, usage := flag.UnquoteUsage(f)
			line := "  --" + f.Name
			if name != "" {
				line += " " + name
			}
			if def := f.DefValue; def != "" && def != "false" && def != "0" {
				usage += " (default " + def + ")"
			}
			fmt.Fprintf(w, "%s\n      %s\n", line, usage)
		}
	}
}

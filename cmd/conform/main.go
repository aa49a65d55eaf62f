// Command conform certifies an implementation against the clockspec
// conformance suite. With no arguments it runs every scenario against the
// embedded reference implementation.
//
//	conform [run] [flags]      run the suite (default)
//	conform list [flags]       list scenarios with their ids, origins and tags
//	conform report DIR…        merge several runs' reports into one comparison
//	conform serve [flags]      expose the reference over the protocol (HTTP or --stdio), or its datetime tools over MCP (--mcp)
//	conform replay FILE        replay a saved failing scenario against an implementation
//	conform record [flags]     write the reference's answers as JSON Lines
//	conform version            print the spec, reference and tzdata versions
//
// Exit status: 0 when the run is green (every scenario that ran passed, or
// failed while listed in --known-failing or --known-flaky, or is a decision
// or extension that --require leaves out), 1 when it is red (a scenario of
// a required tier failed, a known-failing one passes now, or a known pattern
// matches nothing), 2 when the run could not happen (bad flags, unknown
// tags, unreadable files).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	cmd := "run"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	var err error
	code := exitOK
	switch cmd {
	case "run":
		code, err = runCmd(args, stdout, stderr)
	case "list":
		err = listCmd(args, stdout, stderr)
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
	case "version":
		err = versionCmd(stdout)
	case "help":
		usage(stdout)
		return exitOK
	default:
		err = fmt.Errorf("unknown command %q", cmd)
		usage(stderr)
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, "conform:", err)
		return exitUsage
	}
	return code
}

func usage(w io.Writer) {
	fmt.Fprint(w, `conform certifies an implementation against the clockspec conformance suite.

Usage:
  conform [run] [flags]   run the suite (default: every scenario, the embedded reference)
  conform list [flags]    list scenarios: id, tier, origins, title
  conform report DIR…     merge the reports of several runs (or of a run's shards) into one comparison
  conform serve [flags]   expose the reference: HTTP on 127.0.0.1:8080, or --stdio for JSON Lines;
                          --mcp serves its datetime tools to MCP hosts (stdio, or --addr for HTTP at /mcp)
  conform replay FILE     replay a failing scenario saved by run --save-failures
  conform store-check --impl exec:CMD   certify the implementation's own state store (§10.3: concurrent writers, kill -9)
  conform record [flags]  write the reference's answers as JSON Lines (for the JavaScript oracle)
  conform version         print spec, reference and tzdata versions

`+examples+`
Run "conform run -h", "conform list -h", "conform report -h", "conform serve -h" for flags.
`+exitCodes)
}

const examples = `Examples:
  conform                                          the whole suite against the embedded reference
  conform run --impl 'exec:node my-impl/main.js'   certify a JSON-Lines subprocess (docs/protocol.md)
  conform run --impl http://127.0.0.1:8080         certify an HTTP server
  conform run --impl 'mcp:node server.js' --tags @datetime
                                                   certify an MCP tool server on stdio (docs/mcp.md);
                                                   mcp+http://HOST:PORT/mcp for streamable HTTP
  conform run --impl exec:./impl --report out/     also write out/report.html, summary.json, junit.xml,
                                                   cucumber.json, certificate.json and badge.json
  conform run --tags @v1 --level compat            one profile, the scenarios' own assertions only
  conform run --run 'v1/timezone/**' --fail-fast   a part of the suite by id; stop at the first failure
  conform run --impl exec:./impl --known-failing known-failing.txt
                                                   gate on "no new failures" while porting
  conform run --impl exec:./impl --shard 2/4 --report shard-2/
                                                   one of four CI jobs; then: conform report shard-*/
  conform list --tags @decision                    every pinned decision
`

const exitCodes = `Exit status:
  0  the run is green: every scenario that ran passed (or failed while listed as known failing or flaky)
  1  the run is red: a scenario failed, a known-failing scenario passes now, or a known pattern is stale
     (a scenario of a tier --require leaves out, by default any @decision or @extension, is reported
     as not followed and does not fail the run)
  2  the run could not happen: a bad flag, an unknown tag, an unreadable file, nothing selected,
     an implementation that cannot be started or reached
`

func runUsage(fset *flag.FlagSet) {
	w := fset.Output()
	fmt.Fprint(w, `Usage: conform [run] [flags]

Runs the conformance suite against an implementation and prints a summary on stderr
(godog's progress dots, or --format output, on stdout; a live counter on a terminal).

`+examples+`
`)
	printFlagGroups(fset, []flagGroup{
		{"The implementation", []string{"impl", "deadline", "window", "restarts", "stderr-log", "host-tz", "seed"}},
		{"What runs", []string{"tags", "run", "skip", "shard", "level", "list", "features", "goldens"}},
		{"Gating", []string{"require", "known-failing", "known-flaky", "fail-fast"}},
		{"Output", []string{"report", "date", "format", "progress", "summary-json", "save-failures"}},
	})
	fmt.Fprint(w, "\n"+exitCodes+"\nThe protocol an implementation speaks: docs/protocol.md. CI jobs to copy: docs/ci.md.\n")
}

type flagGroup struct {
	title string
	names []string
}

// printFlagGroups prints flags like flag.PrintDefaults, in groups; a flag
// no group names is printed under "Other".
func printFlagGroups(fset *flag.FlagSet, groups []flagGroup) {
	w := fset.Output()
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

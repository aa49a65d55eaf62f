// Command conform certifies an implementation against the clockspec
// conformance suite. With no arguments it runs every scenario against the
// embedded reference implementation.
//
//	conform [run] [flags]     run the suite (default)
//	conform list [flags]      list scenarios with their ids, origins and tags
//	conform serve [flags]     expose the reference over the protocol (HTTP or --stdio)
//	conform replay FILE       replay a saved failing scenario against an implementation
//	conform record [flags]    write the reference's answers as JSON Lines
//	conform version           print the spec, reference and tzdata versions
//
// Exit status: 0 when every scenario that ran passed, 1 when one failed, 2
// when the run could not happen (bad flags, unknown tags, unreadable files).
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
  conform list [flags]    list scenarios: id, origins, tags, title
  conform serve [flags]   expose the reference: HTTP on 127.0.0.1:8080, or --stdio for JSON Lines
  conform replay FILE     replay a failing scenario saved by run --save-failures
  conform record [flags]  write the reference's answers as JSON Lines (for the JavaScript oracle)
  conform version         print spec, reference and tzdata versions

Implementations: --impl reference (default), --impl 'exec:CMD ARG…', --impl http://127.0.0.1:PORT.
Run "conform run -h", "conform list -h", "conform serve -h" for flags.
Exit status: 0 all passed, 1 a scenario failed, 2 the run could not happen.
`)
}

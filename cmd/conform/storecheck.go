package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/storecheck"
)

// storeCheckWorstCase is storecheck.WorstCase for the help text.
var storeCheckWorstCase = strconv.Itoa(storecheck.WorstCase)

// storeCheckCmd is `conform store-check --impl exec:CMD`: the §10.3 store
// check of an implementation's own state store (storecheck.Run),
// which needs processes it can start several of and kill.
func storeCheckCmd(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("conform store-check", flag.ContinueOnError)
	impl := fs.String("impl", "", "`exec:CMD ARG…` the implementation, a JSON-Lines subprocess claiming clock-core")
	jsonOut := fs.Bool("json", false, "print the verdicts as JSON")
	writers := fs.Int("writers", 4, "processes updating the state file at once")
	updates := fs.Int("updates", 25, "updates per process")
	kills := fs.Int("kills", 40, "writers killed mid-write, one in each `N`th of an update cycle")
	deadline := fs.Duration("deadline", 20*time.Second, "per-call and per-start deadline; the whole check takes at most "+storeCheckWorstCase+" of them")
	pos, err := parseFlags(fs, args, stdout, storeCheckHelp)
	if err != nil {
		return exitUsage, err
	}
	if len(pos) > 0 {
		return exitUsage, &usageError{fmt.Sprintf("store-check takes no arguments, only flags: %q; see conform store-check -h", pos)}
	}
	// Bounds that keep the check within its time budget: past them the
	// budget, not the store, would be what fails.
	for _, b := range []struct {
		name      string
		v, lo, hi int
	}{{"writers", *writers, 1, 16}, {"updates", *updates, 1, 200}, {"kills", *kills, 1, 100}} {
		if b.v < b.lo || b.v > b.hi {
			return exitUsage, &usageError{fmt.Sprintf("--%s %d: want %d to %d (the check's time budget is made for those)", b.name, b.v, b.lo, b.hi)}
		}
	}
	if !strings.HasPrefix(*impl, "exec:") {
		return exitUsage, fmt.Errorf("store-check needs --impl exec:CMD (it starts and kills the implementation's processes)")
	}
	argv, err := parseArgv("exec:", strings.TrimPrefix(*impl, "exec:"))
	if err != nil {
		return exitUsage, err
	}
	// Interrupted, the check stops its processes (each part ends its own)
	// and gives no verdict.
	ctx, sig := interruptible(stderr)
	defer sig.stop()
	checks, err := storecheck.Run(ctx, storecheck.Options{
		Argv: argv, Writers: *writers, Updates: *updates, Kills: *kills, Deadline: *deadline})
	if s := sig.caught(); s != nil {
		fmt.Fprintf(stderr, "conform: store-check %s: no verdict\n", interruptedText(s))
		return signalExit(s), nil
	}
	if err != nil {
		return exitUsage, err
	}
	code := exitOK
	for _, c := range checks {
		if !c.Passed {
			code = exitFailed
		}
	}
	if *jsonOut {
		b, _ := json.MarshalIndent(checks, "", "  ")
		fmt.Fprintln(stdout, string(b))
		return code, nil
	}
	for _, c := range checks {
		verdict := "PASS"
		text := c.Detail
		if !c.Passed {
			verdict, text = "FAIL", c.Problem
		}
		fmt.Fprintf(stdout, "%s %s\n     %s\n", verdict, c.Name, text)
	}
	return code, nil
}

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
)

// reportCmd merges several runs' summary.json into one comparison matrix:
// Markdown on stdout, HTML with --html. The shards of one run (--shard i/n)
// become one column.
func reportCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform report", flag.ContinueOnError)
	fset.SetOutput(stderr)
	html := fset.String("html", "", "also write the comparison as a self-contained HTML page to `FILE`")
	fset.Usage = func() {
		fmt.Fprint(fset.Output(), `Usage: conform report [--html FILE] DIR…

Merges the summary.json of several runs (each DIR is a --report folder, or a summary.json)
into one comparison: a profile × run matrix, the runs' facts and certificates, and every
scenario whose outcome differs between runs. The shards of one run (--shard i/n, same
implementation, version, level and filters) are merged into one column first.

Examples:
  conform report reference/ node-v1/ mine/              compare three implementations
  conform report shard-1/ shard-2/ shard-3/ --html all.html

Exit status: 0 when every folder was read and merged (whatever the runs' outcomes), 2 when not.

Flags:
`)
		fset.PrintDefaults()
	}
	// Flags may come before, between or after the folders.
	var dirs []string
	for rest := args; ; {
		if err := fset.Parse(rest); err != nil {
			return err
		}
		if fset.NArg() == 0 {
			break
		}
		dirs = append(dirs, fset.Arg(0))
		rest = fset.Args()[1:]
	}
	if len(dirs) == 0 {
		fset.Usage()
		return errors.New("report: name at least one report folder")
	}
	var reps []*conformance.Report
	for _, dir := range dirs {
		rep, err := conformance.ReadSummary(dir)
		if err != nil {
			return err
		}
		reps = append(reps, rep)
	}
	order := map[string]int{}
	if suite, err := features.Load(features.FS()); err == nil {
		for i, sc := range suite.Scenarios {
			order[sc.ID] = i
		}
	}
	cmp, err := conformance.Compare(dirs, reps, order)
	if err != nil {
		return err
	}
	cmp.WriteMarkdown(stdout)
	if *html != "" {
		var b bytes.Buffer
		if err := cmp.WriteHTML(&b); err != nil {
			return err
		}
		if err := os.WriteFile(*html, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	return nil
}

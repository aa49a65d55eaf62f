package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/features"
)

// reportCmd merges several runs' summary.json into one comparison matrix:
// Markdown on stdout, HTML with --html. The shards of one run (--shard i/n)
// become one column.
func reportCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform report", flag.ContinueOnError)
	html := fset.String("html", "", "also write the comparison as a self-contained HTML page to `FILE`")
	dirs, err := parseFlags(fset, args, stdout, reportHelp)
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return &usageError{"report: name at least one report folder; see conform report -h"}
	}
	var reps []*conformance.Report
	for _, dir := range dirs {
		rep, err := report.ReadSummary(dir)
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
	cmp, err := report.Compare(dirs, reps, order)
	if err != nil {
		return err
	}
	cmp.WriteMarkdown(stdout)
	if *html != "" {
		var b bytes.Buffer
		if err := cmp.WriteHTML(&b); err != nil {
			return err
		}
		if err := report.WriteFileAtomic(*html, b.Bytes()); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	return nil
}

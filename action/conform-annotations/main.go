// Command conform-annotations turns a conform report into GitHub Actions
// workflow commands: an ::error:: annotation for each scenario that fails
// the run (and for a stale known pattern, a run that could not happen or
// was interrupted), a ::warning:: for each recommendation, decision or
// extension not followed. GitHub shows at most 10 of each per step, so
// past -max the last one says how many more there are. With -markdown
// FILE it appends the failing scenarios to FILE as a Markdown list (the
// job summary: conform report prints the counts, not the scenarios).
//
// The clockspec GitHub Action (action.yml, action/steps.sh) runs it after
// conform run.
//
//	conform-annotations [-max N] [-markdown FILE] REPORT_DIR|summary.json
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/clockspec/clockspec/conformance/report"
	"github.com/clockspec/clockspec/conformance/result"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("conform-annotations", flag.ContinueOnError)
	fset.SetOutput(stderr)
	limit := fset.Int("max", 10, "at most `N` annotations of each kind (GitHub shows 10 per step)")
	markdown := fset.String("markdown", "", "append the failing scenarios, as Markdown, to `FILE` (the job summary)")
	if err := fset.Parse(args); err != nil {
		return 2
	}
	if fset.NArg() != 1 || *limit < 1 {
		fmt.Fprintln(stderr, "usage: conform-annotations [-max N] [-markdown FILE] REPORT_DIR|summary.json")
		return 2
	}
	r, err := report.ReadSummary(fset.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "conform-annotations:", err)
		return 2
	}
	errs, warns := annotations(r)
	writeCommands(stdout, "error", errs, *limit)
	writeCommands(stdout, "warning", warns, *limit)
	if *markdown != "" {
		if err := appendMarkdown(*markdown, errs, warns); err != nil {
			fmt.Fprintln(stderr, "conform-annotations:", err)
			return 2
		}
	}
	return 0
}

// annotation is one finding: a short title (the scenario) and its text.
type annotation struct{ title, message string }

// annotations lists what fails the run (errors) and what is not followed
// (warnings), in the report's order.
func annotations(r *result.Report) (errs, warns []annotation) {
	if r.CouldNotRun != "" {
		errs = append(errs, annotation{"clockspec: the run could not happen", r.CouldNotRun})
	}
	if r.Interrupted != "" {
		errs = append(errs, annotation{"clockspec: the run was interrupted", r.Interrupted})
	}
	for _, p := range r.Stale {
		errs = append(errs, annotation{"clockspec: stale known-" + p.List + " pattern",
			fmt.Sprintf("%q matches no scenario: remove it from the list", p.Pattern)})
	}
	for _, s := range r.Scenarios {
		switch {
		case r.Outcome(s) == result.OutcomeFixed:
			errs = append(errs, annotation{"clockspec: " + s.ID + " passes now",
				s.Name + "\nlisted as known failing but passes: remove it from the list"})
		case r.FailsRun(s):
			errs = append(errs, annotation{"clockspec: " + s.ID + " failed", s.Name + "\n" + cut(s.Problem)})
		case r.NotFollowed(s):
			warns = append(warns, annotation{fmt.Sprintf("clockspec: %s not followed (%s)", s.ID, result.TierOf(s)),
				s.Name + "\n" + cut(s.Problem)})
		}
	}
	return errs, warns
}

// cut keeps an annotation readable: a failure's problem can hold two long
// JSON documents; the report has them whole.
func cut(s string) string {
	const limit = 1000
	if len(s) <= limit {
		return s
	}
	return strings.ToValidUTF8(s[:limit], "") + "… (the report has the rest)"
}

// writeCommands prints at most limit workflow commands of one kind; the
// last says how many more there are when it stands for them.
func writeCommands(w io.Writer, kind string, list []annotation, limit int) {
	for i, a := range list {
		if i == limit-1 && len(list) > limit {
			fmt.Fprintf(w, "::%s title=%s::%s\n", kind, escapeProperty(fmt.Sprintf("clockspec: %d more", len(list)-i)),
				escapeData(fmt.Sprintf("%s, and %d more: the job summary lists them, the report's report.html has them all",
					strings.TrimPrefix(a.title, "clockspec: "), len(list)-i-1)))
			return
		}
		fmt.Fprintf(w, "::%s title=%s::%s\n", kind, escapeProperty(a.title), escapeData(a.message))
	}
}

// escapeData and escapeProperty escape a workflow command's message and
// property values as the runner unescapes them.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// maxListed bounds the Markdown list: a summary of a run with hundreds of
// failures stays readable, and report.html has them all.
const maxListed = 50

func appendMarkdown(path string, errs, warns []annotation) (err error) {
	if len(errs) == 0 && len(warns) == 0 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	var b strings.Builder
	for _, l := range []struct {
		heading, mark string
		list          []annotation
	}{{"Failing", "❌", errs}, {"Not followed", "⚠️", warns}} {
		if len(l.list) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n### %s (%d)\n\n", l.heading, len(l.list))
		for i, a := range l.list {
			if i == maxListed {
				fmt.Fprintf(&b, "- … and %d more: see report.html\n", len(l.list)-i)
				break
			}
			first, _, _ := strings.Cut(a.message, "\n")
			fmt.Fprintf(&b, "- %s %s — %s\n", l.mark, strings.TrimPrefix(a.title, "clockspec: "), first)
		}
	}
	_, err = f.WriteString(b.String())
	return err
}

package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
)

// showCmd prints scenarios as an implementer reads them: the Gherkin text,
// then every call with the answer it expects. Both come from files the
// binary embeds: the scenario from its feature file alone (features.Find),
// the calls and answers from the corpus the reference recorded (goldens/);
// nothing runs, so a scenario shows in milliseconds.
func showCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform show", flag.ContinueOnError)
	ids, err := parseFlags(fset, args, stdout, showHelp)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return &usageError{"show: name a scenario id (conform list prints them); see conform show -h"}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	for i, id := range ids {
		sc, ok, err := features.Find(features.FS(), id)
		if err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(out)
		}
		if !ok {
			// An outline's id (the living docs' headings print it) stands
			// for its rows.
			rows, err := features.FindRows(features.FS(), id)
			if err != nil {
				return err
			}
			if len(rows) == 0 {
				return unknownScenario(id)
			}
			if err := showOutline(out, id, rows); err != nil {
				return err
			}
			continue
		}
		if err := showScenario(out, sc); err != nil {
			return err
		}
	}
	return nil
}

// unknownScenario is the error for an id no scenario has, with the nearest
// ids: only then is the whole suite loaded.
func unknownScenario(id string) error {
	suite, err := features.Load(features.FS())
	if err != nil {
		return err
	}
	var all []string
	for _, sc := range suite.Scenarios {
		all = append(all, sc.ID)
	}
	return &usageError{fmt.Sprintf("show: no scenario %q%s; conform list prints the ids", id, didYouMean(id, all))}
}

// showOutline prints an outline once, then each row's calls.
func showOutline(w io.Writer, id string, rows []*features.Scenario) error {
	first := rows[0]
	fmt.Fprintf(w, "%s\n  an outline of %d rows, each a scenario of its own: %s/<row>\n", id, len(rows), id)
	showHeader(w, first, false)
	for _, sc := range rows {
		fmt.Fprintf(w, "\nrow %s\n", sc.ID)
		if err := showCalls(w, sc); err != nil {
			return err
		}
	}
	return nil
}

func showScenario(w io.Writer, sc *features.Scenario) error {
	fmt.Fprintf(w, "%s\n", sc.ID)
	showHeader(w, sc, true)
	return showCalls(w, sc)
}

// showHeader prints a scenario's feature, title, tags, description and
// lines (with its own tags, or the outline's when row is false).
func showHeader(w io.Writer, sc *features.Scenario, row bool) {
	fmt.Fprintf(w, "  feature:  %s (features/%s:%d)\n  scenario: %s\n", sc.Feature, sc.URI, sc.Line, sc.Name)
	if row {
		fmt.Fprintf(w, "  tags:     %s\n", strings.Join(sc.Tags, " "))
	}
	if d := strings.TrimSpace(sc.Description); d != "" {
		fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(d, "\n", "\n  "))
	}
	if text := scenarioText(sc, row); text != "" {
		fmt.Fprintf(w, "\n%s\n", text)
	}
}

// showCalls prints every call of a scenario with the answer it expects.
func showCalls(w io.Writer, sc *features.Scenario) error {
	calls, err := conformance.ReadCorpus(goldens.FS(), sc.ID)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(w, "\nno calls: the corpus has none for this scenario (the reference writes the corpus: make gen)\n")
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d calls, each with the answer it expects (the golden; an error compares by its code):\n", len(calls))
	for i, c := range calls {
		fmt.Fprintf(w, "  call %d: %s %s\n", i+1, c.Op, c.Input)
		fmt.Fprintf(w, "    expect: %s\n", c.Answer)
		if o := c.Open; o != nil {
			fmt.Fprintf(w, "    open:   %s (the scenario's steps say what is permitted there)\n", describeOpen(o))
		}
	}
	return nil
}

// describeOpen says in words what a call's answer leaves open.
func describeOpen(o *conformance.CorpusOpen) string {
	var parts []string
	if o.Outcome {
		parts = append(parts, "an answer or a refusal")
	}
	if o.Code {
		parts = append(parts, "the error code")
	}
	for _, f := range o.Fields {
		parts = append(parts, "output "+strconv.Quote(f))
	}
	return strings.Join(parts, ", ")
}

// scenarioText is the scenario's own lines of its feature file; for an
// outline row, the outline with its placeholders, then (when row) the
// examples table's header and that row alone.
func scenarioText(sc *features.Scenario, row bool) string {
	b, err := fs.ReadFile(features.FS(), sc.URI)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	start := int(sc.Line) - 1
	if start < 0 || start >= len(lines) {
		return ""
	}
	isRow := sc.ID != sc.BaseID
	rowLine := start
	if isRow {
		for start > 0 && !strings.HasPrefix(strings.TrimSpace(lines[start]), "Scenario") {
			start--
		}
	}
	var out []string
	for i := start; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if i > start && (strings.HasPrefix(t, "@") || strings.HasPrefix(t, "Scenario") ||
			strings.HasPrefix(t, "Rule:") || strings.HasPrefix(t, "Examples:")) {
			if isRow && row && strings.HasPrefix(t, "Examples:") && i+1 < len(lines) {
				out = append(out, strings.TrimRight(lines[i], " \t"), strings.TrimRight(lines[i+1], " \t"), strings.TrimRight(lines[rowLine], " \t"))
			}
			break
		}
		out = append(out, strings.TrimRight(lines[i], " \t"))
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

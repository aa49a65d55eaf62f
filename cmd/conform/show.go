package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

// showCmd prints scenarios as an implementer reads them: the Gherkin text,
// then every call with the answer it expects. The calls are the ones the
// scenario really makes (it is run against the reference to collect them);
// the expected answers are the goldens.
func showCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform show", flag.ContinueOnError)
	ids, err := parseFlags(fset, args, stdout, showHelp)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return &usageError{"show: name a scenario id (conform list prints them); see conform show -h"}
	}
	suite, err := features.Load(features.FS())
	if err != nil {
		return err
	}
	var all []string
	for _, sc := range suite.Scenarios {
		all = append(all, sc.ID)
	}
	for i, id := range ids {
		sc, ok := suite.ByID(id)
		if !ok {
			return &usageError{fmt.Sprintf("show: no scenario %q%s; conform list prints the ids", id, didYouMean(id, all))}
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		if err := showScenario(stdout, sc); err != nil {
			return err
		}
	}
	return nil
}

func showScenario(w io.Writer, sc *features.Scenario) error {
	fmt.Fprintf(w, "%s\n  feature:  %s (features/%s:%d)\n  scenario: %s\n  tags:     %s\n",
		sc.ID, sc.Feature, sc.URI, sc.Line, sc.Name, strings.Join(sc.Tags, " "))
	if d := strings.TrimSpace(sc.Description); d != "" {
		fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(d, "\n", "\n  "))
	}
	if text := scenarioText(sc); text != "" {
		fmt.Fprintf(w, "\n%s\n", text)
	}
	type call struct {
		op    string
		input json.RawMessage
	}
	var calls []call
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Run: []conformance.Pattern{conformance.Pattern(sc.ID)},
		Level: conformance.LevelCompat, Goldens: goldens.FS(),
		OnCall: func(s *features.Scenario, n int, op string, input json.RawMessage, _ protocol.Result) {
			if s.ID == sc.ID {
				calls = append(calls, call{op, input})
			}
		},
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d calls, each with the answer it expects (the golden; an error compares by its code):\n", len(calls))
	for i, c := range calls {
		fmt.Fprintf(w, "  call %d: %s %s\n", i+1, c.op, compactJSON(c.input))
		g, err := fs.ReadFile(goldens.FS(), conformance.GoldenName(sc.ID, i+1))
		if err != nil {
			fmt.Fprintf(w, "    expect: (no golden)\n")
			continue
		}
		fmt.Fprintf(w, "    expect: %s\n", bytes.TrimSpace(g))
	}
	return nil
}

// scenarioText is the scenario's own lines of its feature file (for an
// outline row, the outline with its placeholders).
func scenarioText(sc *features.Scenario) string {
	b, err := fs.ReadFile(features.FS(), sc.URI)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	start := int(sc.Line) - 1
	if start < 0 || start >= len(lines) {
		return ""
	}
	var out []string
	for i := start; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if i > start && (strings.HasPrefix(t, "@") || strings.HasPrefix(t, "Scenario") ||
			strings.HasPrefix(t, "Rule:") || strings.HasPrefix(t, "Examples:")) {
			break
		}
		out = append(out, strings.TrimRight(lines[i], " \t"))
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n")
}

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

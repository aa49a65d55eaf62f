package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/clockspec/clockspec/fidelity"
)

// fuzzTargets are every fuzz target of the reference, one per operation
// family and profile at least.
var fuzzTargets = []fidelity.FuzzTarget{
	{Name: "FuzzOperations", Package: "./reference", Covers: "every operation of every profile, from every scenario's input"},
	{Name: "FuzzProfileV1", Package: "./reference", Covers: "profile v1 (13 operations), from its scenarios' inputs"},
	{Name: "FuzzProfileDatetime", Package: "./reference", Covers: "profile datetime (datetime_math, datetime_format), from its scenarios' inputs"},
	{Name: "FuzzOtherProfiles", Package: "./reference", Covers: "every registered profile without a target of its own (clock-core, routing, … as they land)"},
	{Name: "FuzzV1Fields", Package: "./reference", Covers: "v1 formatting, zones, cron and interval scheduling from loose fields"},
	{Name: "FuzzDatetimeFields", Package: "./reference", Covers: "datetime convert/shift/diff/weekday/format from loose fields"},
	{Name: "FuzzMathJSON", Package: "./reference/datetime", Covers: "datetime_math's JSON decoder and rules"},
	{Name: "FuzzFormatJSON", Package: "./reference/datetime", Covers: "datetime_format's JSON decoder and rules"},
	{Name: "FuzzTyped", Package: "./reference/datetime", Covers: "the typed datetime entry points"},
}

// campaign fuzzes every target for d each (one worker, so the run stays
// bounded next to other work) and adds the time and any findings to the
// summary at path. A finding fails the campaign: go test has written the
// input to the package's testdata/fuzz, to be committed with a scenario.
func campaign(path string, d time.Duration, stdout, stderr io.Writer) int {
	sum, _, err := fidelity.ReadFuzz(path)
	if err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	}
	// The recorded targets, in fuzzTargets order, keeping their totals.
	old := map[string]fidelity.FuzzTarget{}
	for _, t := range sum.Targets {
		old[t.Name] = t
	}
	sum.Targets = nil
	for _, t := range fuzzTargets {
		if o, ok := old[t.Name]; ok {
			t.Seconds, t.Findings = o.Seconds, o.Findings
		}
		sum.Targets = append(sum.Targets, t)
	}
	failed := 0
	for i := range sum.Targets {
		t := &sum.Targets[i]
		before := corpusSize(*t)
		cmd := exec.Command("go", "test", t.Package, "-run", "^$", "-fuzz", "^"+t.Name+"$", "-fuzztime", d.String(), "-parallel", "1")
		cmd.Stdout, cmd.Stderr = stdout, stderr
		err := cmd.Run()
		t.Seconds += d.Seconds() // the fuzzing time, without the build
		if found := corpusSize(*t) - before; found > 0 || err != nil {
			t.Findings += max(found, 1)
			failed++
			fmt.Fprintf(stdout, "fidelity: %s found a failing input (see %s/testdata/fuzz/%s)\n", t.Name, t.Package, t.Name)
		}
	}
	if err := writeJSON(path, sum); err != nil {
		fmt.Fprintln(stderr, "fidelity:", err)
		return 2
	}
	fmt.Fprintf(stdout, "fidelity: fuzz campaign recorded in %s\n", path)
	if failed > 0 {
		return 1
	}
	return 0
}

// corpusSize counts the committed failing inputs of a target.
func corpusSize(t fidelity.FuzzTarget) int {
	es, _ := os.ReadDir(filepath.Join(t.Package, "testdata", "fuzz", t.Name))
	return len(es)
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/fidelity"
)

// fuzzTargets are every fuzz target of the reference, one per operation
// family and profile at least.
var fuzzTargets = []fidelity.FuzzTarget{
	{Name: "FuzzOperations", Package: "./reference", Covers: "every operation of every profile, from every scenario's input"},
	{Name: "FuzzProfileV1", Package: "./reference", Covers: "profile v1 (13 operations), from its scenarios' inputs", Profiles: []string{"v1"}},
	{Name: "FuzzProfileDatetime", Package: "./reference", Covers: "profile datetime (datetime_math, datetime_format), from its scenarios' inputs", Profiles: []string{"datetime"}},
	{Name: "FuzzOtherProfiles", Package: "./reference", Covers: "the profiles without a target of their own (timestamps, routing, clock-core, clock-awareness), from their scenarios' inputs",
		Profiles: []string{"timestamps", "routing", "clock-core", "clock-awareness"}},
	{Name: "FuzzV1Fields", Package: "./reference", Covers: "v1 formatting, zones, cron and interval scheduling from loose fields", Profiles: []string{"v1"}},
	{Name: "FuzzDatetimeFields", Package: "./reference", Covers: "datetime convert/shift/diff/weekday/format from loose fields", Profiles: []string{"datetime"}},
	{Name: "FuzzMathJSON", Package: "./reference/datetime", Covers: "datetime_math's JSON decoder and rules", Profiles: []string{"datetime"}},
	{Name: "FuzzFormatJSON", Package: "./reference/datetime", Covers: "datetime_format's JSON decoder and rules", Profiles: []string{"datetime"}},
	{Name: "FuzzTyped", Package: "./reference/datetime", Covers: "the typed datetime entry points", Profiles: []string{"datetime"}},
	{Name: "FuzzDecodeObject", Package: "./reference/datetime", Covers: "the datetime tools' one-pass request reader against the general decoder", Profiles: []string{"datetime"}},
	{Name: "FuzzFormatMessagesInput", Package: "./reference/v1", Covers: "format_messages' generated input decoder, reading views into a pooled Scratch, against encoding/json's reading", Profiles: []string{"v1"}},
	{Name: "FuzzFormatMessagesOutput", Package: "./reference/v1", Covers: "format_messages' written output against encoding/json", Profiles: []string{"v1"}},
	{Name: "FuzzPatternTest", Package: "./reference/routing", Covers: "engage patterns: the portable subset and its refusals", Profiles: []string{"routing"}},
	{Name: "FuzzClockOperations", Package: "./reference/clock", Covers: "every CLOCK core operation but the store's, from loose inputs", Profiles: []string{"clock-core"}},
	{Name: "FuzzThreadKeyRoundTrip", Package: "./reference/clock", Covers: "thread keys written and parsed back", Profiles: []string{"clock-core"}},
}

// campaign fuzzes every target for d each (one worker, so the run stays
// bounded next to other work) and adds the time and any findings to the
// summary at path. A finding fails the campaign: go test has written the
// input to the package's testdata/fuzz, to be committed with a scenario.
func campaign(path string, d time.Duration, only string, stdout, stderr io.Writer) int {
	chosen := map[string]bool{}
	for _, n := range strings.Split(only, ",") {
		if n = strings.TrimSpace(n); n != "" {
			chosen[n] = true
		}
	}
	for n := range chosen {
		known := false
		for _, t := range fuzzTargets {
			known = known || t.Name == n
		}
		if !known {
			fmt.Fprintf(stderr, "fidelity: -fuzz-only: no fuzz target %s\n", n)
			return 2
		}
	}
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
			t.Seconds, t.Findings, t.Executions = o.Seconds, o.Findings, o.Executions
		}
		sum.Targets = append(sum.Targets, t)
	}
	failed := 0
	for i := range sum.Targets {
		t := &sum.Targets[i]
		if len(chosen) > 0 && !chosen[t.Name] {
			continue
		}
		before := corpusSize(*t)
		cmd := exec.Command("go", "test", t.Package, "-run", "^$", "-fuzz", "^"+t.Name+"$", "-fuzztime", d.String(), "-parallel", "1")
		execs := &execCounter{}
		cmd.Stdout, cmd.Stderr = io.MultiWriter(stdout, execs), stderr
		err := cmd.Run()
		t.Seconds += d.Seconds() // the fuzzing time, without the build
		t.Executions += execs.last
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

// execCounter keeps the last "execs: N" go test's fuzzer printed (its
// progress lines count the executions so far).
type execCounter struct {
	buf  []byte
	last int64
}

var execsRe = regexp.MustCompile(`execs: (\d+)`)

func (e *execCounter) Write(b []byte) (int, error) {
	e.buf = append(e.buf, b...)
	for {
		i := bytes.IndexByte(e.buf, '\n')
		if i < 0 {
			break
		}
		if m := execsRe.FindSubmatch(e.buf[:i]); m != nil {
			if n, err := strconv.ParseInt(string(m[1]), 10, 64); err == nil && n > e.last {
				e.last = n
			}
		}
		e.buf = e.buf[i+1:]
	}
	return len(b), nil
}

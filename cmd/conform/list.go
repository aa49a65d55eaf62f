package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
	"github.com/clockspec/clockspec/spec"
)

func listCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform list", flag.ContinueOnError)
	tags := fset.String("tags", "", "only scenarios matching the tag expression `EXPR`, e.g. @v1-case or '@v1 and not @decision'")
	var run, skip patterns
	fset.Var(&run, "run", "only ids matching these patterns")
	fset.Var(&skip, "skip", "leave out ids matching these patterns")
	shardFlag := fset.String("shard", "", "only shard `i/n` of the selection, as conform run --shard splits it")
	asJSON := fset.Bool("json", false, "print JSON instead of a table")
	if pos, err := parseFlags(fset, args, stdout, listHelp); err != nil {
		return err
	} else if len(pos) > 0 {
		return &usageError{fmt.Sprintf("list takes no arguments, only flags: %q; see conform list -h", pos)}
	}
	var shard conformance.Shard
	if *shardFlag != "" {
		var err error
		if shard, err = conformance.ParseShard(*shardFlag); err != nil {
			return err
		}
	}
	suite, err := features.Load(features.FS())
	if err != nil {
		return err
	}
	sel, err := conformance.Selection(suite, *tags, run, skip, shard)
	if err != nil {
		return err
	}
	return printList(stdout, stderr, sel, *asJSON)
}

// printList prints scenarios as conform list does: a table (id, tier,
// origins, title) on stdout and the count on stderr, or JSON.
func printList(stdout, stderr io.Writer, sel []*features.Scenario, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(sel)
	}
	// tabwriter writes a cell at a time: buffered, a table of the whole
	// suite is a few writes instead of ten thousand.
	out := bufio.NewWriter(stdout)
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIER\tORIGIN\tTITLE")
	for _, sc := range sel {
		origin := strings.Join(sc.Origins, ",")
		if origin == "" {
			origin = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", sc.ID, sc.Tier, origin, sc.Name)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d scenarios\n", len(sel))
	return nil
}

func recordCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform record", flag.ContinueOnError)
	ops := fset.String("ops", "", "only calls of these operations (comma-separated); default all")
	tags := fset.String("tags", "", "only scenarios matching the tag expression `EXPR`")
	if pos, err := parseFlags(fset, args, stdout, recordHelp); err != nil {
		return err
	} else if len(pos) > 0 {
		return &usageError{fmt.Sprintf("record takes no arguments, only flags: %q; see conform record -h", pos)}
	}
	want := map[string]bool{}
	for _, o := range strings.Split(*ops, ",") {
		if o = strings.TrimSpace(o); o != "" {
			want[o] = true
		}
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	var encErr error
	n := 0
	rep, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Tags: *tags, Level: conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, i int, op string, input json.RawMessage, res protocol.Result) {
			if len(want) > 0 && !want[op] {
				return
			}
			n++
			line := struct {
				ID     string          `json:"id"`
				Op     string          `json:"op"`
				Input  json.RawMessage `json:"input"`
				Output json.RawMessage `json:"output,omitempty"`
				Error  *protocol.Error `json:"error,omitempty"`
			}{fmt.Sprintf("%s#%d", sc.ID, i), op, input, res.Output, res.Error}
			if err := enc.Encode(line); err != nil && encErr == nil {
				encErr = err
			}
		},
	})
	if err != nil {
		return err
	}
	if encErr != nil {
		return encErr
	}
	if !rep.OK() {
		return fmt.Errorf("the reference failed scenarios while recording; run `conform` to see which")
	}
	fmt.Fprintf(stderr, "recorded %d calls\n", n)
	return nil
}

func versionCmd(args []string, stdout io.Writer) error {
	fset := flag.NewFlagSet("conform version", flag.ContinueOnError)
	if pos, err := parseFlags(fset, args, stdout, versionHelp); err != nil {
		return err
	} else if len(pos) > 0 {
		return &usageError{fmt.Sprintf("version takes no arguments: %q", pos)}
	}
	c, err := spec.Load()
	if err != nil {
		return err
	}
	names := make([]string, len(c.Profiles))
	for i, p := range c.Profiles {
		names[i] = p.Name
	}
	fmt.Fprintf(stdout, "spec %s (profiles %s)\nreference %s\ntzdata %s\nprotocol %s\n",
		spec.Version, strings.Join(names, ", "), reference.Version, tzdb.Version(), protocol.Version)
	return nil
}

package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
)

func listCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform list", flag.ContinueOnError)
	tags := fset.String("tags", "", "only scenarios matching the tag expression `EXPR`, e.g. @v1-case or '@v1 and not @decision'")
	var run, skip patterns
	fset.Var(&run, "run", "only ids matching these patterns")
	fset.Var(&skip, "skip", "leave out ids matching these patterns")
	shardFlag := fset.String("shard", "", "only shard `i/n` of the selection, as conform run --shard splits it")
	asJSON := fset.Bool("json", false, "print JSON instead of a table")
	byTier := fset.Bool("tiers", false, "print how many scenarios of each tier every profile has, instead of the scenarios")
	if pos, err := parseFlags(fset, args, stdout, listHelp); err != nil {
		return err
	} else if len(pos) > 0 {
		return &usageError{fmt.Sprintf("list takes no arguments, only flags: %q; see conform list -h", pos)}
	}
	var shard selection.Shard
	if *shardFlag != "" {
		var err error
		if shard, err = selection.ParseShard(*shardFlag); err != nil {
			return err
		}
	}
	suite, err := features.Load(features.FS())
	if err != nil {
		return err
	}
	sel, err := selection.Of(suite, selection.Filter{Tags: *tags, Run: run, Skip: skip, Shard: shard})
	if err != nil {
		return err
	}
	if *byTier {
		return printTiers(stdout, sel)
	}
	return printList(stdout, stderr, sel, *asJSON)
}

// printTiers prints, per profile of the selection, how many of its
// scenarios each tier holds: required (they alone decide conformance),
// recommended, decisions and extensions, then the selection's totals.
func printTiers(stdout io.Writer, sel []*features.Scenario) error {
	counts := map[string]map[features.Tier]int{}
	var profiles []string
	total := map[features.Tier]int{}
	for _, sc := range sel {
		if counts[sc.Profile] == nil {
			counts[sc.Profile] = map[features.Tier]int{}
			profiles = append(profiles, sc.Profile)
		}
		counts[sc.Profile][sc.Tier]++
		total[sc.Tier]++
	}
	sort.Strings(profiles)
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	row := func(name string, n map[features.Tier]int) {
		all := 0
		fmt.Fprintf(tw, "%s\t", name)
		for _, t := range features.Tiers {
			fmt.Fprintf(tw, "%d\t", n[t])
			all += n[t]
		}
		fmt.Fprintf(tw, "%d\t\n", all)
	}
	fmt.Fprintf(tw, "PROFILE\tREQUIRED\tRECOMMENDED\tDECISIONS\tEXTENSIONS\tSCENARIOS\t\n")
	for _, p := range profiles {
		row(p, counts[p])
	}
	row("all", total)
	return tw.Flush()
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

// recordCmd writes the corpus's calls (the reference's answers, as gen
// recorded them in goldens/) as JSON Lines for the JavaScript oracle: it
// reads the embedded corpus, in suite order, and runs nothing.
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
	suite, err := features.Load(features.FS())
	if err != nil {
		return err
	}
	// An operation no scenario calls would record nothing, silently: a
	// misspelt name is a mistake on the command line.
	called := map[string]bool{}
	for _, sc := range suite.Scenarios {
		for _, op := range sc.Ops {
			called[op] = true
		}
	}
	for op := range want {
		if !called[op] {
			msg := fmt.Sprintf("--ops: no scenario calls %q", op)
			if near := nearest(op, slices.Sorted(maps.Keys(called))); near != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", near)
			}
			return &usageError{msg + "; conform list prints the scenarios, spec/<profile>/operations.yaml the operations"}
		}
	}
	sel, err := selection.Of(suite, selection.Filter{Tags: *tags})
	if err != nil {
		return err
	}
	out := bufio.NewWriter(stdout)
	n := 0
	for _, sc := range sel {
		if len(want) > 0 && !slices.ContainsFunc(sc.Ops, func(op string) bool { return want[op] }) {
			continue // none of its calls is wanted: its file is not read
		}
		calls, err := conformance.ReadCorpus(goldens.FS(), sc.ID)
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("the corpus has no calls of %s (the reference writes the corpus: make gen)", sc.ID)
		}
		if err != nil {
			return err
		}
		for i, c := range calls {
			if len(want) > 0 && !want[c.Op] {
				continue
			}
			n++
			// {"id","op","input", then the answer's own member: "output" or "error"}
			id, _ := json.Marshal(fmt.Sprintf("%s#%d", sc.ID, i+1))
			op, _ := json.Marshal(c.Op)
			fmt.Fprintf(out, "{\"id\":%s,\"op\":%s,\"input\":%s,%s}\n", id, op, c.Input, c.Answer[1:len(c.Answer)-1])
		}
	}
	if err := out.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "recorded %d calls\n", n)
	return nil
}

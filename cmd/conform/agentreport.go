package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/clockspec/clockspec/conformance/agent"
)

var agentReportHelp = helpText{
	usage: "conform agent report [flags] DIR…",
	about: `Reads the agent-summary.json of each DIR (a folder conform agent --report wrote, or the file).

The shards of one run (conform agent --shard i/n) are merged into the run's verdict, printed as
conform agent prints it: every shard once, none missing, all of one run (the same agent, model,
system prompt, sampling, trials, judge, --run and shard count), else exit 2 saying which.

Several runs (different models, prompts, samplings; each whole or as its shards) are put side
by side: one line per run, and with --report DIR a leaderboard.html and leaderboard.json (per
run its verdict, tiers, tokens, retries and wall time; per scenario and per requirement each run's
pass^1…pass^n and passing trials).`,
	examples: []string{
		"conform agent report shard1 shard2\tone run's two shards (conform agent --shard i/2): its verdict, exit 0 or 1",
		"conform agent report --report board shard1 shard2 agent-out\tthat run beside another: board/leaderboard.html",
	},
	groups: []flagGroup{
		{"Verdict", []string{"require"}},
		{"Output", []string{"report", "json"}},
	},
	exit: `Exit status:
  0  one run: every scenario of the tiers --require names passed every trial; several runs: the
     comparison was written (each run's verdict is in it)
  1  one run: a scenario of those tiers failed a trial, or the judge could not judge one
  2  a DIR without a readable agent-summary.json, a run that could not happen, shards that are not
     one whole run (of different runs, given twice, or missing), a bad flag
`,
}

// agentReportCmd merges shards into one verdict, or lines runs up.
func agentReportCmd(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("conform agent report", flag.ContinueOnError)
	require := fs.String("require", "required", "`TIERS` whose failures fail one run's verdict: required, or all")
	reportDir := fs.String("report", "", "`DIR` write the merged run's agent-report.html and agent-summary.json, or leaderboard.html and leaderboard.json")
	jsonOut := fs.Bool("json", false, "print the merged agent-summary.json, or leaderboard.json, on stdout")
	dirs, err := parseFlags(fs, args, stdout, agentReportHelp)
	if err != nil {
		return exitUsage, err
	}
	if len(dirs) == 0 {
		return exitUsage, &usageError{"conform agent report needs the folders (or agent-summary.json files) of the runs or shards to read"}
	}
	tiers, err := requiredTiers(*require)
	if err != nil {
		return exitUsage, err
	}
	var srcs []agent.Source
	for _, d := range dirs {
		rep, err := agent.ReadReport(d)
		if err != nil {
			return exitUsage, err
		}
		srcs = append(srcs, agent.Source{Path: d, Report: rep})
	}
	runs, err := agent.Runs(srcs)
	if err != nil {
		return exitUsage, err
	}
	merged, err := agent.MergeRuns(runs)
	if err != nil {
		return exitUsage, err
	}
	if len(merged) == 1 {
		return oneVerdict(merged[0], tiers, *reportDir, *jsonOut, stdout, stderr)
	}
	lb := agent.NewLeaderboard(merged)
	if *reportDir != "" {
		if err := lb.WriteFiles(*reportDir); err != nil {
			return exitUsage, err
		}
	}
	if *jsonOut {
		b, _ := json.MarshalIndent(lb, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		lb.WriteText(stderr)
	}
	return exitOK, nil
}

// oneVerdict reports one (merged) run as conform agent does.
func oneVerdict(rep *agent.Report, tiers []string, dir string, jsonOut bool, stdout, stderr io.Writer) (int, error) {
	if dir != "" {
		if err := rep.WriteFiles(dir); err != nil {
			return exitUsage, err
		}
	}
	if jsonOut {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		rep.WriteSummary(stderr)
	}
	if !rep.Conforms(tiers...) {
		return exitFailed, nil
	}
	return exitOK, nil
}

// requiredTiers reads --require.
func requiredTiers(require string) ([]string, error) {
	switch require {
	case "required":
		return []string{agent.TierRequired}, nil
	case "all":
		return agent.Tiers, nil
	}
	return nil, &usageError{fmt.Sprintf("--require is required or all, not %q", require)}
}

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

var agentHelp = helpText{
	usage: "conform agent --agent SPEC [flags]    or    conform agent report [flags] DIR…",
	about: `Certifies what a chat agent does with time: the clock-agent profile's conversations (a virtual
clock, the user's zone, the policy; user turns and clock advances) against the agent's tool calls.
Each scenario runs --trials times; the summary gives per scenario and per requirement pass^k (all
k trials pass) and the pass rate with its 95 % Wilson interval, then the tiers, and last
"conform agent: N passed, M failed". --report DIR writes agent-report.html (the transcript of every
failing trial, with its tool calls and the clock) and agent-summary.json.

--agent is one of:
  openai+http://HOST/v1   an OpenAI-compatible chat-completions endpoint (Ollama, vLLM, llama.cpp,
                          hosted APIs) with --model and --system-prompt; the kit runs the tool loop
  exec:CMD ARG…           an agent that owns its loop, over JSON Lines (docs/agent-protocol.md)
  scripted:clock          the kit's scripted CLOCK agent; scripted:careful and scripted:asks-zone
                          just as right, asking more; scripted:FLAW a time-blind variant of it
                          (floating-utc, utc-calendar, stale-clock, fixed-abbreviations,
                          inferred-as-stated, unconfirmed-hold, side-message, override-first,
                          keeps-old-zone, inference-as-fact, ignores-skip, forgets-clock-it,
                          stores-everything: docs/agent-protocol.md)

Judged scenarios (a hedge, a question for updates) need --judge and --judge-model; without them
they are "not judged", never passed or failed.

For a model: --parallel N plays N conversations at once (the report is the one a serial run
gives); a request answered 429, 500, 502, 503 or 504, or whose connection was reset, is retried
--retries times with backoff (Retry-After honoured, at most --retry-wait in all), and counted; the
summary ends with the tokens the endpoint reported and the wall time. --shard i/n plays one part
of the selection; conform agent report DIR… merges the shards' folders into one verdict, or puts
several runs (models, prompts) side by side (see conform agent report -h).`,
	examples: []string{
		"conform agent --agent scripted:clock\tthe scripted CLOCK agent: every structural scenario passes",
		"conform agent --agent scripted:floating-utc --run 'clock-agent/floating/**'    # exit 1\ta time-blind variant, rejected",
		"conform agent --agent scripted:clock --trials 3 --run 'clock-agent/correction/**' --report agent-out\tthree trials each, with a report",
		"conform agent --list\tthe scenarios, their tiers and requirements",
		"conform agent --agent scripted:clock --run 'clock-agent/floating/**' --shard 1/2 --report shard1\tone half of a run (a CI job)",
		"conform agent --agent scripted:clock --run 'clock-agent/floating/**' --shard 2/2 --report shard2\tthe other half",
		"conform agent report shard1 shard2\tthe halves' verdict, as one run's (see conform agent report -h)",
	},
	groups: []flagGroup{
		{"The agent", []string{"agent", "model", "system-prompt", "api-key-env", "temperature", "seed", "timeout", "max-tool-calls"}},
		{"Its endpoint", []string{"parallel", "retries", "retry-wait", "max-consecutive-faults"}},
		{"What runs", []string{"run", "trials", "shard", "list"}},
		{"Judging", []string{"judge", "judge-model", "require"}},
		{"Output", []string{"report", "json"}},
	},
	exit: `Exit status:
  0  every scenario of the tiers --require names passed every trial (judged ones without a judge are
     not judged, never failed)
  1  a scenario of those tiers failed a trial (an assertion, or the agent's fault), or the judge could
     not judge one (that trial is not judged, never charged to the agent; the run is not certified)
  2  the run could not happen: a bad flag; an agent (or a judge) that cannot be started, or that no
     connection reaches, before its first answer; an endpoint that refuses the run's first request
     (401, 403 or 404: a wrong key, model name or URL; one message names the status and the body, keys
     redacted) — a refusal after an answer is that trial's fault; --max-consecutive-faults trials in a
     row faulted by the endpoint (an error after its retries, or a time-out), as a hung endpoint is
  129, 130, 143  interrupted (SIGHUP, SIGINT, SIGTERM): the agent's processes were stopped, no verdict
The agent protocol and how to certify a model or a framework: docs/agent-protocol.md.
`,
}

func agentCmd(args []string, stdout, stderr io.Writer) (int, error) {
	if len(args) > 0 && args[0] == "report" {
		return agentReportCmd(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("conform agent", flag.ContinueOnError)
	spec := fs.String("agent", "", "`SPEC` the agent: openai+http://HOST/v1, exec:CMD ARG…, scripted:clock or scripted:FLAW")
	model := fs.String("model", "", "`NAME` the model, for an openai+ agent")
	promptFile := fs.String("system-prompt", "", "`FILE` the system prompt, for an openai+ agent")
	keyEnv := fs.String("api-key-env", "OPENAI_API_KEY", "`VAR` the environment variable holding the agent endpoint's API key, if it needs one (sent to that endpoint only)")
	judgeKeyEnv := fs.String("judge-api-key-env", "", "`VAR` the environment variable holding the judge endpoint's API key (none by default: the agent's key never goes to the judge)")
	timeout := fs.Duration("timeout", 2*time.Minute, "per user turn (and per model request)")
	maxCalls := fs.Int("max-tool-calls", agentdriver.DefaultMaxToolCalls, "tool calls allowed in one turn; more is a tool_loop fault")
	runPat := fs.String("run", "", "`PATTERN` scenarios by id (* one segment part, ** any segments), comma-separated")
	trials := fs.Int("trials", 1, "`K` trials per scenario: pass^K and the pass rate")
	list := fs.Bool("list", false, "list the scenarios the run would play, and exit")
	judgeURL := fs.String("judge", "", "`openai+http://HOST/v1` a judge model for the judged tier")
	judgeModel := fs.String("judge-model", "", "`NAME` the judge's model")
	require := fs.String("require", "required", "`TIERS` whose failures fail the run: required, or all (every tier, judged when a judge is given)")
	reportDir := fs.String("report", "", "`DIR` write agent-report.html and agent-summary.json")
	jsonOut := fs.Bool("json", false, "print agent-summary.json's content on stdout instead of the summary")
	parallel := fs.Int("parallel", 1, "`N` conversations at once (1-64); the report is a serial run's")
	retries := fs.Int("retries", agentdriver.DefaultRetries, "`N` retries of a request answered 429, 500, 502, 503, 504 or cut off (0: none)")
	retryWait := fs.Duration("retry-wait", agentdriver.DefaultRetryWait, "the most one request's retries may wait in all")
	maxFaults := fs.Int("max-consecutive-faults", agent.DefaultMaxConsecutiveFaults, "`K` trials in a row faulted by the endpoint stop the run, exit 2 (0: never)")
	shardFlag := fs.String("shard", "", "play only shard `i/n` of the selection (dealt round-robin); merge with conform agent report")
	var temperature *float64
	var seed *int64
	fs.Func("temperature", "`T` the sampling temperature sent to an openai+ agent (by default none is sent)", func(v string) error {
		t, err := strconv.ParseFloat(v, 64)
		if err != nil || t < 0 || t > 2 || math.IsNaN(t) {
			return fmt.Errorf("want a number from 0 to 2, got %q", v)
		}
		temperature = &t
		return nil
	})
	fs.Func("seed", "`N` the sampling seed sent to an openai+ agent (by default none is sent)", func(v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("want a whole number, got %q", v)
		}
		seed = &n
		return nil
	})
	pos, err := parseFlags(fs, args, stdout, agentHelp)
	if err != nil {
		return exitUsage, err
	}
	if len(pos) > 0 {
		return exitUsage, &usageError{fmt.Sprintf("agent takes no arguments, only flags: %q; see conform agent -h", pos)}
	}
	scs, err := agent.Scenarios(features.FS())
	if err != nil {
		return exitUsage, err
	}
	if *runPat != "" {
		var pats []selection.Pattern
		for _, p := range strings.Split(*runPat, ",") {
			pat := selection.Pattern(strings.TrimSpace(p))
			if err := pat.Validate(); err != nil {
				return exitUsage, &usageError{fmt.Sprintf("--run: %v", err)}
			}
			pats = append(pats, pat)
		}
		scs = slices.DeleteFunc(scs, func(s *features.Scenario) bool {
			return !slices.ContainsFunc(pats, func(p selection.Pattern) bool { return p.Match(s.ID) })
		})
		if len(scs) == 0 {
			return exitUsage, &usageError{fmt.Sprintf("--run %q matches no clock-agent scenario; see conform agent --list", *runPat)}
		}
	}
	info := agent.RunInfo{Select: *runPat, Require: *require, Temperature: temperature, Seed: seed}
	info.Selection, info.Selected = selectionHash(scs), len(scs)
	if *shardFlag != "" {
		sh, err := selection.ParseShard(*shardFlag)
		if err != nil {
			return exitUsage, &usageError{fmt.Sprintf("--shard: %v", err)}
		}
		scs = shardOf(scs, sh)
		info.Shard = sh.String()
		if len(scs) == 0 {
			return exitUsage, &usageError{fmt.Sprintf("--shard %s: the selection has %d scenarios, so this shard has none", sh, info.Selected)}
		}
	}
	if *list {
		for _, s := range scs {
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\n", s.ID, agent.TierOf(s), strings.Join(s.Reqs, ","), s.Name)
		}
		fmt.Fprintf(stderr, "%d scenarios\n", len(scs))
		return exitOK, nil
	}
	if *trials < 1 {
		return exitUsage, &usageError{fmt.Sprintf("--trials must be at least 1, got %d", *trials)}
	}
	if *maxCalls < 1 {
		return exitUsage, &usageError{fmt.Sprintf("--max-tool-calls must be at least 1, got %d", *maxCalls)}
	}
	if *parallel < 1 || *parallel > 64 {
		return exitUsage, &usageError{fmt.Sprintf("--parallel is 1 to 64, got %d", *parallel)}
	}
	if *retries < 0 || *retries > 20 {
		return exitUsage, &usageError{fmt.Sprintf("--retries is 0 to 20, got %d", *retries)}
	}
	if *retryWait <= 0 {
		return exitUsage, &usageError{fmt.Sprintf("--retry-wait must be more than 0, got %s", *retryWait)}
	}
	if *maxFaults < 0 {
		return exitUsage, &usageError{fmt.Sprintf("--max-consecutive-faults is 0 (never) or more, got %d", *maxFaults)}
	}
	retry := agentdriver.Retry{Max: *retries, MaxWait: *retryWait}
	if *retries == 0 {
		retry.Max = -1 // the driver's zero is its default
	}
	var tiers []string
	switch *require {
	case "required":
		tiers = []string{agent.TierRequired}
	case "all":
		tiers = agent.Tiers
	default:
		return exitUsage, &usageError{fmt.Sprintf("--require is required or all, not %q", *require)}
	}
	a, err := agentFromSpec(*spec, modelOptions{model: *model, promptFile: *promptFile, apiKey: os.Getenv(*keyEnv), timeout: *timeout,
		maxCalls: *maxCalls, retry: retry, temperature: temperature, seed: seed}, &info)
	if err != nil {
		return exitUsage, err
	}
	var judge agent.Judge
	if *judgeURL != "" {
		base, ok := strings.CutPrefix(*judgeURL, "openai+")
		if !ok || *judgeModel == "" {
			return exitUsage, &usageError{"--judge is openai+http://HOST/v1 and needs --judge-model"}
		}
		var judgeKey string
		if *judgeKeyEnv != "" {
			judgeKey = os.Getenv(*judgeKeyEnv)
		}
		judge = &agentdriver.Judge{BaseURL: base, Model: *judgeModel, APIKey: judgeKey, Timeout: *timeout, Retry: retry}
		info.Judge = base + " model " + *judgeModel
	}
	consecutive := *maxFaults
	if consecutive == 0 {
		consecutive = -1 // never; Options' zero is the default
	}
	// Interrupted, the run stops its agent's processes (each conversation
	// ends its own) and gives no verdict.
	ctx, sig := interruptible(stderr)
	defer sig.stop()
	rep, err := agent.Run(ctx, agent.Options{Agent: a, Scenarios: scs, Trials: *trials, Judge: judge, Timeout: *timeout,
		Parallel: *parallel, MaxConsecutiveFaults: consecutive})
	if rep != nil {
		rep.Run = info
	}
	// The keys go only where they were given, and never into a report,
	// a summary or an error: whatever an endpoint echoed is redacted.
	secrets := []string{os.Getenv(*keyEnv)}
	if *judgeKeyEnv != "" {
		secrets = append(secrets, os.Getenv(*judgeKeyEnv))
	}
	if err != nil {
		err = errors.New(agent.RedactText(err.Error(), secrets...))
	}
	if rep != nil {
		if red, rerr := rep.Redacted(secrets...); rerr == nil {
			rep = red
		} else {
			return exitUsage, rerr
		}
	}
	if s := sig.caught(); s != nil {
		err = fmt.Errorf("%s: no verdict", interruptedText(s))
		if *reportDir != "" {
			none := &agent.Report{Agent: a.Name(), Trials: *trials, Judged: judge != nil, CouldNotRun: err.Error(), Run: info}
			_ = none.WriteFiles(*reportDir) // the previous run's files are not this one's
		}
		fmt.Fprintf(stderr, "conform: agent %v\n", err)
		return signalExit(s), nil
	}
	if err != nil {
		if *reportDir != "" {
			// The report says the run did not happen, so that a previous
			// run's files are not read as this one's.
			none := &agent.Report{Agent: a.Name(), Trials: *trials, Judged: judge != nil, CouldNotRun: err.Error(), Run: info}
			if werr := none.WriteFiles(*reportDir); werr != nil {
				return exitUsage, fmt.Errorf("%w (and the report could not be written: %v)", err, werr)
			}
		}
		return exitUsage, err
	}
	return oneVerdict(rep, tiers, *reportDir, *jsonOut, stdout, stderr)
}

// modelOptions are the flags an openai+ agent is built with.
type modelOptions struct {
	model, promptFile, apiKey string
	timeout                   time.Duration
	maxCalls                  int
	retry                     agentdriver.Retry
	temperature               *float64
	seed                      *int64
}

// selectionHash names a selection by its scenario ids, in order: shards
// of one run agree on it (and on its count), whatever their part.
func selectionHash(scs []*features.Scenario) string {
	h := sha256.New()
	for _, s := range scs {
		io.WriteString(h, s.ID+"\n")
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// shardOf is the shard's part of the selection: as conform run deals, the
// k-th scenario (from 0) goes to shard k mod n + 1.
func shardOf(scs []*features.Scenario, sh selection.Shard) []*features.Scenario {
	var out []*features.Scenario
	for k, s := range scs {
		if k%sh.Count == sh.Index-1 {
			out = append(out, s)
		}
	}
	return out
}

// agentFromSpec builds the agent --agent names, and notes in info what
// tells its runs apart (the system prompt's hash).
func agentFromSpec(spec string, mo modelOptions, info *agent.RunInfo) (agent.Agent, error) {
	model, promptFile := mo.model, mo.promptFile
	switch {
	case spec == "":
		return nil, &usageError{"conform agent needs --agent (openai+http://HOST/v1, exec:CMD or scripted:clock); see conform agent -h"}
	case strings.HasPrefix(spec, "openai+"):
		base := strings.TrimPrefix(spec, "openai+")
		if !strings.HasPrefix(base, "http://") && !strings.HasPrefix(base, "https://") {
			return nil, &usageError{fmt.Sprintf("--agent %q: after openai+ comes the endpoint's http:// or https:// base URL", spec)}
		}
		if model == "" {
			return nil, &usageError{"an openai+ agent needs --model"}
		}
		var prompt string
		if promptFile != "" {
			b, err := readUserFile("--system-prompt", promptFile, maxPromptBytes)
			if err != nil {
				return nil, err
			}
			prompt = string(b)
			sum := sha256.Sum256(b)
			info.SystemPrompt = hex.EncodeToString(sum[:])
		}
		return &agentdriver.OpenAI{BaseURL: base, Model: model, SystemPrompt: prompt, APIKey: mo.apiKey, Timeout: mo.timeout,
			MaxToolCalls: mo.maxCalls, Retry: mo.retry, Temperature: mo.temperature, Seed: mo.seed}, nil
	case mo.temperature != nil || mo.seed != nil:
		return nil, &usageError{fmt.Sprintf("--temperature and --seed are sent to an openai+ agent's endpoint; %q has none", spec)}
	case strings.HasPrefix(spec, "exec:"):
		argv, err := parseArgv("exec:", strings.TrimPrefix(spec, "exec:"))
		if err != nil {
			return nil, &usageError{fmt.Sprintf("--agent %q: %v", spec, err)}
		}
		return &agentdriver.JSONL{Argv: argv, MaxToolCalls: mo.maxCalls}, nil
	case strings.HasPrefix(spec, "scripted:"):
		if a, ok := scripted.ByName(strings.TrimPrefix(spec, "scripted:")); ok {
			return a, nil
		}
		return nil, &usageError{fmt.Sprintf("--agent %q: the scripted agents are %s", spec, strings.Join(scripted.Names(), ", "))}
	}
	return nil, &usageError{fmt.Sprintf("--agent %q: use openai+http://HOST/v1, exec:CMD or scripted:clock", spec)}
}

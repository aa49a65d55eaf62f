package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

var agentHelp = helpText{
	usage: "conform agent --agent SPEC [flags]",
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
  scripted:clock          the kit's scripted CLOCK agent; scripted:FLAW a time-blind variant of it
                          (floating-utc, fixed-abbreviations, inferred-as-stated, keeps-old-zone,
                          inference-as-fact)

Judged scenarios (a hedge, a question for updates) need --judge and --judge-model; without them
they are "not judged", never passed or failed.`,
	examples: []string{
		"conform agent --agent scripted:clock\tthe scripted CLOCK agent: every structural scenario passes",
		"conform agent --agent scripted:floating-utc --run 'clock-agent/floating/**'    # exit 1\ta time-blind variant, rejected",
		"conform agent --agent scripted:clock --trials 3 --run 'clock-agent/correction/**' --report agent-out\tthree trials each, with a report",
		"conform agent --list\tthe scenarios, their tiers and requirements",
	},
	groups: []flagGroup{
		{"The agent", []string{"agent", "model", "system-prompt", "api-key-env", "timeout", "max-tool-calls"}},
		{"What runs", []string{"run", "trials", "list"}},
		{"Judging", []string{"judge", "judge-model", "require"}},
		{"Output", []string{"report", "json"}},
	},
	exit: `Exit status:
  0  every scenario of the tiers --require names passed every trial (judged ones without a judge are
     not judged, never failed)
  1  a scenario of those tiers failed a trial (an assertion, or the agent's fault), or the judge could
     not judge one (that trial is not judged, never charged to the agent; the run is not certified)
  2  the run could not happen: a bad flag, an agent (or a judge) that cannot be started or reached before
     its first answer
  129, 130, 143  interrupted (SIGHUP, SIGINT, SIGTERM): the agent's processes were stopped, no verdict
The agent protocol and how to certify a model or a framework: docs/agent-protocol.md.
`,
}

func agentCmd(args []string, stdout, stderr io.Writer) (int, error) {
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
	var tiers []string
	switch *require {
	case "required":
		tiers = []string{agent.TierRequired}
	case "all":
		tiers = agent.Tiers
	default:
		return exitUsage, &usageError{fmt.Sprintf("--require is required or all, not %q", *require)}
	}
	a, err := agentFromSpec(*spec, *model, *promptFile, os.Getenv(*keyEnv), *timeout, *maxCalls)
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
		judge = &agentdriver.Judge{BaseURL: base, Model: *judgeModel, APIKey: judgeKey, Timeout: *timeout}
	}
	// Interrupted, the run stops its agent's processes (each conversation
	// ends its own) and gives no verdict.
	ctx, sig := interruptible(stderr)
	defer sig.stop()
	rep, err := agent.Run(ctx, agent.Options{Agent: a, Scenarios: scs, Trials: *trials, Judge: judge, Timeout: *timeout})
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
			none := &agent.Report{Agent: a.Name(), Trials: *trials, Judged: judge != nil, CouldNotRun: err.Error()}
			_ = none.WriteFiles(*reportDir) // the previous run's files are not this one's
		}
		fmt.Fprintf(stderr, "conform: agent %v\n", err)
		return signalExit(s), nil
	}
	if err != nil {
		if *reportDir != "" {
			// The report says the run did not happen, so that a previous
			// run's files are not read as this one's.
			none := &agent.Report{Agent: a.Name(), Trials: *trials, Judged: judge != nil, CouldNotRun: err.Error()}
			if werr := none.WriteFiles(*reportDir); werr != nil {
				return exitUsage, fmt.Errorf("%w (and the report could not be written: %v)", err, werr)
			}
		}
		return exitUsage, err
	}
	if *reportDir != "" {
		if err := rep.WriteFiles(*reportDir); err != nil {
			return exitUsage, err
		}
	}
	if *jsonOut {
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

// agentFromSpec builds the agent --agent names.
func agentFromSpec(spec, model, promptFile, apiKey string, timeout time.Duration, maxCalls int) (agent.Agent, error) {
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
		}
		return &agentdriver.OpenAI{BaseURL: base, Model: model, SystemPrompt: prompt, APIKey: apiKey, Timeout: timeout, MaxToolCalls: maxCalls}, nil
	case strings.HasPrefix(spec, "exec:"):
		argv, err := parseArgv("exec:", strings.TrimPrefix(spec, "exec:"))
		if err != nil {
			return nil, &usageError{fmt.Sprintf("--agent %q: %v", spec, err)}
		}
		return &agentdriver.JSONL{Argv: argv, MaxToolCalls: maxCalls}, nil
	case strings.HasPrefix(spec, "scripted:"):
		name := strings.TrimPrefix(spec, "scripted:")
		if name == "clock" {
			return &scripted.Agent{}, nil
		}
		for _, f := range scripted.Flaws {
			if string(f) == name {
				return &scripted.Agent{Flaw: f}, nil
			}
		}
		var names []string
		for _, f := range scripted.Flaws {
			names = append(names, string(f))
		}
		return nil, &usageError{fmt.Sprintf("--agent %q: the scripted agents are clock and %s", spec, strings.Join(names, ", "))}
	}
	return nil, &usageError{fmt.Sprintf("--agent %q: use openai+http://HOST/v1, exec:CMD or scripted:clock", spec)}
}

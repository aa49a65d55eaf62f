package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAgentCommand(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int
		out  string // in stdout or stderr
	}{
		{"the CLOCK agent conforms", []string{"agent", "--agent", "scripted:clock"}, exitOK, " passed, 0 failed"},
		{"a variant does not", []string{"agent", "--agent", "scripted:keeps-old-zone"}, exitFailed, "FAILED     required    clock-agent/correction/travelling-this-week"},
		{"not judged is not failed under --require all", []string{"agent", "--agent", "scripted:clock", "--require", "all", "--run", "clock-agent/inference/**"}, exitOK, "judged 0/2 (2 not judged)"},
		{"trials", []string{"agent", "--agent", "scripted:clock", "--trials", "3", "--run", "clock-agent/group/*"}, exitOK, "pass^3 1.00  rate 3/3 [0.44, 1.00]"},
		{"the Node example over the protocol", []string{"agent", "--agent", "exec:node ../../examples/agent-node/agent.js", "--run", "clock-agent/floating/oslo-spring-forward"}, exitOK, "1 passed, 0 failed"},
		{"list", []string{"agent", "--list", "--run", "clock-agent/abbreviations/**"}, exitOK, "clock-agent/abbreviations/ist-in-dublin\trequired\tAGT-ABBREVIATION,AGT-FLOATING-ANCHOR"},
		{"no agent", []string{"agent"}, exitUsage, "needs --agent"},
		{"unknown scripted agent", []string{"agent", "--agent", "scripted:psychic"}, exitUsage, "the scripted agents are clock, careful"},
		{"openai without a model", []string{"agent", "--agent", "openai+http://127.0.0.1:1/v1"}, exitUsage, "needs --model"},
		{"openai without a URL", []string{"agent", "--agent", "openai+ollama", "--model", "m"}, exitUsage, "http:// or https://"},
		{"a missing system prompt", []string{"agent", "--agent", "openai+http://127.0.0.1:1/v1", "--model", "m", "--system-prompt", filepath.Join(dir, "none.txt")}, exitUsage, "--system-prompt"},
		{"no trials", []string{"agent", "--agent", "scripted:clock", "--trials", "0"}, exitUsage, "--trials must be at least 1"},
		{"a pattern matching nothing", []string{"agent", "--agent", "scripted:clock", "--run", "clock-agent/nothing/**"}, exitUsage, "matches no clock-agent scenario"},
		{"a bad --require", []string{"agent", "--agent", "scripted:clock", "--require", "decisions"}, exitUsage, "--require is required or all"},
		{"a judge without a model", []string{"agent", "--agent", "scripted:clock", "--judge", "openai+http://127.0.0.1:1/v1"}, exitUsage, "needs --judge-model"},
		{"an agent that cannot start", []string{"agent", "--agent", "exec:/no/such/agent", "--run", "clock-agent/floating/oslo-winter"}, exitUsage, "could not be started"},
		{"a judge nothing listens at", []string{"agent", "--agent", "scripted:clock", "--judge", "openai+http://127.0.0.1:1/v1", "--judge-model", "m", "--run", "clock-agent/inference/hedged-reply"}, exitUsage, "the judge could not be started: no connection reached it"},
		{"an endpoint nothing listens at", []string{"agent", "--agent", "openai+http://127.0.0.1:1/v1", "--model", "m", "--run", "clock-agent/floating/oslo-winter"}, exitUsage, "no connection reached it"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, &stdout, &stderr)
			all := stdout.String() + stderr.String()
			if code != c.code || !strings.Contains(all, c.out) {
				t.Errorf("exit %d, want %d; want %q in:\n%s", code, c.code, c.out, all)
			}
		})
	}
}

func TestAgentCommandReport(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run([]string{"agent", "--agent", "scripted:floating-utc", "--run", "clock-agent/floating/oslo-*", "--report", dir, "--json"}, &stdout, &stderr)
	if code != exitFailed {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var rep struct {
		Scenarios []struct {
			ID     string
			Trials []struct{ Verdict, Message string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil || len(rep.Scenarios) != 2 {
		t.Fatalf("--json: %v %s", err, stdout.String())
	}
	html, err := os.ReadFile(filepath.Join(dir, "agent-report.html"))
	if err != nil || !strings.Contains(string(html), "clock-agent/floating/oslo-spring-forward — trial 1: failed") {
		t.Errorf("agent-report.html: %v", err)
	}
}

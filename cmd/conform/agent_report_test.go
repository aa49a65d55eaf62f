package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run that could not happen rewrites the report folder to say so: the
// previous run's agent-summary.json never stays behind as this run's.
func TestAgentReportOfARunThatCouldNotHappen(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := conform(t, "agent", "--agent", "scripted:clock", "--run", "clock-agent/floating/oslo-winter", "--report", dir); code != exitOK {
		t.Fatalf("the first run: exit %d\n%s", code, stderr)
	}
	code, _, stderr := conform(t, "agent", "--agent", "openai+http://127.0.0.1:1/v1", "--model", "m", "--run", "clock-agent/floating/oslo-winter", "--report", dir)
	if code != exitUsage {
		t.Fatalf("an agent nothing listens for: exit %d\n%s", code, stderr)
	}
	b, err := os.ReadFile(filepath.Join(dir, "agent-summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Agent       string            `json:"agent"`
		CouldNotRun string            `json:"could_not_run"`
		Scenarios   []json.RawMessage `json:"scenarios"`
	}
	if err := json.Unmarshal(b, &sum); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(sum.CouldNotRun, "no connection reached it") || len(sum.Scenarios) != 0 || !strings.HasPrefix(sum.Agent, "openai+") {
		t.Errorf("agent-summary.json after a run that could not happen: %s", b)
	}
	h, err := os.ReadFile(filepath.Join(dir, "agent-report.html"))
	if err != nil || !strings.Contains(string(h), "The run could not happen:") {
		t.Errorf("agent-report.html does not say the run could not happen (%v)", err)
	}
}

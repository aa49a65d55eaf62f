package main

import (
	"strings"
	"testing"
)

// The kit's agents are reachable by name: the right-but-different ones
// pass, a time-blind one fails, an unknown name lists them all.
func TestScriptedAgentsByName(t *testing.T) {
	for _, c := range []struct {
		agent, run string
		want       int
		says       string
	}{
		{"scripted:careful", "clock-agent/abbreviations/**", exitOK, " passed, 0 failed"},
		{"scripted:asks-zone", "clock-agent/floating/relative-needs-no-zone", exitOK, " passed, 0 failed"},
		{"scripted:utc-calendar", "clock-agent/floating/tokyo-*", exitFailed, "AGT-FLOATING-ANCHOR"},
		{"scripted:nope", "", exitUsage, "careful, asks-zone"},
	} {
		args := []string{"agent", "--agent", c.agent}
		if c.run != "" {
			args = append(args, "--run", c.run)
		}
		code, stdout, stderr := conform(t, args...)
		if code != c.want || !strings.Contains(stdout+stderr, c.says) {
			t.Errorf("%s: exit %d, want %d with %q:\n%s%s", c.agent, code, c.want, c.says, stdout, stderr)
		}
	}
}

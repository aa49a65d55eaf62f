package routing

import "time"

// DisallowedTools is seed item 9's initial blocklist, in the seed's order:
// SDK built-ins that assume an interactive Claude Code UI and would look
// stuck in the asynchronous chat model (AskUserQuestion does not block and
// returns a placeholder; NanoClaw has its own DB-backed MCP version).
// It is passed as query()'s disallowedTools, so the agent never sees them.
var DisallowedTools = []string{"AskUserQuestion", "EnterPlanMode", "ExitPlanMode", "EnterWorktree", "ExitWorktree"}

// ToolBlocked reports whether a tool is on the blocklist. SDK tool names
// are matched exactly, letter case included: "askuserquestion" is not the
// SDK tool, and mcp__nanoclaw__ask_user_question is the allowed replacement.
func ToolBlocked(name string) bool {
	for _, t := range DisallowedTools {
		if t == name {
			return true
		}
	}
	return false
}

// ToolCallResult is the PreToolUse guard's decision for one tool call.
type ToolCallResult struct {
	Allowed bool    `json:"allowed"`
	Kill    bool    `json:"kill"`
	Resets  []Reset `json:"resets"`
}

// ToolCall is the PreToolUse hook guard (defense in depth behind
// disallowedTools): a blocklisted tool that fires anyway is treated as
// stuck — the container is killed and the messages it was processing are
// reset at once, exactly as the sweep resets a stuck claim (tries + 1 and
// backoff, or failed after MaxTries).
func ToolCall(name string, now time.Time, claims []Claim) (ToolCallResult, error) {
	seen := map[string]bool{}
	for _, c := range claims {
		if seen[c.MessageID] {
			return ToolCallResult{}, &DuplicateClaimError{c.MessageID}
		}
		seen[c.MessageID] = true
	}
	if !ToolBlocked(name) {
		return ToolCallResult{Allowed: true, Resets: []Reset{}}, nil
	}
	return ToolCallResult{Kill: true, Resets: resetAll(claims, now)}, nil
}

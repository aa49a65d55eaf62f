@routing
Feature: The SDK tool blocklist
  Some Claude Agent SDK built-ins assume an interactive Claude Code UI and would look stuck in a
  chat (seed 001 item 9): AskUserQuestion (NanoClaw has its own DB-backed MCP version),
  EnterPlanMode, ExitPlanMode, EnterWorktree and ExitWorktree. They are passed to query() as
  disallowedTools, so the agent never sees them; should one fire anyway, the PreToolUse guard
  treats the container as stuck — kill it and reset the messages it was processing.

  @req:ROUTING-TOOLS-DISALLOWED @id:routing/tools/disallowed-list
  Scenario: the disallowedTools passed to query()
    When I call "routing.disallowed_tools" with {}
    Then the output is:
      """json
      {"disallowed_tools": ["AskUserQuestion", "EnterPlanMode", "ExitPlanMode", "EnterWorktree", "ExitWorktree"]}
      """
    When I call "routing.disallowed_tools" with {"tools": []}
    Then the error code is "invalid_input"

  @req:ROUTING-TOOLS-GUARD @id:routing/tools/guard
  Scenario Outline: which tool calls the guard lets through
    When I call "routing.tool_allowed" with {"tool": "<tool>"}
    Then the output "allowed" is <allowed>
    And the output "kill" is <kill>

    Examples: the blocklist
      | case              | tool            | allowed | kill  |
      | ask-user-question | AskUserQuestion | false   | true  |
      | enter-plan-mode   | EnterPlanMode   | false   | true  |
      | exit-plan-mode    | ExitPlanMode    | false   | true  |
      | enter-worktree    | EnterWorktree   | false   | true  |
      | exit-worktree     | ExitWorktree    | false   | true  |

    Examples: everything else
      | case              | tool                            | allowed | kill  |
      | bash              | Bash                            | true    | false |
      | web-fetch         | WebFetch                        | true    | false |
      | mcp-ask           | mcp__nanoclaw__ask_user_question | true   | false |
      | empty-name        |                                 | true    | false |

  @decision @req:ROUTING-TOOLS-GUARD @id:routing/tools/exact-names
  Scenario Outline: names are matched exactly
    The seed lists the blocklisted names ("disallowedTools: [...]", "if a blocklisted tool name
    somehow fires") but not how names compare. SDK tool names are identifiers, passed to
    disallowedTools verbatim; a differently spelt name is another tool (mcp__AskUserQuestion is
    the seed's "own DB-backed MCP version"), and the guard must not kill a container over it.
    When I call "routing.tool_allowed" with {"tool": "<tool>"}
    Then the output "allowed" is true

    Examples:
      | case             | tool               |
      | lower-case       | askuserquestion    |
      | camel-case       | askUserQuestion    |
      | trailing-space   | AskUserQuestion\u0020 |
      | prefixed         | mcp__AskUserQuestion |

  @req:ROUTING-TOOLS-GUARD @req:ROUTING-SWEEP-RESET @id:routing/tools/stuck-reset
  Scenario: a blocked call resets the processing messages as the sweep resets a stuck one
    When I call "routing.tool_allowed" with:
      """json
      {"tool": "AskUserQuestion", "now": "2026-03-01T12:00:00.000Z",
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:58.000Z", "tries": 0},
                  {"message_id": "m2", "claimed_at": "2026-03-01T11:59:58.000Z", "tries": 5}]}
      """
    Then the output is:
      """json
      {"allowed": false, "kill": true,
       "resets": [{"message_id": "m1", "status": "pending", "tries": 1, "backoff_ms": 5000, "process_after": "2026-03-01T12:00:05.000Z"},
                  {"message_id": "m2", "status": "failed", "tries": 5, "backoff_ms": null, "process_after": null}]}
      """
    When I call "routing.tool_allowed" with:
      """json
      {"tool": "Bash", "now": "2026-03-01T12:00:00.000Z",
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:58.000Z", "tries": 0}]}
      """
    Then the output is:
      """json
      {"allowed": true, "kill": false, "resets": []}
      """

  @req:ROUTING-TOOLS-GUARD @id:routing/tools/input-shape
  Scenario: claims need now; the tool is a name
    When I call "routing.tool_allowed" with {"tool": "AskUserQuestion", "claims": []}
    Then the error code is "invalid_input"
    When I call "routing.tool_allowed" with {"tool": null}
    Then the error code is "invalid_input"
    When I call "routing.tool_allowed" with {"tool": "AskUserQuestion", "now": "2026-03-01T12:00:00.000Z", "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:58.000Z", "tries": 0}, {"message_id": "m1", "claimed_at": "2026-03-01T11:59:59.000Z", "tries": 0}]}
    Then the error code is "duplicate_claim"

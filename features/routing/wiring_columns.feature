@routing
Feature: Wiring columns — the response_scope backfill and the channel-kind defaults
  The item-1 migration drops trigger_rules and response_scope and backfills four columns:
  engage_mode, engage_pattern, sender_scope, ignored_message_policy (seed 001 items 1 and 4).
  New channels get their columns from the setup/register flow's defaults by channel kind.

  In the tables trigger_rules is the legacy column's text, written as a JSON string (so its
  quotes appear as \").

  @req:ROUTING-BACKFILL @id:routing/wiring-columns/backfill-table
  Scenario Outline: the seed's backfill table
    When I call "routing.backfill_response_scope" with {"response_scope": "<scope>", "trigger_rules": <rules>}
    Then the output is:
      """json
      {"engage_mode": "<mode>", "engage_pattern": <pattern>, "sender_scope": "<sender_scope>", "ignored_message_policy": "drop"}
      """

    Examples:
      | case                     | scope       | rules                       | mode    | pattern | sender_scope |
      | all                      | all         | null                        | pattern | "."     | all          |
      | triggered                | triggered   | null                        | mention | null    | all          |
      | triggered-with-pattern   | triggered   | "{\"pattern\": \"^hey\"}"   | pattern | "^hey"  | all          |
      | allowlisted              | allowlisted | null                        | mention | null    | known        |
      | allowlisted-with-pattern | allowlisted | "{\"pattern\": \"^hey\"}"   | pattern | "^hey"  | known        |

  @req:ROUTING-BACKFILL @id:routing/wiring-columns/backfill-all-unconditional
  Scenario Outline: all is pattern '.' whatever trigger_rules holds
    The seed's row for all has no qualifier: the row answered every message, so a leftover
    legacy pattern (never enforced — trigger filtering was non-functional) does not narrow it.
    When I call "routing.backfill_response_scope" with {"response_scope": "all", "trigger_rules": <rules>}
    Then the output "engage_mode" is "pattern"
    And the output "engage_pattern" is "."
    And the output "sender_scope" is "all"

    Examples:
      | case              | rules                                           |
      | legacy-pattern    | "{\"pattern\": \"^hey\"}"                       |
      | requires-trigger  | "{\"requiresTrigger\": true}"                   |

  @req:ROUTING-BACKFILL-RULES @id:routing/wiring-columns/backfill-derived
  Scenario Outline: how an engage mode is derived from trigger_rules
    For triggered the seed's row says "engage_mode='mention' (or 'pattern' if legacy row has a
    pattern)": those rows are required. The seed says allowlisted takes its mode "derived from
    trigger_rules" without a rule, and is silent on what counts as a legacy pattern in rules that
    are not a JSON object with a non-empty string pattern: those rows are decisions. The
    legacy rules had a pattern and v1's requiresTrigger: a pattern wins, requiresTrigger false
    means "no trigger needed" (pattern '.'), anything else needs a mention. For triggered the
    seed's row names only the pattern exception, so requiresTrigger is not consulted there.
    When I call "routing.backfill_response_scope" with {"response_scope": "<scope>", "trigger_rules": <rules>}
    Then the output "engage_mode" is "<mode>"
    And the output "engage_pattern" is <pattern>

    Examples:
      | case                          | scope       | rules                                                  | mode    | pattern |
      | triggered-no-trigger          | triggered   | "{\"requiresTrigger\": false}"                         | mention | null    |
      | triggered-pattern-verbatim    | triggered   | "{\"pattern\": \" (?i)hey \"}"                          | pattern | " (?i)hey " |

    @decision @req:ROUTING-BACKFILL-LEGACY
    Examples: where the seed gives no rule
      | case                          | scope       | rules                                                  | mode    | pattern |
      | allowlisted-no-trigger        | allowlisted | "{\"requiresTrigger\": false}"                         | pattern | "."     |
      | allowlisted-trigger-needed    | allowlisted | "{\"requiresTrigger\": true}"                          | mention | null    |
      | allowlisted-pattern-wins      | allowlisted | "{\"pattern\": \"^hey\", \"requiresTrigger\": false}"  | pattern | "^hey"  |
      | allowlisted-string-false      | allowlisted | "{\"requiresTrigger\": \"false\"}"                     | mention | null    |
      | allowlisted-zero              | allowlisted | "{\"requiresTrigger\": 0}"                             | mention | null    |
      | allowlisted-null              | allowlisted | "{\"requiresTrigger\": null}"                          | mention | null    |
      | triggered-empty-pattern       | triggered   | "{\"pattern\": \"\"}"                                  | mention | null    |
      | triggered-pattern-not-string  | triggered   | "{\"pattern\": 5}"                                     | mention | null    |
      | triggered-not-json            | triggered   | "pattern=^hey"                                         | mention | null    |
      | triggered-json-array          | triggered   | "[\"^hey\"]"                                           | mention | null    |
      | triggered-json-null           | triggered   | "null"                                                 | mention | null    |

  @decision @req:ROUTING-BACKFILL @id:routing/wiring-columns/backfill-null-scope
  Scenario: a NULL response_scope is the column's default, all
    The seed's backfill table has no row for NULL. The legacy column was
    `response_scope TEXT DEFAULT 'all'`, nullable, so NULL is taken as its default.
    When I call "routing.backfill_response_scope" with {"response_scope": null, "trigger_rules": null}
    Then the output is:
      """json
      {"engage_mode": "pattern", "engage_pattern": ".", "sender_scope": "all", "ignored_message_policy": "drop"}
      """
    When I call "routing.backfill_response_scope" with {}
    Then the output "engage_pattern" is "."

  @decision @req:ROUTING-BACKFILL-UNKNOWN @id:routing/wiring-columns/backfill-unknown-scope
  Scenario Outline: a value outside the table is refused, not guessed
    The seed's backfill table has three rows and is silent on any other value; one means the database is not what the
    migration was written for, and a guess would change who may talk to the agent.
    When I call "routing.backfill_response_scope" with {"response_scope": "<scope>", "trigger_rules": null}
    Then the error code is "unknown_response_scope"

    Examples:
      | case        | scope     |
      | empty       |           |
      | upper-case  | ALL       |
      | other       | everyone  |

  @req:ROUTING-CHANNEL-DEFAULTS @id:routing/wiring-columns/channel-defaults
  Scenario Outline: a new channel's wiring by channel kind
    The seed gives the engage mode per kind ("DM → pattern with '.'", "Threaded group →
    mention-sticky", "Non-threaded group → mention"); sender_scope and ignored_message_policy
    take the schema's defaults ("DEFAULT 'all'", "DEFAULT 'drop'"). A DM is pattern '.' even
    on a platform with threads: every DM message is addressed to the bot anyway.
    When I call "routing.channel_defaults" with {"kind": "<kind>", "threaded": <threaded>}
    Then the output is:
      """json
      {"engage_mode": "<mode>", "engage_pattern": <pattern>, "sender_scope": "all", "ignored_message_policy": "drop"}
      """

    Examples:
      | case              | kind  | threaded | mode           | pattern |
      | dm                | dm    | false    | pattern        | "."     |
      | dm-with-threads   | dm    | true     | pattern        | "."     |
      | threaded-group    | group | true     | mention-sticky | null    |
      | plain-group       | group | false    | mention        | null    |

  @req:ROUTING-CHANNEL-DEFAULTS @id:routing/wiring-columns/channel-defaults-unthreaded
  Scenario: a group is unthreaded unless it says otherwise
    When I call "routing.channel_defaults" with {"kind": "group"}
    Then the output "engage_mode" is "mention"
    When I call "routing.channel_defaults" with {"kind": "thread"}
    Then the error code is "invalid_input"

@routing
Feature: Engage modes
  Each wiring of a messaging group decides on its own whether a message engages it (seed 001
  item 1): pattern (a JavaScript regex; '.' means always), mention (the bot is addressed) or
  mention-sticky (addressed, or in a thread an earlier mention subscribed). The messaging groups
  here are public, so every sender passes the gate and only the engage check is at work.

  @req:ROUTING-ENGAGE-MENTION @req:ROUTING-ENGAGE-STICKY @req:ROUTING-ENGAGE-PATTERN @id:routing/engage/modes
  Scenario Outline: which messages engage which mode
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "<text>", "mentions_bot": <mention>, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "<kind>", "threaded": true, "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "<mode>", "engage_pattern": <pattern>}],
       "thread_subscribed": <subscribed>}
      """
    Then the output "wirings.0.outcome" is "<outcome>"
    And the output "wirings.0.reason" is "<reason>"
    And the output "subscribe_thread" is <subscribe>

    Examples: mention needs the bot addressed; a thread subscription does not count
      | case                         | kind  | mode   | pattern | text | mention | subscribed | outcome | reason      | subscribe |
      | mention-mentioned            | group | mention | null   | hi   | true    | false      | wake    | engaged     | false     |
      | mention-not-mentioned        | group | mention | null   | hi   | false   | false      | skip    | not_engaged | false     |
      | mention-subscribed-thread    | group | mention | null   | hi   | false   | true       | skip    | not_engaged | false     |
      | mention-pattern-ignored      | group | mention | "^hi"  | hi   | false   | false      | skip    | not_engaged | false     |

    Examples: mention-sticky also engages in a subscribed thread, and subscribes on its first mention
      | case                         | kind  | mode           | pattern | text | mention | subscribed | outcome | reason      | subscribe |
      | sticky-first-mention         | group | mention-sticky | null    | hi   | true    | false      | wake    | engaged     | true      |
      | sticky-mention-subscribed    | group | mention-sticky | null    | hi   | true    | true       | wake    | engaged     | false     |
      | sticky-follow-up             | group | mention-sticky | null    | hi   | false   | true       | wake    | engaged     | false     |
      | sticky-unsubscribed-chatter  | group | mention-sticky | null    | hi   | false   | false      | skip    | not_engaged | false     |

    Examples: pattern looks at the text only
      | case                         | kind  | mode    | pattern    | text          | mention | subscribed | outcome | reason      | subscribe |
      | pattern-match                | group | pattern | "^deploy"  | deploy now    | false   | false      | wake    | engaged     | false     |
      | pattern-no-match             | group | pattern | "^deploy"  | please deploy | false   | false      | skip    | not_engaged | false     |
      | pattern-mention-irrelevant   | group | pattern | "^deploy"  | hello         | true    | false      | skip    | not_engaged | false     |
      | pattern-case-sensitive       | group | pattern | "^deploy"  | Deploy        | false   | false      | skip    | not_engaged | false     |
      | pattern-in-dm                | dm    | pattern | "^deploy"  | hello         | false   | false      | skip    | not_engaged | false     |

  @decision @req:ROUTING-ENGAGE-MENTION @id:routing/engage/dm-is-addressed
  Scenario Outline: in a DM every message addresses the bot
    The seed is silent on DMs here: "For mention / mention-sticky: require bot to be mentioned"
    does not say whether a direct message is a mention. A direct message is addressed to the bot
    by nature: chat SDKs report DMs as mentions, and seed item 22 counts "a new user DMs the
    agent" as reaching it. So mention and mention-sticky
    wirings of a DM engage without a platform mention.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "mentions_bot": false, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm1", "kind": "dm", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "<mode>"}]}
      """
    Then the output "wirings.0.outcome" is "wake"
    And the output "subscribe_thread" is <subscribe>

    Examples:
      | case           | mode           | subscribe |
      | mention        | mention        | false     |
      | mention-sticky | mention-sticky | true      |

  @req:ROUTING-ENGAGE-ALWAYS @id:routing/engage/always
  Scenario Outline: the pattern '.' means always, even where JavaScript's /./ fails
    The seed defines engage_pattern '.' as "always" ("'.' = always") and collapses the legacy
    `always` mode into it, but also says a pattern is "applied as new RegExp(pattern).test(text)",
    and new RegExp('.').test('') is false. For an empty text (an attachment-only message) or one
    made only of line terminators the seed permits both answers, so those rows are a decision:
    the kit engages, as "always" says. Only the exact string '.' is the sentinel; an equivalent
    regex such as (?:.) keeps JavaScript's meaning.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "<text>", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm1", "kind": "dm", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "<pattern>"}]}
      """
    Then the output "wirings.0.outcome" is "<outcome>"

    Examples:
      | case                   | pattern | text          | outcome |
      | always-text            | .       | hi            | wake    |
      | regex-dot-text         | (?:.)   | hi            | wake    |
      | regex-dot-empty        | (?:.)   |               | skip    |
      | regex-dot-newline      | (?:.)   | \u000a        | skip    |
      | regex-dot-plus-empty   | .+      |               | skip    |
      | regex-space-dot        | \u0020. | .             | skip    |

    @decision
    Examples: where "always" and new RegExp('.') disagree
      | case                   | pattern | text          | outcome |
      | always-empty           | .       |               | wake    |
      | always-newline         | .       | \u000a        | wake    |
      | always-crlf            | .       | \u000d\u000a  | wake    |
      | always-line-separator  | .       | \u2028        | wake    |

  @decision @req:ROUTING-ENGAGE-PATTERN @id:routing/engage/invalid-pattern
  Scenario Outline: a pattern JavaScript rejects never engages, and spares the other wirings
    The seed is silent on a pattern that is not a valid regex: "pattern is a JS regex string —
    applied as new RegExp(pattern).test(text)", and new RegExp would throw. Engaging on everything would make a narrowly triggered agent answer
    every message in the channel; throwing would lose the message for every wiring. So the
    wiring does not engage (it may still accumulate) and is reported as invalid_pattern.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "deploy (now", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "<pattern>", "ignored_message_policy": "<policy>"},
                   {"agent_group": "ag2", "engage_mode": "mention"}]}
      """
    Then the output "wirings.0.outcome" is "<outcome>"
    And the output "wirings.0.reason" is "invalid_pattern"
    And the output "wirings.1.outcome" is "wake"

    Examples:
      | case                  | pattern   | policy     | outcome |
      | unterminated-drop     | deploy (  | drop       | skip    |
      | unterminated-keep     | deploy (  | accumulate | context |
      | inline-flag-drop      | (?i)deploy | drop      | skip    |

  @req:ROUTING-ENGAGE-PATTERN @id:routing/engage/pattern-required
  Scenario: engage_pattern is required in pattern mode
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern"}]}
      """
    Then the error code is "invalid_input"
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": null}]}
      """
    Then the error code is "invalid_input"
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "always"}]}
      """
    Then the error code is "invalid_input"

  @decision @req:ROUTING-ENGAGE-PATTERN @id:routing/engage/text-required
  Scenario: a message without text is sent as "", never left out
    The seed is silent on a message without text ("new RegExp(pattern).test(text)" assumes one).
    JavaScript's test(undefined) tests the string "undefined" (so /u/ would match a message
    without text); no implementation should copy that accident, so text is required.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "u"}]}
      """
    Then the error code is "invalid_input"

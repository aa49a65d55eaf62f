@routing
Feature: Fan-out, sender scope and accumulate or drop
  An inbound message goes to every wiring of its messaging group that takes it, each into its
  own session (seed 001 item 1): engaged → stored with trigger 1 (wake), not engaged → stored
  with trigger 0 under accumulate (context only) or skipped under drop. sender_scope 'known'
  is checked first and admits only owners, admins and members of the wiring's agent group.

  @req:ROUTING-FANOUT @req:ROUTING-TRIGGER @id:routing/fan-out/three-agents
  Scenario: every matching wiring gets the message in its own session
    ag1 has a session with this messaging group; ag2 has none yet, so the host creates one;
    ag3 did not engage and accumulates; ag4 did not engage and drops.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m7", "sender": "tg:ann", "sender_name": "Ann", "text": "@bot deploy please", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.250Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"},
                   {"agent_group": "ag2", "engage_mode": "pattern", "engage_pattern": "deploy"},
                   {"agent_group": "ag3", "engage_mode": "pattern", "engage_pattern": "^status", "ignored_message_policy": "accumulate"},
                   {"agent_group": "ag4", "engage_mode": "pattern", "engage_pattern": "^status"}],
       "sessions": [{"id": "s1", "agent_group": "ag1", "messaging_group": "mg1"},
                    {"id": "s9", "agent_group": "ag2", "messaging_group": "mg9"}]}
      """
    Then the output is:
      """json
      {"wirings": [{"agent_group": "ag1", "outcome": "wake", "reason": "engaged"},
                   {"agent_group": "ag2", "outcome": "wake", "reason": "engaged"},
                   {"agent_group": "ag3", "outcome": "context", "reason": "not_engaged"},
                   {"agent_group": "ag4", "outcome": "skip", "reason": "not_engaged"}],
       "deliveries": [{"agent_group": "ag1", "session": "s1", "trigger": 1, "timestamp": "2026-03-01T10:00:00.250Z"},
                      {"agent_group": "ag2", "session": null, "trigger": 1, "timestamp": "2026-03-01T10:00:00.250Z"},
                      {"agent_group": "ag3", "session": null, "trigger": 0, "timestamp": "2026-03-01T10:00:00.250Z"}],
       "subscribe_thread": false, "dropped": null, "wiring_created": null,
       "pending_sender_approval": null, "pending_channel_approval": null,
       "delete_pending_channel_approval": false, "card": null}
      """

  @req:ROUTING-TRIGGER @id:routing/fan-out/trigger-table
  Scenario Outline: engaged wakes; not engaged accumulates as context or is dropped
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "mentions_bot": <mention>, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention", "ignored_message_policy": "<policy>"}]}
      """
    Then the output "wirings.0.outcome" is "<outcome>"
    And the output "dropped" is <dropped>

    Examples:
      | case                   | mention | policy     | outcome | dropped            |
      | engaged-drop           | true    | drop       | wake    | null               |
      | engaged-accumulate     | true    | accumulate | wake    | null               |
      | ignored-accumulate     | false   | accumulate | context | null               |
      | ignored-drop           | false   | drop       | skip    | "no_agent_engaged" |

  @req:ROUTING-TRIGGER @id:routing/fan-out/trigger-values
  Scenario Outline: the stored row's trigger is 1 to wake and 0 for context
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "mentions_bot": <mention>, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention", "ignored_message_policy": "accumulate"}]}
      """
    Then the output "deliveries.0.trigger" is <trigger>

    Examples:
      | case        | mention | trigger |
      | mentioned   | true    | 1       |
      | unmentioned | false   | 0       |

  @req:ROUTING-TRIGGER @id:routing/fan-out/drop-is-default
  Scenario: ignored_message_policy defaults to drop
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"}]}
      """
    Then the output "wirings.0.outcome" is "skip"
    And the output "dropped" is "no_agent_engaged"

  @req:ROUTING-TRIGGER @id:routing/fan-out/event-timestamp-kept
  Scenario: a stored message keeps the event's timestamp exactly as sent
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "mentions_bot": true, "timestamp": "2026-03-01T11:00:00+01:00"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"}]}
      """
    Then the output "deliveries.0.timestamp" is "2026-03-01T11:00:00+01:00"

  @req:ROUTING-SENDER-SCOPE @id:routing/fan-out/sender-scope
  Scenario Outline: sender_scope known admits owners, admins and members of the wiring's agent group
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": <sender>, "text": "hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention", "sender_scope": "<scope>"}],
       "roles": [{"user": "tg:owner", "role": "owner"},
                 {"user": "tg:admin", "role": "admin", "agent_group": null},
                 {"user": "tg:ag1-admin", "role": "admin", "agent_group": "ag1"},
                 {"user": "tg:ag2-admin", "role": "admin", "agent_group": "ag2"}],
       "members": [{"user": "tg:ag1-member", "agent_group": "ag1"},
                   {"user": "tg:ag2-member", "agent_group": "ag2"}]}
      """
    Then the output "wirings.0.outcome" is "<outcome>"
    And the output "wirings.0.reason" is "<reason>"

    Examples:
      | case               | scope | sender           | outcome | reason       |
      | known-owner        | known | "tg:owner"       | wake    | engaged      |
      | known-global-admin | known | "tg:admin"       | wake    | engaged      |
      | known-group-admin  | known | "tg:ag1-admin"   | wake    | engaged      |
      | known-member       | known | "tg:ag1-member"  | wake    | engaged      |
      | other-group-admin  | known | "tg:ag2-admin"   | skip    | sender_scope |
      | other-group-member | known | "tg:ag2-member"  | skip    | sender_scope |
      | stranger           | known | "tg:stranger"    | skip    | sender_scope |
      | unidentified       | known | null             | skip    | sender_scope |
      | all-stranger       | all   | "tg:stranger"    | wake    | engaged      |
      | all-unidentified   | all   | null             | wake    | engaged      |

  @decision @req:ROUTING-SENDER-SCOPE @id:routing/fan-out/scope-refusal-not-accumulated
  Scenario Outline: a sender refused by sender_scope is not kept as context
    The seed checks sender_scope before the engage mode and lists accumulate only for messages
    that did not engage. sender_scope is a permission: storing an out-of-scope sender's message
    as context would put it in the agent's prompt all the same.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:stranger", "text": "hi", "mentions_bot": <mention>, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention", "sender_scope": "known", "ignored_message_policy": "accumulate"}]}
      """
    Then the output "wirings.0.outcome" is "skip"
    And the output "wirings.0.reason" is "sender_scope"
    And the output "dropped" is "no_agent_engaged"

    Examples:
      | case        | mention |
      | mentioned   | true    |
      | unmentioned | false   |

  @decision @req:ROUTING-ENGAGE-STICKY @id:routing/fan-out/subscribe-needs-sticky-engagement
  Scenario Outline: only an engaging mention-sticky wiring subscribes the thread
    The bridge subscribes "only when mode is mention-sticky"; a sticky wiring that refused the
    sender must not make the bot follow the thread on a stranger's mention.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "threaded": true, "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"},
                   {"agent_group": "ag2", "engage_mode": "mention-sticky", "sender_scope": "<scope>"}],
       "members": [{"user": "tg:ann", "agent_group": "ag1"}]}
      """
    Then the output "subscribe_thread" is <subscribe>
    And the output "wirings.0.outcome" is "wake"

    Examples:
      | case            | scope | subscribe |
      | sticky-engaged  | all   | true      |
      | sticky-refused  | known | false     |

  @req:ROUTING-WIRING-UNIQUE @id:routing/fan-out/duplicate-wiring
  Scenario: a messaging group is wired to an agent group at most once
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"},
                   {"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}]}
      """
    Then the error code is "duplicate_wiring"

  @req:ROUTING-FANOUT @id:routing/fan-out/input-shape
  Scenario: the input is closed and its state is explicit
    A misspelt field must not silently take a default, so unknown fields are refused; the
    wirings are required, even when there are none.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "mention_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group"},
       "wirings": []}
      """
    Then the error code is "invalid_input"
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group"}}
      """
    Then the error code is "invalid_input"
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01 10:00"},
       "messaging_group": {"id": "mg1", "kind": "group"},
       "wirings": []}
      """
    Then the error code is "invalid_input"
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "channel"},
       "wirings": []}
      """
    Then the error code is "invalid_input"

  @req:ROUTING-FANOUT @id:routing/fan-out/required-choices
  Scenario: a wiring's engage_mode and the messaging group's kind are required
    Neither has a default in the seed's schema: a wiring without a mode or a group without a kind
    is refused, not routed as if it had one.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_pattern": "."}]}
      """
    Then the error code is "invalid_input"
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ann", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "unknown_sender_policy": "public"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}]}
      """
    Then the error code is "invalid_input"

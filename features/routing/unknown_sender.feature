@routing
Feature: Unknown senders
  A wired messaging group's unknown_sender_policy is applied before the fan-out (seed 001
  item 1 step 1, item 5). strict drops an unknown sender; request_approval — the new default —
  holds the message in pending_sender_approvals, one per (messaging group, sender), and sends
  the approver an allow/deny card; public lets everyone through. A sender is known when they are
  an owner, an admin of every agent group, or an admin or member of a wired agent group.

  @req:ROUTING-GATE @req:ROUTING-UNKNOWN-STRICT @req:ROUTING-UNKNOWN-APPROVAL @id:routing/unknown-sender/gate
  Scenario Outline: who passes the gate under each policy
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": <sender>, "text": "hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "<policy>"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"},
                   {"agent_group": "ag2", "engage_mode": "mention", "sender_scope": "known"}],
       "roles": [{"user": "tg:owner", "role": "owner"},
                 {"user": "tg:admin", "role": "admin"},
                 {"user": "tg:ag1-admin", "role": "admin", "agent_group": "ag1"},
                 {"user": "tg:ag9-admin", "role": "admin", "agent_group": "ag9"}],
       "members": [{"user": "tg:ag1-member", "agent_group": "ag1"},
                   {"user": "tg:ag2-member", "agent_group": "ag2"},
                   {"user": "tg:ag9-member", "agent_group": "ag9"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is <dropped>

    Examples: strict drops whoever none of the wired agent groups knows
      | case                    | policy | sender           | dropped          |
      | strict-owner            | strict | "tg:owner"       | null             |
      | strict-global-admin     | strict | "tg:admin"       | null             |
      | strict-wired-admin      | strict | "tg:ag1-admin"   | null             |
      | strict-first-member     | strict | "tg:ag1-member"  | null             |
      | strict-second-member    | strict | "tg:ag2-member"  | null             |
      | strict-unwired-admin    | strict | "tg:ag9-admin"   | "unknown_sender" |
      | strict-unwired-member   | strict | "tg:ag9-member"  | "unknown_sender" |
      | strict-stranger         | strict | "tg:stranger"    | "unknown_sender" |
      | strict-unidentified     | strict | null             | "unknown_sender" |

    Examples: request_approval asks about the same senders strict would drop
      | case                    | policy           | sender           | dropped                     |
      | approval-member         | request_approval | "tg:ag1-member"  | null                        |
      | approval-unwired-member | request_approval | "tg:ag9-member"  | "sender_approval_requested" |
      | approval-stranger       | request_approval | "tg:stranger"    | "sender_approval_requested" |

    Examples: public admits everyone (sender_scope may still refuse)
      | case                    | policy | sender           | dropped |
      | public-stranger         | public | "tg:stranger"    | null    |
      | public-unidentified     | public | null             | null    |

  @decision @req:ROUTING-GATE @id:routing/unknown-sender/gate-then-scope
  Scenario: the gate admits a member of one wired agent group; sender_scope still applies per wiring
    The seed applies unknown_sender_policy at step 1, before pickAgents, so the gate cannot ask
    about a single wiring: a sender known to any wired agent group is admitted, and each
    wiring's sender_scope then decides for itself.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:ag1-member", "text": "hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "strict"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"},
                   {"agent_group": "ag2", "engage_mode": "mention", "sender_scope": "known"},
                   {"agent_group": "ag3", "engage_mode": "mention"}],
       "members": [{"user": "tg:ag1-member", "agent_group": "ag1"}]}
      """
    Then the output is:
      """json
      {"wirings": [{"agent_group": "ag1", "outcome": "wake", "reason": "engaged"},
                   {"agent_group": "ag2", "outcome": "skip", "reason": "sender_scope"},
                   {"agent_group": "ag3", "outcome": "wake", "reason": "engaged"}],
       "deliveries": [{"agent_group": "ag1", "session": null, "trigger": 1, "timestamp": "2026-03-01T10:00:00.000Z"},
                      {"agent_group": "ag3", "session": null, "trigger": 1, "timestamp": "2026-03-01T10:00:00.000Z"}],
       "subscribe_thread": false, "dropped": null, "wiring_created": null,
       "pending_sender_approval": null, "pending_channel_approval": null,
       "delete_pending_channel_approval": false, "card": null}
      """

  @req:ROUTING-GATE @id:routing/unknown-sender/default-policy
  Scenario: the default policy is request_approval, not strict
    Item 5 flips the schema default so that a user who writes to an agent gets an owner's
    decision instead of silence.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:stranger", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm1", "kind": "dm"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "sender_approval_requested"

  @req:ROUTING-GATE @id:routing/unknown-sender/gate-before-engage
  Scenario: the gate runs before the engage check, so an unaddressed stranger is asked about too
    The seed's routing flow applies unknown_sender_policy at step 1, before pickAgents and the
    per-wiring engage check.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:stranger", "text": "just chatting", "mentions_bot": false, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "mention"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "sender_approval_requested"

  @decision @req:ROUTING-UNKNOWN-APPROVAL @req:ROUTING-CARD-PRESENTATION @id:routing/unknown-sender/request-approval
  Scenario: an unknown sender's message is held and the approver gets an allow/deny card
    The row has one agent_group_id but a messaging group may have several wirings: it is the
    first wiring's (highest priority), the one whose pickApprover the host consulted. The row
    holds the whole event, original timestamp included; the seed gives the card no title.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm-zoe", "kind": "dm", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."},
                   {"agent_group": "ag2", "engage_mode": "pattern", "engage_pattern": "."}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output is:
      """json
      {"wirings": [], "deliveries": [], "subscribe_thread": false,
       "dropped": "sender_approval_requested", "wiring_created": null,
       "pending_sender_approval": {"messaging_group": "dm-zoe", "agent_group": "ag1", "sender": "tg:zoe", "sender_name": "Zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "hello?", "mentions_bot": false, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "pending_channel_approval": null, "delete_pending_channel_approval": false,
       "card": {"kind": "sender_approval", "approver": "tg:owner", "approver_dm": "dm-owner",
         "options": [{"value": "allow"}, {"value": "deny"}]}}
      """
    And the output has no "card.title"
    And the output has no "card.options.0.label"
    And the output has no "card.options.1.label"

  @decision @req:ROUTING-UNKNOWN-STRICT @id:routing/unknown-sender/unidentified-under-approval
  Scenario: an unidentified sender cannot be approved, so it is dropped as under strict
    The seed is silent on an event without a sender under request_approval, but its table says
    "sender_identity TEXT NOT NULL": there is no one to admit.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": null, "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "unknown_sender"
    And the output "card" is null
    And the output "pending_sender_approval" is null

  @req:ROUTING-UNKNOWN-DEDUP @id:routing/unknown-sender/in-flight-dedup
  Scenario Outline: one pending approval per (messaging group, sender)
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m2", "sender": "tg:zoe", "text": "still there?", "timestamp": "2026-03-01T10:05:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "pending_sender_approvals": [{"messaging_group": "<pending_group>", "agent_group": "ag1", "sender": "<pending_sender>",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "<pending_sender>", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "<dropped>"

    Examples:
      | case                   | pending_group | pending_sender | dropped                   |
      | same-group-same-sender | mg1           | tg:zoe         | sender_approval_pending   |
      | other-group            | mg2           | tg:zoe         | sender_approval_requested |
      | other-sender           | mg1           | tg:yan         | sender_approval_requested |

  @req:ROUTING-UNKNOWN-DEDUP @id:routing/unknown-sender/duplicate-leaves-row-alone
  Scenario: a duplicate while approval is in flight is dropped silently and stores nothing
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m2", "sender": "tg:zoe", "text": "still there?", "timestamp": "2026-03-01T10:05:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "pending_sender_approvals": [{"messaging_group": "mg1", "agent_group": "ag1", "sender": "tg:zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output is:
      """json
      {"wirings": [], "deliveries": [], "subscribe_thread": false, "dropped": "sender_approval_pending",
       "wiring_created": null, "pending_sender_approval": null, "pending_channel_approval": null,
       "delete_pending_channel_approval": false, "card": null}
      """

  @decision @req:ROUTING-APPROVAL-ROUTE @id:routing/unknown-sender/no-approval-route
  Scenario Outline: without an approver, a reachable DM or an adapter the message is dropped and nothing is left pending
    The seed names "no admin/owner → log + drop" for sender approvals and all three failures
    for channel approvals ("same behaviour as sender-approval"); both flows share them, checked
    in the order the machinery is consulted.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "approval": <approval>}
      """
    Then the output "dropped" is "<dropped>"
    And the output "pending_sender_approval" is <row>
    And the output "card" is <row>

    Examples:
      | case            | approval                                                             | dropped                   | row  |
      | no-route-given  | null                                                                 | no_approver               | null |
      | no-approver     | {"approver": null, "approver_dm": null, "adapter": true}              | no_approver               | null |
      | no-approver-dm  | {"approver": null, "approver_dm": "dm-owner", "adapter": true}        | no_approver               | null |
      | no-dm           | {"approver": "tg:owner", "approver_dm": null, "adapter": true}        | no_reachable_dm           | null |
      | no-dm-no-adapter| {"approver": "tg:owner", "approver_dm": null, "adapter": false}       | no_reachable_dm           | null |
      | no-adapter      | {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": false} | no_adapter                | null |
      | adapter-missing | {"approver": "tg:owner", "approver_dm": "dm-owner"}                   | no_adapter                | null |

  @req:ROUTING-SENDER-ALLOW @id:routing/unknown-sender/allow
  Scenario: allow admits the sender and replays the stored message with its original timestamp
    The member row is added by the approver at the time of the click; the pending row is
    deleted before the replay, which then passes the gate because the sender is a member now.
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "dm-zoe", "agent_group": "ag1", "sender": "tg:zoe", "sender_name": "Zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "allow", "now": "2026-03-01T10:42:00.000Z"}
      """
    Then the output is:
      """json
      {"member_added": {"user": "tg:zoe", "agent_group": "ag1", "added_by": "tg:owner", "added_at": "2026-03-01T10:42:00.000Z"},
       "delete_pending": true,
       "replay": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "hello?", "mentions_bot": false, "timestamp": "2026-03-01T10:00:00.000Z"}}
      """
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "hello?", "mentions_bot": false, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm-zoe", "kind": "dm"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "members": [{"user": "tg:zoe", "agent_group": "ag1"}]}
      """
    Then the output "dropped" is null
    And the output "deliveries.0.trigger" is 1
    And the output "deliveries.0.timestamp" is "2026-03-01T10:00:00.000Z"

  @req:ROUTING-SENDER-ALLOW @id:routing/unknown-sender/allow-already-member
  Scenario: allow does not add a member twice
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg1", "agent_group": "ag1", "sender": "tg:zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "allow", "now": "2026-03-01T11:00:00+01:00",
       "members": [{"user": "tg:zoe", "agent_group": "ag1"}]}
      """
    Then the output "member_added" is null
    And the output "replay.id" is "m1"
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg1", "agent_group": "ag1", "sender": "tg:zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "allow", "now": "2026-03-01T11:00:00+01:00",
       "members": [{"user": "tg:zoe", "agent_group": "ag2"}]}
      """
    Then the output "member_added.agent_group" is "ag1"
    And the output "member_added.added_at" is "2026-03-01T10:00:00.000Z"

  @req:ROUTING-SENDER-DENY @id:routing/unknown-sender/deny
  Scenario: deny drops the message and remembers nothing, so the next message asks again
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg1", "agent_group": "ag1", "sender": "tg:zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "deny", "now": "2026-03-01T10:42:00.000Z"}
      """
    Then the output is:
      """json
      {"member_added": null, "delete_pending": true, "replay": null}
      """
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m3", "sender": "tg:zoe", "text": "please?", "timestamp": "2026-03-01T10:50:00.000Z"},
       "messaging_group": {"id": "mg1", "kind": "group", "unknown_sender_policy": "request_approval"},
       "wirings": [{"agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": "."}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "sender_approval_requested"
    And the output "pending_sender_approval.event.id" is "m3"
    And the output "card.kind" is "sender_approval"

  @req:ROUTING-SENDER-ALLOW @id:routing/unknown-sender/response-input
  Scenario: the decision is allow or deny, and the pending row is whole
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg1", "agent_group": "ag1", "sender": "tg:zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "approve", "now": "2026-03-01T10:42:00.000Z"}
      """
    Then the error code is "invalid_input"
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg1", "agent_group": "ag1", "sender": null,
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "allow", "now": "2026-03-01T10:42:00.000Z"}
      """
    Then the error code is "invalid_input"
    When I call "routing.sender_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg1", "agent_group": "ag1", "sender": "tg:zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello?", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "decision": "allow"}
      """
    Then the error code is "invalid_input"

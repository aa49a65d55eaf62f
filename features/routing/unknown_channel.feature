@routing
Feature: Unknown channels
  An event in a messaging group with no wiring used to be dropped as no_agent_wired. Seed 001
  item 22 turns it into a wiring request: an owner or admin in an install with exactly one agent
  group is wired at once and their message replayed; anyone else makes the bot send the owner a
  wiring card, one pending wiring per channel, the latest event replacing the stored one.

  @decision @req:ROUTING-CHANNEL-ADDRESSED @id:routing/unknown-channel/addressed
  Scenario Outline: only an event addressed to the bot starts the flow
    The seed reacts "for a non-public event" and lists three cases — a DM, an @mention, someone
    addressing the bot in a new group. Plain chatter in a group the bot merely sits in is not
    addressed to it and must not page the owner.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "text": "hi", "mentions_bot": <mention>, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "<kind>"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "<dropped>"

    Examples:
      | case                | kind  | mention | dropped                    |
      | dm                  | dm    | false   | channel_approval_requested |
      | dm-mentioned        | dm    | true    | channel_approval_requested |
      | group-mention       | group | true    | channel_approval_requested |
      | group-chatter       | group | false   | no_agent_wired             |

  @req:ROUTING-CHANNEL-AUTOWIRE @id:routing/unknown-channel/auto-wire-condition
  Scenario Outline: an owner or admin with exactly one agent group is wired at once
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": <sender>, "text": "hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": <groups>,
       "roles": [{"user": "tg:owner", "role": "owner"},
                 {"user": "tg:admin", "role": "admin"},
                 {"user": "tg:ag1-admin", "role": "admin", "agent_group": "ag1"}],
       "members": [{"user": "tg:member", "agent_group": "ag1"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is <dropped>
    And the output "delete_pending_channel_approval" is false

    Examples: exactly one agent group
      | case                 | sender          | groups                                                   | dropped                      |
      | owner                | "tg:owner"      | [{"id": "ag1", "name": "Andy"}]                          | null                         |
      | global-admin         | "tg:admin"      | [{"id": "ag1", "name": "Andy"}]                          | null                         |
      | group-admin          | "tg:ag1-admin"  | [{"id": "ag1", "name": "Andy"}]                          | null                         |
      | member               | "tg:member"     | [{"id": "ag1", "name": "Andy"}]                          | "channel_approval_requested" |
      | stranger             | "tg:zoe"        | [{"id": "ag1", "name": "Andy"}]                          | "channel_approval_requested" |
      | unidentified         | null            | [{"id": "ag1", "name": "Andy"}]                          | "channel_approval_requested" |

    Examples: no agent group, or more than one
      | case                 | sender          | groups                                                   | dropped                      |
      | owner-no-group       | "tg:owner"      | []                                                       | "channel_approval_requested" |
      | owner-two-groups     | "tg:owner"      | [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}] | "channel_approval_requested" |

  @req:ROUTING-CHANNEL-AUTOWIRE @req:ROUTING-CHANNEL-DEFAULTS @id:routing/unknown-channel/auto-wire-dm
  Scenario: the owner's first DM is wired with the DM defaults and delivered at once
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:owner", "sender_name": "Olu", "text": "hello", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm-owner", "kind": "dm"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}],
       "roles": [{"user": "tg:owner", "role": "owner"}]}
      """
    Then the output is:
      """json
      {"wirings": [{"agent_group": "ag1", "outcome": "wake", "reason": "engaged"}],
       "deliveries": [{"agent_group": "ag1", "session": null, "trigger": 1, "timestamp": "2026-03-01T10:00:00.000Z"}],
       "subscribe_thread": false, "dropped": null,
       "wiring_created": {"messaging_group": "dm-owner", "agent_group": "ag1", "engage_mode": "pattern", "engage_pattern": ".",
         "sender_scope": "all", "ignored_message_policy": "drop"},
       "pending_sender_approval": null, "pending_channel_approval": null,
       "delete_pending_channel_approval": false, "card": null}
      """

  @req:ROUTING-CHANNEL-AUTOWIRE @id:routing/unknown-channel/auto-wire-threaded-group
  Scenario: in a threaded group the auto-wired mention-sticky wiring subscribes the thread
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:admin", "text": "@bot hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg-slack", "kind": "group", "threaded": true},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}],
       "roles": [{"user": "tg:admin", "role": "admin", "agent_group": null}]}
      """
    Then the output "wiring_created.engage_mode" is "mention-sticky"
    And the output "wiring_created.engage_pattern" is null
    And the output "subscribe_thread" is true
    And the output "deliveries.0.trigger" is 1

  @decision @req:ROUTING-AUTOWIRE-PENDING @req:ROUTING-CHANNEL-AUTOWIRE @id:routing/unknown-channel/auto-wire-clears-pending
  Scenario: auto-wiring deletes a pending wiring of the same channel
    The seed is silent on a pending wiring when the owner's own message auto-wires the channel.
    The channel is wired now; approving the stranger's old card would wire it a second time.
    The stranger's stored event is not replayed: the owner's message is the one being answered.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m2", "sender": "tg:owner", "text": "@bot hi", "mentions_bot": true, "timestamp": "2026-03-01T10:05:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}],
       "roles": [{"user": "tg:owner", "role": "owner"}],
       "pending_channel_approvals": [{"messaging_group": "mg-new", "sender": "tg:zoe", "sender_name": "Zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}}]}
      """
    Then the output "delete_pending_channel_approval" is true
    And the output "deliveries.0.timestamp" is "2026-03-01T10:05:00.000Z"
    And the output "pending_channel_approval" is null

  @decision @req:ROUTING-CHANNEL-CARD @id:routing/unknown-channel/card
  Scenario: anyone else gets the owner a wiring card with one option per agent group
    Title, labels and values are the seed's. Its body text lost its placeholders in the seed
    (" is trying to reach you in on ."), so the card carries no body rather than an invented
    one: the sender and channel it would name are in the pending row.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output is:
      """json
      {"wirings": [], "deliveries": [], "subscribe_thread": false,
       "dropped": "channel_approval_requested", "wiring_created": null, "pending_sender_approval": null,
       "pending_channel_approval": {"messaging_group": "mg-new", "sender": "tg:zoe", "sender_name": "Zoe",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "delete_pending_channel_approval": false,
       "card": {"kind": "channel_wiring", "approver": "tg:owner", "approver_dm": "dm-owner", "title": "🔌 New channel — wire it?",
         "options": [{"value": "agent-group-ag1", "label": "Andy"}, {"value": "agent-group-ag2", "label": "Bea"},
                     {"value": "create", "label": "➕ Create new"}, {"value": "ignore", "label": "Ignore"}]}}
      """

  @req:ROUTING-CHANNEL-CARD @id:routing/unknown-channel/card-without-agent-groups
  Scenario: with no agent group at all the card offers only create and ignore
    The seed's rule is "auto-wire if exactly one agent group, else deliver card", with "one
    button per existing agent_groups row, plus ➕ Create new and Ignore", and "don't auto-create
    a new agent group silently — always require a prompt".
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:owner", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm-owner", "kind": "dm"},
       "wirings": [],
       "roles": [{"user": "tg:owner", "role": "owner"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "card.options.0.value" is "create"
    And the output "card.options.1.value" is "ignore"
    And the output "wiring_created" is null

  @req:ROUTING-CHANNEL-CARD @id:routing/unknown-channel/unidentified-sender
  Scenario: an event without an identifiable sender still asks, with a null sender
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": null, "text": "@bot hi", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "pending_channel_approval.sender" is null
    And the output "pending_channel_approval.sender_name" is null
    And the output "card.kind" is "channel_wiring"

  @decision @req:ROUTING-CHANNEL-DEDUP @id:routing/unknown-channel/latest-event-replaces
  Scenario: a second event in the same channel replaces the stored one and sends no new card
    "Latest event replaces the stored original_message"; the seed is silent on the row's other
    columns. Its sender and sender_name describe that message, so they are replaced with it. The approver and the card already sent stay.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m2", "sender": "tg:yan", "sender_name": "Yan", "text": "@bot me too", "mentions_bot": true, "timestamp": "2026-03-01T10:07:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}],
       "pending_channel_approvals": [
         {"messaging_group": "mg-other", "sender": "tg:xia", "sender_name": "Xia", "approver": "tg:admin", "approver_dm": "dm-admin",
          "event": {"id": "m0", "sender": "tg:xia", "text": "@bot", "mentions_bot": true, "timestamp": "2026-03-01T09:00:00.000Z"}},
         {"messaging_group": "mg-new", "sender": "tg:zoe", "sender_name": "Zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
          "event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}}],
       "approval": {"approver": "tg:admin", "approver_dm": "dm-admin", "adapter": true}}
      """
    Then the output is:
      """json
      {"wirings": [], "deliveries": [], "subscribe_thread": false,
       "dropped": "channel_approval_pending", "wiring_created": null, "pending_sender_approval": null,
       "pending_channel_approval": {"messaging_group": "mg-new", "sender": "tg:yan", "sender_name": "Yan",
         "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m2", "sender": "tg:yan", "sender_name": "Yan", "text": "@bot me too", "mentions_bot": true, "timestamp": "2026-03-01T10:07:00.000Z"}},
       "delete_pending_channel_approval": false, "card": null}
      """

  @decision @req:ROUTING-CHANNEL-DEDUP @id:routing/unknown-channel/pending-needs-no-route
  Scenario: while a wiring is pending, the approval machinery is not consulted again
    The seed's failure cases ("No owner configured", "No reachable DM", "Delivery adapter
    missing") are for delivering a card; it is silent on a second event while one is pending.
    The card is already with the approver; the new event only replaces the stored one, so a
    missing approver, DM or adapter now does not turn it into a drop.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m2", "sender": "tg:yan", "text": "@bot me too", "mentions_bot": true, "timestamp": "2026-03-01T10:07:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}],
       "pending_channel_approvals": [
         {"messaging_group": "mg-new", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
          "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}}]}
      """
    Then the output "dropped" is "channel_approval_pending"
    And the output "pending_channel_approval.event.id" is "m2"

  @req:ROUTING-APPROVAL-ROUTE @id:routing/unknown-channel/no-approval-route
  Scenario Outline: without an owner, a reachable DM or an adapter the event is dropped and no row is left
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "text": "hi", "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "dm-zoe", "kind": "dm"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}],
       "approval": <approval>}
      """
    Then the output "dropped" is "<dropped>"
    And the output "pending_channel_approval" is null
    And the output "card" is null

    Examples:
      | case        | approval                                                              | dropped         |
      | no-owner    | {"approver": null, "approver_dm": null, "adapter": true}              | no_approver     |
      | no-dm       | {"approver": "tg:owner", "approver_dm": null, "adapter": true}        | no_reachable_dm |
      | no-adapter  | {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": false} | no_adapter      |

  @req:ROUTING-CHANNEL-APPROVE @req:ROUTING-CHANNEL-IGNORE @id:routing/unknown-channel/card-choices
  Scenario Outline: what each button of the wiring card does
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "sender_name": "Zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "<choice>",
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}]}
      """
    Then the output "outcome" is "<outcome>"
    And the output "delete_pending" is <delete>

    Examples:
      | case             | choice             | outcome             | delete |
      | existing-group   | agent-group-ag2    | wired               | true   |
      | vanished-group   | agent-group-ag7    | agent_group_missing | true   |
      | ignore           | ignore             | ignored             | true   |

  @req:ROUTING-CHANNEL-APPROVE @req:ROUTING-CHANNEL-DEFAULTS @id:routing/unknown-channel/approve
  Scenario: approving wires the channel with its defaults and replays the stored event
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "sender_name": "Zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "agent-group-ag2",
       "messaging_group": {"id": "mg-new", "kind": "group", "threaded": true},
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}]}
      """
    Then the output is:
      """json
      {"outcome": "wired",
       "wiring_created": {"messaging_group": "mg-new", "agent_group": "ag2", "engage_mode": "mention-sticky", "engage_pattern": null,
         "sender_scope": "all", "ignored_message_policy": "drop"},
       "replay": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "delete_pending": true}
      """

  @req:ROUTING-CHANNEL-APPROVE @id:routing/unknown-channel/approve-does-not-admit-sender
  Scenario: the replay after wiring meets the unknown-sender gate like any other message
    The seed's approve steps are: create the wiring, "Replay the stored event via routeInbound",
    delete the row — no member is added, and the schema default is now request_approval. Wiring a channel and admitting a stranger stay two decisions, so a stranger's replayed
    message asks for sender approval next.
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m1", "sender": "tg:zoe", "sender_name": "Zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group", "threaded": true},
       "wirings": [{"agent_group": "ag2", "engage_mode": "mention-sticky", "engage_pattern": null, "sender_scope": "all", "ignored_message_policy": "drop"}],
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "sender_approval_requested"
    And the output "pending_sender_approval.agent_group" is "ag2"

  @req:ROUTING-CHANNEL-IGNORE @id:routing/unknown-channel/ignore-then-ask-again
  Scenario: ignore remembers nothing, so the channel's next addressed event asks again
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "ignore",
       "messaging_group": {"id": "mg-new", "kind": "group"}}
      """
    Then the output is:
      """json
      {"outcome": "ignored", "wiring_created": null, "replay": null, "delete_pending": true}
      """
    When I call "routing.route_inbound" with:
      """json
      {"event": {"id": "m5", "sender": "tg:zoe", "text": "@bot again", "mentions_bot": true, "timestamp": "2026-03-01T11:00:00.000Z"},
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "wirings": [],
       "agent_groups": [{"id": "ag1", "name": "Andy"}, {"id": "ag2", "name": "Bea"}],
       "approval": {"approver": "tg:owner", "approver_dm": "dm-owner", "adapter": true}}
      """
    Then the output "dropped" is "channel_approval_requested"
    And the output "card.title" is "🔌 New channel — wire it?"

  @decision @req:ROUTING-CHANNEL-CREATE @id:routing/unknown-channel/create-keeps-row
  Scenario: create is left open by the seed, so it wires nothing and keeps the pending row
    The "Create new" sub-flow is an open scope in the seed (a follow-up question or a skill
    link). Whatever it becomes, it needs the stored event to replay once the new group exists.
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "dm-zoe", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "hello", "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "create",
       "messaging_group": {"id": "dm-zoe", "kind": "dm"}}
      """
    Then the output is:
      """json
      {"outcome": "create_requested", "wiring_created": null, "replay": null, "delete_pending": false}
      """

  @decision @req:ROUTING-CHANNEL-APPROVE @id:routing/unknown-channel/vanished-group
  Scenario: a button for an agent group deleted since the card was sent wires nothing
    The seed's "On approve (existing agent group)" steps assume the group exists; it is silent on
    one deleted since. Its buttons are stale; keeping the row would leave a card that can never
    succeed.
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "agent-group-ag7",
       "messaging_group": {"id": "mg-new", "kind": "group"},
       "agent_groups": [{"id": "ag1", "name": "Andy"}]}
      """
    Then the output is:
      """json
      {"outcome": "agent_group_missing", "wiring_created": null, "replay": null, "delete_pending": true}
      """

  @req:ROUTING-CHANNEL-APPROVE @id:routing/unknown-channel/response-input
  Scenario: the choice must be a card value, and the row must belong to the messaging group
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "agent-group-",
       "messaging_group": {"id": "mg-new", "kind": "group"}}
      """
    Then the error code is "invalid_input"
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "reject",
       "messaging_group": {"id": "mg-new", "kind": "group"}}
      """
    Then the error code is "invalid_input"
    When I call "routing.channel_approval_response" with:
      """json
      {"pending": {"messaging_group": "mg-new", "sender": "tg:zoe", "approver": "tg:owner", "approver_dm": "dm-owner",
         "event": {"id": "m1", "sender": "tg:zoe", "text": "@bot hello", "mentions_bot": true, "timestamp": "2026-03-01T10:00:00.000Z"}},
       "choice": "ignore",
       "messaging_group": {"id": "mg-other", "kind": "group"}}
      """
    Then the error code is "messaging_group_mismatch"

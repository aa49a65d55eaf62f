@clock-core @section:4.1 @section:4.5
Feature: The interaction wrapper
  §4.1 and §4.5: at the edge of every channel, the wrapper records the last user message,
  the last agent message and the last interaction per thread, and the last interaction
  across channels per user — even when temporal awareness is off. It is modelled as pure
  operations: the state in, the new state out. §10.3: pure acknowledgements write nothing.

  @req:CLK-WRAP-USER @req:CLK-WRAP-CROSS-CHANNEL @req:CLK-WRAP-ENVELOPE @req:CLK-IDENTITY-PER-CHANNEL @id:clock-core/wrapper/first-message
  Scenario: the first message of a user records every §4.5 timestamp
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3}, "now": "2026-02-09T10:00:00+09:00",
       "message": {"channel": "telegram", "thread": ["dm", "42"], "user_id": "42", "text": "hi"}}
      """
    Then the output is:
      """json
      {"policy_problems": [], "wrote": true, "reason": "recorded",
       "state": {"version": 3,
         "users": {"user:telegram:42": {
           "last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
           "channels": {"telegram": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}}}},
         "threads": {"agent:main:telegram:dm:42": {
           "participants": ["user:telegram:42"],
           "last_interaction_iso": "2026-02-09T10:00:00+09:00",
           "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_user_message_iso_by_user": {"user:telegram:42": "2026-02-09T10:00:00+09:00"}}}},
       "envelope": {"user_key": "user:telegram:42", "channel_user_key": "user:telegram:42", "linked": false,
         "thread_key": "agent:main:telegram:dm:42", "thread_kind": "conversation", "session_tz": null,
         "previous_interaction_iso": null, "elapsed_ms": null,
         "previous_interaction_any_channel_iso": null, "elapsed_any_channel_ms": null}}
      """

  @req:CLK-WRAP-USER @id:clock-core/wrapper/received-at
  Scenario: the message's own time is recorded, exactly as written, when it has one
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3}, "now": "2026-02-09T01:00:05Z",
       "message": {"channel": "telegram", "thread": ["dm", "42"], "user_id": "42", "received_at": "2026-02-09T10:00:00+09:00", "text": "hi"}}
      """
    Then the output "state.threads.agent:main:telegram:dm:42.last_user_message_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:telegram:42.channels.telegram.last_user_message_iso" is "2026-02-09T10:00:00+09:00"

  @req:CLK-WRAP-ENVELOPE @req:CLK-WRAP-USER @id:clock-core/wrapper/next-message
  Scenario: the next message sees the elapsed time since the previous interaction
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3,
         "users": {"user:telegram:42": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
           "channels": {"telegram": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}}}},
         "threads": {"agent:main:telegram:dm:42": {"participants": ["user:telegram:42"],
           "last_interaction_iso": "2026-02-09T10:00:05+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_agent_message_iso": "2026-02-09T10:00:05+09:00",
           "last_user_message_iso_by_user": {"user:telegram:42": "2026-02-09T10:00:00+09:00"}}}},
       "now": "2026-02-10T03:02:00Z",
       "message": {"channel": "telegram", "thread": ["dm", "42"], "user_id": "42", "text": "back"}}
      """
    Then the output "envelope.previous_interaction_iso" is "2026-02-09T10:00:05+09:00"
    And the output "envelope.elapsed_ms" is 93715000
    And the output "envelope.previous_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "envelope.elapsed_any_channel_ms" is 93720000
    And the output "state.threads.agent:main:telegram:dm:42.last_interaction_iso" is "2026-02-10T03:02:00Z"
    And the output "state.threads.agent:main:telegram:dm:42.last_agent_message_iso" is "2026-02-09T10:00:05+09:00"
    And the output "state.users.user:telegram:42.last_interaction_any_channel_iso" is "2026-02-10T03:02:00Z"

  @decision @req:CLK-WRAP-MONOTONIC @req:CLK-WRAP-ENVELOPE @id:clock-core/wrapper/monotonic
  Scenario Outline: timestamps only move forward, compared as instants
    §4.1 records the "last user message timestamp" without saying what a late-delivered message
    does. A "last" timestamp is the latest one: a message delivered late, stamped before what is
    stored, must not move it back, and an equal instant written with another offset is the same
    instant. Elapsed time is never negative.
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3,
         "users": {"user:telegram:42": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
           "channels": {"telegram": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}}}},
         "threads": {"agent:main:telegram:dm:42": {"participants": ["user:telegram:42"],
           "last_interaction_iso": "2026-02-09T10:00:00+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_user_message_iso_by_user": {"user:telegram:42": "2026-02-09T10:00:00+09:00"}}}},
       "now": "2026-02-09T02:00:00Z",
       "message": {"channel": "telegram", "thread": ["dm", "42"], "user_id": "42", "received_at": "<at>", "text": "hi"}}
      """
    Then the output "wrote" is <wrote>
    And the output "reason" is "<reason>"
    And the output "state.threads.agent:main:telegram:dm:42.last_interaction_iso" is "<stored>"
    And the output "envelope.elapsed_ms" is <elapsed>

    Examples:
      | case              | at                        | wrote | reason    | stored                    | elapsed |
      | one-second-before | 2026-02-09T09:59:59+09:00 | false | unchanged | 2026-02-09T10:00:00+09:00 | 0       |
      | same-instant      | 2026-02-09T10:00:00+09:00 | false | unchanged | 2026-02-09T10:00:00+09:00 | 0       |
      | same-instant-utc  | 2026-02-09T01:00:00Z      | false | unchanged | 2026-02-09T10:00:00+09:00 | 0       |
      | one-ms-after      | 2026-02-09T01:00:00.001Z  | true  | recorded  | 2026-02-09T01:00:00.001Z  | 1       |
      | one-second-after  | 2026-02-09T10:00:01+09:00 | true  | recorded  | 2026-02-09T10:00:01+09:00 | 1000    |

  @req:CLK-WRAP-CROSS-CHANNEL @req:CLK-POLICY-JSON @id:clock-core/wrapper/cross-channel-off
  Scenario: without cross-channel tracking, nothing across channels is recorded or reported
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3,
         "users": {"user:telegram:42": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00"}}},
       "policy": {"clock": {"cross_channel_tracking": false}},
       "now": "2026-02-10T03:02:00Z",
       "message": {"channel": "telegram", "thread": ["dm", "42"], "user_id": "42", "text": "hi"}}
      """
    Then the output "state.users.user:telegram:42.last_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:telegram:42.channels.telegram.last_user_message_iso" is "2026-02-10T03:02:00Z"
    And the output "envelope.previous_interaction_any_channel_iso" is null
    And the output "envelope.elapsed_any_channel_ms" is null

  @req:CLK-WRAP-TIMESTAMPS-OFF @id:clock-core/wrapper/timestamps-off
  Scenario: with last_message_timestamps off, nothing is recorded but the envelope is answered
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3, "threads": {"agent:main:chat:dm:u1": {"last_interaction_iso": "2026-02-09T10:00:00+09:00"}}},
       "policy": {"clock": {"store": {"last_message_timestamps": false}}},
       "now": "2026-02-09T01:00:30Z",
       "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
      """
    Then the output is:
      """json
      {"policy_problems": [], "wrote": false, "reason": "timestamps_off",
       "state": {"version": 3, "users": {}, "threads": {"agent:main:chat:dm:u1": {"last_interaction_iso": "2026-02-09T10:00:00+09:00"}}},
       "envelope": {"user_key": "user:chat:u1", "channel_user_key": "user:chat:u1", "linked": false,
         "thread_key": "agent:main:chat:dm:u1", "thread_kind": "conversation", "session_tz": null,
         "previous_interaction_iso": "2026-02-09T10:00:00+09:00", "elapsed_ms": 30000,
         "previous_interaction_any_channel_iso": null, "elapsed_any_channel_ms": null}}
      """

  @decision @req:CLK-WRAP-ALWAYS @id:clock-core/wrapper/awareness-off
  Scenario Outline: timestamps are recorded whatever temporal awareness is set to
    §4.1 and §4.5 record "even if CLOCK is not relevant" and "even when Temporal Awareness is
    OFF"; only store.last_message_timestamps (and cross_channel_tracking) decide recording, not
    clock.enabled, whose §5.1 meaning is to skip temporal awareness.
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3}, "policy": <policy>, "now": "2026-02-09T10:00:00+09:00",
       "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
      """
    Then the output "wrote" is true
    And the output "state.threads.agent:main:chat:dm:u1.last_user_message_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u1.last_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"

    Examples:
      | case             | policy                                        |
      | clock-disabled   | {"clock": {"enabled": false}}                 |
      | mode-off         | {"clock": {"mode": "off"}}                    |
      | checkins-off     | {"clock": {"checkins": {"enabled": false}}}   |
      | inference-off    | {"clock": {"inference": {"enabled": false}}}  |
      | all-off          | {"clock": {"enabled": false, "mode": "off", "checkins": {"enabled": false, "rules": []}}} |

  @decision @req:CLK-WRAP-ACK @req:CLK-WRAP-USER @id:clock-core/wrapper/user-ack-recorded
  Scenario: a user's "ok" is still a user message and is recorded
    §10.3's acknowledgement rule is about the agent's responses ("substantive response"); a user
    writing "ok" is an interaction, and §4.1 records every inbound user message.
    When I call "clock-core.on_user_message" with {"state": {"version": 3}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "ok"}}
    Then the output "wrote" is true
    And the output "state.threads.agent:main:chat:dm:u1.last_user_message_iso" is "2026-02-09T10:00:00+09:00"

  @req:CLK-IDENTITY-PER-CHANNEL @req:CLK-WRAP-CROSS-CHANNEL @id:clock-core/wrapper/other-channel-other-user
  Scenario: the same id on another channel is another user, with its own cross-channel record
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3, "users": {"user:whatsapp:ryan": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00"}}},
       "now": "2026-02-10T03:02:00Z",
       "message": {"channel": "telegram", "thread": ["dm", "ryan"], "user_id": "ryan", "text": "hi"}}
      """
    Then the output "envelope.user_key" is "user:telegram:ryan"
    And the output "envelope.previous_interaction_any_channel_iso" is null
    And the output "state.users.user:whatsapp:ryan.last_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:telegram:ryan.last_interaction_any_channel_iso" is "2026-02-10T03:02:00Z"

  @req:CLK-IDENTITY-LINK @req:CLK-WRAP-CROSS-CHANNEL @id:clock-core/wrapper/linked-identity
  Scenario: a linked identity records under the person, across channels
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3,
         "identity_links": {"user:whatsapp:ryan": "person:ryan", "user:telegram:ryan": "person:ryan"},
         "users": {"person:ryan": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
           "channels": {"whatsapp": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}}}}},
       "now": "2026-02-10T03:02:00Z",
       "message": {"channel": "telegram", "thread": ["dm", "ryan"], "user_id": "ryan", "text": "hi"}}
      """
    Then the output "envelope.user_key" is "person:ryan"
    And the output "envelope.channel_user_key" is "user:telegram:ryan"
    And the output "envelope.linked" is true
    And the output "envelope.previous_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "envelope.elapsed_any_channel_ms" is 93720000
    And the output "state.users.person:ryan.channels.whatsapp.last_user_message_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.person:ryan.channels.telegram.last_user_message_iso" is "2026-02-10T03:02:00Z"
    And the output "state.threads.agent:main:telegram:dm:ryan.last_user_message_iso_by_user.person:ryan" is "2026-02-10T03:02:00Z"

  @req:CLK-POLICY-OVERRIDES @id:clock-core/wrapper/user-overrides
  Scenario: a user's stored policy overrides apply to their messages
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {"policy_overrides": {"cross_channel_tracking": false}}}},
       "now": "2026-02-09T10:00:00+09:00",
       "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
      """
    Then the output is:
      """json
      {"policy_problems": [], "wrote": true, "reason": "recorded",
       "state": {"version": 3,
         "users": {"user:chat:u1": {"policy_overrides": {"cross_channel_tracking": false},
           "channels": {"chat": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}}}},
         "threads": {"agent:main:chat:dm:u1": {"participants": ["user:chat:u1"],
           "last_interaction_iso": "2026-02-09T10:00:00+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_user_message_iso_by_user": {"user:chat:u1": "2026-02-09T10:00:00+09:00"}}}},
       "envelope": {"user_key": "user:chat:u1", "channel_user_key": "user:chat:u1", "linked": false,
         "thread_key": "agent:main:chat:dm:u1", "thread_kind": "conversation", "session_tz": null,
         "previous_interaction_iso": null, "elapsed_ms": null,
         "previous_interaction_any_channel_iso": null, "elapsed_any_channel_ms": null}}
      """

  @req:CLK-POLICY-OVERRIDES @req:CLK-POLICY-DEFAULT @req:CLK-WRAP-ALWAYS @id:clock-core/wrapper/user-overrides-invalid
  Scenario Outline: stored overrides that do not read are left out, kept, reported, and timestamps still recorded
    §3 "The agent ALWAYS records timestamps"; §0 "If policy is missing, agents MUST default": a bad
    override does not stop the wrapper. The policy without it applies, the override stays stored
    as it was (nothing stored is lost), and the problem is reported.
    When I call "clock-core.on_user_message" with {"state": {"version": 3, "users": {"user:chat:u1": {"policy_overrides": <overrides>}}}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the output "wrote" is true
    And the output "reason" is "recorded"
    And the output "state.threads.agent:main:chat:dm:u1.last_user_message_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u1.last_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u1.policy_overrides" equals the JSON <overrides>
    And the output "policy_problems.0.source" is "policy_overrides"
    And the output "policy_problems.0.message" is a non-empty string

    Examples:
      | case          | overrides                                |
      | unknown-mode  | {"mode": "loud"}                         |
      | unknown-key   | {"moed": "light"}                        |
      | bad-max-items | {"store": {"latest_actions": {"max_items": 0}}} |

  @req:CLK-POLICY-OVERRIDES @id:clock-core/wrapper/user-overrides-valid-side
  Scenario: valid stored overrides apply and report nothing
    The other side of the threshold: an override that reads is used (cross-channel tracking off
    records no last_interaction_any_channel_iso).
    When I call "clock-core.on_user_message" with {"state": {"version": 3, "users": {"user:chat:u1": {"policy_overrides": {"cross_channel_tracking": false}}}}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the output "wrote" is true
    And the output "policy_problems" equals the JSON []

  @req:CLK-POLICY-DEFAULT @req:CLK-WRAP-ALWAYS @id:clock-core/wrapper/invalid-policy-defaults
  Scenario Outline: a policy that does not read: the default block applies, the problem is reported, timestamps are recorded
    §0 "If policy is missing, agents MUST default to the above block"; §3 "The agent ALWAYS records
    timestamps". A typo in the policy block must not make the agent time-blind.
    When I call "clock-core.on_user_message" with {"state": {"version": 3, "users": {"user:chat:u1": {"policy_overrides": {"mode": "normal"}}}}, "policy": <policy>, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the output "wrote" is true
    And the output "state.threads.agent:main:chat:dm:u1.last_interaction_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u1.last_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u1.policy_overrides.mode" is "normal"
    And the output "policy_problems.0.source" is "policy"
    And the output "policy_problems.0.message" is a non-empty string

    Examples:
      | case            | policy                                                          |
      | max-items-zero  | {"clock": {"store": {"latest_actions": {"max_items": 0}}}}      |
      | typo-key        | {"clock": {"cross_chanel_tracking": false}}                     |
      | bad-root        | {"clok": {"enabled": true}}                                     |
      | bad-duration    | {"clock": {"checkins": {"rules": [{"id": "r", "when": {"elapsed_gte": "1 day"}, "then": {"offer_recap": true}}]}}} |

  @req:CLK-POLICY-DEFAULT @id:clock-core/wrapper/invalid-policy-default-not-document
  Scenario: the default block, not the broken document, decides
    The broken document asks for no timestamps; it does not read, so the default block (which
    records them) applies — and the agent message is recorded too.
    When I call "clock-core.on_agent_message" with {"state": {"version": 3}, "policy": {"clock": {"store": {"last_message_timestamps": false, "latest_actions": {"max_items": 0}}}}, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "text": "Booked: dinner at 19:00."}}
    Then the output "wrote" is true
    And the output "policy_problems.0.source" is "policy"
    And the output "state.threads.agent:main:chat:dm:u1.last_agent_message_iso" is "2026-02-09T10:00:05+09:00"

  @req:CLK-WRAP-TIMESTAMPS-OFF @id:clock-core/wrapper/valid-policy-timestamps-off-side
  Scenario: the same policy without the typo is obeyed
    The other side: a policy that reads and turns timestamps off records nothing and reports nothing.
    When I call "clock-core.on_agent_message" with {"state": {"version": 3}, "policy": {"clock": {"store": {"last_message_timestamps": false}}}, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "text": "Booked: dinner at 19:00."}}
    Then the output "wrote" is false
    And the output "reason" is "timestamps_off"
    And the output "policy_problems" equals the JSON []

  @req:CLK-WRAP-ENVELOPE @id:clock-core/wrapper/thread-kind
  Scenario Outline: the envelope carries the thread's kind and stored zone
    When I call "clock-core.on_user_message" with {"state": {"version": 3, "threads": {"agent:main:chat:dm:u1": <thread>}}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the output "envelope.thread_kind" is "<kind>"
    And the output "envelope.session_tz" is <tz>

    Examples:
      | case          | thread                                                    | kind         | tz           |
      | unset         | {}                                                        | conversation | null         |
      | project       | {"thread_kind": "project", "session_tz": "Asia/Tokyo"}    | project      | "Asia/Tokyo" |
      | scheduling    | {"thread_kind": "scheduling"}                             | scheduling   | null         |

  @req:CLK-WRAP-USER @id:clock-core/wrapper/group
  Scenario: in a group, each user's last message is kept apart
    When I call "clock-core.on_user_message" with:
      """json
      {"state": {"version": 3,
         "threads": {"agent:main:telegram:group:-100": {"participants": ["user:telegram:1"],
           "last_interaction_iso": "2026-02-09T10:00:00+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_user_message_iso_by_user": {"user:telegram:1": "2026-02-09T10:00:00+09:00"}}}},
       "now": "2026-02-09T10:05:00+09:00",
       "message": {"channel": "telegram", "thread": ["group", "-100"], "user_id": "2", "text": "me too"}}
      """
    Then the output is:
      """json
      {"policy_problems": [], "wrote": true, "reason": "recorded",
       "state": {"version": 3,
         "users": {"user:telegram:2": {"last_interaction_any_channel_iso": "2026-02-09T10:05:00+09:00",
           "channels": {"telegram": {"last_user_message_iso": "2026-02-09T10:05:00+09:00"}}}},
         "threads": {"agent:main:telegram:group:-100": {"participants": ["user:telegram:1", "user:telegram:2"],
           "last_interaction_iso": "2026-02-09T10:05:00+09:00", "last_user_message_iso": "2026-02-09T10:05:00+09:00",
           "last_user_message_iso_by_user": {"user:telegram:1": "2026-02-09T10:00:00+09:00",
                                             "user:telegram:2": "2026-02-09T10:05:00+09:00"}}}},
       "envelope": {"user_key": "user:telegram:2", "channel_user_key": "user:telegram:2", "linked": false,
         "thread_key": "agent:main:telegram:group:-100", "thread_kind": "conversation", "session_tz": null,
         "previous_interaction_iso": "2026-02-09T10:00:00+09:00", "elapsed_ms": 300000,
         "previous_interaction_any_channel_iso": null, "elapsed_any_channel_ms": null}}
      """

  @req:CLK-WRAP-USER @id:clock-core/wrapper/invalid-inputs
  Scenario Outline: what the wrapper refuses
    When I call "clock-core.on_user_message" with <input>
    Then the error code is "<code>"

    Examples:
      | case              | input                                                                                                                                            | code                      |
      | newer-state       | {"state": {"version": 4}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "user_id": "u1", "text": "hi"}}   | unsupported_state_version |
      | unknown-field     | {"state": {"version": 3, "extra": {}}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "user_id": "u1", "text": "hi"}} | invalid_input |
      | impossible-date   | {"state": {"version": 3, "users": {"u": {"last_interaction_any_channel_iso": "2026-02-30T10:00:00Z"}}}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "user_id": "u1", "text": "hi"}} | invalid_state |
      | bad-received-at   | {"state": {"version": 3}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "user_id": "u1", "received_at": "yesterday", "text": "hi"}} | invalid_instant |
      | policy-not-object | {"state": {"version": 3}, "policy": "mode: light", "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "user_id": "u1", "text": "hi"}} | invalid_input |
      | missing-user      | {"state": {"version": 3}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "text": "hi"}}                      | invalid_input |
      | empty-thread      | {"state": {"version": 3}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": [], "user_id": "u1", "text": "hi"}}         | invalid_input |
      | bad-link          | {"state": {"version": 3, "identity_links": {"person:x": "person:y"}}, "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm"], "user_id": "u1", "text": "hi"}} | invalid_link |

  @req:CLK-WRAP-AGENT @id:clock-core/wrapper/agent-message
  Scenario: a substantive agent message records the thread and the user's channel
    When I call "clock-core.on_agent_message" with:
      """json
      {"state": {"version": 3,
         "users": {"user:telegram:42": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
           "channels": {"telegram": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}}}},
         "threads": {"agent:main:telegram:dm:42": {"participants": ["user:telegram:42"],
           "last_interaction_iso": "2026-02-09T10:00:00+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_user_message_iso_by_user": {"user:telegram:42": "2026-02-09T10:00:00+09:00"}}}},
       "now": "2026-02-09T10:00:05+09:00",
       "message": {"channel": "telegram", "thread": ["dm", "42"], "text": "Booked: dinner for two at 19:00.", "relates_to_user_id": "42"}}
      """
    Then the output is:
      """json
      {"policy_problems": [], "thread_key": "agent:main:telegram:dm:42", "wrote": true, "reason": "recorded",
       "state": {"version": 3,
         "users": {"user:telegram:42": {"last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
           "channels": {"telegram": {"last_user_message_iso": "2026-02-09T10:00:00+09:00",
                                     "last_agent_message_iso": "2026-02-09T10:00:05+09:00"}}}},
         "threads": {"agent:main:telegram:dm:42": {"participants": ["user:telegram:42"],
           "last_interaction_iso": "2026-02-09T10:00:05+09:00", "last_user_message_iso": "2026-02-09T10:00:00+09:00",
           "last_agent_message_iso": "2026-02-09T10:00:05+09:00",
           "last_user_message_iso_by_user": {"user:telegram:42": "2026-02-09T10:00:00+09:00"}}}}}
      """

  @req:CLK-WRAP-AGENT @id:clock-core/wrapper/agent-message-no-user
  Scenario: an agent message that answers nobody in particular records the thread only
    When I call "clock-core.on_agent_message" with {"state": {"version": 3}, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "email", "thread": ["thr-1"], "sent_at": "2026-02-09T10:00:04+09:00", "text": "Weekly report attached."}}
    Then the output is:
      """json
      {"policy_problems": [], "thread_key": "agent:main:email:thr-1", "wrote": true, "reason": "recorded",
       "state": {"version": 3, "users": {},
         "threads": {"agent:main:email:thr-1": {"last_interaction_iso": "2026-02-09T10:00:04+09:00",
                                                "last_agent_message_iso": "2026-02-09T10:00:04+09:00"}}}}
      """

  @recommended @req:CLK-WRAP-ACK @id:clock-core/wrapper/agent-judged-ack
  Scenario Outline: a message the agent judges a pure acknowledgement writes nothing; one it judges substantive is recorded
    §10.3: "Pure acknowledgements (“ok”, “got it”) SHOULD NOT trigger a write"; whether a message is
    one is the agent's judgement (the seed defines substantive by what it does), given here. A
    SHOULD NOT, so recommended: an acknowledgement writes nothing; the judgement, not the wording,
    decides ("Ok" judged substantive is recorded).
    When I call "clock-core.on_agent_message" with {"state": {"version": 3, "threads": {"agent:main:chat:dm:u1": {"last_interaction_iso": "2026-02-09T10:00:00+09:00"}}}, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "text": "<text>", "relates_to_user_id": "u1", "substantive": <substantive>}}
    Then the output "wrote" is <wrote>
    And the output "reason" is "<reason>"

    Examples:
      | case                | text                           | substantive | wrote | reason          |
      | ack-judged          | right-o, cheers                | false       | false | acknowledgement |
      | ok-judged-ack       | ok                             | false       | false | acknowledgement |
      | ok-judged-answer    | Ok                             | true        | true  | recorded        |
      | answer-judged       | The table is booked for 7pm.   | true        | true  | recorded        |
      | empty-judged-answer |                                | true        | false | empty           |

  @extension @req:CLK-WRAP-ACK @id:clock-core/wrapper/agent-ack
  Scenario Outline: without a judgement the reference's list finds pure acknowledgements and empty messages
    Beyond the seed: acknowledgements.yaml decides when the agent gives no judgement. Recommended,
    never required.
    When I call "clock-core.on_agent_message" with {"state": {"version": 3, "threads": {"agent:main:chat:dm:u1": {"last_interaction_iso": "2026-02-09T10:00:00+09:00"}}}, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "text": "<text>", "relates_to_user_id": "u1"}}
    Then the output is:
      """json
      {"policy_problems": [], "thread_key": "agent:main:chat:dm:u1", "wrote": false, "reason": "<reason>",
       "state": {"version": 3, "users": {}, "threads": {"agent:main:chat:dm:u1": {"last_interaction_iso": "2026-02-09T10:00:00+09:00"}}}}
      """

    Examples:
      | case        | text            | reason          |
      | ok          | ok              | acknowledgement |
      | got-it      | Got it!         | acknowledgement |
      | combined    | Ok, thanks!     | acknowledgement |
      | thumbs-up   | 👍              | acknowledgement |
      | empty       |                 | empty           |
      | blank       | \u0020\\n        | empty           |

  @req:CLK-WRAP-MONOTONIC @req:CLK-WRAP-AGENT @id:clock-core/wrapper/agent-late
  Scenario: an agent message stamped before the stored interaction changes nothing
    When I call "clock-core.on_agent_message" with {"state": {"version": 3, "threads": {"agent:main:chat:dm:u1": {"last_interaction_iso": "2026-02-09T10:00:00+09:00", "last_agent_message_iso": "2026-02-09T10:00:00+09:00"}}}, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "sent_at": "2026-02-09T09:59:00+09:00", "text": "Here is the plan."}}
    Then the output "wrote" is false
    And the output "reason" is "unchanged"

  @req:CLK-WRAP-TIMESTAMPS-OFF @req:CLK-WRAP-ALWAYS @id:clock-core/wrapper/agent-policy
  Scenario Outline: the agent side follows the same recording switches
    When I call "clock-core.on_agent_message" with {"state": {"version": 3}, "policy": <policy>, "now": "2026-02-09T10:00:05+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "text": "Here is the plan."}}
    Then the output "wrote" is <wrote>
    And the output "reason" is "<reason>"

    Examples:
      | case           | policy                                                 | wrote | reason         |
      | timestamps-off | {"clock": {"store": {"last_message_timestamps": false}}} | false | timestamps_off |
      | mode-off       | {"clock": {"mode": "off", "enabled": false}}           | true  | recorded       |
      | default        | null                                                   | true  | recorded       |

  @extension @req:CLK-ACK-LIST @id:clock-core/wrapper/classify
  Scenario Outline: the reference's list of pure acknowledgements
    Beyond the seed: §10.3 gives two examples (“ok”, “got it”), not a list; this is the reference's.
    When I call "clock-core.classify_agent_message" with {"text": "<text>"}
    Then the output "class" is "<class>"
    And the output "write" is <write>

    Examples:
      | case              | text                                  | class           | write |
      | ok                | ok                                    | acknowledgement | false |
      | upper-ok          | OK.                                   | acknowledgement | false |
      | okay-exclaimed    | Okay!!                                | acknowledgement | false |
      | got-it            | got it                                | acknowledgement | false |
      | curly-apostrophe  | You’re welcome!                       | acknowledgement | false |
      | phrases           | Got it, thanks.                       | acknowledgement | false |
      | emoji-after       | ok 👍                                 | acknowledgement | false |
      | inner-spaces      | sounds    good                        | acknowledgement | false |
      | line-breaks       | noted\\nthanks                         | acknowledgement | false |
      | ellipsis          | ok…                                   | acknowledgement | false |
      | empty             |                                       | empty           | false |
      | punctuation-only  | ...!                                  | empty           | false |
      | yes-answers       | Yes                                   | substantive     | true  |
      | will-do-commits   | Will do.                              | substantive     | true  |
      | done-reports      | Done.                                 | substantive     | true  |
      | sure              | Sure                                  | substantive     | true  |
      | ack-and-content   | Ok, I'll book the table for 7pm.      | substantive     | true  |
      | answer            | The meeting is at 3pm Tokyo time.     | substantive     | true  |
      | dash-is-no-split  | got it — sending now                  | substantive     | true  |
      | ok-as-word        | okay then, let's move the deploy      | substantive     | true  |

  @req:CLK-WRAP-LOAD-SAVE @id:clock-core/wrapper/load
  Scenario Outline: load_clock_state answers the user's and the thread's records
    §4.5 "load_clock_state(user_key, thread_key) -> ClockState": the records come back as stored.
    The thread record is the seed's §10.2 example, with its "delta_hours": 8.
    When I call "clock-core.load_clock_state" with {"state": {"version": 3, "users": {"user:chat:u1": {"default_tz": "Asia/Tokyo"}}, "threads": {"agent:main:chat:dm:u1": {"thread_kind": "project", "session_tz": "Asia/Tokyo", "agent_tz": "Europe/Berlin", "delta_hours": 8}}}, "user_key": <user>, "thread_key": <thread>}
    Then the output is:
      """json
      {"user": <user_record>, "thread": <thread_record>}
      """

    Examples:
      | case         | user           | thread                  | user_record                  | thread_record                                                                                         |
      | both         | "user:chat:u1" | "agent:main:chat:dm:u1" | {"default_tz": "Asia/Tokyo"} | {"thread_kind": "project", "session_tz": "Asia/Tokyo", "agent_tz": "Europe/Berlin", "delta_hours": 8} |
      | unknown-user | "user:chat:u2" | "agent:main:chat:dm:u1" | null                         | {"thread_kind": "project", "session_tz": "Asia/Tokyo", "agent_tz": "Europe/Berlin", "delta_hours": 8} |
      | none-asked   | null           | null                    | null                         | null                                                                                                  |

  @decision @req:CLK-WRAP-LOAD-SAVE @id:clock-core/wrapper/save
  Scenario: save_clock_state applies JSON merge patches to the records
    The seed leaves the patch format open; RFC 7396 JSON merge patch is the standard one for
    patching a JSON object (objects merge, null deletes, everything else replaces).
    When I call "clock-core.save_clock_state" with:
      """json
      {"state": {"version": 3,
         "users": {"user:chat:u1": {"default_tz": "Asia/Tokyo", "policy_overrides": {"mode": "light"}}},
         "threads": {"agent:main:chat:dm:u1": {"thread_kind": "conversation", "participants": ["user:chat:u1"]}}},
       "user_key": "user:chat:u1", "thread_key": "agent:main:chat:dm:u1",
       "patch": {"user": {"default_tz": "Europe/Berlin", "policy_overrides": null},
                 "thread": {"thread_kind": "project", "session_tz": "Europe/Berlin", "delta_hours": 0}}}
      """
    Then the output is:
      """json
      {"state": {"version": 3,
         "users": {"user:chat:u1": {"default_tz": "Europe/Berlin"}},
         "threads": {"agent:main:chat:dm:u1": {"thread_kind": "project", "session_tz": "Europe/Berlin", "delta_hours": 0,
                                               "participants": ["user:chat:u1"]}}}}
      """

  @req:CLK-WRAP-LOAD-SAVE @id:clock-core/wrapper/save-new-and-delete
  Scenario Outline: a patch creates a missing record, and a null patch deletes one
    §4.5 only suggests save_clock_state(user_key, thread_key, patch): that a patch of null
    deletes the whole record (JSON merge patch) is the kit's decision.
    When I call "clock-core.save_clock_state" with {"state": {"version": 3, "threads": {"agent:main:chat:dm:u1": {"thread_kind": "project"}}}, "thread_key": "agent:main:chat:dm:u1", "user_key": "user:chat:u9", "patch": <patch>}
    Then the output is:
      """json
      {"state": <state>}
      """

    Examples:
      | case          | patch                                      | state                                                                                         |
      | new-user      | {"user": {"default_tz": "UTC"}}            | {"version": 3, "users": {"user:chat:u9": {"default_tz": "UTC"}}, "threads": {"agent:main:chat:dm:u1": {"thread_kind": "project"}}} |
      | empty-patch   | {}                                         | {"version": 3, "users": {}, "threads": {"agent:main:chat:dm:u1": {"thread_kind": "project"}}} |

    @decision @req:CLK-WRAP-PATCH
    Examples: a record patched to null
      | case          | patch                                      | state                                                                                         |
      | delete-thread | {"thread": null}                           | {"version": 3, "users": {}, "threads": {}}                                                    |

  @req:CLK-WRAP-LOAD-SAVE @req:CLK-STATE-SCHEMA @req:CLK-ACTION-EXPIRES @id:clock-core/wrapper/save-invalid
  Scenario Outline: a patch that would make the state invalid is refused
    Whether a field the v3 schema does not know makes a state invalid is the kit's decision:
    §10.2 gives the schema's fields, not whether others may be added.
    When I call "clock-core.save_clock_state" with {"state": {"version": 3}, "user_key": <user>, "thread_key": "agent:main:chat:dm:u1", "patch": <patch>}
    Then the error code is "invalid_patch"

    Examples:
      | case            | user           | patch                                                       |
      | unknown-kind    | null           | {"thread": {"thread_kind": "meeting"}}                      |
      | bad-instant     | null           | {"thread": {"last_interaction_iso": "2026-02-30T10:00:00Z"}} |
      | action-no-expiry| "user:chat:u1" | {"user": {"latest_actions": [{"id": "a", "label": "x", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-09T10:00:00Z", "source": "auto"}]}} |
      | user-without-key| null           | {"user": {"default_tz": "UTC"}}                             |

    @decision @req:CLK-WRAP-PATCH
    Examples: a field the schema does not know
      | case            | user           | patch                                                       |
      | unknown-field   | null           | {"thread": {"mood": "happy"}}                               |

  @decision @req:CLK-WRAP-USER @id:clock-core/wrapper/missing-field-outranks-bad-value
  Scenario: a request that is both malformed and has a bad value is refused as malformed
    §4.5 gives the wrapper's inputs ("on inbound user message") but no error codes; the kit's
    operation reports one code per request. A request without its message is malformed whatever
    else it holds, so invalid_input wins over the bad now, as an input schema would report it.
    When I call "clock-core.on_user_message" with {"state": {"version": 3}, "now": "yesterday"}
    Then the error code is "invalid_input"

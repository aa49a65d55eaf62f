@clock-core @section:7
Feature: Thread keys and identities
  §7.2: a thread key uniquely identifies agent, channel and thread. §7.0: users are distinct
  per channel unless the user approves linking them. Every key segment is escaped, so no id
  can forge a separator.

  @req:CLK-KEY-THREAD @id:clock-core/keys/seed-examples
  Scenario Outline: the seed's thread key examples
    When I call "clock-core.thread_key" with {"agent": <agent>, "channel": "<channel>", "parts": <parts>}
    Then the output "thread_key" is "<key>"

    Examples:
      | case            | agent  | channel  | parts                | key                                    |
      | chat-dm         | "main" | chat     | ["dm", "u42"]        | agent:main:chat:dm:u42                 |
      | email-thread    | "main" | email    | ["thr-7f3a"]         | agent:main:email:thr-7f3a              |
      | telegram-group  | "main" | telegram | ["group", "-100123"] | agent:main:telegram:group:-100123      |
      | subagent        | "main" | subagent | ["5f0c2a9e-1d3b-4c7a-9e2f-0a1b2c3d4e5f"] | agent:main:subagent:5f0c2a9e-1d3b-4c7a-9e2f-0a1b2c3d4e5f |
      | other-agent     | "ops"  | chat     | ["dm", "u42"]        | agent:ops:chat:dm:u42                  |

  @decision @req:CLK-KEY-THREAD @id:clock-core/keys/default-agent
  Scenario Outline: the agent defaults to main
    The seed's examples all read agent:main:…; a message that does not name its agent belongs
    to that agent.
    When I call "clock-core.thread_key" with {<agent> "channel": "chat", "parts": ["dm", "u42"]}
    Then the output "thread_key" is "agent:main:chat:dm:u42"

    Examples:
      | case    | agent           |
      | missing |                 |
      | null    | "agent": null,  |

  @decision @req:CLK-KEY-ESCAPE-SCHEME @req:CLK-KEY-ESCAPE @id:clock-core/keys/escaping
  Scenario Outline: separators, escapes and control characters inside ids are escaped
    Percent-escaping "%", ":" and control characters (upper-case hex) is injective and leaves
    no ":" inside a segment, so ids such as "dm:42" can never produce another thread's key.
    When I call "clock-core.thread_key" with {"channel": "<channel>", "parts": <parts>}
    Then the output "thread_key" is "<key>"

    Examples:
      | case                 | channel  | parts                  | key                                  |
      | colon-in-id          | telegram | ["group", "-100:123"]  | agent:main:telegram:group:-100%3A123 |
      | id-looks-like-parts  | chat     | ["dm:u42"]             | agent:main:chat:dm%3Au42             |
      | percent-in-id        | chat     | ["dm", "50%off"]       | agent:main:chat:dm:50%25off          |
      | escape-lookalike     | chat     | ["dm", "a%3Ab"]        | agent:main:chat:dm:a%253Ab           |
      | colon-in-channel     | irc:libera | ["dm", "u42"]        | agent:main:irc%3Alibera:dm:u42       |
      | newline-in-id        | chat     | ["dm", "a\\nb"]        | agent:main:chat:dm:a%0Ab             |
      | delete-char          | chat     | ["dm", "a\u007fb"]     | agent:main:chat:dm:a%7Fb             |
      | unicode-kept         | chat     | ["dm", "Ryan✓"]        | agent:main:chat:dm:Ryan✓             |
      | case-kept            | chat     | ["dm", "RYAN"]         | agent:main:chat:dm:RYAN              |
      | slash-kept           | email    | ["<a/b@x.org>"]        | agent:main:email:<a/b@x.org>         |

  @req:CLK-KEY-ESCAPE @id:clock-core/keys/no-collision
  Scenario: keys that look alike stay distinct
    §7.2: a thread key "MUST uniquely identify" its thread, so an id holding the separator
    never gives another thread's key; how it is escaped is the implementation's
    (clock-core/keys/escaping pins the kit's).
    When I call "clock-core.thread_key" with {"channel": "chat", "parts": ["dm", "42"]}
    Then the output "thread_key" is "agent:main:chat:dm:42"
    And I remember the output "thread_key" as "two"
    When I call "clock-core.thread_key" with {"channel": "chat", "parts": ["dm:42"]}
    Then the output "thread_key" is not the remembered "two"
    And the seed leaves the output "thread_key" open
    And I remember the output "thread_key" as "one"
    When I call "clock-core.thread_key" with {"channel": "chat", "parts": ["dm", "4", "2"]}
    Then the output "thread_key" is not the remembered "two"
    And the output "thread_key" is not the remembered "one"
    When I call "clock-core.thread_key" with {"channel": "chat:dm", "parts": ["42"]}
    Then the output "thread_key" is not the remembered "two"
    And the output "thread_key" is not the remembered "one"
    And the seed leaves the output "thread_key" open

  @req:CLK-KEY-THREAD @id:clock-core/keys/empty-segments
  Scenario Outline: every segment must be non-empty
    When I call "clock-core.thread_key" with <input>
    Then the error code is "invalid_input"

    Examples:
      | case          | input                                          |
      | empty-agent   | {"agent": "", "channel": "chat", "parts": ["dm"]} |
      | empty-channel | {"channel": "", "parts": ["dm"]}               |
      | no-parts      | {"channel": "chat", "parts": []}               |
      | empty-part    | {"channel": "chat", "parts": ["dm", ""]}       |
      | missing-parts | {"channel": "chat"}                            |

  @req:CLK-KEY-PARSE @req:CLK-KEY-ESCAPE @id:clock-core/keys/parse
  Scenario: a key reads back into its segments, separators and escapes inside ids included
    When I call "clock-core.thread_key" with {"channel": "telegram", "parts": ["group", "-100:123", "topic%x"]}
    Then the seed leaves the output "thread_key" open
    And I remember the output "thread_key" as "key"
    When I call "clock-core.parse_thread_key" with {"thread_key": "${key}"}
    Then the output is:
      """json
      {"agent": "main", "channel": "telegram", "parts": ["group", "-100:123", "topic%x"]}
      """

  @decision @req:CLK-KEY-ESCAPE-SCHEME @req:CLK-KEY-PARSE @id:clock-core/keys/parse-escaped
  Scenario: a key the kit's escaping wrote reads back into its segments
    The seed gives keys such as agent:main:chat:dm:<user_id> and no escaping: percent-escaping is
    the kit's (see keys/escaping).
    When I call "clock-core.parse_thread_key" with {"thread_key": "agent:main:telegram:group:-100%3A123:topic%25x"}
    Then the output is:
      """json
      {"agent": "main", "channel": "telegram", "parts": ["group", "-100:123", "topic%x"]}
      """

  @decision @req:CLK-KEY-ESCAPE-SCHEME @req:CLK-KEY-PARSE @id:clock-core/keys/parse-canonical-only
  Scenario Outline: only the spelling thread_key writes is a key
    One spelling per key: accepting lower-case or needless escapes would let two strings name
    the same thread, which is the collision §7.2 rules out.
    When I call "clock-core.parse_thread_key" with {"thread_key": "<key>"}
    Then the error code is "invalid_thread_key"

    Examples:
      | case                 | key                          |
      | lower-case-escape    | agent:main:chat:dm:a%3ab     |
      | needless-escape      | agent:main:chat:dm:%41       |
      | incomplete-escape    | agent:main:chat:dm:a%3       |
      | raw-control          | agent:main:chat:dm:a\tb      |
      | empty-segment        | agent:main:chat::u42         |
      | too-few-segments     | agent:main:chat              |
      | wrong-prefix         | user:main:chat:dm            |
      | empty                |                              |

  @req:CLK-IDENTITY-PER-CHANNEL @id:clock-core/keys/per-channel
  Scenario Outline: the same id on two channels is two users
    §7.0: "Users are distinct per channel unless explicitly linked". How an id holding a
    separator is escaped is the kit's decision (the escaping of thread keys, keys/escaping).
    When I call "clock-core.user_key" with {"channel": "<channel>", "user_id": "<id>"}
    Then the output is:
      """json
      {"user_key": "<key>", "channel_user_key": "<key>", "linked": false}
      """

    Examples:
      | case          | channel  | id    | key                  |
      | whatsapp-ryan | whatsapp | ryan  | user:whatsapp:ryan   |
      | telegram-ryan | telegram | ryan  | user:telegram:ryan   |

    @decision @req:CLK-KEY-ESCAPE-SCHEME
    Examples: an id holding a separator, escaped as the kit escapes thread keys
      | case          | channel  | id    | key                  |
      | escaped-id    | chat     | a:b%c | user:chat:a%3Ab%25c  |

  @req:CLK-IDENTITY-LINK @recommended @id:clock-core/keys/linked-user-key
  Scenario: a linked identity's records are kept under the person
    Seed 004 §7.0: "Implementations MAY support linking identities across channels (manual, user-approved)." Linking is permitted, not required.
    When I call "clock-core.user_key" with {"channel": "telegram", "user_id": "ryan", "identity_links": {"user:telegram:ryan": "person:ryan", "user:whatsapp:ryan": "person:ryan"}}
    Then the output is:
      """json
      {"user_key": "person:ryan", "channel_user_key": "user:telegram:ryan", "linked": true}
      """

  @req:CLK-IDENTITY-LINK @recommended @id:clock-core/keys/unlinked-stays
  Scenario: an identity that is not linked stays per channel even when others are
    Seed 004 §7.0: "Implementations MAY support linking identities across channels (manual, user-approved)." Linking is permitted, not required.
    When I call "clock-core.user_key" with {"channel": "email", "user_id": "ryan", "identity_links": {"user:telegram:ryan": "person:ryan"}}
    Then the output "user_key" is "user:email:ryan"
    And the output "linked" is false

  @req:CLK-IDENTITY-LINK @recommended @id:clock-core/keys/bad-links
  Scenario Outline: identity links map user keys to person keys
    Seed 004 §7.0: "Implementations MAY support linking identities across channels (manual, user-approved)." Linking is permitted, not required.
    When I call "clock-core.user_key" with {"channel": "telegram", "user_id": "ryan", "identity_links": {"<from>": "<to>"}}
    Then the error code is "invalid_link"

    Examples:
      | case           | from                | to                  |
      | to-user        | user:telegram:ryan  | user:whatsapp:ryan  |
      | to-nothing     | user:telegram:ryan  | person:             |
      | from-person    | person:ryan         | person:ryan         |
      | bad-escape     | user:telegram:ryan  | person:a%zz         |

  @req:CLK-IDENTITY-LINK @recommended @id:clock-core/keys/link
  Scenario: linking two identities, with approval, merges their records under the person
    Seed 004 §7.0: "Implementations MAY support linking identities across channels (manual, user-approved)." Linking is permitted, not required.
    When I call "clock-core.link_identities" with:
      """json
      {"state": {"version": 3,
         "users": {
           "user:whatsapp:ryan": {"default_tz": "Asia/Tokyo",
             "last_interaction_any_channel_iso": "2026-02-09T10:00:00+09:00",
             "channels": {"whatsapp": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"}},
             "latest_actions": [{"id": "act_b", "label": "Gym", "type": "temporal_action", "status": "planned",
               "recorded_iso": "2026-02-09T09:00:00+09:00", "expires_iso": "2026-02-10T09:00:00+09:00", "source": "auto"}]},
           "user:telegram:ryan": {"default_tz": "Europe/Berlin",
             "last_interaction_any_channel_iso": "2026-02-09T03:30:00+01:00",
             "channels": {"telegram": {"last_user_message_iso": "2026-02-09T03:30:00+01:00"}},
             "latest_actions": [{"id": "act_a", "label": "Dinner", "type": "temporal_action", "status": "planned",
               "recorded_iso": "2026-02-08T20:00:00+01:00", "expires_iso": "2026-02-09T20:00:00+01:00", "source": "clock_it"}]}},
         "threads": {"agent:main:telegram:dm:ryan": {"participants": ["user:telegram:ryan"],
             "last_user_message_iso_by_user": {"user:telegram:ryan": "2026-02-09T03:30:00+01:00"}}}},
       "person": "ryan",
       "identities": [{"channel": "whatsapp", "user_id": "ryan"}, {"channel": "telegram", "user_id": "ryan"}],
       "approved": true}
      """
    Then the output is:
      """json
      {"person_key": "person:ryan", "linked": ["user:whatsapp:ryan", "user:telegram:ryan"],
       "state": {"version": 3,
         "identity_links": {"user:whatsapp:ryan": "person:ryan", "user:telegram:ryan": "person:ryan"},
         "users": {"person:ryan": {"default_tz": "Asia/Tokyo",
             "last_interaction_any_channel_iso": "2026-02-09T03:30:00+01:00",
             "channels": {"whatsapp": {"last_user_message_iso": "2026-02-09T10:00:00+09:00"},
                          "telegram": {"last_user_message_iso": "2026-02-09T03:30:00+01:00"}},
             "latest_actions": [
               {"id": "act_a", "label": "Dinner", "type": "temporal_action", "status": "planned",
                "recorded_iso": "2026-02-08T20:00:00+01:00", "expires_iso": "2026-02-09T20:00:00+01:00", "source": "clock_it"},
               {"id": "act_b", "label": "Gym", "type": "temporal_action", "status": "planned",
                "recorded_iso": "2026-02-09T09:00:00+09:00", "expires_iso": "2026-02-10T09:00:00+09:00", "source": "auto"}]}},
         "threads": {"agent:main:telegram:dm:ryan": {"participants": ["person:ryan"],
             "last_user_message_iso_by_user": {"person:ryan": "2026-02-09T03:30:00+01:00"}}}}}
      """

  @decision @req:CLK-IDENTITY-LINK @id:clock-core/keys/link-needs-approval
  Scenario: linking without the user's approval is refused
    §7.0 allows linking only "manual, user-approved"; the approval is an explicit input so that
    no caller can link by default.
    When I call "clock-core.link_identities" with {"state": {"version": 3}, "person": "ryan", "identities": [{"channel": "telegram", "user_id": "ryan"}], "approved": false}
    Then the error code is "link_not_approved"

  @req:CLK-IDENTITY-LINK @recommended @id:clock-core/keys/link-already-linked
  Scenario: an identity linked to another person is not relinked silently
    Seed 004 §7.0: "Implementations MAY support linking identities across channels (manual, user-approved)." Linking is permitted, not required.
    When I call "clock-core.link_identities" with {"state": {"version": 3, "identity_links": {"user:telegram:ryan": "person:ryan-a"}}, "person": "ryan-b", "identities": [{"channel": "telegram", "user_id": "ryan"}], "approved": true}
    Then the error code is "already_linked"

  @req:CLK-IDENTITY-LINK @recommended @id:clock-core/keys/link-again
  Scenario: linking an identity to the person it is linked to changes nothing
    Seed 004 §7.0: "Implementations MAY support linking identities across channels (manual, user-approved)." Linking is permitted, not required.
    When I call "clock-core.link_identities" with {"state": {"version": 3, "identity_links": {"user:telegram:ryan": "person:ryan"}}, "person": "ryan", "identities": [{"channel": "telegram", "user_id": "ryan"}], "approved": true}
    Then the output is:
      """json
      {"person_key": "person:ryan", "linked": ["user:telegram:ryan"],
       "state": {"version": 3, "identity_links": {"user:telegram:ryan": "person:ryan"}, "users": {"person:ryan": {}}, "threads": {}}}
      """

  @decision @req:CLK-KEY-ESCAPE @id:clock-core/keys/space-kept
  Scenario: a space is not a control character and is written as itself
    §7.2 says only that a thread key "MUST uniquely identify" agent, channel and thread, and leaves
    the escaping open. Only "%", ":" and the control characters U+0000–U+001F and U+007F are
    escaped; the space (U+0020) is the first character written as itself.
    When I call "clock-core.thread_key" with {"channel": "chat", "parts": ["dm", "a b"]}
    Then the output "thread_key" is "agent:main:chat:dm:a b"

  @decision @req:CLK-KEY-ESCAPE-SCHEME @req:CLK-KEY-PARSE @req:CLK-KEY-ESCAPE @id:clock-core/keys/parse-edge-escapes
  Scenario: a four-segment key with a space and the edge hex digits reads back
    §7.2's examples (agent:main:email:<thread_id>) have one thread part, and the seed leaves the
    escaping open. The shortest key is agent, agent id, channel and one thread part; the escapes
    %09 and %1F use the hex digits 0, 9 and F, and a space stays as it is.
    When I call "clock-core.parse_thread_key" with {"thread_key": "agent:a b:chat%09%1F:t"}
    Then the output is:
      """json
      {"agent": "a b", "channel": "chat\t\u001f", "parts": ["t"]}
      """

  @decision @req:CLK-KEY-ESCAPE-SCHEME @req:CLK-KEY-PARSE @id:clock-core/keys/parse-escaped-space
  Scenario: an escaped space is a second spelling and is not a key
    §7.2: a thread key "MUST uniquely identify" its thread, so the kit allows one spelling per key:
    the space is written as itself, and "%20" is refused like any needless escape.
    When I call "clock-core.parse_thread_key" with {"thread_key": "agent:main:chat:dm:a%20b"}
    Then the error code is "invalid_thread_key"

@timestamps
Feature: The message context an agent reads
  messages_context_for(agent) lists the chat's non-blank messages in created_at order. The
  agent's own messages are role assistant and unprefixed; other agents' and humans' are role
  user and start with "[Name]: ". Each message's compressed timestamp, if it has one, comes
  first, followed by one space. Every time is shown in the chat's zone (user_timezone).

  Unless a scenario says otherwise the context is built for agent "7" (Ada), Bob is agent "8",
  and Alice is a user named "Alice" without a time zone setting.

  @req:TS-CTX-PREFIX @req:TS-FIRST @origin:chat_timestamp_test.rb#messages-context-for-includes-timestamps @id:timestamps/messages-context/seed-includes-timestamps
  Scenario: messages_context_for includes timestamps in message content
    Origin: test/models/chat_timestamp_test.rb › messages_context_for includes timestamps in message
    content (the first message's content matches /^\[.+\]/)
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T14:32:00Z", "content": "Hello", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T14:32:05Z", "content": "Hi there", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output "messages.0.content" contains "[2026-01-23 14:32]"
    And the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-23 14:32] [Alice]: Hello"},
        {"role": "assistant", "content": "Hi there"}]}
      """

  @req:TS-GAP-HOURS @req:TS-NOW-LINE @req:TS-USER-ZONE @origin:chat_context_integration_test.rb#build-context-includes-time-information @id:timestamps/messages-context/seed-integration
  Scenario: build_context_for_agent includes time information
    Origin: test/models/chat_context_integration_test.rb › build_context_for_agent includes time
    information (user in Europe/London; messages 3 hours ago, 3 hours ago + 1 minute, now; the
    system message matches /Current time:.+Europe\/London/ and a user message contains "h later").
    Now is 2026-01-23T14:32:00Z.
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T11:32:00Z", "content": "Morning message", "user": {"full_name": "Alice", "timezone": "Europe/London"}},
        {"at": "2026-01-23T11:33:00Z", "content": "Morning response", "agent": {"id": "7", "name": "Ada"}},
        {"at": "2026-01-23T14:32:00Z", "content": "Afternoon message", "user": {"full_name": "Alice", "timezone": "Europe/London"}}]}
      """
    Then the output "timezone" is "Europe/London"
    When I call "timestamps.current_time_context" with {"now": "2026-01-23T14:32:00Z", "timezone": "Europe/London"}
    Then the output "line" contains "Europe/London"
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T11:32:00Z", "content": "Morning message", "user": {"full_name": "Alice", "timezone": "Europe/London"}},
        {"at": "2026-01-23T11:33:00Z", "content": "Morning response", "agent": {"id": "7", "name": "Ada"}},
        {"at": "2026-01-23T14:32:00Z", "content": "Afternoon message", "user": {"full_name": "Alice", "timezone": "Europe/London"}}]}
      """
    Then the output "messages.2.content" contains "h later"
    And the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-23 11:32] [Alice]: Morning message"},
        {"role": "assistant", "content": "[11:33] Morning response"},
        {"role": "user", "content": "[14:32, 3h later] [Alice]: Afternoon message"}]}
      """

  @req:TS-CTX-OWN @req:TS-CTX-AGENT @req:TS-CTX-USER @req:TS-CTX-PREFIX @req:TS-SAME-MINUTE @req:TS-GAP-DAY @id:timestamps/messages-context/conversation
  Scenario: a group conversation, byte for byte
    Roles follow the agent the context is built for: Ada's messages are assistant for Ada, Bob's
    are user with his name. A message in the same minute as the one before has no timestamp, so
    its text starts with the sender prefix (or the content, for Ada).
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T09:00:00Z", "content": "Morning all", "user": {"full_name": "Alice", "timezone": "Europe/Paris"}},
        {"at": "2026-01-23T09:00:20Z", "content": "Morning Alice", "agent": {"id": "8", "name": "Bob"}},
        {"at": "2026-01-23T09:00:45Z", "content": "Good morning!", "agent": {"id": "7", "name": "Ada"}},
        {"at": "2026-01-23T09:40:00Z", "content": "Lunch?", "user": {"full_name": "Alice", "timezone": "Europe/Paris"}},
        {"at": "2026-01-23T13:10:00Z", "content": "Sorry, missed this", "agent": {"id": "8", "name": "Bob"}},
        {"at": "2026-01-25T08:00:00Z", "content": "New week", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-23 10:00] [Alice]: Morning all"},
        {"role": "user", "content": "[Bob]: Morning Alice"},
        {"role": "assistant", "content": "Good morning!"},
        {"role": "user", "content": "[10:40] [Alice]: Lunch?"},
        {"role": "user", "content": "[14:10, 4h later] [Bob]: Sorry, missed this"},
        {"role": "assistant", "content": "[2026-01-25 09:00] New week"}]}
      """
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "8", "messages": [
        {"at": "2026-01-23T09:00:20Z", "content": "Morning Alice", "agent": {"id": "8", "name": "Bob"}},
        {"at": "2026-01-23T09:00:45Z", "content": "Good morning!", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "assistant", "content": "[2026-01-23 09:00] Morning Alice"},
        {"role": "user", "content": "[Ada]: Good morning!"}]}
      """

  @req:TS-CTX-USER @id:timestamps/messages-context/user-names
  Scenario Outline: a human's name: full name, else the e-mail's local part, else "User"
    When I call "timestamps.messages_context" with {"agent_id": "7", "messages": [{"at": "2026-01-23T14:32:00Z", "content": "hi", "user": <user>}]}
    Then the output "messages.0.content" is "[2026-01-23 14:32] [<name>]: hi"

    Examples:
      | case                  | user                                                                   | name                    |
      | full-name             | {"full_name": "Alice Smith", "email_address": "alice@example.com"}     | Alice Smith             |
      | full-name-null        | {"full_name": null, "email_address": "alice@example.com"}              | alice                   |
      | full-name-empty       | {"full_name": "", "email_address": "alice@example.com"}                | alice                   |
      | full-name-blank       | {"full_name": " \u00a0 ", "email_address": "alice@example.com"}        | alice                   |
      | full-name-untrimmed   | {"full_name": " Alice ", "email_address": "alice@example.com"}         | \u0020Alice\u0020       |
      | email-two-parts       | {"email_address": "alice.smith@mail.example.com"}                      | alice.smith             |
      | email-null            | {"full_name": null, "email_address": null}                             | User                    |
      | no-fields             | {}                                                                     | User                    |
      | no-user               | null                                                                   | User                    |

  @req:TS-CTX-USER @id:timestamps/messages-context/email-split-like-ruby
  Scenario Outline: the e-mail step is Ruby's email_address.split("@").first
    The seed's fallback chain only falls through on nil. Ruby's String#split drops trailing empty
    fields, so "", "@" and "@@" have no first field (nil, hence "User"), while "@example.com" has
    an empty first field: the name is empty and the prefix is "[]: ". That is the seed's output,
    so a port must not trim, validate or treat "" as missing here.
    When I call "timestamps.messages_context" with {"agent_id": "7", "messages": [{"at": "2026-01-23T14:32:00Z", "content": "hi", "user": {"email_address": "<email>"}}]}
    Then the output "messages.0.content" is "[2026-01-23 14:32] [<name>]: hi"

    Examples:
      | case              | email              | name        |
      | plain             | alice@example.com  | alice       |
      | no-at             | alice              | alice       |
      | two-ats           | a@b@c              | a           |
      | trailing-at       | alice@             | alice       |
      | empty-local-part  | @example.com       |             |
      | ats-then-text     | @@example.com      |             |
      | only-at           | @                  | User        |
      | only-ats          | @@                 | User        |
      | empty             |                    | User        |
      | blank-is-a-name   | \u0020\u0020       | \u0020\u0020|

  @req:TS-CTX-BLANK @id:timestamps/messages-context/blank-messages-skipped
  Scenario Outline: blank messages are left out
    Rails' blank?: nil, empty, or only Unicode White_Space (Ruby's [[:space:]]).
    When I call "timestamps.messages_context" with {"agent_id": "7", "messages": [{"at": "2026-01-23T14:32:00Z", "user": {"full_name": "Alice"}, <content>}]}
    Then the output is:
      """json
      {"messages": []}
      """

    Examples:
      | case                | content                                          |
      | missing             | "user_id": 1                                     |
      | null                | "content": null                                  |
      | empty               | "content": ""                                    |
      | spaces              | "content": "   "                                 |
      | ascii-controls      | "content": "\u0009\u000a\u000b\u000c\u000d"      |
      | no-break-space      | "content": "\u00a0"                              |
      | next-line           | "content": "\u0085"                              |
      | ogham-space         | "content": "\u1680"                              |
      | en-quad-to-hair     | "content": "\u2000\u2005\u200a"                  |
      | line-paragraph-sep  | "content": "\u2028\u2029"                        |
      | narrow-no-break     | "content": "\u202f\u205f"                        |
      | ideographic         | "content": "\u3000"                              |

  @req:TS-CTX-BLANK @id:timestamps/messages-context/not-blank
  Scenario Outline: characters that look empty but are not white space are kept
    Ruby's [[:space:]] is Unicode White_Space. Zero-width space, the byte-order mark and the
    Mongolian vowel separator (white space before Unicode 6.3) are not in it, so such a message
    is kept. JavaScript's trim differs (it strips U+FEFF and keeps U+0085): a port must use the
    White_Space set, not its language's trim. Content is never trimmed.
    When I call "timestamps.messages_context" with {"agent_id": "7", "messages": [{"at": "2026-01-23T14:32:00Z", "content": "<content>", "user": {"full_name": "Alice"}}]}
    Then the output "messages.0.content" is "[2026-01-23 14:32] [Alice]: <content>"

    Examples:
      | case               | content               |
      | zero-width-space   | \u200b                |
      | byte-order-mark    | \ufeff                |
      | mongolian-vowel    | \u180e                |
      | padded-text        | \u0020 x \u0020       |
      | multi-line         | line 1\\nline 2\\n    |

  @req:TS-CTX-PREVIOUS @req:TS-CTX-BLANK @id:timestamps/messages-context/previous-is-previous-non-blank
  Scenario: the gap is measured from the previous non-blank message
    The blank message at 12:00:10 is dropped before timestamps are made, so the message at
    12:00:40 is compared with 10:00:00 (2 h later), not with 12:00:10 (the same minute).
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T10:00:00Z", "content": "first", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T12:00:10Z", "content": "  ", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T12:00:40Z", "content": "third", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T12:50:00Z", "content": "", "agent": {"id": "7", "name": "Ada"}},
        {"at": "2026-01-23T13:20:00Z", "content": "fifth", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-23 10:00] [Alice]: first"},
        {"role": "user", "content": "[12:00, 2h later] [Alice]: third"},
        {"role": "assistant", "content": "[13:20, 1h later] fifth"}]}
      """

  @req:TS-CTX-ORDER @id:timestamps/messages-context/created-at-order
  Scenario: messages are put in created_at order
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T10:05:00Z", "content": "third", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T10:00:00Z", "content": "first", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T15:02:00+05:00", "content": "second", "agent": {"id": "8", "name": "Bob"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-23 10:00] [Alice]: first"},
        {"role": "user", "content": "[10:02] [Bob]: second"},
        {"role": "user", "content": "[10:05] [Alice]: third"}]}
      """

  @decision @req:TS-CTX-ORDER @id:timestamps/messages-context/equal-instants-keep-list-order
  Scenario: messages with the same created_at keep their list order
    The seed is silent on ties: "messages.includes(:user, :agent).order(:created_at)" orders by
    created_at alone and leaves equal instants to the database. The kit pins a stable sort, so
    the list order (the order the rows were written) decides.
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T10:00:00Z", "content": "b", "agent": {"id": "8", "name": "Bob"}},
        {"at": "2026-01-23T10:00:00.000Z", "content": "a", "user": {"full_name": "Alice"}},
        {"at": "2026-01-23T09:00:00Z", "content": "z", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "assistant", "content": "[2026-01-23 09:00] z"},
        {"role": "user", "content": "[10:00] [Bob]: b"},
        {"role": "user", "content": "[Alice]: a"}]}
      """

  @req:TS-ZONE-WHOLE-CHAT @req:TS-USER-ZONE @id:timestamps/messages-context/one-zone-for-the-whole-chat
  Scenario: every message is shown in the zone of the most recent human, including older ones
    "Use the most recent human participant's timezone for all time formatting" (seed 002's
    design principles): format_timestamp_for_message calls user_timezone for every message, and
    user_timezone looks at the whole chat, so the zone is decided once, when the context is built: Alice's Tokyo
    messages are shown in New York time once Bob (New York) has spoken last. No message keeps
    its author's zone.
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T01:00:00Z", "content": "Good morning from Tokyo", "user": {"full_name": "Alice", "timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T01:01:00Z", "content": "Good morning!", "agent": {"id": "7", "name": "Ada"}},
        {"at": "2026-01-23T14:00:00Z", "content": "Hi from New York", "user": {"full_name": "Bob", "timezone": "America/New_York"}},
        {"at": "2026-01-23T14:00:30Z", "content": "Hello Bob", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-22 20:00] [Alice]: Good morning from Tokyo"},
        {"role": "assistant", "content": "[20:01] Good morning!"},
        {"role": "user", "content": "[09:00, 13h later] [Bob]: Hi from New York"},
        {"role": "assistant", "content": "Hello Bob"}]}
      """

  @req:TS-ZONE-WHOLE-CHAT @req:TS-USER-ZONE @id:timestamps/messages-context/participant-changed-zone
  Scenario: a participant who changed zone moves the whole history to the new zone
    The seed reads the user's current profile setting when the context is built
    (recent_user&.timezone); it keeps no history of settings. The user of the most recent human
    message carries that current setting: after Alice moves from Tokyo to London, her Tokyo-era messages are shown in
    London time too.
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-20T01:00:00Z", "content": "Hello from Tokyo", "user": {"full_name": "Alice", "timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T09:00:00Z", "content": "Landed in London", "user": {"full_name": "Alice", "timezone": "Europe/London"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-20 01:00] [Alice]: Hello from Tokyo"},
        {"role": "user", "content": "[2026-01-23 09:00] [Alice]: Landed in London"}]}
      """
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-20T01:00:00Z", "content": "Hello from Tokyo", "user": {"full_name": "Alice", "timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T09:00:00Z", "content": "Landed in London", "user": {"full_name": "Alice", "timezone": "Asia/Tokyo"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-20 10:00] [Alice]: Hello from Tokyo"},
        {"role": "user", "content": "[2026-01-23 18:00] [Alice]: Landed in London"}]}
      """

  @req:TS-LOCAL @req:TS-CTX-PREVIOUS @id:timestamps/messages-context/across-a-daylight-saving-change
  Scenario: a conversation across New York's autumn change
    01:30 is shown twice, an hour apart: the gap is elapsed time, exactly 1 hour, so the
    second one gets the time alone; 01:45 is 1 h 15 min after the first 01:30.
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-11-01T05:30:00Z", "content": "still up?", "user": {"full_name": "Alice", "timezone": "America/New_York"}},
        {"at": "2026-11-01T06:30:00Z", "content": "clocks went back", "user": {"full_name": "Alice", "timezone": "America/New_York"}},
        {"at": "2026-11-01T06:45:00Z", "content": "Indeed.", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-11-01 01:30] [Alice]: still up?"},
        {"role": "user", "content": "[01:30] [Alice]: clocks went back"},
        {"role": "assistant", "content": "[01:45] Indeed."}]}
      """

  @req:TS-CTX-PREFIX @req:TS-CTX-AGENT @id:timestamps/messages-context/names-and-content-verbatim
  Scenario: names and content are used exactly as given
    When I call "timestamps.messages_context" with:
      """json
      {"agent_id": "7", "messages": [
        {"at": "2026-01-23T10:00:00Z", "content": "  two\nlines  ", "agent": {"id": "8", "name": "[Bot] B"}},
        {"at": "2026-01-23T10:00:01Z", "content": "x", "agent": {"id": "9", "name": ""}}]}
      """
    Then the output is:
      """json
      {"messages": [
        {"role": "user", "content": "[2026-01-23 10:00] [[Bot] B]:   two\nlines  "},
        {"role": "user", "content": "[]: x"}]}
      """

  @req:TS-CTX-ORDER @id:timestamps/messages-context/empty-chat
  Scenario: an empty chat has an empty context
    When I call "timestamps.messages_context" with {"agent_id": "7", "messages": []}
    Then the output is:
      """json
      {"messages": []}
      """

  @req:TS-INSTANT @decision @id:timestamps/messages-context/not-an-object
  Scenario: a request that is not a JSON object is refused
    Seed 002 reads created_at from the database and never writes an instant down: the RFC 3339 shape of an instant on the wire, and invalid_input versus invalid_time, are the kit's decision.
    When I call "timestamps.messages_context" with:
      """json
      ["agent_id", "7"]
      """
    Then the error code is "invalid_input"

  @req:TS-INSTANT @decision @id:timestamps/messages-context/bad-input
  Scenario Outline: malformed requests are refused
    Seed 002 reads created_at from the database and never writes an instant down: the RFC 3339 shape of an instant on the wire, and invalid_input versus invalid_time, are the kit's decision.
    When I call "timestamps.messages_context" with <input>
    Then the error code is "<code>"

    Examples:
      | case              | input                                                                              | code          |
      | no-agent-id       | {"messages": []}                                                                   | invalid_input |
      | empty-agent-id    | {"agent_id": "", "messages": []}                                                   | invalid_input |
      | numeric-agent-id  | {"agent_id": 7, "messages": []}                                                    | invalid_input |
      | no-messages       | {"agent_id": "7"}                                                                  | invalid_input |
      | bad-instant       | {"agent_id": "7", "messages": [{"at": "yesterday", "content": "hi"}]}              | invalid_input |
      | no-such-day       | {"agent_id": "7", "messages": [{"at": "2026-02-29T10:00:00Z", "content": "hi"}]}   | invalid_time  |

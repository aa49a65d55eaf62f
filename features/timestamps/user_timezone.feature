@timestamps
Feature: Whose time zone the chat is shown in
  user_timezone takes the most recent human message of the whole chat (a message with a user)
  and resolves its user's time zone setting; with no human message, or a user without a usable
  setting, the zone is UTC.

  @req:TS-USER-ZONE @origin:chat_timestamp_test.rb#returns-users-timezone-when-set @id:timestamps/user-timezone/seed-zone-set
  Scenario: user_timezone returns user's timezone when set
    Origin: test/models/chat_timestamp_test.rb › user_timezone returns user's timezone when set
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [{"at": "2026-01-23T14:32:00Z", "content": "Hello", "user": {"timezone": "America/New_York"}}]}
      """
    Then the output "timezone" is "America/New_York"

  @req:TS-USER-ZONE @req:TS-ZONE-FALLBACK @origin:chat_timestamp_test.rb#falls-back-to-utc-when-no-timezone-set @id:timestamps/user-timezone/seed-no-zone-set
  Scenario: user_timezone falls back to UTC when no timezone set
    Origin: test/models/chat_timestamp_test.rb › user_timezone falls back to UTC when no timezone set
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [{"at": "2026-01-23T14:32:00Z", "content": "Hello", "user": {"timezone": null}}]}
      """
    Then the output "timezone" is "UTC"

  @req:TS-USER-ZONE @origin:chat_timestamp_test.rb#falls-back-to-utc-when-no-human-messages @id:timestamps/user-timezone/seed-no-human-messages
  Scenario: user_timezone falls back to UTC when no human messages
    Origin: test/models/chat_timestamp_test.rb › user_timezone falls back to UTC when no human messages
    (the fixture chat has none; here it has one agent message)
    When I call "timestamps.user_timezone" with {"messages": []}
    Then the output "timezone" is "UTC"
    When I call "timestamps.user_timezone" with {"messages": [{"at": "2026-01-23T14:32:00Z", "content": "Hi", "agent": {"id": "7", "name": "Ada"}, "user": null}]}
    Then the output "timezone" is "UTC"

  @req:TS-USER-ZONE @id:timestamps/user-timezone/most-recent-by-time
  Scenario: the most recent human message is the latest instant, not the last listed
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T15:00:00Z", "content": "later", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T14:00:00+05:30", "content": "earlier, listed last", "user": {"timezone": "Europe/Paris"}}]}
      """
    Then the output "timezone" is "Asia/Tokyo"

  @req:TS-USER-ZONE @id:timestamps/user-timezone/offsets-compared-as-instants
  Scenario: instants with different offsets are compared as instants
    14:00+05:30 is 08:30Z, before 09:00Z although its clock reads later.
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T09:00:00Z", "content": "a", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T14:00:00+05:30", "content": "b", "user": {"timezone": "Europe/Paris"}}]}
      """
    Then the output "timezone" is "Asia/Tokyo"

  @decision @req:TS-USER-ZONE @id:timestamps/user-timezone/tie-goes-to-last-listed
  Scenario: among human messages with the same instant the last listed wins
    The seed is silent on ties: user_timezone's ".order(created_at: :desc).first" leaves human
    messages with the same created_at to the database. The kit pins the
    list order, the chat's own order, as the tie-break: the later-listed message is the more recent.
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T14:32:00.000Z", "content": "one", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T14:32:00Z", "content": "two", "user": {"timezone": "Europe/Paris"}},
        {"at": "2026-01-23T14:00:00Z", "content": "three", "user": {"timezone": "America/Chicago"}}]}
      """
    Then the output "timezone" is "Europe/Paris"

  @req:TS-USER-ZONE @id:timestamps/user-timezone/agents-do-not-count
  Scenario: a later agent message does not count
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T14:00:00Z", "content": "hi", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T15:00:00Z", "content": "hello", "agent": {"id": "7", "name": "Ada"}}]}
      """
    Then the output "timezone" is "Asia/Tokyo"

  @req:TS-USER-ZONE @id:timestamps/user-timezone/blank-messages-count
  Scenario: a blank human message still decides the zone
    The seed's query (messages.where.not(user_id: nil)) does not look at content, although the
    context later skips blank messages.
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T14:00:00Z", "content": "hi", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T15:00:00Z", "content": "   ", "user": {"timezone": "Europe/Paris"}}]}
      """
    Then the output "timezone" is "Europe/Paris"

  @req:TS-USER-ZONE @req:TS-ZONE-FALLBACK @id:timestamps/user-timezone/only-the-most-recent-user-is-asked
  Scenario Outline: only the most recent human's setting is used, even when it is unusable
    The seed asks one user; it does not look further back for a participant with a valid zone.
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T14:00:00Z", "content": "hi", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T15:00:00Z", "content": "hey", "user": <user>}]}
      """
    Then the output "timezone" is "UTC"

    Examples:
      | case            | user                                         |
      | no-field        | {"full_name": "Bob"}                         |
      | null            | {"timezone": null}                           |
      | blank           | {"timezone": ""}                             |
      | invalid         | {"timezone": "Mars/Olympus_Mons"}            |
      | wrong-case      | {"timezone": "asia/tokyo"}                   |

  @req:TS-USER-ZONE @req:TS-ZONE-NAMES @id:timestamps/user-timezone/rails-name-returned-as-given
  Scenario: a Rails name is returned as the zone's name
    When I call "timestamps.user_timezone" with {"messages": [{"at": "2026-01-23T14:32:00Z", "content": "Hi", "user": {"timezone": "Pacific Time (US & Canada)"}}]}
    Then the output is:
      """json
      {"timezone": "Pacific Time (US & Canada)"}
      """

  @req:TS-USER-ZONE @id:timestamps/user-timezone/agent-message-with-a-user
  Scenario: a message with both an agent and a user counts as human
    The seed's test is user_id not nil; it does not check agent_id. A message an agent wrote on
    a user's behalf (both set) therefore decides the zone.
    When I call "timestamps.user_timezone" with:
      """json
      {"messages": [
        {"at": "2026-01-23T14:00:00Z", "content": "hi", "user": {"timezone": "Asia/Tokyo"}},
        {"at": "2026-01-23T15:00:00Z", "content": "relayed", "agent": {"id": "7", "name": "Ada"}, "user": {"timezone": "Europe/Paris"}}]}
      """
    Then the output "timezone" is "Europe/Paris"

  @req:TS-INSTANT @decision @id:timestamps/user-timezone/bad-input
  Scenario Outline: malformed messages are refused
    Seed 002 reads created_at from the database and never writes an instant down: the RFC 3339 shape of an instant on the wire, and invalid_input versus invalid_time, are the kit's decision.
    When I call "timestamps.user_timezone" with <input>
    Then the error code is "<code>"

    Examples:
      | case                | input                                                                        | code          |
      | no-messages         | {}                                                                           | invalid_input |
      | messages-object     | {"messages": {}}                                                             | invalid_input |
      | message-not-object  | {"messages": ["hi"]}                                                         | invalid_input |
      | message-without-at  | {"messages": [{"content": "hi"}]}                                            | invalid_input |
      | user-not-object     | {"messages": [{"at": "2026-01-23T14:00:00Z", "user": "alice"}]}              | invalid_input |
      | zone-not-string     | {"messages": [{"at": "2026-01-23T14:00:00Z", "user": {"timezone": 1}}]}      | invalid_input |
      | agent-without-id    | {"messages": [{"at": "2026-01-23T14:00:00Z", "agent": {"name": "Ada"}}]}     | invalid_input |
      | agent-empty-id      | {"messages": [{"at": "2026-01-23T14:00:00Z", "agent": {"id": "", "name": "Ada"}}]} | invalid_input |
      | content-not-string  | {"messages": [{"at": "2026-01-23T14:00:00Z", "content": 5}]}                 | invalid_input |
      | day-that-is-not     | {"messages": [{"at": "2026-06-31T14:00:00Z"}]}                               | invalid_time  |

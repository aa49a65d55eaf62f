@clock-core @section:10.3
Feature: The implementation's own state store
  §10.3: "state updates MUST be atomic (write temp file + rename) and MUST use a lock (or
  equivalent) to avoid concurrent write corruption". These scenarios drive the implementation's own
  store at a file the runner names ("${state_file}", a fresh folder per scenario, removed after
  it). Concurrency and crashes cannot be one call: the runner's store check (`conform store-check`)
  drives the same operations from several processes at once and kills writers mid-write.

  @req:CLK-STORE-OWN @req:CLK-WRAP-USER @id:clock-core/store/record-then-read
  Scenario: a recorded message is in the file the store reads back
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the output "wrote" is true
    And the output "reason" is "recorded"
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:05:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u2"], "user_id": "u2", "text": "hello"}}
    Then the output "wrote" is true
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the output "source" is "file"
    And the output "state.version" is 3
    And the output "state.users.user:chat:u1.last_interaction_any_channel_iso" is "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u2.last_interaction_any_channel_iso" is "2026-02-09T10:05:00+09:00"
    And the output "state.threads.agent:main:chat:dm:u2.last_user_message_iso" is "2026-02-09T10:05:00+09:00"

  @req:CLK-STORE-OWN @req:CLK-STATE-READ @id:clock-core/store/missing
  Scenario: a store without a file reads as the empty v3 state
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the output "source" is "missing"
    And the output "state" equals the JSON {"version": 3, "users": {}, "threads": {}}

  @req:CLK-STORE-OWN @req:CLK-STATE-ATOMIC @id:clock-core/store/torn-file
  Scenario Outline: a torn or other-version file is refused, by reads and updates, and left as it is
    §10.3's atomic write exists so that no reader sees half a file; should one be there anyway, the
    store must not read it as a state, nor overwrite it (the user's data is in it).
    Given the state file "state_file" holds:
      """
      <content>
      """
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the error code is "<code>"
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the error code is "<code>"
    And the state file "state_file" still holds what it held

    Examples:
      | case          | content                                                      | code                      |
      | cut-in-value  | {"version": 3, "users": {"user:chat:u1": {"default_tz": "Asi | invalid_state             |
      | empty         |                                                              | invalid_state             |
      | newer-version | {"version": 4, "users": {}, "threads": {}}                   | unsupported_state_version |

  @req:CLK-STORE-OWN @id:clock-core/store/bad-path
  Scenario Outline: the path must be an absolute, clean file path
    When I call "clock-core.store_read" with {"path": "<path>"}
    Then the error code is "invalid_path"

    Examples:
      | case     | path                     |
      | relative | clock-state.json         |
      | dotted   | /tmp/../tmp/state.json   |
      | empty    |                          |

  @req:CLK-WRAP-USER @req:CLK-WRAP-LOAD-SAVE @id:clock-core/store/received-at-recorded
  Scenario: the store records the time the message was received, not the time of the call
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:05:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "received_at": "2026-02-09T10:00:00+09:00", "text": "hi"}}
    Then the output "wrote" is true
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the output "state.threads.agent:main:chat:dm:u1.last_user_message_iso" is the RFC 3339 time "2026-02-09T10:00:00+09:00"
    And the output "state.users.user:chat:u1.last_interaction_any_channel_iso" is the RFC 3339 time "2026-02-09T10:00:00+09:00"

  @req:CLK-STATE-READ @id:clock-core/store/trailing-data
  Scenario: a file with anything but white space after its JSON document is refused and left as it is
    A stray bracket after the state is not one JSON document; read as a state, the next update would
    write over it.
    Given the state file "state_file" holds:
      """
      {"version": 3, "users": {}, "threads": {}}]
      """
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the error code is "invalid_state"
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the error code is "invalid_state"
    And the state file "state_file" still holds what it held

  @extension @req:CLK-STATE-PATH @id:clock-core/store/symbolic-link
  Scenario: a state path that is a symbolic link is read and written through the link
    The seed names the state file's path but not what a link there means; the reference treats the
    file the link names as the state file (a dotfile manager may keep it elsewhere) and keeps the link.
    Given the state file "state_file_target" holds:
      """
      {"version": 3, "users": {"user:chat:u1": {"default_tz": "Asia/Tokyo"}}, "threads": {}}
      """
    And the state file "state_file" is a symbolic link to the state file "state_file_target"
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the output "source" is "file"
    And the output "state.users.user:chat:u1.default_tz" is "Asia/Tokyo"
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the output "wrote" is true
    When I call "clock-core.store_read" with {"path": "${state_file_target}"}
    Then the output "state.users.user:chat:u1.default_tz" is "Asia/Tokyo"
    And the output "state.threads.agent:main:chat:dm:u1.last_user_message_iso" is "2026-02-09T10:00:00+09:00"

  @extension @req:CLK-STATE-PATH @id:clock-core/store/symbolic-link-loop
  Scenario: symbolic links that lead back to themselves are refused
    Two links that name each other lead to no file; the reference follows at most 40 links (the
    kernel's own limit) and refuses the path rather than loop.
    Given the state file "state_file" is a symbolic link to the state file "state_file_b"
    And the state file "state_file_b" is a symbolic link to the state file "state_file"
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the call is refused

  @decision @req:CLK-STATE-VERSION @req:CLK-STATE-READ @id:clock-core/store/version-at-double-precision
  Scenario: a version written as 2^53 with a fraction is read exactly: another version, and the file is left as it is
    §10.2 gives the version as the integer 3 and says nothing of one spelled with a fraction. The kit
    reads numbers exactly, as JSON Schema does: 9007199254740992.0 is the whole number 2^53 (a double
    could not tell it from its neighbour, so no reader goes through one), a version other than 3. The
    file is neither read nor written over.
    Given the state file "state_file" holds:
      """
      {"version": 9007199254740992.0, "users": {}, "threads": {}}
      """
    When I call "clock-core.store_read" with {"path": "${state_file}"}
    Then the error code is "unsupported_state_version"
    When I call "clock-core.store_on_user_message" with {"path": "${state_file}", "now": "2026-02-09T10:00:00+09:00", "message": {"channel": "chat", "thread": ["dm", "u1"], "user_id": "u1", "text": "hi"}}
    Then the error code is "unsupported_state_version"
    And the state file "state_file" still holds what it held

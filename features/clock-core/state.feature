@clock-core @section:10
Feature: The v3 state
  §10: the state file ~/.openclaw/clock-state.json, schema version 3, read at session start,
  updated atomically under a lock, compacted by pruning expired actions and capping
  latest_actions. The file store itself is Go API (reference/clock store.go, with its
  concurrency and kill -9 tests); these scenarios pin what any content reads as.

  @req:CLK-STATE-READ @id:clock-core/state/missing-file
  Scenario Outline: no file is the empty v3 state
    When I call "clock-core.read_state_file" with <input>
    Then the output is:
      """json
      {"source": "missing", "state": {"version": 3, "users": {}, "threads": {}}}
      """

    Examples:
      | case   | input             |
      | null   | {"content": null} |
      | absent | {}                |

  @req:CLK-STATE-READ @req:CLK-STATE-SCHEMA @id:clock-core/state/seed-example
  Scenario: the §10.2 example, with its placeholders filled in, is a v3 state
    When I call "clock-core.read_state_file" with:
      """json
      {"content": "{\"version\": 3, \"users\": {\"user:chat:u1\": {\"default_tz\": \"Asia/Tokyo\", \"policy_overrides\": {\"mode\": \"light\"}, \"last_interaction_any_channel_iso\": \"2026-02-09T10:00:00+09:00\", \"channels\": {\"chat\": {\"last_user_message_iso\": \"2026-02-09T10:00:00+09:00\", \"last_agent_message_iso\": \"2026-02-09T10:00:05+09:00\"}}, \"latest_actions\": [{\"id\": \"act_9f3c\", \"label\": \"Eat dinner\", \"type\": \"temporal_action\", \"status\": \"planned\", \"recorded_iso\": \"2026-02-09T18:10:00+09:00\", \"expected_typical_minutes\": 75, \"expected_max_minutes\": 180, \"expires_iso\": \"2026-02-10T18:10:00+09:00\", \"thread_key\": \"agent:main:chat:dm:u1\", \"source\": \"auto\"}], \"calibration\": {\"activity_overrides\": {\"meal:dinner\": {\"typical_minutes\": 90, \"max_minutes\": 240, \"updated_iso\": \"2026-02-01T12:00:00+09:00\"}}}}}, \"threads\": {\"agent:main:chat:dm:u1\": {\"thread_kind\": \"project\", \"session_tz\": \"Asia/Tokyo\", \"agent_tz\": \"Europe/Berlin\", \"delta_hours\": 8, \"participants\": [\"user:chat:u1\", \"user:chat:u2\"], \"last_interaction_iso\": \"2026-02-09T10:00:05+09:00\", \"last_user_message_iso_by_user\": {\"user:chat:u1\": \"2026-02-09T10:00:00+09:00\"}}}}\n"}
      """
    Then the output "source" is "file"
    And the output "state.users.user:chat:u1.latest_actions.0.expected_max_minutes" is 180
    And the output "state.users.user:chat:u1.calibration.activity_overrides.meal:dinner.typical_minutes" is 90
    And the output "state.threads.agent:main:chat:dm:u1.delta_hours" is 8

  @decision @req:CLK-STATE-SCHEMA @id:clock-core/state/seed-example-verbatim
  Scenario: the §10.2 example verbatim is not a state: its enumerations are placeholders
    "source": "auto|clock_it|user_confirmed" and "thread_kind": "project|conversation|…" list
    the allowed values; a file must hold one of them, so the schema takes the list as an enum.
    When I call "clock-core.read_state_file" with {"content": "{\"version\": 3, \"threads\": {\"<thread_key>\": {\"thread_kind\": \"project|conversation|scheduling|operations\"}}}"}
    Then the error code is "invalid_state"

  @req:CLK-STATE-READ @req:CLK-STATE-SCHEMA @req:CLK-STATE-INSTANTS @req:CLK-ACTION-EXPIRES @id:clock-core/state/corrupt
  Scenario Outline: content that is not a v3 state is refused
    When I call "clock-core.read_state_file" with {"content": "<content>"}
    Then the error code is "invalid_state"

    Examples:
      | case                 | content                                                                                      |
      | empty-file           |                                                                                              |
      | not-json             | clock state v3                                                                               |
      | json-null            | null                                                                                         |
      | json-array           | []                                                                                           |
      | two-documents        | {\"version\": 3}{\"version\": 3}                                                             |
      | version-as-string    | {\"version\": \"3\"}                                                                         |
      | no-version           | {\"users\": {}}                                                                              |
      | unknown-top-field    | {\"version\": 3, \"notes\": []}                                                              |
      | unknown-user-field   | {\"version\": 3, \"users\": {\"u\": {\"nickname\": \"r\"}}}                                  |
      | instant-no-offset    | {\"version\": 3, \"threads\": {\"t\": {\"last_interaction_iso\": \"2026-02-09T10:00:00\"}}}  |
      | impossible-instant   | {\"version\": 3, \"threads\": {\"t\": {\"last_interaction_iso\": \"2026-02-30T10:00:00Z\"}}} |
      | action-no-expiry     | {\"version\": 3, \"users\": {\"u\": {\"latest_actions\": [{\"id\": \"a\", \"label\": \"x\", \"type\": \"temporal_action\", \"status\": \"planned\", \"recorded_iso\": \"2026-02-09T10:00:00Z\", \"source\": \"auto\"}]}}} |
      | unknown-status       | {\"version\": 3, \"users\": {\"u\": {\"latest_actions\": [{\"id\": \"a\", \"label\": \"x\", \"type\": \"temporal_action\", \"status\": \"paused\", \"recorded_iso\": \"2026-02-09T10:00:00Z\", \"expires_iso\": \"2026-02-10T10:00:00Z\", \"source\": \"auto\"}]}}} |
      | duplicate-participant| {\"version\": 3, \"threads\": {\"t\": {\"participants\": [\"u\", \"u\"]}}}                   |
      | link-to-user         | {\"version\": 3, \"identity_links\": {\"user:chat:a\": \"user:chat:b\"}}                     |

  @decision @req:CLK-STATE-ATOMIC @req:CLK-STATE-READ @id:clock-core/state/torn-write
  Scenario Outline: a torn write is never read as a state
    §10.3 requires atomic writes (temp file + rename) precisely so that a reader never sees a
    half-written file; should one appear anyway, it is refused and left for the user, never
    repaired by guessing or replaced by an empty state.
    When I call "clock-core.read_state_file" with {"content": "<content>"}
    Then the error code is "invalid_state"

    Examples:
      | case            | content                                                                        |
      | cut-in-key      | {\"version\": 3, \"thre                                                        |
      | cut-in-value    | {\"version\": 3, \"threads\": {\"t\": {\"last_interaction_iso\": \"2026-02-0  |
      | cut-after-comma | {\"version\": 3, \"users\": {},                                                |
      | cut-before-end  | {\"version\": 3, \"users\": {}, \"threads\": {}                                |
      | zero-filled     | \u0000\u0000\u0000\u0000                                                       |

  @decision @req:CLK-STATE-VERSION @id:clock-core/state/versions
  Scenario Outline: only version 3 is read
    A newer file was written by a newer agent with fields this one would drop, and an older one
    has no migration in the seed; both are refused, naming the version, and left as they are.
    When I call "clock-core.read_state_file" with {"content": "<content>"}
    Then the error code is "unsupported_state_version"

    Examples:
      | case                | content                                                  |
      | newer               | {\"version\": 4}                                         |
      | much-newer          | {\"version\": 99, \"users\": [], \"new_field\": true}    |
      | older               | {\"version\": 2}                                         |
      | zero                | {\"version\": 0}                                         |
      | integral-float      | {\"version\": 4.0}                                       |

  @req:CLK-STATE-VERSION @id:clock-core/state/version-3
  Scenario: version 3 with nothing else is an empty state
    When I call "clock-core.read_state_file" with {"content": "{\"version\": 3}"}
    Then the output is:
      """json
      {"source": "file", "state": {"version": 3, "users": {}, "threads": {}}}
      """

  @req:CLK-JSON-ESCAPES @req:CLK-STATE-READ @id:clock-core/state/escaped-member-names
  Scenario: a member name written with a JSON escape is the same name
    The state is a JSON file ("CLOCK-STATE.json") and the calls are JSON: "\u0073tate" is
    "state" and "\u0076ersion" is "version", in a request and in the file alike (RFC 8259 §7).
    When I call "clock-core.read_state_file" with {"content": "{\"\\u0076ersion\": 3}"}
    Then the output is:
      """json
      {"source": "file", "state": {"version": 3, "users": {}, "threads": {}}}
      """
    When I call "clock-core.compact_state" with {"\u0073tate": {"\u0076ersion": 3, "threads": {"t": {"last_interaction_iso": "2026-02-09T10:00:05+09:00"}}}, "\u006eow": "2026-02-10T03:02:00Z"}
    Then the output "state.version" is 3
    And the output "state.threads.t.last_interaction_iso" is "2026-02-09T10:00:05+09:00"
    When I call "clock-core.to_iso" with {"\u0069nstant": "2026-02-10T03:02:00Z", "t\u007a": "Asia/Tokyo"}
    Then the output "iso" is "2026-02-10T12:02:00+09:00"

  @req:CLK-STATE-VERSION @req:CLK-STATE-SCHEMA @id:clock-core/state/version-in-operations
  Scenario Outline: operations taking a state refuse other versions and other shapes too
    When I call "clock-core.compact_state" with {"state": <state>, "now": "2026-02-10T03:02:00Z"}
    Then the error code is "<code>"

    Examples:
      | case           | state                                             | code                      |
      | newer          | {"version": 4}                                    | unsupported_state_version |
      | string-version | {"version": "3"}                                  | invalid_input             |
      | unknown-field  | {"version": 3, "users": {"u": {"nickname": "r"}}} | invalid_input             |
      | bad-instant    | {"version": 3, "threads": {"t": {"last_interaction_iso": "2026-13-01T00:00:00Z"}}} | invalid_state |

  @decision @req:CLK-STATE-COMPACT @req:CLK-ACTION-EXPIRES @id:clock-core/state/expiry
  Scenario Outline: an action whose expiry has come is pruned
    "Prune actions older than expiry": an action expiring at this very instant has expired (now
    ≥ expires_iso), so a lookup at its expiry never sees it as current.
    When I call "clock-core.compact_state" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {"latest_actions": [
         {"id": "a", "label": "Dinner", "type": "temporal_action", "status": "planned",
          "recorded_iso": "2026-02-09T10:00:00Z", "expires_iso": "<expires>", "source": "auto"}]}}},
       "now": "2026-02-10T03:02:00Z"}
      """
    Then the output "expired" is <expired>
    And the output "over_limit" is 0

    Examples:
      | case                 | expires                   | expired |
      | one-ms-before-now    | 2026-02-10T03:01:59.999Z  | 1       |
      | at-now               | 2026-02-10T03:02:00Z      | 1       |
      | at-now-other-offset  | 2026-02-10T12:02:00+09:00 | 1       |
      | one-ms-after-now     | 2026-02-10T03:02:00.001Z  | 0       |
      | next-day             | 2026-02-11T03:02:00Z      | 0       |

  @req:CLK-STATE-COMPACT @id:clock-core/state/compact-whole
  Scenario: compaction prunes by expiry, not by status, and keeps the rest in order
    When I call "clock-core.compact_state" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {"default_tz": "Asia/Tokyo", "latest_actions": [
         {"id": "old", "label": "Gym", "type": "temporal_action", "status": "planned",
          "recorded_iso": "2026-02-08T10:00:00Z", "expires_iso": "2026-02-09T10:00:00Z", "source": "auto"},
         {"id": "marked-expired", "label": "Call bank", "type": "temporal_action", "status": "expired",
          "recorded_iso": "2026-02-09T10:00:00Z", "expires_iso": "2026-02-11T10:00:00Z", "source": "clock_it"},
         {"id": "sleep", "label": "Sleep", "type": "temporal_action", "status": "in_progress",
          "recorded_iso": "2026-02-09T22:00:00Z", "expires_iso": "2026-02-10T08:00:00Z", "source": "auto"}]}}},
       "now": "2026-02-10T03:02:00Z"}
      """
    Then the output is:
      """json
      {"expired": 1, "over_limit": 0,
       "state": {"version": 3, "threads": {}, "users": {"user:chat:u1": {"default_tz": "Asia/Tokyo", "latest_actions": [
         {"id": "marked-expired", "label": "Call bank", "type": "temporal_action", "status": "expired",
          "recorded_iso": "2026-02-09T10:00:00Z", "expires_iso": "2026-02-11T10:00:00Z", "source": "clock_it"},
         {"id": "sleep", "label": "Sleep", "type": "temporal_action", "status": "in_progress",
          "recorded_iso": "2026-02-09T22:00:00Z", "expires_iso": "2026-02-10T08:00:00Z", "source": "auto"}]}}}}
      """

  @decision @req:CLK-STATE-COMPACT @req:CLK-POLICY-JSON @id:clock-core/state/cap
  Scenario Outline: latest_actions is capped at max_items, keeping the most recently recorded
    "Cap latest_actions length" keeps a rolling list (§2 "small rolling list"), so the oldest
    recorded go first; the kept ones stay in their stored order.
    When I call "clock-core.compact_state" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {"latest_actions": [
         {"id": "b", "label": "B", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T01:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"},
         {"id": "c", "label": "C", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T02:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"},
         {"id": "a", "label": "A", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T00:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}]}}},
       "policy": {"clock": {"store": {"latest_actions": {"max_items": <max>}}}},
       "now": "2026-02-10T03:02:00Z"}
      """
    Then the output "over_limit" is <over>
    And the output "state.users.user:chat:u1.latest_actions.0.id" is "<first>"
    And the output "state.users.user:chat:u1.latest_actions.<last_index>.id" is "<last>"

    Examples:
      | case          | max | over | first | last_index | last |
      | below-count   | 2   | 1    | b     | 1          | c    |
      | at-count      | 3   | 0    | b     | 2          | a    |
      | above-count   | 4   | 0    | b     | 2          | a    |
      | keep-one      | 1   | 2    | c     | 0          | c    |

  @req:CLK-STATE-COMPACT @id:clock-core/state/cap-tie
  Scenario: among actions recorded at the same instant, the later entry is the newer
    When I call "clock-core.compact_state" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {"latest_actions": [
         {"id": "first", "label": "A", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T01:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"},
         {"id": "second", "label": "B", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T10:00:00+09:00", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}]}}},
       "policy": {"clock": {"store": {"latest_actions": {"max_items": 1}}}},
       "now": "2026-02-10T03:02:00Z"}
      """
    Then the output "state.users.user:chat:u1.latest_actions.0.id" is "second"
    And the output "over_limit" is 1

  @req:CLK-STATE-COMPACT @req:CLK-POLICY-OVERRIDES @id:clock-core/state/cap-per-user
  Scenario: a user's own max_items override caps their list
    When I call "clock-core.compact_state" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {
         "policy_overrides": {"store": {"latest_actions": {"max_items": 1}}},
         "latest_actions": [
         {"id": "a", "label": "A", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T00:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"},
         {"id": "b", "label": "B", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T01:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}]}}},
       "now": "2026-02-10T03:02:00Z"}
      """
    Then the output "over_limit" is 1
    And the output "state.users.user:chat:u1.latest_actions.0.id" is "b"

  @decision @req:CLK-STATE-COMPACT @req:CLK-POLICY-OVERRIDES @id:clock-core/state/cap-per-user-written-1.0
  Scenario: a stored max_items override written 1.0 caps the list as 1 does
    §10.2 shows a stored override only by example, "policy_overrides": {"mode": "light"}, and says
    nothing of how a number in one is spelled. Pinned: a state argument is read as JSON Schema
    reads it, where 1.0 is the integer 1, as the state file itself is read.
    When I call "clock-core.compact_state" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {
         "policy_overrides": {"store": {"latest_actions": {"max_items": 1.0}}},
         "latest_actions": [
         {"id": "a", "label": "A", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T00:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"},
         {"id": "b", "label": "B", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-10T01:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}]}}},
       "now": "2026-02-10T03:02:00Z"}
      """
    Then the output "over_limit" is 1
    And the output "state.users.user:chat:u1.latest_actions.0.id" is "b"

  @decision @req:CLK-STATE-PATH @id:clock-core/state/path
  Scenario Outline: the state file's location
    §10.1 gives ~/.openclaw/clock-state.json; an override replaces it, with ~/ read as the home
    directory, and paths are POSIX, absolute and cleaned so that two spellings are one file.
    When I call "clock-core.state_path" with {"home": "<home>", "override": <override>}
    Then the output "path" is "<path>"

    Examples:
      | case              | home        | override                      | path                                 |
      | default           | /home/ryan  | null                          | /home/ryan/.openclaw/clock-state.json |
      | home-slash        | /home/ryan/ | null                          | /home/ryan/.openclaw/clock-state.json |
      | empty-override    | /home/ryan  | ""                            | /home/ryan/.openclaw/clock-state.json |
      | absolute-override | /home/ryan  | "/var/lib/clock/state.json"   | /var/lib/clock/state.json            |
      | tilde-override    | /home/ryan  | "~/clock.json"                | /home/ryan/clock.json                |
      | cleaned           | /home/ryan  | "/var/lib/../clock/./s.json"  | /var/clock/s.json                    |

  @req:CLK-STATE-PATH @id:clock-core/state/path-invalid
  Scenario Outline: paths that name no file
    When I call "clock-core.state_path" with {"home": "<home>", "override": <override>}
    Then the error code is "invalid_path"

    Examples:
      | case               | home       | override          |
      | relative-home      | home/ryan  | null              |
      | empty-home         |            | null              |
      | relative-override  | /home/ryan | "state.json"      |
      | bare-tilde         | /home/ryan | "~"               |
      | directory          | /home/ryan | "/var/lib/clock/" |
      | root               | /home/ryan | "/"               |

@clock-awareness @section:6.4 @section:6.5
Feature: Reading actions: expiry at read time, likely done, open actions
  §6.4: all actions expire, and expiry is judged when an action is read, not when it was
  stored. §6.5: a future action is open for its expected duration window; past it, it is
  likely done — an inference, never done.

  @req:AW-READ-EXPIRY @req:AW-READ-LIKELY-DONE @req:AW-READ-OPEN @req:AW-READ-FINAL @id:clock-awareness/read/status
  Scenario Outline: effective status at now
    When I call "clock-awareness.read_actions" with {"now": "<now>", "actions": [{"id": "a1", "label": "Eat dinner", "type": "temporal_action", "status": "<status>", "recorded_iso": "2026-02-09T18:00:00Z", "expected_typical_minutes": 75, "expected_max_minutes": 180, "expires_iso": "2026-02-10T18:00:00Z", "source": "auto"}]}
    Then the output is:
      """json
      {"actions": [{"id": "a1", "label": "Eat dinner", "status": "<status>", "effective_status": "<effective>",
                    "open": <open>, "expired": <expired>, "elapsed_ms": <elapsed>}],
       "has_open_action": <open>}
      """

    Examples:
      | case                   | status      | now                  | effective   | open  | expired | elapsed  |
      | planned-fresh          | planned     | 2026-02-09T18:30:00Z | planned     | true  | false   | 1800000  |
      | typical-below          | planned     | 2026-02-09T19:14:59Z | planned     | true  | false   | 4499000  |
      | typical-at             | planned     | 2026-02-09T19:15:00Z | likely_done | true  | false   | 4500000  |
      | in-progress-typical    | in_progress | 2026-02-09T20:00:00Z | likely_done | true  | false   | 7200000  |
      | expiry-below           | planned     | 2026-02-10T17:59:59Z | likely_done | true  | false   | 86399000 |
      | expiry-at              | planned     | 2026-02-10T18:00:00Z | expired     | false | true    | 86400000 |
      | expiry-above           | in_progress | 2026-02-10T18:00:01Z | expired     | false | true    | 86401000 |
      | likely-done-expires    | likely_done | 2026-02-10T18:00:00Z | expired     | false | true    | 86400000 |
      | done-stays             | done        | 2026-02-12T00:00:00Z | done        | false | false   | 194400000 |
      | canceled-stays         | canceled    | 2026-02-09T18:30:00Z | canceled    | false | false   | 1800000  |
      | expired-stored         | expired     | 2026-02-09T18:30:00Z | expired     | false | true    | 1800000  |

  @req:AW-READ-EXPIRY @id:clock-awareness/read/no-expected
  Scenario: without expected minutes an action stays as stored until it expires
    When I call "clock-awareness.read_actions" with {"now": "2026-02-10T17:00:00Z", "actions": [{"id": "a1", "label": "Call the bank", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T18:00:00Z", "expires_iso": "2026-02-10T18:00:00Z", "source": "clock_it"}]}
    Then the output "actions.0.effective_status" is "planned"
    And the output "has_open_action" is true

  @decision @req:AW-READ-THREAD @req:AW-READ-OPEN @id:clock-awareness/read/thread
  Scenario Outline: per user, and optionally per thread
    §5.1 says has_open_action is "per user and/or per thread"; with a thread key the thread's own
    actions count, and so do actions stored without a thread (they belong to the user everywhere).
    When I call "clock-awareness.read_actions" with:
      """json
      {"now": "2026-02-09T19:00:00Z", "thread_key": <thread>, "actions": [
        {"id": "dm", "label": "Gym", "type": "temporal_action", "status": "in_progress", "recorded_iso": "2026-02-09T18:00:00Z", "expires_iso": "2026-02-10T18:00:00Z", "thread_key": "agent:main:chat:dm:u1", "source": "auto"},
        {"id": "old", "label": "Call", "type": "action", "status": "done", "recorded_iso": "2026-02-09T18:00:00Z", "expires_iso": "2026-02-10T18:00:00Z", "source": "clock_it"}]}
      """
    Then the output "has_open_action" is <open>
    And the output "actions.0.id" is "<first>"

    Examples:
      | case          | thread                              | open  | first |
      | all           | null                                | true  | dm    |
      | same-thread   | "agent:main:chat:dm:u1"             | true  | dm    |
      | other-thread  | "agent:main:telegram:group:g1"      | false | old   |

  @req:AW-READ-LIKELY-DONE @req:AW-READ-EXPIRY @id:clock-awareness/read/user-corrected
  Scenario Outline: a status the user set is not inferred over, but still expires
    §11: "MUST be willing to be corrected immediately". A user who sets an action back to
    in_progress (source user_confirmed) is believed: reading it past its typical duration does not
    make it likely done again. §6.4 "All actions MUST expire" still holds for it.
    When I call "clock-awareness.read_actions" with {"now": "<now>", "actions": [{"id": "a1", "label": "Eat dinner", "type": "temporal_action", "status": "in_progress", "recorded_iso": "2026-02-09T18:00:00Z", "expected_typical_minutes": 75, "expected_max_minutes": 180, "expires_iso": "2026-02-10T18:00:00Z", "source": "<source>"}]}
    Then the output "actions.0.effective_status" is "<effective>"
    And the output "has_open_action" is <open>

    Examples:
      | case                      | source         | now                  | effective   | open  |
      | confirmed-below-typical   | user_confirmed | 2026-02-09T19:14:59Z | in_progress | true  |
      | confirmed-at-typical      | user_confirmed | 2026-02-09T19:15:00Z | in_progress | true  |
      | confirmed-past-max        | user_confirmed | 2026-02-09T22:00:00Z | in_progress | true  |
      | auto-at-typical           | auto           | 2026-02-09T19:15:00Z | likely_done | true  |
      | clock-it-at-typical       | clock_it       | 2026-02-09T19:15:00Z | likely_done | true  |
      | confirmed-expiry-below    | user_confirmed | 2026-02-10T17:59:59Z | in_progress | true  |
      | confirmed-expiry-at       | user_confirmed | 2026-02-10T18:00:00Z | expired     | false |

  @req:AW-READ-LIKELY-DONE @id:clock-awareness/read/corrected-then-read
  Scenario: a correction holds from the next read on
    The user corrects the agent ("no, I'm still at dinner"); clock-core.correct_action records it and
    the very next read, past the typical duration, still says in_progress.
    When I call "clock-core.correct_action" with {"state": {"version": 3, "users": {"user:chat:u1": {"latest_actions": [{"id": "a1", "label": "Eat dinner", "type": "temporal_action", "status": "likely_done", "recorded_iso": "2026-02-09T18:00:00Z", "expected_typical_minutes": 75, "expected_max_minutes": 180, "expires_iso": "2026-02-10T18:00:00Z", "source": "auto"}]}}}, "user_key": "user:chat:u1", "action_id": "a1", "status": "in_progress"}
    And I remember the output "state.users.user:chat:u1.latest_actions" as "corrected"
    And I call "clock-awareness.read_actions" with {"now": "2026-02-09T20:00:00Z", "actions": "${corrected}"}
    Then the output "actions.0.effective_status" is "in_progress"
    And I call "clock-awareness.assess_continuity" with {"now": "2026-02-09T20:00:00Z", "action": {"id": "a1", "label": "Eat dinner", "type": "temporal_action", "status": "in_progress", "recorded_iso": "2026-02-09T18:00:00Z", "expected_typical_minutes": 75, "expected_max_minutes": 180, "expires_iso": "2026-02-10T18:00:00Z", "source": "user_confirmed"}}
    And the output "effective_status" is "in_progress"
    And the output "status_after" is "in_progress"
    And the output "source_after" is "user_confirmed"

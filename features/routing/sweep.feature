@routing
Feature: The stuck-detection sweep
  Per session and per tick (seed 001 item 9): a container that is not running has its processing
  rows reset; a running one is killed when its heartbeat is older than max(30 min, declared Bash
  timeout), or when a message it claimed has been silent — claim age over max(60 s, declared Bash
  timeout while Bash runs) with no heartbeat since the claim. A reset puts the message back to
  pending with one more try and a backoff; after MAX_TRIES (5) resets it fails instead.

  All scenarios sweep at 2026-03-01T12:00:00.000Z.

  @decision @req:ROUTING-SWEEP-RESET @req:ROUTING-SWEEP-NOT-RUNNING @id:routing/sweep/reset-schedule
  Scenario Outline: tries + 1 and a doubling backoff from 5 s, until MAX_TRIES
    The seed names a backoff but no schedule. Item 10 folds v1's host-level retry — MAX_RETRIES
    5 with an exponential backoff from BASE_RETRY_MS 5000 — into this sweep, so v1's schedule is
    kept: the n-th retry waits 5 s·2^(n−1). A message already reset MAX_TRIES times fails, as v1
    gave up after MAX_RETRIES; its tries stay as they were.
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": false,
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:00.000Z", "tries": <tries>}]}
      """
    Then the output is:
      """json
      {"rule": "container_not_running", "kill": false,
       "resets": [{"message_id": "m1", "status": "<status>", "tries": <after_tries>, "backoff_ms": <backoff>, "process_after": <after>}],
       "ceiling_ms": null, "tolerance_ms": null}
      """

    Examples:
      | case     | tries | status  | after_tries | backoff | after                      |
      | first    | 0     | pending | 1           | 5000    | "2026-03-01T12:00:05.000Z" |
      | second   | 1     | pending | 2           | 10000   | "2026-03-01T12:00:10.000Z" |
      | third    | 2     | pending | 3           | 20000   | "2026-03-01T12:00:20.000Z" |
      | fourth   | 3     | pending | 4           | 40000   | "2026-03-01T12:00:40.000Z" |
      | fifth    | 4     | pending | 5           | 80000   | "2026-03-01T12:01:20.000Z" |
      | at-max   | 5     | failed  | 5           | null    | null                       |
      | past-max | 6     | failed  | 6           | null    | null                       |

  @req:ROUTING-SWEEP-NOT-RUNNING @id:routing/sweep/not-running
  Scenario: a container that is not running is never killed; its processing rows are all reset
    The heartbeat is hours old, but only the running-container rules look at it.
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": false, "heartbeat_at": "2026-03-01T08:00:00.000Z",
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:59.000Z", "tries": 0},
                  {"message_id": "m2", "claimed_at": "2026-03-01T11:00:00.000Z", "tries": 2}]}
      """
    Then the output is:
      """json
      {"rule": "container_not_running", "kill": false,
       "resets": [{"message_id": "m1", "status": "pending", "tries": 1, "backoff_ms": 5000, "process_after": "2026-03-01T12:00:05.000Z"},
                  {"message_id": "m2", "status": "pending", "tries": 3, "backoff_ms": 20000, "process_after": "2026-03-01T12:00:20.000Z"}],
       "ceiling_ms": null, "tolerance_ms": null}
      """
    When I call "routing.sweep" with {"now": "2026-03-01T12:00:00.000Z", "container_running": false}
    Then the output "rule" is one of "none", "container_not_running"
    And the output "kill" is false
    And the output "resets" equals the JSON []

  @decision @req:ROUTING-SWEEP-EMPTY-RULE @req:ROUTING-SWEEP-NOT-RUNNING @id:routing/sweep/not-running-nothing-to-reset
  Scenario: a sweep of a stopped container with nothing to reset names rule none
    Seed 001 item 9's first rule resets the processing rows of a container that is not
    running; with none, nothing happens, and the kit names that sweep as it names every sweep
    that does nothing (container_not_running would be as faithful).
    When I call "routing.sweep" with {"now": "2026-03-01T12:00:00.000Z", "container_running": false}
    Then the output is:
      """json
      {"rule": "none", "kill": false, "resets": [], "ceiling_ms": null, "tolerance_ms": null}
      """

  @req:ROUTING-SWEEP-CEILING @req:ROUTING-SWEEP-BASH @id:routing/sweep/absolute-ceiling
  Scenario Outline: a running container is killed when its heartbeat is older than the ceiling
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "<heartbeat>", "tool_in_flight": <tool>}
      """
    Then the output "rule" is "<rule>"
    And the output "kill" is <kill>
    And the output "ceiling_ms" is <ceiling>

    Examples: 30 minutes without Bash
      | case              | tool | heartbeat                | rule             | kill  | ceiling |
      | just-below-30m    | null | 2026-03-01T11:30:00.001Z | none             | false | 1800000 |
      | exactly-30m       | null | 2026-03-01T11:30:00.000Z | none             | false | 1800000 |
      | just-above-30m    | null | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |
      | hours-old         | null | 2026-03-01T06:00:00.000Z | absolute_ceiling | true  | 1800000 |
      | future-heartbeat  | null | 2026-03-01T12:05:00.000Z | none             | false | 1800000 |

    Examples: a longer declared Bash timeout extends it
      | case              | tool                                                 | heartbeat                | rule             | kill  | ceiling |
      | bash-45m-past-30m | {"name": "Bash", "declared_timeout_ms": 2700000}     | 2026-03-01T11:29:59.999Z | none             | false | 2700000 |
      | bash-45m-below    | {"name": "Bash", "declared_timeout_ms": 2700000}     | 2026-03-01T11:15:00.001Z | none             | false | 2700000 |
      | bash-45m-exactly  | {"name": "Bash", "declared_timeout_ms": 2700000}     | 2026-03-01T11:15:00.000Z | none             | false | 2700000 |
      | bash-45m-above    | {"name": "Bash", "declared_timeout_ms": 2700000}     | 2026-03-01T11:14:59.999Z | absolute_ceiling | true  | 2700000 |
      | bash-30m-exactly  | {"name": "Bash", "declared_timeout_ms": 1800000}     | 2026-03-01T11:30:00.000Z | none             | false | 1800000 |
      | bash-30m-above    | {"name": "Bash", "declared_timeout_ms": 1800000}     | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |
      | bash-30m-plus-1ms | {"name": "Bash", "declared_timeout_ms": 1800001}     | 2026-03-01T11:29:59.999Z | none             | false | 1800001 |

    Examples: a shorter, missing or non-Bash timeout extends nothing
      | case              | tool                                                 | heartbeat                | rule             | kill  | ceiling |
      | bash-10m          | {"name": "Bash", "declared_timeout_ms": 600000}      | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |
      | bash-undeclared   | {"name": "Bash", "declared_timeout_ms": null}        | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |
      | bash-no-field     | {"name": "Bash"}                                     | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |
      | other-tool-45m    | {"name": "WebFetch", "declared_timeout_ms": 2700000} | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |
      | bash-lower-case   | {"name": "bash", "declared_timeout_ms": 2700000}     | 2026-03-01T11:29:59.999Z | absolute_ceiling | true  | 1800000 |

  @req:ROUTING-SWEEP-CEILING @id:routing/sweep/ceiling-resets-every-claim
  Scenario: the ceiling kill resets every processing row, whatever its age
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "2026-03-01T11:20:00.000Z",
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:50.000Z", "tries": 0},
                  {"message_id": "m2", "claimed_at": "2026-03-01T11:10:00.000Z", "tries": 5}]}
      """
    Then the output is:
      """json
      {"rule": "absolute_ceiling", "kill": true,
       "resets": [{"message_id": "m1", "status": "pending", "tries": 1, "backoff_ms": 5000, "process_after": "2026-03-01T12:00:05.000Z"},
                  {"message_id": "m2", "status": "failed", "tries": 5, "backoff_ms": null, "process_after": null}],
       "ceiling_ms": 1800000, "tolerance_ms": 60000}
      """

  @req:ROUTING-SWEEP-CLAIM @req:ROUTING-SWEEP-BASH @id:routing/sweep/claim-stuck
  Scenario Outline: a claimed message silent for longer than the tolerance is stuck
    The heartbeat is 11:50 unless the row says otherwise: well inside the ceiling.
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": <heartbeat>, "tool_in_flight": <tool>,
       "claims": [{"message_id": "m1", "claimed_at": "<claimed>", "tries": 0}]}
      """
    Then the output "rule" is "<rule>"
    And the output "kill" is <kill>
    And the output "tolerance_ms" is <tolerance>

    Examples: 60 seconds since the claim
      | case             | tool | heartbeat                  | claimed                  | rule        | kill  | tolerance |
      | just-below-60s   | null | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:59:00.001Z | none        | false | 60000     |
      | exactly-60s      | null | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:59:00.000Z | none        | false | 60000     |
      | just-above-60s   | null | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | claim_stuck | true  | 60000     |
      | future-claim     | null | "2026-03-01T11:50:00.000Z" | 2026-03-01T12:01:00.000Z | none        | false | 60000     |

    Examples: only silence since the claim counts — heartbeat ≤ claim
      | case                   | tool | heartbeat                  | claimed                  | rule        | kill  | tolerance |
      | heartbeat-1ms-after    | null | "2026-03-01T11:58:00.001Z" | 2026-03-01T11:58:00.000Z | none        | false | 60000     |
      | heartbeat-equal        | null | "2026-03-01T11:58:00.000Z" | 2026-03-01T11:58:00.000Z | claim_stuck | true  | 60000     |
      | heartbeat-1ms-before   | null | "2026-03-01T11:57:59.999Z" | 2026-03-01T11:58:00.000Z | claim_stuck | true  | 60000     |

    Examples: a declared Bash timeout widens the tolerance while Bash runs
      | case                  | tool                                               | heartbeat                  | claimed                  | rule        | kill  | tolerance |
      | bash-2m-past-60s      | {"name": "Bash", "declared_timeout_ms": 120000}    | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | none        | false | 120000    |
      | bash-2m-below         | {"name": "Bash", "declared_timeout_ms": 120000}    | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:00.001Z | none        | false | 120000    |
      | bash-2m-exactly       | {"name": "Bash", "declared_timeout_ms": 120000}    | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:00.000Z | none        | false | 120000    |
      | bash-2m-above         | {"name": "Bash", "declared_timeout_ms": 120000}    | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:57:59.999Z | claim_stuck | true  | 120000    |
      | bash-30s              | {"name": "Bash", "declared_timeout_ms": 30000}     | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | claim_stuck | true  | 60000     |
      | bash-60s              | {"name": "Bash", "declared_timeout_ms": 60000}     | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | claim_stuck | true  | 60000     |
      | bash-60s-plus-1ms     | {"name": "Bash", "declared_timeout_ms": 60001}     | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | none        | false | 60001     |
      | bash-zero             | {"name": "Bash", "declared_timeout_ms": 0}         | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | claim_stuck | true  | 60000     |
      | bash-undeclared       | {"name": "Bash", "declared_timeout_ms": null}      | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | claim_stuck | true  | 60000     |
      | other-tool-2m         | {"name": "WebFetch", "declared_timeout_ms": 120000} | "2026-03-01T11:50:00.000Z" | 2026-03-01T11:58:59.999Z | claim_stuck | true  | 60000     |

  @decision @req:ROUTING-SWEEP-NO-HEARTBEAT @id:routing/sweep/no-heartbeat
  Scenario Outline: without a heartbeat file the ceiling waits and the claim rule sees silence
    The seed is silent on a running container without a heartbeat file: both of its rules read
    heartbeat_mtime. A freshly spawned container has written no heartbeat yet; treating that as infinitely old
    would kill every container at its first sweep. A dead one is the not-running case. A
    container that claimed a message and never produced a heartbeat has been silent since the
    claim, so the claim rule applies to it.
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": null,
       "claims": <claims>}
      """
    Then the output "rule" is "<rule>"
    And the output "kill" is <kill>

    Examples:
      | case            | claims                                                                            | rule        | kill  |
      | no-claims       | []                                                                                | none        | false |
      | fresh-claim     | [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:00.000Z", "tries": 0}]     | none        | false |
      | silent-claim    | [{"message_id": "m1", "claimed_at": "2026-03-01T11:58:59.999Z", "tries": 0}]     | claim_stuck | true  |

  @decision @req:ROUTING-SWEEP-CLAIM @id:routing/sweep/only-stuck-rows-reset
  Scenario: the claim rule resets the stuck rows only; the kill leaves the rest to the next sweep
    The seed's rule 2 resets "this message" (for each row that meets it), unlike rule 1's "reset
    any processing". The other rows are reset by the next tick's not-running rule, since the
    container has been killed. A decision because the expected resets carry the kit's backoff
    schedule (see reset-schedule), which the seed leaves open ("+ backoff").
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "2026-03-01T11:58:30.000Z",
       "claims": [{"message_id": "quiet", "claimed_at": "2026-03-01T11:58:40.000Z", "tries": 1},
                  {"message_id": "talking", "claimed_at": "2026-03-01T11:58:00.000Z", "tries": 0},
                  {"message_id": "fresh", "claimed_at": "2026-03-01T11:59:30.000Z", "tries": 0},
                  {"message_id": "old-quiet", "claimed_at": "2026-03-01T11:58:30.000Z", "tries": 3}]}
      """
    Then the output is:
      """json
      {"rule": "claim_stuck", "kill": true,
       "resets": [{"message_id": "quiet", "status": "pending", "tries": 2, "backoff_ms": 10000, "process_after": "2026-03-01T12:00:10.000Z"},
                  {"message_id": "old-quiet", "status": "pending", "tries": 4, "backoff_ms": 40000, "process_after": "2026-03-01T12:00:40.000Z"}],
       "ceiling_ms": 1800000, "tolerance_ms": 60000}
      """

  @req:ROUTING-SWEEP-CEILING @req:ROUTING-SWEEP-CLAIM @id:routing/sweep/ceiling-first
  Scenario: the ceiling is checked first and resets every row
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "heartbeat_at": "2026-03-01T11:00:00.000Z",
       "claims": [{"message_id": "old", "claimed_at": "2026-03-01T11:10:00.000Z", "tries": 0},
                  {"message_id": "new", "claimed_at": "2026-03-01T11:59:59.000Z", "tries": 0}]}
      """
    Then the output "rule" is "absolute_ceiling"
    And the output "resets.1.message_id" is "new"

  @req:ROUTING-SWEEP-RESET @id:routing/sweep/offset-times
  Scenario: times with an offset are compared as instants and written in UTC
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T13:00:00+01:00", "container_running": true, "heartbeat_at": "2026-03-01T11:29:59.999Z"}
      """
    Then the output "rule" is "absolute_ceiling"
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T13:00:00+01:00", "container_running": false,
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T12:59:00+01:00", "tries": 0}]}
      """
    Then the output "resets.0.process_after" is "2026-03-01T12:00:05.000Z"

  @req:ROUTING-SWEEP-RESET @id:routing/sweep/input-shape
  Scenario: one claim per message; counts are whole and not negative
    When I call "routing.sweep" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "container_running": false,
       "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:00.000Z", "tries": 0},
                  {"message_id": "m1", "claimed_at": "2026-03-01T11:58:00.000Z", "tries": 1}]}
      """
    Then the error code is "duplicate_claim"
    When I call "routing.sweep" with {"now": "2026-03-01T12:00:00.000Z", "container_running": false, "claims": [{"message_id": "m1", "claimed_at": "2026-03-01T11:59:00.000Z", "tries": -1}]}
    Then the error code is "invalid_input"
    When I call "routing.sweep" with {"now": "2026-03-01T12:00:00.000Z", "container_running": true, "tool_in_flight": {"name": "Bash", "declared_timeout_ms": -5}}
    Then the error code is "invalid_input"
    When I call "routing.sweep" with {"now": "2026-03-01T12:00:00.000Z"}
    Then the error code is "invalid_input"
    When I call "routing.sweep" with {"now": "2026-03-01T12:00:00.000123Z", "container_running": false}
    Then the error code is "invalid_input"

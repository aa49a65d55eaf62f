@clock-awareness
Feature: Inputs are read strictly
  Every operation reads one JSON object: unknown or mis-cased keys, wrong types and missing
  required fields are invalid_input; a malformed instant is invalid_instant; a policy that
  clock-core would refuse is invalid_policy.

  @req:AW-INPUT-STRICT @decision @id:clock-awareness/validation/invalid-input
  Scenario Outline: malformed input
    Seed 004 says nothing of how a malformed call is answered: refusing it with invalid_input, as the operation's input schema states, is the kit's decision.
    When I call "<op>" with <input>
    Then the error code is "invalid_input"

    Examples:
      | case                 | op                                  | input                                                               |
      | missing-now          | clock-awareness.decide_relevance    | {"text": "hi"}                                                      |
      | mis-cased-key        | clock-awareness.decide_relevance    | {"Now": "2026-02-10T00:00:00Z"}                                     |
      | unknown-key          | clock-awareness.decide_relevance    | {"now": "2026-02-10T00:00:00Z", "elapsed": 5}                       |
      | bad-kind             | clock-awareness.decide_relevance    | {"now": "2026-02-10T00:00:00Z", "thread_kind": "chat"}              |
      | open-not-bool        | clock-awareness.decide_relevance    | {"now": "2026-02-10T00:00:00Z", "has_open_action": "yes"}           |
      | policy-not-object    | clock-awareness.decide_relevance    | {"now": "2026-02-10T00:00:00Z", "policy": "mode: off"}              |
      | capture-no-text      | clock-awareness.capture_action      | {"now": "2026-02-10T00:00:00Z"}                                     |
      | capture-bad-action   | clock-awareness.capture_action      | {"now": "2026-02-10T00:00:00Z", "text": "brb", "actions": [{"id": "x"}]} |
      | capture-bad-status   | clock-awareness.capture_action      | {"now": "2026-02-10T00:00:00Z", "text": "brb", "actions": [{"id": "x", "label": "X", "type": "action", "status": "open", "recorded_iso": "2026-02-10T00:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}]} |
      | capture-calibration  | clock-awareness.capture_action      | {"now": "2026-02-10T00:00:00Z", "text": "brb", "calibration": {"sleep": {"typical_minutes": 1.5, "max_minutes": 2, "updated_iso": "2026-02-10T00:00:00Z"}}} |
      | read-no-actions      | clock-awareness.read_actions        | {"now": "2026-02-10T00:00:00Z"}                                     |
      | continuity-no-action | clock-awareness.assess_continuity   | {"now": "2026-02-10T00:00:00Z"}                                     |
      | continuity-kind      | clock-awareness.assess_continuity   | {"now": "2026-02-10T00:00:00Z", "impactful_kind": "wire_transfer", "action": {"id": "x", "label": "X", "type": "action", "status": "planned", "recorded_iso": "2026-02-10T00:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}} |
      | group-empty          | clock-awareness.group_time          | {"now": "2026-02-10T00:00:00Z", "participants": []}                 |
      | group-no-user        | clock-awareness.group_time          | {"now": "2026-02-10T00:00:00Z", "participants": [{"tz": "UTC"}]}    |
      | directive-no-text    | clock-awareness.parse_directive     | {}                                                                  |
      | judged-empty-status  | clock-awareness.capture_action      | {"now": "", "text": "brb", "judgement": {"action": true, "temporal": true, "label": "Gym", "status": ""}} |

  @req:AW-INPUT-STRICT @decision @id:clock-awareness/validation/invalid-instant
  Scenario Outline: malformed instants
    Seed 004 says nothing of how a malformed call is answered: refusing it with invalid_input, as the operation's input schema states, is the kit's decision.
    When I call "<op>" with <input>
    Then the error code is "invalid_instant"

    Examples:
      | case              | op                                 | input                                                                       |
      | no-offset         | clock-awareness.decide_relevance   | {"now": "2026-02-10T10:00:00"}                                              |
      | feb-30            | clock-awareness.decide_relevance   | {"now": "2026-02-10T10:00:00Z", "last_interaction_iso": "2026-02-30T10:00:00Z"} |
      | date-only         | clock-awareness.group_time         | {"now": "2026-02-10", "participants": [{"user_key": "a"}]}                  |
      | action-feb-30     | clock-awareness.read_actions       | {"now": "2026-02-10T10:00:00Z", "actions": [{"id": "x", "label": "X", "type": "action", "status": "planned", "recorded_iso": "2026-02-30T00:00:00Z", "expires_iso": "2026-03-11T00:00:00Z", "source": "auto"}]} |

  @req:AW-INPUT-STRICT @decision @id:clock-awareness/validation/invalid-policy
  Scenario Outline: policies are checked like clock-core's
    Seed 004 says nothing of how a malformed call is answered: refusing it with invalid_input, as the operation's input schema states, is the kit's decision.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "policy": <policy>}
    Then the error code is "invalid_policy"

    Examples:
      | case          | policy                                         |
      | unknown-key   | {"clock": {"moode": "light"}}                  |
      | bad-mode      | {"clock": {"mode": "heavy"}}                   |
      | string-bool   | {"clock": {"enabled": "false"}}                |

  @decision @req:AW-INPUT-STRICT @id:clock-awareness/validation/first-and-last-year
  Scenario Outline: instants in the first and the last UTC year computed with are accepted
    §10.2 writes instants as ISO 8601 strings with an offset ("2026-02-09T10:00:00+09:00") and
    says nothing of their range. The kit computes with UTC years 0001 to 9998, so that every
    instant it writes (a TTL of up to 7 days added) still has four digits; the year is the UTC
    year, whatever the offset written.
    When I call "clock-awareness.decide_relevance" with {"now": "<now>", "last_interaction_iso": "<last>"}
    Then the output "elapsed_ms" is <elapsed>

    Examples:
      | case                 | last                      | now                       | elapsed |
      | first-year           | 0001-01-01T00:00:01Z      | 0001-01-01T01:00:00Z      | 3599000 |
      | first-instant        | 0001-01-01T00:00:00Z      | 0001-01-01T01:00:00Z      | 3600000 |
      | first-instant-offset | 0001-01-01T01:00:00+01:00 | 0001-01-01T01:00:00Z      | 3600000 |
      | last-year            | 9998-12-31T22:59:59Z      | 9998-12-31T23:59:59Z      | 3600000 |
      | last-year-by-offset  | 9998-12-31T22:59:59Z      | 9999-01-01T00:59:59+01:00 | 3600000 |

  @decision @req:AW-INPUT-STRICT @id:clock-awareness/validation/outside-the-years
  Scenario Outline: an instant whose UTC year is before 0001 or after 9998 is invalid_instant
    §10.2 writes instants as ISO 8601 strings with an offset and says nothing of their range; the
    kit computes with UTC years 0001 to 9998 (the scenario above) and refuses the rest, judged by
    the UTC year, not the year written.
    When I call "clock-awareness.decide_relevance" with {"now": "<now>"}
    Then the error code is "invalid_instant"

    Examples:
      | case                | now                       |
      | year-0              | 0000-12-31T23:59:59Z      |
      | year-0-by-offset    | 0001-01-01T00:59:59+01:00 |
      | year-9999           | 9999-01-01T00:00:00Z      |
      | year-9999-by-offset | 9998-12-31T23:30:00-01:00 |

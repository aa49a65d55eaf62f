@clock-awareness @section:7.3 @section:11
Feature: Group chats
  §7.3: there is no single user timezone; presentation is per user; group scheduling stores
  absolute timestamps and presents UTC plus conversions for the participants. §0: relative time
  expressions are ambiguous across zones whose offsets differ by at least
  ambiguity_threshold_hours; §2: offsets are compared in minutes (+05:30, +05:45).

  @req:AW-GROUP-UTC @req:AW-GROUP-PRESENTATION @req:AW-GROUP-UNKNOWN @id:clock-awareness/group/schedule
  Scenario: a group meeting in UTC with each participant's local time
    §7.3 stores the absolute time and presents "UTC + conversions"; the answer addressed to one
    participant is labelled in their zone or, since that is only preferred (§11 "Prefer Session TZ
    labeling"), in UTC (clock-awareness/group/presentation-fallback pins the kit's choice).
    When I call "clock-awareness.group_time" with:
      """json
      {"now": "2026-02-09T12:00:00Z", "scheduled": "2026-02-10T18:00:00+09:00", "addressed_user": "u2",
       "participants": [{"user_key": "u1", "tz": "Asia/Tokyo"}, {"user_key": "u2", "tz": "America/New_York"},
                        {"user_key": "u3", "tz": "Asia/Kathmandu"}, {"user_key": "u4", "tz": null}, {"user_key": "u5"}]}
      """
    Then the output "utc" is "2026-02-10T09:00:00Z"
    And the output "conversions" equals the JSON [{"user_key": "u1", "tz": "Asia/Tokyo", "local": "2026-02-10T18:00:00+09:00", "offset_minutes": 540}, {"user_key": "u2", "tz": "America/New_York", "local": "2026-02-10T04:00:00-05:00", "offset_minutes": -300}, {"user_key": "u3", "tz": "Asia/Kathmandu", "local": "2026-02-10T14:45:00+05:45", "offset_minutes": 345}]
    And the output "unknown_tz" equals the JSON ["u4", "u5"]
    And the output "presentation_tz" is one of "America/New_York", "UTC"
    And the output "presentation_local" is the instant "2026-02-10T04:00:00-05:00"
    And the output "offset_spread_minutes" is 840
    And the output "spread_reaches_threshold" is true
    And the output "ambiguous" is false

  @decision @req:AW-ZONE-SPELLING @id:clock-awareness/group/zone-letter-case
  Scenario: a participant's zone written in another letter case is tzdb's zone
    The seed asks for IANA zones and says nothing of their letter case; the kit reads
    "asia/kathmandu" as Asia/Kathmandu and answers in tzdb's spelling.
    When I call "clock-awareness.group_time" with {"now": "2026-02-09T12:00:00Z", "scheduled": "2026-02-10T09:00:00Z", "participants": [{"user_key": "u3", "tz": "asia/kathmandu"}]}
    Then the output "conversions.0.tz" is "Asia/Kathmandu"
    And the output "conversions.0.local" is "2026-02-10T14:45:00+05:45"

  @req:AW-GROUP-UTC @id:clock-awareness/group/dst-at-the-instant
  Scenario: each conversion uses the offset at the scheduled instant
    New York is on daylight time from 2026-03-08; the meeting is after the change, now is before it.
    When I call "clock-awareness.group_time" with {"now": "2026-03-01T12:00:00Z", "scheduled": "2026-03-09T15:00:00Z", "participants": [{"user_key": "u1", "tz": "America/New_York"}, {"user_key": "u2", "tz": "Europe/London"}]}
    Then the output "conversions.0.local" is "2026-03-09T11:00:00-04:00"
    And the output "conversions.0.offset_minutes" is -240
    And the output "conversions.1.local" is "2026-03-09T15:00:00+00:00"
    And the output "offset_spread_minutes" is 300

  @req:AW-GROUP-PRESENTATION @id:clock-awareness/group/presentation-fallback
  Scenario Outline: the addressed user's zone, else UTC
    §7.3 prefers the addressed user's zone (a recommendation: "prefer their TZ labeling"); when it
    is unknown the seed is silent, and the kit labels the answer in UTC, the one zone every
    participant can convert from.
    When I call "clock-awareness.group_time" with {"now": "2026-02-09T12:00:00Z", "scheduled": "2026-02-10T09:00:00Z", "addressed_user": <addressed>, "participants": [{"user_key": "u1", "tz": "Asia/Kolkata"}, {"user_key": "u2"}]}
    Then the output "presentation_tz" is "<tz>"
    And the output "presentation_local" is "<local>"

    @recommended
    Examples: the addressed user's zone is known
      | case        | addressed | tz           | local                     |
      | known       | "u1"      | Asia/Kolkata | 2026-02-10T14:30:00+05:30 |

    @decision
    Examples: no zone to prefer
      | case        | addressed | tz           | local                     |
      | unknown-tz  | "u2"      | UTC          | 2026-02-10T09:00:00+00:00 |
      | nobody      | null      | UTC          | 2026-02-10T09:00:00+00:00 |
      | not-member  | "u9"      | UTC          | 2026-02-10T09:00:00+00:00 |

  @req:AW-GROUP-AMBIGUOUS @req:AW-GROUP-MINUTES @id:clock-awareness/group/ambiguity
  Scenario Outline: a relative time is ambiguous at, not below, the threshold — in minutes
    Seed 004 §0 gives "ambiguity_threshold_hours: 4", a "Threshold for treating relative time
    expressions as ambiguous across time zones", and does not say whether a spread equal to it
    is ambiguous: the rows at the threshold pin the kit's choice (ambiguous), the same one
    resolve_session_tz decides.
    When I call "clock-awareness.group_time" with {"now": "<now>", "relative": <relative>, "policy": <policy>, "participants": [{"user_key": "a", "tz": "<a>"}, {"user_key": "b", "tz": "<b>"}]}
    Then the output is:
      """json
      {"utc": null, "conversions": [], "unknown_tz": [], "presentation_tz": "UTC", "presentation_local": null,
       "offset_spread_minutes": <spread>, "spread_reaches_threshold": <reaches>, "ambiguous": <ambiguous>}
      """

    Examples:
      | case               | now                  | a                | b              | policy                                      | relative | spread | reaches | ambiguous |
      | default-below-4h   | 2026-02-09T12:00:00Z | Europe/Moscow    | UTC            | null                                        | true     | 180    | false   | false     |
      | default-above-4h   | 2026-02-09T12:00:00Z | Asia/Kabul       | UTC            | null                                        | true     | 270    | true    | true      |
      | not-relative       | 2026-02-09T12:00:00Z | America/New_York | Asia/Tokyo     | null                                        | false    | 840    | true    | false     |
      | same-zone          | 2026-02-09T12:00:00Z | Europe/Paris     | Europe/Berlin  | null                                        | true     | 0      | false   | false     |
      | dst-winter         | 2026-02-09T12:00:00Z | America/New_York | Europe/London  | {"clock": {"ambiguity_threshold_hours": 4.5}}  | true  | 300    | true    | true      |
      | dst-gap-weeks      | 2026-03-10T12:00:00Z | America/New_York | Europe/London  | {"clock": {"ambiguity_threshold_hours": 4.5}}  | true  | 240    | false   | false     |

    @recommended
    Examples: fractional offsets, compared in minutes (§2: implementations SHOULD compare in minutes)
      | case               | now                  | a                | b              | policy                                      | relative | spread | reaches | ambiguous |
      | kathmandu-below    | 2026-02-09T12:00:00Z | UTC              | Asia/Kathmandu | {"clock": {"ambiguity_threshold_hours": 5.76}} | true  | 345    | false   | false     |
      | kathmandu-above    | 2026-02-09T12:00:00Z | UTC              | Asia/Kathmandu | {"clock": {"ambiguity_threshold_hours": 5.5}}  | true  | 345    | true    | true      |
      | kolkata-below      | 2026-02-09T12:00:00Z | Asia/Kolkata     | UTC            | {"clock": {"ambiguity_threshold_hours": 5.75}} | true  | 330    | false   | false     |
      | quarter-hour-below | 2026-02-09T12:00:00Z | Asia/Kolkata     | Asia/Kathmandu | {"clock": {"ambiguity_threshold_hours": 0.26}} | true  | 15     | false   | false     |

    @decision
    Examples: at the threshold
      | case               | now                  | a                | b              | policy                                      | relative | spread | reaches | ambiguous |
      | default-at-4h      | 2026-02-09T12:00:00Z | UTC              | Asia/Dubai     | null                                        | true     | 240    | true    | true      |
      | kathmandu-at       | 2026-02-09T12:00:00Z | UTC              | Asia/Kathmandu | {"clock": {"ambiguity_threshold_hours": 5.75}} | true  | 345    | true    | true      |
      | kolkata-at         | 2026-02-09T12:00:00Z | Asia/Kolkata     | UTC            | {"clock": {"ambiguity_threshold_hours": 5.5}}  | true  | 330    | true    | true      |
      | quarter-hour-at    | 2026-02-09T12:00:00Z | Asia/Kolkata     | Asia/Kathmandu | {"clock": {"ambiguity_threshold_hours": 0.25}} | true  | 15     | true    | true      |

  @req:AW-GROUP-UNKNOWN @id:clock-awareness/group/unknown-do-not-count
  Scenario: participants without a zone do not count for the spread
    When I call "clock-awareness.group_time" with {"now": "2026-02-09T12:00:00Z", "relative": true, "participants": [{"user_key": "a", "tz": "Europe/Berlin"}, {"user_key": "b"}]}
    Then the output "offset_spread_minutes" is 0
    And the output "ambiguous" is false
    And the output "unknown_tz.0" is "b"

  @req:AW-INPUT-STRICT @decision @id:clock-awareness/group/bad-zone
  Scenario Outline: zones are IANA ids only
    Seed 004 says nothing of how a malformed call is answered: refusing it with invalid_input, as the operation's input schema states, is the kit's decision.
    When I call "clock-awareness.group_time" with {"now": "2026-02-09T12:00:00Z", "participants": [{"user_key": "a", "tz": "<tz>"}]}
    Then the error code is "invalid_timezone"

    Examples:
      | case         | tz         |
      | abbreviation | EST        |
      | offset       | UTC+9      |
      | unknown      | Mars/Olympus |
      | empty        |            |

@datetime
Feature: datetime_math shift
  shift moves a timestamp by years, months, days, hours, minutes and seconds, in any
  combination. Years, months and days move the calendar; hours, minutes and seconds are
  elapsed time. A request with no shift field at all is refused with empty_shift.

  @req:DT-SHIFT @req:DT-MATH-OUTPUT @req:DT-STABLE-OUTPUT @id:datetime/shift/prd-example
  Scenario: the PRD's shift example: the input echoed, the result the instant the PRD shows
    The PRD shows the answer, not the shift fields: 1 day and 21 hours is a request that gives
    it, and so is 2 days minus 3 hours. The PRD writes the result at the input's +03:00; the
    same instant written at another offset is the same answer (datetime/decisions/shift-offset
    pins the kit's: the input's own offset).
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": 1, "hours": 21}
    Then the output "operation" is "shift"
    And the output "input" echoes the timestamp "2026-04-20T10:00:00+03:00"
    And the output "result" is the instant "2026-04-22T07:00:00+03:00"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": 2, "hours": -3}
    Then the output "operation" is "shift"
    And the output "input" echoes the timestamp "2026-04-20T10:00:00+03:00"
    And the output "result" is the instant "2026-04-22T07:00:00+03:00"

  @req:DT-SHIFT @req:DT-SHIFT-CALENDAR @id:datetime/shift/mixed-units
  Scenario Outline: shift with mixed units
    No row reaches a month end or a DST change, so every order of applying the units gives the
    same answer.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "<timestamp>", <fields>}
    Then the output "result" is the instant "<result>"

    Examples:
      | case                     | timestamp                 | fields                                                                           | result                    |
      | all-six-units            | 2026-04-20T10:00:00+03:00 | "years": 1, "months": 2, "days": 3, "hours": 4, "minutes": 5, "seconds": 6       | 2027-06-23T14:05:06+03:00 |
      | all-six-units-backwards  | 2026-04-20T10:00:00+03:00 | "years": -1, "months": -2, "days": -3, "hours": -4, "minutes": -5, "seconds": -6 | 2025-02-17T05:54:54+03:00 |
      | days-and-minutes         | 2026-04-20T10:00:00+03:00 | "days": 10, "minutes": 90                                                        | 2026-04-30T11:30:00+03:00 |
      | hours-back-over-midnight | 2026-04-20T01:00:00+03:00 | "hours": -2, "seconds": 30                                                       | 2026-04-19T23:00:30+03:00 |
      | seconds-spill-into-days  | 2026-04-20T10:00:00+03:00 | "seconds": 86400                                                                 | 2026-04-21T10:00:00+03:00 |
      | minutes-in-plus-0545     | 2026-04-20T23:30:00+05:45 | "minutes": 30                                                                    | 2026-04-21T00:00:00+05:45 |
      | months-across-the-year   | 2026-11-15T08:00:00-05:00 | "months": 3, "days": -1                                                          | 2027-02-14T08:00:00-05:00 |
      | years-only               | 2026-04-20T10:00:00Z      | "years": 10                                                                      | 2036-04-20T10:00:00Z      |

  @req:DT-SHIFT-CALENDAR @id:datetime/shift/calendar-not-seconds
  Scenario Outline: years, months and days follow the calendar, not a fixed number of seconds
    A month is not 30 days and a year is not 365 days: the calendar decides.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "<timestamp>", <fields>}
    Then the output "result" is the instant "<result>"

    Examples:
      | case                  | timestamp            | fields       | result               |
      | month-of-31-days      | 2026-01-15T09:00:00Z | "months": 1  | 2026-02-15T09:00:00Z |
      | thirty-days           | 2026-01-15T09:00:00Z | "days": 30   | 2026-02-14T09:00:00Z |
      | month-of-28-days      | 2026-02-15T09:00:00Z | "months": 1  | 2026-03-15T09:00:00Z |
      | leap-year             | 2024-01-01T09:00:00Z | "years": 1   | 2025-01-01T09:00:00Z |
      | three-hundred-65-days | 2024-01-01T09:00:00Z | "days": 365  | 2024-12-31T09:00:00Z |
      | month-back            | 2026-03-15T09:00:00Z | "months": -1 | 2026-02-15T09:00:00Z |

  @req:DT-SHIFT-EMPTY @id:datetime/shift/empty-shift
  Scenario: a shift without any shift field is refused with empty_shift
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the call is refused

  @recommended @req:DT-ERROR-CODES @id:datetime/shift/empty-shift-code
  Scenario: a shift without any shift field is refused with empty_shift (the recommended code)
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/shift/empty-shift checks the refusal).
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the error code is "empty_shift"

  @req:DT-SHIFT @req:DT-DIFF @id:datetime/shift/round-trip-with-diff
  Scenario: diff of an input and its shift by hours is exactly those hours
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "hours": 3, "minutes": 30}
    Then the output "result" is the instant "2026-04-20T13:30:00+03:00"
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-20T13:30:00+03:00"}
    Then the output "duration_hours" is 3.5
    And the output "duration_days" is, to 10 decimal places, 0.1458333333

  @req:DT-SHIFT @req:DT-RFC3339-OUT @id:datetime/shift/fraction-kept
  Scenario: a fraction of a second survives a shift
    The PRD promises "exact date/time calculations": a shift moves the instant by exactly the
    duration asked for, so 10:00:00.5 plus one second is 10:00:01.5, whatever the spelling.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00.5Z", "seconds": 1}
    Then the output "result" is the instant "2026-04-20T10:00:01.5Z"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00.123456789+05:45", "days": 1}
    Then the output "result" is the instant "2026-04-21T10:00:00.123456789+05:45"

  @req:DT-SHIFT-EMPTY @req:DT-SHIFT @id:datetime/shift/zero-delta
  Scenario Outline: a shift field set to zero is a zero-delta shift, not an empty one
    "shift must reject requests with no shift fields at all": a request with "days": 0 has a
    shift field, and the PRD asks for "zero-delta cases" to be tested. The instant comes back
    unchanged.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", <fields>}
    Then the output "result" is the instant "2026-04-20T10:00:00+03:00"

    Examples:
      | case       | fields                     |
      | zero-days  | "days": 0                  |
      | cancelling | "hours": 1, "minutes": -60 |

  @req:DT-RFC3339-OUT @req:DT-SHIFT @id:datetime/shift/beyond-rfc3339
  Scenario Outline: a result RFC 3339 cannot write is refused
    "Use RFC3339 as the only timestamp input/output format": RFC 3339 years have four digits,
    so a shift past 9999 or before 0000 has no answer to give (Go would print 10000-01-01).
    The PRD names no code for it (the kit answers out_of_range).
    When I call "datetime_math" with {"operation": "shift", "timestamp": "<timestamp>", <fields>}
    Then the call is refused

    Examples:
      | case               | timestamp            | fields         |
      | past-9999          | 9999-12-31T23:59:59Z | "seconds": 1   |
      | before-0000        | 0000-01-01T00:00:00Z | "seconds": -1  |
      | ten-thousand-years | 2026-04-20T10:00:00Z | "years": 10000 |

  @req:DT-SHIFT-CALENDAR @req:DT-NO-GUESSING @id:datetime/shift/offset-is-not-a-zone
  Scenario Outline: a day added to an offset is 24 hours, whatever zone uses that offset
    A timestamp gives an offset, not a zone; the PRD's tool "must not guess missing timezone
    information unless explicitly configured". Each timestamp here is the day before a
    daylight saving change of a zone that uses its offset (Oslo, London, New York, St John's,
    Sydney and Lord Howe, Chatham, Santiago): adding a day by that zone's rules — what a tool
    does that lets its host's zone in, as Go's time.Parse adopts the local zone when the
    offset matches it — moves the instant by the change. In the written offset a day is 24
    hours; the result names that instant, in any offset (datetime/decisions/shift-offset
    pins the kit's: the input's own).
    When I call "datetime_math" with {"operation": "shift", "timestamp": "<timestamp>", "days": 1}
    Then the output "result" is the instant "<instant>"
    And the output "input" echoes the timestamp "<timestamp>"

    Examples:
      | case            | timestamp                 | instant              |
      | oslo-spring     | 2026-03-28T12:00:00+01:00 | 2026-03-29T11:00:00Z |
      | oslo-fall       | 2026-10-24T12:00:00+02:00 | 2026-10-25T10:00:00Z |
      | london-spring   | 2026-03-28T12:00:00+00:00 | 2026-03-29T12:00:00Z |
      | london-fall     | 2026-10-24T12:00:00+01:00 | 2026-10-25T11:00:00Z |
      | new-york-spring | 2026-03-07T12:00:00-05:00 | 2026-03-08T17:00:00Z |
      | new-york-fall   | 2026-10-31T12:00:00-04:00 | 2026-11-01T16:00:00Z |
      | st-johns-spring | 2026-03-07T12:00:00-03:30 | 2026-03-08T15:30:00Z |
      | sydney-fall     | 2026-04-04T12:00:00+11:00 | 2026-04-05T01:00:00Z |
      | sydney-spring   | 2026-10-03T12:00:00+10:00 | 2026-10-04T02:00:00Z |
      | chatham-fall    | 2026-04-04T12:00:00+13:45 | 2026-04-04T22:15:00Z |
      | santiago-fall   | 2026-04-04T12:00:00-03:00 | 2026-04-05T15:00:00Z |

@datetime
Feature: Decisions the PRD leaves open
  Every @decision scenario (or outline) is tagged with its decision's id (dt-decision:<id>) and
  cites its DT-DEC requirement; the description quotes the PRD sentence that leaves the point
  open ("Open:"), then gives the reason. Where the PRD permits several answers, the required
  scenarios accept each of them and these scenarios pin the kit's choice. The guiding user is
  a model in a tool-calling loop: it needs one exact answer, an error it can repair in one
  retry, and never a silent guess.

  @decision @dt-decision:month-end-clamp @req:DT-DEC-MONTH-END @req:DT-SHIFT-CALENDAR @id:datetime/decisions/month-end-clamp
  Scenario Outline: adding months or years clamps the day to the end of the target month
    Open: "use calendar-aware shifting for years/months/days, not raw second math" does not
    say what a month after Jan 31 is; Go's AddDate (the PRD says "Use Go time.Time") overflows
    into March, and the required scenarios accept either. The kit clamps: "a month after Jan 31"
    is the end of February in every calendar app, java.time, .NET, PostgreSQL, dateutil and
    Temporal, and overflowing silently changes the month the caller asked for.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "<timestamp>", <fields>}
    Then the output "result" is "<result>"

    Examples:
      | case                   | timestamp                 | fields       | result                    |
      | jan-31-plus-month      | 2026-01-31T10:00:00+01:00 | "months": 1  | 2026-02-28T10:00:00+01:00 |
      | jan-31-leap-year       | 2024-01-31T10:00:00+01:00 | "months": 1  | 2024-02-29T10:00:00+01:00 |
      | feb-29-plus-year       | 2024-02-29T10:00:00Z      | "years": 1   | 2025-02-28T10:00:00Z      |
      | feb-29-plus-4-years    | 2024-02-29T10:00:00Z      | "years": 4   | 2028-02-29T10:00:00Z      |
      | feb-29-minus-year      | 2024-02-29T10:00:00Z      | "years": -1  | 2023-02-28T10:00:00Z      |
      | mar-31-minus-month     | 2024-03-31T10:00:00Z      | "months": -1 | 2024-02-29T10:00:00Z      |
      | mar-31-plus-month      | 2026-03-31T10:00:00Z      | "months": 1  | 2026-04-30T10:00:00Z      |
      | aug-31-minus-half-year | 2026-08-31T12:00:00Z      | "months": -6 | 2026-02-28T12:00:00Z      |

  @decision @dt-decision:shift-unit-order @req:DT-DEC-UNIT-ORDER @req:DT-SHIFT @id:datetime/decisions/shift-unit-order
  Scenario Outline: years and months together, then days, then hours, minutes and seconds
    Open: the PRD lists the shift fields "years, months, days, hours, minutes, seconds" but
    no order of applying them. Largest to smallest is how people and java.time/Temporal read
    "1 month and 1 day"; combining years and months avoids a second clamp; clock units are
    durations, so they must not depend on the calendar.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "<timestamp>", <fields>}
    Then the output "result" is "<result>"

    Examples:
      | case                        | timestamp            | fields                  | result               |
      | years-and-months-clamp-once | 2024-02-29T00:00:00Z | "years": 1, "months": 1 | 2025-03-29T00:00:00Z |
      | months-before-days          | 2026-01-31T00:00:00Z | "months": 1, "days": 1  | 2026-03-01T00:00:00Z |
      | months-before-negative-days | 2026-01-31T12:00:00Z | "months": 1, "days": -1 | 2026-02-27T12:00:00Z |
      | months-before-hours         | 2026-01-30T23:00:00Z | "months": 1, "hours": 2 | 2026-03-01T01:00:00Z |

  @decision @dt-decision:shift-offset @req:DT-DEC-SHIFT-OFFSET @req:DT-SHIFT-CALENDAR @req:DT-CONVERT-DST @id:datetime/decisions/shift-offset
  Scenario: a shift across a DST change stays in the input's own offset
    Open: "Shift a timestamp by a structured duration" names no zone for the result. The
    input names none and the PRD forbids guessing one: an offset is all it says, and it has no
    DST, so there +1 day equals +24 hours; convert_timezone then shows the result in a zone
    (Oslo had moved to +02:00, New York to -05:00).
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-03-28T12:00:00+01:00", "days": 1}
    Then the output "result" is "2026-03-29T12:00:00+01:00"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-03-28T12:00:00+01:00", "hours": 24}
    Then the output "result" is "2026-03-29T12:00:00+01:00"
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-03-29T12:00:00+01:00", "target_timezone": "Europe/Oslo"}
    Then the output "result" is "2026-03-29T13:00:00+02:00"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-10-31T12:00:00-04:00", "days": 1}
    Then the output "result" is "2026-11-01T12:00:00-04:00"
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-11-01T12:00:00-04:00", "target_timezone": "America/New_York"}
    Then the output "result" is "2026-11-01T11:00:00-05:00"

  @decision @dt-decision:shift-zero-fields @req:DT-DEC-ZERO-SHIFT @req:DT-SHIFT-EMPTY @id:datetime/decisions/shift-zero-fields
  Scenario Outline: explicit zeros are a valid zero-delta shift
    Open: "shift must reject requests with no shift fields at all" does not say whether a null
    field counts (a field set to 0 is a field: that part is required). The kit takes null as
    absent and any number, 0 included, as a field: "0 days from now" is a legitimate computed
    request, and rejecting it would make a model special-case zero.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", <fields>}
    Then the output "result" is "2026-04-20T10:00:00+03:00"

    Examples:
      | case          | fields                                                                     |
      | zero-days     | "days": 0                                                                  |
      | all-six-zeros | "years": 0, "months": 0, "days": 0, "hours": 0, "minutes": 0, "seconds": 0 |
      | zero-and-null | "days": null, "seconds": 0                                                 |
      | cancelling    | "hours": 1, "minutes": -60                                                 |

  @decision @dt-decision:shift-zero-fields @req:DT-DEC-ZERO-SHIFT @req:DT-SHIFT-EMPTY @id:datetime/decisions/shift-null-fields
  Scenario: shift fields that are all null are no shift fields
    Open: "shift must reject requests with no shift fields at all" does not say whether a null
    field is one. The kit takes null as absent, so a shift whose fields are all null has none
    and is refused with empty_shift (the required tier also accepts a shift by nothing).
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": null, "hours": null}
    Then the error code is "empty_shift"

  @decision @dt-decision:shift-values @req:DT-DEC-SHIFT-VALUES @req:DT-SHIFT @id:datetime/decisions/shift-values
  Scenario: shift fields are whole numbers within 10,000 years
    Open: "shift fields (optional for shift): years, months, days, hours, minutes, seconds"
    gives no type, range or code for a bad value (the required scenarios only require that half
    a day or a string be refused). A fraction of a month or day has no
    exact meaning and rounding a clock unit would be a silent guess (the message says to use a
    smaller unit); the bounds keep the arithmetic exact.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 1.0}
    Then the output "result" is "2026-04-21T10:00:00Z"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "hours": 1e2}
    Then the output "result" is "2026-04-24T14:00:00Z"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "minutes": -0}
    Then the output "result" is "2026-04-20T10:00:00Z"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "hours": 1.5}
    Then the error code is "invalid_shift"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 0.5}
    Then the error code is "invalid_shift"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "years": 10001}
    Then the error code is "invalid_shift"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "seconds": -316224000001}
    Then the error code is "invalid_shift"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "hours": 100000000000000000000}
    Then the error code is "invalid_shift"

  @decision @dt-decision:diff-signed @req:DT-DEC-DIFF-SIGNED @req:DT-DIFF-SIGN @id:datetime/decisions/diff-signed
  Scenario: every duration carries the sign
    Open: "For diff, return signed difference (sign = -1, 0, 1)" reads both as signed
    durations and as magnitudes beside `sign`; the required scenarios accept both. Signed, every
    number reads correctly on its own: with magnitudes, a model that skips `sign` reports "90
    minutes left" for a time 90 minutes past.
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-20T11:30:00Z", "right": "2026-04-20T10:00:00Z"}
    Then the output "duration_seconds" is -5400
    And the output "duration_minutes" is -90
    And the output "duration_hours" is -1.5
    And the output "duration_days" is -0.0625
    And the output "sign" is -1

  @decision @dt-decision:diff-numbers @req:DT-DEC-DIFF-NUMBERS @req:DT-DIFF @id:datetime/decisions/diff-numbers
  Scenario Outline: durations are exact, rounded half away from zero to 10 decimal places
    Open: the PRD's example "duration_days": 2.2291666667 shows 10 decimal places but not
    how a tie rounds. Half away from zero, computed exactly, is symmetric: diff(a, b) is exactly
    −diff(b, a), and a value that rounds to zero is 0, never -0.
    When I call "datetime_math" with {"operation": "diff", "left": "<left>", "right": "<right>"}
    Then the output "duration_seconds" is <seconds>
    And the output "duration_minutes" is <minutes>
    And the output "duration_hours" is <hours>
    And the output "duration_days" is <days>
    And the output "sign" is <sign>

    Examples:
      | case                      | left                           | right                          | seconds      | minutes               | hours               | days               | sign |
      | half-rounds-up            | 2026-04-20T10:00:00Z           | 2026-04-20T10:00:00.00000432Z  | 0.00000432   | 0.000000072           | 0.0000000012        | 0.0000000001       | 1    |
      | half-rounds-down-negative | 2026-04-20T10:00:00.00000432Z  | 2026-04-20T10:00:00Z           | -0.00000432  | -0.000000072          | -0.0000000012       | -0.0000000001      | -1   |
      | below-half                | 2026-04-20T10:00:00Z           | 2026-04-20T10:00:00.000004319Z | 0.000004319  | 0.000000072           | 0.0000000012        | 0                  | 1    |
      | one-nanosecond-back       | 2026-04-20T10:00:00.000000001Z | 2026-04-20T10:00:00Z           | -0.000000001 | 0                     | 0                   | 0                  | -1   |
      | whole-range               | 0000-01-01T00:00:00Z           | 9999-12-31T23:59:59Z           | 315569519999 | 5259491999.9833333333 | 87658199.9997222222 | 3652424.9999884259 | 1    |
      | thirds                    | 2026-04-20T10:00:00Z           | 2026-04-20T10:00:20Z           | 20           | 0.3333333333          | 0.0055555556        | 0.0002314815       | 1    |

  @decision @dt-decision:weekday-index @req:DT-DEC-WEEKDAY-INDEX @req:DT-WEEKDAY @id:datetime/decisions/weekday-index
  Scenario: weekday_index is ISO 8601, Monday 1 to Sunday 7
    Open: the PRD's example pins Monday = 1 ("weekday_index": 1) and says "Use Go
    time.Time", whose Weekday() numbers Sunday 0; the required scenarios accept 0 or 7. The kit
    speaks RFC 3339, a profile of ISO 8601, where Sunday is 7; no index is 0, so there is no
    "falsy Sunday" bug in the caller.
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-26T23:59:59+03:00"}
    Then the output "weekday" is "Sunday"
    And the output "weekday_index" is 7
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-27T00:00:00+03:00"}
    Then the output "weekday" is "Monday"
    And the output "weekday_index" is 1

  @decision @dt-decision:weekday-zone @req:DT-DEC-WEEKDAY-ZONE @req:DT-WEEKDAY @id:datetime/decisions/weekday-zone
  Scenario Outline: the weekday of the date the timestamp shows, in its own offset
    Open: "Return the weekday for a timestamp" does not say in which zone. The kit answers for
    the date the caller wrote; weekday takes no zone, and to ask about another zone one converts
    first.
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the output "weekday" is "<weekday>"

    Examples:
      | case                       | timestamp                 | weekday |
      | sunday-evening-minus-5     | 2026-04-19T23:30:00-05:00 | Sunday  |
      | same-instant-in-utc        | 2026-04-20T04:30:00Z      | Monday  |
      | monday-in-kiritimati       | 2026-04-20T00:30:00+14:00 | Monday  |
      | same-instant-in-utc-before | 2026-04-19T10:30:00Z      | Sunday  |

  @decision @dt-decision:rfc3339-input @req:DT-DEC-RFC3339 @req:DT-RFC3339-IN @id:datetime/decisions/rfc3339-input
  Scenario Outline: a leap second is invalid_timestamp
    Open: "All timestamps must be valid RFC3339 strings", and RFC 3339 §5.6 allows a leap
    second (:60), but the PRD also says "Use Go time.Time", which cannot hold one. Moving it to
    :59 or to the next minute would be a guess, so the kit refuses it.
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the error code is "invalid_timestamp"

    Examples:
      | case                  | timestamp                 |
      | leap-second           | 2016-12-31T23:59:60Z      |
      | leap-second-in-offset | 2017-01-01T02:59:60+03:00 |

  @decision @dt-decision:fractions @req:DT-DEC-FRACTIONS @req:DT-RFC3339-OUT @id:datetime/decisions/fractions
  Scenario: 1 to 9 fractional digits; results show a non-zero fraction without trailing zeros
    Open: "Use RFC3339 as the only timestamp input/output format" allows any number of
    fractional digits and does not say how a result writes one (keeping the instant is required).
    Nine digits is the nanosecond precision time.Time holds, so nothing is dropped silently;
    whole-second inputs keep the PRD's exact shape.
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00.123456789Z", "target_timezone": "Europe/Oslo"}
    Then the output "result" is "2026-04-20T12:00:00.123456789+02:00"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00.500Z", "seconds": 1}
    Then the output "result" is "2026-04-20T10:00:01.5Z"
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00.000+03:00", "seconds": 0}
    Then the output "result" is "2026-04-20T10:00:00+03:00"
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-20T10:00:00.1234567890Z"}
    Then the error code is "invalid_timestamp"

  @decision @dt-decision:zero-offset @req:DT-DEC-ZERO-OFFSET @req:DT-RFC3339-OUT @id:datetime/decisions/zero-offset
  Scenario Outline: a result at a zero offset is written with Z
    Open: "Use RFC3339 as the only timestamp input/output format": RFC 3339 writes a zero
    offset as Z or +00:00 and the required scenarios accept both. One canonical spelling per
    instant keeps snapshots stable, and Z is Go's RFC 3339 output.
    When I call "datetime_math" with <request>
    Then the output "result" is "<result>"

    Examples:
      | case             | request                                                                                                         | result               |
      | convert-to-utc   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "target_timezone": "UTC"}           | 2026-04-20T07:00:00Z |
      | london-in-winter | {"operation": "convert_timezone", "timestamp": "2026-01-20T10:00:00+03:00", "target_timezone": "Europe/London"} | 2026-01-20T07:00:00Z |
      | etc-utc          | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00-00:00", "target_timezone": "Etc/UTC"}       | 2026-04-20T10:00:00Z |
      | shift-plus-zero  | {"operation": "shift", "timestamp": "2026-04-20T10:00:00+00:00", "days": 1}                                     | 2026-04-21T10:00:00Z |
      | shift-minus-zero | {"operation": "shift", "timestamp": "2026-04-20T10:00:00-00:00", "days": 1}                                     | 2026-04-21T10:00:00Z |
      | shift-lower-case | {"operation": "shift", "timestamp": "2026-04-20t10:00:00z", "days": 1}                                          | 2026-04-21T10:00:00Z |

  @decision @dt-decision:echo-verbatim @req:DT-DEC-ECHO-VERBATIM @req:DT-MATH-OUTPUT @id:datetime/decisions/echo-verbatim
  Scenario Outline: echo fields repeat the caller's string byte for byte
    Open: the PRD's examples echo "input" and "timestamp" but never a non-canonical
    spelling. The echo lets a model match answers to requests, so it must be what the model
    sent; only results are canonical.
    When I call "<tool>" with <request>
    Then the output "<field>" is "<echo>"

    Examples:
      | case          | tool            | request                                                                                            | field     | echo                          |
      | diff-left     | datetime_math   | {"operation": "diff", "left": "2026-04-20t10:00:00z", "right": "2026-04-20T10:00:00+00:00"}        | left      | 2026-04-20t10:00:00z          |
      | diff-right    | datetime_math   | {"operation": "diff", "left": "2026-04-20t10:00:00z", "right": "2026-04-20T10:00:00+00:00"}        | right     | 2026-04-20T10:00:00+00:00     |
      | shift-input   | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00.500-00:00", "days": 1}                    | input     | 2026-04-20T10:00:00.500-00:00 |
      | weekday       | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20t10:00:00.10+03:00"}                              | timestamp | 2026-04-20t10:00:00.10+03:00  |
      | convert-input | datetime_math   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00.0Z", "target_timezone": "UTC"} | input     | 2026-04-20T10:00:00.0Z        |
      | format-input  | datetime_format | {"timestamp": "2026-04-20t10:00:00.50z", "style": "short"}                                         | input     | 2026-04-20t10:00:00.50z       |

  @decision @dt-decision:output-range @req:DT-DEC-OUTPUT-RANGE @req:DT-RFC3339-OUT @id:datetime/decisions/output-range
  Scenario Outline: a result RFC 3339 cannot write is out_of_range
    Open: "Use RFC3339 as the only timestamp input/output format" forbids writing such a
    result (the required scenarios require a refusal) but names no code for refusing it. Printing a 5-digit year, a negative year or an
    offset with seconds cut off would hand the model a string the tool itself rejects, or a
    false instant.
    When I call "<tool>" with <request>
    Then the error code is "out_of_range"

    Examples:
      | case                    | tool            | request                                                                                                       |
      | shift-past-9999         | datetime_math   | {"operation": "shift", "timestamp": "9999-12-31T23:59:59Z", "seconds": 1}                                     |
      | shift-before-0000       | datetime_math   | {"operation": "shift", "timestamp": "0000-01-01T00:00:00Z", "seconds": -1}                                    |
      | shift-10000-years       | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "years": 10000}                                   |
      | convert-past-9999       | datetime_math   | {"operation": "convert_timezone", "timestamp": "9999-12-31T23:00:00-05:00", "target_timezone": "UTC"}         |
      | convert-local-mean-time | datetime_math   | {"operation": "convert_timezone", "timestamp": "1890-04-20T10:00:00Z", "target_timezone": "Europe/Amsterdam"} |
      | format-past-9999        | datetime_format | {"timestamp": "9999-12-31T23:00:00-05:00", "style": "short", "target_timezone": "UTC"}                        |
      | format-before-0000      | datetime_format | {"timestamp": "0000-01-01T00:30:00+01:00", "style": "date_only", "target_timezone": "UTC"}                    |

  @decision @dt-decision:offset-seconds @req:DT-DEC-OFFSET-SECONDS @req:DT-FMT-OUTPUT @id:datetime/decisions/offset-seconds
  Scenario: utc_offset shows seconds when the zone's offset has them
    Open: the PRD's "utc_offset": "+02:00" shows no zone whose offset has seconds.
    utc_offset is not RFC 3339, so it can tell the truth about a local mean time before 1972
    (Amsterdam was 19 min 32 s ahead of UTC); a timestamp cannot, so convert_timezone refuses.
    When I call "datetime_format" with {"timestamp": "1890-04-20T10:00:00+03:00", "style": "long", "target_timezone": "Europe/Amsterdam"}
    Then the output "formatted" is "1890-04-20 07:19 AMT"
    And the output "utc_offset" is "+00:19:32"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": "Europe/Amsterdam"}
    Then the output "utc_offset" is "+02:00"

  @decision @dt-decision:timezone-names @req:DT-DEC-TIMEZONE-NAMES @req:DT-TIMEZONE-IANA @req:DT-CONVERT @id:datetime/decisions/timezone-names
  Scenario Outline: a link or legacy name is echoed as the caller spelt it, not resolved
    Open: "target_timezone must be a valid IANA timezone" does not say how the name is echoed
    when it is a link (US/Eastern is America/New_York). The kit echoes the name the caller
    sent, so the answer matches the request; the pinned tzdata 2025c decides which names exist.
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-07-20T10:00:00+03:00", "target_timezone": "<name>"}
    Then the output "target_timezone" is "<canonical>"
    And the output "result" is "<result>"

    Examples:
      | case         | name          | canonical     | result                    |
      | link         | US/Eastern    | US/Eastern    | 2026-07-20T03:00:00-04:00 |
      | old-spelling | Asia/Calcutta | Asia/Calcutta | 2026-07-20T12:30:00+05:30 |
      | legacy-est   | EST           | EST           | 2026-07-20T02:00:00-05:00 |
      | legacy-gb    | GB            | GB            | 2026-07-20T08:00:00+01:00 |
      | etc-gmt-plus | Etc/GMT+5     | Etc/GMT+5     | 2026-07-20T02:00:00-05:00 |
      | etc-utc      | Etc/UTC       | Etc/UTC       | 2026-07-20T07:00:00Z      |
      | utc          | UTC           | UTC           | 2026-07-20T07:00:00Z      |

  @decision @dt-decision:timezone-names @req:DT-DEC-TIMEZONE-NAMES @req:DT-TIMEZONE-IANA @id:datetime/decisions/timezone-factory
  Scenario: tzdata's placeholder zone Factory is not a timezone
    Open: "target_timezone must be a valid IANA timezone", and tzdata ships "Factory", a zone
    whose abbreviation is "-00" and which means "local time not yet set"; the required
    scenarios accept a tool that takes it and one that refuses it. The kit refuses: converting
    to an unset local time would answer with a made-up offset.
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "target_timezone": "Factory"}
    Then the error code is "invalid_timezone"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": "Factory"}
    Then the error code is "invalid_timezone"

  @decision @dt-decision:fixed-offset-labels @req:DT-DEC-FIXED-OFFSET-LABELS @req:DT-FMT-OWN-OFFSET @id:datetime/decisions/fixed-offset-labels
  Scenario Outline: without target_timezone the offset is labelled, never named
    Open: "long → YYYY-MM-DD HH:MM TZ" (example "CEST") and "If no target_timezone is
    provided, format the timestamp in its own offset/location": an offset has no abbreviation
    and the PRD gives no `timezone` for it. The required scenarios accept ±hh, ±hhmm and ±hh:mm
    as the long style's label. The kit writes what tzdata prints for a zone without an
    abbreviation (+03, +0530) and labels the zone "UTC±hh:mm": an offset is not a zone, so
    naming one (+03:00 as Europe/Istanbul or MSK) would be a guess.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long"}
    Then the output "formatted" is "<formatted>"
    And the output "timezone" is "<zone>"
    And the output "utc_offset" is "<offset>"

    Examples:
      | case       | timestamp                 | formatted              | zone      | offset |
      | plus-3     | 2026-04-20T10:00:00+03:00 | 2026-04-20 10:00 +03   | UTC+03:00 | +03:00 |
      | minus-5    | 2026-04-20T10:00:00-05:00 | 2026-04-20 10:00 -05   | UTC-05:00 | -05:00 |
      | plus-5-30  | 2026-04-20T10:00:00+05:30 | 2026-04-20 10:00 +0530 | UTC+05:30 | +05:30 |
      | plus-5-45  | 2026-04-20T10:00:00+05:45 | 2026-04-20 10:00 +0545 | UTC+05:45 | +05:45 |
      | minus-9-30 | 2026-04-20T10:00:00-09:30 | 2026-04-20 10:00 -0930 | UTC-09:30 | -09:30 |
      | zulu       | 2026-04-20T10:00:00Z      | 2026-04-20 10:00 UTC   | UTC       | +00:00 |
      | plus-zero  | 2026-04-20T10:00:00+00:00 | 2026-04-20 10:00 UTC   | UTC       | +00:00 |
      | minus-zero | 2026-04-20T10:00:00-00:00 | 2026-04-20 10:00 UTC   | UTC       | +00:00 |

  @decision @dt-decision:fixed-offset-labels @req:DT-DEC-FIXED-OFFSET-LABELS @req:DT-FMT-DST @id:datetime/decisions/zone-without-abbreviation
  Scenario Outline: a target zone without an abbreviation shows tzdata's label
    Open: "long → YYYY-MM-DD HH:MM TZ" with the example "CEST" does not say how a zone without
    an abbreviation is labelled (the required scenarios accept ±hh, ±hhmm and ±hh:mm). The kit
    prints what tzdata and Go's Format print, so the label is the same with or without the kit.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long", "target_timezone": "<zone>"}
    Then the output "formatted" is "<formatted>"

    Examples:
      | case      | timestamp            | zone                | formatted              |
      | lord-howe | 2026-04-04T15:00:00Z | Australia/Lord_Howe | 2026-04-05 01:30 +1030 |
      | kathmandu | 2026-04-20T20:00:00Z | Asia/Kathmandu      | 2026-04-21 01:45 +0545 |
      | sao-paulo | 2026-04-20T20:00:00Z | America/Sao_Paulo   | 2026-04-20 17:00 -03   |

  @decision @dt-decision:format-echo @req:DT-DEC-FORMAT-ECHO @req:DT-FMT-OUTPUT @id:datetime/decisions/format-echo
  Scenario: target_timezone is echoed only when the request gave one; locale never
    Open: the PRD's output example has a target_timezone, so it does not say what the echo
    is without one (the required scenarios accept it absent, "" or null). The kit keeps the
    example's shape, compact; `timezone` already says which zone was used.
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "locale": "en"}
    Then the output is:
      """json
      {"input": "2026-04-20T10:00:00+03:00", "style": "short", "formatted": "2026-04-20 10:00", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """
    And the output has no "target_timezone"
    And the output has no "locale"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "target_timezone": "Europe/Oslo"}
    Then the output is:
      """json
      {"input": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Oslo", "style": "short", "formatted": "2026-04-20 09:00", "timezone": "Europe/Oslo", "utc_offset": "+02:00"}
      """

  @decision @dt-decision:format-truncate @req:DT-DEC-FORMAT-TRUNCATE @req:DT-FMT-PRESENTATION-ONLY @id:datetime/decisions/format-truncate
  Scenario Outline: seconds and fractions are dropped, never rounded
    Open: "time_only → HH:MM" does not say how the seconds go. A clock shows 09:59 until
    10:00; rounding could even move the date.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "<style>"}
    Then the output "formatted" is "<formatted>"

    Examples:
      | case                | timestamp                      | style        | formatted          |
      | time-only           | 2026-04-20T09:59:59.999Z       | time_only    | 09:59              |
      | short               | 2026-04-20T09:59:30Z           | short        | 2026-04-20 09:59   |
      | date-at-midnight    | 2026-04-20T23:59:59.999999999Z | date_only    | 2026-04-20         |
      | weekday-at-midnight | 2026-04-19T23:59:59.9+03:00    | weekday_date | Sunday, 2026-04-19 |

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @req:DT-FMT-LOCALE @id:datetime/decisions/locale
  Scenario: English locales are accepted, any other language is unsupported_locale
    Open: "Locale can be ignored in v1 or accepted only as "en"" and "Locale support may
    start as English-only even if the field exists in the schema"; the required scenarios accept
    both. Every style is a fixed ISO-like layout with English day names, identical in all English
    locales, so the kit accepts any English tag; answering "ru" in English would be a silent
    guess, so it refuses other languages.
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "weekday_date", "locale": "en-GB"}
    Then the output "formatted" is "Monday, 2026-04-20"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "weekday_date", "locale": "EN-us"}
    Then the output "formatted" is "Monday, 2026-04-20"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "weekday_date", "locale": ""}
    Then the output "formatted" is "Monday, 2026-04-20"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "weekday_date", "locale": "ru"}
    Then the error code is "unsupported_locale"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "weekday_date", "locale": "de-DE"}
    Then the error code is "unsupported_locale"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "weekday_date", "locale": "en_US"}
    Then the error code is "unsupported_locale"

  @decision @dt-decision:empty-is-absent @req:DT-DEC-EMPTY-IS-ABSENT @req:DT-MISSING-FIELD @id:datetime/decisions/empty-is-absent
  Scenario: "" and null count as absent
    Open: the PRD does not say whether "" or null is a value (only "" taken as UTC is ruled
    out, by "never silently guess"). Tool-calling models routinely send "" or null for "no
    value"; the outcome is the same either way, so the distinction would only cost a retry.
    When I call "datetime_math" with {"operation": ""}
    Then the error code is "missing_required_field"
    When I call "datetime_math" with {"operation": null, "timestamp": "2026-04-20T10:00:00Z"}
    Then the error code is "missing_required_field"
    When I call "datetime_math" with {"operation": "diff", "left": "", "right": "2026-04-20T10:00:00Z"}
    Then the error code is "missing_required_field"
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00Z", "target_timezone": ""}
    Then the error code is "missing_required_field"
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "target_timezone": "", "left": null, "days": null}
    Then the output "weekday" is "Monday"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "target_timezone": null, "locale": null}
    Then the output is:
      """json
      {"input": "2026-04-20T10:00:00Z", "style": "short", "formatted": "2026-04-20 10:00", "timezone": "UTC", "utc_offset": "+00:00"}
      """
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00Z", "style": ""}
    Then the error code is "missing_required_field"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": ""}
    Then the output is:
      """json
      {"input": "2026-04-20T10:00:00+03:00", "style": "long", "formatted": "2026-04-20 10:00 +03", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

  @decision @dt-decision:strict-request @req:DT-DEC-STRICT-REQUEST @req:DT-STRUCTURED-INPUT @id:datetime/decisions/strict-request
  Scenario Outline: unknown, misspelt, unused and repeated fields are invalid_input
    Open: "Tool accepts only structured input" does not say what happens to a field the
    tool does not define or the operation does not use (Go's decoder ignores one); the required
    scenarios accept a refusal or an answer that ignores it. The kit refuses: an ignored field is
    a silent guess, since weekday with target_timezone wants Tokyo's weekday and "hour": 3 next
    to "days": 1 would drop three hours.
    When I call "<tool>" with <request>
    Then the error code is "invalid_input"

    Examples:
      | case                   | tool            | request                                                                                                                     |
      | weekday-with-zone      | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "target_timezone": "Asia/Tokyo"}                              |
      | weekday-with-zero-days | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "days": 0}                                                    |
      | diff-with-days         | datetime_math   | {"operation": "diff", "left": "2026-04-20T10:00:00Z", "right": "2026-04-21T10:00:00Z", "days": 1}                           |
      | diff-with-timestamp    | datetime_math   | {"operation": "diff", "timestamp": "2026-04-20T10:00:00Z", "left": "2026-04-20T10:00:00Z", "right": "2026-04-21T10:00:00Z"} |
      | shift-with-zone        | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 1, "target_timezone": "Europe/Oslo"}                    |
      | shift-with-left        | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 1, "left": "2026-04-20T10:00:00Z"}                      |
      | convert-with-hours     | datetime_math   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00Z", "target_timezone": "UTC", "hours": 1}                |
      | misspelt-shift-field   | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 1, "hour": 3}                                           |
      | key-case               | datetime_math   | {"Operation": "weekday", "timestamp": "2026-04-20T10:00:00Z"}                                                               |
      | format-timezone        | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "timezone": "Europe/Oslo"}                                          |
      | format-key-case        | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "Style": "short"}                                                                     |
      | duplicate-same-value   | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "timestamp": "2026-04-20T10:00:00Z"}                          |
      | duplicate-other-value  | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "timestamp": "2026-04-21T10:00:00Z"}                          |
      | format-duplicate-style | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "style": "short"}                                                   |

  @decision @dt-decision:strict-request @req:DT-DEC-STRICT-REQUEST @req:DT-STRUCTURED-INPUT @id:datetime/decisions/strict-request-not-an-object
  Scenario Outline: a request that is not a JSON object is invalid_input
    Open: "Tool accepts only structured input" names no code for input that is not a JSON
    object (the required scenarios only require a refusal). invalid_input says the shape of the
    request is wrong, before any field is looked at.
    When I call "datetime_math" with:
      """json
      <request>
      """
    Then the error code is "invalid_input"
    When I call "datetime_format" with:
      """json
      <request>
      """
    Then the error code is "invalid_input"

    Examples:
      | case    | request                                                              |
      | array   | [{"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}] |
      | string  | "weekday 2026-04-20T10:00:00+03:00"                                  |
      | number  | 1776668400                                                           |
      | null    | null                                                                 |
      | boolean | true                                                                 |

  @decision @dt-decision:wrong-types @req:DT-DEC-WRONG-TYPES @req:DT-ERROR-ENVELOPE @id:datetime/decisions/wrong-types
  Scenario Outline: a field of the wrong JSON type fails with that field's own code
    Open: "Recommended error codes" names none for a field of the wrong JSON type (the required
    scenarios only require a refusal). The code names the field to fix; the message
    says the type.
    When I call "<tool>" with <request>
    Then the error code is "<code>"

    Examples:
      | case                | tool            | request                                                                                         | code               |
      | operation-number    | datetime_math   | {"operation": 1}                                                                                | invalid_operation  |
      | operation-array     | datetime_math   | {"operation": ["diff"]}                                                                         | invalid_operation  |
      | timestamp-number    | datetime_math   | {"operation": "weekday", "timestamp": 1776668400}                                               | invalid_timestamp  |
      | left-boolean        | datetime_math   | {"operation": "diff", "left": true, "right": "2026-04-20T10:00:00Z"}                            | invalid_timestamp  |
      | right-object        | datetime_math   | {"operation": "diff", "left": "2026-04-20T10:00:00Z", "right": {"iso": "2026-04-20T10:00:00Z"}} | invalid_timestamp  |
      | target-zone-number  | datetime_math   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00Z", "target_timezone": 3}    | invalid_timezone   |
      | days-string         | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": "2"}                        | invalid_shift      |
      | hours-boolean       | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "hours": true}                      | invalid_shift      |
      | format-timestamp    | datetime_format | {"timestamp": 1776668400, "style": "short"}                                                     | invalid_timestamp  |
      | format-style-number | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": 1}                                               | invalid_style      |
      | format-zone-boolean | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "target_timezone": false}               | invalid_timezone   |
      | format-locale-array | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "locale": ["en"]}                       | unsupported_locale |

  @decision @dt-decision:enums-exact @req:DT-DEC-ENUMS-EXACT @req:DT-OPERATION-RECOGNIZED @req:DT-FMT-STYLE-RECOGNIZED @id:datetime/decisions/enums-exact
  Scenario Outline: operation and style match exactly, in lower case
    Open: "operation (required): one of diff, shift, weekday, convert_timezone" does not say
    whether "Diff" is one of them. They are the tool's own identifiers, listed in the error
    message; a JSON Schema enum is case-sensitive too.
    When I call "<tool>" with <request>
    Then the error code is "<code>"

    Examples:
      | case             | tool            | request                                                                                          | code              |
      | diff-capital     | datetime_math   | {"operation": "Diff", "left": "2026-04-20T10:00:00Z", "right": "2026-04-21T10:00:00Z"}           | invalid_operation |
      | weekday-upper    | datetime_math   | {"operation": "WEEKDAY", "timestamp": "2026-04-20T10:00:00Z"}                                    | invalid_operation |
      | shift-padded     | datetime_math   | {"operation": " shift", "timestamp": "2026-04-20T10:00:00Z", "days": 1}                          | invalid_operation |
      | convert-hyphen   | datetime_math   | {"operation": "convert-timezone", "timestamp": "2026-04-20T10:00:00Z", "target_timezone": "UTC"} | invalid_operation |
      | long-upper       | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "LONG"}                                           | invalid_style     |
      | short-capital    | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "Short"}                                          | invalid_style     |
      | date-only-hyphen | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "date-only"}                                      | invalid_style     |

  @decision @dt-decision:error-order @req:DT-DEC-ERROR-ORDER @req:DT-ERROR-ENVELOPE @id:datetime/decisions/error-order
  Scenario Outline: a request with several faults gets the first in a fixed order
    Open: "Recommended error codes" gives one code per rule, not which one a request that
    breaks several rules gets (the required scenarios accept either). Deterministic errors are
    snapshot-testable; structure first lets a model fix the request's shape before its values.
    Field types are checked in the order the PRD lists the fields.
    When I call "<tool>" with <request>
    Then the error code is "<code>"

    Examples:
      | case                           | tool            | request                                                                                                | code                   |
      | structure-before-types         | datetime_math   | {"operation": 1, "when": "now"}                                                                        | invalid_input          |
      | types-before-operation         | datetime_math   | {"operation": "add", "timestamp": 5}                                                                   | invalid_timestamp      |
      | types-in-prd-field-order       | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "days": "x", "target_timezone": 5}       | invalid_timezone       |
      | operation-before-unused-fields | datetime_math   | {"operation": "now", "days": 1}                                                                        | invalid_operation      |
      | missing-operation-first        | datetime_math   | {"days": 1, "target_timezone": "Mars"}                                                                 | missing_required_field |
      | unused-before-required         | datetime_math   | {"operation": "weekday", "target_timezone": "Asia/Tokyo"}                                              | invalid_input          |
      | required-before-empty-shift    | datetime_math   | {"operation": "shift"}                                                                                 | missing_required_field |
      | empty-shift-before-timestamp   | datetime_math   | {"operation": "shift", "timestamp": "x"}                                                               | empty_shift            |
      | required-before-timestamp      | datetime_math   | {"operation": "convert_timezone", "timestamp": "x"}                                                    | missing_required_field |
      | timestamp-before-zone          | datetime_math   | {"operation": "convert_timezone", "timestamp": "x", "target_timezone": "Nowhere"}                      | invalid_timestamp      |
      | timestamp-before-bounds        | datetime_math   | {"operation": "shift", "timestamp": "x", "years": 10001}                                               | invalid_timestamp      |
      | timestamp-before-huge-bounds   | datetime_math   | {"operation": "shift", "timestamp": "x", "years": 100000000000000000000}                               | invalid_timestamp      |
      | fraction-before-timestamp      | datetime_math   | {"operation": "shift", "timestamp": "x", "days": 1e-1000000000}                                        | invalid_shift          |
      | unused-before-huge-bounds      | datetime_math   | {"operation": "diff", "left": "2026-04-20T10:00:00Z", "right": "2026-04-20T10:00:00Z", "days": 1e20}   | invalid_input          |
      | bounds-before-range            | datetime_math   | {"operation": "shift", "timestamp": "9999-12-31T23:59:59Z", "years": 10001}                            | invalid_shift          |
      | format-timestamp-missing-first | datetime_format | {"style": "full"}                                                                                      | missing_required_field |
      | format-style-missing-next      | datetime_format | {"timestamp": "x"}                                                                                     | missing_required_field |
      | format-timestamp-before-style  | datetime_format | {"timestamp": "x", "style": "full"}                                                                    | invalid_timestamp      |
      | format-style-before-zone       | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "full", "target_timezone": "Nowhere"}                   | invalid_style          |
      | format-zone-before-locale      | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "target_timezone": "Nowhere", "locale": "ru"}  | invalid_timezone       |
      | format-locale-before-range     | datetime_format | {"timestamp": "9999-12-31T23:00:00-05:00", "style": "short", "target_timezone": "UTC", "locale": "ru"} | unsupported_locale     |

  @decision @dt-decision:error-order @req:DT-DEC-ERROR-ORDER @req:DT-MISSING-FIELD @id:datetime/decisions/missing-before-invalid
  Scenario Outline: a missing field is missing_required_field, not its field's own code
    Open: "Recommended error codes" lists missing_required_field beside invalid_operation,
    invalid_timestamp, invalid_style and invalid_timezone, and a missing field breaks both
    rules (the required scenarios accept either). The kit says what is missing: the model then
    adds the field instead of rewriting a value it never sent.
    When I call "<tool>" with <request>
    Then the error code is "missing_required_field"

    Examples:
      | case                    | tool            | request                                                                     |
      | operation               | datetime_math   | {"timestamp": "2026-04-20T10:00:00+03:00"}                                  |
      | diff-left               | datetime_math   | {"operation": "diff", "right": "2026-04-22T15:30:00+03:00"}                 |
      | convert-target-timezone | datetime_math   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00"} |
      | format-timestamp        | datetime_format | {"style": "short"}                                                          |
      | format-style            | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00"}                                  |

  @decision @dt-decision:context @req:DT-DEC-CONTEXT @req:DT-ERROR-ENVELOPE @id:datetime/decisions/context
  Scenario Outline: internal_error is never the answer to a request, however malformed
    Open: the PRD lists "internal_error" without saying when it applies. The tools never
    block, so cancellation (a Go context already done when the call starts) is the caller's
    infrastructure failing and the only source of internal_error, reachable only through the
    typed Go API. Over JSON, every request, however hostile, gets the code that names what to
    fix.
    When I call "<tool>" with <request>
    Then the error code is "<code>"

    Examples:
      | case              | tool            | request                                                                                                                                                         | code              |
      | nested-arrays     | datetime_math   | {"operation": "weekday", "timestamp": [[[[[[[[[[]]]]]]]]]]}                                                                                                     | invalid_timestamp |
      | huge-exponent     | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "hours": 1e400}                                                                                     | invalid_shift     |
      | control-character | datetime_math   | {"operation": "\u0000weekday", "timestamp": "2026-04-20T10:00:00Z"}                                                                                             | invalid_operation |
      | lone-surrogate    | datetime_format | {"timestamp": "\ud800", "style": "short"}                                                                                                                       | invalid_timestamp |
      | huge-zone-name    | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "target_timezone": "Europe/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo/Oslo"} | invalid_timezone  |

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @req:DT-DEC-FIXED-OFFSET-LABELS @req:DT-FMT-OUTPUT @id:datetime/decisions/locale-region-number
  Scenario: an English locale with a region number (en-419) formats a Sunday evening at -05:00
    Open: "Locale can be ignored in v1 or accepted only as "en"". The kit takes the English
    tag en-419 as en, and labels the -05:00 offset "-05" and "UTC-05:00".
    When I call "datetime_format" with:
      """json
      {"timestamp":"2026-04-19T23:30:00-05:00","style":"long","locale":"en-419"}
      """
    Then the output is:
      """json
      {"input": "2026-04-19T23:30:00-05:00", "style": "long", "formatted": "2026-04-19 23:30 -05", "timezone": "UTC-05:00", "utc_offset": "-05:00"}
      """

  @decision @dt-decision:offset-seconds @req:DT-DEC-OFFSET-SECONDS @req:DT-FMT-OUTPUT @id:datetime/decisions/offset-seconds-local-mean-time
  Scenario: year 0 formatted in Kathmandu shows its local mean time offset with seconds
    Open: the PRD's "utc_offset": "+02:00" shows no offset with seconds; Kathmandu's local
    mean time is +05:41:16, shown in full.
    When I call "datetime_format" with:
      """json
      {"timestamp":"0000-01-01T00:00:00Z","style":"date_only","target_timezone":"Asia/Kathmandu"}
      """
    Then the output is:
      """json
      {"input": "0000-01-01T00:00:00Z", "target_timezone": "Asia/Kathmandu", "style": "date_only", "formatted": "0000-01-01", "timezone": "Asia/Kathmandu", "utc_offset": "+05:41:16"}
      """

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @req:DT-DEC-FIXED-OFFSET-LABELS @req:DT-FMT-OUTPUT @id:datetime/decisions/locale-one-letter-subtags
  Scenario: the first instant at +14:00 formats with a locale of one-letter subtags
    Open: "Locale can be ignored in v1 or accepted only as "en"". The kit takes en-a-b (one-
    letter subtags) as en and labels +14:00 "+14".
    When I call "datetime_format" with:
      """json
      {"timestamp":"0000-01-01T00:00:00+14:00","style":"long","locale":"en-a-b"}
      """
    Then the output is:
      """json
      {"input": "0000-01-01T00:00:00+14:00", "style": "long", "formatted": "0000-01-01 00:00 +14", "timezone": "UTC+14:00", "utc_offset": "+14:00"}
      """

  @decision @dt-decision:diff-numbers @req:DT-DEC-DIFF-NUMBERS @req:DT-MATH-OUTPUT @id:datetime/decisions/diff-numbers-over-2023-years
  Scenario: diff over 2023 years to the last nanosecond of a day is exact
    Open: the PRD's "duration_days": 2.2291666667 shows 10 decimal places but not how exact
    the arithmetic over 2023 years must be; the kit computes it exactly, from the first instant at
    +14:00 to the last nanosecond of a day.
    When I call "datetime_math" with:
      """json
      {"operation":"diff","left":"0000-01-01T00:00:00+14:00","right":"2023-02-28T23:59:59.999999999Z"}
      """
    Then the output is:
      """json
      {"operation": "diff", "left": "0000-01-01T00:00:00+14:00", "right": "2023-02-28T23:59:59.999999999Z", "duration_seconds": 63844898399.999999999, "duration_minutes": 1064081640, "duration_hours": 17734694, "duration_days": 738945.5833333333, "sign": 1}
      """

  @decision @dt-decision:output-range @req:DT-DEC-OUTPUT-RANGE @req:DT-DEC-ERROR-ORDER @id:datetime/decisions/output-range-before-year-0
  Scenario: shifting year 0 back by 10,000 years is out_of_range
    Open: "Use RFC3339 as the only timestamp input/output format" names no code for a result
    before year 0000.
    When I call "datetime_math" with:
      """json
      {"operation":"shift","timestamp":"0000-01-01T00:00:00+14:00","years":-10000}
      """
    Then the error code is "out_of_range"

  @decision @dt-decision:shift-values @req:DT-DEC-SHIFT-VALUES @req:DT-DEC-ERROR-ORDER @id:datetime/decisions/shift-values-exponent-fraction
  Scenario: a shift of 1e-1 days, a fraction in exponent form, is invalid_shift
    Open: "shift fields (optional for shift): years, months, days, hours, minutes, seconds"
    gives them no type or code; 1e-1 days is a fraction, so invalid_shift.
    When I call "datetime_math" with:
      """json
      {"operation":"shift","timestamp":"0000-01-01T00:00:00+14:00","days":1e-1}
      """
    Then the error code is "invalid_shift"

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @id:datetime/decisions/locale-subtag-8-characters
  Scenario: an English locale with an 8-character subtag is accepted
    Open: "Locale can be ignored in v1 or accepted only as "en"". The kit accepts English BCP
    47 tags, whose subtags have 1 to 8 characters.
    When I call "datetime_format" with {"locale": "en-abcdefgh", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {"formatted": "2026-04-20 10:00", "input": "2026-04-20T10:00:00+03:00", "style": "short", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @id:datetime/decisions/locale-subtag-punctuation
  Scenario: a locale subtag with punctuation is refused
    Open: "Locale can be ignored in v1 or accepted only as "en"" (a tool that ignores locale
    answers). The kit checks every character of a subtag.
    When I call "datetime_format" with {"locale": "en-a.b", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the error code is "unsupported_locale"

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @id:datetime/decisions/locale-subtag-z-and-0
  Scenario: locale subtags may contain z and 0
    Open: "Locale can be ignored in v1 or accepted only as "en"" (a tool that accepts only en
    refuses it). The kit accepts subtags with z and 0, the ends of its letter and digit ranges.
    When I call "datetime_format" with {"locale": "en-z0", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {"formatted": "2026-04-20 10:00", "input": "2026-04-20T10:00:00+03:00", "style": "short", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

@datetime
Feature: Validation and errors of datetime_math and datetime_format
  Both tools fail fast on invalid input with a structured error {code, message} and never
  guess: a missing field, an unknown operation or style, a timestamp that is not RFC 3339 and
  a name that is not an IANA zone each have their own code. The PRD's codes are "recommended"
  one per rule; a request that breaks two rules may get either rule's code.

  @req:DT-ERROR-ENVELOPE @req:DT-TIMEZONE-IANA @id:datetime/validation/prd-error-examples
  Scenario: the PRD's two error examples
    The PRD shows {"error": {"code": "invalid_timezone", ...}} for datetime_math and
    {"error": {"code": "invalid_style", ...}} for datetime_format; the suite compares codes,
    the messages are for the model.
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Atlantis"}
    Then the error code is "invalid_timezone"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "fancy"}
    Then the error code is "invalid_style"

  @req:DT-STABLE-OUTPUT @id:datetime/validation/compact-output
  Scenario: both tools write their output as compact JSON
    The PRD, for each tool: "Output must be compact JSON." The output is judged as the
    implementation wrote it, with no white space outside its strings. Over MCP, a text-only
    result's text is that output; a structured result's structuredContent is a JSON value, not
    text, and is its output (the text beside it must hold the same value).
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": "Europe/Oslo"}
    Then the output is compact JSON
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is compact JSON

  @req:DT-MATH-OPERATIONS @req:DT-OPERATION-RECOGNIZED @id:datetime/validation/invalid-operation
  Scenario Outline: an operation datetime_math does not know is refused with invalid_operation
    When I call "datetime_math" with {"operation": "<operation>", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the call is refused

    Examples:
      | case        | operation   |
      | add         | add         |
      | format      | format      |
      | now         | now         |
      | is-past     | is_past     |
      | convert     | convert     |
      | next-friday | next Friday |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/invalid-operation-code
  Scenario Outline: an operation datetime_math does not know is refused with invalid_operation (the recommended code)
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/invalid-operation checks the refusal).
    When I call "datetime_math" with {"operation": "<operation>", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the error code is "invalid_operation"

    Examples:
      | case        | operation   |
      | add         | add         |
      | format      | format      |
      | now         | now         |
      | is-past     | is_past     |
      | convert     | convert     |
      | next-friday | next Friday |

  @req:DT-MISSING-FIELD @req:DT-MATH-FIELDS @req:DT-MATH-OPERATIONS @id:datetime/validation/math-missing-field
  Scenario Outline: each missing required field of datetime_math is missing_required_field, or that field's own code
    A missing field breaks two rules: it is required, and it is not a recognized operation, a
    valid RFC 3339 timestamp or a valid IANA timezone. "Recommended error codes" names a code
    for each and no order between them (the kit answers missing_required_field).
    When I call "datetime_math" with <request>
    Then the call is refused

    Examples:
      | case                    | request                                                                     | codes                                         |
      | operation               | {"timestamp": "2026-04-20T10:00:00+03:00"}                                  | "missing_required_field", "invalid_operation" |
      | everything              | {}                                                                          | "missing_required_field", "invalid_operation" |
      | diff-left               | {"operation": "diff", "right": "2026-04-22T15:30:00+03:00"}                 | "missing_required_field", "invalid_timestamp" |
      | diff-right              | {"operation": "diff", "left": "2026-04-20T10:00:00+03:00"}                  | "missing_required_field", "invalid_timestamp" |
      | diff-both               | {"operation": "diff"}                                                       | "missing_required_field", "invalid_timestamp" |
      | shift-timestamp         | {"operation": "shift", "days": 1}                                           | "missing_required_field", "invalid_timestamp" |
      | weekday-timestamp       | {"operation": "weekday"}                                                    | "missing_required_field", "invalid_timestamp" |
      | convert-timestamp       | {"operation": "convert_timezone", "target_timezone": "Europe/Oslo"}         | "missing_required_field", "invalid_timestamp" |
      | convert-target-timezone | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00"} | "missing_required_field", "invalid_timezone"  |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/math-missing-field-code
  Scenario Outline: each missing required field of datetime_math is missing_required_field, or that field's own code (the recommended code)
    A missing field breaks two rules: it is required, and it is not a recognized operation, a
    valid RFC 3339 timestamp or a valid IANA timezone. "Recommended error codes" names a code
    for each and no order between them (the kit answers missing_required_field).
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/math-missing-field checks the refusal).
    When I call "datetime_math" with <request>
    Then the error code is one of <codes>

    Examples:
      | case                    | request                                                                     | codes                                         |
      | operation               | {"timestamp": "2026-04-20T10:00:00+03:00"}                                  | "missing_required_field", "invalid_operation" |
      | everything              | {}                                                                          | "missing_required_field", "invalid_operation" |
      | diff-left               | {"operation": "diff", "right": "2026-04-22T15:30:00+03:00"}                 | "missing_required_field", "invalid_timestamp" |
      | diff-right              | {"operation": "diff", "left": "2026-04-20T10:00:00+03:00"}                  | "missing_required_field", "invalid_timestamp" |
      | diff-both               | {"operation": "diff"}                                                       | "missing_required_field", "invalid_timestamp" |
      | shift-timestamp         | {"operation": "shift", "days": 1}                                           | "missing_required_field", "invalid_timestamp" |
      | weekday-timestamp       | {"operation": "weekday"}                                                    | "missing_required_field", "invalid_timestamp" |
      | convert-timestamp       | {"operation": "convert_timezone", "target_timezone": "Europe/Oslo"}         | "missing_required_field", "invalid_timestamp" |
      | convert-target-timezone | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00"} | "missing_required_field", "invalid_timezone"  |

  @req:DT-MISSING-FIELD @id:datetime/validation/format-missing-field
  Scenario Outline: each missing required field of datetime_format is missing_required_field, or that field's own code
    As for datetime_math: a missing timestamp is not valid RFC 3339 and a missing style is not
    a recognized style either.
    When I call "datetime_format" with <request>
    Then the call is refused

    Examples:
      | case      | request                                    | codes                                                          |
      | timestamp | {"style": "short"}                         | "missing_required_field", "invalid_timestamp"                  |
      | style     | {"timestamp": "2026-04-20T10:00:00+03:00"} | "missing_required_field", "invalid_style"                      |
      | both      | {}                                         | "missing_required_field", "invalid_timestamp", "invalid_style" |
      | only-zone | {"target_timezone": "Europe/Oslo"}         | "missing_required_field", "invalid_timestamp", "invalid_style" |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/format-missing-field-code
  Scenario Outline: each missing required field of datetime_format is missing_required_field, or that field's own code (the recommended code)
    As for datetime_math: a missing timestamp is not valid RFC 3339 and a missing style is not
    a recognized style either.
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/format-missing-field checks the refusal).
    When I call "datetime_format" with <request>
    Then the error code is one of <codes>

    Examples:
      | case      | request                                    | codes                                                          |
      | timestamp | {"style": "short"}                         | "missing_required_field", "invalid_timestamp"                  |
      | style     | {"timestamp": "2026-04-20T10:00:00+03:00"} | "missing_required_field", "invalid_style"                      |
      | both      | {}                                         | "missing_required_field", "invalid_timestamp", "invalid_style" |
      | only-zone | {"target_timezone": "Europe/Oslo"}         | "missing_required_field", "invalid_timestamp", "invalid_style" |

  @req:DT-RFC3339-IN @req:DT-NO-GUESSING @id:datetime/validation/math-invalid-timestamp
  Scenario Outline: a timestamp that is not RFC 3339 is invalid_timestamp, in every field
    When I call "datetime_math" with <request>
    Then the call is refused

    Examples:
      | case              | request                                                                                          |
      | weekday-date-only | {"operation": "weekday", "timestamp": "2026-04-20"}                                              |
      | weekday-no-offset | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00"}                                     |
      | shift-space       | {"operation": "shift", "timestamp": "2026-04-20 10:00:00+03:00", "days": 1}                      |
      | convert-unix      | {"operation": "convert_timezone", "timestamp": "1776668400", "target_timezone": "Europe/Oslo"}   |
      | diff-left         | {"operation": "diff", "left": "20 April 2026", "right": "2026-04-22T15:30:00+03:00"}             |
      | diff-right        | {"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-02-30T10:00:00+03:00"} |
      | weekday-month-13  | {"operation": "weekday", "timestamp": "2026-13-01T10:00:00Z"}                                    |
      | weekday-rfc2822   | {"operation": "weekday", "timestamp": "Mon, 20 Apr 2026 10:00:00 +0300"}                         |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/math-invalid-timestamp-code
  Scenario Outline: a timestamp that is not RFC 3339 is invalid_timestamp, in every field (the recommended code)
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/math-invalid-timestamp checks the refusal).
    When I call "datetime_math" with <request>
    Then the error code is "invalid_timestamp"

    Examples:
      | case              | request                                                                                          |
      | weekday-date-only | {"operation": "weekday", "timestamp": "2026-04-20"}                                              |
      | weekday-no-offset | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00"}                                     |
      | shift-space       | {"operation": "shift", "timestamp": "2026-04-20 10:00:00+03:00", "days": 1}                      |
      | convert-unix      | {"operation": "convert_timezone", "timestamp": "1776668400", "target_timezone": "Europe/Oslo"}   |
      | diff-left         | {"operation": "diff", "left": "20 April 2026", "right": "2026-04-22T15:30:00+03:00"}             |
      | diff-right        | {"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-02-30T10:00:00+03:00"} |
      | weekday-month-13  | {"operation": "weekday", "timestamp": "2026-13-01T10:00:00Z"}                                    |
      | weekday-rfc2822   | {"operation": "weekday", "timestamp": "Mon, 20 Apr 2026 10:00:00 +0300"}                         |

  @req:DT-NO-GUESSING @req:DT-RFC3339-IN @id:datetime/validation/no-natural-language
  Scenario Outline: natural language is never parsed
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<text>"}
    Then the call is refused
    When I call "datetime_format" with {"timestamp": "<text>", "style": "short"}
    Then the call is refused

    Examples:
      | case        | text                |
      | next-friday | next Friday evening |
      | tomorrow    | tomorrow            |
      | now         | now                 |
      | in-two-days | in 2 days           |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/no-natural-language-code
  Scenario Outline: natural language is never parsed (the recommended code)
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/no-natural-language checks the refusal).
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<text>"}
    Then the error code is "invalid_timestamp"
    When I call "datetime_format" with {"timestamp": "<text>", "style": "short"}
    Then the error code is "invalid_timestamp"

    Examples:
      | case        | text                |
      | next-friday | next Friday evening |
      | tomorrow    | tomorrow            |
      | now         | now                 |
      | in-two-days | in 2 days           |

  @req:DT-NO-GUESSING @req:DT-TIMEZONE-IANA @id:datetime/validation/no-zone-guessing
  Scenario Outline: a zone is never guessed from free text or an abbreviation
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": "<zone>"}
    Then the error code is "invalid_timezone"

    Examples:
      | case         | zone         |
      | free-text    | Oslo, Norway |
      | abbreviation | CEST         |
      | local        | Local        |
      | utc-offset   | UTC+2        |

  @req:DT-SHIFT-EMPTY @id:datetime/validation/empty-shift-null-fields
  Scenario: shift fields that are all null are no shift fields, or a shift by nothing
    The PRD does not say whether a null shift field is absent ("shift must reject requests
    with no shift fields at all") or zero (decisions/shift-zero-fields pins the kit's choice):
    the request is refused, or shifts by nothing.
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": null, "hours": null}
    Then the call is refused or the output "result" is "2026-04-20T10:00:00+03:00"

  @req:DT-STRUCTURED-INPUT @id:datetime/validation/not-an-object
  Scenario Outline: a request that is not a JSON object is refused
    "Tool accepts only structured input"; the PRD names no code for this (the kit answers
    invalid_input).
    When I call "datetime_math" with:
      """json
      <request>
      """
    Then the call is refused
    When I call "datetime_format" with:
      """json
      <request>
      """
    Then the call is refused

    Examples:
      | case    | request                                                              |
      | array   | [{"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}] |
      | string  | "weekday 2026-04-20T10:00:00+03:00"                                  |
      | number  | 1776668400                                                           |
      | null    | null                                                                 |
      | boolean | true                                                                 |

  @req:DT-STRUCTURED-INPUT @req:DT-NO-GUESSING @id:datetime/validation/unknown-field
  Scenario Outline: a field the tool does not define, or the operation does not use, is refused or ignored
    "Tool accepts only structured input" does not say which: Go's decoder ignores an unknown
    field, and the kit refuses it. A tool that ignores one must answer as if it were absent.
    When I call "<tool>" with <request>
    Then the call is refused or the output "<field>" is "<answer>"

    Examples:
      | case             | tool            | request                                                                                                                          | field     | answer                    |
      | math-timezone    | datetime_math   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Oslo", "timezone": "UTC"} | result    | 2026-04-20T09:00:00+02:00 |
      | math-week        | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": 1, "weeks": 1}                                          | result    | 2026-04-21T10:00:00+03:00 |
      | math-style       | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00", "style": "long"}                                              | weekday   | Monday                    |
      | diff-days        | datetime_math   | {"operation": "diff", "left": "2026-04-20T10:00:00Z", "right": "2026-04-20T10:00:00Z", "days": 1}                                | left      | 2026-04-20T10:00:00Z      |
      | format-operation | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "operation": "format"}                                              | formatted | 2026-04-20 10:00          |
      | format-tz        | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "tz": "Europe/Oslo"}                                                | formatted | 2026-04-20 10:00          |
      | format-days      | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "days": 1}                                                          | formatted | 2026-04-20 10:00          |

  @req:DT-STRUCTURED-INPUT @req:DT-NO-GUESSING @id:datetime/validation/unknown-field-weekday-zone
  Scenario: weekday with a target_timezone is refused, ignored or answered in that zone
    The PRD gives weekday no target_timezone ("target_timezone (required for
    convert_timezone)") and does not forbid one: a tool that refuses it, ignores it (Sunday, the
    timestamp's own day) or honours it (Monday in Tokyo) each follows it.
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-19T20:00:00Z", "target_timezone": "Asia/Tokyo"}
    Then the call is refused or the output "weekday" is one of "Sunday", "Monday"

  @decision @dt-decision:strict-request @req:DT-DEC-STRICT-REQUEST @req:DT-NO-GUESSING @req:DT-STRUCTURED-INPUT @id:datetime/validation/duplicate-key
  Scenario Outline: a key given twice with different values is refused
    Open: "The tool must fail fast on invalid input" does not say whether a repeated name makes
    input invalid: JSON calls names that are not unique interoperable only in part and leaves
    their meaning to the reader (RFC 8259 §4), Go's decoder (the PRD's "Use Go time.Time",
    typed request structs) keeps the last, and an MCP host hands a tool the object its own
    parser kept. The kit refuses: answering for either value would be a silent guess.
    When I call "<tool>" with <request>
    Then the call is refused

    Examples:
      | case           | tool            | request                                                                                                                                             |
      | math-timestamp | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "timestamp": "2026-04-21T10:00:00Z"}                                                  |
      | math-operation | datetime_math   | {"operation": "diff", "operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "left": "2026-04-20T10:00:00Z", "right": "2026-04-21T10:00:00Z"} |
      | math-days      | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 1, "days": 2}                                                                   |
      | format-zone    | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "target_timezone": "Europe/Oslo", "target_timezone": "UTC"}                                 |
      | format-style   | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "short", "style": "long"}                                                                            |

  @req:DT-NO-GUESSING @req:DT-ERROR-ENVELOPE @id:datetime/validation/wrong-type
  Scenario Outline: a field of the wrong JSON type is refused
    "The tool must fail fast on invalid input": a number is not an RFC 3339 string, a string is
    not a count of days, and half a day or month is no whole calendar unit. The PRD names no
    code for a wrong type (the kit answers with the field's own code).
    When I call "<tool>" with <request>
    Then the call is refused

    Examples:
      | case             | tool            | request                                                                                  |
      | timestamp-number | datetime_math   | {"operation": "weekday", "timestamp": 1776668400}                                        |
      | operation-array  | datetime_math   | {"operation": ["diff"], "left": "2026-04-20T10:00:00Z", "right": "2026-04-20T10:00:00Z"} |
      | days-string      | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": "2"}                 |
      | hours-boolean    | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "hours": true}               |
      | half-a-day       | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "days": 0.5}                 |
      | month-and-a-half | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00Z", "months": 1.5}               |
      | style-number     | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": 1}                                        |
      | format-timestamp | datetime_format | {"timestamp": 1776668400, "style": "short"}                                              |

  @req:DT-ERROR-ENVELOPE @id:datetime/validation/two-faults
  Scenario Outline: a request that breaks two rules gets either rule's code
    "Recommended error codes" gives one code per rule and no order between rules; a missing
    field may itself have two codes (see the missing-field scenarios).
    When I call "<tool>" with <request>
    Then the call is refused

    Examples:
      | case                        | tool            | request                                                                              | codes                                                             |
      | bad-timestamp-empty-shift   | datetime_math   | {"operation": "shift", "timestamp": "x"}                                             | "invalid_timestamp", "empty_shift"                                |
      | bad-timestamp-bad-zone      | datetime_math   | {"operation": "convert_timezone", "timestamp": "x", "target_timezone": "Nowhere"}    | "invalid_timestamp", "invalid_timezone"                           |
      | missing-zone-bad-timestamp  | datetime_math   | {"operation": "convert_timezone", "timestamp": "x"}                                  | "missing_required_field", "invalid_timezone", "invalid_timestamp" |
      | missing-left-bad-right      | datetime_math   | {"operation": "diff", "right": "2026-02-30T10:00:00Z"}                               | "missing_required_field", "invalid_timestamp"                     |
      | format-bad-timestamp-style  | datetime_format | {"timestamp": "x", "style": "full"}                                                  | "invalid_timestamp", "invalid_style"                              |
      | format-missing-style-bad-ts | datetime_format | {"timestamp": "x"}                                                                   | "missing_required_field", "invalid_style", "invalid_timestamp"    |
      | format-missing-ts-bad-style | datetime_format | {"style": "full"}                                                                    | "missing_required_field", "invalid_timestamp", "invalid_style"    |
      | format-bad-style-bad-zone   | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "full", "target_timezone": "Nowhere"} | "invalid_style", "invalid_timezone"                               |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/two-faults-code
  Scenario Outline: a request that breaks two rules gets either rule's code (the recommended code)
    "Recommended error codes" gives one code per rule and no order between rules; a missing
    field may itself have two codes (see the missing-field scenarios).
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/two-faults checks the refusal).
    When I call "<tool>" with <request>
    Then the error code is one of <codes>

    Examples:
      | case                        | tool            | request                                                                              | codes                                                             |
      | bad-timestamp-empty-shift   | datetime_math   | {"operation": "shift", "timestamp": "x"}                                             | "invalid_timestamp", "empty_shift"                                |
      | bad-timestamp-bad-zone      | datetime_math   | {"operation": "convert_timezone", "timestamp": "x", "target_timezone": "Nowhere"}    | "invalid_timestamp", "invalid_timezone"                           |
      | missing-zone-bad-timestamp  | datetime_math   | {"operation": "convert_timezone", "timestamp": "x"}                                  | "missing_required_field", "invalid_timezone", "invalid_timestamp" |
      | missing-left-bad-right      | datetime_math   | {"operation": "diff", "right": "2026-02-30T10:00:00Z"}                               | "missing_required_field", "invalid_timestamp"                     |
      | format-bad-timestamp-style  | datetime_format | {"timestamp": "x", "style": "full"}                                                  | "invalid_timestamp", "invalid_style"                              |
      | format-missing-style-bad-ts | datetime_format | {"timestamp": "x"}                                                                   | "missing_required_field", "invalid_style", "invalid_timestamp"    |
      | format-missing-ts-bad-style | datetime_format | {"style": "full"}                                                                    | "missing_required_field", "invalid_timestamp", "invalid_style"    |
      | format-bad-style-bad-zone   | datetime_format | {"timestamp": "2026-04-20T10:00:00Z", "style": "full", "target_timezone": "Nowhere"} | "invalid_style", "invalid_timezone"                               |

  @req:DT-RFC3339-IN @req:DT-NO-GUESSING @id:datetime/validation/not-rfc3339
  Scenario Outline: a timestamp RFC 3339 does not allow is invalid_timestamp, however lenient a parser is
    "All timestamps must be valid RFC3339 strings": RFC 3339 §5.6 date-time has every field
    with all its digits, hours 00-23, offsets Z or ±hh:mm with hh 00-23 and mm 00-59, a dot
    before a non-empty fraction, and a real calendar date (2100 is not a leap year). Go's
    time.Parse is looser in places; the PRD's words decide.
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the call is refused

    Examples:
      | case                 | timestamp                  |
      | one-digit-hour       | 2026-04-20T1:00:00+03:00   |
      | one-digit-month      | 2026-4-20T10:00:00+03:00   |
      | offset-hour-24       | 2026-04-20T10:00:00+24:00  |
      | offset-minute-60     | 2026-04-20T10:00:00+03:60  |
      | offset-without-colon | 2026-04-20T10:00:00+0300   |
      | offset-hours-only    | 2026-04-20T10:00:00+03     |
      | hour-24              | 2026-04-20T24:00:00Z       |
      | comma-fraction       | 2026-04-20T10:00:00,5Z     |
      | empty-fraction       | 2026-04-20T10:00:00.Z      |
      | no-seconds           | 2026-04-20T10:00Z          |
      | leading-space        | \u00202026-04-20T10:00:00Z |
      | trailing-space       | 2026-04-20T10:00:00Z\u0020 |
      | five-digit-year      | 12026-04-20T10:00:00Z      |
      | feb-29-2100          | 2100-02-29T10:00:00Z       |
      | utc-suffix           | 2026-04-20T10:00:00UTC     |
      | fraction-no-offset   | 2026-04-20T10:00:00.5      |

  @recommended @req:DT-ERROR-CODES @id:datetime/validation/not-rfc3339-code
  Scenario Outline: a timestamp RFC 3339 does not allow is invalid_timestamp, however lenient a parser is (the recommended code)
    "All timestamps must be valid RFC3339 strings": RFC 3339 §5.6 date-time has every field
    with all its digits, hours 00-23, offsets Z or ±hh:mm with hh 00-23 and mm 00-59, a dot
    before a non-empty fraction, and a real calendar date (2100 is not a leap year). Go's
    time.Parse is looser in places; the PRD's words decide.
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/validation/not-rfc3339 checks the refusal).
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the error code is "invalid_timestamp"

    Examples:
      | case                 | timestamp                  |
      | one-digit-hour       | 2026-04-20T1:00:00+03:00   |
      | one-digit-month      | 2026-4-20T10:00:00+03:00   |
      | offset-hour-24       | 2026-04-20T10:00:00+24:00  |
      | offset-minute-60     | 2026-04-20T10:00:00+03:60  |
      | offset-without-colon | 2026-04-20T10:00:00+0300   |
      | offset-hours-only    | 2026-04-20T10:00:00+03     |
      | hour-24              | 2026-04-20T24:00:00Z       |
      | comma-fraction       | 2026-04-20T10:00:00,5Z     |
      | empty-fraction       | 2026-04-20T10:00:00.Z      |
      | no-seconds           | 2026-04-20T10:00Z          |
      | leading-space        | \u00202026-04-20T10:00:00Z |
      | trailing-space       | 2026-04-20T10:00:00Z\u0020 |
      | five-digit-year      | 12026-04-20T10:00:00Z      |
      | feb-29-2100          | 2100-02-29T10:00:00Z       |
      | utc-suffix           | 2026-04-20T10:00:00UTC     |
      | fraction-no-offset   | 2026-04-20T10:00:00.5      |

  @req:DT-RFC3339-IN @id:datetime/validation/rfc3339-spellings
  Scenario Outline: every spelling RFC 3339 allows is accepted
    RFC 3339 §5.6: "T" and "Z" "may alternatively be lower case"; -00:00 (§4.3) is the UTC
    instant with an unknown local offset; a fraction of 1 to 9 digits (the nanoseconds Go's
    time.Time holds) and any year from 0000 to 9999 are valid.
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the output "weekday" is "<weekday>"
    And the output "timestamp" echoes the timestamp "<timestamp>"

    Examples:
      | case            | timestamp                           | weekday |
      | lower-case-t-z  | 2026-04-20t10:00:00z                | Monday  |
      | lower-case-t    | 2026-04-20t10:00:00+03:00           | Monday  |
      | minus-zero      | 2026-04-20T10:00:00-00:00           | Monday  |
      | plus-zero       | 2026-04-20T10:00:00+00:00           | Monday  |
      | one-digit-frac  | 2026-04-20T10:00:00.5Z              | Monday  |
      | nine-digit-frac | 2026-04-20T10:00:00.999999999+03:00 | Monday  |
      | leap-day-2000   | 2000-02-29T00:00:00Z                | Tuesday |
      | offset-23-59    | 2026-04-20T23:59:00+23:59           | Monday  |

  @req:DT-RFC3339-IN @req:DT-CONVERT @id:datetime/validation/rfc3339-spellings-convert
  Scenario: lower-case t and z and -00:00 are the instants they say
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-04-20t10:00:00z", "target_timezone": "Europe/Oslo"}
    Then the output "result" is the RFC 3339 time "2026-04-20T12:00:00+02:00"
    And the output "input" echoes the timestamp "2026-04-20t10:00:00z"
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-20T10:00:00-00:00", "right": "2026-04-20t13:00:00+03:00"}
    Then the output "sign" is 0
    And the output "left" echoes the timestamp "2026-04-20T10:00:00-00:00"
    And the output "right" echoes the timestamp "2026-04-20t13:00:00+03:00"

  @req:DT-STRUCTURED-INPUT @req:DT-MATH-OUTPUT @id:datetime/validation/json-white-space
  Scenario: white space around the request and its tokens is accepted
    White space around the request and its tokens is JSON.
    When I call "datetime_math" with:
      """json
       { "operation" : "weekday" , "timestamp" : "2026-04-20T10:00:00Z" } 
      """
    Then the output is:
      """json
      {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "weekday": "Monday", "weekday_index": 1}
      """

  @req:DT-STRUCTURED-INPUT @req:DT-MATH-OUTPUT @id:datetime/validation/json-escaped-key
  Scenario: a key written with a JSON escape is that key
    A key written with a JSON escape ("op\u0065ration") is the key "operation".
    When I call "datetime_math" with:
      """json
      {"op\u0065ration":"weekday","timestamp":"2026-04-20T10:00:00Z"}
      """
    Then the output is:
      """json
      {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "weekday": "Monday", "weekday_index": 1}
      """

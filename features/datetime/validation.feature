@datetime
Feature: Validation and errors of datetime_math and datetime_format
  Both tools fail fast on invalid input with a structured error {code, message} and never
  guess: a missing field, an unknown operation or style, a timestamp that is not RFC 3339 and
  a name that is not an IANA zone each have their own code.

  @req:DT-ERROR-ENVELOPE @req:DT-TIMEZONE-IANA @id:datetime/validation/prd-error-examples
  Scenario: the PRD's two error examples
    The PRD shows {"error": {"code": "invalid_timezone", ...}} for datetime_math and
    {"error": {"code": "invalid_style", ...}} for datetime_format; the suite compares codes,
    the messages are for the model.
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "target_timezone": "Europe/Atlantis"}
    Then the error code is "invalid_timezone"
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "fancy"}
    Then the error code is "invalid_style"

  @req:DT-MATH-OPERATIONS @req:DT-OPERATION-RECOGNIZED @id:datetime/validation/invalid-operation
  Scenario Outline: an operation datetime_math does not know is refused with invalid_operation
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
  Scenario Outline: each missing required field of datetime_math is missing_required_field
    When I call "datetime_math" with <request>
    Then the error code is "missing_required_field"

    Examples:
      | case                    | request                                                                     |
      | operation               | {"timestamp": "2026-04-20T10:00:00+03:00"}                                  |
      | everything              | {}                                                                          |
      | diff-left               | {"operation": "diff", "right": "2026-04-22T15:30:00+03:00"}                 |
      | diff-right              | {"operation": "diff", "left": "2026-04-20T10:00:00+03:00"}                  |
      | diff-both               | {"operation": "diff"}                                                       |
      | shift-timestamp         | {"operation": "shift", "days": 1}                                           |
      | weekday-timestamp       | {"operation": "weekday"}                                                    |
      | convert-timestamp       | {"operation": "convert_timezone", "target_timezone": "Europe/Oslo"}         |
      | convert-target-timezone | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00"} |

  @req:DT-MISSING-FIELD @id:datetime/validation/format-missing-field
  Scenario Outline: each missing required field of datetime_format is missing_required_field
    When I call "datetime_format" with <request>
    Then the error code is "missing_required_field"

    Examples:
      | case      | request                                    |
      | timestamp | {"style": "short"}                         |
      | style     | {"timestamp": "2026-04-20T10:00:00+03:00"} |
      | both      | {}                                         |
      | only-zone | {"target_timezone": "Europe/Oslo"}         |

  @req:DT-RFC3339-IN @req:DT-NO-GUESSING @id:datetime/validation/math-invalid-timestamp
  Scenario Outline: a timestamp that is not RFC 3339 is invalid_timestamp, in every field
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

  @req:DT-SHIFT-EMPTY @req:DT-DEC-EMPTY-IS-ABSENT @id:datetime/validation/empty-shift-null-fields
  Scenario: shift fields that are all null are no shift fields
    When I call "datetime_math" with {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "days": null, "hours": null}
    Then the error code is "empty_shift"

  @req:DT-STRUCTURED-INPUT @id:datetime/validation/not-an-object
  Scenario Outline: a request that is not a JSON object is invalid_input
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

  @req:DT-STRUCTURED-INPUT @id:datetime/validation/unknown-field
  Scenario Outline: a field the tool does not define is invalid_input
    When I call "<tool>" with <request>
    Then the error code is "invalid_input"

    Examples:
      | case             | tool            | request                                                                                        |
      | math-timezone    | datetime_math   | {"operation": "convert_timezone", "timestamp": "2026-04-20T10:00:00+03:00", "timezone": "UTC"} |
      | math-week        | datetime_math   | {"operation": "shift", "timestamp": "2026-04-20T10:00:00+03:00", "weeks": 1}                   |
      | math-style       | datetime_math   | {"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00", "style": "long"}            |
      | format-operation | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "operation": "format"}            |
      | format-tz        | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "tz": "Europe/Oslo"}              |
      | format-days      | datetime_format | {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "days": 1}                        |

@datetime
Feature: datetime_math diff
  diff is the time from left to right (right − left), as elapsed time in seconds, minutes,
  hours and days, with sign 1, 0 or -1. The PRD's "return signed difference (sign = -1, 0, 1)"
  lets the durations carry the sign or be magnitudes beside `sign`; the kit signs them.

  @req:DT-DIFF @req:DT-DIFF-SIGN @req:DT-MATH-OUTPUT @req:DT-STABLE-OUTPUT @id:datetime/diff/prd-example
  Scenario: the PRD's diff example: every field as the PRD shows it, duration_days to the example's 10 places
    The PRD shows "duration_days": 2.2291666667, ten decimal places of 2.22916…: a value computed
    in binary floating point (2.2291666666666665) shows the same ten places
    (datetime/decisions/diff-numbers pins the kit's exact rounding).
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-22T15:30:00+03:00"}
    Then the output "operation" is "diff"
    And the output "left" is "2026-04-20T10:00:00+03:00"
    And the output "right" is "2026-04-22T15:30:00+03:00"
    And the output "duration_seconds" is 192600
    And the output "duration_minutes" is 3210
    And the output "duration_hours" is 53.5
    And the output "duration_days" is, to 10 decimal places, 2.2291666667
    And the output "sign" is 1

  @req:DT-DIFF-SIGN @req:DT-DIFF @id:datetime/diff/negative
  Scenario: left after right gives sign -1, with the durations signed or as magnitudes
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-22T15:30:00+03:00", "right": "2026-04-20T10:00:00+03:00"}
    Then the output "sign" is -1
    And the output "left" is "2026-04-22T15:30:00+03:00"
    And the output "right" is "2026-04-20T10:00:00+03:00"
    And the output "duration_seconds" is one of -192600, 192600
    And the output "duration_minutes" is one of -3210, 3210
    And the output "duration_hours" is one of -53.5, 53.5
    And the output "duration_days" is, to 10 decimal places, one of -2.2291666667, 2.2291666667

  @req:DT-DIFF-SIGN @id:datetime/diff/zero-delta
  Scenario: the same timestamp twice is a zero delta with sign 0
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {
        "operation": "diff",
        "left": "2026-04-20T10:00:00+03:00",
        "right": "2026-04-20T10:00:00+03:00",
        "duration_seconds": 0,
        "duration_minutes": 0,
        "duration_hours": 0,
        "duration_days": 0,
        "sign": 0
      }
      """

  @req:DT-DIFF-SIGN @req:DT-DIFF @id:datetime/diff/same-instant-other-offsets
  Scenario: one instant written in two offsets is a zero delta
    When I call "datetime_math" with {"operation": "diff", "left": "2026-04-20T10:00:00+03:00", "right": "2026-04-20T07:00:00Z"}
    Then the output "duration_seconds" is 0
    And the output "sign" is 0

  @req:DT-DIFF @req:DT-DIFF-SIGN @id:datetime/diff/units
  Scenario Outline: each unit is the span in that unit, right to the 10 decimal places of the PRD's example
    How the digits beyond the tenth place come out (exact rounding, or binary floating point) is
    the implementation's: datetime/decisions/diff-numbers pins the kit's.
    When I call "datetime_math" with {"operation": "diff", "left": "<left>", "right": "<right>"}
    Then the output "duration_seconds" is, to 10 decimal places, <seconds>
    And the output "duration_minutes" is, to 10 decimal places, <minutes>
    And the output "duration_hours" is, to 10 decimal places, <hours>
    And the output "duration_days" is, to 10 decimal places, <days>
    And the output "sign" is <sign>

    Examples:
      | case               | left                      | right                     | seconds | minutes      | hours        | days         | sign |
      | one-day            | 2026-04-20T00:00:00Z      | 2026-04-21T00:00:00Z      | 86400   | 1440         | 24           | 1            | 1    |
      | one-minute         | 2026-04-20T10:00:00Z      | 2026-04-20T10:01:00Z      | 60      | 1            | 0.0166666667 | 0.0006944444 | 1    |
      | twenty-seconds     | 2026-04-20T10:00:00Z      | 2026-04-20T10:00:20Z      | 20      | 0.3333333333 | 0.0055555556 | 0.0002314815 | 1    |
      | across-offsets     | 2026-04-20T10:00:00+05:45 | 2026-04-20T10:00:00-09:30 | 54900   | 915          | 15.25        | 0.6354166667 | 1    |
      | half-second        | 2026-04-20T10:00:00Z      | 2026-04-20T10:00:00.5Z    | 0.5     | 0.0083333333 | 0.0001388889 | 0.000005787  | 1    |
      | leap-year-february | 2024-02-01T00:00:00Z      | 2024-03-01T00:00:00Z      | 2505600 | 41760        | 696          | 29           | 1    |

  @req:DT-DIFF @req:DT-CONVERT-DST @id:datetime/diff/across-dst
  Scenario Outline: across a DST change diff is elapsed time, not wall-clock time
    The two wall clocks are 2 hours (or 24 hours) apart, but Oslo moved its clocks by one hour
    in between: diff counts the time that passed.
    When I call "datetime_math" with {"operation": "diff", "left": "<left>", "right": "<right>"}
    Then the output "duration_seconds" is <seconds>
    And the output "duration_minutes" is <minutes>
    And the output "duration_hours" is <hours>
    And the output "duration_days" is, to 10 decimal places, <days>

    Examples:
      | case                  | left                      | right                     | seconds | minutes | hours | days         |
      | oslo-spring-forward   | 2026-03-29T01:00:00+01:00 | 2026-03-29T03:00:00+02:00 | 3600    | 60      | 1     | 0.0416666667 |
      | oslo-spring-noon-noon | 2026-03-28T12:00:00+01:00 | 2026-03-29T12:00:00+02:00 | 82800   | 1380    | 23    | 0.9583333333 |
      | oslo-fall-back        | 2026-10-24T12:00:00+02:00 | 2026-10-25T12:00:00+01:00 | 90000   | 1500    | 25    | 1.0416666667 |

  @req:DT-DIFF @req:DT-DIFF-SIGN @req:DT-MATH-OUTPUT @id:datetime/diff/leap-day-2000
  Scenario: the leap day 2000-02-29 exists: its diff with itself is zero
    2000 is divisible by 400, so it is a leap year.
    When I call "datetime_math" with:
      """json
      {"operation":"diff","left":"2000-02-29T00:00:00Z","right":"2000-02-29T00:00:00Z"}
      """
    Then the output is:
      """json
      {"operation": "diff", "left": "2000-02-29T00:00:00Z", "right": "2000-02-29T00:00:00Z", "duration_seconds": 0, "duration_minutes": 0, "duration_hours": 0, "duration_days": 0, "sign": 0}
      """

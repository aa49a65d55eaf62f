@datetime
Feature: datetime_math weekday
  weekday answers the English day name of a timestamp and its index, Monday 1 (the PRD's
  example) to Saturday 6, for the date the timestamp itself shows. Sunday is 7 in ISO 8601 and
  0 in Go's time.Weekday, which the PRD says to use ("Use Go time.Time"): either is right.

  @req:DT-WEEKDAY @req:DT-MATH-OUTPUT @req:DT-STABLE-OUTPUT @id:datetime/weekday/prd-example
  Scenario: the PRD's weekday example, byte for byte
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {
        "operation": "weekday",
        "timestamp": "2026-04-20T10:00:00+03:00",
        "weekday": "Monday",
        "weekday_index": 1
      }
      """

  @req:DT-WEEKDAY @id:datetime/weekday/seven-days
  Scenario Outline: every day of a week from Monday 1 to Saturday 6
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the output "weekday" is "<weekday>"
    And the output "weekday_index" is <index>

    Examples:
      | case      | timestamp                 | weekday   | index |
      | monday    | 2026-04-20T10:00:00+03:00 | Monday    | 1     |
      | tuesday   | 2026-04-21T10:00:00+03:00 | Tuesday   | 2     |
      | wednesday | 2026-04-22T10:00:00+03:00 | Wednesday | 3     |
      | thursday  | 2026-04-23T10:00:00+03:00 | Thursday  | 4     |
      | friday    | 2026-04-24T10:00:00+03:00 | Friday    | 5     |
      | saturday  | 2026-04-25T10:00:00+03:00 | Saturday  | 6     |

  @req:DT-WEEKDAY @id:datetime/weekday/sunday
  Scenario: Sunday is 7 (ISO 8601) or 0 (Go's time.Weekday)
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "2026-04-26T10:00:00+03:00"}
    Then the output "weekday" is "Sunday"
    And the output "weekday_index" is one of 0, 7

  @req:DT-WEEKDAY @id:datetime/weekday/calendar-edges
  Scenario Outline: leap days and the ends of the representable years
    When I call "datetime_math" with {"operation": "weekday", "timestamp": "<timestamp>"}
    Then the output "weekday" is "<weekday>"
    And the output "weekday_index" is <index>

    Examples:
      | case          | timestamp            | weekday  | index |
      | leap-day      | 2024-02-29T12:00:00Z | Thursday | 4     |
      | year-2000     | 2000-01-01T00:00:00Z | Saturday | 6     |
      | unix-epoch    | 1970-01-01T00:00:00Z | Thursday | 4     |
      | first-instant | 0000-01-01T00:00:00Z | Saturday | 6     |
      | last-instant  | 9999-12-31T23:59:59Z | Friday   | 5     |

@v1
Feature: Timestamps read as JavaScript's Date reads them
  v1 read every timestamp with `new Date(text)`. A string in the exact shape of a stored UTC
  time is that instant; one that only looks like it (a separator replaced, a letter inside a
  number, a letter where "Z" belongs) is Invalid Date, which v1 printed as such.

  @req:V1-TIME-LOCAL @id:v1/timezone/near-iso-timestamps
  Scenario Outline: a timestamp that only looks like a stored UTC time is Invalid Date
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC"}
    Then the output "result" is "Invalid Date"

    Examples:
      | case                    | timestamp                |
      | letter-before-fraction  | 2024-01-01T10:00:00X000Z |
      | letter-instead-of-z     | 2024-01-01T10:00:00.000X |
      | letter-after-seconds    | 2024-01-01T10:00:00A     |
      | slash-after-year        | 2024/01-01T10:00:00Z     |
      | slash-after-month       | 2024-01/01T10:00:00Z     |
      | letter-instead-of-t     | 2024-01-01x10:00:00Z     |
      | dot-after-hour          | 2024-01-01T10.00:00Z     |
      | dot-after-minute        | 2024-01-01T10:00.00Z     |
      | letter-in-month         | 2024-0x-01T10:00:00.000Z |
      | letter-in-year          | 20x4-01-01T10:00:00Z     |
      | letter-in-milliseconds  | 2024-01-01T10:00:00.0x0Z |

  @req:V1-TIME-LOCAL @id:v1/timezone/last-day-of-400-years
  Scenario Outline: February 29 of 2000 and 2400, the last day of a 400-year cycle, is shown as that day
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC"}
    Then the output "result" is "<shown>"

    Examples:
      | case | timestamp                | shown                  |
      | 2000 | 2000-02-29T12:00:00.000Z | Feb 29, 2000, 12:00 PM |
      | 2400 | 2400-02-29T12:00:00.000Z | Feb 29, 2400, 12:00 PM |

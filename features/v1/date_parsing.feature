@v1
Feature: Timestamps read as JavaScript's Date reads them
  v1 read every timestamp with `new Date(text)`. A string in the exact shape of a stored UTC
  time is that instant; one that only looks like it (a separator replaced, a letter or a
  punctuation mark inside a number, a letter where "Z" belongs) is Invalid Date, which v1
  printed as such.

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
      | every-separator-a-letter | 2024x01x01x10x00x00x000x |
      | every-separator-a-letter-no-fraction | 2024x01x01x10x00x00x |
      | slash-in-every-word     | 202/-01-0/T10:00:0/.000Z |
      | slash-in-day            | 2024-01-1/T10:00:00Z     |
      | slash-in-minute         | 2024-01-01T10:0/:00Z     |
      | slash-in-milliseconds   | 2024-01-01T10:00:00.0/0Z |
      | colon-in-day            | 2024-01-1:T10:00:00Z     |
      | semicolon-in-hour       | 2024-01-01T1;:00:00Z     |
      | question-mark-in-month  | 2024-1?-01T10:00:00Z     |
      | question-mark-in-year   | 202?-01-01T10:00:00Z     |
      | question-mark-in-second | 2024-01-01T10:00:0?.000Z |
      | question-mark-in-milliseconds | 2024-01-01T10:00:00.00?Z |
      | colon-in-every-word     | 202:-01-01T10:0::00.00:Z |
      | colon-in-every-word-no-fraction | 202:-01-01T10:0::0:Z |

  @req:V1-TIME-LOCAL @id:v1/timezone/last-day-of-400-years
  Scenario Outline: February 29 of 2000 and 2400, the last day of a 400-year cycle, is shown as that day
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC"}
    Then the output "result" is "<shown>"

    Examples:
      | case | timestamp                | shown                  |
      | 2000 | 2000-02-29T12:00:00.000Z | Feb 29, 2000, 12:00 PM |
      | 2400 | 2400-02-29T12:00:00.000Z | Feb 29, 2400, 12:00 PM |

  @req:V1-TIME-LOCAL @id:v1/timezone/january-february-in-their-year
  Scenario Outline: a January or February date in another shape than a stored UTC time is shown in its own year
    `new Date` reads a date-only string as UTC midnight and a date-time with an offset at that
    offset; JavaScript counts January and February with the year before (its calendar starts in
    March), and still shows them in their own year.
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC"}
    Then the output "result" is "<shown>"

    Examples:
      | case                 | timestamp                 | shown                  |
      | february-date-only   | 2024-02-15                | Feb 15, 2024, 12:00 AM |
      | february-with-offset | 2024-02-15T10:00:00+01:00 | Feb 15, 2024, 9:00 AM  |
      | january-date-only    | 2023-01-31                | Jan 31, 2023, 12:00 AM |
      | leap-day-into-march  | 2024-02-29T23:30:00-05:00 | Mar 1, 2024, 4:30 AM   |
      | march-date-only      | 2024-03-01                | Mar 1, 2024, 12:00 AM  |

  @req:V1-TIME-LOCAL @id:v1/timezone/stored-times-every-digit-counts
  Scenario Outline: every digit of a stored UTC time counts, in both its shapes
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC"}
    Then the output "result" is "<shown>"

    Examples:
      | case              | timestamp                | shown                  |
      | year-1720         | 1720-02-25T22:21:30.580Z | Feb 25, 1720, 10:21 PM |
      | year-8735         | 8735-02-14T20:50:14.723Z | Feb 14, 8735, 8:50 PM  |
      | october-31        | 2019-10-31T16:36:24.180Z | Oct 31, 2019, 4:36 PM  |
      | without-fraction  | 6448-12-21T11:24:32Z     | Dec 21, 6448, 11:24 AM |

@v1
Feature: The DST-safe scheduler's calendar and field reading
  Beyond the seed: the extension v1.compute_next_run_dst_safe reads the strict five- or
  six-field grammar and walks the calendar itself. Away from an offset change it answers what
  cron-parser 5.5.0 answers; these scenarios pin month and year ends, leap years, weekday
  ranges, names, steps and duplicates, and the seconds around an offset change.

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/calendar-walk
  Scenario Outline: the DST-safe scheduler steps over month ends, year ends and leap days
    Beyond the seed: the corrected scheduler counts days itself, so it must step from the last
    day of each month and of December to the next, know that 2100 has no February 29 and 2400
    has one, date the days of a century's first years right, and carry seconds past minute 59.
    Here it answers what cron-parser answers.
    When I call "v1.compute_next_run_dst_safe" with {"now": "<now>", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                      | cron           | now                      | next                     |
      | november-into-december    | 0 0 31 11,12 * | 2026-01-01T00:00:00.000Z | 2026-12-31T00:00:00.000Z |
      | june-to-december          | 0 0 1 12 *     | 2026-06-01T00:00:00.000Z | 2026-12-01T00:00:00.000Z |
      | december-31-only          | 0 0 31 12 *    | 2026-01-01T00:00:00.000Z | 2026-12-31T00:00:00.000Z |
      | mid-december              | 0 0 * * *      | 2026-12-15T12:00:00.000Z | 2026-12-16T00:00:00.000Z |
      | day-29-skips-february-2100 | 0 0 29 * *    | 2100-02-01T00:00:00.000Z | 2100-03-29T00:00:00.000Z |
      | day-29-of-february-2400   | 0 0 29 * *     | 2400-02-01T00:00:00.000Z | 2400-02-29T00:00:00.000Z |
      | february-after-march-2100 | 0 12 * 2 *     | 2100-03-01T00:00:00.000Z | 2101-02-01T12:00:00.000Z |
      | seconds-past-minute-59    | 30 * * * * *   | 2026-01-01T00:59:45.000Z | 2026-01-01T01:00:30.000Z |
      | every-minute-by-step      | */1 * * * *    | 2026-01-01T00:00:30.000Z | 2026-01-01T00:01:00.000Z |

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/fields
  Scenario Outline: the DST-safe scheduler reads weekdays, names, "?" and a duplicated 0 as cron-parser does
    Beyond the seed: the corrected scheduler parses fields itself. A weekday range ending in 7 also holds Sunday (0) whatever its step, 7 alone is Sunday, a
    name is read in its own field, "?" in a day field is "*", a restricted day-of-month and
    day-of-week match either, and "0,0" is accepted as cron-parser accepts it.
    When I call "v1.compute_next_run_dst_safe" with {"now": "<now>", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                 | cron          | now                      | next                     |
      | weekday-range-step-7 | 0 12 * * 6-7/2 | 2026-01-03T13:00:00.000Z | 2026-01-04T12:00:00.000Z |
      | weekday-range-0-7    | 0 12 * * 0-7  | 2026-01-03T13:00:00.000Z | 2026-01-04T12:00:00.000Z |
      | weekday-7            | 0 12 * * 7    | 2026-01-01T00:00:00.000Z | 2026-01-04T12:00:00.000Z |
      | weekday-name         | 0 12 * * sun  | 2026-01-01T00:00:00.000Z | 2026-01-04T12:00:00.000Z |
      | month-name           | 0 0 1 jul *   | 2026-01-01T00:00:00.000Z | 2026-07-01T00:00:00.000Z |
      | question-day-of-month | 0 0 ? * 1    | 2026-01-01T00:00:00.000Z | 2026-01-05T00:00:00.000Z |
      | question-day-of-week | 0 0 13 * ?    | 2026-01-01T00:00:00.000Z | 2026-01-13T00:00:00.000Z |
      | zero-listed-twice    | 0,0 * * * *   | 2026-01-01T00:00:30.000Z | 2026-01-01T01:00:00.000Z |

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/duplicate-value
  Scenario: the DST-safe scheduler refuses a value listed twice, as cron-parser does
    Beyond the seed: the corrected scheduler's strict grammar keeps cron-parser's refusal of a
    value listed twice ("1,1").
    When I call "v1.compute_next_run_dst_safe" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "1,1 * * * *"}}
    Then the error code is "invalid_cron"

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/around-a-change
  Scenario Outline: the DST-safe scheduler counts seconds from the change itself and leaves a fixed time's repeated hour once
    Beyond the seed. Asked at the very instant of a change, the next second is the next run (after
    spring-forward, 03:00:01 EDT; after fall-back, 01:00:01 EST, the second pass); an hourly
    job asked at the start of the second pass runs at the next hour; a job at 01:30 and 03:30
    asked in the second pass runs at 03:30 EST the same day (cron-parser would run 01:30 again).
    When I call "v1.compute_next_run_dst_safe" with {"now": "<now>", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                     | cron         | now                      | next                     |
      | every-second-spring      | * * * * * *  | 2026-03-08T07:00:00.000Z | 2026-03-08T07:00:01.000Z |
      | every-second-fall        | * * * * * *  | 2026-11-01T06:00:00.000Z | 2026-11-01T06:00:01.000Z |
      | hourly-at-second-pass    | 0 * * * *    | 2026-11-01T06:00:00.000Z | 2026-11-01T07:00:00.000Z |
      | two-times-in-second-pass | 30 1,3 * * * | 2026-11-01T06:10:00.000Z | 2026-11-01T08:30:00.000Z |

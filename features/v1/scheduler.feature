@v1
Feature: Scheduled tasks
  computeNextRun at a fixed `now`: once tasks have no next run, interval tasks stay on
  their grid, cron tasks fire at the next match of the expression read in the configured
  TIMEZONE. The scheduler pauses a due task whose group folder is unsafe.

  @v1-case @req:V1-SCHED-PAUSE @origin:task-scheduler.test.ts#pauses-due-task-with-invalid-group-folder @id:v1/scheduler/invalid-folder-paused
  Scenario: a due task with an invalid group folder is paused
    Origin: src/v1/task-scheduler.test.ts › pauses a due task whose group folder is invalid (as V1-RESTORED.md lists it)
    When I call "v1.check_due_task" with {"task": {"id": "task-1", "group_folder": "../../outside", "status": "active"}}
    Then the output "status" is "paused"
    And the output "action" is "pause"
    And the output "run_log.status" is "error"
    And the output "run_log.result" is null
    And the output "run_log.error" is "Invalid group folder \"../../outside\""

  @v1-case @req:V1-SCHED-INTERVAL-ANCHOR @origin:task-scheduler.test.ts#interval-anchored-to-scheduled-time @id:v1/scheduler/interval-anchor
  Scenario: an interval task is anchored to its scheduled time, not to now
    Origin: src/v1/task-scheduler.test.ts:33-39 › interval task anchoring to prevent drift
    next_run was 2 s before now; v1 used the clock, the scenario fixes now.
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC",
       "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "2026-01-01T11:59:58.000Z"}}
      """
    Then the output "next_run" is "2026-01-01T12:00:58.000Z"

  @v1-case @req:V1-SCHED-ONCE @origin:task-scheduler.test.ts#once-returns-null @id:v1/scheduler/once-null
  Scenario: computeNextRun returns null for once-tasks
    Origin: src/v1/task-scheduler.test.ts:40-49 › computeNextRun returns null for once-tasks
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC",
       "task": {"schedule_type": "once", "schedule_value": "2026-01-01T12:00:00.000Z", "next_run": "2026-01-01T12:00:00.000Z"}}
      """
    Then the output "next_run" is null

  @v1-case @req:V1-SCHED-INTERVAL-CATCHUP @origin:task-scheduler.test.ts#interval-catches-up-without-infinite-loop @id:v1/scheduler/interval-catch-up
  Scenario: an interval task catches up without an infinite loop
    Origin: src/v1/task-scheduler.test.ts:51-60 › interval task catches up without infinite loop
    Ten intervals were missed; the next run is after now and a whole number of intervals after
    the old next_run (the v1 test's own two assertions).
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC",
       "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "2026-01-01T11:50:00.000Z"}}
      """
    Then the output "next_run" is a time after "2026-01-01T12:00:00.000Z"
    And the output "next_run" is a whole number of 60000 ms steps after "2026-01-01T11:50:00.000Z"

  @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-exactly-now
  Scenario: a grid point exactly at now is not in the future, so the next one is taken
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC",
       "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "2026-01-01T11:59:00.000Z"}}
      """
    Then the output "next_run" is "2026-01-01T12:01:00.000Z"

  @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-far-behind
  Scenario: a tiny interval a day behind lands on its grid, after now
    Twelve million missed 7 ms steps: v1's loop steps through them in well under a second.
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC",
       "task": {"schedule_type": "interval", "schedule_value": "7", "next_run": "2025-12-31T12:00:00.000Z"}}
      """
    Then the output "next_run" is a time after "2026-01-01T12:00:00.000Z"
    And the output "next_run" is a whole number of 7 ms steps after "2025-12-31T12:00:00.000Z"

  @extension @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-decades-behind
  Scenario: a tiny interval decades behind is answered at once, on its grid
    Beyond the seed: v1's loop takes minutes of iterations for this (about 6.5 on Node 20) and
    fails the call deadline; an implementation that computes the grid point in one step answers
    the same instant at once.
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC",
       "task": {"schedule_type": "interval", "schedule_value": "7", "next_run": "2000-01-01T00:00:00.000Z"}}
      """
    Then the output "next_run" is a time after "2026-01-01T12:00:00.000Z"
    And the output "next_run" is a whole number of 7 ms steps after "2000-01-01T00:00:00.000Z"

  @req:V1-SCHED-INTERVAL-INVALID @id:v1/scheduler/interval-parseint
  Scenario Outline: the interval is JavaScript's parseInt(value, 10)
    v1 parsed the stored string with parseInt: trailing garbage is ignored, "1e3" is 1, a
    leading space is skipped; NaN, 0 and negative values fall back to now + 60 s.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "<value>", "next_run": "2026-01-01T11:59:58.000Z"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case             | value      | next                     |
      | trailing-garbage | 60000abc   | 2026-01-01T12:00:58.000Z |
      | exponent         | 1e3        | 2026-01-01T12:00:00.001Z |
      | leading-space    | \u002060000 | 2026-01-01T12:00:58.000Z |
      | plus-sign        | +60000     | 2026-01-01T12:00:58.000Z |
      | decimal          | 60000.9    | 2026-01-01T12:00:58.000Z |
      | not-a-number     | abc        | 2026-01-01T12:01:00.000Z |
      | empty            |            | 2026-01-01T12:01:00.000Z |
      | zero             | 0          | 2026-01-01T12:01:00.000Z |
      | negative         | -5000      | 2026-01-01T12:01:00.000Z |
      | hex-is-zero      | 0x10       | 2026-01-01T12:01:00.000Z |

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-null-anchor
  Scenario: an interval task whose next_run is null is anchored at the epoch
    JavaScript's new Date(null) is 1970-01-01T00:00:00Z, so v1 stepped from there.
    When I call "v1.compute_next_run" with:
      """json
      {"now": "2026-01-01T12:00:30.000Z", "timezone": "UTC",
       "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": null}}
      """
    Then the output "next_run" is "2026-01-01T12:01:00.000Z"

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-anchor-process-zone
  Scenario: a stored next_run without an offset is read in the process's time zone
    v1 parsed next_run with new Date(string), which reads a date-time without an offset as
    local time; process_timezone says which (UTC by default).
    When I call "v1.compute_next_run" with {"now": "2026-01-01T17:00:00.000Z", "timezone": "UTC", "process_timezone": "America/New_York", "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "2026-01-01T11:59:58"}}
    Then the output "next_run" is "2026-01-01T17:00:58.000Z"
    When I call "v1.compute_next_run" with {"now": "2026-01-01T17:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "2026-01-01T16:59:58"}}
    Then the output "next_run" is "2026-01-01T17:00:58.000Z"

  @decision @req:V1-SCHED-INTERVAL-INVALID @id:v1/scheduler/interval-out-of-range
  Scenario: an interval that puts the next run outside JavaScript's Date range is invalid_next_run
    The seed shows only "return new Date(next).toISOString();" and says nothing of what a call
    answers when that throws. v1's toISOString threw one RangeError both for an unparseable
    anchor and for a result beyond ±8.64e15 ms; the kit reports v1's one error with one code,
    invalid_next_run, as a wrapper of v1's own code does.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "9000000000000000", "next_run": "2026-01-01T00:00:00.000Z"}}
    Then the error code is "invalid_next_run"

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/interval-out-of-range
  Scenario: the DST-safe scheduler tells a result beyond the Date range apart as out_of_range
    Beyond the seed: where v1 threw the same RangeError for both, the corrected scheduler answers
    out_of_range for a next run JavaScript's Date cannot hold and keeps invalid_next_run for an
    anchor it cannot read.
    When I call "v1.compute_next_run_dst_safe" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "9000000000000000", "next_run": "2026-01-01T00:00:00.000Z"}}
    Then the error code is "out_of_range"
    When I call "v1.compute_next_run_dst_safe" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "soon"}}
    Then the error code is "invalid_next_run"

  @decision @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-missing-anchor
  Scenario: an interval task without next_run is an error, not a guess
    The seed shows only "let next = new Date(task.next_run!).getTime() + ms; … return new
    Date(next).toISOString();" and says nothing of what a call answers when that throws.
    new Date(undefined) is Invalid Date and v1's toISOString threw a RangeError; the kit turns
    the crash into the error invalid_next_run.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "60000"}}
    Then the error code is "invalid_next_run"
    When I call "v1.compute_next_run" with {"now": "2026-01-01T12:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "interval", "schedule_value": "60000", "next_run": "soon"}}
    Then the error code is "invalid_next_run"

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-in-zone
  Scenario Outline: a cron expression is read in the configured time zone
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "<zone>", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                 | cron           | zone                | now                      | next                     |
      | new-york-winter      | 0 9 * * *      | America/New_York    | 2026-01-15T12:00:00.000Z | 2026-01-15T14:00:00.000Z |
      | new-york-summer      | 0 9 * * *      | America/New_York    | 2026-06-15T12:00:00.000Z | 2026-06-15T13:00:00.000Z |
      | new-york-after-9     | 0 9 * * *      | America/New_York    | 2026-06-15T13:00:00.000Z | 2026-06-16T13:00:00.000Z |
      | utc                  | 0 9 * * *      | UTC                 | 2026-01-15T12:00:00.000Z | 2026-01-16T09:00:00.000Z |
      | kolkata              | 0 9 * * *      | Asia/Kolkata        | 2026-01-01T00:00:00.000Z | 2026-01-01T03:30:00.000Z |
      | lower-case-zone      | 0 9 * * *      | america/new_york    | 2026-01-15T12:00:00.000Z | 2026-01-15T14:00:00.000Z |
      | sub-second-now       | 0 9 * * *      | UTC                 | 2026-01-15T09:00:00.500Z | 2026-01-16T09:00:00.000Z |
      | every-minute         | * * * * *      | UTC                 | 2026-01-15T09:00:30.000Z | 2026-01-15T09:01:00.000Z |
      | weekdays-from-friday | 30 8 * * 1-5   | Europe/Berlin       | 2026-01-16T08:00:00.000Z | 2026-01-19T07:30:00.000Z |
      | month-names          | 0 0 1 jan,jul * | UTC                | 2026-02-01T00:00:00.000Z | 2026-07-01T00:00:00.000Z |
      | dom-or-dow           | 0 0 13 * 5     | UTC                 | 2026-02-01T00:00:00.000Z | 2026-02-06T00:00:00.000Z |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-day-of-week-7
  Scenario Outline: day-of-week 7 is Sunday, like 0
    cron-parser accepts 7 (and ranges ending in 7); robfig/cron rejects it.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case          | cron         | next                     |
      | sunday-0      | 0 12 * * 0   | 2026-01-04T12:00:00.000Z |
      | sunday-7      | 0 12 * * 7   | 2026-01-04T12:00:00.000Z |
      | range-to-7    | 0 12 * * 5-7 | 2026-01-02T12:00:00.000Z |
      | sun-name      | 0 12 * * sun | 2026-01-04T12:00:00.000Z |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-seconds
  Scenario Outline: six fields put seconds first
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "<zone>", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case            | cron          | zone             | now                      | next                     |
      | second-30       | 30 * * * * *  | UTC              | 2026-01-01T00:00:00.000Z | 2026-01-01T00:00:30.000Z |
      | every-15s       | */15 * * * * * | UTC             | 2026-01-01T00:00:31.000Z | 2026-01-01T00:00:45.000Z |
      | nine-new-york   | 0 0 9 * * *   | America/New_York | 2026-01-15T12:00:00.000Z | 2026-01-15T14:00:00.000Z |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-parser-syntax
  Scenario Outline: cron-parser syntax that v1 accepted and the profile keeps
    Macros are case-sensitive, "a/n" steps from a to the end of the range, and an empty
    expression is cron-parser's "0 * * * * *": every minute at second 0.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T10:07:30.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case          | cron         | next                     |
      | daily         | @daily       | 2026-01-02T00:00:00.000Z |
      | hourly        | @hourly      | 2026-01-01T11:00:00.000Z |
      | weekly        | @weekly      | 2026-01-04T00:00:00.000Z |
      | weekdays      | @weekdays    | 2026-01-02T00:00:00.000Z |
      | minutely      | @minutely    | 2026-01-01T10:08:00.000Z |
      | start-step    | 5/15 * * * * | 2026-01-01T10:20:00.000Z |
      | range-step    | 0 9-17/4 * * * | 2026-01-01T13:00:00.000Z |
      | list          | 0 8,12,18 * * * | 2026-01-01T12:00:00.000Z |
      | question-mark | 0 12 ? * mon | 2026-01-05T12:00:00.000Z |
      | empty         |              | 2026-01-01T10:08:00.000Z |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-macro-case
  Scenario: macros are matched exactly, as cron-parser matches them
    cron-parser 5.5.0 knows "@daily" but not "@DAILY" or "@midnight" (robfig/cron's); it reads
    them as a one-field expression and throws, so v1 could not schedule them.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "@DAILY"}}
    Then the error code is "invalid_cron"
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "@midnight"}}
    Then the error code is "invalid_cron"

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-feb-29
  Scenario: a Feb 29 schedule waits for the next leap year
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "0 0 29 2 *"}}
    Then the output "next_run" is "2028-02-29T00:00:00.000Z"

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-spring-forward-gap
  Scenario: a time inside the spring-forward gap fires after the change, not never
    On 2026-03-08 New York skips 02:00–03:00. cron-parser (v1) fires 02:30 at 03:30 EDT;
    robfig/cron skips the day.
    When I call "v1.compute_next_run" with {"now": "2026-03-08T06:00:00.000Z", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "30 2 * * *"}}
    Then the output "next_run" is "2026-03-08T07:30:00.000Z"

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-fall-back-overlap
  Scenario: a time inside the repeated hour asked before it fires at its first occurrence
    On 2026-11-01 New York repeats 01:00–02:00. Asked before, cron-parser (v1) fires 01:30 EDT,
    and asked at that run, next on the following day; robfig/cron fires twice.
    When I call "v1.compute_next_run" with {"now": "2026-11-01T04:00:00.000Z", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "30 1 * * *"}}
    Then the output "next_run" is "2026-11-01T05:30:00.000Z"
    When I call "v1.compute_next_run" with {"now": "2026-11-01T05:30:00.000Z", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "30 1 * * *"}}
    Then the output "next_run" is "2026-11-02T06:30:00.000Z"

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-every-hour-across-overlap
  Scenario Outline: an expression that fires every hour keeps firing in real time through the repeated hour
    cron-parser (v1), like Vixie cron, runs expressions whose hour field matches every hour in
    both passes of a repeated hour (an hourly job at 01:00 EDT and again at 01:00 EST), and
    steps over the repeated hour for expressions with fixed hours.
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                 | cron         | now                      | next                     |
      | hourly-second-pass   | 0 * * * *    | 2026-11-01T05:30:00.000Z | 2026-11-01T06:00:00.000Z |
      | quarter-second-pass  | */15 * * * * | 2026-11-01T05:50:00.000Z | 2026-11-01T06:00:00.000Z |
      | inside-second-pass   | */15 * * * * | 2026-11-01T06:10:00.000Z | 2026-11-01T06:15:00.000Z |
      | all-hours-listed     | 0 0-23 * * * | 2026-11-01T05:30:00.000Z | 2026-11-01T06:00:00.000Z |
      | fixed-hours-once     | 0 1-3 * * *  | 2026-11-01T05:30:00.000Z | 2026-11-01T07:00:00.000Z |

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-fixed-time-second-pass
  Scenario: a fixed-time job asked during the second pass of the repeated hour runs again
    At 01:10 EST the 01:30 run of the day already happened at 01:30 EDT; cron-parser 5.5.0 (v1)
    answers 01:30 EST, a second run the same day.
    When I call "v1.compute_next_run" with {"now": "2026-11-01T06:10:00.000Z", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "30 1 * * *"}}
    Then the output "next_run" is "2026-11-01T06:30:00.000Z"

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-before-spring-forward
  Scenario: a daily task computed just before a spring-forward skips the transition day
    cron-parser 5.5.0 (v1), computed in the hours before New York's 2026-03-08 change, skips the
    transition day and answers 09:00 EDT on the next day (fixed upstream later).
    When I call "v1.compute_next_run" with {"now": "2026-03-08T05:00:00.000Z", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}}
    Then the output "next_run" is "2026-03-09T13:00:00.000Z"

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-lord-howe
  Scenario: Lord Howe's half-hour DST shift, as cron-parser computes it
    Australia/Lord_Howe moves between +10:30 and +11:00. On 2026-10-04 02:00–02:30 is skipped and
    cron-parser 5.5.0 (v1) answers 02:15 on the next day; on 2026-04-05 01:30–02:00 repeats and
    01:45 fires once, at its first occurrence.
    When I call "v1.compute_next_run" with {"now": "2026-10-03T12:00:00.000Z", "timezone": "Australia/Lord_Howe", "task": {"schedule_type": "cron", "schedule_value": "15 2 * * *"}}
    Then the output "next_run" is "2026-10-04T15:15:00.000Z"
    When I call "v1.compute_next_run" with {"now": "2026-04-04T12:00:00.000Z", "timezone": "Australia/Lord_Howe", "task": {"schedule_type": "cron", "schedule_value": "45 1 * * *"}}
    Then the output "next_run" is "2026-04-04T14:45:00.000Z"

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-invalid
  Scenario Outline: expressions cron-parser rejects are errors
    cron-parser 5.5.0 throws for these (Feb 30 with a single month, W, which it does not know, a
    weekday "L" without a weekday, which it throws on while searching), so v1 could not schedule
    them.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the error code is "invalid_cron"

    Examples:
      | case          | cron          |
      | words         | not a cron    |
      | minute-60     | 60 * * * *    |
      | feb-30        | 0 0 30 2 *    |
      | seven-fields  | 0 0 0 9 * * * |
      | nearest-weekday | 0 0 15W * * |
      | bare-weekday-l  | 0 0 * * L   |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-parser-quirks
  Scenario Outline: syntax cron-parser accepts and reads its own way is scheduled the way v1 scheduled it
    cron-parser 5.5.0 pads fewer than five fields from the left with defaults ("0 9 * *" is every
    second of 00:00 on the 9th), knows L (last day) and # (nth weekday), reads "1-2-3" as 1-2, "*-5"
    as the full range, "1jan" as 11, a weekday name in the month field as a month number ("mon"
    is January) and a month name in the weekday field as a weekday ("jul" is Sunday), "?" anywhere
    as "*", and answers a schedule that never fires ("31" in April and June) with the date its
    search stops at, years ahead.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case               | cron          | next                     |
      | four-fields        | 0 9 * *       | 2026-01-09T00:00:00.000Z |
      | last-day           | 0 0 L * *     | 2026-01-31T00:00:00.000Z |
      | last-friday        | 0 0 * * 5L    | 2026-01-30T00:00:00.000Z |
      | second-monday      | 0 0 * * 1#2   | 2026-01-12T00:00:00.000Z |
      | triple-range       | 1-2-3 * * * * | 2026-01-01T00:01:00.000Z |
      | star-range         | *-5 * * * *   | 2026-01-01T00:01:00.000Z |
      | glued-name         | 0 0 1 1jan *  | 2026-11-01T00:00:00.000Z |
      | weekday-as-month   | 0 0 1 mon *   | 2027-01-01T00:00:00.000Z |
      | month-as-weekday   | 0 0 * * jul   | 2026-01-04T00:00:00.000Z |
      | question-in-minute | ? * * * *     | 2026-01-01T00:01:00.000Z |
      | never-fires        | 0 0 31 4,6 *  | 2053-05-18T00:00:00.000Z |

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/cron
  Scenario Outline: the DST-safe scheduler moves a skipped time forward, runs a repeated time once, and never skips a day
    Beyond the seed: cron-parser 5.5.0 (v1) skips the transition day when computed just before a
    spring-forward, and runs a fixed time again when asked during the second pass of a repeated
    hour. The corrected scheduler keeps what cron-parser does right (a time in the gap fires at
    the same distance after the change; hourly work fires in both passes) and fixes the rest,
    also when a whole day repeats (Kwajalein went from +11:00 to -12:00 on 1969-09-30).
    When I call "v1.compute_next_run_dst_safe" with {"now": "<now>", "timezone": "<zone>", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                     | cron         | zone                | now                      | next                     |
      | gap-moves-forward        | 30 2 * * *   | America/New_York    | 2026-03-08T06:00:00.000Z | 2026-03-08T07:30:00.000Z |
      | before-spring-forward    | 0 9 * * *    | America/New_York    | 2026-03-08T05:00:00.000Z | 2026-03-08T13:00:00.000Z |
      | overlap-first-pass       | 30 1 * * *   | America/New_York    | 2026-11-01T04:00:00.000Z | 2026-11-01T05:30:00.000Z |
      | overlap-after-first-run  | 30 1 * * *   | America/New_York    | 2026-11-01T05:30:00.000Z | 2026-11-02T06:30:00.000Z |
      | fixed-time-second-pass   | 30 1 * * *   | America/New_York    | 2026-11-01T06:10:00.000Z | 2026-11-02T06:30:00.000Z |
      | hourly-second-pass       | 0 * * * *    | America/New_York    | 2026-11-01T05:30:00.000Z | 2026-11-01T06:00:00.000Z |
      | fixed-hours-once         | 0 1-3 * * *  | America/New_York    | 2026-11-01T05:30:00.000Z | 2026-11-01T07:00:00.000Z |
      | lord-howe-gap            | 15 2 * * *   | Australia/Lord_Howe | 2026-10-03T12:00:00.000Z | 2026-10-03T15:45:00.000Z |
      | lord-howe-overlap        | 45 1 * * *   | Australia/Lord_Howe | 2026-04-04T12:00:00.000Z | 2026-04-04T14:45:00.000Z |
      | plain-day                | 0 9 * * *    | America/New_York    | 2026-01-15T12:00:00.000Z | 2026-01-15T14:00:00.000Z |
      | kwajalein-repeated-day   | 30 1 * * *   | Pacific/Kwajalein   | 1969-09-30T13:00:00.000Z | 1969-10-01T13:30:00.000Z |

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/calendar-and-fields
  Scenario Outline: the DST-safe scheduler walks the calendar day by day and splits fields at every JavaScript space
    Beyond the seed: the corrected scheduler counts days itself, so it must know that 2000, a
    century divisible by 400, has a February 29 and that December 31 is followed by January 1;
    it reads a one-value range such as 5-5 and splits fields at the Unicode spaces (U+2000 to
    U+200A included) that cron-parser's JavaScript split does.
    When I call "v1.compute_next_run_dst_safe" with {"now": "<now>", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                      | cron           | now                      | next                     |
      | leap-day-of-2000          | 0 18 * * *     | 2000-02-29T12:00:00.000Z | 2000-02-29T18:00:00.000Z |
      | into-the-new-year         | 0 0 * * *      | 2026-12-31T12:00:00.000Z | 2027-01-01T00:00:00.000Z |
      | one-value-range           | 5-5 * * * *    | 2026-01-01T00:00:00.000Z | 2026-01-01T00:05:00.000Z |
      | en-quad-between-fields    | 0\u20009 * * * | 2026-01-01T00:00:00.000Z | 2026-01-01T09:00:00.000Z |
      | hair-space-between-fields | 0\u200a9 * * * | 2026-01-01T00:00:00.000Z | 2026-01-01T09:00:00.000Z |

  @extension @req:V1-SCHED-CRON-DST-SAFE @id:v1/scheduler/dst-safe/strict-grammar
  Scenario Outline: the DST-safe scheduler refuses syntax cron-parser reads in a surprising way
    Beyond the seed: where cron-parser 5.5.0 (v1) silently pads, reinterprets or answers a
    meaningless date, the corrected scheduler's strict grammar (5 fields, or 6 with seconds
    first; no L, W, # or H) refuses with invalid_cron instead of guessing.
    When I call "v1.compute_next_run_dst_safe" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the error code is "invalid_cron"

    Examples:
      | case               | cron          |
      | four-fields        | 0 9 * *       |
      | last-day           | 0 0 L * *     |
      | nth-weekday        | 0 0 * * 1#2   |
      | triple-range       | 1-2-3 * * * * |
      | star-range         | *-5 * * * *   |
      | glued-name         | 0 0 1 1jan *  |
      | weekday-as-month   | 0 0 1 mon *   |
      | month-as-weekday   | 0 0 * * jul   |
      | question-in-minute | ? * * * *     |
      | never-fires        | 0 0 31 4,6 *  |
      | zero-step          | */0 * * * *   |
      | nearest-weekday    | 0 0 1W * *    |
      | last-friday        | 0 0 * * 5L    |

  @extension @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-checked-before-zone
  Scenario: an invalid expression in an invalid zone is reported as invalid_cron
    Beyond the seed: v1 never passed cron-parser an invalid zone (resolveConfigTimezone only
    returns valid ones). cron-parser parses the expression before it uses the zone, so the
    expression's error comes first; one request gets one error, in a fixed order.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "Mars/Olympus", "task": {"schedule_type": "cron", "schedule_value": "61 * * * *"}}
    Then the error code is "invalid_cron"

  @req:V1-FOLDER @id:v1/scheduler/group-folder
  Scenario Outline: group folder validation
    When I call "v1.validate_group_folder" with {"folder": "<folder>"}
    Then the output "valid" is <valid>

    Examples:
      | case             | folder          | valid |
      | simple           | family          | true  |
      | dash-underscore  | team_a-1        | true  |
      | max-length       | a23456789012345678901234567890123456789012345678901234567890abcd | true |
      | too-long         | a23456789012345678901234567890123456789012345678901234567890abcde | false |
      | parent           | ../../outside   | false |
      | slash            | a/b             | false |
      | backslash        | a\\\\b          | false |
      | dots             | a..b            | false |
      | leading-dash     | -team           | false |
      | empty            |                 | false |
      | padded           | \u0020team      | false |
      | global           | global          | false |
      | global-upper     | GLOBAL          | false |
      | global-prefix    | global2         | true  |
      | non-ascii        | équipe          | false |

  @req:V1-SCHED-PAUSE @id:v1/scheduler/valid-folder-runs
  Scenario: a due task with a valid group folder is run and keeps its status
    When I call "v1.check_due_task" with {"task": {"id": "task-2", "group_folder": "family", "status": "active"}}
    Then the output is:
      """json
      {"action": "run", "status": "active"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-first-date
  Scenario: an interval anchored at the first JavaScript date, written without an offset, keeps its day grid
    -271821-04-20T00:00 is the first instant of the Date range, read in the process zone (UTC);
    a daily interval from there still lands on midnight UTC.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "-271821-04-20T00:00", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-expanded-year-0
  Scenario: an interval anchor written with the six-digit year +000000 is read
    ISO 8601's expanded form writes the year 0 as +000000; JavaScript's Date reads it.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "+000000-01-01T00:00:00Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-fraction-cut
  Scenario: an interval anchor's fraction beyond milliseconds is cut, not rounded
    JavaScript's Date keeps milliseconds: .9999999 is .999, and the grid keeps it.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.9999999Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.999Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-one-fraction-digit
  Scenario: an interval anchor with one fractional digit means tenths of a second
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.1Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.100Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-two-fraction-digits
  Scenario: an interval anchor with two fractional digits means hundredths of a second
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.12Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.120Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-hour-24
  Scenario: an interval anchor at hour 24 is midnight of the next day
    2024-12-31T24:00:00.000Z is 2025-01-01T00:00:00.000Z for JavaScript's Date.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-12-31T24:00:00.000Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-month-name
  Scenario: an interval anchor in a month-name form is read in the process zone and keeps its noon grid
    JavaScript's Date reads "Jan 1 2024 12:00" as a local time; the process zone is UTC.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "Jan 1 2024 12:00", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-01T12:00:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-ten-fraction-digits
  Scenario: an interval anchor with ten fractional digits keeps the first three: .1234567891 is .123
    JavaScript's Date reads a fraction of any length and keeps its milliseconds, cut, not rounded;
    a tenth digit is read like the ninth.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.1234567891Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.123Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @req:V1-SCHED-INTERVAL-CATCHUP @id:v1/scheduler/interval-anchor-gmt-offset-without-time
  Scenario: an interval anchor with a GMT offset and no time of day is midnight at that offset: Jan 1 2024 GMT+01:30
    JavaScript's Date reads "Jan 1 2024 GMT+01:30" as midnight at +01:30, 2023-12-31T22:30Z (a
    sign is an offset right after GMT even before any time); the daily grid keeps 22:30 UTC.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "Jan 1 2024 GMT+01:30", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-01T22:30:00.000Z"}
      """

  @decision @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-anchor-six-time-parts
  Scenario: an interval anchor whose time has six colon-separated parts is invalid_next_run
    The seed shows only "let next = new Date(task.next_run!).getTime() + ms; … return new
    Date(next).toISOString();" and says nothing of what a call answers when that throws.
    JavaScript's Date reads at most hours, minutes, seconds and milliseconds, so
    "Jan 1 2024 10:20:30:40:50:60" is Invalid Date and v1's toISOString threw a RangeError; the
    kit turns the crash into the error invalid_next_run, as for an anchor it cannot read at all.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "Jan 1 2024 10:20:30:40:50:60", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the error code is "invalid_next_run"

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-to-last-date
  Scenario: an interval that lands exactly on the last instant of JavaScript's Date range answers it, with a six-digit year
    8.64e15 ms after the epoch is still a Date (+275760-09-13T00:00:00.000Z, written by
    toISOString with a signed six-digit year); so is the same instant reached from the first
    instant of the range with an interval of twice that.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "1970-01-01T00:00:00.000Z", "schedule_type": "interval", "schedule_value": "8640000000000000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "+275760-09-13T00:00:00.000Z"}
      """
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "-271821-04-20T00:00:00.000Z", "schedule_type": "interval", "schedule_value": "17280000000000000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "+275760-09-13T00:00:00.000Z"}
      """

  @decision @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-anchor-offset-past-v8-limit
  Scenario: an interval anchor whose GMT offset adds up past 2^31-1 seconds is invalid_next_run: GMT+8947848:32
    The seed shows only "let next = new Date(task.next_run!).getTime() + ms; … return new
    Date(next).toISOString();" and says nothing of what a call answers when that throws.
    V8 adds a legacy offset's hours and minutes in unsigned 32-bit arithmetic and refuses a total
    above 2^31-1 seconds: +8947848:32 wraps to exactly 2^31, so the anchor is Invalid Date (one
    minute less, +8947848:31, is read, wrapped, as 1955); v1's toISOString threw a RangeError,
    which the kit reports as invalid_next_run.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "Jan 1 2024 10:00 GMT+8947848:32", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the error code is "invalid_next_run"

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-quarter-hour-at-fall-back
  Scenario: a quarter-hourly job keeps firing every 15 real minutes at a fall-back
    Santiago falls back from -03:00 to -04:00 at 03:00 UTC on 2020-04-05; asked at that instant,
    the next run is 15 minutes later.
    When I call "v1.compute_next_run" with {"now": "2020-04-05T03:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "*/15 * * * *"}, "timezone": "America/Santiago"}
    Then the output is:
      """json
      {"next_run": "2020-04-05T03:15:00.000Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-monthly-after-fall-back-midnight
  Scenario: a monthly midnight job asked just after the 1st's midnight, after a fall-back, waits for the next month
    Cairo fell back on the night of 2024-10-31; asked one second after midnight of November 1st
    (22:00:01 UTC), the next run is midnight of December 1st.
    When I call "v1.compute_next_run" with {"now": "2024-10-31T22:00:01.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 1 * *"}, "timezone": "Africa/Cairo"}
    Then the output is:
      """json
      {"next_run": "2024-11-30T22:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-empty-expression
  Scenario: an empty expression runs every minute, as cron-parser reads it
    cron-parser pads the missing fields with its defaults; asked 30 seconds before a minute, the
    next run is that minute.
    When I call "v1.compute_next_run" with {"now": "2026-12-31T23:59:30.000Z", "task": {"schedule_type": "cron", "schedule_value": ""}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "2027-01-01T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-every-second-before-epoch
  Scenario: an every-second job asked half a second before the epoch fires at the epoch
    When I call "v1.compute_next_run" with {"now": "1969-12-31T23:59:59.500Z", "task": {"schedule_type": "cron", "schedule_value": "* * * * * *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1970-01-01T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-strictly-after-now-before-1970
  Scenario: a run exactly at now is not the next run, before 1970 as after
    Asked at midnight, a daily midnight job fires the next midnight.
    When I call "v1.compute_next_run" with {"now": "1960-03-01T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 0 * * *"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "1960-03-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-weekday-range-to-7
  Scenario: a stepped weekday range ending at 7 includes Sunday, as cron-parser reads it
    cron-parser adds Sunday (0) to a weekday range whose end is 7 before stepping: 2-7/2 fires on
    Tuesday, Thursday, Saturday and Sunday.
    When I call "v1.compute_next_run" with {"now": "2026-03-08T06:59:59.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 2-7/2"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-03-08T09:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-question-mark-day-of-month
  Scenario: "?" in the day-of-month field means any day: a Monday job in 1900
    1900 is not a leap year, so from February 27 the next Monday is March 5; New York is at
    -05:00.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 ? * 1"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-05T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-question-mark-day-of-week
  Scenario: "?" in the day-of-week field means any weekday: a job on the 15th in 1900
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 15 * ?"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-15T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-feb-29-in-2400
  Scenario: a February 29 job fires on February 29 of 2400, a leap year divisible by 400
    With both day fields set, a day matching either fires; 2400-02-29 matches the day of the
    month.
    When I call "v1.compute_next_run" with {"now": "2400-02-28T12:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 29 2 1"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "2400-02-29T05:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-december-31
  Scenario: a December 31 job fires on the last day of the year
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 31 12 *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-12-31T05:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-day-30-skips-february
  Scenario: day 30 never comes in February, so a February-and-April job fires on April 30
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 30 2,4 *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-04-30T05:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-nearest-weekday-on-day-1
  Scenario: the nearest-weekday suffix W is refused on day 1 too
    cron-parser 5.5.0 does not know W.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 1W * *"}, "timezone": "America/New_York"}
    Then the error code is "invalid_cron"

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-daily-in-1900
  Scenario: a daily 9:00 job in 1900 fires later the same day, at New York's -05:00
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-02-27T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-sunday-listed-twice
  Scenario: Sunday listed twice (0,0) is accepted and fires on Sunday
    cron-parser refuses a duplicated value unless it is 0.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 0,0"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-04T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-monday-listed-twice
  Scenario: Monday listed twice (1,1) is refused as a duplicate
    cron-parser refuses a duplicated value unless it is 0.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 1,1"}, "timezone": "America/New_York"}
    Then the error code is "invalid_cron"

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-zero-duplicate-ends-the-check
  Scenario: a duplicated 0 ends cron-parser's duplicate check, so a duplicate after it is accepted
    cron-parser sorts the values and looks for the first one equal to an earlier value; that
    first duplicate is 0, which is falsy, so "0,0,1,1" is accepted although 1 is listed twice,
    and the schedule fires on Sunday and on Monday.
    When I call "v1.compute_next_run" with {"now": "2026-01-04T12:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 0,0,1,1"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-05T09:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-day-29-skips-february-1900
  Scenario: day 29 skips February 1900, which is not a leap year
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 29 * *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-29T14:00:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-year-0-four-digits
  Scenario: an interval run in the year 0 is written with four digits
    toISOString switches to the six-digit form only outside the years 0000-9999.
    When I call "v1.compute_next_run" with {"now": "0000-01-01T00:00:00.000Z", "task": {"next_run": "0000-01-01T00:00:00.000Z", "schedule_type": "interval", "schedule_value": "60000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "0000-01-01T00:01:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/scheduler/interval-year-9999-four-digits
  Scenario: an interval run in the year 9999 is written with four digits
    toISOString switches to the six-digit form only outside the years 0000-9999.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "task": {"next_run": "9999-06-01T00:00:00.000Z", "schedule_type": "interval", "schedule_value": "60000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "9999-06-01T00:01:00.000Z"}
      """

  @req:V1-SCHED-PAUSE @id:v1/scheduler/inactive-due-task-skipped
  Scenario: a due task that is not active is skipped, never run, and keeps its status
    v1 only runs active tasks: getDueTasks selects status 'active' and the scheduler loop skips
    any task whose status is not active, before it looks at the group folder.
    When I call "v1.check_due_task" with {"task": {"group_folder": "main", "id": "task-1", "status": "paused"}}
    Then the output is:
      """json
      {"action": "skip", "status": "paused"}
      """
    When I call "v1.check_due_task" with {"task": {"group_folder": "../../outside", "id": "task-1", "status": "completed"}}
    Then the output is:
      """json
      {"action": "skip", "status": "completed"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/now-one-digit-hour
  Scenario: a now with a one-digit hour is not an RFC 3339 date-time
    Found by fuzzing the reference: the input schema's date-time format and v1's oracle refuse
    "T0:00:00", which Go's time.Parse takes, so the reference answered as if now were valid.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T0:00:00Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}}
    Then the error code is "invalid_input"

@v1
Feature: Cron expressions at the edges of what cron-parser reads
  v1 handed every cron expression to cron-parser 5.5.0 and its date library, luxon, and
  scheduled whatever they answered. These scenarios pin how they read hashed values, the
  weekday occurrence and last-weekday forms, wall times that change offset, and dates far
  ahead, so a port that computes any of them differently is told apart from v1. A zone v1's
  configuration never held (resolveConfigTimezone keeps only names Intl accepts, so never
  "UTC+5", "local" or "Mars/Olympus") is no input v1 received: no scenario pins an answer for it.

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-hashed
  Scenario Outline: H draws a value at random, so the next run is any one v1 could draw
    v1 gave cron-parser no hashSeed, so each parse seeds H with Math.random: "H" is any value
    of the field, "H(a-b)" any value from a to b, and "H/n" or "H(a-b)/n" every n-th value from
    a random start below n (counted from a multiple of n at or below a, keeping the values from
    a to b). Each row lists every next run v1 can answer; a port may draw any of them.
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is one of <answers>

    Examples:
      | case                  | cron              | now                      | answers |
      | weekday               | 0 0 * * H         | 2026-01-01T00:00:00.000Z | "2026-01-02T00:00:00.000Z", "2026-01-03T00:00:00.000Z", "2026-01-04T00:00:00.000Z", "2026-01-05T00:00:00.000Z", "2026-01-06T00:00:00.000Z", "2026-01-07T00:00:00.000Z", "2026-01-08T00:00:00.000Z" |
      | month                 | 0 0 1 H *         | 2026-01-01T00:00:00.000Z | "2026-02-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z", "2026-05-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z", "2026-07-01T00:00:00.000Z", "2026-08-01T00:00:00.000Z", "2026-09-01T00:00:00.000Z", "2026-10-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z" |
      | every-fifth-hour      | 0 H/5 * * *       | 2026-01-01T00:00:00.000Z | "2026-01-01T01:00:00.000Z", "2026-01-01T02:00:00.000Z", "2026-01-01T03:00:00.000Z", "2026-01-01T04:00:00.000Z", "2026-01-01T05:00:00.000Z" |
      | stepped-range-from-0  | 0 H(0-6)/5 * * *  | 2026-01-01T02:00:00.000Z | "2026-01-01T03:00:00.000Z", "2026-01-01T04:00:00.000Z", "2026-01-01T05:00:00.000Z", "2026-01-01T06:00:00.000Z", "2026-01-02T02:00:00.000Z" |
      | stepped-range-from-1  | 0 H(1-6)/5 * * *  | 2026-01-01T00:00:00.000Z | "2026-01-01T01:00:00.000Z", "2026-01-01T02:00:00.000Z", "2026-01-01T03:00:00.000Z", "2026-01-01T04:00:00.000Z", "2026-01-01T05:00:00.000Z" |
      | stepped-range-to-11   | 0 H(5-11)/5 * * * | 2026-01-01T07:00:00.000Z | "2026-01-01T08:00:00.000Z", "2026-01-01T09:00:00.000Z", "2026-01-01T10:00:00.000Z", "2026-01-01T11:00:00.000Z", "2026-01-02T07:00:00.000Z" |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-hashed-one-value
  Scenario Outline: H over a range of one value always draws that value
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case            | cron             | next                     |
      | one-value-range | 0 H(3-3) * * *   | 2026-01-01T03:00:00.000Z |
      | one-value-step  | 0 H(5-5)/1 * * * | 2026-01-01T05:00:00.000Z |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-rejected-forms
  Scenario Outline: cron-parser refuses a zero step, a sixth weekday, a repeated L and an unknown three-letter word
    A step of 0 is refused even when more text follows the H form ("H/0H"), "#6" asks for a
    weekday occurrence no month has, "L,L" lists the last day twice, and "HHL" is read as a
    name, which cron-parser does not know, before its letters could be read as H and L.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the error code is "invalid_cron"

    Examples:
      | case                  | cron              |
      | zero-step             | */0 * * * *       |
      | hashed-zero-step      | 0 H/0H * * *      |
      | hashed-range-zero-step | 0 H(0-6)/0H * * * |
      | sixth-weekday         | 0 0 * * 1#6       |
      | last-day-twice        | 0 0 L,L * *       |
      | unknown-word          | 0 0 * * HHL       |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-weekday-forms
  Scenario Outline: the n-th and the last weekday of a month, as cron-parser counts them
    "#n" takes the weekday's n-th occurrence (n from 1 to 5, read with JavaScript's Number, so
    "0x3" is 3); "nL" is weekday n within the last seven days of the month. With "5L,L", a
    last Friday matches before cron-parser reaches the bare "L" that would throw.
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                      | cron           | now                      | next                     |
      | first-monday              | 0 0 * * 1#1    | 2026-01-01T00:00:00.000Z | 2026-01-05T00:00:00.000Z |
      | fifth-monday              | 0 0 * * 1#5    | 2026-01-01T00:00:00.000Z | 2026-03-30T00:00:00.000Z |
      | hexadecimal-occurrence    | 0 0 * * 1#0x3  | 2026-01-01T00:00:00.000Z | 2026-01-19T00:00:00.000Z |
      | seven-days-before-the-end | 0 12 * * 6L    | 2026-01-24T00:00:00.000Z | 2026-01-31T12:00:00.000Z |
      | last-friday-before-bare-l | 0 12 * * 5L,L  | 2026-01-30T00:00:00.000Z | 2026-01-30T12:00:00.000Z |

  @req:V1-SCHED-CRON-DST @id:v1/scheduler/cron-wall-time-offsets
  Scenario Outline: a wall time is resolved with luxon's guess from the offset before it
    luxon turns a wall time into an instant by guessing with the current offset and correcting
    once; across Asunción's spring-forward and Cairo's, and on a now with milliseconds, v1's
    next run is what that guess gives.
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "<zone>", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case                  | cron      | zone             | now                      | next                     |
      | asuncion-spring       | 0 3 * * 0 | America/Asuncion | 2020-10-03T03:00:00.000Z | 2020-10-04T06:00:00.000Z |
      | cairo-with-millisecond | 0 0 * * * | Africa/Cairo    | 2023-04-27T22:00:00.001Z | 2023-04-28T21:00:00.000Z |

  @req:V1-SCHED-CRON-TZ @id:v1/scheduler/cron-far-calendar
  Scenario Outline: the calendar far ahead: leap years across 2100 and 2400
    2100 is not a leap year and 2400 is; a schedule that never fires stops where cron-parser's
    search does, which crosses February 2100.
    When I call "v1.compute_next_run" with {"now": "<now>", "timezone": "America/New_York", "task": {"schedule_type": "cron", "schedule_value": "<cron>"}}
    Then the output "next_run" is "<next>"

    Examples:
      | case               | cron         | now                      | next                     |
      | never-fires-2100   | 0 0 31 4,6 * | 2099-12-31T12:00:00.000Z | 2127-05-18T04:00:00.000Z |
      | first-of-march-2400 | 0 9 1-1 * * | 2400-02-28T12:00:00.000Z | 2400-03-01T14:00:00.000Z |

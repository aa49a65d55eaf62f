@timestamps
Feature: Per-message timestamps
  format_timestamp_for_message compresses a message's time by how long after the previous
  message it was sent: the full date and time for the first message and after more than 24
  hours, the time and "Nh later" after more than one hour, the time alone otherwise, and no
  timestamp at all in the same minute. Times are shown in the chat's zone (UTC unless a
  scenario names one); gaps are measured between instants.

  The seed's own tests set created_at relative to "now"; here every instant is fixed.

  @req:TS-SAME-MINUTE @origin:chat_timestamp_test.rb#returns-nil-for-same-minute @id:timestamps/message-timestamp/seed-same-minute
  Scenario: returns nil for same minute
    Origin: test/models/chat_timestamp_test.rb › format_timestamp_for_message returns nil for same
    minute (msg2 = msg1 + 30 seconds). The seed's test passes only when msg1's seconds are below
    30: at 14:32:40 the second message is at 14:33:10, another minute (see the boundary table).
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-23T14:32:40Z", "previous_at": "2026-01-23T14:32:10Z"}
    Then the output "timestamp" is null

  @req:TS-RECENT @origin:chat_timestamp_test.rb#time-only-within-1-hour @id:timestamps/message-timestamp/seed-within-hour
  Scenario: returns time only for messages within 1 hour
    Origin: test/models/chat_timestamp_test.rb › format_timestamp_for_message returns time only for
    messages within 1 hour (msg2 = msg1 + 30 minutes; the test matches /^\[\d{2}:\d{2}\]$/)
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-23T15:02:10Z", "previous_at": "2026-01-23T14:32:10Z"}
    Then the output "timestamp" is "[15:02]"

  @req:TS-GAP-HOURS @origin:chat_timestamp_test.rb#gap-indicator-1-24-hours @id:timestamps/message-timestamp/seed-three-hours
  Scenario: includes gap indicator for 1-24 hour gaps
    Origin: test/models/chat_timestamp_test.rb › format_timestamp_for_message includes gap indicator
    for 1-24 hour gaps (msg2 = msg1 + 3 hours; the test matches /^\[\d{2}:\d{2}, 3h later\]$/)
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-23T17:32:10Z", "previous_at": "2026-01-23T14:32:10Z"}
    Then the output "timestamp" is "[17:32, 3h later]"

  @req:TS-GAP-DAY @origin:chat_timestamp_test.rb#full-date-over-24-hours @id:timestamps/message-timestamp/seed-two-days
  Scenario: includes full date for gaps over 24 hours
    Origin: test/models/chat_timestamp_test.rb › format_timestamp_for_message includes full date for
    gaps over 24 hours (msg2 = msg1 + 2 days)
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-25T14:32:10Z", "previous_at": "2026-01-23T14:32:10Z"}
    Then the output "timestamp" is "[2026-01-25 14:32]"

  @req:TS-FIRST @origin:chat_timestamp_test.rb#full-date-for-first-message @id:timestamps/message-timestamp/seed-first-message
  Scenario: includes full date for first message
    Origin: test/models/chat_timestamp_test.rb › format_timestamp_for_message includes full date for
    first message (previous_message nil)
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-23T14:32:10Z", "previous_at": null}
    Then the output "timestamp" is "[2026-01-23 14:32]"

  @req:TS-FIRST @id:timestamps/message-timestamp/first-without-previous-field
  Scenario: a missing previous_at is the first message too
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-23T14:32:10Z"}
    Then the output is:
      """json
      {"timestamp": "[2026-01-23 14:32]"}
      """

  @req:TS-SAME-MINUTE @req:TS-RECENT @req:TS-GAP-HOURS @req:TS-GAP-DAY @id:timestamps/message-timestamp/thresholds
  Scenario Outline: every threshold, exactly at it, just below and just above
    Both gap thresholds are strict (gap > 1.hour, gap > 24.hours). The minute test comes first
    and compares whole minutes, not a 60-second window: 59 seconds can cross a minute boundary
    and 1 millisecond can too.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "previous_at": "<previous>"}
    Then the output "timestamp" is <shown>

    Examples:
      | case                    | previous                 | message                  | shown                 |
      | zero-gap                | 2026-01-23T10:00:00Z     | 2026-01-23T10:00:00Z     | null                  |
      | 58-seconds              | 2026-01-23T10:00:00Z     | 2026-01-23T10:00:58Z     | null                  |
      | 59-seconds              | 2026-01-23T10:00:00Z     | 2026-01-23T10:00:59Z     | null                  |
      | 59-999-seconds          | 2026-01-23T10:00:00Z     | 2026-01-23T10:00:59.999Z | null                  |
      | 60-seconds              | 2026-01-23T10:00:00Z     | 2026-01-23T10:01:00Z     | "[10:01]"             |
      | 61-seconds              | 2026-01-23T10:00:00Z     | 2026-01-23T10:01:01Z     | "[10:01]"             |
      | 59-seconds-across       | 2026-01-23T10:00:30Z     | 2026-01-23T10:01:29Z     | "[10:01]"             |
      | 1-second-across         | 2026-01-23T10:00:59Z     | 2026-01-23T10:01:00Z     | "[10:01]"             |
      | 1-ms-across             | 2026-01-23T10:00:59.999Z | 2026-01-23T10:01:00Z     | "[10:01]"             |
      | 59-minutes-59-seconds   | 2026-01-23T10:00:00Z     | 2026-01-23T10:59:59Z     | "[10:59]"             |
      | 1-hour-minus-1-ms       | 2026-01-23T10:00:00Z     | 2026-01-23T10:59:59.999Z | "[10:59]"             |
      | exactly-1-hour          | 2026-01-23T10:00:00Z     | 2026-01-23T11:00:00Z     | "[11:00]"             |
      | 1-hour-plus-1-ms        | 2026-01-23T10:00:00Z     | 2026-01-23T11:00:00.001Z | "[11:00, 1h later]"   |
      | 1-hour-plus-1-second    | 2026-01-23T10:00:00Z     | 2026-01-23T11:00:01Z     | "[11:00, 1h later]"   |
      | 24-hours-minus-1-second | 2026-01-23T10:00:00Z     | 2026-01-24T09:59:59Z     | "[09:59, 24h later]"  |
      | 24-hours-minus-1-ms     | 2026-01-23T10:00:00Z     | 2026-01-24T09:59:59.999Z | "[09:59, 24h later]"  |
      | exactly-24-hours        | 2026-01-23T10:00:00Z     | 2026-01-24T10:00:00Z     | "[10:00, 24h later]"  |
      | 24-hours-plus-1-ms      | 2026-01-23T10:00:00Z     | 2026-01-24T10:00:00.001Z | "[2026-01-24 10:00]"  |
      | 24-hours-plus-1-second  | 2026-01-23T10:00:00Z     | 2026-01-24T10:00:01Z     | "[2026-01-24 10:00]"  |
      | 400-days                | 2026-01-23T10:00:00Z     | 2027-02-27T10:00:00Z     | "[2027-02-27 10:00]"  |

  @req:TS-ROUND @id:timestamps/message-timestamp/hours-rounding
  Scenario Outline: N is rounded half away from zero, as Ruby's Float#round does
    The seed computes (gap / 1.hour).round, and Ruby's Float#round rounds halves away from zero
    (2.5.round is 3). A banker's rounding (Python's round, Go's math.RoundToEven, .NET's default
    Math.Round) says 2; truncating says 2 for 2.9 h. Exactly half an hour past is rounded up.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "previous_at": "2026-01-23T00:00:00Z"}
    Then the output "timestamp" is "<shown>"

    Examples:
      | case                 | message                  | shown               |
      | 1-hour-plus-1-second | 2026-01-23T01:00:01Z     | [01:00, 1h later]   |
      | 1-5-hours-minus-1-ms | 2026-01-23T01:29:59.999Z | [01:29, 1h later]   |
      | 1-5-hours            | 2026-01-23T01:30:00Z     | [01:30, 2h later]   |
      | 2-hours              | 2026-01-23T02:00:00Z     | [02:00, 2h later]   |
      | 2-5-hours-minus-1-s  | 2026-01-23T02:29:59Z     | [02:29, 2h later]   |
      | 2-5-hours            | 2026-01-23T02:30:00Z     | [02:30, 3h later]   |
      | 2-9-hours            | 2026-01-23T02:54:00Z     | [02:54, 3h later]   |
      | 3-5-hours            | 2026-01-23T03:30:00Z     | [03:30, 4h later]   |
      | 4-5-hours            | 2026-01-23T04:30:00Z     | [04:30, 5h later]   |
      | 12-5-hours-plus-1-ns | 2026-01-23T12:30:00.000000001Z | [12:30, 13h later] |
      | 22-5-hours           | 2026-01-23T22:30:00Z     | [22:30, 23h later]  |
      | 23-5-hours-minus-1-ms| 2026-01-23T23:29:59.999Z | [23:29, 23h later]  |
      | 23-5-hours           | 2026-01-23T23:30:00Z     | [23:30, 24h later]  |
      | 24-hours             | 2026-01-24T00:00:00Z     | [00:00, 24h later]  |

  @decision @req:TS-RECENT @req:TS-SAME-MINUTE @id:timestamps/message-timestamp/previous-later
  Scenario Outline: a previous message that is later than the message gets the time alone
    The seed is silent on a previous message later than the message: messages_context_for
    orders the messages by created_at ("messages.includes(:user, :agent).order(:created_at)"),
    so format_timestamp_for_message is never given one. The kit pins what that method computes
    for it: a negative gap is not more than 1 hour, so it falls to the time-only branch whatever
    its size, and the same-minute test still comes first.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "previous_at": "<previous>"}
    Then the output "timestamp" is <shown>

    Examples:
      | case               | previous             | message              | shown     |
      | same-minute        | 2026-01-23T10:00:50Z | 2026-01-23T10:00:10Z | null      |
      | one-minute-earlier | 2026-01-23T10:01:00Z | 2026-01-23T10:00:59Z | "[10:00]" |
      | three-hours        | 2026-01-23T13:00:00Z | 2026-01-23T10:00:00Z | "[10:00]" |
      | two-days           | 2026-01-25T10:00:00Z | 2026-01-23T10:00:00Z | "[10:00]" |

  @req:TS-SAME-MINUTE @id:timestamps/message-timestamp/minutes-before-the-epoch
  Scenario Outline: minutes before 1970 are counted by flooring, as Ruby does
    same_minute? is created_at.to_i / 60. Ruby's Time#to_i and Integer#/ both round toward
    negative infinity, so 23:59:30 on 1969-12-31 is minute -1 and 00:00:10 on 1970-01-01 is
    minute 0. A port with truncating division (C, Go, Java, JavaScript's Math.trunc) puts
    both in minute 0 and drops the timestamp.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "previous_at": "<previous>"}
    Then the output "timestamp" is <shown>

    Examples:
      | case                      | previous                  | message              | shown     |
      | same-minute-before-1970   | 1969-12-31T23:59:10Z      | 1969-12-31T23:59:50Z | null      |
      | across-the-epoch          | 1969-12-31T23:59:30Z      | 1970-01-01T00:00:10Z | "[00:00]" |
      | half-second-before-epoch  | 1969-12-31T23:59:59.5Z    | 1970-01-01T00:00:00Z | "[00:00]" |
      | minute-boundary-1969      | 1969-12-31T23:58:59Z      | 1969-12-31T23:59:00Z | "[23:59]" |
      | first-minute-of-1970      | 1970-01-01T00:00:00Z      | 1970-01-01T00:00:59Z | null      |

  @req:TS-SAME-MINUTE @id:timestamps/message-timestamp/two-minutes-across-the-epoch
  Scenario: a message at 00:01:30 on 1970-01-01 after one at 23:59:30 the evening before is stamped "[00:01]"
    Flooring puts 23:59:30 on 1969-12-31 in minute -1 and 00:01:30 on 1970-01-01 in minute 1:
    two minutes apart, so the message gets its time. Counting minutes before 1970 by truncation
    and then correcting on the wrong side of the epoch, or by one minute in the wrong direction,
    puts both instants in one minute and drops the timestamp.
    When I call "timestamps.format_message_timestamp" with {"message_at": "1970-01-01T00:01:30Z", "previous_at": "1969-12-31T23:59:30Z"}
    Then the output "timestamp" is "[00:01]"

  @req:TS-SAME-MINUTE @req:TS-LOCAL @id:timestamps/message-timestamp/utc-minutes-in-odd-offsets
  Scenario Outline: the minute compared is the UTC minute, even where local minutes differ
    same_minute? compares created_at.to_i / 60, whole UTC minutes, not the minutes shown. In a
    zone whose offset has seconds (Africa/Monrovia was -0:44:30 until 1972) one UTC minute spans
    two local minutes and the other way round, so a message can lose its timestamp although its
    local minute changed, or repeat the previous local minute.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "previous_at": "<previous>", "timezone": "Africa/Monrovia"}
    Then the output "timestamp" is <shown>

    Examples:
      | case                     | previous             | message              | shown     |
      | one-utc-minute-two-local | 1971-01-01T10:00:10Z | 1971-01-01T10:00:50Z | null      |
      | two-utc-minutes-one-local| 1971-01-01T09:59:40Z | 1971-01-01T10:00:10Z | "[09:15]" |
      | first-message-local      | 1971-01-01T00:00:00Z | 1971-01-03T10:00:50Z | "[1971-01-03 09:16]" |

  @req:TS-LOCAL @req:TS-FORMAT @req:TS-ZONE-NAMES @id:timestamps/message-timestamp/zones
  Scenario Outline: the time shown is the zone's wall-clock time
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "timezone": "<zone>"}
    Then the output "timestamp" is "<shown>"

    Examples:
      | case                | message              | zone                       | shown              |
      | utc                 | 2026-01-23T10:00:00Z | UTC                        | [2026-01-23 10:00] |
      | new-york            | 2026-01-23T10:00:00Z | America/New_York           | [2026-01-23 05:00] |
      | new-york-summer     | 2026-07-23T10:00:00Z | America/New_York           | [2026-07-23 06:00] |
      | rails-name          | 2026-01-23T10:00:00Z | Eastern Time (US & Canada) | [2026-01-23 05:00] |
      | kolkata             | 2026-01-23T10:00:00Z | Asia/Kolkata               | [2026-01-23 15:30] |
      | kathmandu           | 2026-01-23T10:00:00Z | Asia/Kathmandu             | [2026-01-23 15:45] |
      | st-johns            | 2026-01-23T10:00:00Z | America/St_Johns           | [2026-01-23 06:30] |
      | next-day            | 2026-01-23T10:00:00Z | Pacific/Kiritimati         | [2026-01-24 00:00] |
      | previous-day        | 2026-01-23T03:00:00Z | America/Los_Angeles        | [2026-01-22 19:00] |
      | chatham             | 2026-01-23T10:00:00Z | Pacific/Chatham            | [2026-01-23 23:45] |
      | invalid-zone-is-utc | 2026-01-23T10:00:00Z | Mars/Olympus_Mons          | [2026-01-23 10:00] |
      | lower-case-is-utc   | 2026-01-23T10:00:00Z | america/new_york           | [2026-01-23 10:00] |

  @req:TS-FORMAT @id:timestamps/message-timestamp/field-format
  Scenario Outline: fields are zero-padded, on a 24-hour clock, seconds dropped
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>"}
    Then the output "timestamp" is "<shown>"

    Examples:
      | case              | message                       | shown              |
      | single-digits     | 2026-03-05T01:05:09Z          | [2026-03-05 01:05] |
      | midnight          | 2026-01-01T00:00:00Z          | [2026-01-01 00:00] |
      | afternoon-24-hour | 2026-12-31T23:59:59.999999Z   | [2026-12-31 23:59] |
      | offset-input      | 2026-01-23T15:30:00+05:30     | [2026-01-23 10:00] |
      | negative-offset   | 2026-01-22T23:00:00-11:00     | [2026-01-23 10:00] |
      | nanoseconds       | 2026-01-23T10:00:59.999999999Z| [2026-01-23 10:00] |
      | leap-day          | 2024-02-29T12:00:00Z          | [2024-02-29 12:00] |
      | early-year        | 0099-06-01T08:00:00Z          | [0099-06-01 08:00] |

  @req:TS-FORMAT @id:timestamps/message-timestamp/years-beyond-four-digits
  Scenario Outline: years outside 0–9999 print as Ruby's strftime prints them
    Instants are read with four-digit years, but the local date can be year -1 or 10000. Ruby's
    %Y pads to four digits and gives a negative year a minus sign before four digits
    (Time#strftime uses width 5 with the sign); year 10000 is printed in full.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "timezone": "<zone>"}
    Then the output "timestamp" is "<shown>"

    Examples:
      | case          | message              | zone               | shown               |
      | year-minus-1  | 0000-01-01T00:00:00Z | America/New_York   | [-0001-12-31 19:03] |
      | year-0        | 0000-06-01T00:00:00Z | UTC                | [0000-06-01 00:00]  |
      | year-10000    | 9999-12-31T12:00:00Z | Pacific/Kiritimati | [10000-01-01 02:00] |

  @req:TS-LOCAL @id:timestamps/message-timestamp/daylight-saving
  Scenario Outline: gaps are elapsed time across daylight-saving changes; times are wall-clock
    The gap is created_at minus created_at: elapsed time. On 2026-03-08 New York skips from 02:00
    to 03:00 and on 2026-11-01 repeats 01:00–02:00; Lord Howe moves its clocks by 30 minutes.
    The wall-clock difference between the times shown is not the gap.
    When I call "timestamps.format_message_timestamp" with {"message_at": "<message>", "previous_at": "<previous>", "timezone": "<zone>"}
    Then the output "timestamp" is "<shown>"

    Examples:
      | case                          | zone                | previous             | message              | shown                |
      | spring-1h-elapsed-2h-on-clock | America/New_York    | 2026-03-08T06:30:00Z | 2026-03-08T07:30:00Z | [03:30]              |
      | spring-90min-elapsed          | America/New_York    | 2026-03-08T06:30:00Z | 2026-03-08T08:00:00Z | [04:00, 2h later]    |
      | spring-24h-elapsed-25h-clock  | America/New_York    | 2026-03-07T12:00:00Z | 2026-03-08T12:00:00Z | [08:00, 24h later]   |
      | spring-23-5h-elapsed          | America/New_York    | 2026-03-07T12:00:00Z | 2026-03-08T11:30:00Z | [07:30, 24h later]   |
      | fall-same-clock-time          | America/New_York    | 2026-11-01T05:30:00Z | 2026-11-01T06:30:00Z | [01:30]              |
      | fall-75min-elapsed-15-clock   | America/New_York    | 2026-11-01T05:30:00Z | 2026-11-01T06:45:00Z | [01:45, 1h later]    |
      | fall-clock-goes-back          | America/New_York    | 2026-11-01T05:50:00Z | 2026-11-01T06:10:00Z | [01:10]              |
      | fall-24-5h-elapsed-23-5-clock | America/New_York    | 2026-10-31T12:00:00Z | 2026-11-01T12:30:00Z | [2026-11-01 07:30]   |
      | lord-howe-half-hour-back      | Australia/Lord_Howe | 2026-04-04T14:45:00Z | 2026-04-04T15:15:00Z | [01:45]              |

  @req:TS-INSTANT @decision @id:timestamps/message-timestamp/bad-instants
  Scenario Outline: instants must be RFC 3339 date-times of days that exist
    A wrong shape is invalid_input, which is exactly what the input schema refuses; a date of the
    right shape that the calendar does not have is invalid_time, answered only when nothing in the
    request has the wrong shape.
    Seed 002 reads created_at from the database and never writes an instant down: the RFC 3339 shape of an instant on the wire, and invalid_input versus invalid_time, are the kit's decision.
    When I call "timestamps.format_message_timestamp" with {"message_at": <message>, "previous_at": <previous>}
    Then the error code is "<code>"

    Examples:
      | case                | message                      | previous                 | code          |
      | missing-field       | null                         | null                     | invalid_input |
      | number              | 1769162400                   | null                     | invalid_input |
      | lower-case-t        | "2026-01-23t10:00:00Z"       | null                     | invalid_input |
      | space-separator     | "2026-01-23 10:00:00Z"       | null                     | invalid_input |
      | no-offset           | "2026-01-23T10:00:00"        | null                     | invalid_input |
      | comma-fraction      | "2026-01-23T10:00:00,5Z"     | null                     | invalid_input |
      | ten-digit-fraction  | "2026-01-23T10:00:00.0000000001Z" | null                | invalid_input |
      | leap-second         | "2026-12-31T23:59:60Z"       | null                     | invalid_input |
      | hour-24             | "2026-01-23T24:00:00Z"       | null                     | invalid_input |
      | date-only           | "2026-01-23"                 | null                     | invalid_input |
      | previous-number     | "2026-01-23T10:00:00Z"       | 5                        | invalid_input |
      | february-30         | "2026-02-30T10:00:00Z"       | null                     | invalid_time  |
      | april-31            | "2026-04-31T10:00:00Z"       | null                     | invalid_time  |
      | previous-february-29| "2026-03-01T10:00:00Z"       | "2026-02-29T10:00:00Z"   | invalid_time  |
      | shape-fault-first   | "2026-02-30T10:00:00Z"       | "2026-01-23 10:00:00Z"   | invalid_input |

  @req:TS-ZONE-FALLBACK @id:timestamps/message-timestamp/zone-wrong-type
  Scenario: a time zone setting that is not a string is refused
    When I call "timestamps.format_message_timestamp" with {"message_at": "2026-01-23T10:00:00Z", "timezone": 5}
    Then the error code is "invalid_input"

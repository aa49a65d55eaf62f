@v1
Feature: Time zones and local times
  isValidTimezone is whatever JavaScript's Intl accepts (Node 20, ICU 78, tzdata 2025c; the
  names where Intl and a host library disagree are in timezone_names.feature, generated from
  spec/v1/cases/timezone_names.yaml), resolveTimezone falls back to UTC, and formatLocalTime
  shows an instant as en-US "MMM D, YYYY, h:mm AM" in the resolved zone.

  @v1-case @req:V1-TIME-LOCAL @origin:timezone.test.ts#formatlocaltime-timezone-conversion @id:v1/timezone/format-new-york
  Scenario: formatLocalTime converts UTC to local time display
    Origin: src/v1/timezone.test.ts:10-16 › formatLocalTime with timezone conversion
    When I call "v1.format_local_time" with {"timestamp": "2026-02-04T18:30:00.000Z", "timezone": "America/New_York"}
    Then the output "result" contains "1:30"
    And the output "result" contains "PM"
    And the output "result" contains "Feb"
    And the output "result" contains "2026"

  @v1-case @req:V1-TIME-LOCAL @origin:timezone.test.ts#multiple-timezones-comparison @id:v1/timezone/format-two-zones
  Scenario: formatLocalTime handles different timezones
    Origin: src/v1/timezone.test.ts:18-26 › multiple timezones comparison
    When I call "v1.format_local_time" with {"timestamp": "2026-06-15T12:00:00.000Z", "timezone": "America/New_York"}
    Then the output "result" contains "8:00"
    When I call "v1.format_local_time" with {"timestamp": "2026-06-15T12:00:00.000Z", "timezone": "Asia/Tokyo"}
    Then the output "result" contains "9:00"

  @v1-case @req:V1-TZ-FALLBACK @origin:timezone.test.ts#invalid-timezone-fallback @id:v1/timezone/format-invalid-zone
  Scenario: formatLocalTime does not throw on an invalid timezone and falls back to UTC
    Origin: src/v1/timezone.test.ts:28-33 › invalid timezone fallback
    When I call "v1.format_local_time" with {"timestamp": "2026-01-01T12:00:00.000Z", "timezone": "IST-2"}
    Then the output "result" contains "12:00"
    And the output "result" contains "PM"

  @v1-case @req:V1-TZ-VALID @origin:timezone.test.ts#isvalidtimezone-valid-names @id:v1/timezone/valid-iana
  Scenario: isValidTimezone returns true for valid IANA identifiers
    Origin: src/v1/timezone.test.ts › isValidTimezone (valid names), as V1-RESTORED.md lists it
    When I call "v1.is_valid_timezone" with {"timezone": "America/New_York"}
    Then the output "valid" is true
    When I call "v1.is_valid_timezone" with {"timezone": "UTC"}
    Then the output "valid" is true
    When I call "v1.is_valid_timezone" with {"timezone": "Asia/Tokyo"}
    Then the output "valid" is true
    When I call "v1.is_valid_timezone" with {"timezone": "Asia/Jerusalem"}
    Then the output "valid" is true

  @v1-case @req:V1-TZ-VALID @origin:timezone.test.ts#isvalidtimezone-invalid-strings @id:v1/timezone/invalid-strings
  Scenario: isValidTimezone returns false for invalid timezone strings
    Origin: src/v1/timezone.test.ts › isValidTimezone (invalid strings), as V1-RESTORED.md lists it
    When I call "v1.is_valid_timezone" with {"timezone": "IST-2"}
    Then the output "valid" is false
    When I call "v1.is_valid_timezone" with {"timezone": "XYZ+3"}
    Then the output "valid" is false

  @v1-case @req:V1-TZ-VALID @origin:timezone.test.ts#isvalidtimezone-empty-and-unknown @id:v1/timezone/empty-and-unknown
  Scenario: isValidTimezone returns false for the empty string and unknown names
    Origin: src/v1/timezone.test.ts › isValidTimezone (empty and unknown), as V1-RESTORED.md lists it
    When I call "v1.is_valid_timezone" with {"timezone": ""}
    Then the output "valid" is false
    When I call "v1.is_valid_timezone" with {"timezone": "NotATimezone"}
    Then the output "valid" is false

  @v1-case @req:V1-TZ-FALLBACK @origin:timezone.test.ts#resolvetimezone-valid @id:v1/timezone/resolve-valid
  Scenario: resolveTimezone returns the timezone if valid
    Origin: src/v1/timezone.test.ts › resolveTimezone (valid name), as V1-RESTORED.md lists it
    When I call "v1.resolve_timezone" with {"timezone": "America/New_York"}
    Then the output "timezone" is "America/New_York"

  @v1-case @req:V1-TZ-FALLBACK @origin:timezone.test.ts#resolvetimezone-fallback @id:v1/timezone/resolve-invalid
  Scenario: resolveTimezone falls back to UTC for an invalid timezone
    Origin: src/v1/timezone.test.ts › resolveTimezone (fallback), as V1-RESTORED.md lists it
    When I call "v1.resolve_timezone" with {"timezone": "IST-2"}
    Then the output "timezone" is "UTC"
    When I call "v1.resolve_timezone" with {"timezone": ""}
    Then the output "timezone" is "UTC"

  @req:V1-TZ-FALLBACK @id:v1/timezone/resolve-keeps-spelling
  Scenario: resolveTimezone returns a valid name as written, not canonicalised
    When I call "v1.resolve_timezone" with {"timezone": "america/new_york"}
    Then the output "timezone" is "america/new_york"
    When I call "v1.resolve_timezone" with {"timezone": "Local"}
    Then the output "timezone" is "UTC"

  @req:V1-TIME-LOCAL @id:v1/timezone/format-exact
  Scenario Outline: formatLocalTime, byte for byte
    Hour without a leading zero, midnight and noon as 12, two-digit minutes, seconds dropped
    (not rounded), U+0020 before AM/PM as Node 20 prints it.
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "<zone>"}
    Then the output "result" is "<shown>"

    Examples:
      | case                 | timestamp                | zone                | shown                   |
      | new-york-afternoon   | 2024-01-01T18:30:00.000Z | America/New_York    | Jan 1, 2024, 1:30 PM    |
      | midnight             | 2024-01-01T00:05:00.000Z | UTC                 | Jan 1, 2024, 12:05 AM   |
      | noon                 | 2024-07-04T12:00:00.000Z | UTC                 | Jul 4, 2024, 12:00 PM   |
      | seconds-truncated    | 2024-01-01T13:30:59.999Z | UTC                 | Jan 1, 2024, 1:30 PM    |
      | two-digit-day        | 2024-12-25T23:59:00.000Z | UTC                 | Dec 25, 2024, 11:59 PM  |
      | kolkata-half-hour    | 2024-01-01T00:00:00.000Z | Asia/Kolkata        | Jan 1, 2024, 5:30 AM    |
      | kathmandu            | 2024-01-01T00:00:00.000Z | Asia/Kathmandu      | Jan 1, 2024, 5:45 AM    |
      | date-line            | 2024-01-01T00:00:00.000Z | Pacific/Kiritimati  | Jan 1, 2024, 2:00 PM    |
      | previous-day         | 2024-01-01T03:00:00.000Z | America/Los_Angeles | Dec 31, 2023, 7:00 PM   |
      | before-spring-gap    | 2026-03-08T06:59:00.000Z | America/New_York    | Mar 8, 2026, 1:59 AM    |
      | after-spring-gap     | 2026-03-08T07:00:00.000Z | America/New_York    | Mar 8, 2026, 3:00 AM    |
      | overlap-first        | 2026-11-01T05:30:00.000Z | America/New_York    | Nov 1, 2026, 1:30 AM    |
      | overlap-second       | 2026-11-01T06:30:00.000Z | America/New_York    | Nov 1, 2026, 1:30 AM    |
      | lord-howe-dst        | 2026-01-15T00:00:00.000Z | Australia/Lord_Howe | Jan 15, 2026, 11:00 AM  |
      | lord-howe-standard   | 2026-07-15T00:00:00.000Z | Australia/Lord_Howe | Jul 15, 2026, 10:30 AM  |
      | lower-case-zone      | 2024-01-01T18:30:00.000Z | america/new_york    | Jan 1, 2024, 1:30 PM    |
      | icu-legacy-id        | 2024-01-01T18:30:00.000Z | PST                 | Jan 1, 2024, 10:30 AM   |
      | leap-day             | 2024-02-29T10:00:00.000Z | UTC                 | Feb 29, 2024, 10:00 AM  |

  @req:V1-TIME-LOCAL @req:V1-TIME-INVALID-DATE @id:v1/timezone/javascript-date-parsing
  Scenario Outline: timestamps are parsed the way JavaScript's new Date(string) parses them
    v1 called new Date(utcIso) on whatever was stored. Its grammar is JavaScript's, not RFC
    3339: date-only strings are UTC, strings without an offset are local to the process (here
    process_timezone, UTC by default), lower-case t/z and a space separator are accepted,
    T24:00 is the next midnight, and what it cannot parse prints "Invalid Date".
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC", "process_timezone": "<process>"}
    Then the output "result" is "<shown>"

    Examples:
      | case                | timestamp                     | process          | shown                  |
      | date-only-is-utc    | 2024-01-01                    | America/New_York | Jan 1, 2024, 12:00 AM  |
      | no-offset-is-local  | 2024-01-01T10:00:00           | America/New_York | Jan 1, 2024, 3:00 PM   |
      | no-offset-utc       | 2024-01-01T10:00:00           | UTC              | Jan 1, 2024, 10:00 AM  |
      | lower-case-t-z      | 2024-01-01t10:00:00z          | UTC              | Jan 1, 2024, 10:00 AM  |
      | numeric-offset      | 2024-01-01T10:00:00+05:30     | UTC              | Jan 1, 2024, 4:30 AM   |
      | hour-24             | 2024-01-01T24:00:00Z          | UTC              | Jan 2, 2024, 12:00 AM  |
      | unparseable         | not a date                    | UTC              | Invalid Date           |
      | empty               |                               | UTC              | Invalid Date           |
      | leap-second         | 2024-06-30T23:59:60Z          | UTC              | Invalid Date           |
      | month-13            | 2024-13-01T00:00:00Z          | UTC              | Invalid Date           |

  @req:V1-TIME-LOCAL @id:v1/timezone/year-printing
  Scenario Outline: years are printed the way Intl prints them
    Intl prints the era year without padding and without an era: year 0 is 1 (1 BC), -1 is 2.
    When I call "v1.format_local_time" with {"timestamp": "<timestamp>", "timezone": "UTC"}
    Then the output "result" is "<shown>"

    Examples:
      | case          | timestamp                     | shown                   |
      | three-digits  | 0999-03-01T09:00:00.000Z      | Mar 1, 999, 9:00 AM     |
      | five-digits   | +010000-01-01T00:00:00.000Z   | Jan 1, 10000, 12:00 AM  |
      | year-zero     | 0000-06-01T12:00:00.000Z      | Jun 1, 1, 12:00 PM      |
      | year-minus-1  | -000001-06-01T12:00:00.000Z   | Jun 1, 2, 12:00 PM      |

  @decision @req:V1-TIME-LOCAL @id:v1/timezone/missing-timezone
  Scenario: formatLocalTime needs a time zone field
    Open: v1 always passes formatLocalTime a zone (its configuration resolves one before any
    message is formatted), so the seed never says what a call without one does. The kit refuses
    it as the operation's input schema does.
    When I call "v1.format_local_time" with {"timestamp": "2024-01-01T00:00:00.000Z"}
    Then the error code is "invalid_input"

  @req:V1-TIME-LOCAL @id:v1/timezone/last-date-date-only
  Scenario: the last date JavaScript can hold, written as a date only, is read as UTC midnight
    +275760-09-13 is the last day of the Date range; a date-only ISO string is UTC whatever the
    process zone, so it shows as 5:30 AM in Kolkata.
    When I call "v1.format_local_time" with {"process_timezone": "America/New_York", "timestamp": "+275760-09-13", "timezone": "Asia/Kolkata"}
    Then the output is:
      """json
      {"result": "Sep 13, 275760, 5:30 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/local-time-after-spring-forward
  Scenario: an offset-less time right after the spring-forward gap is read at the new offset
    New York springs forward at 2:00 on 2026-03-08; 03:00 that day is EDT, 07:00 UTC.
    When I call "v1.format_local_time" with {"process_timezone": "America/New_York", "timestamp": "2026-03-08T03:00:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Mar 8, 2026, 7:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/local-time-in-midnight-gap
  Scenario: an offset-less time inside a midnight spring-forward gap is read at the offset before the gap
    Havana springs forward from 00:00 to 01:00 on 2026-03-08; JavaScript reads 00:30, which does
    not exist, at -05:00, so it is 05:30 UTC.
    When I call "v1.format_local_time" with {"process_timezone": "America/Havana", "timestamp": "2026-03-08T00:30:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Mar 8, 2026, 5:30 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/offset-without-colon
  Scenario: an ISO-like time with an offset written without a colon (+0530) is read at that offset
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "2024-01-01T12:30:45+0530", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 1, 2024, 2:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/date-to-string-form
  Scenario: the form of Date's own toString ("Tue Mar 05 2024 10:00:00 GMT+0100") is read at its offset
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Tue Mar 05 2024 10:00:00 GMT+0100", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Mar 5, 2024, 4:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/month-name-am
  Scenario: a month-name date with AM and no zone is read in the process zone
    Lord Howe is at +11:00 in January, so 10:00 AM there is 6:00 PM the day before in New York.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 AM", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 1, 2024, 6:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/day-first-month-name-est
  Scenario: a day-first month-name date with EST is read at -05:00
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "2 January 2024 10:00 EST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 10:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-edt
  Scenario: the US zone abbreviation EDT in a date is read as -04:00
    JavaScript's date parser knows the US abbreviations; EDT is Eastern daylight time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 EDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 9:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-cst
  Scenario: the US zone abbreviation CST in a date is read as -06:00
    JavaScript's date parser knows the US abbreviations; CST is Central standard time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 CST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 11:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-cdt
  Scenario: the US zone abbreviation CDT in a date is read as -05:00
    JavaScript's date parser knows the US abbreviations; CDT is Central daylight time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 CDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 10:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-mst
  Scenario: the US zone abbreviation MST in a date is read as -07:00
    JavaScript's date parser knows the US abbreviations; MST is Mountain standard time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 MST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 12:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-mdt
  Scenario: the US zone abbreviation MDT in a date is read as -06:00
    JavaScript's date parser knows the US abbreviations; MDT is Mountain daylight time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 MDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 11:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-pst
  Scenario: the US zone abbreviation PST in a date is read as -08:00
    JavaScript's date parser knows the US abbreviations; PST is Pacific standard time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 PST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 1:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/zone-abbreviation-pdt
  Scenario: the US zone abbreviation PDT in a date is read as -07:00
    JavaScript's date parser knows the US abbreviations; PDT is Pacific daylight time.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 PDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 12:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/parenthesised-comment
  Scenario: a parenthesised comment inside a date is skipped
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 (comment) GMT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 5:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/month-name-fractional-seconds
  Scenario: a month-name date with fractional seconds is read in the process zone
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00:30.05", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 1, 2024, 6:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/slash-date-pm
  Scenario: a slash date with PM is read month first, in the process zone
    1/2/2024 is January 2; 10:00 PM at Lord Howe's +11:00 is 6:00 AM in New York.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "1/2/2024 10:00 PM", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 6:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/bare-signed-year
  Scenario: a bare signed year is read as January 1st of that year in the process zone
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "+2024", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Dec 31, 2023, 8:00 AM"}
      """

  @req:V1-TIME-LOCAL @req:V1-TIME-INVALID-DATE @id:v1/timezone/sign-without-offset
  Scenario: a trailing sign without offset digits is Invalid Date
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 +", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Invalid Date"}
      """

  @req:V1-TIME-LOCAL @req:V1-TIME-INVALID-DATE @id:v1/timezone/time-with-dot
  Scenario: a time written with a dot instead of a colon is Invalid Date
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10.00", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Invalid Date"}
      """

  @req:V1-TZ-VALID @id:v1/timezone/valid-timezone-missing
  Scenario: isValidTimezone without a timezone is invalid input
    When I call "v1.is_valid_timezone" with {}
    Then the error code is "invalid_input"

  @req:V1-TIME-LOCAL @id:v1/timezone/offset-less-near-last-date
  Scenario: an offset-less date a day before the last JavaScript date is read in the process zone
    The last date JavaScript can hold is +275760-09-13T00:00:00Z; an offset-less date a day
    before it, read in UTC, is still in range.
    When I call "v1.format_local_time" with {"process_timezone": "UTC", "timestamp": "+275760-09-12T00:00:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Sep 12, 275760, 12:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/offset-less-past-last-utc-date
  Scenario: an offset-less time past the last UTC date, read in a zone east of UTC, is still a date: +275760-09-13T05:00 in Kolkata
    The last date JavaScript can hold is +275760-09-13T00:00:00Z. An offset-less time is local:
    V8 reads it up to 30 days beyond that range, converts it with the process zone and only then
    checks the range, so 05:00 that day in Kolkata (+05:30) is 23:30 UTC the day before.
    When I call "v1.format_local_time" with {"process_timezone": "Asia/Kolkata", "timestamp": "+275760-09-13T05:00:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Sep 12, 275760, 11:30 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/year-minus-400
  Scenario: a date in the year -400 (a multiple of the 400-year cycle) keeps its day
    -400 is a multiple of the 400-year Gregorian cycle; Intl shows the year before the common
    era without an era, so -400 (401 BC) is printed 401.
    When I call "v1.format_local_time" with {"timestamp": "-000400-06-15T12:00:00Z", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Jun 15, 401, 12:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/timezone/year-minus-400-january
  Scenario: a January date just after the year -400 keeps its day
    As the year -400 case, for the months counted with the previous year.
    When I call "v1.format_local_time" with {"timestamp": "-000399-01-15T12:00:00Z", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Jan 15, 400, 12:00 PM"}
      """

@datetime
Feature: datetime_format
  datetime_format shows one instant in one of five fixed styles, in target_timezone when one
  is given (converted first) or else in the timestamp's own offset. It is presentation only:
  the instant never changes.

  @req:DT-FMT-OUTPUT @req:DT-FMT-STYLES @req:DT-FMT-TARGET @req:DT-FMT-DST @req:DT-STABLE-OUTPUT @id:datetime/format/prd-example
  Scenario: the PRD's datetime_format example, byte for byte
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "long", "target_timezone": "Europe/Oslo"}
    Then the output is:
      """json
      {
        "input": "2026-04-20T10:00:00+03:00",
        "target_timezone": "Europe/Oslo",
        "style": "long",
        "formatted": "2026-04-20 09:00 CEST",
        "timezone": "Europe/Oslo",
        "utc_offset": "+02:00"
      }
      """

  @req:DT-FMT-STYLES @req:DT-FMT-TARGET @req:DT-FMT-OUTPUT @id:datetime/format/styles-in-target-zone
  Scenario Outline: every style, converted to target_timezone first
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/styles-in-target-zone-suggested.
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "<style>", "target_timezone": "Europe/Oslo"}
    Then the output "input" is "2026-04-20T10:00:00+03:00"
    And the output "target_timezone" is "Europe/Oslo"
    And the output "style" is "<style>"
    And the output "timezone" is "Europe/Oslo"
    And the output "utc_offset" is "+02:00"
    And the seed leaves the output "formatted" open

    Examples:
      | case         | style        | formatted             |
      | short        | short        | 2026-04-20 09:00      |
      | long         | long         | 2026-04-20 09:00 CEST |
      | date-only    | date_only    | 2026-04-20            |
      | time-only    | time_only    | 09:00                 |
      | weekday-date | weekday_date | Monday, 2026-04-20    |

  @recommended @req:DT-FMT-STYLES @req:DT-FMT-TARGET @req:DT-FMT-OUTPUT @req:DT-FMT-SUGGESTED @id:datetime/format/styles-in-target-zone-suggested
  Scenario Outline: every style, converted to target_timezone first (the suggested format)
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required.
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "<style>", "target_timezone": "Europe/Oslo"}
    Then the output is:
      """json
      {
        "input": "2026-04-20T10:00:00+03:00",
        "target_timezone": "Europe/Oslo",
        "style": "<style>",
        "formatted": "<formatted>",
        "timezone": "Europe/Oslo",
        "utc_offset": "+02:00"
      }
      """

    Examples:
      | case         | style        | formatted             |
      | short        | short        | 2026-04-20 09:00      |
      | long         | long         | 2026-04-20 09:00 CEST |
      | date-only    | date_only    | 2026-04-20            |
      | time-only    | time_only    | 09:00                 |
      | weekday-date | weekday_date | Monday, 2026-04-20    |

  @req:DT-FMT-STYLES @req:DT-FMT-OWN-OFFSET @req:DT-FMT-OUTPUT @id:datetime/format/styles-in-own-offset
  Scenario Outline: every style, without target_timezone, in the timestamp's own offset
    23:30 at -05:00 is already Monday in UTC; without a target zone the timestamp's own
    Sunday evening is shown. The PRD gives no `timezone` label for a bare offset, and the long
    style's label of one is checked on its own.
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/styles-in-own-offset-suggested.
    When I call "datetime_format" with {"timestamp": "2026-04-19T23:30:00-05:00", "style": "<style>"}
    Then the seed leaves the output "formatted" open
    And the output "input" is "2026-04-19T23:30:00-05:00"
    And the output "style" is "<style>"
    And the output "utc_offset" is "-05:00"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case         | style        | formatted          |
      | short        | short        | 2026-04-19 23:30   |
      | date-only    | date_only    | 2026-04-19         |
      | time-only    | time_only    | 23:30              |
      | weekday-date | weekday_date | Sunday, 2026-04-19 |

  @req:DT-FMT-OWN-OFFSET @req:DT-FMT-STYLES @id:datetime/format/weekday-date-own-date
  Scenario Outline: weekday_date without target_timezone names the weekday of the timestamp's own date
    Whatever the layout, the day shown is the one on the wall clock of the timestamp's own
    offset: Sunday 23:30 at -05:00 is Monday in UTC, and Monday 00:30 at +14:00 is Sunday in UTC;
    neither shows the UTC day.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "weekday_date"}
    Then the seed leaves the output "formatted" open
    And the output "formatted" mentions "<day>"
    And the output "formatted" does not contain "<utc_day>"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case           | timestamp                 | day    | utc_day |
      | sunday-evening | 2026-04-19T23:30:00-05:00 | Sunday | Monday  |
      | monday-morning | 2026-04-20T00:30:00+14:00 | Monday | Sunday  |

  @recommended @req:DT-FMT-STYLES @req:DT-FMT-OWN-OFFSET @req:DT-FMT-OUTPUT @req:DT-FMT-SUGGESTED @id:datetime/format/styles-in-own-offset-suggested
  Scenario Outline: every style, without target_timezone, in the timestamp's own offset (the suggested format)
    23:30 at -05:00 is already Monday in UTC; without a target zone the timestamp's own
    Sunday evening is shown. The PRD gives no `timezone` label for a bare offset, and the long
    style's label of one is checked on its own.
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required.
    When I call "datetime_format" with {"timestamp": "2026-04-19T23:30:00-05:00", "style": "<style>"}
    Then the output "formatted" is "<formatted>"
    And the output "input" is "2026-04-19T23:30:00-05:00"
    And the output "style" is "<style>"
    And the output "utc_offset" is "-05:00"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case         | style        | formatted          |
      | short        | short        | 2026-04-19 23:30   |
      | date-only    | date_only    | 2026-04-19         |
      | time-only    | time_only    | 23:30              |
      | weekday-date | weekday_date | Sunday, 2026-04-19 |

  @req:DT-FMT-DST @req:DT-FMT-TARGET @req:DT-FMT-STYLES @id:datetime/format/around-dst
  Scenario Outline: around DST changes the abbreviation and the offset are those in force
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/around-dst-suggested.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long", "target_timezone": "<zone>"}
    Then the seed leaves the output "formatted" open
    And the output "utc_offset" is "<offset>"
    And the output "timezone" is "<zone>"

    Examples:
      | case                         | timestamp            | zone             | formatted             | offset |
      | oslo-before-spring-forward   | 2026-03-29T00:59:59Z | Europe/Oslo      | 2026-03-29 01:59 CET  | +01:00 |
      | oslo-at-spring-forward       | 2026-03-29T01:00:00Z | Europe/Oslo      | 2026-03-29 03:00 CEST | +02:00 |
      | oslo-first-0230-at-fall      | 2026-10-25T00:30:00Z | Europe/Oslo      | 2026-10-25 02:30 CEST | +02:00 |
      | oslo-second-0230-at-fall     | 2026-10-25T01:30:00Z | Europe/Oslo      | 2026-10-25 02:30 CET  | +01:00 |
      | new-york-before-spring       | 2026-03-08T06:59:59Z | America/New_York | 2026-03-08 01:59 EST  | -05:00 |
      | new-york-at-spring           | 2026-03-08T07:00:00Z | America/New_York | 2026-03-08 03:00 EDT  | -04:00 |
      | new-york-first-0130-at-fall  | 2026-11-01T05:30:00Z | America/New_York | 2026-11-01 01:30 EDT  | -04:00 |
      | new-york-second-0130-at-fall | 2026-11-01T06:30:00Z | America/New_York | 2026-11-01 01:30 EST  | -05:00 |
      | kolkata                      | 2026-04-20T07:00:00Z | Asia/Kolkata     | 2026-04-20 12:30 IST  | +05:30 |
      | london-winter                | 2026-01-20T10:00:00Z | Europe/London    | 2026-01-20 10:00 GMT  | +00:00 |
      | london-summer                | 2026-07-20T10:00:00Z | Europe/London    | 2026-07-20 11:00 BST  | +01:00 |

  @recommended @req:DT-FMT-DST @req:DT-FMT-TARGET @req:DT-FMT-STYLES @req:DT-FMT-SUGGESTED @id:datetime/format/around-dst-suggested
  Scenario Outline: around DST changes the abbreviation and the offset are those in force (the suggested format)
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required. The rows with seconds are left to decisions/format-truncate (the PRD does not say how seconds go).
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long", "target_timezone": "<zone>"}
    Then the output "formatted" is "<formatted>"
    And the output "utc_offset" is "<offset>"
    And the output "timezone" is "<zone>"

    Examples:
      | case                         | timestamp            | zone             | formatted             | offset |
      | oslo-at-spring-forward       | 2026-03-29T01:00:00Z | Europe/Oslo      | 2026-03-29 03:00 CEST | +02:00 |
      | oslo-first-0230-at-fall      | 2026-10-25T00:30:00Z | Europe/Oslo      | 2026-10-25 02:30 CEST | +02:00 |
      | oslo-second-0230-at-fall     | 2026-10-25T01:30:00Z | Europe/Oslo      | 2026-10-25 02:30 CET  | +01:00 |
      | new-york-at-spring           | 2026-03-08T07:00:00Z | America/New_York | 2026-03-08 03:00 EDT  | -04:00 |
      | new-york-first-0130-at-fall  | 2026-11-01T05:30:00Z | America/New_York | 2026-11-01 01:30 EDT  | -04:00 |
      | new-york-second-0130-at-fall | 2026-11-01T06:30:00Z | America/New_York | 2026-11-01 01:30 EST  | -05:00 |
      | kolkata                      | 2026-04-20T07:00:00Z | Asia/Kolkata     | 2026-04-20 12:30 IST  | +05:30 |
      | london-winter                | 2026-01-20T10:00:00Z | Europe/London    | 2026-01-20 10:00 GMT  | +00:00 |
      | london-summer                | 2026-07-20T10:00:00Z | Europe/London    | 2026-07-20 11:00 BST  | +01:00 |

  @req:DT-FMT-DST @req:DT-FMT-TARGET @req:DT-FMT-STYLES @id:datetime/format/zone-without-abbreviation
  Scenario Outline: a target zone without an abbreviation is labelled with its offset
    tzdata writes no letters for zones that have no English abbreviation, only the offset
    (Go's Format prints tzdata's "+0545"); "long → YYYY-MM-DD HH:MM TZ" then shows that offset,
    in one of ISO 8601's forms: ±hh (when the minutes are 00), ±hhmm or ±hh:mm.
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/zone-without-abbreviation-suggested.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long", "target_timezone": "<zone>"}
    Then the seed leaves the output "formatted" open
    And the output "utc_offset" is "<offset>"
    And the output "timezone" is "<zone>"

    Examples:
      | case                     | timestamp            | zone                | wall             | hh    | hhmm  | offset |
      | lord-howe-before-dst-end | 2026-04-04T14:59:59Z | Australia/Lord_Howe | 2026-04-05 01:59 | +11   | +1100 | +11:00 |
      | lord-howe-at-dst-end     | 2026-04-04T15:00:00Z | Australia/Lord_Howe | 2026-04-05 01:30 | +1030 | +1030 | +10:30 |
      | kathmandu                | 2026-04-20T20:00:00Z | Asia/Kathmandu      | 2026-04-21 01:45 | +0545 | +0545 | +05:45 |
      | sao-paulo                | 2026-04-20T20:00:00Z | America/Sao_Paulo   | 2026-04-20 17:00 | -03   | -0300 | -03:00 |

  @recommended @req:DT-FMT-DST @req:DT-FMT-TARGET @req:DT-FMT-STYLES @req:DT-FMT-SUGGESTED @id:datetime/format/zone-without-abbreviation-suggested
  Scenario Outline: a target zone without an abbreviation is labelled with its offset (the suggested format)
    tzdata writes no letters for zones that have no English abbreviation, only the offset
    (Go's Format prints tzdata's "+0545"); "long → YYYY-MM-DD HH:MM TZ" then shows that offset,
    in one of ISO 8601's forms: ±hh (when the minutes are 00), ±hhmm or ±hh:mm.
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required. The rows with seconds are left to decisions/format-truncate (the PRD does not say how seconds go). "UTC±hh:mm" labels an offset too.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long", "target_timezone": "<zone>"}
    Then the output "formatted" is one of "<wall> <hh>", "<wall> <hhmm>", "<wall> <offset>", "<wall> UTC<offset>"
    And the output "utc_offset" is "<offset>"
    And the output "timezone" is "<zone>"

    Examples:
      | case                     | timestamp            | zone                | wall             | hh    | hhmm  | offset |
      | lord-howe-at-dst-end     | 2026-04-04T15:00:00Z | Australia/Lord_Howe | 2026-04-05 01:30 | +1030 | +1030 | +10:30 |
      | kathmandu                | 2026-04-20T20:00:00Z | Asia/Kathmandu      | 2026-04-21 01:45 | +0545 | +0545 | +05:45 |
      | sao-paulo                | 2026-04-20T20:00:00Z | America/Sao_Paulo   | 2026-04-20 17:00 | -03   | -0300 | -03:00 |

  @req:DT-FMT-DST @req:DT-FMT-OWN-OFFSET @req:DT-NO-GUESSING @id:datetime/format/own-offset-around-dst
  Scenario Outline: without target_timezone the long style names no zone for the offset written in the timestamp, on either side of a DST change
    A bare offset has no DST: the timestamps just before and after Oslo's and New York's
    changes keep the offset they were written with. An offset names no zone, and the tool
    "must not guess missing timezone information", so the long style never shows the
    abbreviation of a zone that uses the offset (CET for +01:00, EST for -05:00). The label
    itself follows the PRD's "Suggested defaults": recommended, checked by
    datetime/format/own-offset-around-dst-suggested.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long"}
    Then the output "formatted" does not contain "<guess>"
    And the seed leaves the output "formatted" open
    And the output "utc_offset" is "<offset>"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case                 | timestamp                 | offset | guess |
      | oslo-before-spring   | 2026-03-29T01:59:59+01:00 | +01:00 | CET   |
      | oslo-after-spring    | 2026-03-29T03:00:00+02:00 | +02:00 | CEST  |
      | new-york-first-0130  | 2026-11-01T01:30:00-04:00 | -04:00 | EDT   |
      | new-york-second-0130 | 2026-11-01T01:30:00-05:00 | -05:00 | EST   |
      | sunday-evening       | 2026-04-19T23:30:00-05:00 | -05:00 | CDT   |
      | lord-howe-winter     | 2026-04-05T01:30:00+10:30 | +10:30 | ACDT  |
      | kolkata-offset       | 2026-04-20T12:30:00+05:30 | +05:30 | IST   |

  @recommended @req:DT-FMT-DST @req:DT-FMT-OWN-OFFSET @req:DT-FMT-STYLES @req:DT-FMT-SUGGESTED @id:datetime/format/own-offset-around-dst-suggested
  Scenario Outline: without target_timezone the long style labels the offset written in the timestamp, on either side of a DST change (the suggested format)
    A bare offset has no DST: the timestamps just before and after Oslo's and New York's
    changes keep the offset they were written with. "long → YYYY-MM-DD HH:MM TZ" shows an
    abbreviation (the PRD's example is CEST), but an offset has none and naming a zone for it
    would be a guess, so the label is the offset itself in one of ISO 8601's forms: ±hh (as
    tzdata writes a zone without an abbreviation, when the minutes are 00), ±hhmm (as Go
    writes an unnamed offset) or ±hh:mm (as RFC 3339 does).
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required. The rows with seconds are left to decisions/format-truncate (the PRD does not say how seconds go). "UTC±hh:mm" labels an offset too.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long"}
    Then the output "formatted" is one of "<wall> <hh>", "<wall> <hhmm>", "<wall> <offset>", "<wall> UTC<offset>"
    And the output "utc_offset" is "<offset>"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case                 | timestamp                 | wall             | hh    | hhmm  | offset |
      | oslo-after-spring    | 2026-03-29T03:00:00+02:00 | 2026-03-29 03:00 | +02   | +0200 | +02:00 |
      | new-york-first-0130  | 2026-11-01T01:30:00-04:00 | 2026-11-01 01:30 | -04   | -0400 | -04:00 |
      | new-york-second-0130 | 2026-11-01T01:30:00-05:00 | 2026-11-01 01:30 | -05   | -0500 | -05:00 |
      | sunday-evening       | 2026-04-19T23:30:00-05:00 | 2026-04-19 23:30 | -05   | -0500 | -05:00 |
      | lord-howe-winter     | 2026-04-05T01:30:00+10:30 | 2026-04-05 01:30 | +1030 | +1030 | +10:30 |
      | kolkata-offset       | 2026-04-20T12:30:00+05:30 | 2026-04-20 12:30 | +0530 | +0530 | +05:30 |

  @req:DT-FMT-OWN-OFFSET @req:DT-FMT-STYLES @id:datetime/format/own-offset-utc
  Scenario Outline: without target_timezone the long style labels a zero offset as UTC
    The label of a zero offset is UTC, Z or the zero offset in one of ISO 8601's forms,
    however the timestamp wrote it.
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/own-offset-utc-suggested.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long"}
    Then the seed leaves the output "formatted" open
    And the output "input" echoes the timestamp "<timestamp>"
    And the output "utc_offset" is "+00:00"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case      | timestamp                 |
      | zulu      | 2026-04-20T10:00:00Z      |
      | plus-zero | 2026-04-20T10:00:00+00:00 |

  @recommended @req:DT-FMT-OWN-OFFSET @req:DT-FMT-STYLES @req:DT-FMT-SUGGESTED @id:datetime/format/own-offset-utc-suggested
  Scenario Outline: without target_timezone the long style labels a zero offset as UTC (the suggested format)
    The label of a zero offset is UTC, Z or the zero offset in one of ISO 8601's forms,
    however the timestamp wrote it.
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required.
    When I call "datetime_format" with {"timestamp": "<timestamp>", "style": "long"}
    Then the output "formatted" is one of "2026-04-20 10:00 UTC", "2026-04-20 10:00 Z", "2026-04-20 10:00 +00", "2026-04-20 10:00 +0000", "2026-04-20 10:00 +00:00"
    And the output "utc_offset" is "+00:00"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case      | timestamp                 |
      | zulu      | 2026-04-20T10:00:00Z      |
      | plus-zero | 2026-04-20T10:00:00+00:00 |

  @req:DT-FMT-TARGET @req:DT-FMT-STYLES @id:datetime/format/target-moves-the-date
  Scenario: the date and weekday are the target zone's
    Sunday 23:30 at -05:00 is Monday 13:30 in Tokyo.
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/target-moves-the-date-suggested.
    When I call "datetime_format" with {"timestamp": "2026-04-19T23:30:00-05:00", "style": "weekday_date", "target_timezone": "Asia/Tokyo"}
    Then the seed leaves the output "formatted" open
    And the output "utc_offset" is "+09:00"
    When I call "datetime_format" with {"timestamp": "2026-04-19T23:30:00-05:00", "style": "date_only", "target_timezone": "America/Los_Angeles"}
    Then the seed leaves the output "formatted" open
    And the output "utc_offset" is "-07:00"

  @recommended @req:DT-FMT-TARGET @req:DT-FMT-STYLES @req:DT-FMT-SUGGESTED @id:datetime/format/target-moves-the-date-suggested
  Scenario: the date and weekday are the target zone's (the suggested format)
    Sunday 23:30 at -05:00 is Monday 13:30 in Tokyo.
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required.
    When I call "datetime_format" with {"timestamp": "2026-04-19T23:30:00-05:00", "style": "weekday_date", "target_timezone": "Asia/Tokyo"}
    Then the output "formatted" is "Monday, 2026-04-20"
    And the output "utc_offset" is "+09:00"
    When I call "datetime_format" with {"timestamp": "2026-04-19T23:30:00-05:00", "style": "date_only", "target_timezone": "America/Los_Angeles"}
    Then the output "formatted" is "2026-04-19"
    And the output "utc_offset" is "-07:00"

  @req:DT-FMT-PRESENTATION-ONLY @req:DT-FMT-OWN-OFFSET @id:datetime/format/presentation-only
  Scenario: formatting shows the instant's own wall clock, with no correction
    02:30 at +01:00 on 2026-10-25 is Oslo's second 02:30; without a target zone it is shown as
    written, and in UTC as 01:30.
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/presentation-only-suggested.
    When I call "datetime_format" with {"timestamp": "2026-10-25T02:30:00+01:00", "style": "short"}
    Then the seed leaves the output "formatted" open
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open
    When I call "datetime_format" with {"timestamp": "2026-10-25T02:30:00+01:00", "style": "short", "target_timezone": "UTC"}
    Then the seed leaves the output "formatted" open
    And the output "utc_offset" is "+00:00"

  @recommended @req:DT-FMT-PRESENTATION-ONLY @req:DT-FMT-OWN-OFFSET @req:DT-FMT-SUGGESTED @id:datetime/format/presentation-only-suggested
  Scenario: formatting shows the instant's own wall clock, with no correction (the suggested format)
    02:30 at +01:00 on 2026-10-25 is Oslo's second 02:30; without a target zone it is shown as
    written, and in UTC as 01:30.
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required.
    When I call "datetime_format" with {"timestamp": "2026-10-25T02:30:00+01:00", "style": "short"}
    Then the output "formatted" is "2026-10-25 02:30"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open
    When I call "datetime_format" with {"timestamp": "2026-10-25T02:30:00+01:00", "style": "short", "target_timezone": "UTC"}
    Then the output "formatted" is "2026-10-25 01:30"
    And the output "utc_offset" is "+00:00"

  @req:DT-FMT-LOCALE @id:datetime/format/locale-en
  Scenario: locale en gives the same English output as no locale
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "weekday_date"}
    Then the seed leaves the output "formatted" open
    And the output "formatted" mentions "Monday"
    And the output "formatted" mentions "2026-04-20"
    And I remember the output "formatted" as "english"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "weekday_date", "locale": "en"}
    Then the output "formatted" is the remembered "english"
    And the output "input" is "2026-04-20T10:00:00+03:00"
    And the output "style" is "weekday_date"
    And the output "utc_offset" is "+03:00"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

  @req:DT-FMT-LOCALE @req:DT-NO-GUESSING @id:datetime/format/locale-other
  Scenario Outline: any other locale gets the English output or is refused, never another language
    "Locale can be ignored in v1 or accepted only as "en"": a tool that ignores it answers in
    English, a tool that accepts only en refuses the rest. Output in another language is
    neither ("locale-aware month and weekday names" is a future extension).
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "weekday_date"}
    Then the seed leaves the output "formatted" open
    And I remember the output "formatted" as "english"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "weekday_date", "locale": "<locale>"}
    Then the call is refused or the output "formatted" is the remembered "english"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

    Examples:
      | case         | locale      |
      | russian      | ru          |
      | german       | de-DE       |
      | british      | en-GB       |
      | upper-case   | EN          |
      | long-subtag  | en-abcdefgh |
      | digit-subtag | en-z0       |
      | punctuation  | en-a.b      |
      | posix-style  | en_US       |

  @req:DT-FMT-STYLE-RECOGNIZED @id:datetime/format/invalid-style
  Scenario Outline: a style that is not one of the five is refused with invalid_style
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "<style>"}
    Then the error code is "invalid_style"

    Examples:
      | case      | style     |
      | full      | full      |
      | medium    | medium    |
      | iso8601   | iso8601   |
      | relative  | relative  |
      | date-time | date time |

  @req:DT-RFC3339-IN @id:datetime/format/invalid-timestamp
  Scenario: an invalid timestamp is refused with invalid_timestamp
    When I call "datetime_format" with {"timestamp": "2026-04-20 10:00", "style": "short"}
    Then the call is refused

  @recommended @req:DT-ERROR-CODES @id:datetime/format/invalid-timestamp-code
  Scenario: an invalid timestamp is refused with invalid_timestamp (the recommended code)
    The PRD's "Recommended error codes" name the code: recommended, not required (the required scenario datetime/format/invalid-timestamp checks the refusal).
    When I call "datetime_format" with {"timestamp": "2026-04-20 10:00", "style": "short"}
    Then the error code is "invalid_timestamp"

  @req:DT-TIMEZONE-IANA @id:datetime/format/invalid-timezone
  Scenario: an invalid target_timezone is refused with invalid_timezone
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "target_timezone": "Europe/Olso"}
    Then the error code is "invalid_timezone"

  @req:DT-FMT-OWN-OFFSET @req:DT-NO-GUESSING @id:datetime/format/empty-target-zone
  Scenario: an empty target_timezone is refused or treated as absent, never taken as UTC
    "target_timezone, if present, must be a valid IANA timezone" refuses "", and a tool whose
    typed input cannot tell "" from absent formats in the timestamp's own offset ("If no
    target_timezone is provided, format the timestamp in its own offset/location"). Go's
    time.LoadLocation("") would give UTC (07:00): a silent guess.
    When I call "datetime_format" with {"timestamp": "2026-04-20T10:00:00+03:00", "style": "short", "target_timezone": ""}
    Then the call is refused or the output "formatted" is "2026-04-20 10:00"
    And the seed leaves the output "timezone" open
    And the seed leaves the output "target_timezone" open

  @req:DT-FMT-TARGET @id:datetime/format/target-in-year-9999
  Scenario: a target time inside the year 9999 is formatted
    The year 9999 itself is in range after converting to a target zone.
    The formats are the PRD's "Suggested defaults": the formatted text is recommended, checked by datetime/format/target-in-year-9999-suggested.
    When I call "datetime_format" with {"style": "long", "target_timezone": "America/New_York", "timestamp": "9999-06-01T00:00:00Z"}
    Then the output "input" is "9999-06-01T00:00:00Z"
    And the output "style" is "long"
    And the output "target_timezone" is "America/New_York"
    And the output "timezone" is "America/New_York"
    And the output "utc_offset" is "-04:00"
    And the seed leaves the output "formatted" open

  @recommended @req:DT-FMT-TARGET @req:DT-FMT-SUGGESTED @id:datetime/format/target-in-year-9999-suggested
  Scenario: a target time inside the year 9999 is formatted (the suggested format)
    The year 9999 itself is in range after converting to a target zone.
    The PRD's "Suggested defaults" ("long → YYYY-MM-DD HH:MM TZ", …) fix the text: recommended, not required.
    When I call "datetime_format" with {"style": "long", "target_timezone": "America/New_York", "timestamp": "9999-06-01T00:00:00Z"}
    Then the output is:
      """json
      {"formatted": "9999-05-31 20:00 EDT", "input": "9999-06-01T00:00:00Z", "style": "long", "target_timezone": "America/New_York", "timezone": "America/New_York", "utc_offset": "-04:00"}
      """

@clock-core @section:4.4
Feature: The range of instants that are read and written
  §4.4: instants are read as RFC 3339 with an offset and written by to_iso as ISO 8601 with
  the offset. An offset is less than a day, and a year is written with four digits, 0000 to 9999.

  @req:CLK-NOW-SNAPSHOT @id:clock-core/instant-range/offset-of-a-day
  Scenario Outline: an offset of a whole day is not an RFC 3339 offset
    RFC 3339's time-numoffset takes an hour from 00 to 23 and a minute from 00 to 59, so an
    offset of 24 hours, however it is spelled, is no instant.
    When I call "clock-core.now" with {"host_clock": "<host>"}
    Then the error code is "invalid_instant"

    Examples:
      | case          | host                      |
      | plus-24       | 2026-02-10T03:02:00+24:00 |
      | minus-24      | 2026-02-10T03:02:00-24:00 |
      | minus-23-60   | 2026-02-10T03:02:00-23:60 |

  @req:CLK-NOW-SNAPSHOT @id:clock-core/instant-range/offset-just-under-a-day
  Scenario Outline: an offset just under a day is an instant
    When I call "clock-core.now" with {"host_clock": "<host>"}
    Then the output "now" is "<host>"

    Examples:
      | case          | host                      |
      | plus-23-59    | 2026-02-10T03:02:00+23:59 |
      | minus-23-59   | 2026-02-10T03:02:00-23:59 |

  @decision @req:CLK-TO-ISO @id:clock-core/instant-range/year-zero
  Scenario: to_iso writes the year 0000
    §4.4: to_iso writes "ISO-8601 with offset (e.g., 2026-02-10T12:02:00+09:00)" and says nothing
    of years before 1583, which ISO 8601 leaves to agreement; the kit writes every four-digit year.
    When I call "clock-core.to_iso" with {"instant": "0000-01-01T12:00:00Z", "tz": "UTC"}
    Then the output "iso" is "0000-01-01T12:00:00+00:00"

  @decision @req:CLK-PARSE-LIMITS @id:clock-core/instant-range/parse-utc-years
  Scenario Outline: a relative time with no zone is written in UTC for the years 0000 to 9999
    §4.4 says only that parse_anchored_time "parses *anchored* times only"; the kit's grammar makes
    results beyond year 9999 invalid, and the first and the last writable years are results like
    any other.
    When I call "clock-core.parse_anchored_time" with {"text": "in 30 minutes", "tz": null, "reference_instant": "<ref>"}
    Then the output "kind" is "relative"
    And the output "start" is "<start>"

    Examples:
      | case      | ref                  | start                |
      | year-0000 | 0000-01-01T00:00:00Z | 0000-01-01T00:30:00Z |
      | year-9999 | 9999-12-31T23:00:00Z | 9999-12-31T23:30:00Z |

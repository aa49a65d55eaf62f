@clock-core @section:4.4
Feature: The timezone provider
  §4.4: now() is one snapshot per decision cycle, offsets are DST-aware and in minutes,
  to_iso writes ISO 8601 with the offset. Time zones are IANA ids only.

  @req:CLK-NOW-SNAPSHOT @id:clock-core/provider/now
  Scenario: now is the injected host clock, exactly as given
    When I call "clock-core.now" with {"host_clock": "2026-02-10T12:02:00.123+09:00"}
    Then the output is:
      """json
      {"now": "2026-02-10T12:02:00.123+09:00", "clamped": false}
      """

  @decision @req:CLK-NOW-SNAPSHOT @id:clock-core/provider/now-monotonic
  Scenario Outline: a host clock earlier than the previous snapshot keeps the previous one
    §4.4 calls now() a monotonic snapshot: a wall clock stepped back (NTP, a resumed VM) must
    not make elapsed time negative, so the previous snapshot is kept; an equal instant is not a
    step back.
    When I call "clock-core.now" with {"host_clock": "<host>", "previous": <previous>}
    Then the output "now" is "<now>"
    And the output "clamped" is <clamped>

    Examples:
      | case             | host                      | previous                    | now                       | clamped |
      | no-previous      | 2026-02-10T03:02:00Z      | null                        | 2026-02-10T03:02:00Z      | false   |
      | later            | 2026-02-10T03:02:01Z      | "2026-02-10T03:02:00Z"      | 2026-02-10T03:02:01Z      | false   |
      | equal            | 2026-02-10T03:02:00Z      | "2026-02-10T03:02:00Z"      | 2026-02-10T03:02:00Z      | false   |
      | equal-other-zone | 2026-02-10T12:02:00+09:00 | "2026-02-10T03:02:00Z"      | 2026-02-10T12:02:00+09:00 | false   |
      | one-ms-earlier   | 2026-02-10T03:01:59.999Z  | "2026-02-10T03:02:00Z"      | 2026-02-10T03:02:00Z      | true    |
      | stepped-back     | 2026-02-10T02:00:00Z      | "2026-02-10T03:02:00Z"      | 2026-02-10T03:02:00Z      | true    |

  @req:CLK-NOW-SNAPSHOT @id:clock-core/provider/now-invalid
  Scenario Outline: the host clock must be an RFC 3339 instant with an offset
    RFC 3339 §5.6 lets t and z be lower case; the kit's instants are written in upper case, and
    accepting the lower-case spelling is as faithful (a decision, CLK-INSTANT-SPELLING).
    When I call "clock-core.now" with {"host_clock": "<host>"}
    Then the error code is "invalid_instant"

    Examples:
      | case          | host                |
      | no-offset     | 2026-02-10T03:02:00 |
      | date-only     | 2026-02-10          |
      | bad-day       | 2026-02-30T03:02:00Z |
      | hour-24       | 2026-02-10T24:00:00Z |
      | leap-second   | 2026-12-31T23:59:60Z |
      | epoch-number  | 1770692520          |

    @decision @req:CLK-INSTANT-SPELLING
    Examples: a spelling RFC 3339 allows that the kit refuses
      | case          | host                |
      | lower-case-t  | 2026-02-10t03:02:00Z |

  @req:CLK-OFFSET @id:clock-core/provider/offsets
  Scenario Outline: offsets are DST-aware, in minutes
    When I call "clock-core.offset_minutes" with {"tz": "<tz>", "instant": "<instant>"}
    Then the output "offset_minutes" is <minutes>

    Examples:
      | case                  | tz                  | instant              | minutes |
      | tokyo                 | Asia/Tokyo          | 2026-02-10T03:02:00Z | 540     |
      | utc                   | UTC                 | 2026-02-10T03:02:00Z | 0       |
      | new-york-winter       | America/New_York    | 2026-02-10T03:02:00Z | -300    |
      | new-york-summer       | America/New_York    | 2026-07-01T00:00:00Z | -240    |
      | kolkata               | Asia/Kolkata        | 2026-02-10T03:02:00Z | 330     |
      | kathmandu             | Asia/Kathmandu      | 2026-02-10T03:02:00Z | 345     |
      | eucla                 | Australia/Eucla     | 2026-02-10T03:02:00Z | 525     |
      | lord-howe-dst         | Australia/Lord_Howe | 2026-01-15T00:00:00Z | 660     |
      | lord-howe-standard    | Australia/Lord_Howe | 2026-07-15T00:00:00Z | 630     |
      | dublin-winter         | Europe/Dublin       | 2026-02-10T03:02:00Z | 0       |
      | dublin-summer         | Europe/Dublin       | 2026-07-01T00:00:00Z | 60      |
      | etc-sign-inverted     | Etc/GMT-9           | 2026-02-10T03:02:00Z | 540     |
      | before-fall-back      | America/New_York    | 2026-11-01T05:59:59Z | -240    |
      | at-fall-back          | America/New_York    | 2026-11-01T06:00:00Z | -300    |
      | after-fall-back       | America/New_York    | 2026-11-01T06:00:01Z | -300    |
      | historic-kolkata      | Asia/Kolkata        | 1943-01-01T00:00:00Z | 390     |

  @req:CLK-OFFSET @id:clock-core/provider/offset-seconds
  Scenario: local mean time with seconds is not rounded
    Africa/Monrovia kept UTC-00:44:30 until 1972.
    When I call "clock-core.offset_minutes" with {"tz": "Africa/Monrovia", "instant": "1971-06-01T00:00:00Z"}
    Then the error code is "unrepresentable_offset"

  @req:CLK-OFFSET @req:CLK-TZ-IANA-ONLY @id:clock-core/provider/iana-only
  Scenario Outline: the provider takes IANA ids, not abbreviations, legacy names or offsets
    When I call "clock-core.offset_minutes" with {"tz": "<tz>", "instant": "2026-02-10T03:02:00Z"}
    Then the error code is "invalid_timezone"

    Examples:
      | case            | tz            |
      | abbreviation    | EST           |
      | tzdb-link-abbr  | MST           |
      | legacy          | Japan         |
      | posix           | EST5EDT       |
      | offset          | UTC+9         |
      | empty           |               |
      | factory         | Factory       |
      | local           | Local         |
      | unknown         | Mars/Olympus  |

  @decision @req:CLK-TO-ISO @id:clock-core/provider/to-iso
  Scenario Outline: to_iso writes ISO 8601 with the zone's offset
    Seconds are always written and a fraction only when it is not zero (without trailing zeros),
    so an instant is written exactly as precise as it is; UTC is +00:00 like every other offset,
    since to_iso promises an offset.
    When I call "clock-core.to_iso" with {"instant": "<instant>", "tz": "<tz>"}
    Then the output "iso" is "<iso>"

    Examples:
      | case              | instant                        | tz                  | iso                                  |
      | seed-example      | 2026-02-10T03:02:00Z           | Asia/Tokyo          | 2026-02-10T12:02:00+09:00            |
      | utc               | 2026-02-10T12:02:00+09:00      | UTC                 | 2026-02-10T03:02:00+00:00            |
      | new-york-dst      | 2026-07-01T00:00:00Z           | America/New_York    | 2026-06-30T20:00:00-04:00            |
      | kathmandu         | 2026-02-10T03:02:00Z           | Asia/Kathmandu      | 2026-02-10T08:47:00+05:45            |
      | milliseconds      | 2026-02-10T03:02:00.120Z       | Asia/Tokyo          | 2026-02-10T12:02:00.12+09:00         |
      | nanoseconds       | 2026-02-10T03:02:00.000000001Z | UTC                 | 2026-02-10T03:02:00.000000001+00:00  |
      | zero-fraction     | 2026-02-10T03:02:00.000Z       | UTC                 | 2026-02-10T03:02:00+00:00            |
      | date-line         | 2026-02-10T10:30:00Z           | Pacific/Kiritimati  | 2026-02-11T00:30:00+14:00            |
      | overlap-first     | 2026-11-01T05:30:00Z           | America/New_York    | 2026-11-01T01:30:00-04:00            |
      | overlap-second    | 2026-11-01T06:30:00Z           | America/New_York    | 2026-11-01T01:30:00-05:00            |
      | year-9999         | 9999-12-31T14:59:59Z           | Asia/Tokyo          | 9999-12-31T23:59:59+09:00            |

  @req:CLK-TO-ISO @id:clock-core/provider/to-iso-errors
  Scenario Outline: what to_iso cannot write
    When I call "clock-core.to_iso" with {"instant": "<instant>", "tz": "<tz>"}
    Then the error code is "<code>"

    Examples:
      | case              | instant              | tz              | code                   |
      | beyond-9999       | 9999-12-31T15:00:00Z | Asia/Tokyo      | out_of_range           |
      | lmt-seconds       | 1971-06-01T00:00:00Z | Africa/Monrovia | unrepresentable_offset |
      | abbreviation      | 2026-02-10T03:02:00Z | JST             | invalid_timezone       |
      | no-offset         | 2026-02-10T03:02:00  | Asia/Tokyo      | invalid_instant        |

  @req:CLK-TO-ISO @id:clock-core/provider/to-iso-wrong-type
  Scenario: a number is not an instant
    When I call "clock-core.to_iso" with {"instant": 1770692520, "tz": "Asia/Tokyo"}
    Then the error code is "invalid_input"

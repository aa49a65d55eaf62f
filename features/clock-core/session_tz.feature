@clock-core @section:4.2
Feature: Session TZ resolution, Agent TZ and delta hours
  §4.2: the Session TZ is the first of the zone written in the message, the thread's stored
  override, the user's default, a zone inferred from an unambiguous place, and UTC (with a
  notice when the prompt is time-sensitive). Abbreviations are never mapped silently. The
  Agent TZ is the host's zone or UTC; delta hours are compared in minutes, DST-aware.
  Every call here uses now = 2026-02-10T03:02:00Z unless it says otherwise.

  @req:CLK-TZ-PRECEDENCE @id:clock-core/session-tz/precedence
  Scenario Outline: the first candidate present wins
    When I call "clock-core.resolve_session_tz" with {"explicit": <explicit>, "thread_override": <override>, "user_default": <default>, "mentioned_location": <place>, "now": "2026-02-10T03:02:00Z", "host_tz": "Europe/Berlin"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "<source>"
    And the output "needs_clarification" is false

    Examples:
      | case                 | explicit     | override       | default            | place    | tz               | source          |
      | explicit-first       | "Asia/Tokyo" | "Europe/Paris" | "America/New_York" | "Sydney" | Asia/Tokyo       | explicit        |
      | override-second      | null         | "Europe/Paris" | "America/New_York" | "Sydney" | Europe/Paris     | thread_override |
      | default-third        | null         | null           | "America/New_York" | "Sydney" | America/New_York | user_default    |
      | place-fourth         | null         | null           | null               | "Sydney" | Australia/Sydney | location        |
      | utc-last             | null         | null           | null               | null     | UTC              | fallback        |
      | empty-means-absent   | ""           | ""             | ""                 | ""       | UTC              | fallback        |

  @req:CLK-TZ-PRECEDENCE @req:CLK-DELTA @id:clock-core/session-tz/full-answer
  Scenario: the whole answer for a thread override
    When I call "clock-core.resolve_session_tz" with {"thread_override": "Asia/Tokyo", "user_default": "America/New_York", "now": "2026-02-10T03:02:00Z", "host_tz": "Europe/Berlin"}
    Then the output is:
      """json
      {"session_tz": "Asia/Tokyo", "source": "thread_override", "notice": false,
       "needs_clarification": false, "clarification_question": null, "abbreviation_via": null, "skipped": [],
       "agent_tz": "Europe/Berlin", "agent_tz_source": "host",
       "session_offset_minutes": 540, "agent_offset_minutes": 60, "delta_minutes": 480, "delta_hours": 8,
       "relative_times_ambiguous": true}
      """

  @decision @req:CLK-TZ-EXPLICIT-FORMS @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/explicit-forms
  Scenario Outline: the forms a message writes a zone in
    §4.4 requires IANA ids, so a whole-hour offset becomes its Etc/GMT id (tzdb inverts the sign:
    UTC+9 is Etc/GMT-9) and an IANA id written in any letter case is answered in tzdb's spelling.
    When I call "clock-core.resolve_session_tz" with {"explicit": "<written>", "user_default": "Europe/Paris", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "explicit"

    Examples:
      | case              | written                   | tz               |
      | utc               | UTC                       | UTC              |
      | utc-lower-case    | utc                       | UTC              |
      | iana              | Asia/Tokyo                | Asia/Tokyo       |
      | iana-lower-case   | america/new_york          | America/New_York |
      | iana-link         | US/Eastern                | US/Eastern       |
      | etc-zone          | Etc/GMT-9                 | Etc/GMT-9        |
      | place-time        | Tokyo time                | Asia/Tokyo       |
      | place-two-words   | new york time             | America/New_York |
      | place-underscore  | Port of Spain time        | America/Port_of_Spain |
      | bare-place        | Kolkata                   | Asia/Kolkata     |
      | linked-place      | Buenos Aires              | America/Argentina/Buenos_Aires |
      | offset-hour       | UTC+9                     | Etc/GMT-9        |
      | offset-padded     | UTC+09:00                 | Etc/GMT-9        |
      | offset-no-colon   | UTC+0900                  | Etc/GMT-9        |
      | offset-gmt        | GMT-5                     | Etc/GMT+5        |
      | offset-zero       | UTC+0                     | UTC              |
      | offset-below-max  | UTC+13                    | Etc/GMT-13       |
      | offset-max        | UTC+14                    | Etc/GMT-14       |
      | offset-above-min  | UTC-11                    | Etc/GMT+11       |
      | offset-min        | UTC-12                    | Etc/GMT+12       |
      | instant-offset    | 2026-02-10T12:02:00+09:00 | Etc/GMT-9        |
      | instant-z         | 2026-02-10T03:02:00Z      | UTC              |
      | extra-spaces      | \u0020 Tokyo   time       | Asia/Tokyo       |

  @decision @req:CLK-TZ-EXPLICIT-DECIDES @req:CLK-TZ-FIXED-OFFSET @id:clock-core/session-tz/explicit-unresolved
  Scenario Outline: a written zone that does not resolve is asked about, never skipped
    §4.2 puts "1) Explicit in message" first but does not say what happens when the zone written
    there cannot be resolved. The user did name a zone; answering with the stored override instead
    would silently ignore what they wrote, so the answer is a question (which must name what was
    written) and no Session TZ.
    When I call "clock-core.resolve_session_tz" with {"explicit": "<written>", "thread_override": "Europe/Paris", "now": "2026-02-10T03:02:00Z", "host_tz": "Europe/Berlin"}
    Then the output "session_tz" is null
    And the output "source" is "explicit"
    And the output "needs_clarification" is true
    And the output "clarification_question" mentions "<written>"
    And the output "delta_minutes" is null
    And the output "agent_tz" is "Europe/Berlin"

    Examples:
      | case                  | written       |
      | abbreviation          | IST           |
      | fractional-offset     | UTC+5:30      |
      | quarter-offset        | UTC+05:45     |
      | offset-just-above-max | UTC+14:01     |
      | offset-beyond-max     | UTC+15        |
      | offset-beyond-min     | UTC-12:30     |
      | unknown-zone          | Mars/Olympus  |
      | legacy-name           | EST5EDT       |
      | country               | Japan         |
      | unknown-place         | Atlantis time |
      | ambiguous-place       | Victoria time |
      | free-text             | whenever      |

  @decision @req:CLK-TZ-ABBREVIATION @id:clock-core/session-tz/abbreviations
  Scenario Outline: an abbreviation resolves only through exactly one known zone that uses it this year
    §4.2: abbreviations "MUST resolve via known user context or ask". The context is the zones
    already known for the thread and the user; an abbreviation names one of them only when
    exactly one shows it at some instant of now's UTC year (EST in July still names New York,
    whose winter name it is). Two candidates, or none, are asked about.
    When I call "clock-core.resolve_session_tz" with {"explicit": "<written>", "thread_override": <override>, "user_default": <default>, "now": "<now>"}
    Then the output "session_tz" is <tz>
    And the output "abbreviation_via" is <via>
    And the output "needs_clarification" is <ask>

    Examples:
      | case                    | written | override          | default               | now                  | tz                      | via                | ask   |
      | est-user-new-york       | EST     | null              | "America/New_York"    | 2026-02-10T03:02:00Z | "America/New_York"      | "user_default"     | false |
      | est-in-july             | EST     | null              | "America/New_York"    | 2026-07-01T12:00:00Z | "America/New_York"      | "user_default"     | false |
      | edt-in-february         | EDT     | null              | "America/New_York"    | 2026-02-10T03:02:00Z | "America/New_York"      | "user_default"     | false |
      | lower-case              | est     | null              | "America/New_York"    | 2026-02-10T03:02:00Z | "America/New_York"      | "user_default"     | false |
      | ist-thread-kolkata      | IST     | "Asia/Kolkata"    | null                  | 2026-02-10T03:02:00Z | "Asia/Kolkata"          | "thread_override"  | false |
      | ist-kolkata-and-dublin  | IST     | "Asia/Kolkata"    | "Europe/Dublin"       | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | ist-dublin-only         | IST     | null              | "Europe/Dublin"       | 2026-02-10T03:02:00Z | "Europe/Dublin"         | "user_default"     | false |
      | bst-london              | BST     | null              | "Europe/London"       | 2026-02-10T03:02:00Z | "Europe/London"         | "user_default"     | false |
      | bst-dhaka               | BST     | null              | "Asia/Dhaka"          | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | cst-chicago-and-shanghai| CST     | "America/Chicago" | "Asia/Shanghai"       | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | cst-same-zone-twice     | CST     | "America/Chicago" | "America/Chicago"     | 2026-02-10T03:02:00Z | "America/Chicago"       | "thread_override"  | false |
      | pst-no-context          | PST     | null              | null                  | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | est-unrelated-zone      | EST     | null              | "Asia/Tokyo"          | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | cest-berlin-in-winter   | CEST    | null              | "Europe/Berlin"       | 2026-02-10T03:02:00Z | "Europe/Berlin"         | "user_default"     | false |
      | jdt-no-longer-used      | JDT     | null              | "Asia/Tokyo"          | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | msd-no-longer-used      | MSD     | null              | "Europe/Moscow"       | 2026-02-10T03:02:00Z | null                    | null               | true  |
      | msk-current             | MSK     | null              | "Europe/Moscow"       | 2026-02-10T03:02:00Z | "Europe/Moscow"         | "user_default"     | false |

  @req:CLK-TZ-ABBREVIATION @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/skipped
  Scenario Outline: an unusable stored zone or place is skipped
    Resolution goes on to the next source (§4.2's order); whether and how the skipped candidate
    is reported is the implementation's (clock-core/session-tz/skipped-reported pins the kit's).
    When I call "clock-core.resolve_session_tz" with {"thread_override": <override>, "user_default": <default>, "mentioned_location": <place>, "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "<source>"
    And the seed leaves the output "skipped" open

    Examples:
      | case                   | override       | default               | place      | tz                  | source       | skipped_source  | reason          |
      | override-abbreviation  | "PST"          | "America/Los_Angeles" | null       | America/Los_Angeles | user_default | thread_override | abbreviation    |
      | override-legacy        | "EST5EDT"      | "America/Chicago"     | null       | America/Chicago     | user_default | thread_override | not_iana_id     |
      | override-unknown       | "Mars/Olympus" | null                  | "Tokyo"    | Asia/Tokyo          | location     | thread_override | unknown_zone    |
      | default-factory        | null           | "Factory"             | null       | UTC                 | fallback     | user_default    | unknown_zone    |
      | default-blank          | null           | "   "                 | null       | UTC                 | fallback     | user_default    | empty           |
      | default-offset         | null           | "UTC+9"               | null       | UTC                 | fallback     | user_default    | unknown_zone    |
      | place-fictional        | null           | null                  | "Atlantis" | UTC                 | fallback     | location        | unknown_place   |
      | place-ambiguous        | null           | null                  | "Victoria" | UTC                 | fallback     | location        | ambiguous_place |
      | place-compass-word     | null           | null                  | "North"    | UTC                 | fallback     | location        | ambiguous_place |

  @decision @req:CLK-TZ-SKIPPED @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/skipped-reported
  Scenario Outline: an unusable stored zone or place is reported among the skipped, with its source and reason
    The seed is silent on invalid candidates: the kit reports each one it passes over, so a
    caller can tell the user why their stored zone was not used.
    When I call "clock-core.resolve_session_tz" with {"thread_override": <override>, "user_default": <default>, "mentioned_location": <place>, "host_tz": <host>, "now": "2026-02-10T03:02:00Z"}
    Then the output "skipped.0.source" is "<skipped_source>"
    And the output "skipped.0.reason" is "<reason>"

    Examples:
      | case                  | override       | default               | place           | host  | skipped_source  | reason          |
      | override-abbreviation | "PST"          | "America/Los_Angeles" | null            | null  | thread_override | abbreviation    |
      | override-legacy       | "EST5EDT"      | "America/Chicago"     | null            | null  | thread_override | not_iana_id     |
      | default-blank         | null           | "   "                 | null            | null  | user_default    | empty           |
      | place-fictional       | null           | null                  | "Atlantis"      | null  | location        | unknown_place   |
      | place-ambiguous       | null           | null                  | "Victoria"      | null  | location        | ambiguous_place |
      | country               | null           | null                  | "United States" | null  | location        | ambiguous_place |
      | host-abbreviation     | null           | "Asia/Kolkata"        | null            | "IST" | host            | abbreviation    |

  @req:CLK-TZ-LOCATION @id:clock-core/session-tz/places
  Scenario Outline: places are the tzdb's exemplar places, in any letter case
    When I call "clock-core.resolve_session_tz" with {"mentioned_location": "<place>", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "location"

    Examples:
      | case          | place          | tz                             |
      | tokyo         | Tokyo          | Asia/Tokyo                     |
      | lower-case    | kathmandu      | Asia/Kathmandu                 |
      | two-words     | Los Angeles    | America/Los_Angeles            |
      | underscore    | Lord_Howe      | Australia/Lord_Howe            |
      | link-longest  | Indianapolis   | America/Indiana/Indianapolis   |

  @req:CLK-TZ-LOCATION @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/places-old-spelling
  Scenario: a place's old spelling names its zone, by the old or the current name
    Calcutta is tzdb's old name of Kolkata (Asia/Calcutta is a link to Asia/Kolkata): both are IANA
    TZ IDs of the one zone, and the seed does not say which to answer.
    When I call "clock-core.resolve_session_tz" with {"mentioned_location": "Calcutta", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is one of "Asia/Calcutta", "Asia/Kolkata"
    And the output "source" is "location"

  @req:CLK-TZ-LOCATION @id:clock-core/session-tz/countries
  Scenario Outline: a country with one zone is an unambiguous region
    §4.2 step 4: "Inferred from mentioned location (unambiguous city/region)". A country whose whole
    territory keeps one zone's offsets is such a region.
    When I call "clock-core.resolve_session_tz" with {"mentioned_location": "<place>", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "location"
    And the output "notice" is false

    Examples:
      | case           | place          | tz             |
      | japan          | Japan          | Asia/Tokyo     |
      | india          | India          | Asia/Kolkata   |
      | germany-lower  | germany        | Europe/Berlin  |
      | united-kingdom | United Kingdom | Europe/London  |
      | south-korea    | South Korea    | Asia/Seoul     |

  @req:CLK-TZ-LOCATION @id:clock-core/session-tz/several-zones
  Scenario Outline: a region that spans zones infers none
    §4.2 step 4 infers only from an "unambiguous city/region": a country with several offsets names
    no zone, so its capital's zone would be a guess. The next step applies: UTC, with a notice for a
    time-sensitive prompt. (Whether the region is reported as ambiguous or unknown is the
    implementation's knowledge; either way it is skipped.)
    When I call "clock-core.resolve_session_tz" with {"mentioned_location": "<place>", "time_sensitive": true, "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "UTC"
    And the output "source" is "fallback"
    And the output "notice" is true
    And the seed leaves the output "skipped" open

    Examples:
      | case          | place         |
      | united-states | United States |
      | australia     | Australia     |
      | canada        | Canada        |
      | russia        | Russia        |
      | brazil        | Brazil        |

  @extension @req:CLK-TZ-LOCATION @id:clock-core/session-tz/reference-places
  Scenario Outline: the reference also knows some large cities, and reads no free text
    Beyond the seed: places no tzdb zone is named after, from the reference's own list. An
    implementation may know more or fewer; "Tokyo, Japan" is free text the reference does not read,
    and Samoa is ambiguous to it only because tzdb's Pacific/Samoa is American Samoa.
    When I call "clock-core.resolve_session_tz" with {"mentioned_location": "<place>", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "<source>"

    Examples:
      | case          | place         | tz                  | source   |
      | mumbai        | Mumbai        | Asia/Kolkata        | location |
      | bengaluru     | Bengaluru     | Asia/Kolkata        | location |
      | san-francisco | San Francisco | America/Los_Angeles | location |
      | osaka         | Osaka         | Asia/Tokyo          | location |
      | tokyo-japan   | Tokyo, Japan  | UTC                 | fallback |
      | samoa         | Samoa         | UTC                 | fallback |

  @req:CLK-TZ-FALLBACK-NOTICE @id:clock-core/session-tz/notice
  Scenario Outline: the UTC fallback carries a notice exactly when the prompt is time-sensitive
    When I call "clock-core.resolve_session_tz" with {"user_default": <default>, <sensitive> "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "notice" is <notice>

    Examples:
      | case                   | default        | sensitive               | tz         | notice |
      | fallback-sensitive     | null           | "time_sensitive": true,  | UTC        | true   |
      | fallback-not-sensitive | null           | "time_sensitive": false, | UTC        | false  |
      | fallback-unsaid        | null           |                         | UTC        | false  |
      | resolved-sensitive     | "Asia/Tokyo"   | "time_sensitive": true,  | Asia/Tokyo | false  |
      | explicit-utc-sensitive | null           | "explicit": "UTC", "time_sensitive": true, | UTC | false |

  @req:CLK-AGENT-TZ @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/agent-tz
  Scenario Outline: the Agent TZ is the host's zone when it is an IANA id, else UTC
    When I call "clock-core.agent_timezone" with {"host_tz": <host>}
    Then the output "timezone" is "<tz>"
    And the output "source" is "<source>"
    And the output "rejected" is <rejected>

    Examples:
      | case            | host              | tz            | source   | rejected |
      | iana            | "Europe/Berlin"   | Europe/Berlin | host     | null     |
      | lower-case      | "europe/berlin"   | Europe/Berlin | host     | null     |
      | utc             | "UTC"             | UTC           | host     | null     |
      | etc-utc         | "Etc/UTC"         | Etc/UTC       | host     | null     |
      | missing         | null              | UTC           | fallback | null     |
      | empty           | ""                | UTC           | fallback | null     |

  @req:CLK-AGENT-TZ @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/agent-tz-rejected
  Scenario Outline: a host zone that is not an IANA id falls back to UTC and is reported
    When I call "clock-core.agent_timezone" with {"host_tz": "<host>"}
    Then the output "timezone" is "UTC"
    And the output "source" is "fallback"
    And the output "rejected.value" is "<host>"
    And the output "rejected.reason" is "<reason>"

    Examples:
      | case            | host           | reason       |
      | abbreviation    | CET            | abbreviation |
      | posix-rule      | EST5EDT        | not_iana_id  |
      | legacy-country  | Singapore      | not_iana_id  |
      | path            | /etc/localtime | unknown_zone |
      | offset          | UTC+9          | unknown_zone |

  @req:CLK-AGENT-TZ @id:clock-core/session-tz/agent-in-resolution
  Scenario: the resolution does not adopt a host zone written as an abbreviation
    When I call "clock-core.resolve_session_tz" with {"user_default": "Asia/Kolkata", "now": "2026-02-10T03:02:00Z", "host_tz": "IST"}
    Then the output "agent_tz" is "UTC"
    And the output "agent_tz_source" is "fallback"
    And the seed leaves the output "skipped" open
    And the output "delta_hours" is 5.5

  @req:CLK-DELTA @id:clock-core/session-tz/delta
  Scenario Outline: delta hours are the offset difference in minutes, DST-aware and fractional
    When I call "clock-core.delta_hours" with {"session_tz": "<session>", "agent_tz": "<agent>", "at": "<at>"}
    Then the output is:
      """json
      {"session_offset_minutes": <s>, "agent_offset_minutes": <a>, "delta_minutes": <d>, "delta_hours": <h>}
      """

    Examples:
      | case                      | session             | agent            | at                   | s    | a    | d    | h     |
      | tokyo-berlin-winter       | Asia/Tokyo          | Europe/Berlin    | 2026-02-10T03:02:00Z | 540  | 60   | 480  | 8     |
      | tokyo-berlin-summer       | Asia/Tokyo          | Europe/Berlin    | 2026-07-01T00:00:00Z | 540  | 120  | 420  | 7     |
      | kolkata-half-hour         | Asia/Kolkata        | UTC              | 2026-02-10T03:02:00Z | 330  | 0    | 330  | 5.5   |
      | kathmandu-quarter-hour    | Asia/Kathmandu      | UTC              | 2026-02-10T03:02:00Z | 345  | 0    | 345  | 5.75  |
      | adelaide-summer           | Australia/Adelaide  | UTC              | 2026-01-15T00:00:00Z | 630  | 0    | 630  | 10.5  |
      | lord-howe-summer          | Australia/Lord_Howe | UTC              | 2026-01-15T00:00:00Z | 660  | 0    | 660  | 11    |
      | lord-howe-winter          | Australia/Lord_Howe | UTC              | 2026-07-15T00:00:00Z | 630  | 0    | 630  | 10.5  |
      | st-johns-new-york         | America/St_Johns    | America/New_York | 2026-02-10T03:02:00Z | -210 | -300 | 90   | 1.5   |
      | negative                  | America/New_York    | Asia/Kolkata     | 2026-02-10T03:02:00Z | -300 | 330  | -630 | -10.5 |
      | chatham-honolulu          | Pacific/Chatham     | Pacific/Honolulu | 2026-02-10T03:02:00Z | 825  | -600 | 1425 | 23.75 |
      | same-zone                 | Europe/Paris        | Europe/Paris     | 2026-02-10T03:02:00Z | 60   | 60   | 0    | 0     |
      | before-spring-forward     | America/New_York    | UTC              | 2026-03-08T06:59:59Z | -300 | 0    | -300 | -5    |
      | at-spring-forward         | America/New_York    | UTC              | 2026-03-08T07:00:00Z | -240 | 0    | -240 | -4    |
      | after-spring-forward      | America/New_York    | UTC              | 2026-03-08T07:00:01Z | -240 | 0    | -240 | -4    |
      | lord-howe-before-shift    | Australia/Lord_Howe | UTC              | 2026-10-03T15:29:59Z | 630  | 0    | 630  | 10.5  |
      | lord-howe-at-shift        | Australia/Lord_Howe | UTC              | 2026-10-03T15:30:00Z | 660  | 0    | 660  | 11    |

  @req:CLK-DELTA @req:CLK-TZ-IANA-ONLY @id:clock-core/session-tz/delta-refuses-abbreviations
  Scenario: delta_hours takes IANA ids only
    When I call "clock-core.delta_hours" with {"session_tz": "IST", "agent_tz": "UTC", "at": "2026-02-10T03:02:00Z"}
    Then the error code is "invalid_timezone"

  @decision @req:CLK-AMBIGUITY-THRESHOLD @req:CLK-POLICY-JSON @id:clock-core/session-tz/ambiguity-threshold
  Scenario Outline: relative times are ambiguous when the zones are at least the threshold apart
    The seed names the threshold but not the comparison; "at least" (≥) matches the policy's
    own wording of its check-in thresholds (elapsed_gte), and the distance is |delta|.
    When I call "clock-core.resolve_session_tz" with {"explicit": "<session>", "now": "2026-02-10T03:02:00Z", "host_tz": "<host>", "policy": <policy>}
    Then the output "relative_times_ambiguous" is <ambiguous>

    Examples:
      | case                    | session          | host          | policy                                         | ambiguous |
      | default-at              | Asia/Dubai       | UTC           | null                                           | true      |
      | default-below           | Asia/Kathmandu   | Africa/Cairo  | null                                           | false     |
      | default-above           | Asia/Kabul       | UTC           | null                                           | true      |
      | threshold-just-below    | Asia/Kolkata     | UTC           | {"clock": {"ambiguity_threshold_hours": 5.25}} | true      |
      | threshold-at            | Asia/Kolkata     | UTC           | {"clock": {"ambiguity_threshold_hours": 5.5}}  | true      |
      | threshold-just-above    | Asia/Kolkata     | UTC           | {"clock": {"ambiguity_threshold_hours": 5.75}} | false     |
      | negative-delta-at       | America/New_York | Asia/Kolkata  | {"clock": {"ambiguity_threshold_hours": 10.5}} | true      |
      | negative-delta-above    | America/New_York | Asia/Kolkata  | {"clock": {"ambiguity_threshold_hours": 10.75}} | false    |
      | zero-threshold-same     | Europe/Paris     | Europe/Paris  | {"clock": {"ambiguity_threshold_hours": 0}}    | true      |

  @req:CLK-POLICY-JSON @decision @id:clock-core/session-tz/invalid-policy
  Scenario: a policy given as JSON is checked like a YAML one
    Seed 004 §0 writes the policy as YAML and says nothing of JSON: the kit's decision.
    When I call "clock-core.resolve_session_tz" with {"now": "2026-02-10T03:02:00Z", "policy": {"clock": {"ambiguity_threshold_hours": "4"}}}
    Then the error code is "invalid_policy"

  @req:CLK-TZ-PRECEDENCE @id:clock-core/session-tz/bad-now
  Scenario: now must be an RFC 3339 instant
    When I call "clock-core.resolve_session_tz" with {"now": "2026-02-10 03:02"}
    Then the error code is "invalid_instant"

  @req:CLK-TZ-STATE @id:clock-core/session-tz/from-state
  Scenario Outline: session_timezone reads the thread's override and the user's default from the state
    When I call "clock-core.session_timezone" with:
      """json
      {"state": {"version": 3,
                 "users": {"user:telegram:42": {"default_tz": "America/New_York"},
                           "user:telegram:7": {"default_tz": "Asia/Tokyo"}},
                 "threads": {"agent:main:telegram:dm:42": {"participants": ["user:telegram:42"]},
                             "agent:main:telegram:dm:7": {"session_tz": "Europe/Paris", "participants": ["user:telegram:7"]},
                             "agent:main:telegram:group:1": {"participants": ["user:telegram:42", "user:telegram:7"]}}},
       "thread_key": "<thread>", "user_key": <user>, "now": "2026-02-10T03:02:00Z", "host_tz": "UTC"}
      """
    Then the output "session_tz" is "<tz>"
    And the output "source" is "<source>"

    Examples:
      | case                     | thread                      | user               | tz               | source          |
      | override                 | agent:main:telegram:dm:7    | null               | Europe/Paris     | thread_override |
      | sole-participant-default | agent:main:telegram:dm:42   | null               | America/New_York | user_default    |
      | group-has-no-default     | agent:main:telegram:group:1 | null               | UTC              | fallback        |
      | group-speaking-user      | agent:main:telegram:group:1 | "user:telegram:7"  | Asia/Tokyo       | user_default    |
      | unknown-thread           | agent:main:telegram:dm:99   | null               | UTC              | fallback        |
      | unknown-thread-user      | agent:main:telegram:dm:99   | "user:telegram:42" | America/New_York | user_default    |

  @req:CLK-TZ-STATE @req:CLK-TZ-EXPLICIT-DECIDES @id:clock-core/session-tz/from-state-explicit
  Scenario: a zone written in the message still wins over the state
    When I call "clock-core.session_timezone" with {"state": {"version": 3, "threads": {"agent:main:chat:dm:1": {"session_tz": "Europe/Paris"}}}, "thread_key": "agent:main:chat:dm:1", "explicit": "Tokyo time", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "Asia/Tokyo"
    And the output "source" is "explicit"

  @req:CLK-TZ-STATE @req:CLK-KEY-PARSE @id:clock-core/session-tz/from-state-bad-key
  Scenario: session_timezone needs a thread key
    When I call "clock-core.session_timezone" with {"state": {"version": 3}, "thread_key": "telegram/dm/42", "now": "2026-02-10T03:02:00Z"}
    Then the error code is "invalid_thread_key"

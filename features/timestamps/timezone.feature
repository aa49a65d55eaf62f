@timestamps
Feature: The chat's time zone and the current-time line
  The seed resolves a user's zone setting with ActiveSupport::TimeZone[name], falling back to
  UTC when the setting is missing, blank or unknown, and puts "Current time:
  YYYY-MM-DDTHH:MM:SS (Zone)" in the system prompt, Zone being the zone's name (tz.name).

  @req:TS-NOW-LINE @req:TS-ZONE-FALLBACK @origin:chat_timestamp_test.rb#current-time-context-includes-timezone-name @id:timestamps/timezone/seed-current-time-utc
  Scenario: current_time_context includes timezone name
    Origin: test/models/chat_timestamp_test.rb › current_time_context includes timezone name (no
    human message, so UTC; the test matches /Current time: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/
    and /\(UTC\)/)
    When I call "timestamps.current_time_context" with {"now": "2026-01-23T14:32:00Z", "timezone": null}
    Then the output "line" contains "Current time: 2026-01-23T14:32:00"
    And the output "line" contains "(UTC)"

  @req:TS-NOW-LINE @req:TS-ZONE-NAMES @origin:seed-002#timestamp-strategy-example @id:timestamps/timezone/seed-example-line
  Scenario: the seed's example line
    Origin: seed 002 "Timestamp Strategy" table, system prompt row: Current time: 2026-01-23T14:32:00 (Europe/London)
    When I call "timestamps.current_time_context" with {"now": "2026-01-23T14:32:00Z", "timezone": "Europe/London"}
    Then the output is:
      """json
      {"line": "Current time: 2026-01-23T14:32:00 (Europe/London)"}
      """

  @req:TS-NOW-LINE @req:TS-LOCAL @req:TS-FORMAT @id:timestamps/timezone/current-time-line
  Scenario Outline: the current-time line, byte for byte
    Seconds are truncated, never rounded; no offset is printed; the zone's wall-clock time is
    shown, daylight saving included.
    When I call "timestamps.current_time_context" with {"now": "<now>", "timezone": "<zone>"}
    Then the output "line" is "<line>"

    Examples:
      | case                  | now                            | zone                | line                                                     |
      | london-winter         | 2026-01-23T14:32:00Z           | Europe/London       | Current time: 2026-01-23T14:32:00 (Europe/London)        |
      | london-summer         | 2026-07-23T14:32:00Z           | Europe/London       | Current time: 2026-07-23T15:32:00 (Europe/London)        |
      | seconds-truncated     | 2026-01-23T14:32:59.999999999Z | UTC                 | Current time: 2026-01-23T14:32:59 (UTC)                  |
      | single-digits         | 2026-03-05T01:02:03.5Z         | UTC                 | Current time: 2026-03-05T01:02:03 (UTC)                  |
      | offset-input          | 2026-01-23T20:02:00+05:30      | UTC                 | Current time: 2026-01-23T14:32:00 (UTC)                  |
      | new-york              | 2026-01-23T14:32:00Z           | America/New_York    | Current time: 2026-01-23T09:32:00 (America/New_York)     |
      | link-keeps-its-name   | 2026-01-23T14:32:00Z           | US/Eastern          | Current time: 2026-01-23T09:32:00 (US/Eastern)           |
      | kiev-link             | 2026-01-23T14:32:00Z           | Europe/Kiev         | Current time: 2026-01-23T16:32:00 (Europe/Kiev)          |
      | etc-utc-keeps-name    | 2026-01-23T14:32:00Z           | Etc/UTC             | Current time: 2026-01-23T14:32:00 (Etc/UTC)              |
      | etc-gmt-plus-5        | 2026-01-23T14:32:00Z           | Etc/GMT+5           | Current time: 2026-01-23T09:32:00 (Etc/GMT+5)            |
      | kathmandu             | 2026-01-23T14:32:00Z           | Asia/Kathmandu      | Current time: 2026-01-23T20:17:00 (Asia/Kathmandu)       |
      | st-johns              | 2026-01-23T14:32:00Z           | America/St_Johns    | Current time: 2026-01-23T11:02:00 (America/St_Johns)     |
      | date-line             | 2026-01-23T14:32:00Z           | Pacific/Kiritimati  | Current time: 2026-01-24T04:32:00 (Pacific/Kiritimati)   |
      | before-spring-gap     | 2026-03-08T06:59:59Z           | America/New_York    | Current time: 2026-03-08T01:59:59 (America/New_York)     |
      | after-spring-gap      | 2026-03-08T07:00:00Z           | America/New_York    | Current time: 2026-03-08T03:00:00 (America/New_York)     |
      | overlap-first         | 2026-11-01T05:30:00Z           | America/New_York    | Current time: 2026-11-01T01:30:00 (America/New_York)     |
      | overlap-second        | 2026-11-01T06:30:00Z           | America/New_York    | Current time: 2026-11-01T01:30:00 (America/New_York)     |
      | lord-howe-summer      | 2026-01-15T12:00:00Z           | Australia/Lord_Howe | Current time: 2026-01-15T23:00:00 (Australia/Lord_Howe)  |
      | lord-howe-winter      | 2026-07-15T12:00:00Z           | Australia/Lord_Howe | Current time: 2026-07-15T22:30:00 (Australia/Lord_Howe)  |
      | monrovia-seconds      | 1971-01-01T10:00:10Z           | Africa/Monrovia     | Current time: 1971-01-01T09:15:40 (Africa/Monrovia)      |
      | invalid-zone          | 2026-01-23T14:32:00Z           | Mars/Olympus_Mons   | Current time: 2026-01-23T14:32:00 (UTC)                  |
      | blank-zone            | 2026-01-23T14:32:00Z           | \u0020\u0020        | Current time: 2026-01-23T14:32:00 (UTC)                  |

  @req:TS-NOW-LINE @req:TS-ZONE-NAMES @id:timestamps/timezone/rails-name-printed-as-given
  Scenario: a Rails zone name is printed as it is, parentheses and all
    tz.name of ActiveSupport::TimeZone["Eastern Time (US & Canada)"] is that name, not
    America/New_York, so the line ends with two closing parentheses: the seed's "(#{tz.name})"
    prints the name as ActiveSupport gives it.
    When I call "timestamps.current_time_context" with {"now": "2026-01-23T14:32:00Z", "timezone": "Eastern Time (US & Canada)"}
    Then the output is:
      """json
      {"line": "Current time: 2026-01-23T09:32:00 (Eastern Time (US & Canada))"}
      """

  @req:TS-ZONE-NAMES @req:TS-ZONE-FALLBACK @id:timestamps/timezone/accepted-names
  Scenario Outline: which settings name a zone — Rails names and exact tzdb identifiers
    ActiveSupport::TimeZone[] accepts a key of its MAPPING or any identifier TZInfo knows, and
    TZInfo is case-sensitive and does not trim. So Rails' friendly names (what time_zone_select
    stores) and IANA names both work, spelled exactly; JavaScript-Intl leniency (any letter case,
    ICU's PST and IST) does not apply. Factory is a decision: the seed defers to
    "ActiveSupport::TimeZone[timezone_name]", whose answer for it depends on TZInfo's data
    source (a system zoneinfo has the file, and it is tzdb's "zone not configured" marker, not
    a place); the kit refuses it (only the printed name would differ — its offset is 0).
    When I call "timestamps.resolve_timezone" with {"timezone": <setting>}
    Then the output is:
      """json
      {"timezone": <name>, "fallback": <fallback>}
      """

    Examples:
      | case                  | setting                        | name                           | fallback |
      | iana                  | "America/New_York"             | "America/New_York"             | false    |
      | iana-three-parts      | "America/Argentina/Buenos_Aires" | "America/Argentina/Buenos_Aires" | false |
      | utc                   | "UTC"                          | "UTC"                          | false    |
      | etc-utc               | "Etc/UTC"                      | "Etc/UTC"                      | false    |
      | link-us-eastern       | "US/Eastern"                   | "US/Eastern"                   | false    |
      | link-gmt              | "GMT"                          | "GMT"                          | false    |
      | link-zulu             | "Zulu"                         | "Zulu"                         | false    |
      | est                   | "EST"                          | "EST"                          | false    |
      | est5edt               | "EST5EDT"                      | "EST5EDT"                      | false    |
      | etc-gmt-minus-14      | "Etc/GMT-14"                   | "Etc/GMT-14"                   | false    |
      | rails-eastern         | "Eastern Time (US & Canada)"   | "Eastern Time (US & Canada)"   | false    |
      | rails-london          | "London"                       | "London"                       | false    |
      | rails-bern            | "Bern"                         | "Bern"                         | false    |
      | rails-apostrophe      | "Nuku'alofa"                   | "Nuku'alofa"                   | false    |
      | lower-case-iana       | "america/new_york"             | "UTC"                          | true     |
      | upper-case-iana       | "EUROPE/LONDON"                | "UTC"                          | true     |
      | lower-case-utc        | "utc"                          | "UTC"                          | true     |
      | lower-case-rails      | "eastern time (us & canada)"   | "UTC"                          | true     |
      | rails-name-shortened  | "Eastern Time"                 | "UTC"                          | true     |
      | icu-pst               | "PST"                          | "UTC"                          | true     |
      | icu-ist               | "IST"                          | "UTC"                          | true     |
      | leading-space         | " UTC"                         | "UTC"                          | true     |
      | trailing-space        | "Europe/London "               | "UTC"                          | true     |
      | offset                | "+05:30"                       | "UTC"                          | true     |
      | utc-plus              | "UTC+5"                        | "UTC"                          | true     |
      | posix-string          | "EST5"                         | "UTC"                          | true     |
      | local                 | "Local"                        | "UTC"                          | true     |
      | posixrules            | "posixrules"                   | "UTC"                          | true     |
      | double-slash          | "America//New_York"            | "UTC"                          | true     |
      | right-utc             | "right/UTC"                    | "UTC"                          | true     |
      | unknown               | "Mars/Olympus_Mons"            | "UTC"                          | true     |

    @decision
    Examples: the seed's system answers either way
      | case                  | setting                        | name                           | fallback |
      | factory               | "Factory"                      | "UTC"                          | true     |

  @req:TS-ZONE-FALLBACK @id:timestamps/timezone/blank-settings
  Scenario Outline: missing, null and blank settings mean UTC; blank is Rails' blank?
    The seed's `timezone.presence || "UTC"` treats nil and blank strings alike. Rails' blank? is
    "empty or only [[:space:]]", Unicode White_Space: U+00A0, U+0085 and U+3000 are white space,
    U+200B and U+FEFF are not (those names are then simply unknown: UTC all the same).
    When I call "timestamps.resolve_timezone" with {"timezone": <setting>}
    Then the output is:
      """json
      {"timezone": "UTC", "fallback": true}
      """

    Examples:
      | case          | setting          |
      | null          | null             |
      | empty         | ""               |
      | spaces        | "   "            |
      | tab-newline   | "\u0009\u000a"   |
      | no-break      | "\u00a0"         |
      | next-line     | "\u0085"         |
      | ideographic   | "\u3000"         |
      | zero-width    | "\u200b"         |
      | byte-order    | "\ufeff"         |

  @req:TS-ZONE-FALLBACK @id:timestamps/timezone/missing-setting
  Scenario: no setting at all is UTC
    When I call "timestamps.resolve_timezone" with {}
    Then the output is:
      """json
      {"timezone": "UTC", "fallback": true}
      """

  @req:TS-ZONE-FALLBACK @id:timestamps/timezone/setting-wrong-type
  Scenario: a setting that is not a string is refused
    When I call "timestamps.resolve_timezone" with {"timezone": ["UTC"]}
    Then the error code is "invalid_input"

  @req:TS-INSTANT @decision @id:timestamps/timezone/now-required
  Scenario: the current-time line needs now
    Seed 002 reads created_at from the database and never writes an instant down: the RFC 3339 shape of an instant on the wire, and invalid_input versus invalid_time, are the kit's decision.
    When I call "timestamps.current_time_context" with {"timezone": "UTC"}
    Then the error code is "invalid_input"
    When I call "timestamps.current_time_context" with {"now": "2026-02-29T10:00:00Z"}
    Then the error code is "invalid_time"

  @req:TS-ZONE-NAMES @req:TS-NOW-LINE @id:timestamps/timezone/rails-names
  Scenario Outline: every Rails zone name is accepted, computed in its tzdb zone and printed as given
    The 151 names of ActiveSupport::TimeZone::MAPPING (Rails 6.1 to 8.0) are what a Rails app's
    time_zone_select stores, so a user's setting is as likely "Bern" as "Europe/Zurich". Each is
    computed in its mapped tzdb zone ($defs.rails_time_zone_mapping) and printed as the Rails
    name. January and July catch the zones with daylight saving.
    When I call "timestamps.current_time_context" with {"now": "2026-01-15T12:00:00Z", "timezone": "<name>"}
    Then the output "line" is "Current time: <january> (<name>)"
    When I call "timestamps.current_time_context" with {"now": "2026-07-15T12:00:00Z", "timezone": "<name>"}
    Then the output "line" is "Current time: <july> (<name>)"

    Examples:
      | case                         | name                         | january             | july                |
      | international-date-line-west | International Date Line West | 2026-01-15T00:00:00 | 2026-07-15T00:00:00 |
      | midway-island                | Midway Island                | 2026-01-15T01:00:00 | 2026-07-15T01:00:00 |
      | american-samoa               | American Samoa               | 2026-01-15T01:00:00 | 2026-07-15T01:00:00 |
      | hawaii                       | Hawaii                       | 2026-01-15T02:00:00 | 2026-07-15T02:00:00 |
      | alaska                       | Alaska                       | 2026-01-15T03:00:00 | 2026-07-15T04:00:00 |
      | pacific-time-us-canada       | Pacific Time (US & Canada)   | 2026-01-15T04:00:00 | 2026-07-15T05:00:00 |
      | tijuana                      | Tijuana                      | 2026-01-15T04:00:00 | 2026-07-15T05:00:00 |
      | mountain-time-us-canada      | Mountain Time (US & Canada)  | 2026-01-15T05:00:00 | 2026-07-15T06:00:00 |
      | arizona                      | Arizona                      | 2026-01-15T05:00:00 | 2026-07-15T05:00:00 |
      | chihuahua                    | Chihuahua                    | 2026-01-15T06:00:00 | 2026-07-15T06:00:00 |
      | mazatlan                     | Mazatlan                     | 2026-01-15T05:00:00 | 2026-07-15T05:00:00 |
      | central-time-us-canada       | Central Time (US & Canada)   | 2026-01-15T06:00:00 | 2026-07-15T07:00:00 |
      | saskatchewan                 | Saskatchewan                 | 2026-01-15T06:00:00 | 2026-07-15T06:00:00 |
      | guadalajara                  | Guadalajara                  | 2026-01-15T06:00:00 | 2026-07-15T06:00:00 |
      | mexico-city                  | Mexico City                  | 2026-01-15T06:00:00 | 2026-07-15T06:00:00 |
      | monterrey                    | Monterrey                    | 2026-01-15T06:00:00 | 2026-07-15T06:00:00 |
      | central-america              | Central America              | 2026-01-15T06:00:00 | 2026-07-15T06:00:00 |
      | eastern-time-us-canada       | Eastern Time (US & Canada)   | 2026-01-15T07:00:00 | 2026-07-15T08:00:00 |
      | indiana-east                 | Indiana (East)               | 2026-01-15T07:00:00 | 2026-07-15T08:00:00 |
      | bogota                       | Bogota                       | 2026-01-15T07:00:00 | 2026-07-15T07:00:00 |
      | lima                         | Lima                         | 2026-01-15T07:00:00 | 2026-07-15T07:00:00 |
      | quito                        | Quito                        | 2026-01-15T07:00:00 | 2026-07-15T07:00:00 |
      | atlantic-time-canada         | Atlantic Time (Canada)       | 2026-01-15T08:00:00 | 2026-07-15T09:00:00 |
      | caracas                      | Caracas                      | 2026-01-15T08:00:00 | 2026-07-15T08:00:00 |
      | la-paz                       | La Paz                       | 2026-01-15T08:00:00 | 2026-07-15T08:00:00 |
      | santiago                     | Santiago                     | 2026-01-15T09:00:00 | 2026-07-15T08:00:00 |
      | newfoundland                 | Newfoundland                 | 2026-01-15T08:30:00 | 2026-07-15T09:30:00 |
      | brasilia                     | Brasilia                     | 2026-01-15T09:00:00 | 2026-07-15T09:00:00 |
      | buenos-aires                 | Buenos Aires                 | 2026-01-15T09:00:00 | 2026-07-15T09:00:00 |
      | montevideo                   | Montevideo                   | 2026-01-15T09:00:00 | 2026-07-15T09:00:00 |
      | georgetown                   | Georgetown                   | 2026-01-15T08:00:00 | 2026-07-15T08:00:00 |
      | puerto-rico                  | Puerto Rico                  | 2026-01-15T08:00:00 | 2026-07-15T08:00:00 |
      | greenland                    | Greenland                    | 2026-01-15T10:00:00 | 2026-07-15T11:00:00 |
      | mid-atlantic                 | Mid-Atlantic                 | 2026-01-15T10:00:00 | 2026-07-15T10:00:00 |
      | azores                       | Azores                       | 2026-01-15T11:00:00 | 2026-07-15T12:00:00 |
      | cape-verde-is                | Cape Verde Is.               | 2026-01-15T11:00:00 | 2026-07-15T11:00:00 |
      | dublin                       | Dublin                       | 2026-01-15T12:00:00 | 2026-07-15T13:00:00 |
      | edinburgh                    | Edinburgh                    | 2026-01-15T12:00:00 | 2026-07-15T13:00:00 |
      | lisbon                       | Lisbon                       | 2026-01-15T12:00:00 | 2026-07-15T13:00:00 |
      | london                       | London                       | 2026-01-15T12:00:00 | 2026-07-15T13:00:00 |
      | casablanca                   | Casablanca                   | 2026-01-15T13:00:00 | 2026-07-15T13:00:00 |
      | monrovia                     | Monrovia                     | 2026-01-15T12:00:00 | 2026-07-15T12:00:00 |
      | utc                          | UTC                          | 2026-01-15T12:00:00 | 2026-07-15T12:00:00 |
      | belgrade                     | Belgrade                     | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | bratislava                   | Bratislava                   | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | budapest                     | Budapest                     | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | ljubljana                    | Ljubljana                    | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | prague                       | Prague                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | sarajevo                     | Sarajevo                     | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | skopje                       | Skopje                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | warsaw                       | Warsaw                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | zagreb                       | Zagreb                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | brussels                     | Brussels                     | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | copenhagen                   | Copenhagen                   | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | madrid                       | Madrid                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | paris                        | Paris                        | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | amsterdam                    | Amsterdam                    | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | berlin                       | Berlin                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | bern                         | Bern                         | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | zurich                       | Zurich                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | rome                         | Rome                         | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | stockholm                    | Stockholm                    | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | vienna                       | Vienna                       | 2026-01-15T13:00:00 | 2026-07-15T14:00:00 |
      | west-central-africa          | West Central Africa          | 2026-01-15T13:00:00 | 2026-07-15T13:00:00 |
      | bucharest                    | Bucharest                    | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | cairo                        | Cairo                        | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | helsinki                     | Helsinki                     | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | kyiv                         | Kyiv                         | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | riga                         | Riga                         | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | sofia                        | Sofia                        | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | tallinn                      | Tallinn                      | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | vilnius                      | Vilnius                      | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | athens                       | Athens                       | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | istanbul                     | Istanbul                     | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | minsk                        | Minsk                        | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | jerusalem                    | Jerusalem                    | 2026-01-15T14:00:00 | 2026-07-15T15:00:00 |
      | harare                       | Harare                       | 2026-01-15T14:00:00 | 2026-07-15T14:00:00 |
      | pretoria                     | Pretoria                     | 2026-01-15T14:00:00 | 2026-07-15T14:00:00 |
      | kaliningrad                  | Kaliningrad                  | 2026-01-15T14:00:00 | 2026-07-15T14:00:00 |
      | moscow                       | Moscow                       | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | st-petersburg                | St. Petersburg               | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | volgograd                    | Volgograd                    | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | samara                       | Samara                       | 2026-01-15T16:00:00 | 2026-07-15T16:00:00 |
      | kuwait                       | Kuwait                       | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | riyadh                       | Riyadh                       | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | nairobi                      | Nairobi                      | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | baghdad                      | Baghdad                      | 2026-01-15T15:00:00 | 2026-07-15T15:00:00 |
      | tehran                       | Tehran                       | 2026-01-15T15:30:00 | 2026-07-15T15:30:00 |
      | abu-dhabi                    | Abu Dhabi                    | 2026-01-15T16:00:00 | 2026-07-15T16:00:00 |
      | muscat                       | Muscat                       | 2026-01-15T16:00:00 | 2026-07-15T16:00:00 |
      | baku                         | Baku                         | 2026-01-15T16:00:00 | 2026-07-15T16:00:00 |
      | tbilisi                      | Tbilisi                      | 2026-01-15T16:00:00 | 2026-07-15T16:00:00 |
      | yerevan                      | Yerevan                      | 2026-01-15T16:00:00 | 2026-07-15T16:00:00 |
      | kabul                        | Kabul                        | 2026-01-15T16:30:00 | 2026-07-15T16:30:00 |
      | ekaterinburg                 | Ekaterinburg                 | 2026-01-15T17:00:00 | 2026-07-15T17:00:00 |
      | islamabad                    | Islamabad                    | 2026-01-15T17:00:00 | 2026-07-15T17:00:00 |
      | karachi                      | Karachi                      | 2026-01-15T17:00:00 | 2026-07-15T17:00:00 |
      | tashkent                     | Tashkent                     | 2026-01-15T17:00:00 | 2026-07-15T17:00:00 |
      | chennai                      | Chennai                      | 2026-01-15T17:30:00 | 2026-07-15T17:30:00 |
      | kolkata                      | Kolkata                      | 2026-01-15T17:30:00 | 2026-07-15T17:30:00 |
      | mumbai                       | Mumbai                       | 2026-01-15T17:30:00 | 2026-07-15T17:30:00 |
      | new-delhi                    | New Delhi                    | 2026-01-15T17:30:00 | 2026-07-15T17:30:00 |
      | kathmandu                    | Kathmandu                    | 2026-01-15T17:45:00 | 2026-07-15T17:45:00 |
      | astana                       | Astana                       | 2026-01-15T18:00:00 | 2026-07-15T18:00:00 |
      | dhaka                        | Dhaka                        | 2026-01-15T18:00:00 | 2026-07-15T18:00:00 |
      | sri-jayawardenepura          | Sri Jayawardenepura          | 2026-01-15T17:30:00 | 2026-07-15T17:30:00 |
      | almaty                       | Almaty                       | 2026-01-15T17:00:00 | 2026-07-15T17:00:00 |
      | novosibirsk                  | Novosibirsk                  | 2026-01-15T19:00:00 | 2026-07-15T19:00:00 |
      | rangoon                      | Rangoon                      | 2026-01-15T18:30:00 | 2026-07-15T18:30:00 |
      | bangkok                      | Bangkok                      | 2026-01-15T19:00:00 | 2026-07-15T19:00:00 |
      | hanoi                        | Hanoi                        | 2026-01-15T19:00:00 | 2026-07-15T19:00:00 |
      | jakarta                      | Jakarta                      | 2026-01-15T19:00:00 | 2026-07-15T19:00:00 |
      | krasnoyarsk                  | Krasnoyarsk                  | 2026-01-15T19:00:00 | 2026-07-15T19:00:00 |
      | beijing                      | Beijing                      | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | chongqing                    | Chongqing                    | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | hong-kong                    | Hong Kong                    | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | urumqi                       | Urumqi                       | 2026-01-15T18:00:00 | 2026-07-15T18:00:00 |
      | kuala-lumpur                 | Kuala Lumpur                 | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | singapore                    | Singapore                    | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | taipei                       | Taipei                       | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | perth                        | Perth                        | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | irkutsk                      | Irkutsk                      | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | ulaanbaatar                  | Ulaanbaatar                  | 2026-01-15T20:00:00 | 2026-07-15T20:00:00 |
      | seoul                        | Seoul                        | 2026-01-15T21:00:00 | 2026-07-15T21:00:00 |
      | osaka                        | Osaka                        | 2026-01-15T21:00:00 | 2026-07-15T21:00:00 |
      | sapporo                      | Sapporo                      | 2026-01-15T21:00:00 | 2026-07-15T21:00:00 |
      | tokyo                        | Tokyo                        | 2026-01-15T21:00:00 | 2026-07-15T21:00:00 |
      | yakutsk                      | Yakutsk                      | 2026-01-15T21:00:00 | 2026-07-15T21:00:00 |
      | darwin                       | Darwin                       | 2026-01-15T21:30:00 | 2026-07-15T21:30:00 |
      | adelaide                     | Adelaide                     | 2026-01-15T22:30:00 | 2026-07-15T21:30:00 |
      | canberra                     | Canberra                     | 2026-01-15T23:00:00 | 2026-07-15T22:00:00 |
      | melbourne                    | Melbourne                    | 2026-01-15T23:00:00 | 2026-07-15T22:00:00 |
      | sydney                       | Sydney                       | 2026-01-15T23:00:00 | 2026-07-15T22:00:00 |
      | brisbane                     | Brisbane                     | 2026-01-15T22:00:00 | 2026-07-15T22:00:00 |
      | hobart                       | Hobart                       | 2026-01-15T23:00:00 | 2026-07-15T22:00:00 |
      | vladivostok                  | Vladivostok                  | 2026-01-15T22:00:00 | 2026-07-15T22:00:00 |
      | guam                         | Guam                         | 2026-01-15T22:00:00 | 2026-07-15T22:00:00 |
      | port-moresby                 | Port Moresby                 | 2026-01-15T22:00:00 | 2026-07-15T22:00:00 |
      | magadan                      | Magadan                      | 2026-01-15T23:00:00 | 2026-07-15T23:00:00 |
      | srednekolymsk                | Srednekolymsk                | 2026-01-15T23:00:00 | 2026-07-15T23:00:00 |
      | solomon-is                   | Solomon Is.                  | 2026-01-15T23:00:00 | 2026-07-15T23:00:00 |
      | new-caledonia                | New Caledonia                | 2026-01-15T23:00:00 | 2026-07-15T23:00:00 |
      | fiji                         | Fiji                         | 2026-01-16T00:00:00 | 2026-07-16T00:00:00 |
      | kamchatka                    | Kamchatka                    | 2026-01-16T00:00:00 | 2026-07-16T00:00:00 |
      | marshall-is                  | Marshall Is.                 | 2026-01-16T00:00:00 | 2026-07-16T00:00:00 |
      | auckland                     | Auckland                     | 2026-01-16T01:00:00 | 2026-07-16T00:00:00 |
      | wellington                   | Wellington                   | 2026-01-16T01:00:00 | 2026-07-16T00:00:00 |
      | nuku-alofa                   | Nuku'alofa                   | 2026-01-16T01:00:00 | 2026-07-16T01:00:00 |
      | tokelau-is                   | Tokelau Is.                  | 2026-01-16T01:00:00 | 2026-07-16T01:00:00 |
      | chatham-is                   | Chatham Is.                  | 2026-01-16T01:45:00 | 2026-07-16T00:45:00 |
      | samoa                        | Samoa                        | 2026-01-16T01:00:00 | 2026-07-16T01:00:00 |

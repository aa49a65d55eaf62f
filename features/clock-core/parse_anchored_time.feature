@clock-core @section:4.3 @section:4.4
Feature: parse_anchored_time
  §4.3: no concrete time from floating time unless it is anchored to the Session TZ and
  converted to an absolute timestamp. §4.4: parse_anchored_time parses anchored times only.
  The accepted grammar is spec/clock-core/grammar.md; these rows are its case table. The
  reference instant is 2026-02-10T03:02:00Z (12:02 in Tokyo, 08:32 in Kolkata, 22:02 the
  evening before in New York).

  @req:CLK-PARSE-ABSOLUTE @req:CLK-PARSE-OUTPUT @id:clock-core/parse/instants
  Scenario Outline: absolute instants and calendar dates
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                     | text                             | tz                 | kind     | start                          | end                         | zone               | zone_source | dst  | clarify | question |
      | instant-offset           | "2026-02-10T12:02:00+09:00"      | null               | absolute | "2026-02-10T12:02:00+09:00"    | null                        | "Etc/GMT-9"        | "text"      | null | false   | null     |
      | instant-z                | "2026-02-10T03:02:00Z"           | null               | absolute | "2026-02-10T03:02:00+00:00"    | null                        | "UTC"              | "text"      | null | false   | null     |
      | instant-space-no-seconds | "2026-02-10 12:02+09:00"         | null               | absolute | "2026-02-10T12:02:00+09:00"    | null                        | "Etc/GMT-9"        | "text"      | null | false   | null     |
      | instant-fraction         | "2026-02-10T12:02:00.250+09:00"  | null               | absolute | "2026-02-10T12:02:00.25+09:00" | null                        | "Etc/GMT-9"        | "text"      | null | false   | null     |
      | instant-lower-t-z        | "2026-02-10t03:02:00z"           | null               | absolute | "2026-02-10T03:02:00+00:00"    | null                        | "UTC"              | "text"      | null | false   | null     |
      | date-anchored            | "2026-02-10"                     | "Asia/Tokyo"       | absolute | "2026-02-10T00:00:00+09:00"    | "2026-02-11T00:00:00+09:00" | "Asia/Tokyo"       | "anchor"    | null | false   | null     |
      | date-time-anchored       | "2026-02-10 09:00"               | "Asia/Tokyo"       | absolute | "2026-02-10T09:00:00+09:00"    | null                        | "Asia/Tokyo"       | "anchor"    | null | false   | null     |
      | date-t-time-anchored     | "2026-02-10T09:00"               | "Asia/Tokyo"       | absolute | "2026-02-10T09:00:00+09:00"    | null                        | "Asia/Tokyo"       | "anchor"    | null | false   | null     |
      | date-time-zone           | "2026-02-10 09:00 Europe/Berlin" | null               | absolute | "2026-02-10T09:00:00+01:00"    | null                        | "Europe/Berlin"    | "text"      | null | false   | null     |
      | date-at-12-hour          | "2026-02-10 at 9:15 pm"          | "UTC"              | absolute | "2026-02-10T21:15:00+00:00"    | null                        | "UTC"              | "anchor"    | null | false   | null     |
      | feb-29-leap              | "2028-02-29 09:00"               | "UTC"              | absolute | "2028-02-29T09:00:00+00:00"    | null                        | "UTC"              | "anchor"    | null | false   | null     |
      | year-9999                | "9999-12-31 23:59"               | "UTC"              | absolute | "9999-12-31T23:59:00+00:00"    | null                        | "UTC"              | "anchor"    | null | false   | null     |
      | year-9999-east           | "9999-12-31 23:59 UTC+14"        | null               | absolute | "9999-12-31T23:59:00+14:00"    | null                        | "Etc/GMT-14"       | "text"      | null | false   | null     |
      | day-with-gap-start       | "2026-03-08"                     | "America/New_York" | absolute | "2026-03-08T00:00:00-05:00"    | "2026-03-09T00:00:00-04:00" | "America/New_York" | "anchor"    | null | false   | null     |

  @decision @req:CLK-PARSE-RELATIVE @req:CLK-PARSE-OUTPUT @id:clock-core/parse/relative
  Scenario Outline: relative expressions are computed from the reference instant
    A day in "in N days" is exactly 24 hours: these are durations, which need no zone, and the seed's §2 measures elapsed time between absolute instants.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                | text                        | tz                 | kind     | start                       | end                         | zone               | zone_source | dst  | clarify | question |
      | now                 | "now"                       | null               | relative | "2026-02-10T03:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | now-upper           | "NOW"                       | null               | relative | "2026-02-10T03:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-2-hours          | "in 2 hours"                | null               | relative | "2026-02-10T05:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-an-hour          | "in an hour"                | null               | relative | "2026-02-10T04:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-a-minute         | "in a minute"               | null               | relative | "2026-02-10T03:03:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-90-mins          | "in 90 mins"                | null               | relative | "2026-02-10T04:32:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-1-day            | "in 1 day"                  | null               | relative | "2026-02-11T03:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-2-weeks          | "in 2 weeks"                | null               | relative | "2026-02-24T03:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | in-0-minutes        | "in 0 minutes"              | null               | relative | "2026-02-10T03:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | ago                 | "3 days ago"                | null               | relative | "2026-02-07T03:02:00Z"      | null                        | null               | null        | null | false   | null     |
      | tomorrow-0900-tokyo | "tomorrow 09:00 Asia/Tokyo" | null               | relative | "2026-02-11T09:00:00+09:00" | null                        | "Asia/Tokyo"       | "text"      | null | false   | null     |
      | tomorrow-anchored   | "tomorrow"                  | "Asia/Tokyo"       | relative | "2026-02-11T00:00:00+09:00" | "2026-02-12T00:00:00+09:00" | "Asia/Tokyo"       | "anchor"    | null | false   | null     |
      | yesterday-anchored  | "yesterday"                 | "America/New_York" | relative | "2026-02-08T00:00:00-05:00" | "2026-02-09T00:00:00-05:00" | "America/New_York" | "anchor"    | null | false   | null     |
      | today-noon          | "today noon"                | "UTC"              | relative | "2026-02-10T12:00:00+00:00" | null                        | "UTC"              | "anchor"    | null | false   | null     |
      | at-9am              | "at 9am"                    | "UTC"              | relative | "2026-02-10T09:00:00+00:00" | null                        | "UTC"              | "anchor"    | null | false   | null     |
      | padded              | "  tomorrow   at  9am  "    | "UTC"              | relative | "2026-02-11T09:00:00+00:00" | null                        | "UTC"              | "anchor"    | null | false   | null     |

  @decision @req:CLK-PARSE-RELATIVE @id:clock-core/parse/next-occurrence
  Scenario Outline: a bare time of day is its next occurrence at or after the reference instant
    "9am" said after 9am means tomorrow's 9am for a reminder; the reference instant itself still counts (at, not after), so a time said at that very minute is now.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                              | text        | tz             | kind     | start                       | end  | zone           | zone_source | dst  | clarify | question |
      | 9am-anchored-kolkata              | "9am"       | "Asia/Kolkata" | relative | "2026-02-10T09:00:00+05:30" | null | "Asia/Kolkata" | "anchor"    | null | false   | null     |
      | 8am-anchored-kolkata-passed       | "8am"       | "Asia/Kolkata" | relative | "2026-02-11T08:00:00+05:30" | null | "Asia/Kolkata" | "anchor"    | null | false   | null     |
      | 0831-anchored-kolkata-just-passed | "08:31"     | "Asia/Kolkata" | relative | "2026-02-11T08:31:00+05:30" | null | "Asia/Kolkata" | "anchor"    | null | false   | null     |
      | 0832-anchored-kolkata-now         | "08:32"     | "Asia/Kolkata" | relative | "2026-02-10T08:32:00+05:30" | null | "Asia/Kolkata" | "anchor"    | null | false   | null     |
      | 0833-anchored-kolkata-just-ahead  | "08:33"     | "Asia/Kolkata" | relative | "2026-02-10T08:33:00+05:30" | null | "Asia/Kolkata" | "anchor"    | null | false   | null     |
      | 12am                              | "12am"      | "UTC"          | relative | "2026-02-11T00:00:00+00:00" | null | "UTC"          | "anchor"    | null | false   | null     |
      | 12pm                              | "12pm"      | "UTC"          | relative | "2026-02-10T12:00:00+00:00" | null | "UTC"          | "anchor"    | null | false   | null     |
      | 12-30-am                          | "12:30 am"  | "UTC"          | relative | "2026-02-11T00:30:00+00:00" | null | "UTC"          | "anchor"    | null | false   | null     |
      | 23-59-59                          | "23:59:59"  | "UTC"          | relative | "2026-02-10T23:59:59+00:00" | null | "UTC"          | "anchor"    | null | false   | null     |
      | 9am-utc-plus-9                    | "9am UTC+9" | null           | relative | "2026-02-11T09:00:00+09:00" | null | "Etc/GMT-9"    | "text"      | null | false   | null     |
      | 9am-utc-plus-0                    | "9am UTC+0" | null           | relative | "2026-02-10T09:00:00+00:00" | null | "UTC"          | "text"      | null | false   | null     |

  @req:CLK-PARSE-FLOATING @id:clock-core/parse/floating
  Scenario Outline: a time without a zone or anchor is floating, never an instant
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case              | text         | tz   | kind     | start | end  | zone | zone_source | dst  | clarify | question                                                                                                    |
      | 9am-floating      | "9am"        | null | floating | null  | null | null | null        | null | true    | "Which time zone is \"9am\" in?"                                                                            |
      | tomorrow-floating | "tomorrow"   | null | floating | null  | null | null | null        | null | true    | "Which time zone is \"tomorrow\" in?"                                                                       |
      | date-floating     | "2026-02-10" | null | floating | null  | null | null | null        | null | true    | "Which time zone is \"2026-02-10\" in?"                                                                     |
      | abbr-no-anchor    | "9am EST"    | null | floating | null  | null | null | null        | null | true    | "Which time zone do you mean by \"EST\"? Please name a city or an IANA time zone (for example Asia/Tokyo)." |

  @decision @req:CLK-PARSE-FLOATING @id:clock-core/parse/vague
  Scenario Outline: vague times stay floating even with a zone
    A part of the day names no time; turning "tonight" into 18:00 or "midnight" into either end of a day would be a guess, which §4.3 forbids.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case             | text               | tz           | kind     | start | end  | zone | zone_source | dst  | clarify | question                                                              |
      | tonight          | "tonight"          | null         | floating | null  | null | null | null        | null | true    | "What exact time do you mean by \"tonight\", and in which time zone?" |
      | tonight-anchored | "tonight"          | "Asia/Tokyo" | floating | null  | null | null | null        | null | true    | "What exact time do you mean by \"tonight\"?"                         |
      | midnight         | "midnight"         | "Asia/Tokyo" | floating | null  | null | null | null        | null | true    | "What exact time do you mean by \"midnight\"?"                        |
      | tomorrow-morning | "tomorrow morning" | "Asia/Tokyo" | floating | null  | null | null | null        | null | true    | "What exact time do you mean by \"tomorrow morning\"?"                |

  @req:CLK-PARSE-ANCHOR @req:CLK-PARSE-OUTPUT @id:clock-core/parse/anchor
  Scenario Outline: the Session TZ anchor turns floating forms into instants; a written zone wins
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                   | text                             | tz              | kind     | start                       | end  | zone            | zone_source | dst  | clarify | question |
      | in-2-hours-anchored    | "in 2 hours"                     | "Asia/Tokyo"    | relative | "2026-02-10T14:02:00+09:00" | null | null            | null        | null | false   | null     |
      | tomorrow-at-9am-anchor | "tomorrow at 9am"                | "Europe/London" | relative | "2026-02-11T09:00:00+00:00" | null | "Europe/London" | "anchor"    | null | false   | null     |
      | 9am-tomorrow-anchor    | "9am tomorrow"                   | "Europe/London" | relative | "2026-02-11T09:00:00+00:00" | null | "Europe/London" | "anchor"    | null | false   | null     |
      | date-time-zone-wins    | "2026-02-10 09:00 Europe/Berlin" | "Asia/Tokyo"    | absolute | "2026-02-10T09:00:00+01:00" | null | "Europe/Berlin" | "text"      | null | false   | null     |

  @decision @req:CLK-PARSE-OUTPUT @req:CLK-TZ-EXPLICIT-FORMS @id:clock-core/parse/written-zones
  Scenario Outline: zones written after the time
    Whole-hour offsets are answered as their IANA ids (Etc/GMT∓N) like everywhere else; an offset without an IANA id is still an exact instant, so it is kept as a fixed zone named UTC±hh:mm.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                | text                   | tz   | kind     | start                       | end  | zone               | zone_source | dst  | clarify | question |
      | 9am-utc-plus-0900   | "9am UTC+09:00"        | null | relative | "2026-02-11T09:00:00+09:00" | null | "Etc/GMT-9"        | "text"      | null | false   | null     |
      | 9am-gmt-minus-3-30  | "9am GMT-3:30"         | null | relative | "2026-02-10T09:00:00-03:30" | null | "UTC-03:30"        | "text"      | null | false   | null     |
      | 9am-utc-plus-5-45   | "9am UTC+5:45"         | null | relative | "2026-02-10T09:00:00+05:45" | null | "UTC+05:45"        | "text"      | null | false   | null     |
      | 9am-utc-plus-14     | "9am UTC+14"           | null | relative | "2026-02-11T09:00:00+14:00" | null | "Etc/GMT-14"       | "text"      | null | false   | null     |
      | 9am-utc-minus-12    | "9am UTC-12"           | null | relative | "2026-02-10T09:00:00-12:00" | null | "Etc/GMT+12"       | "text"      | null | false   | null     |
      | 9am-utc-plus-13-45  | "9am UTC+13:45"        | null | relative | "2026-02-11T09:00:00+13:45" | null | "UTC+13:45"        | "text"      | null | false   | null     |
      | 9am-utc-minus-11-30 | "9am UTC-11:30"        | null | relative | "2026-02-10T09:00:00-11:30" | null | "UTC-11:30"        | "text"      | null | false   | null     |
      | time-tokyo-place    | "9:30 pm Tokyo time"   | null | relative | "2026-02-10T21:30:00+09:00" | null | "Asia/Tokyo"       | "text"      | null | false   | null     |
      | time-new-york-place | "9:30pm New York time" | null | relative | "2026-02-10T21:30:00-05:00" | null | "America/New_York" | "text"      | null | false   | null     |
      | lower-iana          | "9am asia/tokyo"       | null | relative | "2026-02-11T09:00:00+09:00" | null | "Asia/Tokyo"       | "text"      | null | false   | null     |

  @decision @req:CLK-PARSE-ABBREVIATION @req:CLK-TZ-ABBREVIATION @id:clock-core/parse/abbreviations
  Scenario Outline: an abbreviation after a time resolves only to an anchor that uses it
    §4.2: abbreviations resolve through known context or are asked about; in parse_anchored_time the only context is the anchor. In free text only capitals are an abbreviation, so "9am sharp" is not a zone.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                       | text        | tz                 | kind     | start                       | end  | zone               | zone_source | dst  | clarify | question                                                                                                    |
      | abbr-matching-anchor       | "9am EST"   | "America/New_York" | relative | "2026-02-10T09:00:00-05:00" | null | "America/New_York" | "anchor"    | null | false   | null                                                                                                        |
      | abbr-other-anchor          | "9am EST"   | "Asia/Tokyo"       | floating | null                        | null | null               | null        | null | true    | "Which time zone do you mean by \"EST\"? Please name a city or an IANA time zone (for example Asia/Tokyo)." |
      | abbr-summer-name-in-winter | "9am EDT"   | "America/New_York" | relative | "2026-02-10T09:00:00-05:00" | null | "America/New_York" | "anchor"    | null | false   | null                                                                                                        |
      | abbr-lower                 | "9am est"   | "America/New_York" | invalid  | null                        | null | null               | null        | null | false   | null                                                                                                        |
      | legacy-name                | "9am Japan" | null               | invalid  | null                        | null | null               | null        | null | false   | null                                                                                                        |
      | place-without-time-word    | "9am Tokyo" | null               | invalid  | null                        | null | null               | null        | null | false   | null                                                                                                        |
      | lower-word                 | "9am sharp" | null               | invalid  | null                        | null | null               | null        | null | false   | null                                                                                                        |

  @decision @req:CLK-PARSE-DST @id:clock-core/parse/dst
  Scenario Outline: local times in DST gaps and overlaps
    Pinned to the "compatible" rule of RFC 5545 and JavaScript's Temporal: a skipped time moves forward by the gap, a repeated time is the earlier instant; both are reported.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                | text               | tz                    | kind     | start                       | end  | zone                  | zone_source | dst       | clarify | question |
      | gap-new-york        | "2026-03-08 02:30" | "America/New_York"    | absolute | "2026-03-08T03:30:00-04:00" | null | "America/New_York"    | "anchor"    | "gap"     | false   | null     |
      | gap-edge-before     | "2026-03-08 01:59" | "America/New_York"    | absolute | "2026-03-08T01:59:00-05:00" | null | "America/New_York"    | "anchor"    | null      | false   | null     |
      | gap-edge-after      | "2026-03-08 03:00" | "America/New_York"    | absolute | "2026-03-08T03:00:00-04:00" | null | "America/New_York"    | "anchor"    | null      | false   | null     |
      | overlap-new-york    | "2026-11-01 01:30" | "America/New_York"    | absolute | "2026-11-01T01:30:00-04:00" | null | "America/New_York"    | "anchor"    | "overlap" | false   | null     |
      | overlap-edge-before | "2026-11-01 00:59" | "America/New_York"    | absolute | "2026-11-01T00:59:00-04:00" | null | "America/New_York"    | "anchor"    | null      | false   | null     |
      | overlap-edge-after  | "2026-11-01 02:00" | "America/New_York"    | absolute | "2026-11-01T02:00:00-05:00" | null | "America/New_York"    | "anchor"    | null      | false   | null     |
      | gap-lord-howe       | "2026-10-04 02:15" | "Australia/Lord_Howe" | absolute | "2026-10-04T02:45:00+11:00" | null | "Australia/Lord_Howe" | "anchor"    | "gap"     | false   | null     |
      | overlap-lord-howe   | "2026-04-05 01:45" | "Australia/Lord_Howe" | absolute | "2026-04-05T01:45:00+11:00" | null | "Australia/Lord_Howe" | "anchor"    | "overlap" | false   | null     |

  @req:CLK-PARSE-INVALID @id:clock-core/parse/invalid
  Scenario Outline: text naming an impossible time, or no time at all, is invalid
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case            | text                   | tz                | kind    | start | end  | zone | zone_source | dst  | clarify | question |
      | instant-bad-day | "2026-02-30T09:00:00Z" | null              | invalid | null  | null | null | null        | null | false   | null     |
      | 13pm            | "13pm"                 | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | 0am             | "0am"                  | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | feb-30          | "2026-02-30 09:00"     | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | feb-29-non-leap | "2026-02-29 09:00"     | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | empty           | ""                     | null              | invalid | null  | null | null | null        | null | false   | null     |
      | spaces          | "   "                  | null              | invalid | null  | null | null | null        | null | false   | null     |
      | garbage         | "banana"               | null              | invalid | null  | null | null | null        | null | false   | null     |
      | at-alone        | "at"                   | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | double-day      | "tomorrow 9am today"   | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |

  @extension @req:CLK-PARSE-INVALID @id:clock-core/parse/outside-grammar
  Scenario Outline: forms the reference's grammar does not read are invalid to it
    Beyond the seed: §4.4 says parse_anchored_time "parses *anchored* times only" and gives no
    grammar; the reference's (spec/clock-core/grammar.md) does not read these forms, which another
    implementation may well read ("in two hours", "next tuesday"). Recommended, never required.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case            | text                   | tz                | kind    | start | end  | zone | zone_source | dst  | clarify | question |
      | in-words        | "in two hours"         | null              | invalid | null  | null | null | null        | null | false   | null     |
      | in-seconds      | "in 5 seconds"         | null              | invalid | null  | null | null | null        | null | false   | null     |
      | in-with-zone    | "in 2 hours UTC"       | null              | invalid | null  | null | null | null        | null | false   | null     |
      | 24-00           | "24:00"                | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | 9-5             | "9:5"                  | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | next-tuesday    | "next tuesday"         | "UTC"             | invalid | null  | null | null | null        | null | false   | null     |
      | monrovia-lmt    | "1971-06-01 09:00"     | "Africa/Monrovia" | invalid | null  | null | null | null        | null | false   | null     |

  @decision @req:CLK-PARSE-LIMITS @req:CLK-PARSE-INVALID @id:clock-core/parse/limits
  Scenario Outline: the limits of the grammar
    Six digits bound N so that every result is computed exactly; a result must be writable as ISO 8601 (years to 9999), and written offsets span the offsets in use, UTC-12:00 to UTC+14:00.
    When I call "clock-core.parse_anchored_time" with {"text": <text>, "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "<kind>", "start": <start>, "end": <end>, "zone": <zone>, "zone_source": <zone_source>, "dst": <dst>,
       "needs_clarification": <clarify>, "clarification_question": <question>}
      """

    Examples:
      | case                | text                 | tz    | kind     | start                       | end  | zone  | zone_source | dst  | clarify | question |
      | in-999998-minutes   | "in 999998 minutes"  | null  | relative | "2028-01-05T13:40:00Z"      | null | null  | null        | null | false   | null     |
      | in-six-digits       | "in 999999 minutes"  | null  | relative | "2028-01-05T13:41:00Z"      | null | null  | null        | null | false   | null     |
      | in-seven-digits     | "in 1000000 minutes" | null  | invalid  | null                        | null | null  | null        | null | false   | null     |
      | year-9998           | "9998-12-31 23:59"   | "UTC" | absolute | "9998-12-31T23:59:00+00:00" | null | "UTC" | "anchor"    | null | false   | null     |
      | beyond-9999         | "in 999999 weeks"    | null  | invalid  | null                        | null | null  | null        | null | false   | null     |
      | 9am-utc-plus-14-01  | "9am UTC+14:01"      | null  | invalid  | null                        | null | null  | null        | null | false   | null     |
      | 9am-utc-minus-12-30 | "9am UTC-12:30"      | null  | invalid  | null                        | null | null  | null        | null | false   | null     |

  @req:CLK-PARSE-ABBREVIATION @req:CLK-TZ-ABBREVIATION @id:clock-core/parse/abbreviation-asked
  Scenario Outline: an abbreviation that does not resolve is asked about by name
    §4.2 "Abbreviations (EST/CST/PST): MUST NOT be auto-mapped silently. MUST resolve via known user context or ask."
    The question is the implementation's own; it must name the abbreviation it asks about.
    When I call "clock-core.parse_anchored_time" with {"text": "<text>", "tz": <tz>, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output "kind" is "floating"
    And the output "start" is null
    And the output "needs_clarification" is true
    And the output "clarification_question" mentions "<abbr>"

    Examples:
      | case            | text       | tz           | abbr |
      | no-anchor       | 9am EST    | null         | EST  |
      | other-anchor    | 9am EST    | "Asia/Tokyo" | EST  |
      | pst-no-anchor   | 5pm PST    | null         | PST  |
      | cst-other       | 10:30 CST  | "UTC"        | CST  |

  @decision @req:CLK-PARSE-RELATIVE @req:CLK-PARSE-ABBREVIATION @id:clock-core/parse/keyword-in-capitals
  Scenario Outline: a keyword written in capitals after a time is the keyword, not a zone abbreviation
    §4.4 says only that parse_anchored_time "parses *anchored* times only"; the kit's grammar matches keywords without
    regard to letter case, so "PM" or "NOON" at the end is read as the keyword even though two to
    five capital letters otherwise read as a zone abbreviation.
    When I call "clock-core.parse_anchored_time" with {"text": "<text>", "tz": "UTC", "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output "kind" is "relative"
    And the output "start" is "<start>"
    And the output "needs_clarification" is false

    Examples:
      | case          | text          | start                     |
      | pm            | 9 PM          | 2026-02-10T21:00:00+00:00 |
      | noon          | tomorrow NOON | 2026-02-11T12:00:00+00:00 |

  @decision @req:CLK-PARSE-OUTPUT @req:CLK-TZ-EXPLICIT-FORMS @id:clock-core/parse/offset-minute-59
  Scenario: an offset's minutes run up to 59
    As for the zones written after the time: an offset without an IANA id is kept as a fixed zone
    named UTC±hh:mm; its minutes are 00 to 59, so UTC+05:59 is the last offset before UTC+06:00 (9am there has passed at 09:01, so it is the next day).
    When I call "clock-core.parse_anchored_time" with {"text": "9am UTC+05:59", "tz": null, "reference_instant": "2026-02-10T03:02:00Z"}
    Then the output is, apart from the text at "clarification_question":
      """json
      {"kind": "relative", "start": "2026-02-11T09:00:00+05:59", "end": null, "zone": "UTC+05:59", "zone_source": "text", "dst": null,
       "needs_clarification": false, "clarification_question": null}
      """

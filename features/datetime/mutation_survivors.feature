@datetime
Feature: Cases found by mutation testing
  Each scenario kills mutants of the reference that every other scenario let live (make mutation,
  docs/mutation-survivors.md). Where an answer rests on a point the PRD leaves open, the
  scenario is a @decision and names it; the others hold for every answer the PRD permits.

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @req:DT-DEC-FIXED-OFFSET-LABELS @req:DT-FMT-OUTPUT @id:datetime/mutation-survivors/case-01
  Scenario: an English locale with a region number formats a Sunday evening at -05:00
    Open: "Locale can be ignored in v1 or accepted only as "en"". The kit takes the English
    tag en-419 as en, and labels the -05:00 offset "-05" and "UTC-05:00". Kills mutants of the
    offset parser and of the locale's subtag check.
    When I call "datetime_format" with:
      """json
      {"timestamp":"2026-04-19T23:30:00-05:00","style":"long","locale":"en-419"}
      """
    Then the output is:
      """json
      {"input": "2026-04-19T23:30:00-05:00", "style": "long", "formatted": "2026-04-19 23:30 -05", "timezone": "UTC-05:00", "utc_offset": "-05:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-02
  Scenario: year 0 converted to Oslo is in its local mean time, +00:43
    Year 0 in Oslo is before its first transition, so tzdata's local mean time +00:43
    applies. Kills mutants of the offset parser, the output's field order and the year range
    check.
    When I call "datetime_math" with:
      """json
      {"operation":"convert_timezone","timestamp":"0000-01-01T00:00:00Z","target_timezone":"Europe/Oslo"}
      """
    Then the output is:
      """json
      {"operation": "convert_timezone", "input": "0000-01-01T00:00:00Z", "target_timezone": "Europe/Oslo", "result": "0000-01-01T00:43:00+00:43"}
      """

  @decision @dt-decision:offset-seconds @req:DT-DEC-OFFSET-SECONDS @req:DT-FMT-OUTPUT @id:datetime/mutation-survivors/case-03
  Scenario: year 0 formatted in Kathmandu shows its local mean time offset with seconds
    Open: the PRD's "utc_offset": "+02:00" shows no offset with seconds; Kathmandu's local
    mean time is +05:41:16, shown in full. Kills mutants of the year range check of a target
    zone and of the offset parser.
    When I call "datetime_format" with:
      """json
      {"timestamp":"0000-01-01T00:00:00Z","style":"date_only","target_timezone":"Asia/Kathmandu"}
      """
    Then the output is:
      """json
      {"input": "0000-01-01T00:00:00Z", "target_timezone": "Asia/Kathmandu", "style": "date_only", "formatted": "0000-01-01", "timezone": "Asia/Kathmandu", "utc_offset": "+05:41:16"}
      """

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @req:DT-DEC-FIXED-OFFSET-LABELS @req:DT-FMT-OUTPUT @id:datetime/mutation-survivors/case-04
  Scenario: the first instant at +14:00 formats with a locale of one-letter subtags
    Open: "Locale can be ignored in v1 or accepted only as "en"". The kit takes en-a-b (one-
    letter subtags) as en and labels +14:00 "+14". Kills mutants of the locale's subtag check
    and of the offset parser.
    When I call "datetime_format" with:
      """json
      {"timestamp":"0000-01-01T00:00:00+14:00","style":"long","locale":"en-a-b"}
      """
    Then the output is:
      """json
      {"input": "0000-01-01T00:00:00+14:00", "style": "long", "formatted": "0000-01-01 00:00 +14", "timezone": "UTC+14:00", "utc_offset": "+14:00"}
      """

  @decision @dt-decision:diff-numbers @req:DT-DEC-DIFF-NUMBERS @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-05
  Scenario: diff over 2023 years to the last nanosecond of a day is exact
    Open: the PRD's "duration_days": 2.2291666667 shows 10 decimal places but not how exact
    the arithmetic over 2023 years must be; the kit computes it exactly. Kills mutants of the
    offset parser and of the span arithmetic.
    When I call "datetime_math" with:
      """json
      {"operation":"diff","left":"0000-01-01T00:00:00+14:00","right":"2023-02-28T23:59:59.999999999Z"}
      """
    Then the output is:
      """json
      {"operation": "diff", "left": "0000-01-01T00:00:00+14:00", "right": "2023-02-28T23:59:59.999999999Z", "duration_seconds": 63844898399.999999999, "duration_minutes": 1064081640, "duration_hours": 17734694, "duration_days": 738945.5833333333, "sign": 1}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-06
  Scenario: the last hour of year 9999 at -12:00 converts to Etc/GMT+12
    The last hour of year 9999 at -12:00 is inside the range RFC 3339 can write. Kills
    mutants of the offset parser, the output's field order and the year range check.
    When I call "datetime_math" with:
      """json
      {"operation":"convert_timezone","timestamp":"9999-12-31T23:00:00-12:00","target_timezone":"Etc/GMT+12"}
      """
    Then the output is:
      """json
      {"operation": "convert_timezone", "input": "9999-12-31T23:00:00-12:00", "target_timezone": "Etc/GMT+12", "result": "9999-12-31T23:00:00-12:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-07
  Scenario: a timestamp at +23:59 converts to New York
    +23:59 is the largest offset RFC 3339 allows. Kills mutants of the offset parser and
    of the output's field order.
    When I call "datetime_math" with:
      """json
      {"operation":"convert_timezone","timestamp":"2026-01-01T00:00:00+23:59","target_timezone":"America/New_York"}
      """
    Then the output is:
      """json
      {"operation": "convert_timezone", "input": "2026-01-01T00:00:00+23:59", "target_timezone": "America/New_York", "result": "2025-12-30T19:01:00-05:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-08
  Scenario: 2000-02-29 exists: its diff with itself is zero
    A leap day in a year divisible by 400 exists. Kills mutants of the leap-year rule and
    of the zero span.
    When I call "datetime_math" with:
      """json
      {"operation":"diff","left":"2000-02-29T00:00:00Z","right":"2000-02-29T00:00:00Z"}
      """
    Then the output is:
      """json
      {"operation": "diff", "left": "2000-02-29T00:00:00Z", "right": "2000-02-29T00:00:00Z", "duration_seconds": 0, "duration_minutes": 0, "duration_hours": 0, "duration_days": 0, "sign": 0}
      """

  @decision @dt-decision:output-range @req:DT-DEC-OUTPUT-RANGE @req:DT-DEC-ERROR-ORDER @id:datetime/mutation-survivors/case-09
  Scenario: shifting year 0 back by 10,000 years is out_of_range
    Open: "Use RFC3339 as the only timestamp input/output format" names no code for a result
    before year 0000. Kills mutants of the offset parser and of the shift's bound check.
    When I call "datetime_math" with:
      """json
      {"operation":"shift","timestamp":"0000-01-01T00:00:00+14:00","years":-10000}
      """
    Then the error code is "out_of_range"

  @decision @dt-decision:shift-values @req:DT-DEC-SHIFT-VALUES @req:DT-DEC-ERROR-ORDER @id:datetime/mutation-survivors/case-10
  Scenario: a shift of 1e-1 days is invalid_shift
    Open: "shift fields (optional for shift): years, months, days, hours, minutes, seconds"
    gives them no type or code; 1e-1 days is a fraction, so invalid_shift. Kills a mutant of the number reader's exponent sign.
    When I call "datetime_math" with:
      """json
      {"operation":"shift","timestamp":"0000-01-01T00:00:00+14:00","days":1e-1}
      """
    Then the error code is "invalid_shift"

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-11
  Scenario: white space around the request and its tokens is accepted
    White space around the request and its tokens is JSON. Kills mutants of the request
    scanner's white space handling.
    When I call "datetime_math" with:
      """json
       { "operation" : "weekday" , "timestamp" : "2026-04-20T10:00:00Z" } 
      """
    Then the output is:
      """json
      {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "weekday": "Monday", "weekday_index": 1}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-12
  Scenario: a key written with a JSON escape is that key
    A key written with a JSON escape ("op\u0065ration") is the key "operation". Kills
    mutants of the request scanner's escape path.
    When I call "datetime_math" with:
      """json
      {"op\u0065ration":"weekday","timestamp":"2026-04-20T10:00:00Z"}
      """
    Then the output is:
      """json
      {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "weekday": "Monday", "weekday_index": 1}
      """

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @id:datetime/mutation-survivors/locale-subtag-8
  Scenario: an English locale with an 8-character subtag is accepted
    Open: "Locale can be ignored in v1 or accepted only as "en"". The kit accepts English BCP
    47 tags, whose subtags have 1 to 8 characters. Kills a mutant of the subtag length check.
    When I call "datetime_format" with {"locale": "en-abcdefgh", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {"formatted": "2026-04-20 10:00", "input": "2026-04-20T10:00:00+03:00", "style": "short", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @id:datetime/mutation-survivors/locale-subtag-punctuation
  Scenario: a locale subtag with punctuation is refused
    Open: "Locale can be ignored in v1 or accepted only as "en"" (a tool that ignores locale
    answers). The kit checks every character of a subtag. Kills a mutant of that check.
    When I call "datetime_format" with {"locale": "en-a.b", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the error code is "unsupported_locale"

  @decision @dt-decision:locale @req:DT-DEC-LOCALE @id:datetime/mutation-survivors/locale-subtag-z-0
  Scenario: locale subtags may contain z and 0
    Open: "Locale can be ignored in v1 or accepted only as "en"" (a tool that accepts only en
    refuses it). The kit accepts subtags with z and 0, the ends of its letter and digit ranges.
    Kills mutants of those range checks.
    When I call "datetime_format" with {"locale": "en-z0", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {"formatted": "2026-04-20 10:00", "input": "2026-04-20T10:00:00+03:00", "style": "short", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

  @req:DT-FMT-TARGET @id:datetime/mutation-survivors/target-year-9999
  Scenario: a target time inside the year 9999 is formatted
    The year 9999 itself is in range after converting to a target zone. Kills a mutant
    of the year range check of a target zone.
    When I call "datetime_format" with {"style": "long", "target_timezone": "America/New_York", "timestamp": "9999-06-01T00:00:00Z"}
    Then the output is:
      """json
      {"formatted": "9999-05-31 20:00 EDT", "input": "9999-06-01T00:00:00Z", "style": "long", "target_timezone": "America/New_York", "timezone": "America/New_York", "utc_offset": "-04:00"}
      """

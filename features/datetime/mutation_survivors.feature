@datetime
Feature: Cases found by mutation testing
  Each scenario kills mutants of the reference that every other scenario let live (make mutation,
  docs/mutation-survivors.md). Expected answers follow the decisions in reference/datetime/decisions.go.

  @req:DT-FMT-OUTPUT @id:datetime/mutation-survivors/case-01
  Scenario: datetime_format answers {"timestamp": "2026-04-19T23:30:00-05:00", "style": "long", "locale": 
    Kills mutants of reference/datetime/format.go:110:35, reference/datetime/format.go:110:47, reference/datetime/parse.go:84:12, reference/datetime/parse.go:84:27, reference/datetime/parse.go:85:17, reference/datetime/parse.go:87:17, reference/datetime/parse.go:87:52, reference/datetime/parse.go:87:71.
    When I call "datetime_format" with:
      """json
      {"timestamp":"2026-04-19T23:30:00-05:00","style":"long","locale":"en-419"}
      """
    Then the output is:
      """json
      {"input": "2026-04-19T23:30:00-05:00", "style": "long", "formatted": "2026-04-19 23:30 -05", "timezone": "UTC-05:00", "utc_offset": "-05:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-02
  Scenario: datetime_math convert_timezone answers {"operation": "convert_timezone", "timestamp": "0000-01-01T00:00:00Z",
    Kills mutants of reference/datetime/parse.go:84:12, reference/datetime/types.go:109:14, reference/datetime/types.go:111:15, reference/datetime/types.go:113:17, reference/datetime/types.go:115:25, reference/datetime/zone.go:78:22.
    When I call "datetime_math" with:
      """json
      {"operation":"convert_timezone","timestamp":"0000-01-01T00:00:00Z","target_timezone":"Europe/Oslo"}
      """
    Then the output is:
      """json
      {"operation": "convert_timezone", "input": "0000-01-01T00:00:00Z", "target_timezone": "Europe/Oslo", "result": "0000-01-01T00:43:00+00:43"}
      """

  @req:DT-FMT-OUTPUT @id:datetime/mutation-survivors/case-03
  Scenario: datetime_format answers {"timestamp": "0000-01-01T00:00:00Z", "style": "date_only", "target_ti
    Kills mutants of reference/datetime/format.go:65:23, reference/datetime/parse.go:84:12.
    When I call "datetime_format" with:
      """json
      {"timestamp":"0000-01-01T00:00:00Z","style":"date_only","target_timezone":"Asia/Kathmandu"}
      """
    Then the output is:
      """json
      {"input": "0000-01-01T00:00:00Z", "target_timezone": "Asia/Kathmandu", "style": "date_only", "formatted": "0000-01-01", "timezone": "Asia/Kathmandu", "utc_offset": "+05:41:16"}
      """

  @req:DT-FMT-OUTPUT @id:datetime/mutation-survivors/case-04
  Scenario: datetime_format answers {"timestamp": "0000-01-01T00:00:00+14:00", "style": "long", "locale": 
    Kills mutants of reference/datetime/format.go:105:16, reference/datetime/format.go:110:11, reference/datetime/parse.go:84:12, reference/datetime/parse.go:84:27, reference/datetime/parse.go:85:17, reference/datetime/parse.go:87:17, reference/datetime/parse.go:87:34, reference/datetime/parse.go:87:71.
    When I call "datetime_format" with:
      """json
      {"timestamp":"0000-01-01T00:00:00+14:00","style":"long","locale":"en-a-b"}
      """
    Then the output is:
      """json
      {"input": "0000-01-01T00:00:00+14:00", "style": "long", "formatted": "0000-01-01 00:00 +14", "timezone": "UTC+14:00", "utc_offset": "+14:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-05
  Scenario: datetime_math diff answers {"operation": "diff", "left": "0000-01-01T00:00:00+14:00", "right": "2
    Kills mutants of reference/datetime/parse.go:84:12, reference/datetime/parse.go:84:27, reference/datetime/parse.go:85:17, reference/datetime/parse.go:87:17, reference/datetime/parse.go:87:34, reference/datetime/parse.go:87:71, reference/datetime/span.go:26:11, reference/datetime/span.go:52:22, reference/datetime/types.go:109:14.
    When I call "datetime_math" with:
      """json
      {"operation":"diff","left":"0000-01-01T00:00:00+14:00","right":"2023-02-28T23:59:59.999999999Z"}
      """
    Then the output is:
      """json
      {"operation": "diff", "left": "0000-01-01T00:00:00+14:00", "right": "2023-02-28T23:59:59.999999999Z", "duration_seconds": 63844898399.999999999, "duration_minutes": 1064081640, "duration_hours": 17734694, "duration_days": 738945.5833333333, "sign": 1}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-06
  Scenario: datetime_math convert_timezone answers {"operation": "convert_timezone", "timestamp": "9999-12-31T23:00:00-12
    Kills mutants of reference/datetime/parse.go:84:12, reference/datetime/parse.go:84:27, reference/datetime/parse.go:85:17, reference/datetime/parse.go:87:17, reference/datetime/parse.go:87:52, reference/datetime/parse.go:87:71, reference/datetime/types.go:109:14, reference/datetime/types.go:111:15, reference/datetime/types.go:113:17, reference/datetime/types.go:115:25, reference/datetime/zone.go:78:31.
    When I call "datetime_math" with:
      """json
      {"operation":"convert_timezone","timestamp":"9999-12-31T23:00:00-12:00","target_timezone":"Etc/GMT+12"}
      """
    Then the output is:
      """json
      {"operation": "convert_timezone", "input": "9999-12-31T23:00:00-12:00", "target_timezone": "Etc/GMT+12", "result": "9999-12-31T23:00:00-12:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-07
  Scenario: datetime_math convert_timezone answers {"operation": "convert_timezone", "timestamp": "2026-01-01T00:00:00+23
    Kills mutants of reference/datetime/parse.go:84:12, reference/datetime/parse.go:84:27, reference/datetime/parse.go:85:17, reference/datetime/parse.go:87:17, reference/datetime/parse.go:87:34, reference/datetime/parse.go:87:71, reference/datetime/parse.go:90:25, reference/datetime/parse.go:90:36, reference/datetime/types.go:109:14, reference/datetime/types.go:111:15, reference/datetime/types.go:113:17, reference/datetime/types.go:115:25.
    When I call "datetime_math" with:
      """json
      {"operation":"convert_timezone","timestamp":"2026-01-01T00:00:00+23:59","target_timezone":"America/New_York"}
      """
    Then the output is:
      """json
      {"operation": "convert_timezone", "input": "2026-01-01T00:00:00+23:59", "target_timezone": "America/New_York", "result": "2025-12-30T19:01:00-05:00"}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-08
  Scenario: datetime_math diff answers {"operation": "diff", "left": "2000-02-29T00:00:00Z", "right": "2000-0
    Kills mutants of reference/datetime/parse.go:122:34, reference/datetime/parse.go:84:12, reference/datetime/span.go:26:11, reference/datetime/span.go:32:11, reference/datetime/span.go:32:24, reference/datetime/types.go:109:14.
    When I call "datetime_math" with:
      """json
      {"operation":"diff","left":"2000-02-29T00:00:00Z","right":"2000-02-29T00:00:00Z"}
      """
    Then the output is:
      """json
      {"operation": "diff", "left": "2000-02-29T00:00:00Z", "right": "2000-02-29T00:00:00Z", "duration_seconds": 0, "duration_minutes": 0, "duration_hours": 0, "duration_days": 0, "sign": 0}
      """

  @req:DT-DEC-ERROR-ORDER @id:datetime/mutation-survivors/case-09
  Scenario: datetime_math shift refuses {"operation": "shift", "timestamp": "0000-01-01T00:00:00+14:00", "year
    Kills mutants of reference/datetime/parse.go:85:17, reference/datetime/parse.go:87:17, reference/datetime/parse.go:87:34, reference/datetime/parse.go:87:71, reference/datetime/shift.go:54:32.
    When I call "datetime_math" with:
      """json
      {"operation":"shift","timestamp":"0000-01-01T00:00:00+14:00","years":-10000}
      """
    Then the error code is "out_of_range"

  @req:DT-DEC-ERROR-ORDER @id:datetime/mutation-survivors/case-10
  Scenario: datetime_math shift refuses {"operation": "shift", "timestamp": "0000-01-01T00:00:00+14:00", "days
    Kills mutants of reference/datetime/decode.go:238:10.
    When I call "datetime_math" with:
      """json
      {"operation":"shift","timestamp":"0000-01-01T00:00:00+14:00","days":1e-1}
      """
    Then the error code is "invalid_shift"

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-11
  Scenario: datetime_math weekday answers {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z"}
    Kills mutants of reference/datetime/decode.go:73:8, reference/datetime/decode.go:74:4, reference/datetime/parse.go:84:12, reference/datetime/types.go:109:14, reference/datetime/types.go:111:15, reference/datetime/types.go:113:17.
    When I call "datetime_math" with:
      """json
       { "operation" : "weekday" , "timestamp" : "2026-04-20T10:00:00Z" } 
      """
    Then the output is:
      """json
      {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "weekday": "Monday", "weekday_index": 1}
      """

  @req:DT-MATH-OUTPUT @id:datetime/mutation-survivors/case-12
  Scenario: datetime_math weekday answers {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z"}
    Kills mutants of reference/datetime/decode.go:122:32, reference/datetime/decode.go:127:16, reference/datetime/parse.go:84:12, reference/datetime/types.go:109:14, reference/datetime/types.go:111:15, reference/datetime/types.go:113:17.
    When I call "datetime_math" with:
      """json
      {"op\u0065ration":"weekday","timestamp":"2026-04-20T10:00:00Z"}
      """
    Then the output is:
      """json
      {"operation": "weekday", "timestamp": "2026-04-20T10:00:00Z", "weekday": "Monday", "weekday_index": 1}
      """

  @req:DT-DEC-LOCALE @id:datetime/mutation-survivors/locale-subtag-8
  Scenario: an English locale with an 8-character subtag is accepted
    Kills a mutant of reference/datetime/format.go:105 (subtags are 1-8 characters).
    When I call "datetime_format" with {"locale": "en-abcdefgh", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {"formatted": "2026-04-20 10:00", "input": "2026-04-20T10:00:00+03:00", "style": "short", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

  @req:DT-DEC-LOCALE @id:datetime/mutation-survivors/locale-subtag-punctuation
  Scenario: a locale subtag with punctuation is refused
    Kills a mutant of reference/datetime/format.go:108 (every character of a subtag is checked).
    When I call "datetime_format" with {"locale": "en-a.b", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the error code is "unsupported_locale"

  @req:DT-DEC-LOCALE @id:datetime/mutation-survivors/locale-subtag-z-0
  Scenario: locale subtags may contain z and 0
    Kills mutants of reference/datetime/format.go:110 (the ends of the a-z and 0-9 ranges).
    When I call "datetime_format" with {"locale": "en-z0", "style": "short", "timestamp": "2026-04-20T10:00:00+03:00"}
    Then the output is:
      """json
      {"formatted": "2026-04-20 10:00", "input": "2026-04-20T10:00:00+03:00", "style": "short", "timezone": "UTC+03:00", "utc_offset": "+03:00"}
      """

  @req:DT-DEC-OUTPUT-RANGE @id:datetime/mutation-survivors/target-year-9999
  Scenario: a target time inside the year 9999 is formatted
    Kills a mutant of reference/datetime/format.go:65 (only years past 9999 are out of range).
    When I call "datetime_format" with {"style": "long", "target_timezone": "America/New_York", "timestamp": "9999-06-01T00:00:00Z"}
    Then the output is:
      """json
      {"formatted": "9999-05-31 20:00 EDT", "input": "9999-06-01T00:00:00Z", "style": "long", "target_timezone": "America/New_York", "timezone": "America/New_York", "utc_offset": "-04:00"}
      """

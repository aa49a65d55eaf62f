@datetime
Feature: Beyond the PRD: what the kit recommends
  Scenarios tagged extension go beyond the PRD's words; the kit recommends them and never
  requires them. Each says which PRD sentence it goes beyond.

  @extension @req:DT-DEC-TIMEZONE-NAMES @req:DT-TIMEZONE-IANA @id:datetime/extensions/zone-names-any-case
  Scenario Outline: zone names in any letter case, answered in their canonical spelling
    Beyond "target_timezone must be a valid IANA timezone": europe/oslo is not the IANA name
    Europe/Oslo, and Go's embedded tzdata refuses it. IANA names never differ only by case, so
    folding case is unambiguous, and answering with the canonical spelling teaches the caller
    the right name.
    When I call "datetime_math" with {"operation": "convert_timezone", "timestamp": "2026-07-20T10:00:00+03:00", "target_timezone": "<name>"}
    Then the output "target_timezone" is "<canonical>"
    And the output "result" is "<result>"
    When I call "datetime_format" with {"timestamp": "2026-07-20T10:00:00+03:00", "style": "long", "target_timezone": "<name>"}
    Then the output "target_timezone" is "<canonical>"
    And the output "timezone" is "<canonical>"

    Examples:
      | case       | name             | canonical        | result                    |
      | lower-case | europe/oslo      | Europe/Oslo      | 2026-07-20T09:00:00+02:00 |
      | upper-case | AMERICA/NEW_YORK | America/New_York | 2026-07-20T03:00:00-04:00 |
      | legacy-gb  | gb               | GB               | 2026-07-20T08:00:00+01:00 |
      | etc-utc    | etc/utc          | Etc/UTC          | 2026-07-20T07:00:00Z      |
      | utc        | utc              | UTC              | 2026-07-20T07:00:00Z      |

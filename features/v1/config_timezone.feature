@v1 @req:V1-CONFIG-TZ
Feature: resolveConfigTimezone
  TIMEZONE is decided once at start-up: the first valid of the process environment's TZ,
  the .env file's TZ and the system zone, else UTC. v1 had no test for it; the seed's
  porting plan asks for one. Environment values are inputs, never read from the host.

  @id:v1/config-timezone/precedence
  Scenario Outline: the first valid candidate wins
    When I call "v1.resolve_config_timezone" with {"env_tz": <env>, "dotenv_tz": <dotenv>, "system_tz": <system>}
    Then the output "timezone" is "<timezone>"
    And the output "source" is "<source>"

    Examples:
      | case                  | env                | dotenv          | system          | timezone         | source  |
      | env-wins              | "America/New_York" | "Europe/Oslo"   | "Asia/Tokyo"    | America/New_York | env     |
      | invalid-env-skipped   | "IST-2"            | "Europe/Oslo"   | "Asia/Tokyo"    | Europe/Oslo      | dotenv  |
      | empty-env-skipped     | ""                 | "Europe/Oslo"   | "Asia/Tokyo"    | Europe/Oslo      | dotenv  |
      | null-env-skipped      | null               | "Europe/Oslo"   | "Asia/Tokyo"    | Europe/Oslo      | dotenv  |
      | system-last           | null               | null            | "Asia/Tokyo"    | Asia/Tokyo       | system  |
      | all-invalid           | "Local"            | "XYZ+3"         | ""              | UTC              | default |
      | nothing               | null               | null            | null            | UTC              | default |
      | spelling-kept         | "europe/oslo"      | null            | null            | europe/oslo      | env     |

  @id:v1/config-timezone/all-missing
  Scenario: no candidates at all falls back to UTC
    When I call "v1.resolve_config_timezone" with {}
    Then the output is:
      """json
      {"timezone": "UTC", "source": "default"}
      """

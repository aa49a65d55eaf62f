@clock-core @section:4.2
Feature: Places named in two areas of the time zone database
  §4.2 step 4 resolves a mentioned, unambiguous city. Some cities are named in two areas of the
  time zone database, one name a link to the other; which name is answered is pinned here.

  @decision @req:CLK-TZ-LOCATION @id:clock-core/place-names/two-areas
  Scenario Outline: a city named in two areas resolves to its longest name
    §4.2 step 4 says "Inferred from mentioned location (unambiguous city/region)" and does not say
    which of two names of one zone is answered. Both keep the same offsets, so the kit pins one
    rule: the longest name, then the first in alphabetical order (Europe/Istanbul, the database's
    own zone, rather than its link Asia/Istanbul; Europe/Nicosia, a link, rather than Asia/Nicosia).
    When I call "clock-core.resolve_session_tz" with {"mentioned_location": "<place>", "now": "2026-02-10T03:02:00Z"}
    Then the output "session_tz" is "<tz>"
    And the output "source" is "location"

    Examples:
      | case     | place    | tz              |
      | istanbul | Istanbul | Europe/Istanbul |
      | nicosia  | Nicosia  | Europe/Nicosia  |

@clock-agent
Feature: Words only a judge can read: check-ins and notices
  Seed 004 §12: "If project gap ≥ threshold: ask for updates before continuing" (§9: the agent
  SHOULD ask for updates, the default for projects); §4.2 step 5: "Fallback UTC (with explicit
  notice if time-sensitive)". Whether a reply asks or gives notice is a matter of words: these
  scenarios are graded by an optional judge model only (conform agent --judge), never required.

  @judged @req:AGT-ASK-UPDATES @id:clock-agent/checkins/project-gap
  Scenario: a project thread idle for three days: the agent asks for updates before continuing
    Given the clock reads "2026-05-10T09:00:00Z"
    And the user's profile zone is "Europe/Berlin"
    And the thread is a "project" thread last active "P3D" ago
    When the user says "ok, let's continue with the launch plan"
    Then a judge finds that the agent's last reply asks the user for updates on the project (what changed since they last talked) before continuing

  @judged @req:AGT-UTC-NOTICE @id:clock-agent/checkins/utc-notice
  Scenario: with no zone known, the time is given with notice that it is UTC
    Given the clock reads "2026-05-10T09:00:00Z"
    And the user has no profile zone
    When the user says "what time is it?"
    Then a judge finds that the agent's last reply says explicitly that the time it gives is UTC (or asks for the user's time zone) rather than presenting it as the user's local time

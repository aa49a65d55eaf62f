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

  @judged @req:AGT-RECAP @id:clock-agent/checkins/recap-after-a-long-gap
  Scenario: after 45 days away, the agent offers a recap before going on
    Given the clock reads "2026-05-10T09:00:00Z"
    And the user's profile zone is "Europe/Berlin"
    And the thread is a "conversation" thread last active "P45D" ago
    When the user says "hi again — so, where were we?"
    Then a judge finds that the agent's last reply offers a short recap anchor (what was last under way, or that it has been a while and what the user may want to pick up) before going on

  @judged @req:AGT-NO-ELAPSED-SPAM @id:clock-agent/checkins/no-callout-minutes-later
  Scenario: a message five minutes after the last gets no remark on the time that passed
    Given the clock reads "2026-05-10T09:00:00Z"
    And the user's profile zone is "Europe/Berlin"
    And the thread is a "conversation" thread last active "PT5M" ago
    When the user says "also, what's a good name for a cat?"
    Then a judge finds that the agent's last reply answers without remarking on how much time has passed since the last message

  @judged @req:AGT-GROUP-PRESENT @id:clock-agent/checkins/group-meeting-presented-in-every-zone
  Scenario: a meeting set in a group is presented in UTC and in each participant's zone
    Given the clock reads "2026-07-10T09:00:00Z"
    And a group chat with:
      | member | zone          |
      | ana    | Europe/Lisbon |
      | raj    | Asia/Kolkata  |
    When "raj" says "let's meet tomorrow at 6pm Kolkata time"
    And "raj" answers the agent's questions
    Then a judge finds that the agent's last reply gives the meeting's time as an absolute time (UTC) together with what it is for ana in Lisbon (13:30) and for raj in Kolkata (18:00)

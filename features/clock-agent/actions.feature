@clock-agent
Feature: What gets stored as an action: what the user clocks, not what has no time in it
  Seed 004 §6.2: actions are stored by an explicit directive ("clock it: I'm going to eat dinner",
  "clock: paid invoice"), or automatically when they are temporal and the policy allows; "If
  require_explicit_clock_it_for_non_temporal = true, do NOT store non-temporal items unless
  explicitly clocked." The seed describes storage without a MUST: these are recommended.

  @recommended @req:AGT-CLOCK-IT @id:clock-agent/actions/clock-it-stores
  Scenario: "clock it" stores the action the user names
    scripted:forgets-clock-it answers and stores nothing: it does not follow this.
    Given the clock reads "2026-05-10T17:00:00Z"
    And the user's profile zone is "Europe/Berlin"
    When the user says "clock it: I'm going to eat dinner"
    Then the conversation has an action "dinner"

  @recommended @req:AGT-NON-TEMPORAL @id:clock-agent/actions/non-temporal-not-stored
  Scenario: a statement with no time in it is not stored
    Under the default policy (require_explicit_clock_it_for_non_temporal: true);
    scripted:stores-everything stores it and does not follow this.
    Given the clock reads "2026-05-10T17:00:00Z"
    And the user's profile zone is "Europe/Berlin"
    When the user says "by the way, my sister's name is Ana"
    Then the conversation has no action

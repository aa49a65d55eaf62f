@clock-agent
Feature: Abbreviations are read through the user's context, or asked about
  Seed 004 §4.2: abbreviations (EST/CST/PST) "MUST NOT be auto-mapped silently" and "MUST resolve
  via known user context or ask". For a New Yorker "EST" is the zone New York keeps, so 3pm "EST"
  in July is 3pm EDT; a fixed table (EST = UTC−5) is a silent mapping. With no context the agent
  asks before it schedules anything. The policies below ask no confirmation of stated requests, so
  the first turn shows what the agent does on its own.

  @req:AGT-ABBREVIATION @req:AGT-FLOATING-ANCHOR @id:clock-agent/abbreviations/est-in-july-new-yorker
  Scenario: a New Yorker's "3pm EST" in July is 19:00Z
    Given the clock reads "2026-07-10T14:00:00Z"
    And the user's profile zone is "America/New_York"
    When the user says "remind me tomorrow at 3pm EST to call the bank"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T19:00:00Z"

  @req:AGT-ABBREVIATION @req:AGT-FLOATING-ANCHOR @id:clock-agent/abbreviations/est-in-january-new-yorker
  Scenario: a New Yorker's "3pm EST" in January is 20:00Z
    Out of summer EST is what New York shows: a fixed table happens to agree here.
    Given the clock reads "2026-01-15T14:00:00Z"
    And the user's profile zone is "America/New_York"
    When the user says "remind me tomorrow at 3pm EST to call the bank"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-01-16T20:00:00Z"

  @req:AGT-ABBREVIATION @req:AGT-FLOATING-ANCHOR @id:clock-agent/abbreviations/cst-in-july-chicagoan
  Scenario: a Chicagoan's "10am CST" in July is 15:00Z
    Given the clock reads "2026-07-10T14:00:00Z"
    And the user's profile zone is "America/Chicago"
    When the user says "remind me tomorrow at 10am CST to call the plumber"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T15:00:00Z"

  @req:AGT-ABBREVIATION @req:AGT-FLOATING-ANCHOR @id:clock-agent/abbreviations/ist-in-dublin
  Scenario: for a Dubliner in summer, IST is Irish Standard Time
    IST also names India's time (UTC+5:30); the user's zone decides: 9am IST is 08:00Z.
    Given the clock reads "2026-07-10T14:00:00Z"
    And the user's profile zone is "Europe/Dublin"
    When the user says "remind me tomorrow at 9am IST to book the ferry"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T08:00:00Z"

  @req:AGT-ABBREVIATION @id:clock-agent/abbreviations/no-context-asks
  Scenario: with no zone known, "EST" is asked about before anything is scheduled
    Given the clock reads "2026-07-10T14:00:00Z"
    And the user has no profile zone
    And the policy is:
      """
      clock:
        mode: normal
        inference:
          require_confirmation_for_impactful_actions: false
      """
    And by "EST" the user means "New York time"
    When the user says "remind me tomorrow at 3pm EST to call the bank"
    Then the agent creates no reminder
    When the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T19:00:00Z"

  @req:AGT-ABBREVIATION @id:clock-agent/abbreviations/not-the-users-zone
  Scenario: an abbreviation the user's zone never shows is asked about
    A Londoner writes "EST": London never shows EST, so the user's context does not resolve it.
    Given the clock reads "2026-07-10T14:00:00Z"
    And the user's profile zone is "Europe/London"
    And the policy is:
      """
      clock:
        mode: normal
        inference:
          require_confirmation_for_impactful_actions: false
      """
    When the user says "remind me tomorrow at 3pm EST to call the New York office"
    Then the agent creates no reminder

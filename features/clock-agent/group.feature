@clock-agent
Feature: A group chat has no single user timezone
  Seed 004 §7.3: "There is no single user timezone … For group scheduling, store absolute
  timestamps"; §0 ambiguity_threshold_hours: relative time expressions are ambiguous across zones
  that far apart. A floating time in such a group is not read in the speaker's zone by guess.

  @req:AGT-GROUP @req:AGT-FLOATING-ANCHOR @id:clock-agent/group/lisbon-and-kolkata
  Scenario: "tomorrow at 3pm" between Lisbon and Kolkata is asked about, then scheduled at the stated zone's instant
    Lisbon (UTC+1) and Kolkata (UTC+5:30) are 4.5 hours apart, over the default threshold of 4.
    Given the clock reads "2026-07-10T09:00:00Z"
    And a group chat with:
      | member | zone          |
      | ana    | Europe/Lisbon |
      | raj    | Asia/Kolkata  |
    And the policy is:
      """
      clock:
        mode: normal
        inference:
          require_confirmation_for_impactful_actions: false
      """
    When "ana" says "let's meet tomorrow at 3pm"
    Then the agent creates no calendar event
    When "ana" answers the agent's questions
    Then the conversation's calendar events start at "2026-07-11T14:00:00Z"

  @req:AGT-GROUP @req:AGT-CONFIRM-IMPACTFUL @req:AGT-FLOATING-ANCHOR @id:clock-agent/group/stated-zone
  Scenario: a time stated with its zone in a group is confirmed, then scheduled
    Given the clock reads "2026-07-10T09:00:00Z"
    And a group chat with:
      | member | zone          |
      | ana    | Europe/Lisbon |
      | raj    | Asia/Kolkata  |
    When "raj" says "let's meet tomorrow at 6pm Kolkata time"
    Then the agent makes no impactful call
    When "raj" answers the agent's questions
    Then the conversation's calendar events start at "2026-07-11T12:30:00Z"
    And the agent made no impactful call before the user confirmed

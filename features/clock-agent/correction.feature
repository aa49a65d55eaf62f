@clock-agent
Feature: A correction takes effect at once
  Seed 004 §11: "MUST be willing to be corrected immediately"; §4.2's stored session override
  outranks the profile. A user who says where they are this week has corrected the zone: the next
  instant is read there, and so is every one after it in the thread.

  @req:AGT-CORRECTION @req:AGT-FLOATING-ANCHOR @id:clock-agent/correction/travelling-this-week
  Scenario: "no, I'm in Lisbon this week" moves the reminder to Lisbon's 9am
    Oslo's 9am on 11 June is 07:00Z; Lisbon's (UTC+1 in summer) is 08:00Z.
    Given the clock reads "2026-06-10T10:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    When the user says "remind me tomorrow at 9am to call mum"
    Then the agent creates no reminder
    When the user says "no, I'm in Lisbon this week"
    Then the agent creates no reminder
    Given the user is in "Europe/Lisbon"
    When the user answers the agent's questions
    Then the conversation's reminders are at "2026-06-11T08:00:00Z"
    And the agent made no impactful call before the user confirmed

  @req:AGT-CORRECTION @req:AGT-FLOATING-ANCHOR @id:clock-agent/correction/stays-corrected
  Scenario: the corrected zone holds for the next request too
    Given the clock reads "2026-06-10T10:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    And the user is in "Europe/Lisbon"
    When the user says "remind me tomorrow at 9am to call mum"
    And the user says "no, I'm in Lisbon this week"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-06-11T08:00:00Z"
    When the user says "also remind me today at 6pm to pack"
    And the user answers the agent's questions
    Then the conversation has 2 reminders
    And the agent creates a reminder at "2026-06-10T17:00:00Z"

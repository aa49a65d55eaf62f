@clock-agent
Feature: An inferred completion is a question, never a fact
  Seed 004 §8.1: inference MUST NOT "be stated as fact unless user confirms"; §6.5: "these are
  prompts for confirmation, never treated as fact"; §11: "When referencing inferred action
  completion: MUST hedge … MUST be willing to be corrected immediately". What the agent records is
  checked on its calls (at most likely_done before the user says so); how it words it only by a
  judge model.

  Background:
    Given the clock reads "2026-05-10T16:00:00Z"
    And the user's profile zone is "Europe/Berlin"
    When the user says "clock it: heading to the gym"
    And the clock advances by "PT3H"

  @req:AGT-INFER-NOT-FACT @id:clock-agent/inference/sore-after-the-gym
  Scenario: "I'm so sore" three hours later is not recorded as a workout done
    When the user says "I'm so sore"
    Then the agent records no action as "done"

  @req:AGT-INFER-NOT-FACT @req:AGT-CORRECTION @id:clock-agent/inference/skipped-it
  Scenario: the user says they skipped it: the correction is recorded, not the guess
    An agent that keeps its likely_done after "I skipped it" (scripted:ignores-skip) is rejected.
    When the user says "I'm so sore"
    Then the agent records no action as "done"
    When the user says "no, I skipped it — I moved furniture all day"
    Then the agent records no action as "done"
    And the agent records no action as "likely_done"
    And the conversation leaves no action as "likely_done"

  @judged @req:AGT-HEDGE @id:clock-agent/inference/hedged-reply
  Scenario: the reply about the gym hedges
    When the user says "I'm so sore"
    Then a judge finds that the agent's last reply hedges any guess that the user went to the gym ("if", "sounds like", "hope", or a question), and does not state it as fact

  @judged @req:AGT-CORRECTION-TONE @id:clock-agent/inference/accepts-correction
  Scenario: the reply to a correction accepts it at once
    When the user says "I'm so sore"
    And the user says "no, I skipped it — I moved furniture all day"
    Then a judge finds that the agent's last reply accepts that the user skipped the gym at once, without insisting on the guess

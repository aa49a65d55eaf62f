@clock-core @section:8.1 @section:11
Feature: The MUST bounds on inference
  §8.1: inference MUST NOT be stated as fact unless the user confirms, and MUST NOT trigger
  external actions without confirmation. §11: a reference to an inferred action completion
  MUST hedge and MUST be open to correction at once. These are the deterministic parts of
  those rules; when and how to infer belongs to temporal awareness, not to the core.

  @decision @req:CLK-INFER-CONFIRM @req:CLK-INFER-POLICY-CONFIRM @id:clock-core/inference/gate
  Scenario Outline: impactful actions resting on inference always need confirmation
    §8.1 forbids inference from triggering external actions without confirmation whatever the
    policy. For impactful actions the user asked for, the seed gives two rules that disagree when
    they differ: §8.2 "If `require_confirmation_for_impactful_actions = true`, confirmation is
    required before: …" and §0 "light: use elapsed-time awareness for continuity; ask before any
    impactful action". The kit reads them together: confirmation is needed when the switch is on
    or the mode is light; only normal (or off) mode with the switch off lets a stated impactful
    action run unconfirmed. clock-awareness.assess_continuity gives the same answer.
    When I call "clock-core.confirmation_gate" with {"kind": "<kind>", "basis": "<basis>", "confirmed": <confirmed>, "policy": <policy>}
    Then the output is:
      """json
      {"allowed": <allowed>, "needs_confirmation": <needs>, "reason": "<reason>"}
      """

    Examples:
      | case                        | kind                 | basis    | confirmed | policy                                                                  | allowed | needs | reason                       |
      | inferred-message            | message_third_party  | inferred | false     | null                                                                    | false   | true  | inferred_impactful           |
      | inferred-purchase-policy-off| purchase             | inferred | false     | {"clock": {"inference": {"require_confirmation_for_impactful_actions": false}}} | false | true | inferred_impactful |
      | inferred-confirmed          | purchase             | inferred | true      | null                                                                    | true    | false | confirmed                    |
      | stated-calendar-policy-on   | calendar_or_reminder | stated   | false     | null                                                                    | false   | true  | policy_requires_confirmation |
      | stated-deploy-normal-off    | publish_or_deploy    | stated   | false     | {"clock": {"mode": "normal", "inference": {"require_confirmation_for_impactful_actions": false}}} | true | false | not_required |
      | stated-deploy-light-off     | publish_or_deploy    | stated   | false     | {"clock": {"inference": {"require_confirmation_for_impactful_actions": false}}} | false | true | policy_requires_confirmation |
      | stated-deploy-light-on      | publish_or_deploy    | stated   | false     | {"clock": {"mode": "light", "inference": {"require_confirmation_for_impactful_actions": true}}} | false | true | policy_requires_confirmation |
      | stated-deploy-normal-on     | publish_or_deploy    | stated   | false     | {"clock": {"mode": "normal", "inference": {"require_confirmation_for_impactful_actions": true}}} | false | true | policy_requires_confirmation |
      | stated-deploy-off-mode-off  | publish_or_deploy    | stated   | false     | {"clock": {"mode": "off", "inference": {"require_confirmation_for_impactful_actions": false}}} | true | false | not_required |
      | stated-other-light          | other                | stated   | false     | {"clock": {"mode": "light", "inference": {"require_confirmation_for_impactful_actions": false}}} | true | false | not_required |
      | stated-delete-confirmed     | delete_data          | stated   | true      | null                                                                    | true    | false | confirmed                    |
      | inferred-other              | other                | inferred | false     | null                                                                    | true    | false | not_required                 |
      | stated-other                | other                | stated   | false     | null                                                                    | true    | false | not_required                 |

  @req:CLK-INFER-CONFIRM @id:clock-core/inference/gate-unconfirmed-default
  Scenario: confirmed defaults to false
    When I call "clock-core.confirmation_gate" with {"kind": "message_third_party", "basis": "inferred"}
    Then the output "allowed" is false

  @req:CLK-INFER-CONFIRM @id:clock-core/inference/gate-kinds
  Scenario: an unknown kind is refused rather than treated as harmless
    When I call "clock-core.confirmation_gate" with {"kind": "wire_transfer", "basis": "inferred"}
    Then the error code is "invalid_input"

  @extension @req:CLK-HEDGE @id:clock-core/inference/hedged
  Scenario Outline: the reference's hedge check: markers as whole words, and a question that follows no plain statement
    §11 "MUST hedge (“if”, “sounds like”, “hope”)" gives examples, not a list, and whether a sentence
    hedges is the agent's judgement; this check is the reference's heuristic, recommended, never
    required. §11 names "if", "sounds like" and "hope"; §6.5's own examples hedge by asking ("did you
    end up going to the gym?"), so a question counts too — but not after a plain statement: "You
    finished the report. Should I send it?" states the inference as fact (§8.1) before it asks.
    When I call "clock-core.check_hedged" with {"text": "<text>"}
    Then the output is:
      """json
      {"hedged": <hedged>, "markers": <markers>}
      """

    Examples:
      | case             | text                                                   | hedged | markers |
      | question         | Welcome back — did you end up getting some sleep?      | true   | ["?"]   |
      | hope             | Hope dinner went well!                                 | true   | ["hope"] |
      | sounds-like      | Sounds like a tough workout.                           | true   | ["sounds like"] |
      | if               | If you made it to the gym, nice work.                  | true   | ["if"]  |
      | several          | If it went well, hopefully you slept — did you?        | true   | ["if", "hopefully", "?"] |
      | curly-apostrophe | Hope you’re rested.                                    | true   | ["hope"] |
      | stated-as-fact   | You went to the gym.                                   | false  | []      |
      | word-inside-word | Your gift arrived; the hopeful plan worked.            | false  | []      |
      | if-inside-word   | The difference is clear.                               | false  | []      |
      | fact-then-question | You finished the report. Should I send it to your boss? | false | []      |
      | hedged-then-question | Sounds like you finished the report. Should I send it? | true | ["sounds like", "?"] |
      | greeting-then-question | Welcome back! Did you finish the report?             | true   | ["?"]   |
      | question-then-fact | Did you sleep? You went to bed at ten.                 | false  | []      |

  @req:CLK-CORRECTION @id:clock-core/inference/correct
  Scenario: a user's correction applies at once and is marked as theirs
    When I call "clock-core.correct_action" with:
      """json
      {"state": {"version": 3, "users": {"user:chat:u1": {"latest_actions": [
         {"id": "gym", "label": "Gym", "type": "temporal_action", "status": "likely_done",
          "recorded_iso": "2026-02-10T01:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "auto"}]}}},
       "user_key": "user:chat:u1", "action_id": "gym", "status": "canceled"}
      """
    Then the output is:
      """json
      {"state": {"version": 3, "threads": {}, "users": {"user:chat:u1": {"latest_actions": [
         {"id": "gym", "label": "Gym", "type": "temporal_action", "status": "canceled",
          "recorded_iso": "2026-02-10T01:00:00Z", "expires_iso": "2026-02-11T00:00:00Z", "source": "user_confirmed"}]}}}}
      """

  @req:CLK-CORRECTION @id:clock-core/inference/correct-unknown
  Scenario Outline: a correction names an existing action
    When I call "clock-core.correct_action" with {"state": {"version": 3, "users": {"user:chat:u1": {}}}, "user_key": "<user>", "action_id": "gym", "status": "done"}
    Then the error code is "unknown_action"

    Examples:
      | case           | user         |
      | unknown-action | user:chat:u1 |
      | unknown-user   | user:chat:u2 |

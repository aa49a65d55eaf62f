@clock-awareness @section:6.5 @section:8 @section:11
Feature: Bounds on inference about an action
  §6.5: an open action may be referred to, hedged; plausible completion cues are prompts for
  confirmation, never fact. §8.1: inference MUST NOT be stated as fact unless the user confirms,
  and MUST NOT trigger external actions without confirmation; §8.2 lists impactful actions.

  @req:AW-CONT-HEDGED @req:AW-CONT-WINDOW @req:AW-CONT-NEVER-DONE @req:AW-CONT-TONE @id:clock-awareness/continuity/gym
  Scenario Outline: a gym visit over time
    §6.5's own example: "I’m headed to the gym" (expected ~2h) → later "I’m sore". The action is
    stored with the seed's ~2 hours as its typical duration (120 minutes; at most 180).
    When I call "clock-awareness.assess_continuity" with {"now": "<now>", "action": {"id": "g", "label": "Go to the gym", "type": "temporal_action", "status": "in_progress", "recorded_iso": "2026-02-09T17:00:00Z", "expected_typical_minutes": 120, "expected_max_minutes": 180, "expires_iso": "2026-02-10T17:00:00Z", "source": "auto"}}
    Then the output is:
      """json
      {"effective_status": "<effective>", "elapsed_ms": <elapsed>, "window": "<window>", "hedged_reference_allowed": <hedged>,
       "may_state_as_fact": false, "completion_needs_confirmation": true, "status_after": "<after>", "source_after": "auto",
       "tone_only": true, "impactful": null}
      """

    Examples:
      | case           | now                  | elapsed  | effective   | window         | hedged | after       |
      | just-left      | 2026-02-09T17:30:00Z | 1800000  | in_progress | before_typical | true   | in_progress |
      | typical-below  | 2026-02-09T18:59:59Z | 7199000  | in_progress | before_typical | true   | in_progress |
      | typical-at     | 2026-02-09T19:00:00Z | 7200000  | likely_done | typical_to_max | true   | likely_done |
      | max-below      | 2026-02-09T19:59:59Z | 10799000 | likely_done | typical_to_max | true   | likely_done |
      | max-at         | 2026-02-09T20:00:00Z | 10800000 | likely_done | after_max      | true   | likely_done |

    @recommended @req:AW-CONT-EXPIRED
    Examples: once expired, no continuity reference (§6.4: "Expired actions should not be used for strong continuity claims")
      | case           | now                  | elapsed  | effective   | window         | hedged | after       |
      | expired        | 2026-02-10T17:00:00Z | 86400000 | expired     | after_max      | false  | in_progress |

  @req:AW-CONT-NEVER-DONE @req:AW-CONT-FACT @id:clock-awareness/continuity/user-confirms
  Scenario: only the user's confirmation makes an action done, and then it may be stated as fact
    §8.1: inference "MUST NOT be stated as fact unless user confirms"; once the user confirms,
    the completion is the user's word.
    When I call "clock-awareness.assess_continuity" with {"now": "2026-02-09T20:00:00Z", "user_confirmed_done": true, "action": {"id": "g", "label": "Go to the gym", "type": "temporal_action", "status": "likely_done", "recorded_iso": "2026-02-09T17:00:00Z", "expires_iso": "2026-02-10T17:00:00Z", "source": "auto"}}
    Then the output "status_after" is "done"
    And the output "source_after" is "user_confirmed"
    And the output "completion_needs_confirmation" is false
    And the output "may_state_as_fact" is true

  @req:AW-CONT-FACT @req:AW-CONT-EXPIRED @id:clock-awareness/continuity/fact
  Scenario Outline: only what the user said is fact
    When I call "clock-awareness.assess_continuity" with {"now": "2026-02-09T20:00:00Z", "action": {"id": "a", "label": "Paid invoice", "type": "action", "status": "<status>", "recorded_iso": "2026-02-09T17:00:00Z", "expires_iso": "2026-02-10T17:00:00Z", "source": "<source>"}}
    Then the output "may_state_as_fact" is <fact>
    And the output "completion_needs_confirmation" is <confirm>
    And the output "hedged_reference_allowed" is <hedged>

    Examples:
      | case               | status      | source         | fact  | confirm | hedged |
      | clocked-done       | done        | clock_it       | true  | false   | false  |
      | confirmed-done     | done        | user_confirmed | true  | false   | false  |
      | auto-done          | done        | auto           | false | true    | false  |
      | clocked-canceled   | canceled    | clock_it       | true  | true    | false  |
      | clocked-planned    | planned     | clock_it       | false | true    | true   |
      | auto-likely        | likely_done | auto           | false | true    | true   |

  @req:AW-CONT-HEDGED @req:AW-CONT-TONE @id:clock-awareness/continuity/policy
  Scenario Outline: the policy gates the hedged reference
    When I call "clock-awareness.assess_continuity" with {"now": "2026-02-09T18:00:00Z", "policy": {"clock": <clock>}, "action": {"id": "s", "label": "Sleep", "type": "temporal_action", "status": "in_progress", "recorded_iso": "2026-02-09T10:00:00Z", "expires_iso": "2026-02-09T22:00:00Z", "source": "auto"}}
    Then the output "hedged_reference_allowed" is <hedged>
    And the output "tone_only" is <tone>

    Examples:
      | case             | clock                                                  | hedged | tone  |
      | default          | {}                                                     | true   | true  |
      | inference-off    | {"inference": {"enabled": false}}                      | false  | true  |
      | disabled         | {"enabled": false}                                     | false  | true  |
      | mode-off         | {"mode": "off"}                                        | false  | true  |
      | not-tone-only    | {"inference": {"allow_for_tone_only": false}}          | true   | false  |

  @decision @req:AW-CONT-IMPACTFUL @req:AW-CONT-LIGHT @id:clock-awareness/continuity/impactful
  Scenario Outline: impactful follow-ups need confirmation
    §0 "light: … ask before any impactful action" and §8.2 "If `require_confirmation_for_impactful_actions
    = true`, confirmation is required before: …" disagree for light mode with the switch off; the
    kit reads them together, exactly as clock-core.confirmation_gate does: light forces
    confirmation; in normal mode the switch decides for stated actions; inferred ones always need
    confirmation (§8.1).
    When I call "clock-awareness.assess_continuity" with {"now": "2026-02-09T18:00:00Z", "impactful_kind": "<kind>", "basis": <basis>, "confirmed": <confirmed>, "policy": {"clock": {"mode": "<mode>", "inference": {"require_confirmation_for_impactful_actions": <require>}}}, "action": {"id": "m", "label": "Eat dinner", "type": "temporal_action", "status": "planned", "recorded_iso": "2026-02-09T17:00:00Z", "expires_iso": "2026-02-10T17:00:00Z", "source": "auto"}}
    Then the output "impactful.allowed" is <allowed>
    And the output "impactful.needs_confirmation" is <needs>
    And the output "impactful.reason" is "<reason>"

    Examples:
      | case                    | kind                 | basis      | confirmed | mode   | require | allowed | needs | reason                       |
      | inferred-message        | message_third_party  | "inferred" | false     | normal | false   | false   | true  | inferred_impactful           |
      | basis-defaults-inferred | purchase             | null       | false     | normal | false   | false   | true  | inferred_impactful           |
      | stated-normal-on        | calendar_or_reminder | "stated"   | false     | normal | true    | false   | true  | policy_requires_confirmation |
      | stated-normal-off       | publish_or_deploy    | "stated"   | false     | normal | false   | true    | false | not_required                 |
      | stated-light-off        | delete_data          | "stated"   | false     | light  | false   | false   | true  | policy_requires_confirmation |
      | stated-light-confirmed  | delete_data          | "stated"   | true      | light  | false   | true    | false | confirmed                    |
      | other-light             | other                | "inferred" | false     | light  | true    | true    | false | not_required                 |

  @req:AW-CONT-WINDOW @req:AW-READ-LIKELY-DONE @id:clock-awareness/continuity/centuries-long-window
  Scenario Outline: expected minutes near the limit of a 64-bit count of nanoseconds
    §2: elapsed is the "time delta between now and a stored timestamp, computed unambiguously
    (absolute timestamps, DST-aware)", and §6.5 treats an action "as open for that duration
    window". The action was recorded 9,223,372,030 seconds before now (153,722,867 minutes and
    10 seconds, about 292 years); 153,722,867 minutes is the most a signed 64-bit count of
    nanoseconds holds, so the windows must be compared exactly around it: a minute count one
    larger neither wraps to a negative duration nor stops being longer than the elapsed time.
    When I call "clock-awareness.assess_continuity" with {"now": "2026-02-09T17:00:00Z", "action": {"id": "h", "label": "Hold the line", "type": "temporal_action", "status": "in_progress", "recorded_iso": "1733-10-31T17:12:50Z", "expected_typical_minutes": <typical>, "expected_max_minutes": <max>, "expires_iso": "2026-02-10T17:00:00Z", "source": "auto"}}
    Then the output is:
      """json
      {"effective_status": "<effective>", "elapsed_ms": 9223372030000, "window": "<window>", "hedged_reference_allowed": true,
       "may_state_as_fact": false, "completion_needs_confirmation": true, "status_after": "<effective>", "source_after": "auto",
       "tone_only": true, "impactful": null}
      """

    Examples:
      | case           | typical   | max       | effective   | window         |
      | typical-passed | 153722867 | 153722868 | likely_done | typical_to_max |
      | max-passed     | 153722866 | 153722867 | likely_done | after_max      |
      | typical-ahead  | 153722868 | 153722869 | in_progress | before_typical |

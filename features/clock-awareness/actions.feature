@clock-awareness @section:6
Feature: Latest actions: how actions get stored
  §6.2: an explicit directive stores an action (highest priority); temporal actions are stored
  automatically when the policy allows; non-temporal items only when clocked unless the policy
  says otherwise. §6.3: a normalised label, timestamps, status, scope, optional expected
  duration. §6.4: every action expires. The phrase lists are spec/clock-awareness/phrases.yaml,
  the directive grammar and label rules spec/clock-awareness/grammar.md.

  @req:AW-ACT-AUTO @req:AW-ACT-STATUS @req:AW-ACT-TTL @req:AW-ACT-SLEEP-TTL @req:AW-ACT-EXPECTED @id:clock-awareness/actions/auto-temporal
  Scenario Outline: temporal phrases are stored automatically with their status, TTL and expected minutes
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T18:10:00+09:00", "text": "<text>", "user_key": "user:chat:u1", "thread_key": "agent:main:chat:dm:u1"}
    Then the output "captured" is true
    And the output "reason" is "auto_temporal"
    And the output "action.label" is a non-empty string
    And the output "action.status" is "<status>"
    And the output "action.type" is "temporal_action"
    And the output "action.source" is "auto"
    And the output "action.recorded_iso" is "2026-02-09T09:10:00Z"
    And the output "action.expires_iso" is "<expires>"
    And the output "action.thread_key" is "agent:main:chat:dm:u1"
    And the output "activity" is <activity>

    Examples:
      | case         | text                                        | reference_label           | status      | expires              | activity         |
      | about-to     | I’m about to eat dinner!                    | Eat dinner                | planned     | 2026-02-10T09:10:00Z | "meal:dinner"    |
      | heading-to   | heading to the gym now. back later          | Go to the gym now         | in_progress | 2026-02-10T09:10:00Z | "exercise:gym"   |
      | headed-off   | Headed off to Tokyo                         | Go to Tokyo               | in_progress | 2026-02-10T09:10:00Z | null             |
      | sleep        | ok going to sleep, night                    | Sleep                     | in_progress | 2026-02-09T21:10:00Z | "sleep"          |
      | bed          | Going to bed                                | Sleep                     | in_progress | 2026-02-09T21:10:00Z | "sleep"          |
      | brb          | brb                                         | Be right back             | in_progress | 2026-02-10T09:10:00Z | "away:brb"       |
      | after-x      | after lunch, I’ll call the bank.            | Call the bank after lunch | planned     | 2026-02-10T09:10:00Z | "meal:lunch"     |
      | after-will   | After the meeting I will send the notes     | Send the notes after the meeting | planned | 2026-02-10T09:10:00Z | null         |

  @req:AW-ACT-EXPECTED @id:clock-awareness/actions/expected-minutes
  Scenario Outline: expected durations come from the activity template
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>"}
    Then the output "action.expected_typical_minutes" is <typical>
    And the output "action.expected_max_minutes" is <max>

    Examples:
      | case   | text                      | typical | max |
      | dinner | about to eat dinner       | 75      | 180 |
      | sleep  | going to sleep            | 480     | 720 |
      | gym    | heading to the gym        | 90      | 180 |
      | brb    | brb                       | 10      | 60  |

  @req:AW-ACT-CALIBRATION @id:clock-awareness/actions/calibration
  Scenario: a user's calibration replaces the template's minutes for that activity only
    When I call "clock-awareness.capture_action" with:
      """json
      {"now": "2026-02-09T09:10:00Z", "text": "about to eat dinner",
       "calibration": {"meal:dinner": {"typical_minutes": 90, "max_minutes": 240, "updated_iso": "2026-02-01T12:00:00+09:00"},
                       "sleep": {"typical_minutes": 400, "max_minutes": 500, "updated_iso": "2026-02-01T12:00:00+09:00"}}}
      """
    Then the output "action.expected_typical_minutes" is 90
    And the output "action.expected_max_minutes" is 240
    And the output "activity" is "meal:dinner"

  @decision @req:AW-ACT-SLEEP-TTL @req:AW-ACT-PROJECT-TTL @req:AW-ACT-TTL @id:clock-awareness/actions/ttl
  Scenario Outline: one TTL per case: 24 hours, 12 hours for sleep, 7 days in a project thread
    The seed gives ranges (sleep ~8–12 h, project 7–30 days); the kit pins one number each: 12 h so
    a night's sleep and the morning return fit; 7 days by the minimal-storage principle (§6.3).
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T22:00:00Z", "text": "<text>", "thread_kind": <kind>}
    Then the output "action.expires_iso" is "<expires>"

    Examples:
      | case               | text                  | kind           | expires              |
      | conversation       | about to do laundry   | "conversation" | 2026-02-10T22:00:00Z |
      | no-kind            | about to do laundry   | null           | 2026-02-10T22:00:00Z |
      | scheduling         | about to do laundry   | "scheduling"   | 2026-02-10T22:00:00Z |
      | project            | about to ship v2      | "project"      | 2026-02-16T22:00:00Z |
      | sleep              | going to sleep        | "conversation" | 2026-02-10T10:00:00Z |
      | sleep-in-project   | going to sleep        | "project"      | 2026-02-10T10:00:00Z |

  @req:AW-ACT-DIRECTIVE @req:AW-ACT-STATUS @req:AW-LABEL-NORMALISE @id:clock-awareness/actions/clock-it
  Scenario Outline: a clock directive stores the action whatever auto-storage says
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>", "policy": {"clock": {"store": {"latest_actions": {"auto_clock_temporal_actions": false}}}}}
    Then the output "captured" is true
    And the output "reason" is "clock_it"
    And the output "action.source" is "clock_it"
    And the output "action.label" is a non-empty string
    And the output "action.status" is "<status>"
    And the output "action.type" is "<type>"

    Examples:
      | case            | text                                   | reference_label       | status      | type            |
      | clock-it        | clock it: I’m going to eat dinner      | Eat dinner            | planned     | action          |
      | clock-it-temporal | Clock it: about to eat dinner        | Eat dinner            | planned     | temporal_action |
      | clock-short     | clock: paid invoice                    | Paid invoice          | done        | action          |
      | clock-sent      | CLOCK:  sent the contract.             | Sent the contract     | done        | action          |
      | appended        | call the bank tomorrow, clock it       | Call the bank tomorrow | planned    | action          |
      | appended-sleep  | going to sleep — clock it!             | Sleep                 | in_progress | temporal_action |
      | needed-not-past | clock: need to renew passport          | Need to renew passport | planned    | action          |

  @req:AW-ACT-EMPTY @id:clock-awareness/actions/empty
  Scenario Outline: a directive with nothing to clock stores nothing
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>"}
    Then the output "captured" is false
    And the output "reason" is "empty_label"
    And the output "action" is null

    Examples:
      | case      | text         |
      | prefix    | clock it:    |
      | bare      | clock it     |
      | short     | clock: ...   |

  @req:AW-ACT-AUTO-OFF @req:AW-ACT-NON-TEMPORAL @req:AW-ACT-DISABLED @id:clock-awareness/actions/policy
  Scenario Outline: what the storage policy allows
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>", "policy": {"clock": {"store": {"latest_actions": <latest>}}}}
    Then the output "captured" is <captured>
    And the output "reason" is "<reason>"

    Examples:
      | case                    | text                       | latest                                                                                        | captured | reason                      |
      | auto-off-temporal       | about to eat dinner        | {"auto_clock_temporal_actions": false}                                                        | false    | auto_clock_off              |
      | non-temporal-default    | I'll call the bank         | {}                                                                                            | false    | non_temporal_needs_clock_it |
      | non-temporal-allowed    | I'll call the bank         | {"require_explicit_clock_it_for_non_temporal": false}                                         | true     | auto_non_temporal           |
      | non-temporal-auto-off   | I'll call the bank         | {"require_explicit_clock_it_for_non_temporal": false, "auto_clock_temporal_actions": false}   | false    | auto_clock_off              |
      | nothing                 | what is 2 + 2              | {"require_explicit_clock_it_for_non_temporal": false}                                         | false    | no_action                   |
      | disabled-auto           | about to eat dinner        | {"enabled": false}                                                                            | false    | latest_actions_disabled     |
      | disabled-clock-it       | clock it: eat dinner       | {"enabled": false}                                                                            | false    | latest_actions_disabled     |
      | kind-directive          | clock: kind project        | {}                                                                                            | false    | kind_directive              |

  @req:AW-ACT-NON-TEMPORAL @id:clock-awareness/actions/non-temporal-label
  Scenario: a non-temporal intention, when allowed, is an action of type action
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "Tomorrow I will call the bank.", "policy": {"clock": {"store": {"latest_actions": {"require_explicit_clock_it_for_non_temporal": false}}}}}
    Then the output "action.label" is a non-empty string
    And the output "action.type" is "action"
    And the output "action.status" is "planned"
    And the output "action.source" is "auto"

  @decision @req:AW-ACT-QUOTES @req:AW-LABEL-NORMALISE @id:clock-awareness/actions/store-quotes-off
  Scenario: store_quotes false keeps the normalised label only
    The label is the normalised action phrase of grammar.md; nothing of the message beyond it is kept.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "ugh my boss again... I'm about to   eat dinner with   Sam and then watch a film!!", "user_key": "user:chat:u1"}
    Then the output is, apart from the text at "action.id", "action.label", "actions.*.id", "actions.*.label":
      """json
      {"captured": true, "reason": "auto_temporal", "activity": "meal:dinner",
       "action": {"id": "act_61145289", "label": "Eat dinner with Sam and then watch a film", "type": "temporal_action", "status": "planned",
                  "recorded_iso": "2026-02-09T09:10:00Z", "expected_typical_minutes": 75, "expected_max_minutes": 180,
                  "expires_iso": "2026-02-10T09:10:00Z", "source": "auto"},
       "actions": [{"id": "act_61145289", "label": "Eat dinner with Sam and then watch a film", "type": "temporal_action", "status": "planned",
                  "recorded_iso": "2026-02-09T09:10:00Z", "expected_typical_minutes": 75, "expected_max_minutes": 180,
                  "expires_iso": "2026-02-10T09:10:00Z", "source": "auto"}],
       "removed": []}
      """
    And the output "action.id" occurs once among the output's "actions.*.id"

  @decision @req:AW-ACT-QUOTES @id:clock-awareness/actions/store-quotes-on
  Scenario: store_quotes true adds a short excerpt
    The seed says "short excerpt" without a length; the kit keeps the message's first 200 characters
    with white space collapsed.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "ugh   my boss again... I'm about to eat dinner", "policy": {"clock": {"store": {"latest_actions": {"store_quotes": true}}}}}
    Then the output "action.quote" is "ugh my boss again... I'm about to eat dinner"
    And the output "action.label" is a non-empty string

  @extension @req:AW-LABEL-NORMALISE @id:clock-awareness/actions/long-label
  Scenario: a label is at most 80 characters, cut at a word
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "clock it: write the quarterly report for the board including revenue, churn, hiring plans and the roadmap"}
    Then the output "action.label" is "Write the quarterly report for the board including revenue, churn, hiring plans"

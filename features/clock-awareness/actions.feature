@clock-awareness @section:6
Feature: Latest actions: how actions get stored
  §6.2: an explicit directive stores an action (highest priority); temporal actions are stored
  automatically when the policy allows; non-temporal items only when clocked unless the policy
  says otherwise. §6.3: a normalised label, timestamps, status, scope, optional expected
  duration. §6.4: every action expires. The phrase lists are spec/clock-awareness/phrases.yaml,
  the directive grammar and label rules spec/clock-awareness/grammar.md.

  @req:AW-ACT-AUTO @req:AW-ACT-STATUS @req:AW-ACT-TTL @id:clock-awareness/actions/judged-temporal
  Scenario Outline: an action the agent judges temporal is stored automatically, as it was judged, for 24 hours
    §6.2 B: "If `auto_clock_temporal_actions = true`, the agent MAY store actions that imply near-term
    temporal relevance"; whether a message does is the agent's judgement, given here. What must follow
    is certified: §6.3's fields, the source auto, and §6.4's default TTL "planned/in_progress: 24h".
    The stored times are instants: §10.2's own example writes them at the user's offset
    ("recorded_iso": "2026-02-09T18:10:00+09:00"), the kit in UTC; either names the instant.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T18:10:00+09:00", "text": "<text>", "user_key": "user:chat:u1", "thread_key": "agent:main:chat:dm:u1", "judgement": {"action": true, "temporal": true, "label": "<label>", "status": "<status>"}}
    Then the output "captured" is true
    And the output "reason" is "auto_temporal"
    And the output "action.label" is a non-empty string
    And the output "action.status" is "<status>"
    And the output "action.type" is "temporal_action"
    And the output "action.source" is "auto"
    And the output "action.recorded_iso" is the instant "2026-02-09T09:10:00Z"
    And the output "action.expires_iso" is the instant "2026-02-10T09:10:00Z"
    And the output "action.thread_key" is "agent:main:chat:dm:u1"
    And the output "action.id" occurs once among the output's "actions.*.id"

    Examples:
      | case        | text                               | label            | status      |
      | planned     | dinner with Sam in a bit           | Dinner with Sam  | planned     |
      | in-progress | omw to the dentist                 | Go to the dentist | in_progress |
      | other-words | just got back from a run, shower now | Shower         | planned     |

  @req:AW-ACT-EXPECTED @req:AW-ACT-SLEEP-TTL @id:clock-awareness/actions/judged-sleep
  Scenario: a sleep the agent recognised stays open for the night
    §6.5: "If the user says “going to sleep” (or equivalent), the agent MAY store a short-lived open
    action (TTL ~8–12h)"; recognising the equivalent is the agent's, given as the activity sleep.
    Any TTL of about 8 to 12 hours is the seed's; the kit pins the upper end, 12 hours (see
    actions/ttl).
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T22:00:00Z", "text": "gn all, zzz", "judgement": {"action": true, "temporal": true, "label": "Sleep", "status": "in_progress", "activity": "sleep"}}
    Then the output "captured" is true
    And the output "action.status" is "in_progress"
    And the output "action.expires_iso" is a time after "2026-02-10T05:59:59Z"
    And the seed leaves the output "action.expires_iso" open
    And the output "activity" is "sleep"

  @req:AW-ACT-AUTO-OFF @req:AW-ACT-NON-TEMPORAL @req:AW-ACT-DISABLED @id:clock-awareness/actions/judged-policy
  Scenario Outline: what the storage policy allows, for the agent's judgement of the message
    §0/§6.2: auto_clock_temporal_actions gates automatic storage; with
    require_explicit_clock_it_for_non_temporal, "do NOT store non-temporal items unless explicitly
    clocked"; latest_actions.enabled false stores nothing; a message with no action stores nothing.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>", "judgement": <judgement>, "policy": {"clock": {"store": {"latest_actions": <latest>}}}}
    Then the output "captured" is <captured>
    And the output "reason" is "<reason>"

    Examples:
      | case                  | text                   | judgement                                                              | latest                                                                                      | captured | reason                      |
      | temporal-auto-on      | off for a swim         | {"action": true, "temporal": true, "label": "Swim"}                    | {}                                                                                          | true     | auto_temporal               |
      | temporal-auto-off     | off for a swim         | {"action": true, "temporal": true, "label": "Swim"}                    | {"auto_clock_temporal_actions": false}                                                      | false    | auto_clock_off              |
      | non-temporal-default  | must renew my passport | {"action": true, "temporal": false, "label": "Renew passport"}         | {}                                                                                          | false    | non_temporal_needs_clock_it |
      | non-temporal-allowed  | must renew my passport | {"action": true, "temporal": false, "label": "Renew passport"}         | {"require_explicit_clock_it_for_non_temporal": false}                                       | true     | auto_non_temporal           |
      | non-temporal-auto-off | must renew my passport | {"action": true, "temporal": false, "label": "Renew passport"}         | {"require_explicit_clock_it_for_non_temporal": false, "auto_clock_temporal_actions": false} | false    | auto_clock_off              |
      | no-action             | what is 2 + 2          | {"action": false}                                                      | {"require_explicit_clock_it_for_non_temporal": false}                                       | false    | no_action                   |
      | disabled              | off for a swim         | {"action": true, "temporal": true, "label": "Swim"}                    | {"enabled": false}                                                                          | false    | latest_actions_disabled     |
      | disabled-clock-it     | clock it: swim         | {"action": true, "temporal": true, "label": "Swim"}                    | {"enabled": false}                                                                          | false    | latest_actions_disabled     |

  @req:AW-ACT-DIRECTIVE @id:clock-awareness/actions/judged-clock-it
  Scenario Outline: a clock directive stores the action whatever auto-storage says
    §6.2 A: "Explicit directive (highest priority)": `clock it: …`, `clock: …`, or `clock it`
    appended. The directive's grammar is the seed's; the action's label, type and status are the
    agent's judgement, given here.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>", "judgement": {"action": true, "temporal": <temporal>, "label": "<label>", "status": "<status>"}, "policy": {"clock": {"store": {"latest_actions": {"auto_clock_temporal_actions": false}}}}}
    Then the output "captured" is true
    And the output "reason" is "clock_it"
    And the output "action.source" is "clock_it"
    And the output "action.label" is a non-empty string
    And the output "action.status" is "<status>"
    And the output "action.type" is "<type>"

    Examples:
      | case        | text                                  | temporal | label         | status  | type            |
      | clock-it    | clock it: I’m going to eat dinner     | true     | Eat dinner    | planned | temporal_action |
      | clock-short | clock: paid invoice                   | false    | Paid invoice  | done    | action          |
      | appended    | call the bank tomorrow, clock it      | false    | Call the bank | planned | action          |

  @extension @req:AW-ACT-AUTO @req:AW-ACT-STATUS @req:AW-ACT-TTL @req:AW-ACT-SLEEP-TTL @req:AW-ACT-EXPECTED @id:clock-awareness/actions/auto-temporal
  Scenario Outline: the reference's phrase list stores temporal phrases with their status, TTL and expected minutes
    Beyond the seed: without the agent's judgement, the reference reads the message with
    phrases.yaml. Recommended, never required.
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

  @extension @req:AW-ACT-EXPECTED @id:clock-awareness/actions/expected-minutes
  Scenario Outline: the reference's activity templates give expected durations
    Beyond the seed except for the gym: §6.5 gives "I’m headed to the gym" (expected ~2h), so the
    gym's typical duration is 120 minutes; the other numbers are the reference's own.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "<text>"}
    Then the output "action.expected_typical_minutes" is <typical>
    And the output "action.expected_max_minutes" is <max>

    Examples:
      | case   | text                      | typical | max |
      | dinner | about to eat dinner       | 75      | 180 |
      | sleep  | going to sleep            | 480     | 720 |
      | gym    | heading to the gym        | 120     | 180 |
      | brb    | brb                       | 10      | 60  |

  @req:AW-ACT-CALIBRATION @id:clock-awareness/actions/calibration
  Scenario: a user's calibration gives that activity's expected minutes
    §6.3 "optional: expected duration (from templates or per-user calibration)"; §12 "Keep
    per-user calibration". The activity is the agent's judgement; the user's numbers for it apply.
    When I call "clock-awareness.capture_action" with:
      """json
      {"now": "2026-02-09T09:10:00Z", "text": "about to eat dinner", "judgement": {"action": true, "temporal": true, "label": "Eat dinner", "activity": "meal:dinner"},
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
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T22:00:00Z", "text": "<text>", "thread_kind": <kind>, "judgement": {"action": true, "temporal": true, "label": "<label>", "activity": <activity>}}
    Then the output "action.expires_iso" is "<expires>"

    Examples:
      | case               | text                  | label       | activity | kind           | expires              |
      | conversation       | about to do laundry   | Do laundry  | null     | "conversation" | 2026-02-10T22:00:00Z |
      | no-kind            | about to do laundry   | Do laundry  | null     | null           | 2026-02-10T22:00:00Z |
      | scheduling         | about to do laundry   | Do laundry  | null     | "scheduling"   | 2026-02-10T22:00:00Z |
      | project            | about to ship v2      | Ship v2     | null     | "project"      | 2026-02-16T22:00:00Z |
      | sleep              | going to sleep        | Sleep       | "sleep"  | "conversation" | 2026-02-10T10:00:00Z |
      | sleep-in-project   | going to sleep        | Sleep       | "sleep"  | "project"      | 2026-02-10T10:00:00Z |

  @extension @req:AW-ACT-DIRECTIVE @req:AW-ACT-STATUS @req:AW-LABEL-NORMALISE @id:clock-awareness/actions/clock-it
  Scenario Outline: without a judgement the reference reads a clocked action's type and status from its phrases
    Beyond the seed: phrases.yaml (temporal phrases, past-tense first words) decide type and status.
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

  @extension @req:AW-ACT-AUTO-OFF @req:AW-ACT-NON-TEMPORAL @req:AW-ACT-DISABLED @id:clock-awareness/actions/policy
  Scenario Outline: what the storage policy allows, with the reference's phrase lists reading the message
    Beyond the seed: §6.2 lets the agent judge whether a message is a temporal action; here the
    reference's phrase lists judge it (the required scenarios give the judgement as input).
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

  @extension @req:AW-ACT-NON-TEMPORAL @id:clock-awareness/actions/non-temporal-label
  Scenario: the reference reads "I will …" as a non-temporal intention, stored when allowed as type action
    Beyond the seed: whether "I will …" is a temporal action is the agent's judgement (§6.2); this
    is the reference's reading of it.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "Tomorrow I will call the bank.", "policy": {"clock": {"store": {"latest_actions": {"require_explicit_clock_it_for_non_temporal": false}}}}}
    Then the output "action.label" is a non-empty string
    And the output "action.type" is "action"
    And the output "action.status" is "planned"
    And the output "action.source" is "auto"

  @req:AW-ACT-QUOTES @id:clock-awareness/actions/store-quotes-off
  Scenario: store_quotes false keeps the normalised label only
    §6.3: "Avoid storing long text by default (`store_quotes: false`)"; §0 store_quotes: "if true,
    store short excerpt; otherwise store normalized summary only". Nothing of the message beyond the
    label is kept.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "ugh my boss again... I'm about to   eat dinner with   Sam and then watch a film!!", "user_key": "user:chat:u1", "judgement": {"action": true, "temporal": true, "label": "Eat dinner with Sam and then watch a film", "activity": "meal:dinner"}}
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
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "ugh   my boss again... I'm about to eat dinner", "judgement": {"action": true, "temporal": true, "label": "Eat dinner"}, "policy": {"clock": {"store": {"latest_actions": {"store_quotes": true}}}}}
    Then the output "action.quote" is "ugh my boss again... I'm about to eat dinner"
    And the output "action.label" is a non-empty string

  @extension @req:AW-LABEL-NORMALISE @id:clock-awareness/actions/long-label
  Scenario: a label is at most 80 characters, cut at a word
    Beyond the seed: §6.3 asks for a "normalized label (short summary)" without a length; the
    reference's 80-character cut is a recommendation.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "clock it: write the quarterly report for the board including revenue, churn, hiring plans and the roadmap"}
    Then the output "action.label" is "Write the quarterly report for the board including revenue, churn, hiring plans"

  @req:AW-ACT-AUTO @req:AW-READ-OPEN @id:clock-awareness/actions/id-referable
  Scenario: a stored action's id is the implementation's own, unique, stable and referable later
    §10.2 stores each action with an "id" ("act_9f3c" in its example) and §11 corrections name the
    action; how ids are minted is the implementation's. What is certified: the id is unique in the
    list, a later read answers the same id for the same action, and a correction by that id reaches it.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "dinner, back later", "user_key": "user:chat:u1", "judgement": {"action": true, "temporal": true, "label": "Dinner", "status": "in_progress"}, "actions": [{"id": "older", "label": "Gym", "type": "temporal_action", "status": "done", "recorded_iso": "2026-02-09T07:00:00Z", "expires_iso": "2026-02-10T07:00:00Z", "source": "clock_it"}]}
    Then the output "action.id" occurs once among the output's "actions.*.id"
    And the output "actions.0.id" is "older"
    And I remember the output "action.id" as "dinner"
    And I remember the output "actions" as "list"
    When I call "clock-awareness.read_actions" with {"now": "2026-02-09T09:40:00Z", "actions": "${list}"}
    Then the output "actions.1.id" is the remembered "dinner"
    And the output "actions.0.id" is not the remembered "dinner"
    And the output "actions.1.effective_status" is "in_progress"
    When I call "clock-core.correct_action" with {"state": {"version": 3, "users": {"user:chat:u1": {"latest_actions": "${list}"}}}, "user_key": "user:chat:u1", "action_id": "${dinner}", "status": "done"}
    Then the output "state.users.user:chat:u1.latest_actions.1.id" is the remembered "dinner"
    And the output "state.users.user:chat:u1.latest_actions.1.status" is "done"
    And the output "state.users.user:chat:u1.latest_actions.1.source" is "user_confirmed"
    And the output "state.users.user:chat:u1.latest_actions.0.status" is "done"

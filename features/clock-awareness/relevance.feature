@clock-awareness @section:5.1 @section:9
Feature: The clock relevance decision
  §5.1: on each user message the agent computes the thread kind, the elapsed time since the
  last interaction, whether an action is open, whether the message is about time and whether it
  is a clock directive; clock.enabled false skips temporal awareness; otherwise the check-in
  rules are evaluated in order, then time-related messages turn awareness on, else it is off.
  Elapsed time is the absolute difference between instants (§2).

  @decision @req:AW-REL-GTE @req:AW-REL-ALL-FIRED @req:AW-CHECKIN-EFFECTS @id:clock-awareness/relevance/default-thresholds
  Scenario Outline: each default rule fires exactly at its threshold, not one second below
    "evaluate check-in rules in order; if any rule triggers" does not say evaluation stops: every
    rule is evaluated, all that fire are listed in order, and their effects combine.
    When I call "clock-awareness.decide_relevance" with {"now": "<now>", "thread_kind": "<kind>", "last_interaction_iso": "<last>", "has_open_action": <open>, "text": "ok, let's continue", "time_related": false}
    Then the output is:
      """json
      {"awareness": <awareness>, "trigger": "<trigger>", "fired": <fired>,
       "allows": {"ask_for_updates": <ask>, "allow_hedged_reference": <hedged>, "offer_recap": <recap>},
       "thread_kind": "<kind>", "elapsed_ms": <elapsed>, "elapsed_source": "thread", "elapsed_any_channel_ms": null,
       "time_related": false, "directive": null, "anchor_timezone": false, "mode": "light", "proactive": false}
      """

    Examples:
      | case                 | kind         | open  | last                 | now                  | elapsed    | awareness | trigger | fired                | ask   | hedged | recap |
      | project-1d-below     | project      | false | 2026-02-09T10:00:00Z | 2026-02-10T09:59:59Z | 86399000   | false     | none    | []                   | false | false  | false |
      | project-1d-at        | project      | false | 2026-02-09T10:00:00Z | 2026-02-10T10:00:00Z | 86400000   | true      | rule    | ["project_gap_1d"]   | true  | false  | false |
      | project-1d-above     | project      | false | 2026-02-09T10:00:00Z | 2026-02-10T10:00:01Z | 86401000   | true      | rule    | ["project_gap_1d"]   | true  | false  | false |
      | conversation-1d      | conversation | false | 2026-02-09T10:00:00Z | 2026-02-10T10:00:00Z | 86400000   | false     | none    | []                   | false | false  | false |
      | action-2h-below      | conversation | true  | 2026-02-10T08:00:00Z | 2026-02-10T09:59:59Z | 7199000    | false     | none    | []                   | false | false  | false |
      | action-2h-at         | conversation | true  | 2026-02-10T08:00:00Z | 2026-02-10T10:00:00Z | 7200000    | true      | rule    | ["action_gap_2h"]    | false | true   | false |
      | action-2h-above      | conversation | true  | 2026-02-10T08:00:00Z | 2026-02-10T10:00:01Z | 7201000    | true      | rule    | ["action_gap_2h"]    | false | true   | false |
      | no-action-2h         | conversation | false | 2026-02-10T08:00:00Z | 2026-02-10T10:00:00Z | 7200000    | false     | none    | []                   | false | false  | false |
      | long-30d-below       | conversation | false | 2026-01-10T10:00:00Z | 2026-02-09T09:59:59Z | 2591999000 | false     | none    | []                   | false | false  | false |
      | long-30d-at          | conversation | false | 2026-01-10T10:00:00Z | 2026-02-09T10:00:00Z | 2592000000 | true      | rule    | ["long_gap_30d"]     | false | false  | true  |
      | long-30d-above       | scheduling   | false | 2026-01-10T10:00:00Z | 2026-02-09T10:00:01Z | 2592001000 | true      | rule    | ["long_gap_30d"]     | false | false  | true  |
      | project-action-2h    | project      | true  | 2026-02-10T08:00:00Z | 2026-02-10T10:00:00Z | 7200000    | true      | rule    | ["action_gap_2h"]    | false | true   | false |
      | all-three-in-order   | project      | true  | 2026-01-10T10:00:00Z | 2026-02-09T10:00:00Z | 2592000000 | true      | rule    | ["project_gap_1d", "action_gap_2h", "long_gap_30d"] | true | true | true |

  @req:AW-REL-ELAPSED @id:clock-awareness/relevance/dst
  Scenario Outline: a day is 24 hours of elapsed time, also across a DST change
    New York moves to daylight time on 2026-03-08: noon to noon that weekend is 23 hours.
    When I call "clock-awareness.decide_relevance" with {"now": "<now>", "thread_kind": "project", "last_interaction_iso": "2026-03-07T12:00:00-05:00"}
    Then the output is:
      """json
      {"awareness": <on>, "trigger": "<trigger>", "fired": <fired>,
       "allows": {"ask_for_updates": <on>, "allow_hedged_reference": false, "offer_recap": false},
       "thread_kind": "project", "elapsed_ms": <elapsed>, "elapsed_source": "thread", "elapsed_any_channel_ms": null,
       "time_related": false, "directive": null, "anchor_timezone": false, "mode": "light", "proactive": false}
      """

    Examples:
      | case          | now                       | elapsed  | on    | trigger | fired              |
      | noon-to-noon  | 2026-03-08T12:00:00-04:00 | 82800000 | false | none    | []                 |
      | below-24h     | 2026-03-08T12:59:59-04:00 | 86399000 | false | none    | []                 |
      | at-24h        | 2026-03-08T13:00:00-04:00 | 86400000 | true  | rule    | ["project_gap_1d"] |
      | above-24h     | 2026-03-08T13:00:01-04:00 | 86401000 | true  | rule    | ["project_gap_1d"] |
      | other-offset  | 2026-03-08T17:00:00Z      | 86400000 | true  | rule    | ["project_gap_1d"] |

  @decision @req:AW-REL-ELAPSED @id:clock-awareness/relevance/stored-after-now
  Scenario: a last interaction after now is no elapsed time
    The wrapper of clock-core reads a message stamped before the stored one as zero elapsed; the
    decision does the same rather than count a negative gap.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "thread_kind": "project", "last_interaction_iso": "2026-02-12T10:00:00Z"}
    Then the output "elapsed_ms" is 0
    And the output "awareness" is false

  @decision @req:AW-REL-ELAPSED-SOURCE @id:clock-awareness/relevance/elapsed-source
  Scenario Outline: rules compare the thread's elapsed time, else the user's across channels
    §5.1 lists both; the rules of §0 speak of "this thread", so the thread decides when it has an
    interaction, and a user returning on a new thread is measured from any channel.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-09T10:00:00Z", "last_interaction_iso": <last>, "last_interaction_any_channel_iso": <any>, "policy": <policy>}
    Then the output is:
      """json
      {"awareness": <on>, "trigger": "<trigger>", "fired": <fired>,
       "allows": {"ask_for_updates": false, "allow_hedged_reference": false, "offer_recap": <on>},
       "thread_kind": "conversation", "elapsed_ms": <elapsed>, "elapsed_source": <source>, "elapsed_any_channel_ms": <any_ms>,
       "time_related": false, "directive": null, "anchor_timezone": false, "mode": "light", "proactive": false}
      """

    Examples:
      | case                 | last                   | any                    | policy                                        | source        | elapsed    | any_ms     | on    | trigger | fired            |
      | thread-wins          | "2026-02-09T09:00:00Z" | "2026-01-01T00:00:00Z" | null                                          | "thread"      | 3600000    | 3405600000 | false | none    | []               |
      | new-thread-any       | null                   | "2026-01-10T10:00:00Z" | null                                          | "any_channel" | 2592000000 | 2592000000 | true  | rule    | ["long_gap_30d"] |
      | cross-channel-off    | null                   | "2026-01-10T10:00:00Z" | {"clock": {"cross_channel_tracking": false}}  | null          | null       | null       | false | none    | []               |
      | nothing-stored       | null                   | null                   | null                                          | null          | null       | null       | false | none    | []               |

  @req:AW-REL-DISABLED @id:clock-awareness/relevance/disabled
  Scenario Outline: clock.enabled false skips awareness but still anchors times
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-09T10:00:00Z", "policy": {"clock": {"enabled": false}}, "thread_kind": "project", "last_interaction_iso": "2025-01-01T00:00:00Z", "has_open_action": true, "text": "<text>", "time_related": <anchor>}
    Then the output is:
      """json
      {"awareness": false, "trigger": "disabled", "fired": [],
       "allows": {"ask_for_updates": false, "allow_hedged_reference": false, "offer_recap": false},
       "thread_kind": "project", "elapsed_ms": 34941600000, "elapsed_source": "thread", "elapsed_any_channel_ms": null,
       "time_related": <anchor>, "directive": null, "anchor_timezone": <anchor>, "mode": "light", "proactive": false}
      """

    Examples:
      | case         | text                        | anchor |
      | time-message | can we meet tomorrow at 9am | true   |
      | plain        | thanks                      | false  |

  @req:AW-REL-MODES @id:clock-awareness/relevance/mode-off
  Scenario Outline: mode off uses no time context, whatever the gap
    §0: "off: never use time context beyond basic timezone anchoring when needed": a long gap in
    a project thread allows no check-in.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "policy": {"clock": {"mode": "off"}}, "thread_kind": "project", "last_interaction_iso": "<last>", "text": "<text>", "time_related": <anchor>}
    Then the output "awareness" is false
    And the output "allows" equals the JSON {"ask_for_updates": false, "allow_hedged_reference": false, "offer_recap": false}
    And the output "anchor_timezone" is <anchor>

    Examples:
      | case     | last                 | text           | anchor |
      | off-gap  | 2026-02-01T10:00:00Z | hi             | false  |
      | off-time | 2026-02-10T09:00:00Z | see you at 5pm | true   |

  @decision @req:AW-REL-MODES @req:AW-REL-OFF @id:clock-awareness/relevance/modes
  Scenario Outline: the three modes
    §0 says off is "never use time context beyond basic timezone anchoring" — awareness off like
    enabled false; light acts on what fired; normal is "more proactive": the same rules, plus
    a proactive flag. The seed gives normal no thresholds of its own, so none are invented.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "policy": {"clock": {"mode": "<mode>"}}, "thread_kind": "project", "last_interaction_iso": "<last>", "text": "<text>", "time_related": <anchor>}
    Then the output "awareness" is <awareness>
    And the output "trigger" is "<trigger>"
    And the output "allows.ask_for_updates" is <ask>
    And the output "proactive" is <proactive>
    And the output "anchor_timezone" is <anchor>
    And the output "mode" is "<mode>"

    Examples:
      | case          | mode   | last                 | text            | awareness | trigger        | ask   | proactive | anchor |
      | off-gap       | off    | 2026-02-01T10:00:00Z | hi              | false     | mode_off       | false | false     | false  |
      | off-time      | off    | 2026-02-10T09:00:00Z | see you at 5pm  | false     | mode_off       | false | false     | true   |
      | light-gap     | light  | 2026-02-01T10:00:00Z | hi              | true      | rule           | true  | false     | false  |
      | normal-gap    | normal | 2026-02-01T10:00:00Z | hi              | true      | rule           | true  | true      | false  |
      | normal-no-gap | normal | 2026-02-10T09:00:00Z | hi              | false     | none           | false | true      | false  |
      | light-time    | light  | 2026-02-10T09:00:00Z | see you at 5pm  | true      | time_reference | false | false     | true   |

  @req:AW-REL-CHECKINS-OFF @id:clock-awareness/relevance/checkins-off
  Scenario Outline: with check-ins off no rule fires, time still matters
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "policy": {"clock": {"checkins": {"enabled": false}}}, "thread_kind": "project", "last_interaction_iso": "2025-12-01T00:00:00Z", "has_open_action": true, "text": "<text>", "time_related": <time>}
    Then the output is:
      """json
      {"awareness": <time>, "trigger": "<trigger>", "fired": [],
       "allows": {"ask_for_updates": false, "allow_hedged_reference": false, "offer_recap": false},
       "thread_kind": "project", "elapsed_ms": 6170400000, "elapsed_source": "thread", "elapsed_any_channel_ms": null,
       "time_related": <time>, "directive": null, "anchor_timezone": <time>, "mode": "light", "proactive": false}
      """

    Examples:
      | case  | text                     | time  | trigger        |
      | plain | carry on                 | false | none           |
      | time  | what's the deadline      | true  | time_reference |

  @req:AW-REL-CUSTOM @id:clock-awareness/relevance/custom-rules
  Scenario Outline: custom rules with other durations, evaluated in the user's order
    When I call "clock-awareness.decide_relevance" with:
      """json
      {"now": "<now>", "thread_kind": "<kind>", "last_interaction_iso": "2026-02-10T00:00:00Z",
       "policy": {"clock": {"checkins": {"rules": [
         {"id": "sched_6h", "when": {"thread_kind": "scheduling", "elapsed_gte": "PT6H"}, "then": {"ask_for_updates": true}},
         {"id": "any_2d", "when": {"elapsed_gte": "P2D"}, "then": {"offer_recap": true}},
         {"id": "mixed", "when": {"elapsed_gte": "P1DT12H30M"}, "then": {"allow_hedged_reference": true}}]}}}}
      """
    Then the output is:
      """json
      {"awareness": <on>, "trigger": "<trigger>", "fired": <fired>,
       "allows": {"ask_for_updates": <ask>, "allow_hedged_reference": <hedged>, "offer_recap": <recap>},
       "thread_kind": "<kind>", "elapsed_ms": <elapsed>, "elapsed_source": "thread", "elapsed_any_channel_ms": null,
       "time_related": false, "directive": null, "anchor_timezone": false, "mode": "light", "proactive": false}
      """

    Examples:
      | case          | kind         | now                  | elapsed   | on    | trigger | fired                           | ask   | hedged | recap |
      | 6h-below      | scheduling   | 2026-02-10T05:59:59Z | 21599000  | false | none    | []                              | false | false  | false |
      | 6h-at         | scheduling   | 2026-02-10T06:00:00Z | 21600000  | true  | rule    | ["sched_6h"]                    | true  | false  | false |
      | 6h-above      | scheduling   | 2026-02-10T06:00:01Z | 21601000  | true  | rule    | ["sched_6h"]                    | true  | false  | false |
      | 6h-other-kind | operations   | 2026-02-10T06:00:00Z | 21600000  | false | none    | []                              | false | false  | false |
      | mixed-below   | operations   | 2026-02-11T12:29:59Z | 131399000 | false | none    | []                              | false | false  | false |
      | mixed-at      | operations   | 2026-02-11T12:30:00Z | 131400000 | true  | rule    | ["mixed"]                       | false | true   | false |
      | 2d-below      | scheduling   | 2026-02-11T23:59:59Z | 172799000 | true  | rule    | ["sched_6h", "mixed"]           | true  | true   | false |
      | 2d-at         | scheduling   | 2026-02-12T00:00:00Z | 172800000 | true  | rule    | ["sched_6h", "any_2d", "mixed"] | true  | true   | true  |
      | 2d-above      | operations   | 2026-02-12T00:00:01Z | 172801000 | true  | rule    | ["any_2d", "mixed"]             | false | true   | true  |

  @req:AW-REL-CUSTOM @id:clock-awareness/relevance/no-rules
  Scenario: an empty rules list fires nothing
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T00:00:00Z", "thread_kind": "project", "last_interaction_iso": "2025-01-01T00:00:00Z", "policy": {"clock": {"checkins": {"rules": []}}}}
    Then the output "trigger" is "none"

  @decision @req:AW-REL-MONTHS @id:clock-awareness/relevance/months
  Scenario Outline: months are not calendar months: they are refused
    §0 lets users change check-ins "by changing ISO 8601 durations (e.g., `P2D`, `PT6H`)" without
    saying whether months count. Elapsed time is between absolute instants (§2) and a month has no
    fixed length; clock-core's policy refuses Y and M designators, so a rule says P30D, not P1M.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T00:00:00Z", "policy": {"clock": {"checkins": {"rules": [{"id": "m", "when": {"elapsed_gte": "<duration>"}, "then": {"offer_recap": true}}]}}}}
    Then the error code is "invalid_policy"

    Examples:
      | case       | duration |
      | one-month  | P1M      |
      | one-year   | P1Y      |
      | fraction   | PT1.5H   |

  @req:AW-REL-TIME @req:AW-REL-ORDER @id:clock-awareness/relevance/time-related-judged
  Scenario Outline: a message judged time-related turns awareness on and needs anchoring; one judged not does not
    §5.1: "Else if message is time/scheduling-related → Temporal Awareness ON"; whether it is, is
    the agent's judgement, given here as input. Awareness follows it when no rule fired; a rule
    that fired decides first.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "thread_kind": "<kind>", "last_interaction_iso": "2026-02-01T10:00:00Z", "text": "<text>", "time_related": <time>}
    Then the output "time_related" is <time>
    And the output "awareness" is <awareness>
    And the output "anchor_timezone" is <time>
    And the output "trigger" is "<trigger>"

    Examples:
      | case                | kind         | text                          | time  | awareness | trigger        |
      | judged-time         | conversation | can we do the usual slot?     | true  | true      | time_reference |
      | judged-not          | conversation | can we do the usual slot?     | false | false     | none           |
      | judged-not-by-words | conversation | what is 9 + 14:05 - 2?        | false | false     | none           |
      | rule-first          | project      | can we do the usual slot?     | true  | true      | rule           |
      | rule-without-time   | project      | tell me a joke                | false | true      | rule           |

  @extension @req:AW-REL-TIME @id:clock-awareness/relevance/time-related
  Scenario Outline: the reference's phrase list finds time references and scheduling intent
    Beyond the seed: when the agent gives no judgement, the reference reads the message with
    phrases.yaml's time_references. Recommended, never required.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "text": "<text>"}
    Then the output "time_related" is <time>
    And the output "awareness" is <time>
    And the output "anchor_timezone" is <time>

    Examples:
      | case          | text                                  | time  |
      | clock-time    | call me at 9:30 pm                    | true  |
      | 24h-time      | the train leaves 14:05                | true  |
      | tomorrow      | What about TOMORROW?                  | true  |
      | weekday       | free on Friday                        | true  |
      | next-week     | next week works                       | true  |
      | in-hours      | in 3 hours                            | true  |
      | ago           | 2 days ago I wrote it                 | true  |
      | remind        | remind me to water the plants         | true  |
      | meeting       | move the meeting                      | true  |
      | what-time     | what time is it in Tokyo              | true  |
      | oclock        | five o’clock                          | true  |
      | plain         | tell me a joke                        | false |
      | number        | I have 9 cats                         | false |
      | word-inside   | the todayish mood                     | false |
      | empty         |                                       | false |

  @extension @req:AW-REL-DIRECTIVE @req:AW-REL-ORDER @id:clock-awareness/relevance/directive
  Scenario Outline: the reference also turns awareness on for a clock directive when nothing else did
    Beyond the seed: §5.1 computes "whether user used explicit clock directive" but its decision list
    has three ON rules and ends "Else Temporal Awareness OFF"; the directive is not one of them. The
    reference adds it last, after rules and time (a user who clocks something asks the agent to
    attend to time). Recommended, never required: an implementation that follows §5.1's list to the
    letter leaves awareness off for a directive alone.
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "thread_kind": "<kind>", "last_interaction_iso": "2026-02-01T10:00:00Z", "text": "<text>"}
    Then the output "directive" is <directive>
    And the output "trigger" is "<trigger>"
    And the output "awareness" is true

    Examples:
      | case           | kind         | text                      | directive  | trigger        |
      | clock-it       | conversation | clock it: eat dinner      | "clock_it" | directive      |
      | clock          | conversation | clock: paid invoice       | "clock"    | directive      |
      | kind           | conversation | clock: kind project       | "kind"     | directive      |
      | rule-first     | project      | clock it: eat dinner      | "clock_it" | rule           |
      | time-first     | conversation | clock it: call at 5pm     | "clock_it" | time_reference |

  @req:AW-REL-DEFAULT-KIND @id:clock-awareness/relevance/default-kind
  Scenario: no thread kind is a conversation
    When I call "clock-awareness.decide_relevance" with {"now": "2026-02-10T10:00:00Z", "last_interaction_iso": "2026-02-01T10:00:00Z", "thread_kind": null}
    Then the output is:
      """json
      {"awareness": false, "trigger": "none", "fired": [],
       "allows": {"ask_for_updates": false, "allow_hedged_reference": false, "offer_recap": false},
       "thread_kind": "conversation", "elapsed_ms": 777600000, "elapsed_source": "thread", "elapsed_any_channel_ms": null,
       "time_related": false, "directive": null, "anchor_timezone": false, "mode": "light", "proactive": false}
      """

@clock-core @section:0
Feature: The user policy block
  CLOCK.md §0 gives a YAML block that says when CLOCK is consulted and what is stored.
  A missing policy is that block; a partial one is merged over it; a document is read
  strictly with its line numbers, and a hostile one is refused before it costs anything.

  @req:CLK-POLICY-DEFAULT @id:clock-core/policy/default-block
  Scenario: no policy at all is exactly the §0 block
    When I call "clock-core.load_policy" with {}
    Then the output is:
      """json
      {"source": "default", "overridden": [],
       "policy": {"clock": {
         "enabled": true, "mode": "light", "cross_channel_tracking": true,
         "store": {"last_message_timestamps": true,
                   "latest_actions": {"enabled": true, "max_items": 25, "auto_clock_temporal_actions": true,
                                      "require_explicit_clock_it_for_non_temporal": true, "store_quotes": false}},
         "checkins": {"enabled": true, "rules": [
           {"id": "project_gap_1d", "when": {"thread_kind": "project", "elapsed_gte": "P1D"}, "then": {"ask_for_updates": true}},
           {"id": "action_gap_2h", "when": {"has_open_action": true, "elapsed_gte": "PT2H"}, "then": {"allow_hedged_reference": true}},
           {"id": "long_gap_30d", "when": {"elapsed_gte": "P30D"}, "then": {"offer_recap": true}}]},
         "inference": {"enabled": true, "allow_for_tone_only": true, "require_confirmation_for_impactful_actions": true},
         "ambiguity_threshold_hours": 4}}}
      """

  @req:CLK-POLICY-DEFAULT @id:clock-core/policy/missing
  Scenario Outline: a document without content is a missing policy
    When I call "clock-core.load_policy" with {"yaml": <yaml>}
    Then the output "source" is "default"
    And the output "policy.clock.mode" is "light"
    And the output "policy.clock.checkins.rules.2.id" is "long_gap_30d"

    Examples:
      | case          | yaml                  |
      | null          | null                  |
      | empty         | ""                    |
      | white-space   | "  \\n    \\n"          |
      | comments-only | "# my policy\\n# TBD\\n" |
      | bare-marker   | "---\\n"               |
      | tilde         | "~\\n"                 |

  @req:CLK-POLICY-MERGE @decision @id:clock-core/policy/merge-scalar
  Scenario: a partial document changes only what it says
    Seed 004 §0 says only "If policy is missing, agents MUST default to the above block"; how a partial policy merges with the defaults is the kit's decision.
    When I call "clock-core.load_policy" with {"yaml": "clock:\n  mode: normal\n"}
    Then the output "source" is "document"
    And the output "policy.clock.mode" is "normal"
    And the output "policy.clock.cross_channel_tracking" is true
    And the output "policy.clock.store.latest_actions.max_items" is 25
    And the output "overridden.0" is "clock.mode"

  @req:CLK-POLICY-MERGE @decision @id:clock-core/policy/merge-nested
  Scenario: nested mappings merge key by key
    Seed 004 §0 says only "If policy is missing, agents MUST default to the above block"; how a partial policy merges with the defaults is the kit's decision.
    When I call "clock-core.load_policy" with {"yaml": "clock:\n  store:\n    latest_actions:\n      max_items: 10\n      store_quotes: true\n"}
    Then the output "policy.clock.store.latest_actions.max_items" is 10
    And the output "policy.clock.store.latest_actions.store_quotes" is true
    And the output "policy.clock.store.latest_actions.enabled" is true
    And the output "policy.clock.store.last_message_timestamps" is true
    And the output "overridden.0" is "clock.store.latest_actions.max_items"
    And the output "overridden.1" is "clock.store.latest_actions.store_quotes"

  @req:CLK-POLICY-MERGE @decision @id:clock-core/policy/empty-clock
  Scenario: an empty clock mapping is a document that overrides nothing
    Seed 004 §0 says only "If policy is missing, agents MUST default to the above block"; how a partial policy merges with the defaults is the kit's decision.
    When I call "clock-core.load_policy" with {"yaml": "clock: {}\n"}
    Then the output "source" is "document"
    And the output "policy.clock.mode" is "light"

  @req:CLK-POLICY-MERGE @req:CLK-POLICY-RULES-REPLACE @id:clock-core/policy/checkins-off-keeps-rules
  Scenario: turning check-ins off keeps the rules
    When I call "clock-core.load_policy" with {"yaml": "clock:\n  checkins:\n    enabled: false\n"}
    Then the output "policy.clock.checkins.enabled" is false
    And the output "policy.clock.checkins.rules.0.id" is "project_gap_1d"

  @decision @req:CLK-POLICY-RULES-REPLACE @req:CLK-POLICY-MERGE @id:clock-core/policy/rules-replace
  Scenario: a rules list replaces the default rules as a whole
    §5.1 evaluates rules in order, so the user's list must be the whole, ordered list;
    merging by id or appending would leave no way to drop or reorder a default rule.
    When I call "clock-core.load_policy" with:
      """json
      {"yaml": "clock:\n  checkins:\n    rules:\n      - id: daily_standup\n        when: {thread_kind: operations, elapsed_gte: PT12H}\n        then: {ask_for_updates: true}\n"}
      """
    Then the output "policy.clock.checkins.rules.0.id" is "daily_standup"
    And the output "policy.clock.checkins.rules.0.when.thread_kind" is "operations"
    And the output "overridden.0" is "clock.checkins.rules"

  @decision @req:CLK-POLICY-RULES-REPLACE @req:CLK-POLICY-MERGE @id:clock-core/policy/rules-same-id
  Scenario: a rule with a default rule's id is not merged with it
    Rules are replaced as a list, never merged by id: the user's project_gap_1d is the only rule.
    When I call "clock-core.load_policy" with:
      """json
      {"yaml": "clock:\n  checkins:\n    rules:\n      - id: project_gap_1d\n        when: {elapsed_gte: P2D}\n        then: {ask_for_updates: true}\n"}
      """
    Then the output is:
      """json
      {"source": "document", "overridden": ["clock.checkins.rules"],
       "policy": {"clock": {
         "enabled": true, "mode": "light", "cross_channel_tracking": true,
         "store": {"last_message_timestamps": true,
                   "latest_actions": {"enabled": true, "max_items": 25, "auto_clock_temporal_actions": true,
                                      "require_explicit_clock_it_for_non_temporal": true, "store_quotes": false}},
         "checkins": {"enabled": true, "rules": [
           {"id": "project_gap_1d", "when": {"elapsed_gte": "P2D"}, "then": {"ask_for_updates": true}}]},
         "inference": {"enabled": true, "allow_for_tone_only": true, "require_confirmation_for_impactful_actions": true},
         "ambiguity_threshold_hours": 4}}}
      """

  @decision @req:CLK-POLICY-RULES-REPLACE @req:CLK-POLICY-MERGE @id:clock-core/policy/rules-empty
  Scenario: an empty rules list leaves no rules
    `rules: []` is the only way to drop every default rule, so it must mean exactly that.
    When I call "clock-core.load_policy" with {"yaml": "clock:\n  checkins:\n    rules: []\n"}
    Then the output is:
      """json
      {"source": "document", "overridden": ["clock.checkins.rules"],
       "policy": {"clock": {
         "enabled": true, "mode": "light", "cross_channel_tracking": true,
         "store": {"last_message_timestamps": true,
                   "latest_actions": {"enabled": true, "max_items": 25, "auto_clock_temporal_actions": true,
                                      "require_explicit_clock_it_for_non_temporal": true, "store_quotes": false}},
         "checkins": {"enabled": true, "rules": []},
         "inference": {"enabled": true, "allow_for_tone_only": true, "require_confirmation_for_impactful_actions": true},
         "ambiguity_threshold_hours": 4}}}
      """

  @req:CLK-POLICY-STRICT-KEYS @req:CLK-POLICY-PROBLEMS @decision @id:clock-core/policy/unknown-key
  Scenario: an unknown key is named with its line
    Seed 004 §0 lists the policy's keys and says nothing of an unknown one: refusing it is the kit's decision.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  mode: light\n  store:\n    last_message_timestamps: true\n    keep_forever: true\n"}
    Then the output is, apart from the text at "problems.*.message":
      """json
      {"valid": false, "problems": [{"line": 5, "path": "clock.store",
        "message": "unknown key \"keep_forever\" (allowed: last_message_timestamps, latest_actions)"}]}
      """

  @req:CLK-POLICY-STRICT-KEYS @req:CLK-POLICY-PROBLEMS @decision @id:clock-core/policy/unknown-key-refused
  Scenario: load_policy refuses a document with an unknown key
    Seed 004 §0 lists the policy's keys and says nothing of an unknown one: refusing it is the kit's decision.
    When I call "clock-core.load_policy" with {"yaml": "clock:\n  mode: light\n  store:\n    last_message_timestamps: true\n    keep_forever: true\n"}
    Then the error code is "invalid_policy"

  @req:CLK-POLICY-STRICT-KEYS @decision @id:clock-core/policy/root-key
  Scenario Outline: the document's root has exactly the key clock
    Seed 004 §0 lists the policy's keys and says nothing of an unknown one: refusing it is the kit's decision.
    When I call "clock-core.check_policy" with {"yaml": <yaml>}
    Then the output "valid" is false
    And the output "problems.0.line" is <line>
    And the output "problems.0.message" is a non-empty string

    Examples:
      | case             | yaml                                | line | reference_message       |
      | misspelt-root    | "clocks:\\n  mode: light\\n"          | 1    | unknown key \"clocks\"  |
      | second-root-key  | "clock:\\n  mode: light\\nextra: 1\\n" | 3    | unknown key \"extra\"   |
      | body-without-key | "mode: light\\n"                     | 1    | unknown key \"mode\"    |
      | root-is-a-list   | "- clock\\n"                         | 1    | must be a mapping       |
      | duplicate-key    | "clock:\\n  mode: light\\n  mode: off\\n" | 3 | appears twice           |

  @decision @req:CLK-POLICY-STRICT-TYPES @id:clock-core/policy/wrong-types
  Scenario Outline: values have exact YAML 1.2 types
    The policy block's own values fix the types (enabled: true, max_items: 25, mode: light).
    Seed 004 names no YAML version: whether yes and on are booleans (YAML 1.1) or strings
    (YAML 1.2) is open, and the rows that read them as strings pin the kit's choice.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  <key>: <value>\n"}
    Then the output "valid" is false
    And the output "problems.0.line" is 2
    And the output "problems.0.path" is "clock.<key>"

    Examples:
      | case                   | key                       | value        |
      | quoted-true            | enabled                   | \"true\"     |
      | number-for-bool        | enabled                   | 1            |
      | number-for-mode        | mode                      | 1            |
      | quoted-number          | ambiguity_threshold_hours | \"4\"        |
      | null-value             | mode                      | null         |
      | empty-value            | mode                      |              |
      | list-for-mapping       | store                     | [1, 2]       |
      | scalar-for-mapping     | checkins                  | weekly       |
      | custom-tag             | mode                      | !shout light |

    @decision
    Examples: YAML 1.1 booleans
      | case                   | key                       | value        |
      | yes-is-a-string        | enabled                   | yes          |
      | on-is-a-string         | cross_channel_tracking    | on           |

  @decision @req:CLK-POLICY-STRICT-TYPES @id:clock-core/policy/integer-types
  Scenario Outline: max_items is an integer, not a string or a float
    Seed 004 §0 shows max_items: 25 and names no YAML version or type rule: that 25.0 and "25"
    are not integers is the kit's decision (YAML 1.2's types, read exactly).
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  store:\n    latest_actions:\n      max_items: <value>\n"}
    Then the output "valid" is <valid>

    Examples:
      | case         | value    | valid |
      | integer      | 25       | true  |
      | quoted       | \"25\"   | false |
      | float        | 25.0     | false |
      | exponent     | 2.5e1    | false |

  @decision @req:CLK-POLICY-STRICT-TYPES @id:clock-core/policy/yaml-booleans
  Scenario Outline: YAML 1.2 booleans in any of their spellings are booleans
    Seed 004 §0 shows enabled: true and names no YAML version: reading the spellings YAML 1.2's
    core schema gives booleans is the kit's decision.
    When I call "clock-core.load_policy" with {"yaml": "clock:\n  enabled: <value>\n"}
    Then the output "policy.clock.enabled" is <bool>

    Examples:
      | case        | value | bool  |
      | lower-false | false | false |
      | title-false | False | false |
      | upper-true  | TRUE  | true  |

  @req:CLK-POLICY-DURATION @id:clock-core/policy/durations
  Scenario Outline: elapsed_gte is an ISO 8601 duration of the pinned subset
    §0: "Users can make check-ins more/less frequent by changing ISO 8601 durations (e.g., P2D,
    PT6H)": an ISO 8601 duration of days, weeks, hours, minutes or seconds is valid, and text
    that is none is not. The seed is silent on the rest, which the decision rows pin: an upper
    bound (100 years), fractions (PT1.5H is ISO 8601), and P30M, which ISO 8601 reads as 30
    months (refused like P1M, calendar-units).
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  checkins:\n    rules:\n      - id: r\n        when: {elapsed_gte: <duration>}\n        then: {offer_recap: true}\n"}
    Then the output "valid" is <valid>

    Examples:
      | case                  | duration  | valid |
      | one-day               | P1D       | true  |
      | two-hours             | PT2H      | true  |
      | day-and-half         | P1DT12H   | true  |
      | weeks                 | P2W       | true  |
      | minutes-seconds       | PT5M30S   | true  |
      | zero-days             | P0D       | true  |
      | zero-seconds          | PT0S      | true  |
      | lower-case            | p1d       | false |
      | empty-p               | P         | false |
      | empty-pt              | PT        | false |
      | dangling-t            | P1DT      | false |
      | no-p                  | 1D        | false |
      | number                | 86400     | false |

    @decision
    Examples: the pinned subset
      | case                  | duration  | valid |
      | just-below-limit      | P36499D   | true  |
      | at-limit              | P36500D   | true  |
      | just-above-limit      | P36501D   | false |
      | weeks-above-limit     | P5215W    | false |
      | hours-above-limit     | PT876001H | false |
      | minutes-without-t     | P30M      | false |
      | fraction              | PT1.5H    | false |
      | comma-fraction        | \"PT1,5H\" | false |

  @decision @req:CLK-POLICY-DURATION @id:clock-core/policy/calendar-units
  Scenario Outline: years and months are refused with their reason
    §0: "Users can make check-ins more/less frequent by changing ISO 8601 durations (e.g., `P2D`,
    `PT6H`)" — silent on years and months. Elapsed time is measured between absolute instants (§2),
    and a month or a year has no fixed length, so P1M would be a guess; P30D says what is meant.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  checkins:\n    rules:\n      - id: r\n        when: {elapsed_gte: <duration>}\n        then: {offer_recap: true}\n"}
    Then the output "valid" is false
    And the output "problems.0.line" is 5
    And the output "problems.0.path" is "clock.checkins.rules[0].when.elapsed_gte"
    And the output "problems.0.message" is a non-empty string

    Examples:
      | case       | duration |
      | one-month  | P1M      |
      | one-year   | P1Y      |
      | year-month | P1Y2M    |

  @req:CLK-POLICY-RANGES @decision @id:clock-core/policy/max-items-range
  Scenario Outline: max_items runs from 1 to 1000
    Seed 004 §0 gives the defaults (max_items: 25, ambiguity_threshold_hours: 4) and no range: the bounds are the kit's decision.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  store:\n    latest_actions:\n      max_items: <n>\n"}
    Then the output "valid" is <valid>

    Examples:
      | case            | n    | valid |
      | below-minimum   | 0    | false |
      | negative        | -1   | false |
      | minimum         | 1    | true  |
      | above-minimum   | 2    | true  |
      | below-maximum   | 999  | true  |
      | maximum         | 1000 | true  |
      | above-maximum   | 1001 | false |

  @req:CLK-POLICY-RANGES @decision @id:clock-core/policy/threshold-range
  Scenario Outline: ambiguity_threshold_hours is a finite number of at least 0
    Seed 004 §0 gives the defaults (max_items: 25, ambiguity_threshold_hours: 4) and no range: the bounds are the kit's decision.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  ambiguity_threshold_hours: <h>\n"}
    Then the output "valid" is <valid>

    Examples:
      | case         | h     | valid |
      | below-zero   | -0.5  | false |
      | zero         | 0     | true  |
      | above-zero   | 0.5   | true  |
      | fractional   | 5.75  | true  |
      | infinite     | .inf  | false |
      | not-a-number | .nan  | false |

  @req:CLK-POLICY-RANGES @decision @id:clock-core/policy/enums
  Scenario Outline: enumerations and rule shapes are checked
    Seed 004 §0 lists mode's values ("off | light | normal") and §5.2 the thread kinds as "Allowed
    values (minimum)", so more kinds may be allowed; rule ids, a rule without when or then, an
    unknown effect and the line a problem is reported at are not in the seed: the kit's decision.
    When I call "clock-core.check_policy" with {"yaml": <yaml>}
    Then the output "valid" is false
    And the output "problems.0.line" is <line>
    And the output "problems.0.message" is a non-empty string

    Examples:
      | case              | yaml                                                                                                                          | line | reference_message           |
      | unknown-mode      | "clock:\\n  mode: loud\\n"                                                                                                      | 2    | must be one of off, light, normal |
      | unknown-kind      | "clock:\\n  checkins:\\n    rules:\\n      - id: r\\n        when: {thread_kind: meeting}\\n        then: {offer_recap: true}\\n"  | 5    | must be one of project      |
      | rule-id-space     | "clock:\\n  checkins:\\n    rules:\\n      - id: my rule\\n        when: {has_open_action: true}\\n        then: {offer_recap: true}\\n" | 4 | a rule id is                |
      | duplicate-rule-id | "clock:\\n  checkins:\\n    rules:\\n      - id: r\\n        when: {has_open_action: true}\\n        then: {offer_recap: true}\\n      - id: r\\n        when: {has_open_action: true}\\n        then: {offer_recap: true}\\n" | 7 | used twice |
      | empty-when        | "clock:\\n  checkins:\\n    rules:\\n      - id: r\\n        when: {}\\n        then: {offer_recap: true}\\n"                       | 5    | needs at least one of       |
      | empty-then        | "clock:\\n  checkins:\\n    rules:\\n      - id: r\\n        when: {has_open_action: true}\\n        then: {}\\n"                   | 6    | needs at least one of       |
      | missing-then      | "clock:\\n  checkins:\\n    rules:\\n      - id: r\\n        when: {has_open_action: true}\\n"                                    | 4    | \"then\" is required        |
      | unknown-effect    | "clock:\\n  checkins:\\n    rules:\\n      - id: r\\n        when: {has_open_action: true}\\n        then: {nag: true}\\n"          | 6    | unknown key \"nag\"         |

  @req:CLK-POLICY-PROBLEMS @decision @id:clock-core/policy/all-problems-in-line-order
  Scenario: every problem is listed, in line order
    Seed 004 §0 says nothing of how a bad policy is reported: naming every problem with its line is the kit's decision.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  enabled: yes\n  mode: light\n  store:\n    latest_actions:\n      max_items: 0\n  ambiguity_threshold_hours: four\n"}
    Then the output is, apart from the text at "problems.*.message":
      """json
      {"valid": false, "problems": [
        {"line": 2, "path": "clock.enabled", "message": "must be true or false, got \"yes\""},
        {"line": 6, "path": "clock.store.latest_actions.max_items", "message": "must be an integer from 1 to 1000, got 0"},
        {"line": 7, "path": "clock.ambiguity_threshold_hours", "message": "must be a number, got \"four\""}]}
      """

  @decision @req:CLK-POLICY-PROBLEMS @req:CLK-POLICY-STRICT-TYPES @id:clock-core/policy/valid-document
  Scenario: a valid document has no problems
    The policy block's own keys with values of its types ("mode: light  # off | light | normal"):
    nothing to report.
    When I call "clock-core.check_policy" with {"yaml": "clock:\n  mode: normal\n  ambiguity_threshold_hours: 5.5\n"}
    Then the output is:
      """json
      {"valid": true, "problems": []}
      """

  @req:CLK-POLICY-HOSTILE @decision @id:clock-core/policy/alias-bomb
  Scenario: an alias bomb is refused before any expansion
    Seed 004 §0 shows the policy block and says nothing of hostile YAML: how it is refused is the kit's decision.
    When I call "clock-core.check_policy" with:
      """json
      {"yaml": "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\nh: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\ni: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\nclock: *i\n"}
      """
    Then the output is, apart from the text at "problems.*.message":
      """json
      {"valid": false, "problems": [{"line": 1, "path": "", "message": "anchors and aliases are not allowed in a policy"}]}
      """

  @req:CLK-POLICY-HOSTILE @decision @id:clock-core/policy/alias-bomb-refused
  Scenario: load_policy refuses the alias bomb too
    Seed 004 §0 shows the policy block and says nothing of hostile YAML: how it is refused is the kit's decision.
    When I call "clock-core.load_policy" with {"yaml": "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nclock: *b\n"}
    Then the error code is "invalid_policy"

  @extension @req:CLK-POLICY-HOSTILE @id:clock-core/policy/anchors-refused
  Scenario Outline: the reference refuses every anchor and alias, even a harmless one
    Beyond the seed: the §0 block is YAML, and YAML allows anchors; a harmless one means what it
    says. The reference refuses them all, the simplest rule that makes alias bombs impossible rather
    than merely bounded. Recommended, never required.
    When I call "clock-core.check_policy" with {"yaml": <yaml>}
    Then the output "valid" is false
    And the output "problems.0.line" is <line>
    And the output "problems.0.message" is a non-empty string

    Examples:
      | case             | yaml                                                                   | line |
      | harmless-anchor  | "clock: &c\\n  mode: light\\n"                                           | 1    |
      | alias-in-rules   | "clock:\\n  mode: &m light\\n  checkins:\\n    enabled: true\\n"           | 2    |

  @decision @req:CLK-POLICY-HOSTILE @id:clock-core/policy/hostile
  Scenario Outline: merge keys, extra documents and broken YAML are refused with a line
    §0 gives the policy as one YAML block ("This block defines when CLOCK is consulted") and says
    nothing of merge keys (YAML 1.1 only) or of several documents; the kit refuses both, and YAML
    that does not parse, with the line of the problem.
    When I call "clock-core.check_policy" with {"yaml": <yaml>}
    Then the output "valid" is false
    And the output "problems.0.line" is <line>
    And the output "problems.0.message" is a non-empty string

    Examples:
      | case             | yaml                                                                   | line | reference_message        |
      | merge-key        | "base: &b {mode: light}\\nclock:\\n  <<: *b\\n"                           | 1    | anchors and aliases      |
      | two-documents    | "clock:\\n  mode: light\\n---\\nclock:\\n  mode: normal\\n"                 | 3    | only one YAML document   |
      | tab-indentation  | "clock:\\n\tmode: light\\n"                                              | 2    | not valid YAML           |
      | unclosed-flow    | "clock: {mode: light\\n"                                                | 1    | not valid YAML           |

  @decision @req:CLK-POLICY-RANGES @id:clock-core/policy/hundred-rules
  Scenario: a policy may have 100 rules
    §0 lists check-in rules ("rules:") without saying how many a policy may hold; the kit bounds
    them at 100, so a list of exactly 100 is a valid policy (another bound the seed would allow too).
    When I call "clock-core.resolve_session_tz" with:
      """json
      {"now": "2026-02-10T03:02:00Z", "policy": {"clock": {"checkins": {"rules": [
         {"id": "r001", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r002", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r003", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r004", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r005", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r006", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r007", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r008", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r009", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r010", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r011", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r012", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r013", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r014", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r015", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r016", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r017", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r018", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r019", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r020", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r021", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r022", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r023", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r024", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r025", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r026", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r027", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r028", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r029", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r030", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r031", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r032", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r033", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r034", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r035", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r036", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r037", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r038", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r039", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r040", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r041", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r042", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r043", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r044", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r045", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r046", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r047", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r048", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r049", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r050", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r051", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r052", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r053", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r054", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r055", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r056", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r057", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r058", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r059", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r060", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r061", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r062", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r063", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r064", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r065", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r066", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r067", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r068", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r069", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r070", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r071", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r072", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r073", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r074", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r075", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r076", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r077", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r078", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r079", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r080", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r081", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r082", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r083", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r084", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r085", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r086", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r087", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r088", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r089", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r090", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r091", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r092", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r093", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r094", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r095", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r096", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r097", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r098", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r099", "when": {"has_open_action": true}, "then": {"offer_recap": true}},
         {"id": "r100", "when": {"has_open_action": true}, "then": {"offer_recap": true}}]}}}}
      """
    Then the output "session_tz" is "UTC"

  @decision @req:CLK-POLICY-PROBLEMS @id:clock-core/policy/same-line-problems
  Scenario: problems on one line are listed in the document's order
    §0's policy is a YAML block and the problems are listed "in line order"; two problems on one line
    (a flow mapping) have no line order between them. The kit keeps the order they are written in.
    When I call "clock-core.check_policy" with {"yaml": "clock: {mode: loud, enabled: yes}\n"}
    Then the output "valid" is false
    And the output "problems.0.path" is "clock.mode"
    And the output "problems.0.line" is 1
    And the output "problems.1.path" is "clock.enabled"
    And the output "problems.1.line" is 1

  @decision @req:CLK-POLICY-HOSTILE @id:clock-core/policy/exactly-64-kib
  Scenario: a document of exactly 64 KiB is read
    §0 gives the policy as one YAML block ("This block defines when CLOCK is consulted") and sets
    no size for it; the kit refuses only a document over 64 KiB, so this one of 65,536 bytes (a
    valid clock block and a comment that fills it up) is read.
    Given "doc" is the text "clock:\n  mode: light\n#" + "x" × 65514
    When I call "clock-core.check_policy" with {"yaml": "${doc}"}
    Then the output "valid" is true

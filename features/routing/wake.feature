@routing
Feature: Waking a session and the batch its container reads
  The host wakes a session's container when a due pending message has trigger 1; trigger-0
  messages are context only. On wake the container reads the most recent MAX_MESSAGES_PER_PROMPT
  pending messages (seed 001 item 1: ORDER BY seq DESC LIMIT N), whatever their trigger, so only
  the most recent N reach the prompt however much has accumulated. MAX_MESSAGES_PER_PROMPT is
  read from the environment exactly as v1 read it.

  @req:ROUTING-MAX-MESSAGES @id:routing/wake/max-messages-v1
  Scenario Outline: MAX_MESSAGES_PER_PROMPT is Math.max(1, parseInt(env || '10', 10) || 10)
    When I call "routing.max_messages_per_prompt" with {"env": <env>}
    Then the output "max_messages" is <max>
    And the output "container_env.NANOCLAW_MAX_MESSAGES_PER_PROMPT" is "<max>"

    Examples: unset and ordinary values; the boundary of "at least 1"
      | case          | env      | max |
      | unset         | null     | 10  |
      | empty         | ""       | 10  |
      | ten           | "10"     | 10  |
      | two           | "2"      | 2   |
      | one           | "1"      | 1   |
      | zero          | "0"      | 10  |
      | minus-one     | "-1"     | 1   |
      | minus-five    | "-5"     | 1   |

    Examples: parseInt semantics
      | case              | env          | max |
      | leading-space     | " 25"        | 25  |
      | leading-tab-nl    | "\u0009\u000a25" | 25 |
      | trailing-garbage  | "25abc"      | 25  |
      | plus-sign         | "+5"         | 5   |
      | exponent          | "1e3"        | 1   |
      | decimal           | "7.9"        | 7   |
      | hex-is-zero       | "0x10"       | 10  |
      | minus-zero        | "-0"         | 10  |
      | leading-zeros     | "007"        | 7   |
      | not-a-number      | "abc"        | 10  |
      | blank             | "   "        | 10  |
      | infinity-word     | "Infinity"   | 10  |
      | arabic-digits     | "\u0661\u0662" | 10 |

  @decision @req:ROUTING-MAX-MESSAGES @id:routing/wake/max-messages-clamp
  Scenario Outline: values beyond 2^53 − 1 are clamped to it
    The seed names the value ("MAX_MESSAGES_PER_PROMPT ... default 10") but no upper bound.
    v1 would hand 1e20 or Infinity to the container. Every such value means "every pending
    message"; clamping to Number.MAX_SAFE_INTEGER keeps the answer an exact integer in every
    language and a valid SQLite LIMIT.
    When I call "routing.max_messages_per_prompt" with {"env": "<env>"}
    Then the output "max_messages" is <max>
    And the output "container_env.NANOCLAW_MAX_MESSAGES_PER_PROMPT" is "<max>"

    Examples:
      | case              | env                   | max              |
      | max-safe-minus-1  | 9007199254740990      | 9007199254740990 |
      | max-safe          | 9007199254740991      | 9007199254740991 |
      | max-safe-plus-1   | 9007199254740992      | 9007199254740991 |
      | twenty-nines      | 99999999999999999999  | 9007199254740991 |
      | infinite-run      | 99999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999 | 9007199254740991 |

  @req:ROUTING-MAX-MESSAGES @id:routing/wake/max-messages-missing
  Scenario: an absent variable is the default
    When I call "routing.max_messages_per_prompt" with {}
    Then the output is:
      """json
      {"max_messages": 10, "container_env": {"NANOCLAW_MAX_MESSAGES_PER_PROMPT": "10"}}
      """
    When I call "routing.max_messages_per_prompt" with {"env": 10}
    Then the error code is "invalid_input"

  @req:ROUTING-WAKE @id:routing/wake/trigger-gates-wake
  Scenario Outline: only a trigger-1 message wakes the session
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 10, "pending": <pending>}
      """
    Then the output "wake" is <wake>

    Examples:
      | case               | pending                                                                                                                                                                                                   | wake  |
      | nothing-pending    | []                                                                                                                                                                                                        | false |
      | context-only       | [{"id": "a", "seq": 1, "trigger": 0, "timestamp": "2026-03-01T11:00:00.000Z"}, {"id": "b", "seq": 2, "trigger": 0, "timestamp": "2026-03-01T11:01:00.000Z"}]                                              | false |
      | one-trigger        | [{"id": "a", "seq": 1, "trigger": 0, "timestamp": "2026-03-01T11:00:00.000Z"}, {"id": "b", "seq": 2, "trigger": 1, "timestamp": "2026-03-01T11:01:00.000Z"}]                                              | true  |

  @decision @req:ROUTING-BATCH-BACKOFF @id:routing/wake/backoff-boundary
  Scenario Outline: a message held back by a backoff is due from its process_after on
    The sweep resets a stuck message "with backoff" (process_after); the seed is silent on the
    boundary. A retry scheduled for exactly now is due; one scheduled a millisecond later is not.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 10,
       "pending": [{"id": "a", "seq": 1, "trigger": 1, "timestamp": "2026-03-01T11:00:00.000Z", "process_after": <after>}]}
      """
    Then the output "wake" is <wake>

    Examples:
      | case             | after                        | wake  |
      | no-backoff       | null                         | true  |
      | just-before-now  | "2026-03-01T11:59:59.999Z"   | true  |
      | exactly-now      | "2026-03-01T12:00:00.000Z"   | true  |
      | just-after-now   | "2026-03-01T12:00:00.001Z"   | false |
      | offset-now       | "2026-03-01T13:00:00+01:00"  | true  |

  @decision @req:ROUTING-BATCH-BACKOFF @id:routing/wake/backoff-not-pulled-early
  Scenario: a fresh message's wake does not pull a message still in backoff
    The seed's wake query ("ORDER BY seq DESC LIMIT $N" on pending messages) is silent on rows in
    backoff. The backoff holds a failing message back; if another message's wake could pull it, a
    message that crashes the container would be retried at once after every new message.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 10,
       "pending": [{"id": "stuck", "seq": 1, "trigger": 1, "timestamp": "2026-03-01T11:00:00.000Z", "process_after": "2026-03-01T12:00:20.000Z"},
                   {"id": "fresh", "seq": 2, "trigger": 1, "timestamp": "2026-03-01T11:59:00.000Z"}]}
      """
    Then the output is:
      """json
      {"wake": true, "messages": [{"id": "fresh", "seq": 2, "trigger": 1, "timestamp": "2026-03-01T11:59:00.000Z"}]}
      """

  @decision @req:ROUTING-BATCH @id:routing/wake/most-recent-oldest-first
  Scenario: the batch is the N most recent messages, presented oldest first
    The seed gives only ORDER BY seq DESC LIMIT N, which chooses the most recent N. The prompt
    reads them in the order they arrived, as v1's formatMessages presented a conversation.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 3,
       "pending": [{"id": "m4", "seq": 4, "trigger": 1, "timestamp": "2026-03-01T11:04:00.000Z"},
                   {"id": "m1", "seq": 1, "trigger": 0, "timestamp": "2026-03-01T11:01:00.000Z"},
                   {"id": "m3", "seq": 3, "trigger": 0, "timestamp": "2026-03-01T11:03:00.000Z"},
                   {"id": "m2", "seq": 2, "trigger": 0, "timestamp": "2026-03-01T11:02:00.000Z"}]}
      """
    Then the output is:
      """json
      {"wake": true, "messages": [{"id": "m2", "seq": 2, "trigger": 0, "timestamp": "2026-03-01T11:02:00.000Z"},
                                  {"id": "m3", "seq": 3, "trigger": 0, "timestamp": "2026-03-01T11:03:00.000Z"},
                                  {"id": "m4", "seq": 4, "trigger": 1, "timestamp": "2026-03-01T11:04:00.000Z"}]}
      """

  @req:ROUTING-BATCH @id:routing/wake/limit-boundary
  Scenario Outline: the limit cuts exactly at max_messages
    Five pending messages, seq 1 to 5, the last one a trigger. The seed's query picks the batch
    ("ORDER BY seq DESC LIMIT $N") but not the order it is presented in, so only a batch of one
    is required here; the rows that name positions in a longer batch follow the kit's
    presentation order, oldest first (see most-recent-oldest-first), and are decisions.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": <max>,
       "pending": [{"id": "m1", "seq": 1, "trigger": 0, "timestamp": "2026-03-01T11:01:00.000Z"},
                   {"id": "m2", "seq": 2, "trigger": 0, "timestamp": "2026-03-01T11:02:00.000Z"},
                   {"id": "m3", "seq": 3, "trigger": 0, "timestamp": "2026-03-01T11:03:00.000Z"},
                   {"id": "m4", "seq": 4, "trigger": 0, "timestamp": "2026-03-01T11:04:00.000Z"},
                   {"id": "m5", "seq": 5, "trigger": 1, "timestamp": "2026-03-01T11:05:00.000Z"}]}
      """
    Then the output "messages.0.seq" is <first>
    And the output "messages.<last>.seq" is 5

    Examples:
      | case            | max | first | last |
      | one             | 1   | 5     | 0    |

    @decision
    Examples: positions in a batch presented oldest first
      | case            | max | first | last |
      | below-count     | 4   | 2     | 3    |
      | equal-count     | 5   | 1     | 4    |
      | above-count     | 6   | 1     | 4    |
      | default-ten     | 10  | 1     | 4    |

  @decision @req:ROUTING-BATCH @id:routing/wake/trigger-outside-batch
  Scenario: a trigger followed by more than N newer messages wakes without being in the batch
    This is what ORDER BY seq DESC LIMIT N says: the cut is by recency alone ("regardless of
    accumulation depth"). The profile keeps the seed's query rather than inventing a rule that
    would always include the trigger. A decision only because the expected batch is listed in
    the kit's presentation order (oldest first, see most-recent-oldest-first), which the seed
    leaves open.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 2,
       "pending": [{"id": "ask", "seq": 1, "trigger": 1, "timestamp": "2026-03-01T11:00:00.000Z"},
                   {"id": "c1", "seq": 2, "trigger": 0, "timestamp": "2026-03-01T11:01:00.000Z"},
                   {"id": "c2", "seq": 3, "trigger": 0, "timestamp": "2026-03-01T11:02:00.000Z"}]}
      """
    Then the output is:
      """json
      {"wake": true, "messages": [{"id": "c1", "seq": 2, "trigger": 0, "timestamp": "2026-03-01T11:01:00.000Z"},
                                  {"id": "c2", "seq": 3, "trigger": 0, "timestamp": "2026-03-01T11:02:00.000Z"}]}
      """

  @decision @req:ROUTING-BATCH @id:routing/wake/order-by-seq-not-timestamp
  Scenario: a message replayed after approval keeps its timestamp but takes its place by seq
    An approved sender's stored message is delivered with its original timestamp, after
    messages that arrived while approval was pending. The seed orders by seq; the timestamps are
    shown as they are. A decision because the positions asserted follow the kit's presentation
    order (oldest first), which the seed leaves open.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 10,
       "pending": [{"id": "later", "seq": 7, "trigger": 0, "timestamp": "2026-03-01T11:30:00.000Z"},
                   {"id": "replayed", "seq": 8, "trigger": 1, "timestamp": "2026-03-01T10:00:00.000Z"}]}
      """
    Then the output "messages.0.id" is "later"
    And the output "messages.1.id" is "replayed"
    And the output "messages.1.timestamp" is "2026-03-01T10:00:00.000Z"

  @req:ROUTING-BATCH @id:routing/wake/input-shape
  Scenario: seq is unique, max_messages is at least 1, trigger is 0 or 1
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 10,
       "pending": [{"id": "a", "seq": 1, "trigger": 1, "timestamp": "2026-03-01T11:00:00.000Z"},
                   {"id": "b", "seq": 1, "trigger": 0, "timestamp": "2026-03-01T11:01:00.000Z"}]}
      """
    Then the error code is "duplicate_seq"
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "max_messages": 0, "pending": []}
    Then the error code is "invalid_input"
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "max_messages": 2.5, "pending": []}
    Then the error code is "invalid_input"
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "max_messages": 1, "pending": [{"id": "a", "seq": 1, "trigger": 2, "timestamp": "2026-03-01T11:00:00.000Z"}]}
    Then the error code is "invalid_input"
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "max_messages": 1.0, "pending": []}
    Then the output is:
      """json
      {"wake": false, "messages": []}
      """

  @req:ROUTING-BATCH @id:routing/wake/integral-numbers
  Scenario: an integer written with a zero fraction is that integer, up to the largest bounds
    JSON Schema's integer includes 1.0, so a trigger of 1.0 wakes and a seq or max_messages of
    9007199254740991.0 (2^53 − 1, the largest allowed) is accepted.
    When I call "routing.wake_batch" with:
      """json
      {"now": "2026-03-01T12:00:00.000Z", "max_messages": 9007199254740991.0,
       "pending": [{"id": "a", "seq": 9007199254740991.0, "trigger": 1.0, "timestamp": "2026-03-01T11:00:00.000Z"}]}
      """
    Then the output is:
      """json
      {"wake": true, "messages": [{"id": "a", "seq": 9007199254740991, "trigger": 1, "timestamp": "2026-03-01T11:00:00.000Z"}]}
      """

  @req:ROUTING-BATCH @id:routing/wake/required-numbers
  Scenario: max_messages, seq and trigger are required
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "pending": []}
    Then the error code is "invalid_input"
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "max_messages": 1, "pending": [{"id": "a", "seq": 1, "timestamp": "2026-03-01T11:00:00.000Z"}]}
    Then the error code is "invalid_input"
    When I call "routing.wake_batch" with {"now": "2026-03-01T12:00:00.000Z", "max_messages": 1, "pending": [{"id": "a", "trigger": 1, "timestamp": "2026-03-01T11:00:00.000Z"}]}
    Then the error code is "invalid_input"

@clock-awareness @section:6.2 @section:5.2
Feature: The clock directives
  §6.2 A: "clock it: I'm going to eat dinner", "clock: paid invoice", and "clock it" appended to a
  message with a clear action; §5.2: "clock: kind project". The grammar is
  spec/clock-awareness/grammar.md.

  @decision @req:AW-DIRECTIVE-GRAMMAR @req:AW-LABEL-NORMALISE @id:clock-awareness/directives/grammar
  Scenario Outline: what is a directive
    §6.2 A gives the forms "clock it: I’m going to eat dinner", "clock: paid invoice" and "`clock it`
    appended to a message with a clear action", and §5.2 "clock: kind project", but not where else a
    directive may stand. The kit pins: a directive opens the message ("clock it" may also close it);
    "clock" inside a sentence is ordinary text, so a message about clocks is never taken for an
    instruction. The label a directive carries is the agent's summary: only that there is one is
    compared (the reference's normalisation is an extension, below).
    When I call "clock-awareness.parse_directive" with {"text": "<text>"}
    Then the output is, apart from the text at "label":
      """json
      {"directive": <directive>, "label": <label>}
      """

    Examples:
      | case             | text                                  | directive  | label                      |
      | clock-it         | clock it: I’m going to eat dinner     | "clock_it" | "Eat dinner"               |
      | clock-it-caps    | CLOCK IT : Eat Dinner.                | "clock_it" | "Eat Dinner"               |
      | clock-short      | clock: paid invoice                   | "clock"    | "Paid invoice"             |
      | no-space         | clock:paid invoice                    | "clock"    | "Paid invoice"             |
      | appended         | I'll call the bank tomorrow — clock it | "clock_it" | "Call the bank tomorrow"  |
      | appended-comma   | gym at 6, clock it.                   | "clock_it" | "Gym at 6"                 |
      | kind             | clock: kind project                   | "kind"     | "project"                  |
      | kind-unknown     | clock: kind banana                    | "kind"     | "banana"                   |
      | kind-two-words   | clock: kind big project               | "clock"    | "Kind big project"         |
      | leading-space    |    clock it: nap                      | "clock_it" | "Nap"                      |
      | inside           | what does clock it: mean              | null       | null                       |
      | clockwork        | clockwork: orange                     | null       | null                       |
      | clock-it-middle  | clock it is broken, fix it            | null       | null                       |
      | plain            | about to eat dinner                   | null       | null                       |
      | empty            |                                       | null       | null                       |

  @extension @req:AW-LABEL-NORMALISE @id:clock-awareness/directives/labels
  Scenario Outline: the reference's label normalisation
    Beyond the seed: §6.3 asks for a "normalized label (short summary)" without saying how; the
    reference drops a leading "I'm going to"/"I'll", capitalises the first letter, trims trailing
    punctuation (spec/clock-awareness/grammar.md). Recommended, never required.
    When I call "clock-awareness.parse_directive" with {"text": "<text>"}
    Then the output "label" is "<label>"

    Examples:
      | case           | text                                   | label                  |
      | going-to       | clock it: I’m going to eat dinner      | Eat dinner             |
      | caps-kept      | CLOCK IT : Eat Dinner.                 | Eat Dinner             |
      | capitalised    | clock: paid invoice                    | Paid invoice           |
      | appended       | I'll call the bank tomorrow — clock it | Call the bank tomorrow |
      | two-word-kind  | clock: kind big project                | Kind big project       |

  @extension @req:AW-LABEL-NORMALISE @id:clock-awareness/directives/label-length
  Scenario Outline: a label of 80 characters is kept whole; a longer one is cut back to its last whole word
    Beyond the seed: §6.3 asks for a "normalized label (short summary)" without a length; the
    reference's limit of 80 characters is a recommendation. A label of exactly 80 characters is
    not cut; a longer one loses the word the 80th character falls in; a first word longer than
    80 characters is cut at the 80th.
    When I call "clock-awareness.parse_directive" with {"text": "<text>"}
    Then the output "label" is "<label>"

    Examples:
      | case            | text                                                                                                      | label                                                                              |
      | exactly-80      | clock it: write the quarterly report for the board with revenue, churn, hiring and my plan                | Write the quarterly report for the board with revenue, churn, hiring and my plan   |
      | 81-mid-word     | clock it: write the quarterly report for the board with revenue, churn, hiring and my plans               | Write the quarterly report for the board with revenue, churn, hiring and my        |
      | one-long-word   | clock it: https://example.com/reports/2026/quarterly-revenue-churn-and-hiring-plans-for-the-board.pdf     | Https://example.com/reports/2026/quarterly-revenue-churn-and-hiring-plans-for-th   |

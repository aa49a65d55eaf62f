@routing
Feature: Escapes and character classes in engage patterns
  An engage pattern is tested as new RegExp(engage_pattern).test(text) (seed 001 item 1). These
  scenarios pin how the escapes and character classes of the portable subset read: hex digits in
  either letter case, \0, ranges and their ends, negated classes at both ends of the UTF-16 code
  unit range and around the surrogate block. Where a pattern is just outside the subset, an
  implementation may give JavaScript's answer or refuse it as unsupported_pattern, and the
  scenario accepts exactly those two answers.

  In the tables a cell is pasted into a JSON string, so characters are written as JSON escapes:
  \u005c is a backslash (\u005cx41 is the pattern \x41) and \u0000 is the NUL character.

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/hex-digits
  Scenario Outline: \x and \u escapes read hex digits in either letter case
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples:
      | case                 | pattern      | text   | matched |
      | digit-zero           | \u005cx30    | 0      | true    |
      | lower-a              | \u005cx0a    | \u000a | true    |
      | lower-f              | \u005cx4f    | O      | true    |
      | lower-f-is-capital-o | \u005cx4f    | o      | false   |
      | upper-a              | \u005cx4A    | J      | true    |
      | upper-f              | \u005cx4F    | O      | true    |
      | unicode-upper-a      | \u005cu004A  | J      | true    |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/nul-escape-then-letter
  Scenario: \0 followed by a letter is NUL, then the letter
    When I call "routing.pattern_test" with {"pattern": "\u005c0a", "text": "\u0000a"}
    Then the output "matched" is true

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/just-outside-subset
  Scenario Outline: just outside the subset a pattern gets JavaScript's answer or unsupported_pattern
    \00 is a legacy octal escape (NUL in JavaScript); a \x or \u escape without enough hex digits
    is the letter itself in JavaScript (Annex B). Neither is in the portable subset, so an
    implementation may refuse them with unsupported_pattern; any other answer is wrong.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the error code is "unsupported_pattern" or the output "matched" is <javascript>

    Examples:
      | case                 | pattern       | text    | javascript |
      | legacy-octal-nul     | \u005c00      | \u0000  | true       |
      | hex-escape-cut-short | \u005cx4      | x4      | true       |
      | unicode-escape-short | \u005cu004    | u004    | true       |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/class-ranges
  Scenario Outline: a class range includes both ends and joins its neighbours
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples:
      | case                  | pattern                    | text | matched |
      | one-unit-range        | [a-a]                      | a    | true    |
      | range-then-next-unit  | [a-cd]                     | d    | true    |
      | escaped-range-ends    | [\u005cx41-\u005cx43]      | B    | true    |
      | dash-last-after-range | [a-c-]                     | -    | true    |
      | nul-and-letter-only   | [\u005c0z]                 | a    | false   |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/negated-class-ends
  Scenario Outline: a negated class covers every other code unit, from U+0000 to U+FFFF and the surrogates
    A character outside the Basic Multilingual Plane is two surrogate code units in the text; a
    negated class that leaves them out matches either of them.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples:
      | case                  | pattern                          | text    | matched |
      | not-nul               | [^\u005c0]                       | \u0000  | false   |
      | last-unit-left        | [^\u005c0-\u005cufffe]           | \uffff  | true    |
      | surrogates-above-bmp  | [^\u005c0-\u005cud7ff]           | 😀      | true    |
      | surrogates-below-e000 | [^\u005cue000-\u005cuffff]       | 😀      | true    |

  @req:ROUTING-PATTERN-INVALID @id:routing/pattern/class-open-after-dash
  Scenario Outline: a class left open after a dash is a SyntaxError
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "a-"}
    Then the error code is "invalid_pattern"

    Examples:
      | case              | pattern |
      | after-first-atom  | [a-     |
      | after-range       | [a-c-   |

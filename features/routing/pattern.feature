@routing
Feature: Engage patterns are JavaScript regular expressions
  A pattern-mode wiring engages when new RegExp(engage_pattern).test(text) is true (seed 001
  item 1). routing.pattern_test is that test alone. The scenarios stay inside the portable
  subset, where every implementation must give JavaScript's answer; outside it an implementation
  may instead refuse the pattern as unsupported_pattern.

  In the tables a cell is pasted into a JSON string, so characters are written as JSON escapes:
  \u005c is a backslash (\u005cs is the pattern \s), \u000a a newline, \u0020 a space, and a
  Gherkin \| is the alternation bar.

  @req:ROUTING-PATTERN-JS @id:routing/pattern/javascript-semantics
  Scenario Outline: the test is JavaScript's, not another engine's
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples: `.` is any UTF-16 unit but the four line terminators
      | case                    | pattern | text          | matched |
      | dot-letter              | .       | a             | true    |
      | dot-empty-text          | .       |               | false   |
      | dot-newline             | .       | \u000a        | false   |
      | dot-carriage-return     | .       | \u000d        | false   |
      | dot-crlf                | .       | \u000d\u000a  | false   |
      | dot-line-separator      | .       | \u2028        | false   |
      | dot-paragraph-separator | .       | \u2029        | false   |
      | dot-next-line           | .       | \u0085        | true    |
      | dot-space               | .       | \u0020        | true    |
      | dot-after-newline       | .       | \u000aa       | true    |

    Examples: no flags — letter case matters, ^ and $ are the ends of the whole text
      | case                  | pattern | text         | matched |
      | case-sensitive        | hello   | Hello there  | false   |
      | case-exact            | hello   | say hello    | true    |
      | caret-not-multiline   | ^b      | a\u000ab     | false   |
      | caret-start           | ^b      | ba           | true    |
      | dollar-not-before-nl  | a$      | a\u000a      | false   |
      | dollar-end            | a$      | ba           | true    |

    Examples: \s is ECMAScript white space and line terminators
      | case                  | pattern  | text    | matched |
      | space-no-break        | \u005cs  | \u00a0  | true    |
      | space-byte-order-mark | \u005cs  | \ufeff  | true    |
      | space-ideographic     | \u005cs  | \u3000  | true    |
      | space-line-separator  | \u005cs  | \u2028  | true    |
      | space-vertical-tab    | \u005cs  | \u000b  | true    |
      | space-not-next-line   | \u005cs  | \u0085  | false   |
      | space-not-mongolian   | \u005cs  | \u180e  | false   |
      | space-not-zero-width  | \u005cs  | \u200b  | false   |

    Examples: \w, \d and \b are ASCII-only
      | case                   | pattern            | text          | matched |
      | word-accented          | ^\u005cw+$         | caf\u00e9     | false   |
      | word-ascii             | ^\u005cw+$         | Cafe_9        | true    |
      | digit-arabic-indic     | \u005cd            | \u0663        | false   |
      | boundary-before-accent | \u005cb\u00e9      | \u0020\u00e9  | false   |
      | boundary-after-ascii   | a\u005cb           | a\u00e9       | true    |

    Examples: the text is UTF-16 code units, so an emoji is two
      | case                  | pattern              | text | matched |
      | astral-one-dot        | ^.$                  | 😀   | false   |
      | astral-two-dots       | ^..$                 | 😀   | true    |
      | astral-negated-class  | ^[^a]$               | 😀   | false   |
      | astral-two-non-spaces | ^\u005cS\u005cS$     | 😀   | true    |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/portable-subset
  Scenario Outline: the portable subset gives JavaScript's answer
    "pattern is a JS regex string — applied as new RegExp(pattern).test(text)": within a subset
    whose syntax engines share, the answer is JavaScript's. The profile does not require a
    JavaScript engine. Outside it (lookaround, backreferences, \p, an
    emoji inside the pattern, …) an implementation may answer unsupported_pattern instead, so this
    scenario asserts nothing there.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples:
      | case                  | pattern                      | text       | matched |
      | empty-class           | []                           | a          | false   |
      | empty-class-empty     | []                           |            | false   |
      | any-unit-class        | [^]                          | \u000a     | true    |
      | backspace-in-class    | [\u005cb]                    | \u0008     | true    |
      | class-range           | ^[a-c]+$                     | cab        | true    |
      | negated-range         | [^a-c]                       | abc        | false   |
      | dash-last-in-class    | ^[\u005cw-]+$                | a-b        | true    |
      | dash-first-in-class   | ^[-a]+$                      | a-a        | true    |
      | escaped-dot-other     | a\u005c.b                    | axb        | false   |
      | escaped-dot           | a\u005c.b                    | a.b        | true    |
      | hex-escape            | \u005cx41                    | A          | true    |
      | unicode-escape        | \u005cu00e9                  | \u00e9     | true    |
      | nul-escape            | \u005c0                      | \u0000     | true    |
      | alternation-no-word   | ^(deploy\|ship)\u005cb       | shipping   | false   |
      | alternation-word      | ^(deploy\|ship)\u005cb       | ship it    | true    |
      | non-capturing-group   | ^(?:ab)+$                    | abab       | true    |
      | lazy-quantifier       | ^a+?$                        | aaa        | true    |
      | count-range-above     | ^a{2,3}$                     | aaaa       | false   |
      | count-range-inside    | ^a{2,3}$                     | aaa        | true    |
      | count-equal-bounds    | ^a{2,2}$                     | aa         | true    |
      | count-bounds-apart    | ^a{1,2}$                     | aa         | true    |
      | count-open            | ^a{2,}$                      | aaaaa      | true    |
      | count-1000            | a{1000}                      | a          | false   |
      | empty-pattern         |                              |            | true    |
      | empty-alternative     | a\|                          | b          | true    |
      | slash-is-literal      | a/b                          | a/b        | true    |

  @req:ROUTING-PATTERN-INVALID @id:routing/pattern/syntax-errors
  Scenario Outline: a JavaScript SyntaxError is invalid_pattern
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "anything"}
    Then the error code is "invalid_pattern"

    Examples:
      | case                       | pattern         |
      | unterminated-group         | (a              |
      | unmatched-paren            | a)              |
      | unterminated-class         | [a              |
      | escaped-class-end          | [\u005c]        |
      | leading-star               | *a              |
      | quantifier-after-bar       | a\|+            |
      | quantifier-after-open      | (*)             |
      | double-quantifier          | a**             |
      | lazy-then-quantifier       | a*??            |
      | braced-nothing-to-repeat   | {2}             |
      | braced-after-braced        | a{2}{3}         |
      | quantified-caret           | ^*              |
      | quantified-dollar          | $+              |
      | quantified-boundary        | \u005cb+        |
      | count-out-of-order         | a{2,1}          |
      | range-out-of-order         | [z-a]           |
      | trailing-backslash         | a\u005c         |
      | empty-group-question       | (?)             |

  @decision @req:ROUTING-PATTERN-INVALID @id:routing/pattern/other-engines-syntax
  Scenario Outline: other engines' group syntax is a SyntaxError, not a flag or a name
    Go, PCRE and Python read (?i) as "ignore case" and (?P<n>…) as a named group; JavaScript
    rejects both ("pattern is a JS regex string"), and the profile follows JavaScript rather than
    silently matching differently. Which error such a pattern gets (invalid_pattern rather than
    unsupported_pattern, which the protocol allows outside the portable subset) is the kit's: the
    seed has no error codes.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the error code is "invalid_pattern"

    Examples:
      | case                 | pattern          | text  |
      | inline-ignore-case   | (?i)hello        | HELLO |
      | inline-flags         | (?im)a           | a     |
      | python-named-group   | (?P<n>a)         | a     |
      | quote-named-group    | (?'n'a)          | a     |

  @req:ROUTING-PATTERN-JS @id:routing/pattern/input-shape
  Scenario: pattern and text are required strings
    When I call "routing.pattern_test" with {"pattern": "a"}
    Then the error code is "invalid_input"
    When I call "routing.pattern_test" with {"pattern": "a", "text": 5}
    Then the error code is "invalid_input"
    When I call "routing.pattern_test" with {"pattern": null, "text": "a"}
    Then the error code is "invalid_input"
    When I call "routing.pattern_test" with {"pattern": "a", "text": "a", "flags": "i"}
    Then the error code is "invalid_input"

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/inside-the-size-limits
  Scenario Outline: long patterns, deep nesting and many groups within the limits get JavaScript's answer
    The subset ends at 1,000 characters (a longer pattern may be refused); a pattern of exactly
    1,000, groups nested 200 or 499 deep (as deep as 1,000 characters allow), 150 groups one
    after another, or a test of about half the 2^24 units of work (a{1000}, about 1,000
    instructions, against 9,000 characters) are inside it.
    Given "pattern" is the text <pattern>
    And "text" is the text <text>
    When I call "routing.pattern_test" with {"pattern": "${pattern}", "text": "${text}"}
    Then the output "matched" is <matched>

    Examples:
      | case                     | pattern                           | text         | matched |
      | 1000-characters          | "x" × 1000                        | "x" × 1000   | true    |
      | 1000-characters-no-match | "x" × 1000                        | "x" × 999    | false   |
      | nested-200-deep          | "(" × 200 + "a" + ")" × 200       | "ba"         | true    |
      | nested-499-deep          | "(" × 499 + "a" + ")" × 499       | "ba"         | true    |
      | nested-499-deep-no-match | "(" × 499 + "a" + ")" × 499       | "bb"         | false   |
      | 150-groups-in-a-row      | "^" + "(a)" × 150 + "$"           | "a" × 150    | true    |
      | half-the-work-budget     | "a{1000}"                         | "a" × 9000   | true    |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/count-digits
  Scenario Outline: every decimal digit counts in a {n,m} quantifier
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples:
      | case         | pattern   | text         | matched |
      | nine         | ^a{9}$    | aaaaaaaaa    | true    |
      | nine-short   | ^a{9}$    | aaaaaaaa     | false   |
      | up-to-nine   | ^a{0,9}$  | aaaaaaaaa    | true    |
      | from-ninety  | ^a{90,}b  | aab          | false   |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/unclosed-brace
  Scenario Outline: a brace that never closes a count is JavaScript's literal text or unsupported
    JavaScript (Annex B) reads "a{1" as the four characters; a brace that is not a quantifier is
    outside the portable subset, so an implementation may refuse it instead — never a third answer.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the error code is "unsupported_pattern" or the output "matched" is <matched>

    Examples:
      | case               | pattern   | text        | matched |
      | digits-then-end    | a{1       | a{1         | true    |
      | comma-then-end     | a{1,      | a{1,        | true    |
      | bound-then-end     | a{12,3    | xa{12,3     | true    |
      | digits-not-a-count | a{1       | a           | false   |

  @req:ROUTING-PATTERN-INVALID @id:routing/pattern/group-opener-at-the-end
  Scenario Outline: a group opener cut off at the end of the pattern is a SyntaxError
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "anything"}
    Then the error code is "invalid_pattern"

    Examples:
      | case              | pattern |
      | question-mark     | (?      |
      | flag-letter       | (?i     |
      | flag-letters-dash | (?ms-   |

  @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/lookbehind-at-the-start
  Scenario Outline: lookbehind and named groups at the start of a pattern are JavaScript's or unsupported
    Lookbehind and named groups are outside the portable subset: JavaScript's answer or
    unsupported_pattern. "(?<" alone is a SyntaxError in JavaScript and starts a named group, so
    either error code is allowed there.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the error code is "unsupported_pattern" or the output "matched" is <matched>

    Examples:
      | case                 | pattern     | text | matched |
      | positive-lookbehind  | (?<=a)b     | ab   | true    |
      | negative-lookbehind  | (?<!a)b     | cb   | true    |
      | named-group          | (?<n>a)b    | ab   | true    |

  @req:ROUTING-PATTERN-INVALID @id:routing/pattern/cut-off-group-name
  Scenario: "(?<" at the end is a SyntaxError, or a named group refused as unsupported
    When I call "routing.pattern_test" with {"pattern": "(?<", "text": "a"}
    Then the error code is one of "invalid_pattern", "unsupported_pattern"

  @decision @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/inline-modifiers
  Scenario Outline: inline modifiers (?i:…) are refused as unsupported, not read as a group
    "pattern is a JS regex string" names no edition of JavaScript: (?i:…) is a SyntaxError in
    Node 20 and case-insensitive since ES2025. The kit neither picks an edition nor lets another
    engine's case folding through: it refuses the pattern as outside the portable subset.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the error code is "unsupported_pattern"

    Examples:
      | case           | pattern     | text |
      | ignore-case    | (?i:a)      | A    |
      | several-flags  | (?ims:a)    | a    |
      | removed-flag   | (?-i:a)     | a    |
      | added-removed  | (?m-i:a)    | a    |
      | dot-all-minus  | (?s-i:a)    | a    |

  @req:ROUTING-PATTERN-JS @id:routing/pattern/surrogate-units
  Scenario Outline: the two halves of an emoji are code units of their own, not replacement characters
    Outside the Basic Multilingual Plane a character is two UTF-16 code units (a high one,
    U+D800–U+DBFF, then a low one, U+DC00–U+DFFF); neither is U+FFFD nor a character of the
    private-use area above them.
    When I call "routing.pattern_test" with {"pattern": "<pattern>", "text": "<text>"}
    Then the output "matched" is <matched>

    Examples:
      | case                        | pattern                        | text           | matched |
      | first-unit-not-replacement  | \u005cufffd                    | \ud800\udc00   | false   |
      | last-unit-not-replacement   | \u005cufffd                    | \ud83c\udfff   | false   |
      | halves-not-private-use      | [^\u005cue000-\u005cuffff]     | \ue000         | false   |
      | halves-below-private-use    | ^[^\u005cue000-\u005cuffff]+$  | \ud800\udc00   | true    |
      | halves-match-their-range    | ^[\u005cu0000-\u005cud7ff]$    | \ud800\udc00   | false   |

  @extension @req:ROUTING-PATTERN-SUBSET @id:routing/pattern/beyond-the-size-limits
  Scenario Outline: a pattern or a test far beyond the size limits is refused as unsupported
    JavaScript would answer each of these (the seed sets no limit); the kit recommends refusing
    them, so that a call's time and memory stay bounded by its input: a pattern of more than
    1,000 characters, one that compiles to more than 10,000 instructions (six copies of .{0,1000}
    are about 12,000), or a test of more than 2^24 units of work (300 repeated classes against
    half a million characters is about 150 million; a character beyond the Basic Multilingual
    Plane is two units, so 1,000 classes against 32,768 of them is about 65 million).
    Given "pattern" is the text <pattern>
    And "text" is the text <text>
    When I call "routing.pattern_test" with {"pattern": "${pattern}", "text": "${text}"}
    Then the error code is "unsupported_pattern"

    Examples:
      | case                   | pattern           | text            |
      | 1001-characters        | "x" × 1001        | "x" × 1001      |
      | 12000-instructions     | ".{0,1000}" × 6   | "x"             |
      | 150-million-work-units | "[a-z]{300}b"     | "a" × 524288    |
      | astral-work-units      | "[a-z]{1000}b"    | "😀" × 32768     |

@v1
Feature: Trigger patterns
  In a group that requires a trigger, a message wakes the agent only when its trimmed
  content starts with the trigger — the group's own, or @ASSISTANT_NAME (default Andy) —
  followed by a word boundary, ignoring letter case.

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#matches-name-at-start-of-message @id:v1/trigger/at-start
  Scenario: matches @name at start of message
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › matches @name at start of message
    When I call "v1.trigger_match" with {"content": "@Andy hello"}
    Then the output "matched" is true

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#matches-case-insensitively @id:v1/trigger/case-insensitive
  Scenario: matches case-insensitively
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › matches case-insensitively
    When I call "v1.trigger_match" with {"content": "@andy hello"}
    Then the output "matched" is true
    When I call "v1.trigger_match" with {"content": "@ANDY hello"}
    Then the output "matched" is true

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#does-not-match-when-not-at-start-of-message @id:v1/trigger/not-at-start
  Scenario: does not match when not at start of message
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › does not match when not at start of message
    When I call "v1.trigger_match" with {"content": "hello @Andy"}
    Then the output "matched" is false

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#does-not-match-partial-name-like-nameextra @id:v1/trigger/partial-name
  Scenario: does not match partial name like @NameExtra (word boundary)
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › does not match partial name like @NameExtra (word boundary)
    When I call "v1.trigger_match" with {"content": "@Andyextra hello"}
    Then the output "matched" is false

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#matches-with-word-boundary-before-apostrophe @id:v1/trigger/apostrophe
  Scenario: matches with word boundary before apostrophe
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › matches with word boundary before apostrophe
    When I call "v1.trigger_match" with {"content": "@Andy's thing"}
    Then the output "matched" is true

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#matches-name-alone @id:v1/trigger/name-alone
  Scenario: matches @name alone (end of string is a word boundary)
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › matches @name alone (end of string is a word boundary)
    When I call "v1.trigger_match" with {"content": "@Andy"}
    Then the output "matched" is true

  @v1-case @req:V1-TRIGGER-TRIM @origin:formatting.test.ts#matches-with-leading-whitespace-after-trim @id:v1/trigger/leading-whitespace
  Scenario: matches with leading whitespace after trim
    Origin: src/v1/formatting.test.ts › TRIGGER_PATTERN › matches with leading whitespace after trim
    The v1 test trimmed the content itself before testing; every v1 caller did the same, so the
    operation takes the untrimmed content and trims it.
    When I call "v1.trigger_match" with {"content": " @Andy hey"}
    Then the output "matched" is true

  @v1-case @req:V1-TRIGGER-PATTERN @origin:formatting.test.ts#uses-the-configured-per-group-trigger-when-provided @id:v1/trigger/per-group-trigger
  Scenario: uses the configured per-group trigger when provided
    Origin: src/v1/formatting.test.ts › getTriggerPattern › uses the configured per-group trigger when provided
    When I call "v1.trigger_match" with {"trigger": "@Claw", "content": "@Claw hello"}
    Then the output "matched" is true
    When I call "v1.trigger_match" with {"trigger": "@Claw", "content": "@Andy hello"}
    Then the output "matched" is false

  @v1-case @req:V1-TRIGGER-DEFAULT @origin:formatting.test.ts#falls-back-to-the-default-trigger-when-group-trigger-is-missing @id:v1/trigger/default-when-missing
  Scenario: falls back to the default trigger when group trigger is missing
    Origin: src/v1/formatting.test.ts › getTriggerPattern › falls back to the default trigger when group trigger is missing
    When I call "v1.trigger_match" with {"content": "@Andy hello"}
    Then the output "matched" is true
    And the output "trigger" is "@Andy"

  @v1-case @req:V1-TRIGGER-LITERAL @origin:formatting.test.ts#treats-regex-characters-in-custom-triggers-literally @id:v1/trigger/regex-literal
  Scenario: treats regex characters in custom triggers literally
    Origin: src/v1/formatting.test.ts › getTriggerPattern › treats regex characters in custom triggers literally
    When I call "v1.trigger_match" with {"trigger": "@C.L.A.U.D.E", "content": "@C.L.A.U.D.E hello"}
    Then the output "matched" is true
    When I call "v1.trigger_match" with {"trigger": "@C.L.A.U.D.E", "content": "@CXLXAUXDXE hello"}
    Then the output "matched" is false

  @req:V1-TRIGGER-LITERAL @id:v1/trigger/every-metacharacter-literal
  Scenario Outline: every regular-expression metacharacter in a trigger matches only itself
    v1 escaped the whole trigger before building ^trigger\b. Each row's first message is the
    trigger written out, which matches only when the character is escaped (for ^ and $, which
    an unescaped pattern can never match there); the second is what the unescaped pattern would
    match instead (a + or * repeating, ? dropping, a group or class, a {2} count, | alternation,
    \d a digit, . any character), which must not match.
    When I call "v1.trigger_match" with {"trigger": "<trigger>", "content": "<literal>"}
    Then the output "matched" is true
    When I call "v1.trigger_match" with {"trigger": "<trigger>", "content": "<lookalike>"}
    Then the output "matched" is false

    Examples:
      | case      | trigger   | literal       | lookalike |
      | plus      | @a+b      | @a+b hi       | @aaab hi  |
      | star      | @a*b      | @a*b hi       | @aab hi   |
      | question  | @ab?c     | @ab?c hi      | @ac hi    |
      | parens    | @(ab)c    | @(ab)c hi     | @abc hi   |
      | brackets  | @[ab]c    | @[ab]c hi     | @ac hi    |
      | braces    | @a{2}b    | @a{2}b hi     | @aab hi   |
      | pipe      | @x\|y     | @x\|y hi      | @x hi     |
      | caret     | @a^b      | @a^b hi       | @ab hi    |
      | dollar    | @a$b      | @a$b hi       | @ab hi    |
      | backslash | @a\\\\db   | @a\\\\db hi    | @a5b hi   |
      | dot       | @a.b      | @a.b hi       | @axb hi   |

  @req:V1-TRIGGER-DEFAULT @id:v1/trigger/blank-trigger
  Scenario: a blank or null trigger falls back to @ASSISTANT_NAME
    When I call "v1.trigger_match" with {"trigger": "   ", "content": "@Andy hi"}
    Then the output "matched" is true
    And the output "trigger" is "@Andy"
    When I call "v1.trigger_match" with {"trigger": null, "content": "@Andy hi"}
    Then the output "matched" is true

  @req:V1-TRIGGER-DEFAULT @id:v1/trigger/assistant-name
  Scenario: ASSISTANT_NAME decides the default trigger
    When I call "v1.trigger_match" with {"assistant_name": "Nano", "content": "@nano ping"}
    Then the output "matched" is true
    And the output "trigger" is "@Nano"
    When I call "v1.trigger_match" with {"assistant_name": "Nano", "content": "@Andy ping"}
    Then the output "matched" is false

  @req:V1-TRIGGER-TRIM @id:v1/trigger/trigger-trimmed
  Scenario: the group's trigger is trimmed before use
    When I call "v1.trigger_match" with {"trigger": "  @Claw  ", "content": "@Claw hello"}
    Then the output "matched" is true
    And the output "trigger" is "@Claw"

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/ends-in-non-word-character
  Scenario: a trigger ending in a non-word character needs a word character after it
    The pattern is ^trigger\b; after "!" a boundary exists only before a word character, so
    "@bot! hi" does not match while "@bot!hi" does. This is v1's behaviour.
    When I call "v1.trigger_match" with {"trigger": "@bot!", "content": "@bot! hi"}
    Then the output "matched" is false
    When I call "v1.trigger_match" with {"trigger": "@bot!", "content": "@bot!hi"}
    Then the output "matched" is true
    When I call "v1.trigger_match" with {"trigger": "@bot!", "content": "@bot!"}
    Then the output "matched" is false

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/digit-and-underscore-are-word
  Scenario: digits and underscores continue a word, so they block the match
    When I call "v1.trigger_match" with {"content": "@Andy2 hello"}
    Then the output "matched" is false
    When I call "v1.trigger_match" with {"content": "@Andy_ hello"}
    Then the output "matched" is false
    When I call "v1.trigger_match" with {"content": "@Andy, hello"}
    Then the output "matched" is true

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/ascii-word-boundary
  Scenario: the word boundary is ASCII, so a non-ASCII letter after the name is a boundary
    JavaScript's \b without the u flag knows only [A-Za-z0-9_]; "@Andyé" therefore matches.
    When I call "v1.trigger_match" with {"content": "@Andyé hello"}
    Then the output "matched" is true

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/javascript-case-folding
  Scenario: letter case is folded the JavaScript way, without Unicode folding to ASCII
    With the i flag and without u, JavaScript upper-cases each UTF-16 unit and never maps a
    non-ASCII character to an ASCII one: the Kelvin sign (U+212A) does not match "k", and
    "ſ" (long s) does not match "s", although Go's (?i) says both do. Non-ASCII letters that
    have a one-unit upper case still fold: "é" matches "É".
    When I call "v1.trigger_match" with {"trigger": "@kai", "content": "@\u212Aai hi"}
    Then the output "matched" is false
    When I call "v1.trigger_match" with {"trigger": "@sam", "content": "@\u017Fam hi"}
    Then the output "matched" is false
    When I call "v1.trigger_match" with {"trigger": "@éva", "content": "@ÉVA hi"}
    Then the output "matched" is true

  @decision @req:V1-TRIGGER-PATTERN @id:v1/trigger/missing-content
  Scenario: content is required
    Open: v1 matches the trigger against a stored message's content, which every message has,
    so the seed never says what a check without content does. The kit refuses it as the
    operation's input schema does.
    When I call "v1.trigger_match" with {"trigger": "@Claw"}
    Then the error code is "invalid_input"

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/non-ascii-letter-end-before-space
  Scenario: a trigger ending in a non-ASCII letter does not match before a space: @ﬀ
    The word boundary is ASCII: the ligature "ﬀ" (U+FB00) is not a word character, so between it
    and a space there is no boundary, and the message does not match its own trigger.
    When I call "v1.trigger_match" with {"content": "@ﬀ hi", "trigger": "@ﬀ"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@ﬀ"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/word-character-after/digit-0
  Scenario: a word character right after the trigger prevents a match: @Andy0
    0 is the first digit.
    When I call "v1.trigger_match" with {"content": "@Andy0 hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/word-character-after/digit-9
  Scenario: a word character right after the trigger prevents a match: @Andy9
    9 is the last digit.
    When I call "v1.trigger_match" with {"content": "@Andy9 hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/word-character-after/capital-z
  Scenario: a word character right after the trigger prevents a match: @AndyZ
    Z is the last capital letter.
    When I call "v1.trigger_match" with {"content": "@AndyZ hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/word-character-after/small-a
  Scenario: a word character right after the trigger prevents a match: @Andya
    a is the first small letter.
    When I call "v1.trigger_match" with {"content": "@Andya hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/trigger/word-character-after/small-z
  Scenario: a word character right after the trigger prevents a match: @Andyz
    z is the last small letter.
    When I call "v1.trigger_match" with {"content": "@Andyz hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

@v1
Feature: stripInternalTags and formatOutbound
  The agent may think aloud inside <internal>…</internal>; v1 deletes every such
  block (shortest match, across lines) before a reply leaves, then trims.

  @v1-case @req:V1-STRIP @origin:formatting.test.ts#strips-single-line-internal-tags @id:v1/strip-internal/single-line
  Scenario: strips single-line internal tags
    Origin: src/v1/formatting.test.ts › stripInternalTags › strips single-line internal tags
    When I call "v1.strip_internal_tags" with {"text": "hello <internal>secret</internal> world"}
    Then the output "result" is "hello  world"

  @v1-case @req:V1-STRIP @origin:formatting.test.ts#strips-multi-line-internal-tags @id:v1/strip-internal/multi-line
  Scenario: strips multi-line internal tags
    Origin: src/v1/formatting.test.ts › stripInternalTags › strips multi-line internal tags
    When I call "v1.strip_internal_tags" with {"text": "hello <internal>\nsecret\nstuff\n</internal> world"}
    Then the output "result" is "hello  world"

  @v1-case @req:V1-STRIP @origin:formatting.test.ts#strips-multiple-internal-tag-blocks @id:v1/strip-internal/multiple-blocks
  Scenario: strips multiple internal tag blocks
    Origin: src/v1/formatting.test.ts › stripInternalTags › strips multiple internal tag blocks
    When I call "v1.strip_internal_tags" with {"text": "<internal>a</internal>hello<internal>b</internal>"}
    Then the output "result" is "hello"

  @v1-case @req:V1-STRIP @origin:formatting.test.ts#returns-empty-string-when-text-is-only-internal-tags @id:v1/strip-internal/only-internal
  Scenario: returns empty string when text is only internal tags
    Origin: src/v1/formatting.test.ts › stripInternalTags › returns empty string when text is only internal tags
    When I call "v1.strip_internal_tags" with {"text": "<internal>only this</internal>"}
    Then the output "result" is ""

  @v1-case @req:V1-OUTBOUND @origin:formatting.test.ts#returns-text-with-internal-tags-stripped @id:v1/format-outbound/plain
  Scenario: returns text with internal tags stripped
    Origin: src/v1/formatting.test.ts › formatOutbound › returns text with internal tags stripped
    When I call "v1.format_outbound" with {"text": "hello world"}
    Then the output "result" is "hello world"

  @v1-case @req:V1-OUTBOUND @origin:formatting.test.ts#returns-empty-string-when-all-text-is-internal @id:v1/format-outbound/all-internal
  Scenario: returns empty string when all text is internal
    Origin: src/v1/formatting.test.ts › formatOutbound › returns empty string when all text is internal
    When I call "v1.format_outbound" with {"text": "<internal>hidden</internal>"}
    Then the output "result" is ""

  @v1-case @req:V1-OUTBOUND @origin:formatting.test.ts#strips-internal-tags-from-remaining-text @id:v1/format-outbound/strips-and-keeps-rest
  Scenario: strips internal tags from remaining text
    Origin: src/v1/formatting.test.ts › formatOutbound › strips internal tags from remaining text
    When I call "v1.format_outbound" with {"text": "<internal>thinking</internal>The answer is 42"}
    Then the output "result" is "The answer is 42"

  @req:V1-STRIP @id:v1/strip-internal/shortest-match
  Scenario: the match is the shortest, so text between two blocks survives
    A greedy match would delete "keep" too.
    When I call "v1.strip_internal_tags" with {"text": "<internal>a</internal> keep <internal>b</internal>"}
    Then the output "result" is "keep"

  @req:V1-STRIP @id:v1/strip-internal/unclosed-kept
  Scenario: an unclosed internal tag is left as it is
    When I call "v1.strip_internal_tags" with {"text": "  answer <internal>never closed  "}
    Then the output "result" is "answer <internal>never closed"

  @req:V1-STRIP @id:v1/strip-internal/nested-open
  Scenario: a second opening tag inside a block is deleted with the block
    When I call "v1.strip_internal_tags" with {"text": "x<internal>a<internal>b</internal>y</internal>z"}
    Then the output "result" is "xy</internal>z"

  @req:V1-STRIP @id:v1/strip-internal/case-sensitive
  Scenario: tags in other letter cases or with attributes are not internal tags
    When I call "v1.strip_internal_tags" with {"text": "<INTERNAL>a</INTERNAL> <internal id=\"1\">b</internal>"}
    Then the output "result" is "<INTERNAL>a</INTERNAL> <internal id=\"1\">b</internal>"

  @req:V1-STRIP @id:v1/strip-internal/javascript-trim
  Scenario: trimming uses JavaScript's white space, not Go's
    JavaScript's trim removes U+FEFF and U+3000 but keeps U+0085 (NEL); Go's strings.TrimSpace
    does the opposite for U+FEFF and U+0085. v1 ran on JavaScript.
    When I call "v1.strip_internal_tags" with {"text": "\ufeff\u3000 hi \u0085"}
    Then the output "result" is "hi \u0085"

  @req:V1-OUTBOUND @id:v1/format-outbound/whitespace-only
  Scenario: white space left after stripping is trimmed to nothing
    When I call "v1.format_outbound" with {"text": " \n<internal>x</internal>\t "}
    Then the output "result" is ""

  @req:V1-OUTBOUND @req:V1-STRIP @id:v1/format-outbound/trim-en-quad
  Scenario: an en quad (U+2000) around a stripped block is trimmed as white space
    U+2000 opens the range of JavaScript white space U+2000-U+200A.
    When I call "v1.format_outbound" with {"text": " <internal>x</internal> "}
    Then the output is:
      """json
      {"result": ""}
      """

  @req:V1-OUTBOUND @req:V1-STRIP @id:v1/format-outbound/trim-hair-space
  Scenario: a hair space (U+200A) around a stripped block is trimmed as white space
    U+200A closes the range of JavaScript white space U+2000-U+200A.
    When I call "v1.format_outbound" with {"text": " <internal>x</internal> "}
    Then the output is:
      """json
      {"result": ""}
      """

  @req:V1-STRIP @id:v1/strip-internal/empty-block
  Scenario: an empty internal block is removed too
    A closing tag right after the opening one closes the block.
    When I call "v1.strip_internal_tags" with {"text": "a<internal></internal>b"}
    Then the output is:
      """json
      {"result": "ab"}
      """

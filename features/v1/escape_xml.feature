@v1 @req:V1-XML-ESCAPE
Feature: escapeXml
  v1 escapes text before it goes into the XML the agent reads: &, <, > and "
  are replaced, in that order; the apostrophe is left alone.

  @v1-case @origin:formatting.test.ts#escapes-ampersands @id:v1/escape-xml/ampersand
  Scenario: escapes ampersands
    Origin: src/v1/formatting.test.ts › escapeXml › escapes ampersands
    When I call "v1.escape_xml" with {"text": "a & b"}
    Then the output "result" is "a &amp; b"

  @v1-case @origin:formatting.test.ts#escapes-less-than @id:v1/escape-xml/less-than
  Scenario: escapes less-than
    Origin: src/v1/formatting.test.ts › escapeXml › escapes less-than
    When I call "v1.escape_xml" with {"text": "a < b"}
    Then the output "result" is "a &lt; b"

  @v1-case @origin:formatting.test.ts#escapes-greater-than @id:v1/escape-xml/greater-than
  Scenario: escapes greater-than
    Origin: src/v1/formatting.test.ts › escapeXml › escapes greater-than
    When I call "v1.escape_xml" with {"text": "a > b"}
    Then the output "result" is "a &gt; b"

  @v1-case @origin:formatting.test.ts#escapes-double-quotes @id:v1/escape-xml/double-quotes
  Scenario: escapes double quotes
    Origin: src/v1/formatting.test.ts › escapeXml › escapes double quotes
    When I call "v1.escape_xml" with {"text": "\"hello\""}
    Then the output "result" is "&quot;hello&quot;"

  @v1-case @origin:formatting.test.ts#handles-multiple-special-characters-together @id:v1/escape-xml/all-together
  Scenario: handles multiple special characters together
    Origin: src/v1/formatting.test.ts › escapeXml › handles multiple special characters together
    When I call "v1.escape_xml" with {"text": "a & b < c > d \"e\""}
    Then the output "result" is "a &amp; b &lt; c &gt; d &quot;e&quot;"

  @v1-case @origin:formatting.test.ts#passes-through-strings-with-no-special-chars @id:v1/escape-xml/plain
  Scenario: passes through strings with no special chars
    Origin: src/v1/formatting.test.ts › escapeXml › passes through strings with no special chars
    When I call "v1.escape_xml" with {"text": "hello world"}
    Then the output "result" is "hello world"

  @v1-case @origin:formatting.test.ts#handles-empty-string @id:v1/escape-xml/empty
  Scenario: handles empty string
    Origin: src/v1/formatting.test.ts › escapeXml › handles empty string
    When I call "v1.escape_xml" with {"text": ""}
    Then the output "result" is ""

  @id:v1/escape-xml/apostrophe-kept
  Scenario: the apostrophe is not escaped
    When I call "v1.escape_xml" with {"text": "Andy's \"quote\" & <tag>"}
    Then the output "result" is "Andy's &quot;quote&quot; &amp; &lt;tag&gt;"

  @id:v1/escape-xml/escaped-input-escaped-again
  Scenario: already escaped text is escaped again, ampersand first
    When I call "v1.escape_xml" with {"text": "&amp; &lt;"}
    Then the output "result" is "&amp;amp; &amp;lt;"

  @id:v1/escape-xml/missing-text
  Scenario: a missing or null text is the empty string
    v1's escapeXml returned "" for a falsy argument; the operation takes that literally for a
    missing field and for null.
    When I call "v1.escape_xml" with {}
    Then the output "result" is ""
    When I call "v1.escape_xml" with {"text": null}
    Then the output "result" is ""

  @id:v1/escape-xml/wrong-type
  Scenario: a text that is not a string is refused
    When I call "v1.escape_xml" with {"text": 42}
    Then the error code is "invalid_input"

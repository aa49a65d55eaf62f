@v1
Feature: formatMessages
  A batch of inbound messages reaches the agent as a <context timezone="…" /> header
  and a <messages> block, one <message> line per message, every value XML-escaped and
  every time shown in the configured zone.

  Unless a scenario says otherwise, the message is v1's test fixture: id 1, chat
  group@g.us, sender 123@s.whatsapp.net, sender_name Alice, content hello, timestamp
  2024-01-01T00:00:00.000Z.

  @v1-case @req:V1-FMT-HEADER @req:V1-TIME-LOCAL @origin:formatting.test.ts#formats-a-single-message-as-xml-with-context-header @id:v1/format-messages/single-message
  Scenario: formats a single message as XML with context header
    Origin: src/v1/formatting.test.ts › formatMessages › formats a single message as XML with context header
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T00:00:00.000Z"}]}
      """
    Then the output "result" contains:
      """
      <context timezone="UTC" />
      """
    And the output "result" contains:
      """
      <message sender="Alice"
      """
    And the output "result" contains ">hello</message>"
    And the output "result" contains "Jan 1, 2024"

  @v1-case @req:V1-FMT-LINE @origin:formatting.test.ts#formats-multiple-messages @id:v1/format-messages/multiple-messages
  Scenario: formats multiple messages
    Origin: src/v1/formatting.test.ts › formatMessages › formats multiple messages
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [
        {"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net", "sender_name": "Alice", "content": "hi", "timestamp": "2024-01-01T00:00:00.000Z"},
        {"id": "2", "chat_jid": "group@g.us", "sender": "456@s.whatsapp.net", "sender_name": "Bob", "content": "hey", "timestamp": "2024-01-01T01:00:00.000Z"}]}
      """
    Then the output "result" contains:
      """
      sender="Alice"
      """
    And the output "result" contains:
      """
      sender="Bob"
      """
    And the output "result" contains ">hi</message>"
    And the output "result" contains ">hey</message>"

  @v1-case @req:V1-FMT-ESCAPE @origin:formatting.test.ts#escapes-special-characters-in-sender-names @id:v1/format-messages/escapes-sender-name
  Scenario: escapes special characters in sender names
    Origin: src/v1/formatting.test.ts › formatMessages › escapes special characters in sender names
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "A & B <Co>", "content": "hello", "timestamp": "2024-01-01T00:00:00.000Z"}]}
      """
    Then the output "result" contains:
      """
      sender="A &amp; B &lt;Co&gt;"
      """

  @v1-case @req:V1-FMT-ESCAPE @origin:formatting.test.ts#escapes-special-characters-in-content @id:v1/format-messages/escapes-content
  Scenario: escapes special characters in content
    Origin: src/v1/formatting.test.ts › formatMessages › escapes special characters in content
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "<script>alert(\"xss\")</script>", "timestamp": "2024-01-01T00:00:00.000Z"}]}
      """
    Then the output "result" contains "&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;"

  @v1-case @req:V1-FMT-EMPTY @origin:formatting.test.ts#handles-empty-array @id:v1/format-messages/empty-array
  Scenario: handles empty array
    Origin: src/v1/formatting.test.ts › formatMessages › handles empty array
    When I call "v1.format_messages" with {"timezone": "UTC", "messages": []}
    Then the output "result" contains:
      """
      <context timezone="UTC" />
      """
    And the output "result" contains "<messages>\n\n</messages>"

  @v1-case @req:V1-FMT-QUOTE @req:V1-FMT-REPLY-ATTR @origin:formatting.test.ts#renders-reply-context-as-quoted_message-element @id:v1/format-messages/reply-with-quote
  Scenario: renders reply context as quoted_message element
    Origin: src/v1/formatting.test.ts › formatMessages › renders reply context as quoted_message element
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "Yes, on my way!", "timestamp": "2024-01-01T00:00:00.000Z",
        "reply_to_message_id": "42", "reply_to_message_content": "Are you coming tonight?", "reply_to_sender_name": "Bob"}]}
      """
    Then the output "result" contains:
      """
      reply_to="42"
      """
    And the output "result" contains:
      """
      <quoted_message from="Bob">Are you coming tonight?</quoted_message>
      """
    And the output "result" contains "Yes, on my way!</message>"

  @v1-case @req:V1-FMT-QUOTE @req:V1-FMT-REPLY-ATTR @origin:formatting.test.ts#omits-reply-attributes-when-no-reply-context @id:v1/format-messages/no-reply-context
  Scenario: omits reply attributes when no reply context
    Origin: src/v1/formatting.test.ts › formatMessages › omits reply attributes when no reply context
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T00:00:00.000Z"}]}
      """
    Then the output "result" does not contain "reply_to"
    And the output "result" does not contain "quoted_message"

  @v1-case @req:V1-FMT-QUOTE @req:V1-FMT-REPLY-ATTR @origin:formatting.test.ts#omits-quoted_message-when-content-is-missing-but-id-is-present @id:v1/format-messages/reply-id-without-content
  Scenario: omits quoted_message when content is missing but id is present
    Origin: src/v1/formatting.test.ts › formatMessages › omits quoted_message when content is missing but id is present
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T00:00:00.000Z",
        "reply_to_message_id": "42", "reply_to_sender_name": "Bob"}]}
      """
    Then the output "result" contains:
      """
      reply_to="42"
      """
    And the output "result" does not contain "quoted_message"

  @v1-case @req:V1-FMT-ESCAPE @req:V1-FMT-QUOTE @origin:formatting.test.ts#escapes-special-characters-in-reply-context @id:v1/format-messages/escapes-reply-context
  Scenario: escapes special characters in reply context
    Origin: src/v1/formatting.test.ts › formatMessages › escapes special characters in reply context
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T00:00:00.000Z",
        "reply_to_message_id": "1", "reply_to_message_content": "<script>alert(\"xss\")</script>", "reply_to_sender_name": "A & B"}]}
      """
    Then the output "result" contains:
      """
      from="A &amp; B"
      """
    And the output "result" contains "&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;"

  @v1-case @req:V1-TIME-LOCAL @req:V1-FMT-HEADER @origin:formatting.test.ts#converts-timestamps-to-local-time-for-given-timezone @id:v1/format-messages/local-time
  Scenario: converts timestamps to local time for given timezone
    Origin: src/v1/formatting.test.ts › formatMessages › converts timestamps to local time for given timezone
    When I call "v1.format_messages" with:
      """json
      {"timezone": "America/New_York", "messages": [{"id": "1", "chat_jid": "group@g.us", "sender": "123@s.whatsapp.net",
        "sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T18:30:00.000Z"}]}
      """
    Then the output "result" contains "1:30"
    And the output "result" contains "PM"
    And the output "result" contains:
      """
      <context timezone="America/New_York" />
      """

  @req:V1-FMT-HEADER @req:V1-FMT-LINE @req:V1-FMT-QUOTE @id:v1/format-messages/exact-layout
  Scenario: the exact layout, byte for byte
    Newlines separate header, <messages>, each line and </messages>; the quote starts on its
    own line indented by two spaces and the content follows </quoted_message> directly.
    When I call "v1.format_messages" with:
      """json
      {"timezone": "America/New_York", "messages": [
        {"sender_name": "Alice", "content": "hi", "timestamp": "2024-01-01T18:30:00.000Z"},
        {"sender_name": "Bob", "content": "Yes", "timestamp": "2024-01-01T18:31:00.000Z",
         "reply_to_message_id": "42", "reply_to_message_content": "Coming?", "reply_to_sender_name": "Alice"}]}
      """
    Then the output "result" is:
      """
      <context timezone="America/New_York" />
      <messages>
      <message sender="Alice" time="Jan 1, 2024, 1:30 PM">hi</message>
      <message sender="Bob" time="Jan 1, 2024, 1:31 PM" reply_to="42">
        <quoted_message from="Alice">Coming?</quoted_message>Yes</message>
      </messages>
      """

  @req:V1-FMT-EMPTY @id:v1/format-messages/empty-array-exact
  Scenario: an empty batch, byte for byte
    When I call "v1.format_messages" with {"timezone": "UTC", "messages": []}
    Then the output "result" is "<context timezone=\"UTC\" />\n<messages>\n\n</messages>"

  @req:V1-FMT-HEADER @req:V1-TZ-FALLBACK @id:v1/format-messages/invalid-zone-keeps-raw-name
  Scenario: the header keeps an invalid time zone's raw name while times fall back to UTC
    v1 escaped the timezone argument itself into the header and resolved it only for the times;
    a port that canonicalises or replaces the header name changes what the agent is told.
    When I call "v1.format_messages" with:
      """json
      {"timezone": "IST-2", "messages": [{"sender_name": "Alice", "content": "hello", "timestamp": "2026-01-01T12:00:00.000Z"}]}
      """
    Then the output "result" contains:
      """
      <context timezone="IST-2" />
      """
    And the output "result" contains:
      """
      time="Jan 1, 2026, 12:00 PM"
      """

  @req:V1-FMT-HEADER @req:V1-TZ-VALID @id:v1/format-messages/header-keeps-spelling
  Scenario: a valid zone in another letter case is shown as written
    When I call "v1.format_messages" with:
      """json
      {"timezone": "america/new_york", "messages": [{"sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T18:30:00.000Z"}]}
      """
    Then the output "result" contains:
      """
      <context timezone="america/new_york" />
      """
    And the output "result" contains:
      """
      time="Jan 1, 2024, 1:30 PM"
      """

  @req:V1-FMT-HEADER @req:V1-FMT-ESCAPE @id:v1/format-messages/header-escaped
  Scenario: the header's time zone is escaped
    When I call "v1.format_messages" with {"timezone": "\"/><x a=\"&", "messages": []}
    Then the output "result" contains:
      """
      <context timezone="&quot;/&gt;&lt;x a=&quot;&amp;" />
      """

  @req:V1-FMT-QUOTE @req:V1-FMT-REPLY-ATTR @id:v1/format-messages/reply-fields-empty
  Scenario: reply fields present but empty count as absent
    v1 tested the fields for truthiness, so "" and null behave like a missing field.
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"sender_name": "Alice", "content": "hello", "timestamp": "2024-01-01T00:00:00.000Z",
        "reply_to_message_id": "", "reply_to_message_content": "", "reply_to_sender_name": null}]}
      """
    Then the output "result" does not contain "reply_to"
    And the output "result" does not contain "quoted_message"

  @req:V1-FMT-QUOTE @id:v1/format-messages/quote-needs-sender
  Scenario: reply content without a reply sender gives no quoted message
    Both the quoted text and its sender are needed; a port that prints from="undefined" or
    from="" is wrong.
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"sender_name": "Alice", "content": "ok", "timestamp": "2024-01-01T00:00:00.000Z",
        "reply_to_message_id": "7", "reply_to_message_content": "earlier"}]}
      """
    Then the output "result" contains:
      """
      reply_to="7">ok</message>
      """
    And the output "result" does not contain "quoted_message"

  @req:V1-FMT-QUOTE @id:v1/format-messages/quote-without-id
  Scenario: a quote with content and sender but no id has no reply_to attribute
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"sender_name": "Alice", "content": "ok", "timestamp": "2024-01-01T00:00:00.000Z",
        "reply_to_message_content": "earlier", "reply_to_sender_name": "Bob"}]}
      """
    Then the output "result" does not contain "reply_to="
    And the output "result" contains:
      """
      <quoted_message from="Bob">earlier</quoted_message>ok</message>
      """

  @req:V1-TIME-INVALID-DATE @id:v1/format-messages/unparseable-timestamp
  Scenario: an unparseable timestamp is shown as Invalid Date
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"sender_name": "Alice", "content": "hello", "timestamp": "yesterday"}]}
      """
    Then the output "result" contains:
      """
      time="Invalid Date"
      """

  @decision @req:V1-FMT-LINE @id:v1/format-messages/missing-messages
  Scenario: a missing messages list is refused
    Open: the seed defines "formatMessages(messages, timezone)" on a list it is always given
    ("No messages" is the empty list), so v1 never answers a request without one. The kit refuses
    it as the operation's input schema does.
    When I call "v1.format_messages" with {"timezone": "UTC"}
    Then the error code is "invalid_input"

  @req:V1-FMT-LINE @id:v1/format-messages/control-characters-in-content
  Scenario: line feeds and tabs in a message are kept as they are
    escapeXml replaces only &, <, > and the double quote: a line feed or a tab after eight plain
    characters stays in the text, however the request writes it.
    When I call "v1.format_messages" with {"timezone": "UTC", "messages": [{"sender_name": "Ann", "content": "line one\nline two\tend", "timestamp": "2024-01-01T00:00:00.000Z"}]}
    Then the output "result" is "<context timezone=\"UTC\" />\n<messages>\n<message sender=\"Ann\" time=\"Jan 1, 2024, 12:00 AM\">line one\nline two\tend</message>\n</messages>"
    When I call "v1.format_messages" with {"timezone": "UTC", "messages": [{"sender_name": "Ann", "content": "line one\u000aline two\u0009end", "timestamp": "2024-01-01T00:00:00.000Z"}]}
    Then the output "result" is "<context timezone=\"UTC\" />\n<messages>\n<message sender=\"Ann\" time=\"Jan 1, 2024, 12:00 AM\">line one\nline two\tend</message>\n</messages>"

  @req:V1-FMT-ESCAPE @req:V1-FMT-LINE @id:v1/format-messages/text-kept-wherever-it-falls
  Scenario Outline: line feeds, tabs and backslashes are kept, and quotes and < escaped, wherever they fall in a message
    The seed writes each line as '<message sender="S" time="T"R>Q + escapeXml(content) + </message>',
    and escapeXml replaces only &, <, > and the double quote: every other character of the content,
    a line feed, a tab or a backslash included, is shown as it is, at the start, the middle or the
    end of the text, after plain letters or capitals. Every answer is v1's own formatMessages.
    When I call "v1.format_messages" with:
      """json
      {"timezone": "UTC", "messages": [{"sender_name": "Ann", "content": "<content>", "timestamp": "2024-03-09T15:04:05.000Z"}]}
      """
    Then the output "result" is "<context timezone=\"UTC\" />\n<messages>\n<message sender=\"Ann\" time=\"Mar 9, 2024, 3:04 PM\"><shown></message>\n</messages>"

    Examples:
      | case | content | shown |
      | line-feed-at-the-end | See you!\\n | See you!\\n |
      | line-feed-between-capitals | LUNCH AT\\nNOON TODAY | LUNCH AT\\nNOON TODAY |
      | tab-between-capitals | ITEM ONE\\tITEM TWO | ITEM ONE\\tITEM TWO |
      | backslash-near-the-end | Saved to\\\\x | Saved to\\\\x |
      | quotes-near-the-end | She said \\"ok\\" | She said &quot;ok&quot; |
      | less-than-near-the-end | Meet at 5 <3 | Meet at 5 &lt;3 |

@v1
Feature: format_messages reads its request as JSON, however the keys are written
  A key may be written with JSON escapes ("timezon\u0065" is "timezone", as JSON.parse reads
  it), and every message needs a sender_name, a content and a timestamp, the first one too.

  @req:V1-FMT-HEADER @id:v1/format-messages/escaped-key
  Scenario: a key written with a JSON escape is the key it spells
    When I call "v1.format_messages" with {"messages": [{"sender_name": "Ann", "content": "hi", "timestamp": "2026-01-01T10:00:00.000Z"}], "timezon\u0065": "UTC"}
    Then the output "result" contains:
      """
      <context timezone="UTC" />
      <messages>
      <message sender="Ann" time="Jan 1, 2026, 10:00 AM">hi</message>
      </messages>
      """

  @req:V1-FMT-LINE @id:v1/format-messages/incomplete-input
  Scenario Outline: a message without sender_name, or a missing messages list or timezone, is refused however the keys are written
    When I call "v1.format_messages" with <input>
    Then the error code is "invalid_input"

    Examples:
      | case                          | input |
      | first-message-without-sender  | {"messages": [{"content": "hi", "timestamp": "2026-01-01T10:00:00.000Z"}], "timezone": "UTC"} |
      | escaped-key-first-incomplete  | {"messages": [{"content": "hi", "timestamp": "2026-01-01T10:00:00.000Z"}], "timezon\u0065": "UTC"} |
      | escaped-key-second-incomplete | {"messages": [{"sender_name": "Ann", "content": "hi", "timestamp": "2026-01-01T10:00:00.000Z"}, {"content": "hi", "timestamp": "2026-01-01T10:00:00.000Z"}], "timezon\u0065": "UTC"} |
      | escaped-key-null-messages     | {"messages": null, "timezon\u0065": "UTC"} |
      | escaped-key-no-timezone       | {"messages": [{"sender_name": "Ann", "content": "hi", "timestamp": "2026-01-01T10:00:00.000Z"}], "x\u0065": "UTC"} |

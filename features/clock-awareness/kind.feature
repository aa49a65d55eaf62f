@clock-awareness @section:5.2
Feature: Thread kinds
  §5.2: project, conversation, scheduling, operations. The user sets a kind with
  "clock: kind project"; the agent MAY infer one but SHOULD persist it only if confident or
  user-confirmed; an unknown kind is conversation.

  @decision @req:AW-KIND-DIRECTIVE @req:AW-KIND-STORED @req:AW-KIND-PERSIST @req:AW-KIND-DEFAULT @id:clock-awareness/kind/resolve
  Scenario Outline: directive, stored kind, inference, default
    §5.2: "User can set explicitly: `clock: kind project`", "Agent MAY infer from context, but SHOULD
    persist only if confident or user-confirmed", "Default if unknown: `conversation`" — silent on
    which wins and when to write. The user's directive wins; a stored kind is not overturned by a new
    guess (only the user changes it); a kind the directive repeats is not written again;
    conversation, the default, is never written (an unset kind reads as conversation).
    When I call "clock-awareness.thread_kind" with {"text": "<text>", "stored_kind": <stored>, "inferred": <inferred>}
    Then the output is:
      """json
      {"thread_kind": "<kind>", "source": "<source>", "persist": <persist>, "rejected_kind": <rejected>}
      """

    Examples:
      | case                 | text                 | stored       | inferred                                          | kind         | source    | persist | rejected |
      | directive            | clock: kind project  | null         | null                                              | project      | directive | true    | null     |
      | directive-case       | Clock: Kind Operations. | "project" | null                                              | operations   | directive | true    | null     |
      | directive-same       | clock: kind project  | "project"    | null                                              | project      | directive | false   | null     |
      | directive-over-guess | clock:kind scheduling | null        | {"kind": "project", "confident": true}            | scheduling   | directive | true    | null     |
      | unknown-kind         | clock: kind banana   | null         | null                                              | conversation | default   | false   | "banana" |
      | unknown-kind-stored  | clock: kind chat     | "scheduling" | null                                              | scheduling   | stored    | false   | "chat"   |
      | default              | hello                | null         | null                                              | conversation | default   | false   | null     |
      | stored               | hello                | "operations" | null                                              | operations   | stored    | false   | null     |
      | stored-beats-guess   | hello                | "operations" | {"kind": "project", "confident": true}            | operations   | stored    | false   | null     |
      | guess-unsure         | hello                | null         | {"kind": "project"}                               | project      | inferred  | false   | null     |
      | guess-confident      | hello                | null         | {"kind": "project", "confident": true}            | project      | inferred  | true    | null     |
      | guess-confirmed      | hello                | null         | {"kind": "scheduling", "confident": false, "user_confirmed": true} | scheduling | inferred | true | null |
      | not-a-directive      | let's clock: kind project | null    | null                                              | conversation | default   | false   | null     |

  @req:AW-INPUT-STRICT @decision @id:clock-awareness/kind/invalid
  Scenario Outline: kinds are the §5.2 kinds
    Seed 004 says nothing of how a malformed call is answered: refusing it with invalid_input, as the operation's input schema states, is the kit's decision.
    When I call "clock-awareness.thread_kind" with <input>
    Then the error code is "invalid_input"

    Examples:
      | case            | input                                   |
      | stored          | {"stored_kind": "chat"}                 |
      | inferred        | {"inferred": {"kind": "Project"}}       |
      | inferred-nokind | {"inferred": {"confident": true}}       |

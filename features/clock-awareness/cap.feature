@clock-awareness @section:6.4 @section:10.3
Feature: Latest actions: the cap and compaction at capture
  §0 max_items (25) bounds the rolling list; §10.3 compaction prunes expired actions and caps the
  list. A capture runs clock-core's compaction: expired actions leave, then the oldest by
  recorded_iso beyond max_items.

  @req:AW-ACT-CAP @id:clock-awareness/cap/default-25
  Scenario: the 26th action evicts the oldest recorded, not the first listed
    When I call "clock-awareness.capture_action" with:
      """json
      {"now": "2026-02-09T09:10:00Z", "text": "clock it: file taxes", "judgement": {"action": true, "temporal": false, "label": "File taxes"}, "actions": [{"id": "a01", "label": "Task 1", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T01:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a02", "label": "Task 2", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T02:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a03", "label": "Task 3", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T03:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a04", "label": "Task 4", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T04:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a05", "label": "Task 5", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T05:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a06", "label": "Task 6", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T06:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a07", "label": "Task 7", "type": "action", "status": "planned", "recorded_iso": "2026-01-31T23:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a08", "label": "Task 8", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T08:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a09", "label": "Task 9", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T09:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a10", "label": "Task 10", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T10:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a11", "label": "Task 11", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T11:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a12", "label": "Task 12", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T12:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a13", "label": "Task 13", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T13:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a14", "label": "Task 14", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T14:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a15", "label": "Task 15", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T15:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a16", "label": "Task 16", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T16:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a17", "label": "Task 17", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T17:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a18", "label": "Task 18", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T18:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a19", "label": "Task 19", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T19:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a20", "label": "Task 20", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T20:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a21", "label": "Task 21", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T21:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a22", "label": "Task 22", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T22:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a23", "label": "Task 23", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T23:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a24", "label": "Task 24", "type": "action", "status": "planned", "recorded_iso": "2026-02-02T00:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a25", "label": "Task 25", "type": "action", "status": "planned", "recorded_iso": "2026-02-02T01:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}]}
      """
    Then the output "captured" is true
    And the output "removed.0.id" is "a07"
    And the output "removed.0.why" is "over_limit"
    And the output "actions.0.id" is "a01"
    And the output "actions.5.id" is "a06"
    And the output "actions.6.id" is "a08"
    And the output "actions.24.recorded_iso" is "2026-02-09T09:10:00Z"
    And the output "action.id" occurs once among the output's "actions.*.id"

  @req:AW-ACT-CAP @id:clock-awareness/cap/at-25
  Scenario: the 25th action fits
    When I call "clock-awareness.capture_action" with:
      """json
      {"now": "2026-02-09T09:10:00Z", "text": "clock it: file taxes", "judgement": {"action": true, "temporal": false, "label": "File taxes"}, "actions": [{"id": "a01", "label": "Task 1", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T01:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a02", "label": "Task 2", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T02:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a03", "label": "Task 3", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T03:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a04", "label": "Task 4", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T04:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a05", "label": "Task 5", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T05:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a06", "label": "Task 6", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T06:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a07", "label": "Task 7", "type": "action", "status": "planned", "recorded_iso": "2026-01-31T23:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a08", "label": "Task 8", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T08:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a09", "label": "Task 9", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T09:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a10", "label": "Task 10", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T10:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a11", "label": "Task 11", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T11:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a12", "label": "Task 12", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T12:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a13", "label": "Task 13", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T13:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a14", "label": "Task 14", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T14:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a15", "label": "Task 15", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T15:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a16", "label": "Task 16", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T16:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a17", "label": "Task 17", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T17:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a18", "label": "Task 18", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T18:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a19", "label": "Task 19", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T19:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a20", "label": "Task 20", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T20:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a21", "label": "Task 21", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T21:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a22", "label": "Task 22", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T22:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a23", "label": "Task 23", "type": "action", "status": "planned", "recorded_iso": "2026-02-01T23:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a24", "label": "Task 24", "type": "action", "status": "planned", "recorded_iso": "2026-02-02T00:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}]}
      """
    Then the output "actions.24.recorded_iso" is "2026-02-09T09:10:00Z"
    And the output "action.id" occurs once among the output's "actions.*.id"
    And the output "actions.0.id" is "a01"
    And the output "actions.23.id" is "a24"

  @decision @req:AW-ACT-CAP @id:clock-awareness/cap/expired-then-oldest
  Scenario: expired actions leave first, then the oldest beyond max_items
    §10.3 "Compact: prune actions older than expiry; cap `latest_actions` length" says neither which
    actions the cap keeps nor when an expiry is reached. Compaction is clock-core's: an action whose
    expires_iso is now has expired; among the rest, the most recently recorded max_items stay, in
    their order. Removals are listed in list order.
    When I call "clock-awareness.capture_action" with:
      """json
      {"now": "2026-02-09T09:10:00Z", "text": "clock it: file taxes", "judgement": {"action": true, "temporal": false, "label": "File taxes"}, "policy": {"clock": {"store": {"latest_actions": {"max_items": 2}}}},
       "actions": [{"id": "a01", "label": "Task 1", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T08:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a02", "label": "Task 2", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T07:00:00Z", "expires_iso": "2026-02-09T09:10:00Z", "source": "clock_it"}, {"id": "a03", "label": "Task 3", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T06:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "a04", "label": "Task 4", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T05:00:00Z", "expires_iso": "2026-02-09T09:10:01Z", "source": "clock_it"}]}
      """
    Then the output is, apart from the text at "action.id", "action.label", "actions.1.id", "actions.1.label":
      """json
      {"captured": true, "reason": "clock_it", "activity": null,
       "action": {"id": "act_391e73fc", "label": "File taxes", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T09:10:00Z",
                  "expires_iso": "2026-02-10T09:10:00Z", "source": "clock_it"},
       "actions": [{"id": "a01", "label": "Task 1", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T08:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"},
                   {"id": "act_391e73fc", "label": "File taxes", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T09:10:00Z",
                    "expires_iso": "2026-02-10T09:10:00Z", "source": "clock_it"}],
       "removed": [{"id": "a02", "why": "expired"}, {"id": "a03", "why": "over_limit"}, {"id": "a04", "why": "over_limit"}]}
      """
    And the output "action.id" occurs once among the output's "actions.*.id"

  @decision @req:AW-ACT-CAP @id:clock-awareness/cap/shared-id
  Scenario Outline: of two stored actions sharing an id, the one removed is reported and its twin stays
    §10.2 gives every action an "id" but does not require ids to be unique, and §10.3 "Compact:
    prune actions older than expiry; cap `latest_actions` length" does not say how what it prunes
    is reported. The kit reads the list entry by entry: an action that leaves is reported once,
    by its id, even when an action that stays has the same id.
    When I call "clock-awareness.capture_action" with {"now": "2026-02-09T09:10:00Z", "text": "clock it: file taxes", "judgement": {"action": true, "temporal": false, "label": "File taxes"}, "policy": {"clock": {"store": {"latest_actions": {"max_items": <max>}}}}, "actions": [{"id": "dup", "label": "Call the bank", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T08:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"}, {"id": "dup", "label": "Pay rent", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T07:00:00Z", "expires_iso": "<expires>", "source": "clock_it"}]}
    Then the output is, apart from the text at "action.id", "action.label", "actions.1.id", "actions.1.label":
      """json
      {"captured": true, "reason": "clock_it", "activity": null,
       "action": {"id": "act_391e73fc", "label": "File taxes", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T09:10:00Z",
                  "expires_iso": "2026-02-10T09:10:00Z", "source": "clock_it"},
       "actions": [{"id": "dup", "label": "Call the bank", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T08:00:00Z", "expires_iso": "2026-03-01T00:00:00Z", "source": "clock_it"},
                   {"id": "act_391e73fc", "label": "File taxes", "type": "action", "status": "planned", "recorded_iso": "2026-02-09T09:10:00Z",
                    "expires_iso": "2026-02-10T09:10:00Z", "source": "clock_it"}],
       "removed": [{"id": "dup", "why": "<why>"}]}
      """

    Examples:
      | case       | expires              | max | why        |
      | expired    | 2026-02-09T09:00:00Z | 25  | expired    |
      | over-limit | 2026-03-01T00:00:00Z | 2   | over_limit |

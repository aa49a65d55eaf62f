@v1
Feature: Trigger gating (requiresTrigger)
  Whether a batch of messages is processed: main groups always; a group whose
  requiresTrigger is exactly false always; any other group only when a message
  carries its trigger.

  @v1-case @req:V1-GATE-MAIN @origin:formatting.test.ts#main-group-always-processes @id:v1/gating/main-always
  Scenario: main group always processes (no trigger needed)
    Origin: src/v1/formatting.test.ts › trigger gating › main group always processes (no trigger needed)
    When I call "v1.should_process" with {"is_main": true, "messages": [{"content": "hello no trigger"}]}
    Then the output "process" is true

  @v1-case @req:V1-GATE-MAIN @origin:formatting.test.ts#main-group-processes-even-with-requirestrigger=true @id:v1/gating/main-even-when-required
  Scenario: main group processes even with requiresTrigger=true
    Origin: src/v1/formatting.test.ts › trigger gating › main group processes even with requiresTrigger=true
    When I call "v1.should_process" with {"is_main": true, "requires_trigger": true, "messages": [{"content": "hello no trigger"}]}
    Then the output "process" is true

  @v1-case @req:V1-GATE-TRIGGER @origin:formatting.test.ts#non-main-group-with-requirestrigger=undefined-requires-trigger @id:v1/gating/undefined-requires-trigger
  Scenario: non-main group with requiresTrigger=undefined requires trigger
    Origin: src/v1/formatting.test.ts › trigger gating › non-main group with requiresTrigger=undefined requires trigger
    When I call "v1.should_process" with {"is_main": false, "messages": [{"content": "hello no trigger"}]}
    Then the output "process" is false

  @v1-case @req:V1-GATE-TRIGGER @origin:formatting.test.ts#non-main-group-with-requirestrigger=true-requires-trigger @id:v1/gating/true-requires-trigger
  Scenario: non-main group with requiresTrigger=true requires trigger
    Origin: src/v1/formatting.test.ts › trigger gating › non-main group with requiresTrigger=true requires trigger
    When I call "v1.should_process" with {"is_main": false, "requires_trigger": true, "messages": [{"content": "hello no trigger"}]}
    Then the output "process" is false

  @v1-case @req:V1-GATE-TRIGGER @origin:formatting.test.ts#non-main-group-with-requirestrigger=true-processes-when-trigger-present @id:v1/gating/trigger-present
  Scenario: non-main group with requiresTrigger=true processes when trigger present
    Origin: src/v1/formatting.test.ts › trigger gating › non-main group with requiresTrigger=true processes when trigger present
    When I call "v1.should_process" with {"is_main": false, "requires_trigger": true, "messages": [{"content": "@Andy do something"}]}
    Then the output "process" is true

  @v1-case @req:V1-GATE-TRIGGER @origin:formatting.test.ts#non-main-group-uses-per-group-trigger-instead-of-default @id:v1/gating/per-group-trigger
  Scenario: non-main group uses per-group trigger instead of default
    Origin: src/v1/formatting.test.ts › trigger gating › non-main group uses per-group trigger instead of default
    When I call "v1.should_process" with {"is_main": false, "requires_trigger": true, "trigger": "@Claw", "messages": [{"content": "@Claw do something"}]}
    Then the output "process" is true

  @v1-case @req:V1-GATE-TRIGGER @origin:formatting.test.ts#non-main-group-does-not-process-when-only-default-trigger-is-present-for-custom-trigger-group @id:v1/gating/default-trigger-ignored-for-custom
  Scenario: non-main group does not process when only default trigger is present for custom-trigger group
    Origin: src/v1/formatting.test.ts › trigger gating › non-main group does not process when only default trigger is present for custom-trigger group
    When I call "v1.should_process" with {"is_main": false, "requires_trigger": true, "trigger": "@Claw", "messages": [{"content": "@Andy do something"}]}
    Then the output "process" is false

  @v1-case @req:V1-GATE-NOTRIGGER @origin:formatting.test.ts#non-main-group-with-requirestrigger=false-always-processes @id:v1/gating/false-always
  Scenario: non-main group with requiresTrigger=false always processes
    Origin: src/v1/formatting.test.ts › trigger gating › non-main group with requiresTrigger=false always processes
    When I call "v1.should_process" with {"is_main": false, "requires_trigger": false, "messages": [{"content": "hello no trigger"}]}
    Then the output "process" is true

  @req:V1-GATE-TRIGGER @id:v1/gating/any-message-of-batch
  Scenario: one triggering message anywhere in the batch is enough
    When I call "v1.should_process" with {"is_main": false, "messages": [{"content": "first"}, {"content": "  @andy later"}, {"content": "third"}]}
    Then the output "process" is true

  @req:V1-GATE-TRIGGER @id:v1/gating/null-requires-trigger
  Scenario: requiresTrigger null behaves like missing, and so requires the trigger
    v1 compared requiresTrigger === false; null is not false.
    When I call "v1.should_process" with {"is_main": false, "requires_trigger": null, "messages": [{"content": "hello"}]}
    Then the output "process" is false

  @req:V1-GATE-TRIGGER @id:v1/gating/empty-batch
  Scenario: an empty batch of a trigger-requiring group is not processed
    When I call "v1.should_process" with {"is_main": false, "messages": []}
    Then the output "process" is false

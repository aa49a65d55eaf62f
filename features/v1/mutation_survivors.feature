@v1
Feature: Cases found by mutation testing
  Each scenario kills mutants of the reference that every other scenario let live (make mutation,
  docs/mutation-survivors.md). The cases come from the differential matrix (fidelity/), where the
  JavaScript oracle — v1's own code on Node 20 with cron-parser 5.5.0 — gave the same answer.

  @req:V1-TRIGGER-PATTERN @id:v1/mutation-survivors/case-01
  Scenario: v1.trigger_match {"content": "@\ufb00 hi", "trigger": "@\ufb00"}
    Kills mutants of reference/jsrt/space.go:14:26.
    When I call "v1.trigger_match" with {"content": "@ﬀ hi", "trigger": "@ﬀ"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@ﬀ"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/mutation-survivors/case-02
  Scenario: v1.trigger_match {"content": "@Andy0 hi"}
    Kills mutants of reference/jsrt/regexp.go:32:24.
    When I call "v1.trigger_match" with {"content": "@Andy0 hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/mutation-survivors/case-03
  Scenario: v1.trigger_match {"content": "@Andy9 hi"}
    Kills mutants of reference/jsrt/regexp.go:32:36.
    When I call "v1.trigger_match" with {"content": "@Andy9 hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/mutation-survivors/case-04
  Scenario: v1.trigger_match {"content": "@AndyZ hi"}
    Kills mutants of reference/jsrt/regexp.go:32:62.
    When I call "v1.trigger_match" with {"content": "@AndyZ hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/mutation-survivors/case-05
  Scenario: v1.trigger_match {"content": "@Andya hi"}
    Kills mutants of reference/jsrt/regexp.go:32:76.
    When I call "v1.trigger_match" with {"content": "@Andya hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-TRIGGER-PATTERN @id:v1/mutation-survivors/case-06
  Scenario: v1.trigger_match {"content": "@Andyz hi"}
    Kills mutants of reference/jsrt/regexp.go:32:88.
    When I call "v1.trigger_match" with {"content": "@Andyz hi"}
    Then the output is:
      """json
      {"matched": false, "trigger": "@Andy"}
      """

  @req:V1-OUTBOUND @id:v1/mutation-survivors/case-07
  Scenario: v1.format_outbound {"text": "\u2000<internal>x</internal>\u2000"}
    Kills mutants of reference/jsrt/space.go:14:11, reference/jsrt/space.go:14:26.
    When I call "v1.format_outbound" with {"text": " <internal>x</internal> "}
    Then the output is:
      """json
      {"result": ""}
      """

  @req:V1-OUTBOUND @id:v1/mutation-survivors/case-08
  Scenario: v1.format_outbound {"text": "\u200a<internal>x</internal>\u200a"}
    Kills mutants of reference/jsrt/space.go:14:26.
    When I call "v1.format_outbound" with {"text": " <internal>x</internal> "}
    Then the output is:
      """json
      {"result": ""}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-09
  Scenario: "+275760-09-13" in Asia/Kolkata (process zone America/New_York)
    Kills mutants of reference/jsrt/date.go:95:25, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33.
    When I call "v1.format_local_time" with {"process_timezone": "America/New_York", "timestamp": "+275760-09-13", "timezone": "Asia/Kolkata"}
    Then the output is:
      """json
      {"result": "Sep 13, 275760, 5:30 AM"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-10
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/date.go:14:25, reference/jsrt/date.go:95:8, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "-271821-04-20T00:00", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-11
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/dateparse.go:309:18, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "+000000-01-01T00:00:00Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-12
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/date.go:86:85, reference/jsrt/dateparse.go:180:9, reference/jsrt/dateparse.go:182:9, reference/jsrt/dateparse.go:184:9, reference/jsrt/dateparse.go:185:8, reference/jsrt/dateparse.go:188:11, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29, reference/v1/schedule.go:87:20.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.9999999Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.999Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-13
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/date.go:86:85, reference/jsrt/dateparse.go:180:9, reference/jsrt/dateparse.go:181:12, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29, reference/v1/schedule.go:87:20.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.1Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.100Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-14
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/date.go:86:85, reference/jsrt/dateparse.go:180:9, reference/jsrt/dateparse.go:182:9, reference/jsrt/dateparse.go:183:12, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29, reference/v1/schedule.go:87:20.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-01-01T00:00:00.12Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.120Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-15
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/dateparse.go:358:57, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "2024-12-31T24:00:00.000Z", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-16
  Scenario: "86400000" in UTC from 2026-01-01T00:00:30.000Z
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:242:15, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29, reference/v1/schedule.go:87:20.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:30.000Z", "task": {"next_run": "Jan 1 2024 12:00", "schedule_type": "interval", "schedule_value": "86400000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-01-01T12:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-17
  Scenario: "*/15 * * * *" in America/Santiago from 2020-04-05T03:00:00.000Z
    Kills mutants of reference/cronspec/next.go:106:22, reference/cronspec/next.go:131:18, reference/cronspec/next.go:52:24, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:218:13.
    When I call "v1.compute_next_run" with {"now": "2020-04-05T03:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "*/15 * * * *"}, "timezone": "America/Santiago"}
    Then the output is:
      """json
      {"next_run": "2020-04-05T03:15:00.000Z"}
      """

  @req:V1-SCHED-CRON-DST @id:v1/mutation-survivors/case-18
  Scenario: "0 0 1 * *" in Africa/Cairo from 2024-10-31T22:00:01.000Z
    Kills mutants of reference/cronspec/next.go:191:14, reference/cronspec/parse.go:178:22, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:218:13.
    When I call "v1.compute_next_run" with {"now": "2024-10-31T22:00:01.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 1 * *"}, "timezone": "Africa/Cairo"}
    Then the output is:
      """json
      {"next_run": "2024-11-30T22:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-19
  Scenario: "" in America/New_York from 2026-12-31T23:59:30.000Z
    Kills mutants of reference/cronspec/next.go:232:10, reference/cronspec/next.go:235:7, reference/cronspec/next.go:319:7, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "2026-12-31T23:59:30.000Z", "task": {"schedule_type": "cron", "schedule_value": ""}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "2027-01-01T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-20
  Scenario: "* * * * * *" in America/New_York from 1969-12-31T23:59:59.500Z
    Kills mutants of reference/cronspec/next.go:284:9, reference/cronspec/next.go:285:4, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:14, reference/cronspec/next.go:319:7, reference/cronspec/next.go:60:38, reference/cronspec/parse.go:216:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1969-12-31T23:59:59.500Z", "task": {"schedule_type": "cron", "schedule_value": "* * * * * *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1970-01-01T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-21
  Scenario: "0 0 0 * * *" in UTC from 1960-03-01T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:284:9, reference/cronspec/next.go:285:4, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:25, reference/cronspec/next.go:60:38, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1960-03-01T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 0 * * *"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "1960-03-02T00:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-22
  Scenario: "0 9 * * 2-7/2" in UTC from 2026-03-08T06:59:59.000Z
    Kills mutants of reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:218:13, reference/cronspec/parse.go:252:21, reference/cronspec/parse.go:252:37, reference/cronspec/parse.go:252:8, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "2026-03-08T06:59:59.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 2-7/2"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "2026-03-08T09:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-23
  Scenario: "0 9 ? * 1" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:191:14, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:14, reference/cronspec/parse.go:160:46, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:216:41, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 ? * 1"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-05T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-24
  Scenario: "0 9 15 * ?" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:191:14, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:14, reference/cronspec/parse.go:178:22, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:216:54, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 15 * ?"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-15T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-25
  Scenario: "0 0 29 2 1" in America/New_York from 2400-02-28T12:00:00.000Z
    Kills mutants of reference/cronspec/next.go:276:45, reference/cronspec/next.go:276:50, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:14, reference/cronspec/parse.go:160:46, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "2400-02-28T12:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 29 2 1"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "2400-02-29T05:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-26
  Scenario: "0 0 31 12 *" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:199:14, reference/cronspec/next.go:306:25, reference/cronspec/parse.go:177:17, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 31 12 *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-12-31T05:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-27
  Scenario: "0 0 30 2,4 *" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:191:14, reference/cronspec/next.go:306:25, reference/cronspec/parse.go:167:31, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 30 2,4 *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-04-30T05:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-28
  Scenario: "0 0 1W * *" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:309:82, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 0 1W * *"}, "timezone": "America/New_York"}
    Then the error code is "invalid_cron"

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-29
  Scenario: "0 9 * * *" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:284:9, reference/cronspec/next.go:285:4, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:14, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:218:13, reference/cronspec/parse.go:339:26, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-02-27T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-30
  Scenario: "0 9 * * 0,0" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:191:14, reference/cronspec/next.go:314:14, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:218:13, reference/cronspec/parse.go:272:9, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 0,0"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-04T14:00:00.000Z"}
      """

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-31
  Scenario: "0 9 * * 1,1" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:263:31, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * 1,1"}, "timezone": "America/New_York"}
    Then the error code is "invalid_cron"

  @req:V1-SCHED-CRON-TZ @id:v1/mutation-survivors/case-32
  Scenario: "0 9 29 * *" in America/New_York from 1900-02-27T00:00:00.000Z
    Kills mutants of reference/cronspec/next.go:191:14, reference/cronspec/next.go:276:31, reference/cronspec/next.go:276:50, reference/cronspec/next.go:306:25, reference/cronspec/next.go:314:14, reference/cronspec/parse.go:178:22, reference/cronspec/parse.go:216:13, reference/cronspec/parse.go:216:28, reference/cronspec/parse.go:218:13, reference/v1/ops.go:246:15, reference/v1/ops.go:248:14, reference/v1/ops.go:250:19, reference/v1/ops.go:252:28, reference/v1/ops.go:254:29.
    When I call "v1.compute_next_run" with {"now": "1900-02-27T00:00:00.000Z", "task": {"schedule_type": "cron", "schedule_value": "0 9 29 * *"}, "timezone": "America/New_York"}
    Then the output is:
      """json
      {"next_run": "1900-03-29T14:00:00.000Z"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-33
  Scenario: "2026-03-08T03:00:00" in UTC (process zone America/New_York)
    Kills mutants of reference/jsrt/localtime.go:29:26, reference/jsrt/localtime.go:34:26, reference/jsrt/localtime.go:34:32, reference/jsrt/localtime.go:35:39, reference/jsrt/localtime.go:37:14, reference/jsrt/localtime.go:38:23, reference/jsrt/localtime.go:38:27, reference/jsrt/localtime.go:38:50, reference/jsrt/localtime.go:44:11, reference/jsrt/localtime.go:44:16.
    When I call "v1.format_local_time" with {"process_timezone": "America/New_York", "timestamp": "2026-03-08T03:00:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Mar 8, 2026, 7:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-34
  Scenario: "2026-03-08T00:30:00" in UTC (process zone America/Havana)
    Kills mutants of reference/jsrt/localtime.go:31:14, reference/jsrt/localtime.go:38:18, reference/jsrt/localtime.go:44:11.
    When I call "v1.format_local_time" with {"process_timezone": "America/Havana", "timestamp": "2026-03-08T00:30:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Mar 8, 2026, 5:30 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-35
  Scenario: "2024-01-01T12:30:45+0530" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:372:18, reference/jsrt/dateparse.go:372:39, reference/jsrt/dateparse.go:375:28, reference/jsrt/dateparse.go:375:36, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:147:9, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:9.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "2024-01-01T12:30:45+0530", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 1, 2024, 2:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-36
  Scenario: "Tue Mar 05 2024 10:00:00 GMT+0100" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:207:21, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:280:11, reference/jsrt/dateparse.go:280:21, reference/jsrt/dateparse.go:282:21, reference/jsrt/dateparse.go:283:27, reference/jsrt/dateparse.go:283:34, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Tue Mar 05 2024 10:00:00 GMT+0100", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Mar 5, 2024, 4:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-37
  Scenario: "Jan 2 2024 10:00 AM" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:119:8, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:141:41, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 AM", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 1, 2024, 6:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-38
  Scenario: "2 January 2024 10:00 EST" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:78:73, reference/jsrt/datetoken.go:86:36, reference/jsrt/datetoken.go:86:49.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "2 January 2024 10:00 EST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 10:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-39
  Scenario: "Jan 2 2024 10:00 EDT" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:78:35, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 EDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 9:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-40
  Scenario: "Jan 2 2024 10:00 CST" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:77:73, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 CST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 11:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-41
  Scenario: "Jan 2 2024 10:00 CDT" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:77:35, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 CDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 10:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-42
  Scenario: "Jan 2 2024 10:00 MST" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:79:73, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 MST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 12:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-43
  Scenario: "Jan 2 2024 10:00 MDT" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:79:35, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 MDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 11:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-44
  Scenario: "Jan 2 2024 10:00 PST" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:80:73, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 PST", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 1:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-45
  Scenario: "Jan 2 2024 10:00 PDT" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:138:11, reference/jsrt/dateparse.go:139:12, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:80:35, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 PDT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 12:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-46
  Scenario: "Jan 2 2024 10:00 (comment) GMT" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:258:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9, reference/jsrt/datetoken.go:182:9, reference/jsrt/datetoken.go:187:12, reference/jsrt/datetoken.go:188:10, reference/jsrt/datetoken.go:189:19, reference/jsrt/datetoken.go:190:10, reference/jsrt/datetoken.go:193:13, reference/jsrt/datetoken.go:193:26, reference/jsrt/datetoken.go:86:36.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 (comment) GMT", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 5:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-47
  Scenario: "Jan 2 2024 10:00:30.05" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:255:16, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00:30.05", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 1, 2024, 6:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-48
  Scenario: "1/2/2024 10:00 PM" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:119:12, reference/jsrt/dateparse.go:119:8, reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:242:35, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:253:16, reference/jsrt/dateparse.go:55:20, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9, reference/jsrt/datetoken.go:165:21, reference/jsrt/datetoken.go:165:33, reference/jsrt/datetoken.go:165:45, reference/jsrt/datetoken.go:165:57, reference/jsrt/datetoken.go:165:9.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "1/2/2024 10:00 PM", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Jan 2, 2024, 6:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-49
  Scenario: "+2024" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:207:21, reference/jsrt/dateparse.go:251:17, reference/jsrt/dateparse.go:44:9, reference/jsrt/dateparse.go:49:6, reference/jsrt/dateparse.go:53:20, reference/jsrt/datetoken.go:149:21, reference/jsrt/datetoken.go:149:9.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "+2024", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Dec 31, 2023, 8:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-50
  Scenario: "Jan 2 2024 10:00 +" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:102:10, reference/jsrt/dateparse.go:104:6, reference/jsrt/dateparse.go:280:11, reference/jsrt/dateparse.go:280:21, reference/jsrt/dateparse.go:282:11, reference/jsrt/dateparse.go:282:21.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10:00 +", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Invalid Date"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/case-51
  Scenario: "Jan 2 2024 10.00" in America/New_York (process zone Australia/Lord_Howe)
    Kills mutants of reference/jsrt/dateparse.go:148:16, reference/jsrt/dateparse.go:31:9, reference/jsrt/dateparse.go:86:14, reference/jsrt/dateparse.go:86:43, reference/jsrt/dateparse.go:86:72, reference/jsrt/datetoken.go:149:9.
    When I call "v1.format_local_time" with {"process_timezone": "Australia/Lord_Howe", "timestamp": "Jan 2 2024 10.00", "timezone": "America/New_York"}
    Then the output is:
      """json
      {"result": "Invalid Date"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/mutation-survivors/interval-year-0
  Scenario: an interval run in the year 0 is written with four digits
    Kills a mutant of reference/v1/schedule.go:116 (ISOString switches to the six-digit form only outside 0000-9999).
    When I call "v1.compute_next_run" with {"now": "0000-01-01T00:00:00.000Z", "task": {"next_run": "0000-01-01T00:00:00.000Z", "schedule_type": "interval", "schedule_value": "60000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "0000-01-01T00:01:00.000Z"}
      """

  @req:V1-SCHED-INTERVAL-ANCHOR @id:v1/mutation-survivors/interval-year-9999
  Scenario: an interval run in the year 9999 is written with four digits
    Kills a mutant of reference/v1/schedule.go:116.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T00:00:00.000Z", "task": {"next_run": "9999-06-01T00:00:00.000Z", "schedule_type": "interval", "schedule_value": "60000"}, "timezone": "UTC"}
    Then the output is:
      """json
      {"next_run": "9999-06-01T00:01:00.000Z"}
      """

  @req:V1-SCHED-PAUSE @id:v1/mutation-survivors/due-task-keeps-status
  Scenario: a due task that is not active is skipped, never run, and keeps its status
    v1 only runs active tasks: getDueTasks selects status 'active' and the scheduler loop skips
    any task whose status is not active, before it looks at the group folder.
    When I call "v1.check_due_task" with {"task": {"group_folder": "main", "id": "task-1", "status": "paused"}}
    Then the output is:
      """json
      {"action": "skip", "status": "paused"}
      """
    When I call "v1.check_due_task" with {"task": {"group_folder": "../../outside", "id": "task-1", "status": "completed"}}
    Then the output is:
      """json
      {"action": "skip", "status": "completed"}
      """

  @req:V1-STRIP @id:v1/mutation-survivors/strip-empty-internal
  Scenario: an empty internal block is removed too
    Kills a mutant of reference/v1/format.go:88 (a closing tag right after the opening one).
    When I call "v1.strip_internal_tags" with {"text": "a<internal></internal>b"}
    Then the output is:
      """json
      {"result": "ab"}
      """

  @req:V1-TZ-VALID @id:v1/mutation-survivors/valid-timezone-missing
  Scenario: isValidTimezone without a timezone is invalid input
    Kills a mutant of reference/v1/ops.go:145 (which would go on without a timezone).
    When I call "v1.is_valid_timezone" with {}
    Then the error code is "invalid_input"

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/local-time-near-max-date
  Scenario: an offset-less date a day before the last JavaScript date is read in the process zone
    Kills a mutant of reference/jsrt/date.go:14 (the local-time range is the Date range plus 30 days).
    When I call "v1.format_local_time" with {"process_timezone": "UTC", "timestamp": "+275760-09-12T00:00:00", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Sep 12, 275760, 12:00 AM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/year-minus-400
  Scenario: a date in the year -400 (a multiple of the 400-year cycle) keeps its day
    Kills a mutant of reference/jsrt/date.go:117 (floor division of negative whole cycles).
    When I call "v1.format_local_time" with {"timestamp": "-000400-06-15T12:00:00Z", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Jun 15, 401, 12:00 PM"}
      """

  @req:V1-TIME-LOCAL @id:v1/mutation-survivors/year-minus-400-jan
  Scenario: a January date just after the year -400 keeps its day
    As the year -400 case, for the months counted with the previous year.
    When I call "v1.format_local_time" with {"timestamp": "-000399-01-15T12:00:00Z", "timezone": "UTC"}
    Then the output is:
      """json
      {"result": "Jan 15, 400, 12:00 PM"}
      """

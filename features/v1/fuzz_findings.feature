@v1
Feature: Inputs found by fuzzing
  Each scenario is an input a fuzz target of reference/fuzz_profiles_test.go found the reference
  answering wrongly; the failing input is committed under reference/testdata/fuzz as well.

  @req:V1-SCHED-CRON-TZ @id:v1/fuzz-findings/now-one-digit-hour
  Scenario: a now with a one-digit hour is not an RFC 3339 date-time
    Found by FuzzV1Fields: Go's time.Parse takes "T0:00:00", the input schema's date-time format
    and v1's oracle do not, so the reference answered as if now were valid.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T0:00:00Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}}
    Then the error code is "invalid_input"

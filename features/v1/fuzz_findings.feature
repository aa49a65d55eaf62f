@v1
Feature: Inputs found by fuzzing
  Each scenario is an input one of the fuzz targets found the reference
  answering wrongly; the failing input is committed under reference/testdata/fuzz as well.

  @req:V1-SCHED-CRON-TZ @id:v1/fuzz-findings/now-one-digit-hour
  Scenario: a now with a one-digit hour is not an RFC 3339 date-time
    Found by FuzzV1Fields: Go's time.Parse takes "T0:00:00", the input schema's date-time format
    and v1's oracle do not, so the reference answered as if now were valid.
    When I call "v1.compute_next_run" with {"now": "2026-01-01T0:00:00Z", "timezone": "UTC", "task": {"schedule_type": "cron", "schedule_value": "0 9 * * *"}}
    Then the error code is "invalid_input"

  @req:V1-XML-ESCAPE @id:v1/fuzz-findings/escape-xml-key-case
  Scenario: a key spelled like text in other letter cases is an unknown key, so text is missing
    Found by fuzzing the operations against their input schemas: the input schema is open and its
    keys are case-sensitive, as in v1's JavaScript, so {"teXt": …} carries no text and escapes
    the empty string; the reference refused it as malformed.
    When I call "v1.escape_xml" with {"teXt": "<b>"}
    Then the output "result" is ""

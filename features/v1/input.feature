@v1
Feature: v1's inputs are read as its JavaScript reads them
  v1's functions take JavaScript objects: a field is found by its exact name, and a
  name spelled in other letter cases is another field.

  @decision @req:V1-XML-ESCAPE @id:v1/input/key-case-is-another-key
  Scenario: a key spelled like text in other letter cases is another key, so text is missing
    Open: the seed defines escapeXml on a string ("an empty or missing string gives """) and
    says nothing of how a request's JSON names it; a port whose decoder folds letter case (Go's
    encoding/json does) reads {"teXt": …} as the text. The kit reads keys as JavaScript and JSON
    Schema do, case-sensitively: {"teXt": …} carries no text, and the empty string is escaped.
    When I call "v1.escape_xml" with {"teXt": "<b>"}
    Then the output "result" is ""

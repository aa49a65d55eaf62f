@v1
Feature: v1's inputs are read as its JavaScript reads them
  v1's functions take JavaScript objects: a field is found by its exact name, and a
  name spelled in other letter cases is another field.

  @req:V1-XML-ESCAPE @id:v1/input/key-case-is-another-key
  Scenario: a key spelled like text in other letter cases is another key, so text is missing
    The input is open and its keys are case-sensitive, as in v1's JavaScript: {"teXt": …}
    carries no text, and the empty string is escaped.
    When I call "v1.escape_xml" with {"teXt": "<b>"}
    Then the output "result" is ""

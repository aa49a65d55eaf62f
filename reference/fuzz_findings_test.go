package reference_test

import "testing"

// fuzzFindings are inputs a fuzz target found the reference and the input
// schemas disagreeing on (the rule of checkAnswer: invalid_input exactly
// when the schema refuses). Each seeds the fuzz targets by name (fuzzSeeds),
// and is committed under testdata/fuzz as the target found it (by the
// operation's index at the time).
var fuzzFindings = []struct{ op, input string }{
	// The v1 input schemas are open: "teXt" is an unknown key, not a
	// misspelled text, so the input is text missing (the empty string).
	{"v1.escape_xml", `{"teXt":"00"}`},
	// An enum the schema refuses outranks a policy that does not parse.
	{"clock-core.confirmation_gate", `{"kind":"","basis":"","policy":{"":{}}}`},
	// A status the schema refuses outranks a state of another version.
	{"clock-core.correct_action", `{"state":{"version":0},"user_key":"u","action_id":"a","status":"000"}`},
	// group_folder is required (null is a value: an invalid folder); a
	// missing one is malformed input, not a null (FuzzProfileV1).
	{"v1.check_due_task", `{"task":{"id":""}}`},
	// The schema-agreement probe's three seeds (TestSchemaAgreementProbe).
	// probe-integer-truncation: a number read through float64 was 10.
	{"routing.wake_batch", `{"now":"2026-03-01T12:00:00.000Z","max_messages":10.0000000000000001,"pending":[]}`},
	// probe-integer-truncation, in a state document: version 3, read as a float.
	{"clock-core.load_clock_state", `{"state":{"version":3.0000000000000001}}`},
	// probe-big-integer: a version too long for int64 is another version.
	{"clock-core.load_clock_state", `{"state":{"version":12345678901234567890123}}`},
	// probe-feb-30: the schema says what the operation means (a day the calendar has).
	{"routing.sweep", `{"now":"2026-02-30T12:00:00.000Z","container_running":false,"claims":[]}`},
}

func TestFuzzFindingsAgreeWithTheInputSchemas(t *testing.T) {
	cat, _ := operations(t)
	for _, c := range fuzzFindings {
		t.Run(c.op, func(t *testing.T) { checkAnswer(t, cat, c.op, []byte(c.input)) })
	}
}

// addFindings seeds a fuzz target with the findings of its operations, by
// name, so they stay seeds whatever the operations' indices become.
func addFindings(f *testing.F, index map[string]uint8) {
	for _, c := range fuzzFindings {
		if i, ok := index[c.op]; ok {
			f.Add(i, []byte(c.input))
		}
	}
}

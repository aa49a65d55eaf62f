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

package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

// Cucumber JSON is godog's formatter's, written while the scenarios run;
// AgreeCucumber then makes it say what the JUnit says of each scenario, as
// the run decided it: godog sees a failing step, while the run also knows
// the tiers (a decision the run does not require is reported, not failed),
// the known lists, faults charged after a scenario ended and the exact
// level. Each scenario is named as in the JUnit, by its id and title, so
// the rows of an outline — one title for all in godog's output — are told
// apart by their row ids.

// junitStatus is how the JUnit shows a scenario: "passed", "failed" or
// "skipped", with the message of a failure or a skip.
func junitStatus(rep *result.Report, s result.ScenarioResult) (status, message string) {
	v := rep.LevelVerdict(s)
	switch {
	case s.Compat == result.NotClaimed:
		return "skipped", "not claimed: the implementation lacks an operation of profile " + s.Profile
	case s.Known == selection.KnownFailing && v.Fails():
		return "skipped", "known failing: " + FailureLine(s)
	case v.Fails() && !rep.FailsRun(s):
		// A decision or extension the run does not require: reported, not failed.
		return "skipped", fmt.Sprintf("%s not followed (--require %s): %s", s.Tier, rep.Require, FailureLine(s))
	case v.Fails():
		return "failed", FailureLine(s)
	}
	return "passed", ""
}

// AgreeCucumber rewrites godog's Cucumber JSON b (see above). Scenarios are
// found by their feature file and line; an element the report does not
// have (a scenario the selection left out) is left as godog wrote it.
func AgreeCucumber(b []byte, rep *result.Report, suite *features.Suite) ([]byte, error) {
	if suite == nil || len(bytes.TrimSpace(b)) == 0 {
		return b, nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // durations are integers of nanoseconds: no float64
	var doc []map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("conformance: cucumber JSON: %w", err)
	}
	at := map[string]result.ScenarioResult{}
	for _, s := range rep.Scenarios {
		if sc, ok := suite.ByID(s.ID); ok {
			at[sc.URI+":"+strconv.FormatInt(sc.Line, 10)] = s
		}
	}
	for _, f := range doc {
		uri, _ := f["uri"].(string)
		elements, _ := f["elements"].([]any)
		for _, el := range elements {
			e, ok := el.(map[string]any)
			if !ok {
				continue
			}
			line, _ := e["line"].(json.Number)
			s, ok := at[uri+":"+line.String()]
			if !ok {
				continue
			}
			e["name"] = JUnitName(s)
			steps, _ := e["steps"].([]any)
			status, message := junitStatus(rep, s)
			agreeSteps(steps, status, message)
		}
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "    ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("conformance: cucumber JSON: %w", err)
	}
	return out.Bytes(), nil
}

// agreeSteps gives a scenario's steps the status the JUnit gives the
// scenario: a failed step becomes skipped (or passed) with the reason
// before its message; a scenario that failed without a failed step (a
// golden mismatch, a fault found after it ended) has its last run step
// failed with the problem.
func agreeSteps(steps []any, status, message string) {
	failed := false
	var last map[string]any
	for _, st := range steps {
		step, _ := st.(map[string]any)
		r, _ := step["result"].(map[string]any)
		if r == nil {
			continue
		}
		switch r["status"] {
		case "failed":
			failed = true
			if status != "failed" {
				r["status"] = status
				if msg, _ := r["error_message"].(string); message != "" {
					r["error_message"] = message + "\n" + msg
				}
			}
		case "passed":
			last = r
		}
	}
	if status == "failed" && !failed && last != nil {
		last["status"] = "failed"
		last["error_message"] = message
	}
}

package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

// Cucumber JSON is godog's formatter's document: godog writes it when its
// runner runs the scenarios, and the runner's own loop writes the same
// document when it runs them (conformance/cucumber.go). Agree (or
// AgreeCucumber, on godog's file) then makes it say what the JUnit says of
// each scenario, as
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

// The Cucumber JSON model: godog's formatter's objects, with their members
// in the order json.Marshal writes a map's (sorted), as every Cucumber JSON
// the kit writes has always had them (the agreement below decodes and
// writes the document again), and the same members left out when empty.

// CukeFeature is a feature file.
type CukeFeature struct {
	Comments    []CukeComment `json:"comments,omitempty"`
	Description string        `json:"description"`
	Elements    []CukeElement `json:"elements,omitempty"`
	ID          string        `json:"id"`
	Keyword     string        `json:"keyword"`
	Line        int64         `json:"line"`
	Name        string        `json:"name"`
	Tags        []CukeTag     `json:"tags,omitempty"`
	URI         string        `json:"uri"`
}

// CukeComment is a comment line of a feature file.
type CukeComment struct {
	Line  int64  `json:"line"`
	Value string `json:"value"`
}

// CukeTag is a tag, where it is written.
type CukeTag struct {
	Line int64  `json:"line"`
	Name string `json:"name"`
}

// CukeElement is a scenario, or a row of an outline.
type CukeElement struct {
	Description string     `json:"description"`
	ID          string     `json:"id"`
	Keyword     string     `json:"keyword"`
	Line        int64      `json:"line"`
	Name        string     `json:"name"`
	Steps       []CukeStep `json:"steps,omitempty"`
	Tags        []CukeTag  `json:"tags,omitempty"`
	Type        string     `json:"type"`
}

// CukeStep is a step and its result.
type CukeStep struct {
	DocString  *CukeDocString    `json:"doc_string,omitempty"`
	Embeddings []json.RawMessage `json:"embeddings,omitempty"`
	Keyword    string            `json:"keyword"`
	Line       int64             `json:"line"`
	Match      CukeMatch         `json:"match"`
	Name       string            `json:"name"`
	Result     CukeResult        `json:"result"`
	Rows       []CukeRow         `json:"rows,omitempty"`
}

// CukeDocString is a step's doc string.
type CukeDocString struct {
	ContentType string `json:"content_type"`
	Line        int64  `json:"line"`
	Value       string `json:"value"`
}

// CukeMatch is where the step's definition is.
type CukeMatch struct {
	Location string `json:"location"`
}

// CukeResult is a step's status, its error and how long it took (in
// nanoseconds; none for a step that did not run).
type CukeResult struct {
	Duration *int64 `json:"duration,omitempty"`
	Error    string `json:"error_message,omitempty"`
	Status   string `json:"status"`
}

// CukeRow is a row of a step's table.
type CukeRow struct {
	Cells []string `json:"cells"`
}

// MakeCukeID is godog's id of a name: lower case, spaces as dashes.
func MakeCukeID(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), " ", "-")
}

// AgreeCucumber rewrites godog's Cucumber JSON b (see above). Scenarios are
// found by their feature file and line; an element the report does not
// have (a scenario the selection left out) is left as godog wrote it.
func AgreeCucumber(b []byte, rep *result.Report, suite *features.Suite) ([]byte, error) {
	if suite == nil || len(bytes.TrimSpace(b)) == 0 {
		return b, nil
	}
	var doc []CukeFeature
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields() // a member the model lacks would be lost
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("conformance: cucumber JSON: %w", err)
	}
	Agree(doc, rep, suite)
	var out bytes.Buffer
	if err := WriteCucumber(&out, doc); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// WriteCucumber writes doc as the kit writes Cucumber JSON: indented by
// four spaces, <, > and & as they are, and a line feed at the end.
func WriteCucumber(w io.Writer, doc []CukeFeature) error {
	// A feature at a time, each written compact and then indented, into
	// buffers used again: the encoder's own indenting of the whole grew a
	// buffer from nothing to the whole document (8 MB for the suite) by
	// copies, a quarter of a run. The bytes are those of indenting the
	// whole array.
	bw := bufio.NewWriterSize(w, 1<<16)
	var compact, indented bytes.Buffer
	enc := json.NewEncoder(&compact)
	enc.SetEscapeHTML(false)
	if len(doc) == 0 {
		bw.WriteString("[]\n")
	}
	for i := range doc {
		compact.Reset()
		indented.Reset()
		if err := enc.Encode(&doc[i]); err != nil {
			return fmt.Errorf("conformance: cucumber JSON: %w", err)
		}
		if err := json.Indent(&indented, bytes.TrimSuffix(compact.Bytes(), []byte("\n")), "    ", "    "); err != nil {
			return fmt.Errorf("conformance: cucumber JSON: %w", err)
		}
		if i == 0 {
			bw.WriteString("[\n    ")
		} else {
			bw.WriteString(",\n    ")
		}
		bw.Write(indented.Bytes())
	}
	if len(doc) > 0 {
		bw.WriteString("\n]\n")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("conformance: %w", err)
	}
	return nil
}

// Agree makes doc say what the JUnit says of each scenario of rep (see
// above): its name, and its steps' statuses.
func Agree(doc []CukeFeature, rep *result.Report, suite *features.Suite) {
	at := map[string]result.ScenarioResult{}
	for _, s := range rep.Scenarios {
		if sc, ok := suite.ByID(s.ID); ok {
			at[sc.URI+":"+strconv.FormatInt(sc.Line, 10)] = s
		}
	}
	for _, f := range doc {
		for i := range f.Elements {
			e := &f.Elements[i]
			s, ok := at[f.URI+":"+strconv.FormatInt(e.Line, 10)]
			if !ok {
				continue
			}
			e.Name = JUnitName(s)
			status, message := junitStatus(rep, s)
			agreeSteps(e.Steps, status, message)
		}
	}
}

// agreeSteps gives a scenario's steps the status the JUnit gives the
// scenario: a failed step becomes skipped (or passed) with the reason
// before its message; a scenario that failed without a failed step (a
// golden mismatch, a fault found after it ended) has its last run step
// failed with the problem.
func agreeSteps(steps []CukeStep, status, message string) {
	failed := false
	var last *CukeResult
	for i := range steps {
		r := &steps[i].Result
		switch r.Status {
		case "failed":
			failed = true
			if status != "failed" {
				r.Status = status
				if message != "" {
					r.Error = message + "\n" + r.Error
				}
			}
		case "passed":
			last = r
		}
	}
	if status == "failed" && !failed && last != nil {
		last.Status = "failed"
		last.Error = message
	}
}

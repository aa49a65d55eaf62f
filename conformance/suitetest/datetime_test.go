package suitetest

import (
	"context"
	"encoding/json"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"

	"github.com/clockspec/clockspec/reference/datetime"
)

// dtDecisionTag marks the scenario that pins one decision of
// reference/datetime/decisions.go: @dt-decision:<decision id>.
const dtDecisionTag = "@dt-decision:"

// TestEveryDatetimeDecisionIsPinned: each decision the reference made where
// the PRD is silent is pinned by @decision scenarios (or outlines) carrying
// its id, each with its reason in the description, quoting the PRD sentence
// that leaves the point open ("Open:" first), and citing a DT-DEC requirement
// whose source names the same decision. Every datetime @decision scenario
// pins exactly one decision, so a reader can always tell which.
func TestEveryDatetimeDecisionIsPinned(t *testing.T) {
	cat, suite := load(t)
	pinned := map[string]string{} // decision id → first base scenario id
	for _, sc := range suite.Scenarios {
		var ids []string
		for _, tag := range sc.Tags {
			if id, ok := strings.CutPrefix(tag, dtDecisionTag); ok {
				ids = append(ids, id)
			}
		}
		if sc.Profile == "datetime" && sc.Decision && len(ids) != 1 {
			t.Errorf("%s is a datetime @decision with %d %s tags, want exactly one", sc.ID, len(ids), dtDecisionTag)
		}
		for _, id := range ids {
			if !sc.Decision {
				t.Errorf("%s carries %s%s but not @decision", sc.ID, dtDecisionTag, id)
			}
			if open, _, _ := strings.Cut(sc.Description, "."); !strings.HasPrefix(open, "Open:") || !strings.Contains(open, `"`) {
				t.Errorf("%s pins decision %s without first quoting the PRD sentence that leaves it open (Open: … \"…\")", sc.ID, id)
			}
			if _, ok := pinned[id]; !ok {
				pinned[id] = sc.BaseID
			}
			cites := false
			for _, r := range sc.Reqs {
				if req, ok := cat.Requirement(r); ok && req.Source == "decision "+id {
					cites = true
				}
			}
			if !cites {
				t.Errorf("%s pins decision %s but cites no requirement with source \"decision %s\"", sc.ID, id, id)
			}
		}
	}
	known := map[string]bool{}
	for _, id := range datetime.Decisions() {
		known[id] = true
		if pinned[id] == "" {
			t.Errorf("decision %s has no @decision scenario tagged %s%s", id, dtDecisionTag, id)
		}
	}
	for id, sc := range pinned {
		if !known[id] {
			t.Errorf("%s pins %s, which reference/datetime/decisions.go does not define", sc, id)
		}
	}
	if p, ok := cat.Profile("datetime"); ok {
		for _, r := range p.Requirements {
			if id, ok := strings.CutPrefix(r.Source, "decision "); ok && !known[id] {
				t.Errorf("requirement %s cites decision %s, which reference/datetime/decisions.go does not define", r.ID, id)
			}
		}
	}
}

// TestDatetimeInputSchemasMatchStrictRequest widens TestSchemasAgreeWithTheReference
// beyond the scenarios' own calls for the datetime tools, whose input schemas
// encode the conditional strict-request rule (a field the operation does not
// use, unless a field type is wrong first): over many random requests, the
// schema refuses exactly those the reference answers with invalid_input.
// Duplicate keys and the 64 KiB cap, which JSON Schema cannot see, are not
// generated.
func TestDatetimeInputSchemasMatchStrictRequest(t *testing.T) {
	cat, _ := load(t)
	values := []string{`null`, `""`, `"2026-04-20T10:00:00Z"`, `"x"`, `"UTC"`, `0`, `1`, `-3`, `1.0`, `1e2`, `1.5`,
		`10001`, `1e20`, `-1e19`, `true`, `{}`, `["diff"]`, `"diff"`, `"shift"`, `"weekday"`, `"convert_timezone"`,
		`"short"`, `"en"`}
	tools := []struct {
		op   string
		keys []string
		call func([]byte) ([]byte, *datetime.Error)
	}{
		{"datetime_math", []string{"operation", "timestamp", "left", "right", "target_timezone",
			"years", "months", "days", "hours", "minutes", "seconds", "style"}, datetime.MathJSON},
		{"datetime_format", []string{"timestamp", "style", "target_timezone", "locale", "operation"}, datetime.FormatJSON},
	}
	r := rand.New(rand.NewSource(3))
	refusals := 0
	for i := 0; i < 30000; i++ {
		tool := tools[i%2]
		op, ok := cat.Operation(tool.op)
		if !ok {
			t.Fatalf("no operation %s", tool.op)
		}
		req := map[string]json.RawMessage{}
		for j, k := range tool.keys {
			// The last key is one the tool does not know: rarely present.
			if r.Intn(3) == 0 && (j < len(tool.keys)-1 || r.Intn(8) == 0) {
				req[k] = json.RawMessage(values[r.Intn(len(values))])
			}
		}
		if tool.op == "datetime_math" && r.Intn(2) == 0 {
			req["operation"] = json.RawMessage(values[17+r.Intn(4)])
		}
		in, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		_, e := tool.call(in)
		refused := e != nil && e.Code == datetime.CodeInvalidInput
		if refused {
			refusals++
		}
		if schemaErr := op.ValidateInput(in); refused != (schemaErr != nil) {
			t.Errorf("%s %s: the reference answers %v, the input schema says %v", tool.op, in, e, schemaErr)
		}
	}
	if refusals < 1000 {
		t.Errorf("only %d of the random requests were invalid_input; the test no longer exercises the rule", refusals)
	}
}

// TestDatetimeInvalidInputMessagesSayWhatToFix: every invalid_input the
// suite's datetime calls get is worded for a model — it names the field
// (or the request) and what to send — never a schema validator's words
// (a JSON pointer, a keyword, Go's <nil>).
func TestDatetimeInvalidInputMessagesSayWhatToFix(t *testing.T) {
	fields := []string{"operation", "timestamp", "left", "right", "target_timezone", "style", "locale",
		"years", "months", "days", "hours", "minutes", "seconds", "request", "field"}
	jargon := []string{"<nil>", "breaks its schema", "additionalProperties", "expected ", "but got", "value must be one of", ": /", "'"}
	n := 0
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat, Tags: "@datetime",
		OnCall: func(sc *features.Scenario, _ int, op string, _ json.RawMessage, res protocol.Result) {
			if res.Error == nil || res.Error.Code != protocol.CodeInvalidInput {
				return
			}
			n++
			msg := res.Error.Message
			for _, j := range jargon {
				if strings.Contains(msg, j) {
					t.Errorf("%s: %s's invalid_input speaks a validator's words (%q): %s", sc.ID, op, j, msg)
				}
			}
			if !slices.ContainsFunc(fields, func(f string) bool { return strings.Contains(msg, f) }) {
				t.Errorf("%s: %s's invalid_input names no field: %s", sc.ID, op, msg)
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if n < 20 {
		t.Fatalf("only %d invalid_input answers: the test shows little", n)
	}
	t.Logf("%d invalid_input messages checked", n)
}

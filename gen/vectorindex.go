package main

// The vector manifest: goldens/index.json says, for every file of the call
// corpus, what a runner without conform needs to report it as conform does
// (its profile and tier, the requirements it certifies) and to skip what it
// cannot run (the operations it calls, whether it prepares a state file
// before its calls). It comes from the same suite and the same recording as
// the corpus, so it cannot name a file the corpus lacks; its JSON Schema,
// goldens/index.schema.json, is copied from gen's own vectorindex.schema.json.

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// vectorFormat names the manifest's and the corpus lines' format. Its
// number changes when a runner written for it would misread the corpus:
// a member removed, renamed or given another meaning, a new tier, a new
// kind of open point or another comparison rule (docs/vectors.md). A new
// member a runner may ignore keeps the number.
const vectorFormat = "clockspec-vectors/1"

const (
	vectorIndexFile  = goldensDir + "/index.json"
	vectorSchemaFile = goldensDir + "/index.schema.json"
)

//go:embed vectorindex.schema.json
var vectorIndexSchema []byte

// setupStep matches the steps that prepare a state file before a
// scenario's calls (conformance/stepdefs.go): the corpus holds calls only,
// so a vectors-only runner has to prepare the file itself or skip the
// scenario. "still holds what it held" checks and never comes alone.
var setupStep = regexp.MustCompile(`^the state file "[A-Za-z0-9_]+" (holds:|is a symbolic link to the state file "[A-Za-z0-9_]+")$`)

type vectorIndex struct {
	Comment     string           `json:"$comment"`
	Format      string           `json:"format"`
	SpecVersion string           `json:"spec_version"`
	Tzdata      string           `json:"tzdata"`
	Scenarios   []vectorScenario `json:"scenarios"`
}

type vectorScenario struct {
	ID           string        `json:"id"`
	Profile      string        `json:"profile"`
	Tier         features.Tier `json:"tier"`
	Title        string        `json:"title"`
	Requirements []string      `json:"requirements"`
	Operations   []string      `json:"operations"`
	Calls        int           `json:"calls"`
	File         string        `json:"file"`
	Setup        bool          `json:"setup"`
}

// vectorManifest adds index.json and index.schema.json to out, from the
// suite and the corpus files gen recorded (name relative to goldens/).
func vectorManifest(suite *features.Suite, corpus map[string][]byte, out Files) error {
	tzdata, ok := corpus[conformance.TzdataName]
	if !ok {
		return fmt.Errorf("gen: the corpus has no %s", conformance.TzdataName)
	}
	idx := vectorIndex{
		Comment:     "the call corpus's manifest (docs/vectors.md), " + generatedMark,
		Format:      vectorFormat,
		SpecVersion: spec.Version,
		Tzdata:      strings.TrimSpace(string(tzdata)),
	}
	listed := 0
	for _, sc := range suite.Scenarios {
		name := conformance.CorpusName(sc.ID)
		b, ok := corpus[name]
		if !ok {
			continue // a scenario without a call has no vectors
		}
		listed++
		idx.Scenarios = append(idx.Scenarios, vectorScenario{
			ID: sc.ID, Profile: sc.Profile, Tier: sc.Tier, Title: sc.Name,
			Requirements: nonNil(sc.Reqs), Operations: nonNil(sc.Ops),
			Calls: strings.Count(string(b), "\n"), File: name, Setup: preparesState(sc),
		})
	}
	if files := len(corpus) - 1; listed != files {
		return fmt.Errorf("gen: the manifest lists %d scenarios but the corpus has %d files", listed, files)
	}
	b, err := encodeVectorIndex(idx)
	if err != nil {
		return err
	}
	out[vectorIndexFile] = b
	out[vectorSchemaFile] = vectorIndexSchema
	return nil
}

// preparesState says whether a scenario prepares a state file before its
// calls.
func preparesState(sc *features.Scenario) bool {
	return slices.ContainsFunc(sc.Steps, func(st *messages.PickleStep) bool { return setupStep.MatchString(st.Text) })
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// encodeVectorIndex writes the manifest with one scenario a line: a
// change to the corpus shows in a diff as the lines of the scenarios it
// touches, and the file stays a third of its indented size.
func encodeVectorIndex(idx vectorIndex) ([]byte, error) {
	scenarios := idx.Scenarios
	idx.Scenarios = nil
	head, err := marshalNoEscape(idx)
	if err != nil {
		return nil, err
	}
	// head ends in "scenarios":null}; the list goes in its place.
	head = strings.TrimSuffix(head, "null}")
	var b strings.Builder
	b.WriteString(head)
	b.WriteString("[\n")
	for i, sc := range scenarios {
		line, err := marshalNoEscape(sc)
		if err != nil {
			return nil, err
		}
		b.WriteString(line)
		if i < len(scenarios)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]}\n")
	return []byte(b.String()), nil
}

func marshalNoEscape(v any) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

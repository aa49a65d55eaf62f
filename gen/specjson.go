package main

import (
	"bytes"
	"encoding/json"

	"github.com/clockspec/clockspec/spec"
)

// The spec as JSON: each profile's operations (their standalone input and
// output JSON Schemas, errors and when each applies) and requirements
// (strength, the seed's words, the permitted alternatives), written beside
// its YAML as spec/<profile>/spec.json. An implementer whose language reads
// JSON but not YAML (a standard library alone) reads the spec from it;
// gen -check keeps it equal to the YAML it comes from.

type specJSONDoc struct {
	Comment      string            `json:"$comment"`
	Profile      string            `json:"profile"`
	SpecVersion  string            `json:"spec_version"`
	Title        string            `json:"title"`
	Source       string            `json:"source"`
	Operations   []specJSONOp      `json:"operations"`
	Requirements []specJSONRequire `json:"requirements"`
}

type specJSONOp struct {
	Name         string            `json:"name"`
	Summary      string            `json:"summary"`
	Origin       string            `json:"origin,omitempty"`
	Extension    bool              `json:"extension,omitempty"`
	Requirements []string          `json:"requirements"`
	Errors       []string          `json:"errors"`
	ErrorDocs    map[string]string `json:"error_docs,omitempty"`
	Input        json.RawMessage   `json:"input_schema"`
	Output       json.RawMessage   `json:"output_schema"`
}

type specJSONRequire struct {
	ID            string        `json:"id"`
	Strength      spec.Strength `json:"strength"`
	Source        string        `json:"source"`
	Seed          string        `json:"seed,omitempty"`
	Text          string        `json:"text"`
	Alternatives  []string      `json:"alternatives,omitempty"`
	NoAlternative string        `json:"no_alternative,omitempty"`
}

func specJSON(cat *spec.Catalog, out Files) error {
	for _, p := range cat.Profiles {
		if len(p.Operations) == 0 {
			continue // clock-agent: its conversations are not operations
		}
		doc := specJSONDoc{Comment: "operations.yaml and requirements.yaml of spec/" + p.Name + " as JSON, " + generatedMark, Profile: p.Name, SpecVersion: spec.Version, Title: p.Title, Source: p.Source}
		for _, o := range p.Operations {
			doc.Operations = append(doc.Operations, specJSONOp{Name: o.Name, Summary: o.Summary, Origin: o.Origin,
				Extension: o.Extension, Requirements: o.Requirements, Errors: o.Errors, ErrorDocs: o.ErrorDocs,
				Input: o.InputSchema, Output: o.OutputSchema})
		}
		for _, r := range p.Requirements {
			doc.Requirements = append(doc.Requirements, specJSONRequire{ID: r.ID, Strength: r.Strength, Source: r.Source,
				Seed: r.Seed, Text: r.Text, Alternatives: r.Alternatives, NoAlternative: r.NoAlternative})
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", " ")
		if err := enc.Encode(doc); err != nil {
			return err
		}
		out["spec/"+p.Name+"/spec.json"] = b.Bytes()
	}
	return nil
}

package main

// What gen derives besides the tabular features and the living
// documentation: the call corpus (goldens/), the listing of seed 004's
// MUSTs, and the copies an example folder carries so that it can be copied
// out of the kit alone.

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/internal/musts"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

// goldensDir is the corpus's folder. gen owns every file in it but the Go
// package that embeds them (goldens.go, its test).
const goldensDir = "goldens"

// corpus runs the reference against the suite and adds the goldens folder
// (every scenario's calls with the reference's answers, and the tzdata
// build) to out. Goldens are only written from a reference that passes
// every scenario: a failing one is an error naming each failure. It returns
// the folder as the runner reads it, for the run the documentation shows.
func corpus(cat *spec.Catalog, suite *features.Suite, feats fs.FS, out Files) (fs.FS, error) {
	files, rep, err := conformance.RecordCorpus(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Catalog: cat, Suite: suite, Features: feats,
	})
	if err != nil {
		return nil, fmt.Errorf("gen: the reference run: %w", err)
	}
	var failing []string
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			failing = append(failing, fmt.Sprintf("  %s %s: %s", s.Compat, s.ID, strings.ReplaceAll(s.Problem, "\n", "\n    ")))
		}
	}
	if len(failing) > 0 {
		return nil, fmt.Errorf("gen: the reference fails %d scenarios, and goldens are only written from a reference that passes every one (gen wrote nothing):\n%s",
			len(failing), strings.Join(failing, "\n"))
	}
	m := fstest.MapFS{}
	for name, b := range files {
		out[goldensDir+"/"+name] = b
		m[name] = &fstest.MapFile{Data: b, Mode: 0o644}
	}
	out[goldensDir+"/README.md"] = []byte(goldensReadme)
	if err := vectorManifest(suite, files, out); err != nil {
		return nil, err
	}
	return m, nil
}

// goldensReadme is for whoever opens the folder looking for the vectors.
const goldensReadme = "<!-- " + generatedMark + " (make gen: the reference's answers to every call of features/) -->\n\n" +
	"# The call corpus\n\n" +
	"One JSON Lines file per scenario, `<scenario id>.jsonl`: each call the scenario makes, in order,\n" +
	"with the reference's answer (`{\"op\":…,\"input\":…,\"output\"|\"error\":…}`), and `tzdata.golden`,\n" +
	"the tzdata build the answers were computed with. `index.json` lists every file with its scenario's\n" +
	"profile, tier, requirements and operations (its JSON Schema: `index.schema.json`). The format, the\n" +
	"`${state_file}` placeholder and how to compare an answer: [docs/vectors.md](../docs/vectors.md).\n"

// mustsListing renders spec/clock-core/musts_listing.md from musts.yaml and
// the clock-core scenarios (the features as gen writes them).
func mustsListing(root fs.FS, suite *features.Suite, out Files) error {
	b, err := fs.ReadFile(root, musts.Source)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	doc, err := musts.Parse(b)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	out[musts.ListingPath] = musts.Listing(doc, suite)
	return nil
}

// copies are files an example folder carries as copies of the kit's own,
// so that a team can copy the folder alone: gen writes each from its
// source, so they cannot drift.
var copies = []struct {
	to, from string
	// header is put above the copy in a line comment, for formats that
	// have one; a JSON file is copied byte for byte.
	header string
}{
	// The Node example runs v1's code as the JavaScript oracle transcribed
	// it: the oracle is what make oracle checks every answer of the
	// reference against, so the example certifies the oracle's code.
	{to: "examples/node-v1/v1.js", from: "oracle/js/v1.js", header: "// "},
	// The MCP example lists the datetime tools as the spec defines them.
	{to: "examples/mcp-datetime-node/tools.json", from: "spec/datetime/tools.json"},
}

func copyFiles(root fs.FS, out Files) error {
	for _, c := range copies {
		b, err := fs.ReadFile(root, c.from)
		if err != nil {
			return fmt.Errorf("gen: the source of %s: %w", c.to, err)
		}
		if c.header != "" {
			b = append([]byte(c.header+generatedMark+" (a copy of "+c.from+"; make gen)\n"), b...)
		}
		out[c.to] = b
	}
	return nil
}

// markless says whether a generated file's format has no comment to say
// so in: the corpus's JSON Lines, its tzdata line and a JSON copy (gen
// -check still catches a hand edit; goldens/README.md and the examples'
// READMEs say they are gen's).
func markless(p string) bool {
	if ownedGolden(p) && path.Ext(p) != ".md" {
		return true
	}
	for _, c := range copies {
		if c.to == p && c.header == "" {
			return true
		}
	}
	return p == railsZonesFile || slices.Contains(railsZonesCopies, p)
}

// Sources are the files and folders gen reads, relative to the repository
// root: everything it writes is a function of them (gen's own tests copy
// only these to run gen in a scratch folder).
var Sources = []string{"spec", "features", "oracle/js/v1.js"}

// ownedGolden says whether a file of the goldens folder is gen's: all of
// them but the Go package that embeds them.
func ownedGolden(p string) bool {
	return strings.HasPrefix(p, goldensDir+"/") && path.Ext(p) != ".go"
}

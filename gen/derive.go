package main

// What gen derives besides the tabular features and the living
// documentation: the call corpus (goldens/) and the listing of seed 004's
// MUSTs.

import (
	"context"
	"fmt"
	"io/fs"
	"path"
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
	return m, nil
}

// goldensReadme is for whoever opens the folder looking for the vectors.
const goldensReadme = "<!-- " + generatedMark + " (make gen: the reference's answers to every call of features/) -->\n\n" +
	"# The call corpus\n\n" +
	"One JSON Lines file per scenario, `<scenario id>.jsonl`: each call the scenario makes, in order,\n" +
	"with the reference's answer (`{\"op\":…,\"input\":…,\"output\"|\"error\":…}`), and `tzdata.golden`,\n" +
	"the tzdata build the answers were computed with. The format, the `${state_file}` placeholder and\n" +
	"how to compare an answer: [docs/vectors.md](../docs/vectors.md).\n"

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

// Sources are the files and folders gen reads, relative to the repository
// root: everything it writes is a function of them (gen's own tests copy
// only these to run gen in a scratch folder).
var Sources = []string{"spec", "features"}

// ownedGolden says whether a file of the goldens folder is gen's: all of
// them but the Go package that embeds them.
func ownedGolden(p string) bool {
	return strings.HasPrefix(p, goldensDir+"/") && path.Ext(p) != ".go"
}

// markless says whether a generated file's format has no comment to say
// so in: the corpus's JSON Lines and its tzdata line (gen -check still
// catches a hand edit; goldens/README.md says they are gen's).
func markless(p string) bool {
	return ownedGolden(p) && path.Ext(p) != ".md"
}

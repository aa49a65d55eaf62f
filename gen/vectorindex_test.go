package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// The manifest a vectors-only runner starts from (goldens/index.json) is
// valid against its published schema, lists every corpus file exactly
// once, and names only files that exist, with their number of lines.
func TestVectorIndexDescribesTheCorpus(t *testing.T) {
	goldensRoot := filepath.Join(repo, goldensDir)
	b, err := os.ReadFile(filepath.Join(goldensRoot, "index.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := validateVectorIndex(t, b); err != nil {
		t.Fatalf("goldens/index.json against goldens/index.schema.json: %v", err)
	}
	var idx vectorIndex
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatal(err)
	}
	problems, err := indexProblems(idx, os.DirFS(goldensRoot))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	setup := 0
	for _, sc := range idx.Scenarios {
		if sc.Setup {
			setup++
		}
	}
	t.Logf("%d scenarios, %d of them with a set-up step", len(idx.Scenarios), setup)
	if len(idx.Scenarios) < 2000 || setup == 0 {
		t.Errorf("%d scenarios, %d with a set-up step: the manifest lost scenarios", len(idx.Scenarios), setup)
	}
}

// The checks above catch what they look for: a manifest that names a
// tier the format lacks or leaves a member out is invalid, and one that
// leaves a file out, lists one twice, names a missing one or miscounts its
// calls is told so.
func TestVectorIndexChecksCatchMistakes(t *testing.T) {
	good := vectorIndex{Format: vectorFormat, SpecVersion: "0.1.0", Tzdata: "2025c+backzone", Scenarios: []vectorScenario{
		{ID: "v1/a", Profile: "v1", Tier: "required", Title: "a", Requirements: []string{}, Operations: []string{"v1.escape_xml"}, Calls: 2, File: "v1/a.jsonl"},
		{ID: "v1/b", Profile: "v1", Tier: "decision", Title: "b", Requirements: []string{"R"}, Operations: []string{"v1.escape_xml"}, Calls: 1, File: "v1/b.jsonl"},
	}}
	corpus := fstestFS(map[string]string{"v1/a.jsonl": "{}\n{}\n", "v1/b.jsonl": "{}\n", "tzdata.golden": "x\n"})
	if b, _ := json.Marshal(good); validateVectorIndex(t, b) != nil {
		t.Fatalf("a valid manifest is refused: %v", validateVectorIndex(t, b))
	}
	if p, err := indexProblems(good, corpus); err != nil || len(p) > 0 {
		t.Fatalf("a right manifest has problems: %v %v", p, err)
	}
	for name, edit := range map[string]func(m map[string]any){
		"unknown tier":      func(m map[string]any) { scenario0(m)["tier"] = "mandatory" },
		"no setup member":   func(m map[string]any) { delete(scenario0(m), "setup") },
		"another format":    func(m map[string]any) { m["format"] = "clockspec-vectors/2" },
		"calls not a count": func(m map[string]any) { scenario0(m)["calls"] = 0 },
	} {
		var m map[string]any
		b, _ := json.Marshal(good)
		_ = json.Unmarshal(b, &m)
		edit(m)
		b, _ = json.Marshal(m)
		if validateVectorIndex(t, b) == nil {
			t.Errorf("%s: the schema accepts it", name)
		}
	}
	for name, c := range map[string]struct {
		edit func(*vectorIndex)
		want string
	}{
		"a file left out":  {func(x *vectorIndex) { x.Scenarios = x.Scenarios[:1] }, "not listed: v1/b.jsonl"},
		"a file twice":     {func(x *vectorIndex) { x.Scenarios[1].File = "v1/a.jsonl" }, "listed 2 times: v1/a.jsonl"},
		"a missing file":   {func(x *vectorIndex) { x.Scenarios[0].File = "v1/c.jsonl" }, "no such file: v1/c.jsonl"},
		"calls miscounted": {func(x *vectorIndex) { x.Scenarios[0].Calls = 3 }, "3 calls, the file has 2"},
	} {
		bad := good
		bad.Scenarios = append([]vectorScenario(nil), good.Scenarios...)
		c.edit(&bad)
		p, err := indexProblems(bad, corpus)
		if err != nil || !strings.Contains(strings.Join(p, "\n"), c.want) {
			t.Errorf("%s: want a problem %q, got %q (%v)", name, c.want, p, err)
		}
	}
}

func scenario0(m map[string]any) map[string]any {
	return m["scenarios"].([]any)[0].(map[string]any)
}

// validateVectorIndex validates a manifest against
// goldens/index.schema.json, loading nothing else.
func validateVectorIndex(t *testing.T, doc []byte) error {
	t.Helper()
	schema, err := os.ReadFile(filepath.Join(repo, goldensDir, "index.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(u string) (io.ReadCloser, error) { return nil, fmt.Errorf("reads nothing: %s", u) }
	if err := c.AddResource("mem://index.schema.json", bytes.NewReader(schema)); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://index.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return err
	}
	return s.Validate(v)
}

// indexProblems compares a manifest with a goldens folder: every .jsonl
// file listed once, every listed file present with as many lines as the
// manifest's calls.
func indexProblems(idx vectorIndex, goldens fs.FS) ([]string, error) {
	listed := map[string]int{}
	var problems []string
	for _, sc := range idx.Scenarios {
		listed[sc.File]++
		b, err := fs.ReadFile(goldens, sc.File)
		if err != nil {
			problems = append(problems, "no such file: "+sc.File)
			continue
		}
		if n := bytes.Count(b, []byte("\n")); n != sc.Calls {
			problems = append(problems, fmt.Sprintf("%s: %d calls, the file has %d", sc.File, sc.Calls, n))
		}
		if sc.File != sc.ID+".jsonl" || !strings.HasPrefix(sc.ID, sc.Profile+"/") {
			problems = append(problems, fmt.Sprintf("%s: file %s, profile %s", sc.ID, sc.File, sc.Profile))
		}
	}
	err := fs.WalkDir(goldens, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".jsonl" {
			return err
		}
		if listed[p] == 0 {
			problems = append(problems, "not listed: "+p)
		}
		return nil
	})
	for f, n := range listed {
		if n > 1 {
			problems = append(problems, fmt.Sprintf("listed %d times: %s", n, f))
		}
	}
	return problems, err
}

func fstestFS(files map[string]string) fstest.MapFS {
	m := fstest.MapFS{}
	for name, text := range files {
		m[name] = &fstest.MapFile{Data: []byte(text)}
	}
	return m
}

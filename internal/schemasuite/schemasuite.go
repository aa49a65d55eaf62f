// Package schemasuite holds the JSON-Schema-Test-Suite's draft 2020-12
// cases that the kit's input check (spec) and its generated decoders
// (gen/typedinputs) are proved on: one file per keyword they implement,
// the suite's bignum cases and the kit's integer cases (testdata/README.md
// says where each comes from). Only tests import it.
package schemasuite

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

//go:embed testdata/draft2020-12
var files embed.FS

// Test is one test of a group: its data as written (1.0 stays 1.0, a
// bignum keeps every digit) and whether the schema accepts it.
type Test struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

// Group is one schema of a file and its tests.
type Group struct {
	File        string          `json:"-"` // the file, without folder or extension: "type", "optional/bignum"
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []Test          `json:"tests"`
}

// Where names a test for a failure message.
func (g Group) Where(t Test) string {
	return fmt.Sprintf("%s: %s: %s (data %s)", g.File, g.Description, t.Description, t.Data)
}

// Groups reads every group of every file, files in name order.
func Groups() ([]Group, error) {
	const root = "testdata/draft2020-12"
	var out []Group
	err := fs.WalkDir(files, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".json" {
			return err
		}
		b, err := files.ReadFile(p)
		if err != nil {
			return err
		}
		var groups []Group
		if err := json.Unmarshal(b, &groups); err != nil {
			return fmt.Errorf("schemasuite: %s: %w", p, err)
		}
		name := strings.TrimSuffix(strings.TrimPrefix(p, root+"/"), ".json")
		for i := range groups {
			groups[i].File = name
		}
		out = append(out, groups...)
		return nil
	})
	return out, err
}

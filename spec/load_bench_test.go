package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"gopkg.in/yaml.v3"
)

// loadEagerly is the spec loading as it was before per-profile compilation:
// one compiler for every operation's input and output, each carrying its
// profile's whole $defs, all compiled at load. It stays here only as the
// baseline the benchmarks below measure against in the same run.
func loadEagerly(fsys fs.FS) (int, error) {
	opFiles, err := fs.Glob(fsys, "*/operations.yaml")
	if err != nil {
		return 0, err
	}
	sort.Strings(opFiles)
	n := 0
	for _, name := range opFiles {
		var of operationsFile
		if err := decodeStrict(fsys, name, &of); err != nil {
			return 0, err
		}
		var rf requirementsFile
		if err := decodeStrict(fsys, path.Dir(name)+"/requirements.yaml", &rf); err != nil {
			return 0, err
		}
		defs := map[string]any{}
		for k, n := range of.Defs {
			var v any
			if err := n.Decode(&v); err != nil {
				return 0, err
			}
			defs[k] = v
		}
		for _, o := range of.Operations {
			for _, part := range []struct {
				name string
				node *yaml.Node
			}{{"input", &o.Input}, {"output", &o.Output}} {
				var body map[string]any
				if err := part.node.Decode(&body); err != nil {
					return 0, err
				}
				body["$schema"] = draft
				body["$id"] = "https://clockspec.dev/schemas/" + o.Name + "." + part.name + ".json"
				body["$defs"] = defs
				doc, err := json.Marshal(body)
				if err != nil {
					return 0, err
				}
				c := jsonschema.NewCompiler()
				c.Draft = jsonschema.Draft2020
				c.AssertFormat = true
				url := body["$id"].(string)
				if err := c.AddResource(url, bytes.NewReader(doc)); err != nil {
					return 0, err
				}
				if _, err := c.Compile(url); err != nil {
					return 0, fmt.Errorf("%s: %w", url, err)
				}
				n++
			}
		}
	}
	return n, nil
}

// BenchmarkSpecLoad compares, in one run, the load as it was (before:
// every schema compiled at load, one compiler each) with the load now:
// parsing only, then the schemas of every profile, then those of v1 alone
// (what a run with --tags @v1 pays), then v1 loaded alone (LoadProfiles).
func BenchmarkSpecLoad(b *testing.B) {
	b.Run("before", func(b *testing.B) {
		b.ReportAllocs()
		defer reportCPU(b, cpuTime(b))
		for i := 0; i < b.N; i++ {
			if n, err := loadEagerly(files); err != nil || n == 0 {
				b.Fatal(n, err)
			}
		}
	})
	for _, tc := range []struct {
		name     string
		profiles []string
		compile  bool
		alone    bool // LoadProfiles(profiles...) instead of Load
	}{{"parse-only", nil, false, false}, {"all", nil, true, false}, {"v1", []string{"v1"}, true, false},
		{"v1-alone", []string{"v1"}, true, true}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b, cpuTime(b))
			for i := 0; i < b.N; i++ {
				// Uncached: Load and LoadProfiles keep their profiles for the
				// process, which would make every round after the first free.
				load := func() (*Catalog, error) { return loadFS(files, true) }
				if tc.alone {
					load = func() (*Catalog, error) { return loadDirs(files, tc.profiles, true, false) }
				}
				c, err := load()
				if err != nil {
					b.Fatal(err)
				}
				if tc.compile {
					if err := c.Compile(tc.profiles...); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// cpuTime is the CPU time this process has used: on a loaded machine it
// stretches far less than the wall clock, so cpu-ns/op compares better.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuTime(b)-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

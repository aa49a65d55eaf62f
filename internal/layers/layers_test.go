package layers

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/clockspec/clockspec"

// floor is the floor of a package path relative to the module root, and
// its family (packages of one family may import each other on one floor).
func floor(p string) (int, string) {
	switch {
	case p == "reference":
		return 4, "reference"
	case strings.HasPrefix(p, "reference/"):
		return 3, "reference"
	case p == "conformance":
		return 6, "conformance"
	case p == "conformance/runtest":
		return 7, "conformance" // test support over the runner
	case strings.HasPrefix(p, "conformance/"):
		return 5, "conformance"
	case p == "protocol/mcpserve":
		return 3, "mcpserve"
	case p == "spec" || p == "protocol/mcpline":
		return 2, p
	case p == "protocol":
		return 1, p
	case p == "internal/jsonin" || p == "features" || p == "goldens":
		return 0, p
	case strings.HasPrefix(p, "internal/"):
		return 1, p // helpers over the data below (internal/musts reads the features)
	}
	family, _, _ := strings.Cut(p, "/")
	return 7, family
}

// imports lists, for every package directory of the module, the module's
// packages its non-test files import.
func imports(t *testing.T) map[string][]string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "node_modules" || n == "testdata" || strings.HasPrefix(n, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(p, module+"/"); ok {
				out[dir] = append(out[dir], rest)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestImportsGoDown(t *testing.T) {
	all := imports(t)
	if len(all) < 10 {
		t.Fatalf("found only %d packages with imports: is the test run from internal/layers?", len(all))
	}
	for pkg, deps := range all {
		pf, pfam := floor(pkg)
		seen := map[string]bool{}
		for _, dep := range deps {
			if seen[dep] {
				continue
			}
			seen[dep] = true
			df, dfam := floor(dep)
			if df > pf || df == pf && dfam != pfam {
				t.Errorf("%s (floor %d) imports %s (floor %d): imports must go down", pkg, pf, dep, df)
			}
		}
	}
}

// The rule can fail: an import going up (the protocol reading a reference
// package, as it once did) is caught.
func TestFloorsCatchAnImportGoingUp(t *testing.T) {
	for _, c := range [][2]string{{"protocol", "reference/jsonin"}, {"conformance/driver", "conformance"}, {"spec", "reference"}, {"protocol", "spec"}, {"reference/clock", "reference"}} {
		pf, pfam := floor(c[0])
		df, dfam := floor(c[1])
		if !(df > pf || df == pf && dfam != pfam) {
			t.Errorf("%s importing %s is not caught", c[0], c[1])
		}
	}
}

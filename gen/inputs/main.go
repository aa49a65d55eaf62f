// Command inputs writes the typed inputs of the reference's packages
// (reference/<package>/input_gen.go) from spec/ alone. It is the first step
// of make gen: gen itself runs the reference, whose packages compile
// against these files, so after a schema change they are written first,
// by a command that does not need the reference to compile.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/clockspec/clockspec/gen/typedinputs"
	"github.com/clockspec/clockspec/spec"
)

func main() {
	root := flag.String("root", ".", "the repository root")
	flag.Parse()
	if err := run(*root); err != nil {
		fmt.Fprintln(os.Stderr, "gen/inputs:", err)
		os.Exit(2)
	}
}

func run(root string) error {
	specFS, err := fs.Sub(os.DirFS(root), "spec")
	if err != nil {
		return err
	}
	cat, err := spec.LoadFS(specFS)
	if err != nil {
		return err
	}
	files, err := typedinputs.Generate(cat)
	if err != nil {
		return err
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(root, filepath.FromSlash(n))
		if old, err := os.ReadFile(p); err == nil && string(old) == string(files[n]) {
			continue
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			return err
		}
		fmt.Println("  wrote", n)
	}
	return nil
}

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/reference"
)

type runFlags struct {
	impl, tags, format, level, features, goldens, summaryJSON string
	run, skip                                                 patterns
}

func (f *runFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "reference", "implementation to certify: reference (the embedded Go reference)")
	fs.StringVar(&f.tags, "tags", "", "godog tag expression, e.g. @v1 or '@v1&&~@decision' (',' or, '&&' and, '~' not)")
	fs.Var(&f.run, "run", "run only scenarios whose id matches one of these patterns (repeatable, comma-separated; * and ** globs)")
	fs.Var(&f.skip, "skip", "skip scenarios whose id matches one of these patterns (repeatable, comma-separated)")
	fs.StringVar(&f.format, "format", "progress", "output format on stdout: "+strings.Join(conformance.Formats, ", "))
	fs.StringVar(&f.level, "level", "exact", "what must pass: compat (the scenarios' own assertions) or exact (also byte-for-byte goldens)")
	fs.StringVar(&f.features, "features", "", "run the features of this folder instead of the embedded ones")
	fs.StringVar(&f.goldens, "goldens", "", "compare with the goldens of this folder instead of the embedded ones")
	fs.StringVar(&f.summaryJSON, "summary-json", "", "also write the run's report as JSON to this file")
}

func driverFor(impl string) (conformance.Driver, error) {
	switch {
	case impl == "reference":
		return conformance.InProcess(reference.New()), nil
	case strings.HasPrefix(impl, "exec:"), strings.HasPrefix(impl, "http://"), strings.HasPrefix(impl, "https://"):
		return nil, fmt.Errorf("--impl %q: subprocess and HTTP drivers are not available in this build yet", impl)
	}
	return nil, fmt.Errorf("--impl %q: want reference", impl)
}

func dirFS(flagName, dir string) (fs.FS, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("--%s: %w", flagName, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--%s: %s is not a folder", flagName, dir)
	}
	return os.DirFS(dir), nil
}

func runCmd(args []string, stdout, stderr io.Writer) (int, error) {
	var f runFlags
	fset := flag.NewFlagSet("conform run", flag.ContinueOnError)
	fset.SetOutput(stderr)
	f.register(fset)
	if err := fset.Parse(args); err != nil {
		return exitUsage, err
	}
	if fset.NArg() > 0 {
		return exitUsage, fmt.Errorf("unexpected arguments %q", fset.Args())
	}
	drv, err := driverFor(f.impl)
	if err != nil {
		return exitUsage, err
	}
	defer drv.Close()
	opts := conformance.Options{Driver: drv, Tags: f.tags, Run: f.run, Skip: f.skip,
		Format: f.format, Output: stdout, Level: conformance.Level(f.level), Goldens: goldens.FS()}
	if f.features != "" {
		if opts.Features, err = dirFS("features", f.features); err != nil {
			return exitUsage, err
		}
		if opts.Suite, err = features.Load(opts.Features); err != nil {
			return exitUsage, err
		}
	}
	if f.goldens != "" {
		if opts.Goldens, err = dirFS("goldens", f.goldens); err != nil {
			return exitUsage, err
		}
	}
	rep, err := conformance.Run(context.Background(), opts)
	if err != nil {
		return exitUsage, err
	}
	if f.summaryJSON != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(f.summaryJSON, append(b, '\n'), 0o644); err != nil {
			return exitUsage, fmt.Errorf("--summary-json: %w", err)
		}
	}
	conformance.WriteSummary(stderr, rep)
	if !rep.OK() {
		return exitFailed, nil
	}
	return exitOK, nil
}

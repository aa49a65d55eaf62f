package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/reference"
)

type runFlags struct {
	tags, format, level, features, goldens, summaryJSON, saveFailures string
	run, skip                                                         patterns
	driver                                                            driverFlags
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.driver.register(fs)
	fs.StringVar(&f.tags, "tags", "", "godog tag expression, e.g. @v1 or '@v1&&~@decision' (',' or, '&&' and, '~' not)")
	fs.Var(&f.run, "run", "run only scenarios whose id matches one of these patterns (repeatable, comma-separated; * and ** globs)")
	fs.Var(&f.skip, "skip", "skip scenarios whose id matches one of these patterns (repeatable, comma-separated)")
	fs.StringVar(&f.format, "format", "progress", "output format on stdout: "+strings.Join(conformance.Formats, ", "))
	fs.StringVar(&f.level, "level", "exact", "what must pass: compat (the scenarios' own assertions) or exact (also byte-for-byte goldens)")
	fs.StringVar(&f.features, "features", "", "run the features of this folder instead of the embedded ones")
	fs.StringVar(&f.goldens, "goldens", "", "compare with the goldens of this folder instead of the embedded ones")
	fs.StringVar(&f.summaryJSON, "summary-json", "", "also write the run's report as JSON to this file")
	fs.StringVar(&f.saveFailures, "save-failures", "", "write each failing scenario's calls to this folder as a replay file (conform replay FILE)")
}

// driverFlags choose and tune the implementation under test.
type driverFlags struct {
	impl      string
	deadline  time.Duration
	window    int
	restarts  int
	stderrLog string
}

func (f *driverFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.impl, "impl", "reference", "implementation to certify: reference | exec:CMD ARG… (a JSON-Lines subprocess; exec:[\"CMD\",\"ARG\"] for arguments with spaces) | http://HOST:PORT")
	fs.DurationVar(&f.deadline, "deadline", 5*time.Second, "per-call deadline for exec: and http:// implementations")
	fs.IntVar(&f.window, "window", 16, "calls in flight at once on an exec: implementation's pipe")
	fs.IntVar(&f.restarts, "restarts", 3, "how often a crashed or hung exec: implementation is restarted before its cases fail outright")
	fs.StringVar(&f.stderrLog, "stderr-log", "", "write an exec: implementation's whole stderr to this file (its last lines are always shown with a failure)")
}

// driver builds the chosen driver; close releases it and the stderr log.
func (f *driverFlags) driver() (conformance.Driver, func(), error) {
	impl := f.impl
	switch {
	case impl == "reference":
		d := conformance.InProcess(reference.New())
		return d, func() { d.Close() }, nil
	case strings.HasPrefix(impl, "exec:"):
		argv, err := parseArgv(strings.TrimPrefix(impl, "exec:"))
		if err != nil {
			return nil, nil, fmt.Errorf("--impl %q: %w", impl, err)
		}
		opts := conformance.SubprocessOptions{Argv: argv, Deadline: f.deadline, Window: f.window, MaxRestarts: f.restarts}
		var logFile *os.File
		if f.stderrLog != "" {
			if logFile, err = os.Create(f.stderrLog); err != nil {
				return nil, nil, fmt.Errorf("--stderr-log: %w", err)
			}
			opts.StderrLog = logFile
		}
		if f.restarts == 0 {
			opts.MaxRestarts = -1
		}
		d, err := conformance.Subprocess(opts)
		if err != nil {
			return nil, nil, fmt.Errorf("--impl %q: %w", impl, err)
		}
		return d, func() {
			d.Close()
			if logFile != nil {
				logFile.Close()
			}
		}, nil
	case strings.HasPrefix(impl, "http://"), strings.HasPrefix(impl, "https://"):
		d, err := conformance.HTTP(impl, conformance.HTTPOptions{Deadline: f.deadline})
		if err != nil {
			return nil, nil, fmt.Errorf("--impl: %w", err)
		}
		return d, func() { d.Close() }, nil
	}
	return nil, nil, fmt.Errorf("--impl %q: want reference, exec:CMD ARG… or http://HOST:PORT", impl)
}

// parseArgv splits `CMD ARG…` on spaces, or reads a JSON array of strings
// when arguments contain spaces. No shell is involved either way.
func parseArgv(s string) ([]string, error) {
	s = strings.TrimSpace(s)
	var argv []string
	if strings.HasPrefix(s, "[") {
		if err := json.Unmarshal([]byte(s), &argv); err != nil {
			return nil, fmt.Errorf("not a JSON array of strings: %w", err)
		}
	} else {
		argv = strings.Fields(s)
	}
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("no command after exec")
	}
	return argv, nil
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
	drv, closeDriver, err := f.driver.driver()
	if err != nil {
		return exitUsage, err
	}
	defer closeDriver()
	opts := conformance.Options{Driver: drv, Tags: f.tags, Run: f.run, Skip: f.skip,
		Format: f.format, Output: stdout, Level: conformance.Level(f.level), Goldens: goldens.FS(),
		SaveFailures: f.saveFailures}
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

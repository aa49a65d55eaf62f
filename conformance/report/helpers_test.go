package report_test

import (
	"io/fs"

	"github.com/clockspec/clockspec/conformance/runtest"

	"github.com/clockspec/clockspec/goldens"
)

func goldensFS() fs.FS { return goldens.FS() }

// The harness's shared test support (conformance/runtest), by the names
// these tests use.
type broken = runtest.Broken

var (
	run      = runtest.Run
	patterns = runtest.Patterns
	byID     = runtest.ByID
)

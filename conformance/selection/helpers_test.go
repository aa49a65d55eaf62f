package selection_test

import (
	"github.com/clockspec/clockspec/conformance/runtest"
)

// The harness's shared test support (conformance/runtest).
var (
	run      = runtest.Run
	patterns = runtest.Patterns
)

package conformance_test

import (
	"io/fs"

	"github.com/clockspec/clockspec/goldens"
)

func goldensFS() fs.FS { return goldens.FS() }

package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/selection"
)

// optionFlags are the flags that set the library's options: its errors name
// an option (conformance.Options' field), the command line names the flag.
var optionFlags = map[string]string{
	"Tags":         "--tags",
	"Run":          "--run",
	"Skip":         "--skip",
	"Shard":        "--shard",
	"Require":      "--require",
	"Level":        "--level",
	"Format":       "--format",
	"FormatFiles":  "--report",
	"KnownFailing": "--known-failing",
	"KnownFlaky":   "--known-flaky",
}

// errorText is how conform words an error: a library error about an
// option, with the flag that set it; the library's own prefix left out.
func errorText(err error) string {
	msg := err.Error()
	var oe *selection.OptionError
	if errors.As(err, &oe) {
		if flag, ok := optionFlags[oe.Option]; ok {
			worded := fmt.Sprintf("%s %q: %s", flag, oe.Value, oe.Problem)
			if errors.Is(oe, selection.ErrUnknownTag) {
				worded += " (see conform list)"
			}
			msg = strings.Replace(msg, oe.Error(), worded, 1)
		}
	}
	if errors.Is(err, conformance.ErrNothingSelected) {
		msg = strings.Replace(msg, conformance.ErrNothingSelected.Error(), "no scenario matches the given --tags, --run and --skip", 1)
	}
	return strings.TrimPrefix(msg, "conformance: ")
}

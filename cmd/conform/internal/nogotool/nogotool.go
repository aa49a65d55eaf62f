// Package nogotool spares conform a cost it does not need: godog's
// internal/builder package (linked in through godog's formatters) runs
// `go env GOTOOLDIR` while the program initializes, to know where Go's
// compiler is for a command conform never runs. With Go on PATH that is a
// whole go command started before main: 30–100 ms of every conform
// process, more than the rest of a one-profile run.
//
// Go initializes packages in the order of their import paths among those
// whose imports are ready (the spec's "Package initialization"): this
// package's path sorts before github.com/cucumber/godog/…, and it imports
// only os, so its init runs before the builder's. It hides PATH for that
// moment; Restore, called from conform's main package init (which runs
// after every package), puts it back before anything else reads it.
package nogotool

import "os"

var saved, had = os.LookupEnv("PATH")

func init() {
	os.Setenv("PATH", "")
}

// Restore puts PATH back as conform was started with it.
func Restore() {
	if had {
		os.Setenv("PATH", saved)
	} else {
		os.Unsetenv("PATH")
	}
}

package main

import (
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
	"github.com/clockspec/clockspec/spec"
)

// kitVersion is the version a release build stamps into conform, with
// -ldflags "-X main.kitVersion=v1.2.3" (make release does). It is empty
// otherwise, and the build information the go command records decides.
var kitVersion string

// develVersion is what the go command records for a build that is not of a
// module version (go build in a folder without VCS information).
const develVersion = "(devel)"

// kitBuild is what identifies the conform binary itself, apart from the
// spec it checks against: the kit's version, and the commit it was built
// from when the go command recorded one.
type kitBuild struct {
	Version  string // v1.2.3, a pseudo-version, or (devel)
	Revision string // VCS commit, "" when unknown
	Time     string // the commit's time (RFC 3339), "" when unknown
	Modified bool   // the work tree had uncommitted changes
}

// currentKit reads the running binary's kit build.
func currentKit() kitBuild {
	info, _ := debug.ReadBuildInfo()
	return kitFrom(kitVersion, info)
}

// kitFrom decides the kit build from a stamped version (wins when set: a
// release names its tag, whatever the go command derived) and the build
// information (nil when the binary has none). `go install …@vX.Y.Z` records
// vX.Y.Z as the main module's version; a build in a checkout records a
// pseudo-version or (devel), and the commit in its vcs.* settings.
func kitFrom(stamped string, info *debug.BuildInfo) kitBuild {
	k := kitBuild{Version: stamped}
	if info == nil {
		if k.Version == "" {
			k.Version = develVersion
		}
		return k
	}
	if k.Version == "" {
		k.Version = info.Main.Version
	}
	if k.Version == "" {
		k.Version = develVersion // a test binary records no main version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			k.Revision = s.Value
		case "vcs.time":
			k.Time = s.Value
		case "vcs.modified":
			k.Modified = s.Value == "true"
		}
	}
	return k
}

// String is the kit's line of conform version: "v1.2.3", or with the
// commit, "(devel) (revision 0123456789ab, 2026-01-02T03:04:05Z, modified)".
func (k kitBuild) String() string {
	var extra []string
	if k.Revision != "" {
		rev := k.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		extra = append(extra, "revision "+rev)
	}
	if k.Time != "" {
		extra = append(extra, k.Time)
	}
	if k.Modified {
		extra = append(extra, "modified")
	}
	if len(extra) == 0 {
		return k.Version
	}
	return fmt.Sprintf("%s (%s)", k.Version, strings.Join(extra, ", "))
}

func versionCmd(args []string, stdout io.Writer) error {
	fset := flag.NewFlagSet("conform version", flag.ContinueOnError)
	if pos, err := parseFlags(fset, args, stdout, versionHelp); err != nil {
		return err
	} else if len(pos) > 0 {
		return &usageError{fmt.Sprintf("version takes no arguments: %q", pos)}
	}
	// The names alone: parsing every profile to print them took most of
	// the command's time.
	fmt.Fprintf(stdout, "kit %s\nspec %s (profiles %s)\nreference %s\ntzdata %s\nprotocol %s\n",
		currentKit(), spec.Version, strings.Join(spec.ProfileNames(), ", "), reference.Version, tzdb.Version(), protocol.Version)
	return nil
}

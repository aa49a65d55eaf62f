// Package tzdb is the one pinned copy of the IANA time zone database that the
// reference implementation uses, embedded in the binary.
//
// Why not time.LoadLocation: it prefers the machine's /usr/share/zoneinfo
// (often an older tzdata than the goldens were made with), it treats "" as UTC
// and "Local" as the host zone, and it accepts path-like names. A conformance
// reference must give the same answer on every machine, so every zone here is
// read from the embedded zoneinfo.zip and nothing else.
package tzdb

import (
	"archive/zip"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
)

// version is the IANA release of zoneinfo.zip (copied from Go 1.26.8's
// lib/time, whose update.bash names it). The JavaScript oracle checks it
// against Node's process.versions.tz.
const version = "2025c"

//go:embed zoneinfo.zip
var zipData []byte

// build names how zoneinfo.zip was made from that release. Go's
// lib/time/update.bash builds it with PACKRATDATA=backzone
// PACKRATLIST=zone.tab: every zone of zone.tab keeps its own pre-1970
// history from backzone (Europe/Oslo is not Europe/Berlin before 1970, as it
// is in the main data), while names outside zone.tab stay links
// (America/Montreal is America/Toronto). Answers after 1970 are those of
// the main data; before 1970 they need this build. docs/tzdata.md says how
// implementations in other languages get the same.
const build = version + "+backzone"

// Version names the tzdata build embedded here, as the hello says it:
// "2025c+backzone" (see build).
func Version() string { return build }

// Release is the IANA release alone, e.g. "2025c" (what Node's
// process.versions.tz and most libraries report).
func Release() string { return version }

var (
	loadOnce sync.Once
	files    map[string]*zip.File // exact name → entry
	folded   map[string]string    // lower-case name → exact name
	names    []string
	cache    sync.Map // exact name → *time.Location
	loadErr  error
)

func index() error {
	loadOnce.Do(func() {
		r, err := zip.NewReader(bytes.NewReader(zipData), int64(len(zipData)))
		if err != nil {
			loadErr = fmt.Errorf("tzdb: embedded zoneinfo.zip is unreadable: %w", err)
			return
		}
		files = make(map[string]*zip.File, len(r.File))
		folded = make(map[string]string, len(r.File))
		for _, f := range r.File {
			if strings.HasSuffix(f.Name, "/") {
				continue
			}
			files[f.Name] = f
			folded[strings.ToLower(f.Name)] = f.Name
			names = append(names, f.Name)
		}
		sort.Strings(names)
	})
	return loadErr
}

// Names lists every zone name in the embedded data (including Factory, which
// no IANA-name check should accept), sorted.
func Names() []string {
	if index() != nil {
		return nil
	}
	return append([]string(nil), names...)
}

// Load returns the zone whose IANA name is exactly name. Unlike
// time.LoadLocation it never reads the host, and it refuses "", "Local",
// "Factory" and anything that is not a zone name in the embedded data.
func Load(name string) (*time.Location, error) {
	if err := index(); err != nil {
		return nil, err
	}
	if name == "Factory" {
		return nil, fmt.Errorf("tzdb: %q is not a real time zone", name)
	}
	f, ok := files[name]
	if !ok {
		return nil, fmt.Errorf("tzdb: unknown time zone %q", name)
	}
	if loc, ok := cache.Load(name); ok {
		return loc.(*time.Location), nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("tzdb: %s: %w", name, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(rc)
	if err != nil {
		return nil, fmt.Errorf("tzdb: %s: %w", name, err)
	}
	loc, err := time.LoadLocationFromTZData(name, data)
	if err != nil {
		return nil, fmt.Errorf("tzdb: %s: %w", name, err)
	}
	actual, _ := cache.LoadOrStore(name, loc)
	return actual.(*time.Location), nil
}

// Canonical returns the exact spelling of a zone name matched without regard
// to letter case, e.g. "america/new_york" → "America/New_York".
func Canonical(name string) (string, bool) {
	if index() != nil {
		return "", false
	}
	if _, ok := files[name]; ok && name != "Factory" {
		// Spelled exactly: no two names differ only in case (tested), so
		// the folded lookup would give name itself.
		return name, true
	}
	exact, ok := folded[strings.ToLower(name)]
	if !ok || exact == "Factory" {
		return "", false
	}
	return exact, true
}

// LookupIntl resolves a name the way JavaScript's Intl.DateTimeFormat does on
// Node 20 (ICU 78, tzdata 2025c), which is what v1 ran on: any tzdb name or
// link in any letter case except Factory, plus the legacy IDs that only ICU
// knows (icuOnly). It returns the zone to compute with.
func LookupIntl(name string) (*time.Location, bool) {
	if exact, ok := Canonical(name); ok {
		loc, err := Load(exact)
		return loc, err == nil
	}
	if target, ok := icuOnly[strings.ToLower(name)]; ok {
		loc, err := Load(target)
		return loc, err == nil
	}
	return nil, false
}

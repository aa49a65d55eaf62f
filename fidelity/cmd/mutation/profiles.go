package main

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// profilePackages maps each profile to the reference packages (directories
// under reference/, "." for reference itself) whose mutants it is scored
// on: the packages that serve it. Packages every profile leans on are
// "shared".
var profilePackages = []struct {
	Profile  string
	Packages []string
}{
	{"v1", []string{"v1", "cronparser", "cronspec", "jsrt"}},
	{"datetime", []string{"datetime"}},
	{"timestamps", []string{"timestamps"}},
	{"routing", []string{"routing"}},
	{"clock-core", []string{"clock"}},
	{"clock-awareness", []string{"awareness"}},
	{"shared", []string{".", "tzdb"}},
}

// profileOfPackage names the profile of a package directory.
func profileOfPackage(pkg string) (string, bool) {
	for _, p := range profilePackages {
		for _, q := range p.Packages {
			if q == pkg {
				return p.Profile, true
			}
		}
	}
	return "", false
}

// selectProfiles turns -profile's comma-separated list ("" or "all": every
// profile) into profile names, refusing unknown ones, and checks that every
// package under reference/ belongs to a profile (a new package must not go
// unmeasured without anyone noticing).
func selectProfiles(list string) ([]string, error) {
	entries, err := os.ReadDir("reference")
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "testdata" {
			if _, ok := profileOfPackage(e.Name()); !ok {
				return nil, fmt.Errorf("reference/%s belongs to no profile: add it to profilePackages", e.Name())
			}
		}
	}
	var all []string
	for _, p := range profilePackages {
		all = append(all, p.Profile)
	}
	if list == "" || list == "all" {
		return all, nil
	}
	var out []string
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, p := range all {
			if p == name {
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown profile %q (one of %s, or all)", name, strings.Join(all, ", "))
		}
		out = append(out, name)
	}
	return out, nil
}

// excludeOthers is gremlins' -E list for a profile: every Go file under
// reference/ outside the profile's packages (paths relative to reference/).
func excludeOthers(profile string) []string {
	var mine []string
	for _, p := range profilePackages {
		if p.Profile == profile {
			mine = p.Packages
		}
	}
	var others []string
	root := false
	for _, p := range profilePackages {
		for _, q := range p.Packages {
			if contains(mine, q) {
				continue
			}
			if q == "." {
				root = true
				continue
			}
			others = append(others, regexp.QuoteMeta(q))
		}
	}
	sort.Strings(others)
	ex := []string{"testdata"}
	if len(others) > 0 {
		ex = append(ex, "^(?:"+strings.Join(others, "|")+")/")
	}
	if root {
		ex = append(ex, `^[^/]+\.go$`)
	}
	return ex
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/spec"
)

// The kit's version comes from a release's stamp first, then from what the
// go command recorded (go install …@vX.Y.Z records vX.Y.Z), and is
// (devel) when neither says; the commit follows when recorded.
func TestKitVersion(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-01-02T03:04:05Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, c := range []struct {
		name    string
		stamped string
		info    *debug.BuildInfo
		want    string
	}{
		{"no build info", "", nil, "(devel)"},
		{"stamped, no build info", "v1.2.3", nil, "v1.2.3"},
		{"go install @version", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{"a test binary", "", &debug.BuildInfo{}, "(devel)"},
		{"a checkout build", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs},
			"(devel) (revision 0123456789ab, 2026-01-02T03:04:05Z, modified)"},
		{"the stamp wins", "v2.0.0", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260102030405-0123456789ab"}, Settings: vcs[:2]},
			"v2.0.0 (revision 0123456789ab, 2026-01-02T03:04:05Z)"},
	} {
		if got := kitFrom(c.stamped, c.info).String(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// conform version names the kit first, then the spec it checks against.
func TestVersionNamesKitAndSpec(t *testing.T) {
	code, stdout, _ := conform(t, "version")
	lines := strings.Split(stdout, "\n")
	if code != exitOK || len(lines) < 2 || lines[0] != "kit "+currentKit().String() || !strings.HasPrefix(lines[1], "spec ") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

// A run's summary.json and certificate.json name the kit that judged it,
// beside the spec version they judged against.
func TestReportsNameTheKit(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := conform(t, "run", "--run", "v1/escape-xml/ampersand", "--report", dir)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := currentKit().String()
	for _, name := range []string{"summary.json", "certificate.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Kit         string `json:"kit"`
			SpecVersion string `json:"spec_version"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if doc.Kit != want || doc.SpecVersion != spec.Version {
			t.Errorf("%s: kit %q, spec_version %q; want %q, %q", name, doc.Kit, doc.SpecVersion, want, spec.Version)
		}
	}
}

// Command release builds conform's release archives: conform cross-compiled
// (CGO_ENABLED=0, -trimpath, the kit version stamped with -ldflags) for
// every OS/arch pair of targets, one tar.gz each, and checksums.txt in
// sha256sum's format.
// make release and make release-snapshot run it; .goreleaser.yaml describes
// the same matrix for GoReleaser.
//
//	go run ./internal/release -version v1.2.3 -out dist   # HEAD must be tag v1.2.3
//	go run ./internal/release -snapshot -out dist         # any commit, v0.0.0-SNAPSHOT-<rev>
package main

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// target is one OS/arch pair a release ships.
type target struct{ goos, goarch string }

// targets are the usual pairs but Windows: Linux and macOS on both
// architectures. conform does not build for Windows: its process
// supervision (conformance/supervise) stops an implementation's whole
// process group with Unix calls (Setpgid, Setsid, kill of a group) that
// Windows does not have; a Windows port adds {"windows", "amd64"}, a
// conform.exe, and a zip (what Windows users expect).
var targets = []target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
}

// pkg is what a release ships: the conform command.
const pkg = "./cmd/conform"

// semver is a release tag: vMAJOR.MINOR.PATCH with an optional pre-release.
var semver = regexp.MustCompile(`^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$`)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	fset := flag.NewFlagSet("release", flag.ContinueOnError)
	version := fset.String("version", "", "the release's `vX.Y.Z`: a tag that HEAD is at")
	snapshot := fset.Bool("snapshot", false, "build any commit, as v0.0.0-SNAPSHOT-<commit> (not for publishing)")
	out := fset.String("out", "dist", "the `folder` the archives and checksums.txt are written to (emptied first)")
	only := fset.String("targets", "", "`os/arch,…` build only these of the release's pairs (a quick check of both OSes and both architectures; a release builds them all)")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fset.Args())
	}
	v, err := releaseVersion(*version, *snapshot)
	if err != nil {
		return err
	}
	ts, err := selectTargets(*only, *snapshot)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := build(v, ts, *out, stdout); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "release %s: %d archives and checksums.txt in %s (%s)\n", v, len(ts), *out, time.Since(start).Round(time.Millisecond))
	return nil
}

// releaseVersion checks the version a release is built as. A release is of
// a tag (so that `go install …@vX.Y.Z` and the archives are the same code);
// a snapshot names the commit it was built from.
func releaseVersion(version string, snapshot bool) (string, error) {
	switch {
	case snapshot && version != "":
		return "", errors.New("-snapshot and -version exclude each other: a snapshot names its commit")
	case snapshot:
		rev, err := gitOutput("rev-parse", "--short=12", "HEAD")
		if err != nil || rev == "" {
			rev = "unknown" // a copy without history still builds
		}
		return "v0.0.0-SNAPSHOT-" + rev, nil
	case version == "":
		return "", errors.New("no version: make release VERSION=vX.Y.Z (a tag HEAD is at), or make release-snapshot")
	case !semver.MatchString(version):
		return "", fmt.Errorf("version %q is not vMAJOR.MINOR.PATCH (e.g. v1.2.3)", version)
	}
	tags, err := gitOutput("tag", "--points-at", "HEAD")
	if err != nil {
		return "", fmt.Errorf("reading the tags at HEAD: %v", err)
	}
	if !contains(strings.Fields(tags), version) {
		return "", fmt.Errorf("HEAD is not tagged %s: tag it (git tag %s) or build a snapshot (make release-snapshot)", version, version)
	}
	if dirty, err := gitOutput("status", "--porcelain", "--untracked-files=no"); err != nil || dirty != "" {
		return "", fmt.Errorf("the work tree has uncommitted changes: a release is built from its tag alone")
	}
	return version, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func gitOutput(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	return strings.TrimSpace(string(out)), err
}

// build writes every target's archive and checksums.txt into out.
// selectTargets is the pairs a build makes: all of them, or for a
// snapshot those -targets names (each one of the release's).
func selectTargets(only string, snapshot bool) ([]target, error) {
	if only == "" {
		return targets, nil
	}
	if !snapshot {
		return nil, fmt.Errorf("-targets is for a snapshot: a release builds every pair")
	}
	var out []target
	for _, name := range strings.Split(only, ",") {
		goos, goarch, _ := strings.Cut(strings.TrimSpace(name), "/")
		i := slices.Index(targets, target{goos, goarch})
		if i < 0 {
			return nil, fmt.Errorf("-targets: %q is not one of the release's pairs (%s)", name, pairNames())
		}
		if !slices.Contains(out, targets[i]) {
			out = append(out, targets[i])
		}
	}
	return out, nil
}

func pairNames() string {
	var names []string
	for _, t := range targets {
		names = append(names, t.goos+"/"+t.goarch)
	}
	return strings.Join(names, ", ")
}

func build(version string, targets []target, out string, stdout io.Writer) error {
	if err := clearDist(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "conform-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	mtime := commitTime()
	var sums []string
	for _, t := range targets {
		start := time.Now()
		name, err := buildTarget(t, version, work, out, mtime)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", t.goos, t.goarch, err)
		}
		sum, err := sha256File(filepath.Join(out, name))
		if err != nil {
			return err
		}
		// sha256sum's format: the hex digest, two spaces, the file name.
		sums = append(sums, sum+"  "+name+"\n")
		fmt.Fprintf(stdout, "%s (%s)\n", name, time.Since(start).Round(time.Millisecond))
	}
	return os.WriteFile(filepath.Join(out, "checksums.txt"), []byte(strings.Join(sums, "")), 0o644)
}

// clearDist empties a previous release's folder, and refuses one that
// holds anything else: -out names a folder that is emptied, and a typo
// (-out .) must not empty a checkout.
func clearDist(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	for _, e := range entries {
		if n := e.Name(); n != "checksums.txt" && !(strings.HasPrefix(n, "conform_") && strings.HasSuffix(n, ".tar.gz")) {
			return fmt.Errorf("%s holds %s, which no release wrote: name an empty or a release folder", out, n)
		}
	}
	for _, e := range entries {
		if err := os.Remove(filepath.Join(out, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// buildTarget compiles conform for t and archives it with README.md.
func buildTarget(t target, version, work, out string, mtime time.Time) (string, error) {
	const exe = "conform"
	bin := filepath.Join(work, t.goos+"-"+t.goarch, exe)
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin,
		"-ldflags", "-s -w -X main.kitVersion="+version, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.goos, "GOARCH="+t.goarch, "GOFLAGS=-mod=readonly")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build: %w", err)
	}
	base := fmt.Sprintf("conform_%s_%s_%s", strings.TrimPrefix(version, "v"), t.goos, t.goarch)
	files := []archived{{exe, bin, 0o755}, {"README.md", "README.md", 0o644}}
	return base + ".tar.gz", writeTarGz(filepath.Join(out, base+".tar.gz"), files, mtime)
}

// commitTime is the time every archived file carries, so that one commit
// archives to the same bytes twice: HEAD's commit time, or the Unix epoch
// without history.
func commitTime() time.Time {
	s, err := gitOutput("log", "-1", "--format=%ct")
	if n, perr := strconv.ParseInt(s, 10, 64); err == nil && perr == nil {
		return time.Unix(n, 0).UTC()
	}
	return time.Unix(0, 0).UTC()
}

// archived is one file of an archive: its name there, where it is read
// from, and its mode.
type archived struct {
	name, path string
	mode       int64
}

func writeTarGz(path string, files []archived, mtime time.Time) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer closeInto(f, &err)
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	for _, a := range files {
		b, err := os.ReadFile(a.path)
		if err != nil {
			return err
		}
		hdr := &tar.Header{Name: a.name, Mode: a.mode, Size: int64(len(b)), ModTime: mtime, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if _, err := tw.Write(b); err != nil {
			return err
		}
	}
	if err := tw.Close(); err != nil {
		return err
	}
	return gz.Close()
}

// closeInto closes f, keeping the first error: a failed close of a written
// file is a lost archive.
func closeInto(f *os.File, err *error) {
	if cerr := f.Close(); *err == nil {
		*err = cerr
	}
}

func sha256File(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

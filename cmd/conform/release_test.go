package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The module this repository publishes: `go install` of a version names
// it, and the release matrix ships its command.
const (
	modulePath = "github.com/clockspec/clockspec"
	conformPkg = modulePath + "/cmd/conform"
)

// checkoutRoot is the repository's root, two folders up from this package.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// goModJSON is what `go mod edit -json` says of go.mod: the go command's
// own reading of it.
type goModJSON struct {
	Module  struct{ Path string }
	Replace []json.RawMessage
	Exclude []json.RawMessage
	Retract []json.RawMessage
}

// installable says what stops `go install MODULE/cmd/conform@vX.Y.Z` in a
// go.mod: the go command refuses a module whose go.mod has replace or
// exclude directives there (they would only apply to it as the main
// module), and resolves nothing at a path other than the one published.
func installable(m goModJSON) []string {
	var problems []string
	if m.Module.Path != modulePath {
		problems = append(problems, fmt.Sprintf("module path %q, want %q", m.Module.Path, modulePath))
	}
	if len(m.Replace) > 0 {
		problems = append(problems, fmt.Sprintf("%d replace directives", len(m.Replace)))
	}
	if len(m.Exclude) > 0 {
		problems = append(problems, fmt.Sprintf("%d exclude directives", len(m.Exclude)))
	}
	return problems
}

func readGoMod(t *testing.T, dir string) goModJSON {
	t.Helper()
	cmd := exec.Command("go", "mod", "edit", "-json")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	var m goModJSON
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("go mod edit -json: %v", err)
	}
	return m
}

// go.mod lets `go install …/cmd/conform@vX.Y.Z` work, and cmd/conform is a
// command; a go.mod with a replace or an exclude directive is caught.
func TestModuleIsInstallableAtAVersion(t *testing.T) {
	root := checkoutRoot(t)
	if problems := installable(readGoMod(t, root)); len(problems) > 0 {
		t.Errorf("go install %s@vX.Y.Z would refuse this go.mod: %s", conformPkg, strings.Join(problems, "; "))
	}
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Name}}", "./cmd/conform")
	cmd.Dir = root
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != conformPkg+" main" {
		t.Errorf("go list ./cmd/conform: %q, %v; want %q", out, err, conformPkg+" main")
	}

	// The check itself: a go.mod that would stop go install is told.
	bad := t.TempDir()
	text := "module example.com/other\n\ngo 1.26\n\nreplace golang.org/x/sys => ../sys\n\nexclude golang.org/x/sys v0.1.0\n"
	if err := os.WriteFile(filepath.Join(bad, "go.mod"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := installable(readGoMod(t, bad)); len(got) != 3 {
		t.Errorf("a go.mod with another path, a replace and an exclude: %q, want three problems", got)
	}
}

// trackedFiles lists the checkout's tracked files (git ls-files): what a
// tag publishes, without what a work tree holds besides.
func trackedFiles(t *testing.T, root string) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files in %s (the test needs the checkout's git): %v", root, err)
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	if len(files) < 100 {
		t.Fatalf("git ls-files listed %d files", len(files))
	}
	return files
}

// copyTracked copies the tracked files into dir: a module copy without the
// checkout's history. A tracked file deleted in the work tree is left out,
// as a commit of that tree would.
func copyTracked(t *testing.T, root, dir string, files []string) {
	t.Helper()
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, f))
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// goEnv is the environment of a go command that installs into gobin: the
// shared build cache (so it is fast), go.sum checked but go.mod free to be
// completed (-mod=mod, as go install …@version treats a dependency), and
// -trimpath, so that the copy's packages, wherever it lies, are the cached
// ones.
func goEnv(gobin string, extra ...string) []string {
	// CGO_ENABLED=0 and -trimpath as the release builds and the action
	// install: one compile of the packages serves all three.
	env := []string{"GOBIN=" + gobin, "GOFLAGS=-mod=mod -trimpath -modcacherw", "GOTOOLCHAIN=local", "CGO_ENABLED=0"}
	return append(append(os.Environ(), env...), extra...)
}

func runIn(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("%s %s: %s", name, strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return string(out)
}

// `go install ./cmd/conform` works from a copy of the module's tracked
// files alone (no history: the kit is (devel)), and, from a module proxy
// that serves that copy as a version, `go install …/cmd/conform@VERSION`
// installs a conform that names VERSION: what a user gets once a tag
// exists.
func TestGoInstallFromAModuleCopy(t *testing.T) {
	if testing.Short() {
		t.Skip("slow on a cold build cache (~45 s: the module compiled with -trimpath, twice): make test-long runs it")
	}
	root := checkoutRoot(t)
	files := trackedFiles(t, root)
	src := t.TempDir()
	copyTracked(t, root, src, files)

	gobin := t.TempDir()
	runIn(t, src, goEnv(gobin), "go", "install", "./cmd/conform")
	out := runIn(t, src, goEnv(gobin), filepath.Join(gobin, "conform"), "version")
	if !strings.HasPrefix(out, "kit (devel)\nspec ") {
		t.Errorf("conform version of a build without history:\n%s", out)
	}

	// The same files as version v0.0.1-installtest of the module, in a
	// file:// module proxy; the dependencies come from the shared module
	// cache's downloads, through a module cache of the test's own (the
	// shared one must not keep a version that never was).
	const version = "v0.0.1-installtest"
	proxy := t.TempDir()
	writeModuleVersion(t, proxy, src, files, version)
	modcache := t.TempDir()
	shared := strings.TrimSpace(runIn(t, src, os.Environ(), "go", "env", "GOMODCACHE"))
	env := goEnv(gobin, "GOMODCACHE="+modcache,
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(filepath.Join(shared, "cache", "download")),
		"GONOSUMDB="+modulePath, "GOSUMDB=off")
	runIn(t, t.TempDir(), env, "go", "install", conformPkg+"@"+version)
	out = runIn(t, src, env, filepath.Join(gobin, "conform"), "version")
	if !strings.HasPrefix(out, "kit "+version+"\nspec ") {
		t.Errorf("conform version after go install %s@%s:\n%s", conformPkg, version, out)
	}
}

// writeModuleVersion lays out version of the module, from the files in
// src, as a module proxy serves it (GOPROXY protocol: @v/list, .info,
// .mod, .zip whose entries are MODULE@VERSION/path).
func writeModuleVersion(t *testing.T, proxy, src string, files []string, version string) {
	t.Helper()
	dir := filepath.Join(proxy, filepath.FromSlash(modulePath), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	goMod, err := os.ReadFile(filepath.Join(src, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info := fmt.Sprintf(`{"Version":%q,"Time":"2026-01-01T00:00:00Z"}`, version)
	for name, text := range map[string][]byte{"list": []byte(version + "\n"), version + ".info": []byte(info), version + ".mod": goMod} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(src, filepath.FromSlash(f)))
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(modulePath + "@" + version + "/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, version+".zip"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// snapshotPairs are the OS/arch pairs the test's snapshot builds: of the
// four a release ships (internal/release, which refuses any other), one
// of each OS and each architecture.
var snapshotPairs = []struct{ goos, goarch string }{{"linux", "amd64"}, {"darwin", "arm64"}}

// make release-snapshot writes one archive per pair, each with a conform
// for that pair, and checksums.txt that matches them; the linux/amd64
// conform names the snapshot's version. A corrupted archive is caught.
func TestReleaseSnapshot(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (cross-compiles conform twice: minutes on a cold cache): make test-long runs it")
	}
	root := checkoutRoot(t)
	rev := strings.TrimSpace(runIn(t, root, os.Environ(), "git", "rev-parse", "--short=12", "HEAD"))
	version := "0.0.0-SNAPSHOT-" + rev
	dist := filepath.Join(t.TempDir(), "dist")
	// Two pairs, both OSes and both architectures: what can break one
	// pair (a file for one OS or one architecture) shows in one of them,
	// at half the cost of a cold cross-compile of all four.
	t.Log(runIn(t, root, os.Environ(), "make", "--no-print-directory", "release-snapshot", "DIST="+dist, "TARGETS=linux/amd64,darwin/arm64"))

	binaries, problems := checkDist(dist, version)
	for _, p := range problems {
		t.Error(p)
	}
	if t.Failed() {
		return
	}
	bin := filepath.Join(t.TempDir(), "conform")
	if err := os.WriteFile(bin, binaries["linux/amd64"], 0o755); err != nil {
		t.Fatal(err)
	}
	if out := runIn(t, root, os.Environ(), bin, "version"); !strings.HasPrefix(out, "kit v"+version+" (revision "+rev) {
		t.Errorf("the linux/amd64 conform of the snapshot says:\n%s", out)
	}

	// One flipped byte in an archive, and the checksums no longer match.
	name := fmt.Sprintf("conform_%s_darwin_arm64.tar.gz", version)
	b, err := os.ReadFile(filepath.Join(dist, name))
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	if err := os.WriteFile(filepath.Join(dist, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, problems := checkDist(dist, version); len(problems) == 0 || !strings.Contains(strings.Join(problems, "\n"), name) {
		t.Errorf("a corrupted %s was not caught: %q", name, problems)
	}
}

var checksumLine = regexp.MustCompile(`^([0-9a-f]{64})  (\S+)$`)

// checkDist checks a release folder: checksums.txt (sha256sum's format)
// lists exactly one archive per pair and every sum matches; each archive
// holds README.md and a conform built for its pair. It returns each pair's
// conform.
func checkDist(dist, version string) (map[string][]byte, []string) {
	var problems []string
	sums, err := readChecksums(filepath.Join(dist, "checksums.txt"))
	if err != nil {
		return nil, []string{err.Error()}
	}
	binaries := map[string][]byte{}
	for _, p := range snapshotPairs {
		name := fmt.Sprintf("conform_%s_%s_%s.tar.gz", version, p.goos, p.goarch)
		b, err := os.ReadFile(filepath.Join(dist, name))
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); sums[name] != got {
			problems = append(problems, fmt.Sprintf("%s: sha256 %s, checksums.txt says %q", name, got, sums[name]))
		}
		delete(sums, name)
		files, err := untar(b)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		if _, ok := files["README.md"]; !ok {
			problems = append(problems, name+": no README.md")
		}
		if err := builtFor(files["conform"], p.goos, p.goarch); err != nil {
			problems = append(problems, fmt.Sprintf("%s: conform: %v", name, err))
		}
		binaries[p.goos+"/"+p.goarch] = files["conform"]
	}
	for name := range sums {
		problems = append(problems, "checksums.txt lists "+name+", which no pair has")
	}
	return binaries, problems
}

func readChecksums(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sums := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := checksumLine.FindStringSubmatch(sc.Text())
		if m == nil {
			return nil, fmt.Errorf("checksums.txt: %q is not sha256sum's format", sc.Text())
		}
		sums[m[2]] = m[1]
	}
	return sums, sc.Err()
}

// untar reads a tar.gz's regular files, and requires conform to be
// executable.
func untar(b []byte) (map[string][]byte, error) {
	gz, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	files := map[string][]byte{}
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return files, nil
		} else if err != nil {
			return nil, err
		}
		if hdr.Name == "conform" && hdr.Mode&0o111 == 0 {
			return nil, fmt.Errorf("conform is not executable (mode %o)", hdr.Mode)
		}
		if files[hdr.Name], err = io.ReadAll(tr); err != nil {
			return nil, err
		}
	}
}

// builtFor says whether an executable is of the OS (by its format) and the
// architecture a pair names.
func builtFor(b []byte, goos, goarch string) error {
	if len(b) == 0 {
		return fmt.Errorf("missing")
	}
	var got string
	switch goos {
	case "linux":
		f, err := elf.NewFile(bytes.NewReader(b))
		if err != nil {
			return err
		}
		got = map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}[f.Machine]
	case "darwin":
		f, err := macho.NewFile(bytes.NewReader(b))
		if err != nil {
			return err
		}
		got = map[macho.Cpu]string{macho.CpuAmd64: "amd64", macho.CpuArm64: "arm64"}[f.Cpu]
	}
	if got != goarch {
		return fmt.Errorf("built for %q, want %s/%s", got, goos, goarch)
	}
	return nil
}

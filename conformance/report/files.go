// Package report writes what a run shows, for people and for CI: the
// summary a run ends with (WriteSummaryWith), the report folder
// (WriteReportDir: summary.json, report.html, certificate.json, badge.json,
// and junit.xml and cucumber.json when the run did not write them), JUnit XML (WriteJUnit), the certificate and its badge, and
// the comparison of several runs or the shards of one (Compare). It reads
// a result.Report and never runs anything.
//
// Belongs here: a new output format, a new line in the summary, the HTML
// page. Not here: what a verdict is or how verdicts are counted
// (conformance/result), anything that needs the implementation.
package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/clockspec/clockspec/conformance/result"
)

// The files a report folder holds.
const (
	SummaryFile     = "summary.json"
	JUnitFile       = "junit.xml"
	CucumberFile    = "cucumber.json"
	HTMLReportFile  = "report.html"
	CertificateFile = "certificate.json"
	BadgeFile       = "badge.json"
)

// WriteReportDir writes a run's report folder: summary.json (the Report),
// certificate.json, badge.json and report.html. junit.xml and cucumber.json
// come from the run (conformance.ReportFormatFiles); when it wrote none
// (the implementation never said hello) they are written from the Report.
// date goes into the certificate as given ("" leaves it out).
//
// The folder changes all at once or not at all (Stage): every file is
// written under a temporary name first, so a full disk leaves the previous
// report as it was, never a truncated file.
func WriteReportDir(dir string, rep *result.Report, date string) error {
	st, err := StageReportDir(dir)
	if err != nil {
		return err
	}
	// The run's own junit.xml and cucumber.json, written into the folder
	// itself, join the stage.
	for _, name := range []string{JUnitFile, CucumberFile} {
		if err := os.Rename(filepath.Join(dir, name), filepath.Join(st.Path(), name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			st.Abort()
			return err
		}
	}
	return st.Commit(rep, date)
}

// Stage is a report folder being written: the files go into a hidden
// folder inside it (the same file system, so a rename moves each whole),
// and Commit moves them into place, or Abort drops them, leaving the
// folder as the previous run left it. A run's format files are written
// into the stage (conformance.ReportFormatFiles(st.Path())).
type Stage struct {
	dir, path string
	// made: the report folder did not exist and the stage made it; an
	// aborted stage removes it again (when still empty), so a run that
	// could not write its report leaves no new empty folder behind.
	made bool
}

// stagePrefix names the stage folders inside a report folder.
const stagePrefix = ".conform-staging-"

// StageReportDir creates dir if needed and a stage inside it.
func StageReportDir(dir string) (*Stage, error) {
	_, statErr := os.Stat(dir)
	made := errors.Is(statErr, fs.ErrNotExist)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path, err := os.MkdirTemp(dir, stagePrefix+"*")
	if err != nil {
		if made {
			_ = os.Remove(dir)
		}
		return nil, err
	}
	return &Stage{dir: dir, path: path, made: made}, nil
}

// Path is the stage folder, where the run's formatter files go.
func (s *Stage) Path() string { return s.path }

// Abort removes the stage; the report folder is left as it was (removed,
// if the stage made it and it is empty).
func (s *Stage) Abort() {
	_ = os.RemoveAll(s.path)
	if s.made {
		_ = os.Remove(s.dir) // only an empty folder is removed
	}
}

// Commit writes the report's files into the stage, then moves them all
// into the report folder. An interrupted run (rep.Interrupted) gets no
// certificate or badge, and a previous run's are removed, so they never
// stand beside results they do not describe; the certificate and badge
// move last, after the files they vouch for. On an error before the move
// nothing in the folder has changed.
func (s *Stage) Commit(rep *result.Report, date string) error {
	if err := s.write(rep, date); err != nil {
		s.Abort()
		return err
	}
	certified := rep.Interrupted == ""
	if !certified {
		for _, name := range []string{CertificateFile, BadgeFile} {
			if err := os.Remove(filepath.Join(s.dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
				s.Abort()
				return err
			}
		}
	}
	order := []string{SummaryFile, JUnitFile, CucumberFile, HTMLReportFile}
	if certified {
		order = append(order, CertificateFile, BadgeFile)
	}
	for _, name := range order {
		if err := os.Rename(filepath.Join(s.path, name), filepath.Join(s.dir, name)); err != nil {
			s.Abort()
			return err
		}
	}
	_ = os.RemoveAll(s.path) // the stage is empty now
	// A stage a killed run left behind is dropped too.
	if old, err := filepath.Glob(filepath.Join(s.dir, stagePrefix+"*")); err == nil {
		for _, o := range old {
			_ = os.RemoveAll(o)
		}
	}
	return nil
}

// write puts every file of the report into the stage.
func (s *Stage) write(rep *result.Report, date string) error {
	cert := NewCertificate(rep, date)
	files := []struct {
		name string
		v    any
	}{{SummaryFile, rep}}
	if rep.Interrupted == "" {
		files = append(files, struct {
			name string
			v    any
		}{CertificateFile, cert}, struct {
			name string
			v    any
		}{BadgeFile, NewBadge(cert)})
	}
	for _, f := range files {
		b, err := json.MarshalIndent(f.v, "", "  ")
		if err != nil {
			return err
		}
		if err := writeFile(filepath.Join(s.path, f.name), append(b, '\n')); err != nil {
			return err
		}
	}
	var html bytes.Buffer
	if err := WriteHTMLReport(&html, rep, cert); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(s.path, HTMLReportFile), markIncomplete(html.Bytes(), rep)); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(s.path, JUnitFile)); errors.Is(err, fs.ErrNotExist) {
		if err := writeFile(filepath.Join(s.path, JUnitFile), junitFromReport(rep)); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(s.path, CucumberFile)); errors.Is(err, fs.ErrNotExist) {
		if err := writeFile(filepath.Join(s.path, CucumberFile), []byte("[]\n")); err != nil {
			return err
		}
	}
	return nil
}

// markIncomplete puts a notice at the top of an interrupted run's page,
// right after its <body> tag: whoever opens it sees first that it is not
// a whole run.
func markIncomplete(page []byte, rep *result.Report) []byte {
	if rep.Interrupted == "" {
		return page
	}
	i := bytes.Index(page, []byte("<body"))
	j := -1
	if i >= 0 {
		j = bytes.IndexByte(page[i:], '>')
	}
	if j < 0 {
		return page
	}
	at := i + j + 1
	notice := fmt.Sprintf(`<p id="incomplete" role="alert" style="border:2px solid #b00;padding:.5em;font-weight:bold">Incomplete run: %s; %d scenarios not run; no certificate.</p>`,
		html.EscapeString(rep.Interrupted), rep.NotRun)
	out := make([]byte, 0, len(page)+len(notice))
	out = append(append(append(out, page[:at]...), notice...), page[at:]...)
	return out
}

// writeFile writes b to path, reporting a failed write or close (a full
// disk shows at either).
func writeFile(path string, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WriteFileAtomic writes b to path through a temporary file in the same
// folder and a rename: a reader, or a full disk, never meets a truncated
// file; on an error the previous file is left as it was.
func WriteFileAtomic(path string, b []byte) error {
	f, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// AtomicFile is a file written beside its path and renamed onto it whole
// (Commit), or dropped (Abort): for a file too large to hold in memory
// first.
type AtomicFile struct {
	f    *os.File
	path string
}

// CreateAtomic starts an AtomicFile for path.
func CreateAtomic(path string) (*AtomicFile, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return nil, err
	}
	return &AtomicFile{f: f, path: path}, nil
}

func (a *AtomicFile) Write(b []byte) (int, error) { return a.f.Write(b) }

// Commit closes the file and renames it onto its path.
func (a *AtomicFile) Commit() error {
	tmp := a.f.Name()
	if err := a.f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, a.path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// Abort drops the file; its path is left as it was.
func (a *AtomicFile) Abort() {
	a.f.Close()
	os.Remove(a.f.Name())
}

// junitFromReport is junit.xml for a run godog never started.
func junitFromReport(rep *result.Report) []byte {
	var b bytes.Buffer
	_ = WriteJUnit(&b, rep, nil) // writing to a buffer cannot fail
	return b.Bytes()
}

// MaxSummaryBytes caps a summary.json ReadSummary reads: the whole suite
// failing at both levels, with every failure's call, writes a fraction of
// it.
const MaxSummaryBytes = 64 << 20

// ReadSummary reads a summary.json (SummaryFile); path may be the report
// folder.
func ReadSummary(path string) (*result.Report, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, SummaryFile)
	}
	// Opening a FIFO would block until something writes it: only a
	// regular file is read.
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, st.Mode().Type())
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooLarge := fmt.Errorf("%s is larger than %d MiB: not a summary conform writes", path, MaxSummaryBytes>>20)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > MaxSummaryBytes {
		return nil, tooLarge
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxSummaryBytes+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxSummaryBytes {
		return nil, tooLarge // a pipe or a file that grew
	}
	var rep result.Report
	if err := json.Unmarshal(b, &rep); err != nil {
		return nil, fmt.Errorf("%s is not a conform summary: %w", path, err)
	}
	if rep.Format != result.SummaryFormat {
		return nil, fmt.Errorf("%s is not a conform summary (format %q, want %q)", path, rep.Format, result.SummaryFormat)
	}
	// The tier counts follow from the scenarios; a summary written before
	// tiers existed has none, and its scenarios read as required.
	rep.Recount()
	return &rep, nil
}

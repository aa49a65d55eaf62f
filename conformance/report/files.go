// Package report writes what a run shows, for people and for CI: the
// summary a run ends with (WriteSummaryWith), the report folder
// (WriteReportDir: summary.json, report.html, certificate.json, badge.json,
// and junit.xml and cucumber.json when the run's godog formatters did not
// write them), JUnit XML (WriteJUnit), the certificate and its badge, and
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
	"fmt"
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
func WriteReportDir(dir string, rep *result.Report, date string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	cert := NewCertificate(rep, date)
	files := []struct {
		name string
		v    any
	}{{SummaryFile, rep}, {CertificateFile, cert}, {BadgeFile, NewBadge(cert)}}
	for _, f := range files {
		b, err := json.MarshalIndent(f.v, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	var html bytes.Buffer
	if err := WriteHTMLReport(&html, rep, cert); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, HTMLReportFile), html.Bytes(), 0o644); err != nil {
		return err
	}
	return writeMissingFormatterFiles(dir, rep)
}

func writeMissingFormatterFiles(dir string, rep *result.Report) error {
	if _, err := os.Stat(filepath.Join(dir, JUnitFile)); os.IsNotExist(err) {
		if err := os.WriteFile(filepath.Join(dir, JUnitFile), junitFromReport(rep), 0o644); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(dir, CucumberFile)); os.IsNotExist(err) {
		if err := os.WriteFile(filepath.Join(dir, CucumberFile), []byte("[]\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// junitFromReport is junit.xml for a run godog never started.
func junitFromReport(rep *result.Report) []byte {
	var b bytes.Buffer
	_ = WriteJUnit(&b, rep, nil) // writing to a buffer cannot fail
	return b.Bytes()
}

// ReadSummary reads a summary.json (SummaryFile); path may be the report
// folder.
func ReadSummary(path string) (*result.Report, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, SummaryFile)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
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

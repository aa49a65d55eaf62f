package conformance

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/clockspec/clockspec/features"
)

// The files --report DIR writes.
const (
	SummaryFile     = "summary.json"
	JUnitFile       = "junit.xml"
	CucumberFile    = "cucumber.json"
	HTMLReportFile  = "report.html"
	CertificateFile = "certificate.json"
	BadgeFile       = "badge.json"
)

// ReportFormatFiles are the godog formatters a run writes into a report
// folder: JUnit XML and Cucumber JSON, from the same run.
func ReportFormatFiles(dir string) []FormatFile {
	return []FormatFile{
		{Format: "junit", Path: filepath.Join(dir, JUnitFile)},
		{Format: "cucumber", Path: filepath.Join(dir, CucumberFile)},
	}
}

// WriteReportDir writes a run's report folder: summary.json (the Report),
// certificate.json, badge.json and report.html. junit.xml and cucumber.json
// come from godog during the run (ReportFormatFiles); when godog did not run
// (the implementation never said hello) they are written from the Report.
// date goes into the certificate as given ("" leaves it out).
func WriteReportDir(dir string, rep *Report, date string) error {
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

func writeMissingFormatterFiles(dir string, rep *Report) error {
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
func junitFromReport(rep *Report) []byte {
	var b bytes.Buffer
	_ = WriteJUnit(&b, rep, nil) // writing to a buffer cannot fail
	return b.Bytes()
}

// Outcome is how a report shows a scenario: its verdict at the run's level,
// or what a known list made of it (known-failing, fixed: listed as known
// failing but passing, flaky: needed its second attempt), or not-followed:
// a decision or extension that failed where the run does not require it.
func (r *Report) Outcome(s ScenarioResult) string {
	v := r.LevelVerdict(s)
	switch {
	case r.NotFollowed(s):
		return "not-followed"
	case s.Known == KnownFailing && v.failed():
		return "known-failing"
	case s.Known == KnownFailing && v == Passed:
		return "fixed"
	case s.Known == KnownFlaky && s.Attempts > 1:
		return "flaky"
	}
	return string(v)
}

var outcomeLabels = map[string]string{
	"fixed":        "passes (listed as known failing)",
	"flaky":        "flaky (retried)",
	"not-followed": "not followed",
}

//go:embed templates/*.tmpl
var templateFiles embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"join": strings.Join,
}).ParseFS(templateFiles, "templates/*.tmpl"))

type htmlRow struct {
	ScenarioResult
	Outcome, Label     string
	Attention, Failure bool
	HasDiff            bool
	Diff               ValueDiff
	// CallText is the failing call's input, compact.
	CallText string
	// A group row stands for Count scenarios that failed the same way
	// (same outcome, same problem): their details are shown once, their
	// ids listed, so a report where everything fails alike stays small.
	Count    int
	Profiles string // the group's profiles, space-separated (the profile filter)
	Members  []string
}

type htmlMatrixRow struct {
	ProfileSummary
	Tiers         []htmlTier
	NotClaimed    int
	Missing       string
	Result, Class string
}

// htmlTier is one tier's cell in the profile matrix.
type htmlTier struct {
	TierCount
	Class string // passed, failed or not-followed (a tier the run does not require)
}

type htmlReport struct {
	*Report
	OK           bool
	Certificate  *Certificate
	Matrix       []htmlMatrixRow
	Rows         []htmlRow
	Outcomes     []string
	Selection    string
	DurationText string
}

// WriteHTMLReport writes the self-contained HTML report: the run's facts, a
// profile × result matrix, every scenario with filters (profile, result,
// text), and for each failure the failing step, expected vs actual as a
// diff, and schema errors with their JSON pointer.
func WriteHTMLReport(w io.Writer, rep *Report, cert *Certificate) error {
	d := htmlReport{Report: rep, OK: rep.OK(), Certificate: cert, DurationText: rep.Duration.Round(time.Millisecond).String()}
	conforms := map[string]bool{}
	for _, p := range cert.Profiles {
		conforms[p.Profile] = p.Conforms
	}
	for _, p := range rep.Profiles {
		m := htmlMatrixRow{ProfileSummary: p, NotClaimed: p.NotClaimedCnt, Missing: strings.Join(p.MissingOps, ", ")}
		failsRun := false
		for _, t := range features.Tiers {
			c := *p.Tier(t)
			cell := htmlTier{TierCount: c, Class: "passed"}
			if !c.All() {
				cell.Class = "not-followed"
				if rep.Require.Includes(t) {
					cell.Class, failsRun = "failed", true
				}
			}
			m.Tiers = append(m.Tiers, cell)
		}
		switch {
		case !p.Claimed:
			m.Result, m.Class = "not claimed", "not-claimed"
		case failsRun && p.Failed > p.KnownFailing:
			m.Result, m.Class = "fails", "failed"
		case !p.Required.All():
			m.Result, m.Class = "known failures only", "known-failing"
		case !rep.Complete:
			m.Result, m.Class = "required tier passes (partial run)", "partial"
		case conforms[p.Profile]:
			m.Result, m.Class = "conforms", "conforms"
		default:
			m.Result, m.Class = "passes", "passed"
		}
		if p.Claimed && p.Required.All() && (!p.Decisions.All() || !p.Extensions.All()) {
			m.Result += fmt.Sprintf(" (%d decisions, %d extensions not followed)",
				p.Decisions.Total-p.Decisions.Passed, p.Extensions.Total-p.Extensions.Passed)
		}
		d.Matrix = append(d.Matrix, m)
	}
	seen := map[string]bool{}
	groupSize := map[string]int{}
	for _, s := range rep.Scenarios {
		if rep.LevelVerdict(s).failed() && s.Problem != "" {
			groupSize[rep.Outcome(s)+"\x00"+s.Problem]++
		}
	}
	groupRow := map[string]int{} // key → index of its row in d.Rows
	for _, s := range rep.Scenarios {
		o := rep.Outcome(s)
		if !seen[o] {
			seen[o] = true
			d.Outcomes = append(d.Outcomes, o)
		}
		key := o + "\x00" + s.Problem
		if i, ok := groupRow[key]; ok {
			g := &d.Rows[i]
			g.Count++
			g.Members = append(g.Members, s.ID)
			if !strings.Contains(" "+g.Profiles+" ", " "+s.Profile+" ") {
				g.Profiles += " " + s.Profile
			}
			continue
		}
		row := htmlRow{ScenarioResult: s, Outcome: o, Label: o, Count: 1, Profiles: s.Profile}
		if groupSize[key] > 1 {
			groupRow[key] = len(d.Rows)
			row.Members = []string{s.ID}
		}
		if s.Call != nil {
			row.CallText = compactJSON(s.Call.Input)
		}
		if l, ok := outcomeLabels[o]; ok {
			row.Label = l
		}
		row.Attention = o != string(Passed) && o != string(NotClaimed)
		row.Failure = rep.LevelVerdict(s).failed() && s.Problem != ""
		if row.Failure && (s.Expected != "" || s.Actual != "") && s.Actual != "" {
			row.HasDiff = true
			row.Diff = Diff(s.Expected, s.Actual)
		}
		d.Rows = append(d.Rows, row)
	}
	var sel []string
	if rep.Tags != "" {
		sel = append(sel, "--tags "+rep.Tags)
	}
	for _, p := range rep.Run {
		sel = append(sel, "--run "+string(p))
	}
	for _, p := range rep.Skip {
		sel = append(sel, "--skip "+string(p))
	}
	if rep.Shard != "" {
		sel = append(sel, "--shard "+rep.Shard)
	}
	d.Selection = strings.Join(sel, " ")
	if err := templates.ExecuteTemplate(w, "report.html.tmpl", d); err != nil {
		return fmt.Errorf("conformance: the HTML report: %w", err)
	}
	return nil
}

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

package report

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/features"
)

// outcomeLabels are the words the HTML report shows for the outcomes that
// are not verdicts.
var outcomeLabels = map[string]string{
	result.OutcomeFixed:       "passes (listed as known failing)",
	result.OutcomeFlaky:       "flaky (retried)",
	result.OutcomeNotFollowed: "not followed",
}

//go:embed templates/*.tmpl
var templateFiles embed.FS

// templates are parsed on first use: every command of the binary would
// otherwise pay for them at start.
var templates = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("").Funcs(template.FuncMap{
		"join": strings.Join,
	}).ParseFS(templateFiles, "templates/*.tmpl"))
})

type htmlRow struct {
	result.ScenarioResult
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
	Members  []htmlMember
	// Difference says how each of the group differs from its expected
	// value, when they differ alike ("want "2026", got "26"").
	Difference string
}

// htmlMember is one scenario of a group: its id, and the value it
// returned when that broke the schema (each member's own: the group shares
// the complaint, not the value).
type htmlMember struct {
	ID, Returned string
}

func member(s result.ScenarioResult) htmlMember {
	m := htmlMember{ID: s.ID}
	if len(s.SchemaErrors) > 0 {
		m.Returned = s.Returned
	}
	return m
}

type htmlMatrixRow struct {
	result.ProfileSummary
	Tiers         []htmlTier
	NotClaimed    int
	Missing       string
	Result, Class string
}

// htmlTier is one tier's cell in the profile matrix.
type htmlTier struct {
	result.TierCount
	Class string // passed, failed or not-followed (a tier the run does not require)
}

type htmlReport struct {
	*result.Report
	OK          bool
	Certificate *Certificate
	Matrix      []htmlMatrixRow
	// Claimed and Unclaimed split Matrix: the claimed profiles are shown
	// first, the others collapsed.
	Claimed, Unclaimed []htmlMatrixRow
	Rows               []htmlRow
	Outcomes           []string
	Selection          string
	DurationText       string
}

// WriteHTMLReport writes the self-contained HTML report: the run's facts, a
// profile × result matrix, every scenario with filters (profile, result,
// text), and for each failure the failing step, expected vs actual as a
// diff, and schema errors with their JSON pointer.
func WriteHTMLReport(w io.Writer, rep *result.Report, cert *Certificate) error {
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
		if nf := notFollowed(p); p.Claimed && p.Required.All() && nf != "" {
			m.Result += " (" + nf + ")"
		}
		d.Matrix = append(d.Matrix, m)
	}
	// The claimed profiles lead; a one-profile implementation's report is
	// about that profile, and the others are collapsed below it.
	for _, m := range d.Matrix {
		if m.Claimed {
			d.Claimed = append(d.Claimed, m)
		} else {
			d.Unclaimed = append(d.Unclaimed, m)
		}
	}
	seen := map[string]bool{}
	groupKey := func(s result.ScenarioResult) (string, string) {
		if !rep.LevelVerdict(s).Fails() || s.Problem == "" {
			return rep.Outcome(s) + "\x00" + s.Problem, ""
		}
		k, diff := FailureKey(s)
		return rep.Outcome(s) + "\x00" + k, diff
	}
	groupSize := map[string]int{}
	for _, s := range rep.Scenarios {
		if rep.LevelVerdict(s).Fails() && s.Problem != "" {
			k, _ := groupKey(s)
			groupSize[k]++
		}
	}
	groupRow := map[string]int{} // key → index of its row in d.Rows
	// Scenarios of claimed profiles first, in suite order.
	scenarios := make([]result.ScenarioResult, 0, len(rep.Scenarios))
	for _, s := range rep.Scenarios {
		if s.Compat != result.NotClaimed {
			scenarios = append(scenarios, s)
		}
	}
	for _, s := range rep.Scenarios {
		if s.Compat == result.NotClaimed {
			scenarios = append(scenarios, s)
		}
	}
	for _, s := range scenarios {
		o := rep.Outcome(s)
		if !seen[o] {
			seen[o] = true
			d.Outcomes = append(d.Outcomes, o)
		}
		key, diff := groupKey(s)
		if i, ok := groupRow[key]; ok {
			g := &d.Rows[i]
			g.Count++
			g.Members = append(g.Members, member(s))
			if !strings.Contains(" "+g.Profiles+" ", " "+s.Profile+" ") {
				g.Profiles += " " + s.Profile
			}
			continue
		}
		row := htmlRow{ScenarioResult: s, Outcome: o, Label: o, Count: 1, Profiles: s.Profile}
		if groupSize[key] > 1 {
			groupRow[key] = len(d.Rows)
			row.Members = []htmlMember{member(s)}
			row.Difference = diff
		}
		if s.Call != nil {
			row.CallText = compactJSON(s.Call.Input)
		}
		if l, ok := outcomeLabels[o]; ok {
			row.Label = l
		}
		row.Attention = o != string(result.Passed) && o != string(result.NotClaimed)
		row.Failure = rep.LevelVerdict(s).Fails() && s.Problem != ""
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
	if err := templates().ExecuteTemplate(w, "report.html.tmpl", d); err != nil {
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

package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/clockspec/clockspec/conformance/report"
)

// WriteFiles writes the run's report into dir: agent-report.html (the
// verdicts, and the transcript of every failing trial with its tool calls
// and the virtual clock) and agent-summary.json (everything, transcripts
// included). It writes files of its own, beside whatever else dir holds,
// each renamed into place whole (a full disk never leaves half a file).
// A run that could not happen (CouldNotRun) writes them too, saying so:
// the previous run's files never stay behind as if they were this one's.
func (rep *Report) WriteFiles(dir string) error {
	return writePair(dir, "agent-summary.json", "agent-report.html", rep, rep.WriteHTML)
}

// writePair writes v as indented JSON and its HTML page into dir, each
// renamed into place whole.
func writePair(dir, jsonName, htmlName string, v any, html func(io.Writer) error) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := report.WriteFileAtomic(filepath.Join(dir, jsonName), append(b, '\n')); err != nil {
		return err
	}
	var h bytes.Buffer
	if err := html(&h); err != nil {
		return err
	}
	return report.WriteFileAtomic(filepath.Join(dir, htmlName), h.Bytes())
}

// WriteHTML writes the self-contained HTML report.
func (rep *Report) WriteHTML(w io.Writer) error { return htmlReport().Execute(w, rep) }

// htmlReport is parsed on first use, not at every start of the binary.
var htmlReport = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("agent").Funcs(template.FuncMap{
		"pct":    func(f float64) string { return fmt.Sprintf("%.0f%%", 100*f) },
		"num":    func(f float64) string { return fmt.Sprintf("%.2f", f) },
		"failed": func(t Trial) bool { return t.Verdict == Failed || t.Verdict == Faulted || t.JudgeFailed },
		"json":   func(r json.RawMessage) string { return string(r) },
		"tiers":  func() []string { return Tiers },
		"deref":  func(b *bool) bool { return b != nil && *b },
		"anchor": trialAnchor,
		"firstfailed": func(s *ScenarioResult) string {
			for _, t := range s.Trials {
				if t.Verdict == Failed || t.Verdict == Faulted || t.JudgeFailed {
					return trialAnchor(s.ID, t.N)
				}
			}
			return ""
		},
		"ladder": func(st Stats) string {
			var parts []string
			for _, p := range st.PassHat {
				parts = append(parts, fmt.Sprintf("%.2f", p))
			}
			return strings.Join(parts, " · ")
		},
	}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>clock-agent report: {{.Agent}}</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em;max-width:80em}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
.passed{background:#e6f4ea}.failed,.fault{background:#fce8e6}.notjudged{background:#f1f3f4}
.ev{font:12px ui-monospace,monospace;white-space:pre-wrap;margin:0}
.ev-user{color:#174ea6}.ev-reply,.ev-ask{color:#0d652d}.ev-fault{color:#a50e0e;font-weight:bold}.ev-clock,.ev-world{color:#5f6368}
.ev-check-false{color:#a50e0e}.refused{color:#a50e0e}
</style></head><body>
<h1>clock-agent: {{.Agent}}</h1>
{{if .CouldNotRun}}<p class="failed"><strong>The run could not happen:</strong> {{.CouldNotRun}}. Nothing was judged; this report certifies nothing.</p>{{end}}
<p>{{.Trials}} trial(s) per scenario. pass^k is the chance that {{.Trials}} trials all pass (τ-bench's estimator); the rate's interval is Wilson's at 95 %.
{{if not .Judged}}No judge model was given: the judged tier is <em>not judged</em>.{{end}}</p>
<table><tr><th>tier</th><th>scenarios passing every trial</th></tr>
{{range $tier := tiers}}{{with index $.Tiers $tier}}<tr><td>{{$tier}}</td><td>{{.Passed}}/{{.Total}}{{if .NotJudged}} ({{.NotJudged}} not judged){{end}}</td></tr>{{end}}{{end}}
</table>
<p>{{.CostLine}}</p>
<h2>Scenarios</h2>
<table><tr><th>scenario</th><th>tier</th><th>requirements</th><th>pass^{{.Trials}}</th><th>pass^1 … pass^n</th><th>rate</th><th>95 % interval</th></tr>
{{range .Scenarios}}<tr class="{{if eq .Status "not judged"}}notjudged{{else}}{{.Status}}{{end}}"><td>{{with firstfailed .}}<a href="#{{.}}">{{end}}{{.ID}}{{if firstfailed .}}</a>{{end}}<br>{{.Name}}</td><td>{{.Tier}}</td><td>{{range .Reqs}}{{.}} {{end}}</td>
<td>{{if .TrialsRun}}{{num .PassHatK}}{{else}}not judged{{end}}</td><td>{{ladder .Stats}}</td><td>{{.Passes}}/{{.TrialsRun}}</td><td>{{if .TrialsRun}}{{pct .RateLow95}}–{{pct .RateHigh95}}{{end}}</td></tr>
{{end}}</table>
<h2>Requirements</h2>
<p>A failed trial counts against the requirements its failing check decides (shown with the trial), or against every requirement its scenario cites when the check names none, and against all of them for a fault.</p>
<table><tr><th>requirement</th><th>strength</th><th>check</th><th>scenarios</th><th>pass^{{.Trials}} (mean)</th><th>pass^1 … pass^n (mean)</th><th>rate</th><th>95 % interval</th></tr>
{{range .Requirements}}{{if .Scenarios}}<tr><td>{{.ID}}<br><small>{{.Source}}</small></td><td>{{.Strength}}</td><td>{{.Check}}</td><td>{{len .Scenarios}}</td>
<td>{{if .TrialsRun}}{{num .PassHatK}}{{else}}not judged{{end}}</td><td>{{ladder .Stats}}</td><td>{{.Passes}}/{{.TrialsRun}}</td><td>{{if .TrialsRun}}{{pct .RateLow95}}–{{pct .RateHigh95}}{{end}}</td></tr>{{end}}
{{end}}</table>
<h2>Failing trials, and trials the judge could not judge</h2>
{{range .Scenarios}}{{$s := .}}{{range .Trials}}{{if failed .}}
<h3 id="{{anchor $s.ID .N}}">{{$s.ID}} — trial {{.N}}: {{.Verdict}}{{if .Fault}} ({{.Fault}}){{end}}</h3>
<p>{{if .Step}}Step <code>{{.Step}}</code>: {{end}}{{.Message}}{{if .Charged}} <small>(charged to {{range .Charged}}{{.}} {{end}})</small>{{end}}</p>
<table><tr><th>clock</th><th>what happened</th></tr>
{{range .Transcript}}<tr><td class="ev">{{.Clock}}</td><td><pre class="ev ev-{{.Kind}}{{if .OK}}{{if not (deref .OK)}} ev-check-false{{end}}{{end}}">{{if eq .Kind "user"}}{{.From}}: {{.Text}}{{else if eq .Kind "call"}}{{.Call.Tool}} {{json .Call.Args}}
→ {{if .Call.Refused}}<span class="refused">refused: {{.Call.Refused}}</span>{{else}}{{json .Call.Result}}{{end}}{{else if eq .Kind "check"}}{{if deref .OK}}✓{{else}}✗{{end}} {{.Text}}{{else}}{{.Kind}}: {{.Text}}{{end}}</pre></td></tr>
{{end}}</table>
{{end}}{{end}}{{end}}
</body></html>
`))
})

// trialAnchor is a trial's id in the HTML report: one per trial, so a
// scenario failing several trials has a heading for each, each its own
// link target. Its slashes are underscores, so that a link to it needs no
// escaping.
func trialAnchor(id string, n int) string {
	return fmt.Sprintf("%s_trial-%d", strings.ReplaceAll(id, "/", "_"), n)
}

// Redacted is the report with every occurrence of each secret (an API key)
// replaced by "[redacted]", in every string it holds: an endpoint or a
// judge may echo a key in a refusal, a reply or a reason, and a report is
// published. Secrets of fewer than 8 bytes are not looked for (no real key
// is so short, and "none" is the placeholder sent without one).
func (rep *Report) Redacted(secrets ...string) (*Report, error) {
	b, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	changed := false
	for _, s := range secrets {
		if len(s) < 8 {
			continue
		}
		q, _ := json.Marshal(s)
		inner := q[1 : len(q)-1] // the secret as a JSON string writes it
		if bytes.Contains(b, inner) {
			b, changed = bytes.ReplaceAll(b, inner, []byte("[redacted]")), true
		}
	}
	if !changed {
		return rep, nil
	}
	out := &Report{}
	if err := json.Unmarshal(b, out); err != nil {
		return nil, err
	}
	return out, nil
}

// RedactText replaces every secret of 8 bytes or more in s by "[redacted]".
func RedactText(s string, secrets ...string) string {
	for _, k := range secrets {
		if len(k) >= 8 {
			s = strings.ReplaceAll(s, k, "[redacted]")
		}
	}
	return s
}

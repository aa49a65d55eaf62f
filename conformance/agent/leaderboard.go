package agent

import (
	"fmt"
	"html/template"
	"io"
	"sync"
)

// Leaderboard is several runs side by side (models, prompts, samplings):
// per run its verdict, tiers and cost; per scenario and per requirement
// each run's pass^1…pass^n and rate.
type Leaderboard struct {
	Runs         []LeaderRun `json:"runs"`
	Scenarios    []LeaderRow `json:"scenarios"`
	Requirements []LeaderRow `json:"requirements"`
}

// LeaderRun is one run's column.
type LeaderRun struct {
	Label       string                `json:"label"`
	Agent       string                `json:"agent"`
	Trials      int                   `json:"trials"`
	Run         RunInfo               `json:"run"`
	Conforms    bool                  `json:"conforms"` // every required scenario passed every trial
	Passed      int                   `json:"passed"`   // scenarios, every trial
	Failed      int                   `json:"failed"`
	Tiers       map[string]*TierCount `json:"tiers"`
	Usage       Usage                 `json:"usage"`
	JudgeUsage  Usage                 `json:"judge_usage"`
	Retries     int                   `json:"retries"`
	WallSeconds float64               `json:"wall_seconds"`
}

// LeaderRow is one scenario or requirement across the runs.
type LeaderRow struct {
	ID    string        `json:"id"`
	Kind  string        `json:"kind"`  // a scenario's tier, a requirement's strength
	Cells []*LeaderCell `json:"cells"` // one per run; null: the run did not play it
}

// LeaderCell is one run's statistics of one row.
type LeaderCell struct {
	Status string `json:"status,omitempty"` // a scenario's
	Stats
}

// NewLeaderboard lines the runs up, rows in the order first seen.
func NewLeaderboard(reps []*Report) *Leaderboard {
	lb := &Leaderboard{}
	labels := uniqueLabels(reps)
	scRows, reqRows := map[string]int{}, map[string]int{}
	for i, r := range reps {
		lr := LeaderRun{Label: labels[i], Agent: r.Agent, Trials: r.Trials, Run: r.Run, Conforms: r.Conforms(TierRequired),
			Tiers: r.Tiers, Usage: r.Usage, JudgeUsage: r.JudgeUsage, Retries: r.Retries, WallSeconds: r.WallSeconds}
		for _, s := range r.Scenarios {
			switch s.Status() {
			case Passed:
				lr.Passed++
			case Failed:
				lr.Failed++
			}
			row := lb.row(&lb.Scenarios, scRows, s.ID, s.Tier, len(reps))
			row.Cells[i] = &LeaderCell{Status: s.Status(), Stats: s.Stats}
		}
		for _, q := range r.Requirements {
			if len(q.Scenarios) == 0 {
				continue
			}
			row := lb.row(&lb.Requirements, reqRows, q.ID, q.Strength, len(reps))
			row.Cells[i] = &LeaderCell{Stats: q.Stats}
		}
		lb.Runs = append(lb.Runs, lr)
	}
	return lb
}

func (lb *Leaderboard) row(rows *[]LeaderRow, index map[string]int, id, kind string, n int) *LeaderRow {
	i, ok := index[id]
	if !ok {
		i = len(*rows)
		index[id] = i
		*rows = append(*rows, LeaderRow{ID: id, Kind: kind, Cells: make([]*LeaderCell, n)})
	}
	return &(*rows)[i]
}

// WriteText prints the runs, one line each.
func (lb *Leaderboard) WriteText(w io.Writer) {
	for i, r := range lb.Runs {
		verdict := "conforms"
		if !r.Conforms {
			verdict = "does not conform"
		}
		req := "-"
		if tc := r.Tiers[TierRequired]; tc != nil {
			req = fmt.Sprintf("%d/%d", tc.Passed, tc.Total)
		}
		fmt.Fprintf(w, "%d. %s: required %s, %s; %d passed, %d failed; agent %s; %d retried; %.1f s\n",
			i+1, r.Label, req, verdict, r.Passed, r.Failed, r.Usage, r.Retries, r.WallSeconds)
	}
}

// WriteFiles writes leaderboard.json and leaderboard.html into dir.
func (lb *Leaderboard) WriteFiles(dir string) error {
	return writePair(dir, "leaderboard.json", "leaderboard.html", lb, func(w io.Writer) error { return leaderHTML().Execute(w, lb) })
}

var leaderHTML = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("leaderboard").Funcs(template.FuncMap{
		"num":   func(f float64) string { return fmt.Sprintf("%.2f", f) },
		"tiers": func() []string { return Tiers },
		"inc":   func(i int) int { return i + 1 },
		"cls": func(c *LeaderCell) string {
			switch {
			case c == nil:
				return "none"
			case c.TrialsRun == 0:
				return "notjudged"
			case c.Passes == c.TrialsRun:
				return "passed"
			}
			return "failed"
		},
	}).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>clock-agent leaderboard</title>
<style>
body{font:14px system-ui,sans-serif;margin:2em}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}
.passed{background:#e6f4ea}.failed{background:#fce8e6}.notjudged,.none{background:#f1f3f4}small{color:#5f6368}
</style></head><body>
<h1>clock-agent leaderboard</h1>
<p>Each column is one run (its shards merged). A cell gives pass^1 … pass^n (the chance that k trials
all pass, τ-bench's estimator C(c,k)/C(n,k)) and the passing trials of the trials run; a requirement's pass^k
is the mean of its scenarios'.</p>
<table><tr><th>#</th><th>run</th><th>verdict (required)</th>{{range tiers}}<th>{{.}}</th>{{end}}<th>agent tokens</th><th>requests</th><th>retries</th><th>wall</th></tr>
{{range $i, $r := .Runs}}<tr class="{{if .Conforms}}passed{{else}}failed{{end}}"><td>{{inc $i}}</td><td>{{.Label}}</td><td>{{if .Conforms}}conforms{{else}}does not conform{{end}}</td>
{{range $t := tiers}}<td>{{with index $r.Tiers $t}}{{.Passed}}/{{.Total}}{{if .NotJudged}} ({{.NotJudged}} not judged){{end}}{{end}}</td>{{end}}
<td>{{.Usage.TotalTokens}} <small>({{.Usage.PromptTokens}} prompt, {{.Usage.CompletionTokens}} completion)</small></td><td>{{.Usage.Requests}}</td><td>{{.Retries}}</td><td>{{printf "%.1f" .WallSeconds}} s</td></tr>
{{end}}</table>
<h2>Scenarios</h2>
<table><tr><th>scenario</th><th>tier</th>{{range $i, $r := .Runs}}<th>{{inc $i}}</th>{{end}}</tr>
{{range .Scenarios}}<tr><td>{{.ID}}</td><td>{{.Kind}}</td>{{range .Cells}}<td class="{{cls .}}">{{if .}}{{range .PassHat}}{{num .}} {{end}}<small>{{.Passes}}/{{.TrialsRun}}</small>{{else}}—{{end}}</td>{{end}}</tr>
{{end}}</table>
<h2>Requirements</h2>
<table><tr><th>requirement</th><th>strength</th>{{range $i, $r := .Runs}}<th>{{inc $i}}</th>{{end}}</tr>
{{range .Requirements}}<tr><td>{{.ID}}</td><td>{{.Kind}}</td>{{range .Cells}}<td class="{{cls .}}">{{if .}}{{range .PassHat}}{{num .}} {{end}}<small>{{.Passes}}/{{.TrialsRun}}</small>{{else}}—{{end}}</td>{{end}}</tr>
{{end}}</table>
</body></html>
`))
})

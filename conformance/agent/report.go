package agent

import (
	"fmt"
	"io"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/spec"
)

// Report is a run's verdicts: per scenario and per requirement.
type Report struct {
	Agent  string `json:"agent"`
	Trials int    `json:"trials"`
	Judged bool   `json:"judged"` // a judge model was given
	// CouldNotRun says why the run did not happen (an agent or a judge
	// that cannot be started or reached): nothing was judged.
	CouldNotRun  string               `json:"could_not_run,omitempty"`
	Scenarios    []*ScenarioResult    `json:"scenarios"`
	Requirements []*RequirementResult `json:"requirements"`
	// Tiers counts, per tier, the scenarios that passed every trial, those
	// that ran, and those not judged.
	Tiers map[string]*TierCount `json:"tiers"`
	// What the run cost: the retries of its requests, the tokens the
	// agent's and the judge's endpoints reported, when it started and its
	// wall time (for merged shards, the sum of theirs).
	Retries     int     `json:"retries"`
	Usage       Usage   `json:"usage"`
	JudgeUsage  Usage   `json:"judge_usage"`
	Started     string  `json:"started,omitempty"`
	WallSeconds float64 `json:"wall_seconds"`
	// Run is how the run was asked for: what makes shards one run, and
	// runs comparable (conform agent report).
	Run RunInfo `json:"run"`
}

// TierCount is one tier's tally.
type TierCount struct {
	Passed    int `json:"passed"` // every trial passed
	Total     int `json:"total"`
	NotJudged int `json:"not_judged,omitempty"`
}

// Stats are repeated trials' statistics.
type Stats struct {
	TrialsRun int     `json:"trials_run"` // trials with a verdict (not judged ones left out)
	Passes    int     `json:"passes"`
	PassHatK  float64 `json:"pass_hat_k"` // pass^k with k = the run's trials
	// PassHat is pass^1 … pass^n (PassHat[k-1] is pass^k), n the trials
	// run: how fast the chance of k passes in a row falls with k.
	PassHat    []float64 `json:"pass_hat"`
	PassRate   float64   `json:"pass_rate"`
	RateLow95  float64   `json:"rate_low_95"` // Wilson
	RateHigh95 float64   `json:"rate_high_95"`
}

// ScenarioResult is one scenario's trials.
type ScenarioResult struct {
	ID     string   `json:"id"`
	Name   string   `json:"name"`
	URI    string   `json:"uri"`
	Tier   string   `json:"tier"`
	Reqs   []string `json:"requirements"`
	Trials []Trial  `json:"trials"`
	Stats
}

// Status is the scenario's verdict over its trials: failed (a trial
// failed), not judged (no trial was, or the judge could not judge one),
// or passed (every trial).
func (s *ScenarioResult) Status() string {
	switch {
	case s.Passes < s.TrialsRun:
		return Failed
	case s.TrialsRun == 0 || s.judgeFailures() > 0:
		return NotJudged
	}
	return Passed
}

// judgeFailures counts the trials the judge could not judge.
func (s *ScenarioResult) judgeFailures() int {
	n := 0
	for _, t := range s.Trials {
		if t.JudgeFailed {
			n++
		}
	}
	return n
}

// RequirementResult pools the trials of the scenarios that cite one
// requirement: pass^k is the mean of theirs, the rate and its interval
// count every trial.
type RequirementResult struct {
	ID        string   `json:"id"`
	Strength  string   `json:"strength"`
	Check     string   `json:"check"`
	Source    string   `json:"source"`
	Scenarios []string `json:"scenarios"`
	Stats
}

// statsOf is the statistics of trials for one requirement ("" for the
// scenario as a whole): a failed trial charged to other requirements
// (Trial.Charged) passes for this one.
func statsOf(trials []Trial, k int, req string) Stats {
	var s Stats
	for _, t := range trials {
		if t.Verdict == NotJudged {
			continue
		}
		s.TrialsRun++
		if t.Verdict == Passed || req != "" && t.Verdict == Failed && len(t.Charged) > 0 && !slices.Contains(t.Charged, req) {
			s.Passes++
		}
	}
	if s.TrialsRun > 0 {
		s.PassHatK = PassHatK(s.TrialsRun, s.Passes, min(k, s.TrialsRun))
		s.PassRate = float64(s.Passes) / float64(s.TrialsRun)
		for j := 1; j <= s.TrialsRun; j++ {
			s.PassHat = append(s.PassHat, PassHatK(s.TrialsRun, s.Passes, j))
		}
	}
	s.RateLow95, s.RateHigh95 = Wilson(s.Passes, s.TrialsRun)
	return s
}

// Requirement is one entry of spec/clock-agent/requirements.yaml.
type Requirement struct {
	ID       string `yaml:"id"`
	Strength string `yaml:"strength"`
	Check    string `yaml:"check"`
	Source   string `yaml:"source"`
	Text     string `yaml:"text"`
}

// Requirements reads spec/clock-agent/requirements.yaml.
func Requirements() ([]Requirement, error) {
	b, err := fs.ReadFile(spec.FS(), Profile+"/requirements.yaml")
	if err != nil {
		return nil, err
	}
	var doc struct {
		Profile      string        `yaml:"profile"`
		Requirements []Requirement `yaml:"requirements"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("spec/%s/requirements.yaml: %w", Profile, err)
	}
	for _, r := range doc.Requirements {
		if !slices.Contains([]string{"must", "should", "may"}, r.Strength) || !slices.Contains([]string{"structural", "judged"}, r.Check) {
			return nil, fmt.Errorf("spec/%s/requirements.yaml: %s: strength must be must, should or may and check structural or judged", Profile, r.ID)
		}
	}
	return doc.Requirements, nil
}

func (rep *Report) tally() {
	rep.Tiers = map[string]*TierCount{}
	rep.Requirements, rep.Retries, rep.Usage, rep.JudgeUsage = nil, 0, Usage{}, Usage{}
	byReq := map[string][]*ScenarioResult{}
	for _, s := range rep.Scenarios {
		s.Stats = statsOf(s.Trials, rep.Trials, "")
		for _, t := range s.Trials {
			rep.Retries += t.Retries
			if t.Usage != nil {
				rep.Usage.Add(*t.Usage)
			}
			if t.JudgeUsage != nil {
				rep.JudgeUsage.Add(*t.JudgeUsage)
			}
		}
		tc := rep.Tiers[s.Tier]
		if tc == nil {
			tc = &TierCount{}
			rep.Tiers[s.Tier] = tc
		}
		tc.Total++
		switch s.Status() {
		case Passed:
			tc.Passed++
		case NotJudged:
			tc.NotJudged++
		}
		for _, r := range s.Reqs {
			byReq[r] = append(byReq[r], s)
		}
	}
	reqs, _ := Requirements() // checked by the package's tests; a run reports what it can
	known := map[string]bool{}
	for _, rq := range reqs {
		known[rq.ID] = true
		rr := &RequirementResult{ID: rq.ID, Strength: rq.Strength, Check: rq.Check, Source: rq.Source}
		rep.Requirements = append(rep.Requirements, rr)
	}
	var unknown []string
	for id := range byReq {
		if !known[id] {
			unknown = append(unknown, id)
		}
	}
	sort.Strings(unknown)
	for _, id := range unknown {
		rep.Requirements = append(rep.Requirements, &RequirementResult{ID: id})
	}
	for _, rr := range rep.Requirements {
		rr.tally(byReq[rr.ID], rep.Trials)
	}
}

// tally pools the trials of the scenarios citing the requirement, each
// trial charged as statsOf says: the rate counts every trial, pass^k is
// the mean of the scenarios' pass^k for this requirement (over those with
// k trials run).
func (rr *RequirementResult) tally(scs []*ScenarioResult, trials int) {
	var all []Trial
	var per []Stats
	for _, s := range scs {
		rr.Scenarios = append(rr.Scenarios, s.ID)
		all = append(all, s.Trials...)
		if st := statsOf(s.Trials, trials, rr.ID); st.TrialsRun > 0 {
			per = append(per, st)
		}
	}
	rr.Stats = statsOf(all, trials, rr.ID)
	rr.PassHatK, rr.PassHat = 0, nil
	if len(per) == 0 {
		return
	}
	for _, st := range per {
		rr.PassHatK += st.PassHatK
	}
	rr.PassHatK /= float64(len(per))
	for k := 1; ; k++ {
		sum, n := 0.0, 0
		for _, st := range per {
			if len(st.PassHat) >= k {
				sum += st.PassHat[k-1]
				n++
			}
		}
		if n == 0 {
			return
		}
		rr.PassHat = append(rr.PassHat, sum/float64(n))
	}
}

// Conforms says whether every scenario of the tiers passed every trial
// (a judged one without a judge is not judged, never failed). A trial the
// judge could not judge fails no scenario, but leaves the run uncertified:
// it does not conform either.
func (rep *Report) Conforms(tiers ...string) bool {
	for _, s := range rep.Scenarios {
		if slices.Contains(tiers, s.Tier) && (s.Status() == Failed || s.judgeFailures() > 0) {
			return false
		}
	}
	return true
}

// WriteSummary prints one line per scenario, the requirements, and the
// tiers.
func (rep *Report) WriteSummary(w io.Writer) {
	fmt.Fprintf(w, "clock-agent: %s, %d trial(s) per scenario\n", rep.Agent, rep.Trials)
	for _, s := range rep.Scenarios {
		status := strings.ToUpper(s.Status())
		fmt.Fprintf(w, "%-10s %-11s %-58s pass^%d %s  rate %d/%d %s%s%s\n", status, s.Tier, s.ID, rep.Trials, passK(s.Stats), s.Passes, s.TrialsRun, interval(s.Stats), ladder(s.Stats, rep.Trials), s.cost())
		for _, t := range s.Trials {
			if t.Verdict == Failed || t.Verdict == Faulted || t.JudgeFailed {
				charged := ""
				if len(t.Charged) > 0 {
					charged = " [" + strings.Join(t.Charged, ", ") + "]"
				}
				fmt.Fprintf(w, "    trial %d %s%s: %s\n", t.N, t.Verdict, charged, firstLine(t.Message))
			}
		}
	}
	fmt.Fprintf(w, "\nper requirement:\n")
	for _, r := range rep.Requirements {
		if len(r.Scenarios) == 0 {
			continue
		}
		fmt.Fprintf(w, "  %-22s %-6s %-10s pass^%d %s  rate %d/%d %s  (%d scenarios)%s\n", r.ID, r.Strength, r.Check, rep.Trials, passK(r.Stats), r.Passes, r.TrialsRun, interval(r.Stats), len(r.Scenarios), ladder(r.Stats, rep.Trials))
	}
	fmt.Fprintln(w)
	passed, failed := 0, 0
	for _, tier := range Tiers {
		tc := rep.Tiers[tier]
		if tc == nil {
			continue
		}
		line := fmt.Sprintf("%s %d/%d", tier, tc.Passed, tc.Total)
		if tc.NotJudged > 0 {
			line += fmt.Sprintf(" (%d not judged)", tc.NotJudged)
		}
		fmt.Fprintln(w, line)
	}
	for _, s := range rep.Scenarios {
		switch s.Status() {
		case Passed:
			passed++
		case Failed:
			failed++
		}
	}
	judgeFailures := 0
	for _, s := range rep.Scenarios {
		judgeFailures += s.judgeFailures()
	}
	if judgeFailures > 0 {
		fmt.Fprintf(w, "the judge could not judge %d trial(s): they are not judged, and the run is not certified\n", judgeFailures)
	}
	fmt.Fprintln(w, rep.CostLine())
	fmt.Fprintf(w, "conform agent: %d passed, %d failed\n", passed, failed)
}

// cost is what the scenario's trials took, for its summary line: their
// wall time, and the tokens and retries when there were any.
func (s *ScenarioResult) cost() string {
	var wall float64
	var u Usage
	retries := 0
	for _, t := range s.Trials {
		wall += t.WallSeconds
		retries += t.Retries
		if t.Usage != nil {
			u.Add(*t.Usage)
		}
	}
	out := fmt.Sprintf("  %.1f s", wall)
	if u.TotalTokens > 0 {
		out += fmt.Sprintf(", %d tokens", u.TotalTokens)
	}
	if retries > 0 {
		out += fmt.Sprintf(", %d retried", retries)
	}
	return out
}

// ladder is " pass^1..n a b c" when more than one trial ran.
func ladder(s Stats, trials int) string {
	if trials < 2 || len(s.PassHat) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  pass^1..%d", len(s.PassHat))
	for _, p := range s.PassHat {
		fmt.Fprintf(&b, " %.2f", p)
	}
	return b.String()
}

// CostLine says what the run cost: its requests and tokens, its retries,
// its wall time.
func (rep *Report) CostLine() string {
	line := fmt.Sprintf("cost: agent %s", rep.Usage)
	if rep.Judged {
		line += fmt.Sprintf("; judge %s", rep.JudgeUsage)
	}
	return line + fmt.Sprintf("; %d retried request(s); wall time %.1f s", rep.Retries, rep.WallSeconds)
}

func (u Usage) String() string {
	if u.Requests == 0 {
		return "0 requests"
	}
	return fmt.Sprintf("%d requests, %d tokens (%d prompt, %d completion)", u.Requests, u.TotalTokens, u.PromptTokens, u.CompletionTokens)
}

func passK(s Stats) string {
	if s.TrialsRun == 0 {
		return "   -"
	}
	return fmt.Sprintf("%.2f", s.PassHatK)
}

func interval(s Stats) string {
	if s.TrialsRun == 0 {
		return "(not judged)"
	}
	return fmt.Sprintf("[%.2f, %.2f]", s.RateLow95, s.RateHigh95)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// RunInfo is how a run was asked for, beyond the agent's name and the
// trials: what must agree for shards to be one run, and what tells runs
// apart on a leaderboard.
type RunInfo struct {
	SystemPrompt string   `json:"system_prompt_sha256,omitempty"` // the prompt's SHA-256, hex: the prompt itself may be private
	Temperature  *float64 `json:"temperature,omitempty"`
	Seed         *int64   `json:"seed,omitempty"`
	Judge        string   `json:"judge,omitempty"`  // the judge's endpoint and model
	Select       string   `json:"select,omitempty"` // --run's patterns
	Require      string   `json:"require,omitempty"`
	// Selection is the SHA-256 of the whole selection's scenario ids (before
	// the shard), Selected their count: shards of one run agree on both.
	Selection string `json:"selection,omitempty"`
	Selected  int    `json:"selected,omitempty"`
	Shard     string `json:"shard,omitempty"` // i/n, or empty
}

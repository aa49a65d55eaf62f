package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/clockspec/clockspec/conformance/selection"
)

// ReadReport reads a run's agent-summary.json: the file, or the folder
// --report wrote it into.
func ReadReport(path string) (*Report, error) {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		path = filepath.Join(path, "agent-summary.json")
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rep := &Report{}
	if err := json.Unmarshal(b, rep); err != nil {
		return nil, fmt.Errorf("%s: not an agent-summary.json: %v", path, err)
	}
	if rep.Agent == "" || rep.Trials < 1 {
		return nil, fmt.Errorf("%s: not an agent-summary.json: it names no agent or no trials", path)
	}
	return rep, nil
}

// Source is a report and where it was read from, for messages.
type Source struct {
	Path   string
	Report *Report
}

// runKey is what shards of one run agree on: everything but the shard's
// index (its count included).
func runKey(r *Report) string {
	info := r.Run
	if sh, err := selection.ParseShard(info.Shard); err == nil {
		info.Shard = fmt.Sprintf("of %d", sh.Count)
	}
	b, _ := json.Marshal(struct {
		Agent  string
		Trials int
		Judged bool
		Run    RunInfo
	}{r.Agent, r.Trials, r.Judged, info})
	return string(b)
}

// Runs groups reports into runs, in the order first seen: the shards of
// one run together, each other report alone. A report of a run that could
// not happen is an error: it has no verdict to merge or compare.
func Runs(srcs []Source) ([][]Source, error) {
	var keys []string
	groups := map[string][]Source{}
	for _, s := range srcs {
		if s.Report.CouldNotRun != "" {
			return nil, fmt.Errorf("%s: the run could not happen (%s): it has no verdict", s.Path, firstLine(s.Report.CouldNotRun))
		}
		k := runKey(s.Report)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], s)
	}
	out := make([][]Source, 0, len(keys))
	for _, k := range keys {
		out = append(out, groups[k])
	}
	return out, nil
}

// Merge joins the shards of one run into the run's report, its scenarios
// back in the selection's order: every shard once, none missing. A run
// that was not sharded is returned as it is (given once).
func Merge(run []Source) (*Report, error) {
	first := run[0]
	if first.Report.Run.Shard == "" {
		if len(run) > 1 {
			return nil, fmt.Errorf("%s and %s are the same run given twice", first.Path, run[1].Path)
		}
		return first.Report, nil
	}
	count := 0
	byIndex := map[int]Source{}
	for _, s := range run {
		sh, err := selection.ParseShard(s.Report.Run.Shard)
		if err != nil {
			return nil, fmt.Errorf("%s: shard %q: %v", s.Path, s.Report.Run.Shard, err)
		}
		count = sh.Count
		if prev, ok := byIndex[sh.Index]; ok {
			return nil, fmt.Errorf("shard %s is given twice: %s and %s", sh, prev.Path, s.Path)
		}
		byIndex[sh.Index] = s
	}
	var missing []string
	for i := 1; i <= count; i++ {
		if _, ok := byIndex[i]; !ok {
			missing = append(missing, fmt.Sprintf("%d/%d", i, count))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: shard %s %w (a verdict needs every shard of the run)", Label(first.Report), strings.Join(missing, ", "), errMissingShard)
	}
	m := &Report{Agent: first.Report.Agent, Trials: first.Report.Trials, Judged: first.Report.Judged, Run: first.Report.Run}
	m.Run.Shard = ""
	// Dealt round-robin: shard i's j-th scenario was the selection's
	// (j·count + i−1)-th.
	for j := 0; ; j++ {
		added := false
		for i := 1; i <= count; i++ {
			scs := byIndex[i].Report.Scenarios
			if j < len(scs) {
				m.Scenarios = append(m.Scenarios, scs[j])
				added = true
			}
		}
		if !added {
			break
		}
	}
	for i := 1; i <= count; i++ {
		r := byIndex[i].Report
		m.WallSeconds += r.WallSeconds
		if m.Started == "" || r.Started != "" && r.Started < m.Started {
			m.Started = r.Started
		}
	}
	if m.Run.Selected > 0 && len(m.Scenarios) != m.Run.Selected {
		return nil, fmt.Errorf("%s: the shards hold %d scenarios, the run's selection %d", Label(m), len(m.Scenarios), m.Run.Selected)
	}
	m.tally()
	return m, nil
}

// errMissingShard is a run some of whose shards were not given.
var errMissingShard = errors.New("missing")

// MergeRuns merges each run's shards (Merge). A run missing a shard while
// a shard of the same count belongs to another run is told so: they are
// shards of different runs, and what tells the runs apart is named.
func MergeRuns(runs [][]Source) ([]*Report, error) {
	var out []*Report
	for i, r := range runs {
		m, err := Merge(r)
		if err != nil {
			if errors.Is(err, errMissingShard) {
				for j, o := range runs {
					if j != i && shardCount(o[0].Report) == shardCount(r[0].Report) {
						return nil, fmt.Errorf("%w; %s is a shard of another run, not merged with %s: they differ in %s",
							err, o[0].Path, r[0].Path, differ(r[0].Report, o[0].Report))
					}
				}
			}
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// differ names what two runs disagree on.
func differ(a, b *Report) string {
	var d []string
	add := func(name string, x, y any) {
		xb, _ := json.Marshal(x)
		yb, _ := json.Marshal(y)
		if string(xb) != string(yb) {
			d = append(d, fmt.Sprintf("%s (%s vs %s)", name, xb, yb))
		}
	}
	add("agent", a.Agent, b.Agent)
	add("trials", a.Trials, b.Trials)
	add("judged", a.Judged, b.Judged)
	add("system prompt", a.Run.SystemPrompt, b.Run.SystemPrompt)
	add("temperature", a.Run.Temperature, b.Run.Temperature)
	add("seed", a.Run.Seed, b.Run.Seed)
	add("judge", a.Run.Judge, b.Run.Judge)
	add("--run", a.Run.Select, b.Run.Select)
	add("--require", a.Run.Require, b.Run.Require)
	add("selection", a.Run.Selection, b.Run.Selection)
	ca, cb := shardCount(a), shardCount(b)
	add("shard count", ca, cb)
	if len(d) == 0 {
		return "nothing the kit records"
	}
	return strings.Join(d, ", ")
}

func shardCount(r *Report) int {
	sh, _ := selection.ParseShard(r.Run.Shard)
	return sh.Count
}

// Label names a run on a leaderboard: the agent, and what else tells it
// apart (the prompt, the sampling).
func Label(r *Report) string {
	parts := []string{r.Agent}
	if p := r.Run.SystemPrompt; p != "" {
		parts = append(parts, "prompt "+p[:min(8, len(p))])
	}
	if t := r.Run.Temperature; t != nil {
		parts = append(parts, fmt.Sprintf("temperature %g", *t))
	}
	if s := r.Run.Seed; s != nil {
		parts = append(parts, fmt.Sprintf("seed %d", *s))
	}
	if r.Run.Select != "" {
		parts = append(parts, "--run "+r.Run.Select)
	}
	parts = append(parts, fmt.Sprintf("%d trial(s)", r.Trials))
	return strings.Join(parts, ", ")
}

// uniqueLabels labels each run, numbering the runs that share a label.
func uniqueLabels(reps []*Report) []string {
	labels := make([]string, len(reps))
	count := map[string]int{}
	for i, r := range reps {
		labels[i] = Label(r)
		count[labels[i]]++
	}
	seen := map[string]int{}
	for i, l := range labels {
		if count[l] > 1 {
			seen[l]++
			labels[i] = fmt.Sprintf("%s (#%d)", l, seen[l])
		}
	}
	return labels
}

package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clockspec/clockspec/features"
)

// Shard is one part of a run split across CI jobs: Index of Count, from 1.
// The selection (after --tags, --run and --skip), in suite order, is dealt
// round-robin: its k-th scenario (from 0) belongs to shard k mod Count + 1.
// Every shard of one checkout therefore gets a disjoint, balanced part, and
// the shards together are the whole selection.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// ParseShard reads "i/n" (1 ≤ i ≤ n).
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	sh := Shard{Index: i, Count: n}
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard %q: want i/n, e.g. 2/4", s)
	}
	if err := sh.validate(); err != nil {
		return Shard{}, err
	}
	return sh, nil
}

func (s Shard) validate() error {
	if s == (Shard{}) {
		return nil
	}
	if s.Count < 1 || s.Index < 1 || s.Index > s.Count {
		return fmt.Errorf("--shard %d/%d: want 1 ≤ i ≤ n", s.Index, s.Count)
	}
	return nil
}

func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// applyShard removes from selected the scenarios of other shards.
func applyShard(s *features.Suite, selected map[string]bool, tags string, sh Shard) {
	k := 0
	for _, sc := range s.Scenarios {
		if !selected[sc.ID] || !tagsMatch(tags, sc.Tags) {
			continue
		}
		if k%sh.Count != sh.Index-1 {
			delete(selected, sc.ID)
		}
		k++
	}
}

// Selection lists the scenarios a run with these filters would consider, in
// suite order, after checking the tag expression and patterns like Run.
func Selection(s *features.Suite, tags string, run, skip []Pattern, sh Shard) ([]*features.Scenario, error) {
	if err := checkTagExpr(s, tags); err != nil {
		return nil, err
	}
	if err := sh.validate(); err != nil {
		return nil, err
	}
	sel := Select(s, run, skip)
	if sh.Count > 0 {
		applyShard(s, sel, tags, sh)
	}
	var out []*features.Scenario
	for _, sc := range s.Scenarios {
		if sel[sc.ID] && tagsMatch(tags, sc.Tags) {
			out = append(out, sc)
		}
	}
	return out, nil
}

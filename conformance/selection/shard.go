package selection

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one part of a run split across CI jobs: Index of Count, from 1.
// The selection (after Tags, Run and Skip), in suite order, is dealt
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
		return Shard{}, &OptionError{Option: "Shard", Value: s, Problem: "want i/n, e.g. 2/4"}
	}
	if sh == (Shard{}) {
		// Written out, 0/0 is not "no sharding" (the zero Shard) but a
		// shard that cannot be.
		return Shard{}, &OptionError{Option: "Shard", Value: s, Problem: "want 1 ≤ i ≤ n"}
	}
	if err := sh.Validate(); err != nil {
		return Shard{}, err
	}
	return sh, nil
}

// Validate reports a shard that is not the zero Shard (no sharding) and
// not 1 ≤ Index ≤ Count.
func (s Shard) Validate() error {
	if s == (Shard{}) {
		return nil
	}
	if s.Count < 1 || s.Index < 1 || s.Index > s.Count {
		return &OptionError{Option: "Shard", Value: fmt.Sprintf("%d/%d", s.Index, s.Count), Problem: "want 1 ≤ i ≤ n"}
	}
	return nil
}

func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

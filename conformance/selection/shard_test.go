package selection_test

import (
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/selection"
	"github.com/clockspec/clockspec/features"
)

func TestReadPatternFile(t *testing.T) {
	ps, err := selection.ParsePatternList("known.txt", []byte("# porting v1\nv1/escape-xml/**   # escaping comes later\n\n  v1/timezone/valid-iana\n"))
	if err != nil || len(ps) != 2 || ps[0] != "v1/escape-xml/**" || ps[1] != "v1/timezone/valid-iana" {
		t.Fatalf("%v %v", ps, err)
	}
	for _, bad := range []string{"v1/a v1/b\n", "v1/[x\n"} {
		if _, err := selection.ParsePatternList("known.txt", []byte(bad)); err == nil || !strings.Contains(err.Error(), "known.txt:1") {
			t.Errorf("%q: want an error naming the line, got %v", bad, err)
		}
	}
}

func TestShardsSplitTheSelection(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	all, err := selection.Of(suite, selection.Filter{Tags: "@v1"})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for i := 1; i <= 3; i++ {
		part, err := selection.Of(suite, selection.Filter{Tags: "@v1", Shard: selection.Shard{Index: i, Count: 3}})
		if err != nil {
			t.Fatal(err)
		}
		if d := len(part) - len(all)/3; d < 0 || d > 1 {
			t.Errorf("shard %d/3 has %d of %d scenarios", i, len(part), len(all))
		}
		for _, sc := range part {
			seen[sc.ID]++
		}
	}
	for _, sc := range all {
		if seen[sc.ID] != 1 {
			t.Errorf("%s is in %d shards", sc.ID, seen[sc.ID])
		}
	}
	if len(seen) != len(all) {
		t.Errorf("the shards hold %d scenarios, the selection %d", len(seen), len(all))
	}
	for _, bad := range []string{"0/3", "4/3", "1", "a/b", "1/0", "0/0"} {
		if _, err := selection.ParseShard(bad); err == nil {
			t.Errorf("--shard %s accepted", bad)
		}
	}
}

package scripted_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// docs/agent-protocol.md's table of the kit's agents tells the truth: each
// flaw is listed, its count of failed scenarios is the count a run gives,
// and every scenario it names rejects it.
func TestDocsTableOfVariantsIsTrue(t *testing.T) {
	b, err := os.ReadFile("../../../docs/agent-protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `scripted:([a-z-]+)` \\| [^|]+ \\| ([^|]+) \\|$")
	count := regexp.MustCompile(`^(\d+) `)
	named := regexp.MustCompile("`([a-z-]+/[a-z0-9-]+)`")
	rows := row.FindAllStringSubmatch(string(b), -1)
	if len(rows) != len(scripted.Flaws) {
		t.Fatalf("the table lists %d agents, there are %d flaws", len(rows), len(scripted.Flaws))
	}
	for _, r := range rows {
		a, ok := scripted.ByName(r[1])
		if !ok || a.Flaw == "" {
			t.Errorf("the table lists %q, which is no flaw", r[1])
			continue
		}
		rep := run(t, a, 1)
		failed := map[string]bool{}
		n := 0
		for _, s := range rep.Scenarios {
			if s.Status() == agent.Failed {
				failed[strings.TrimPrefix(s.ID, "clock-agent/")] = true
				if s.Tier == agent.TierRequired {
					n++
				}
			}
		}
		if m := count.FindStringSubmatch(r[2]); m != nil {
			if want, _ := strconv.Atoi(m[1]); want != n {
				t.Errorf("the table says %s fails %d required scenarios; it fails %d", r[1], want, n)
			}
		}
		for _, id := range named.FindAllStringSubmatch(r[2], -1) {
			if !failed[id[1]] {
				t.Errorf("the table says %s is rejected by %s; it passes it", r[1], id[1])
			}
		}
	}
}

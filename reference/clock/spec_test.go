package clock

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/internal/musts"
	"github.com/clockspec/clockspec/spec"
)

// TestOperationsMatchTheSpec: the reference implements exactly the
// operations spec/clock-core/operations.yaml defines.
func TestOperationsMatchTheSpec(t *testing.T) {
	t.Parallel()
	cat, _ := catalogAndSuite(t)
	p, ok := cat.Profile("clock-core")
	if !ok {
		t.Fatal("no clock-core profile")
	}
	impl := Operations()
	for _, op := range p.Operations {
		if impl[op.Name] == nil {
			t.Errorf("spec defines %s, the reference lacks it", op.Name)
		}
		delete(impl, op.Name)
	}
	for name := range impl {
		t.Errorf("the reference implements %s, which spec does not define", name)
	}
}

// certifications are the values musts.yaml may give a MUST.
var certifications = map[string]bool{"certified": true, "partly certified": true, "judged": true, "agent-level, not yet certifiable": true}

// TestMustsListingIsComplete checks spec/clock-core/musts.yaml against the
// requirements, the scenarios' @req: tags, the Go tests and — when it is at
// hand — the seed itself. With -v it prints every MUST with its scenarios.
func TestMustsListingIsComplete(t *testing.T) {
	t.Parallel()
	b, err := fs.ReadFile(spec.FS(), "clock-core/musts.yaml")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := musts.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	cat, suite := catalogAndSuite(t)
	byReq := musts.Covering(suite)
	reqsOf := map[string]map[string]bool{} // base id → requirement ids
	for _, sc := range suite.Scenarios {
		if sc.Profile != "clock-core" {
			continue
		}
		if reqsOf[sc.BaseID] == nil {
			reqsOf[sc.BaseID] = map[string]bool{}
		}
		for _, r := range sc.Reqs {
			reqsOf[sc.BaseID][r] = true
		}
	}
	tests := goTestNames(t)
	lines := map[int]bool{}
	// The clock-agent conversations, which features.Load leaves out.
	agentSuite, err := features.LoadProfiles(features.FS(), []string{"clock-agent"})
	if err != nil {
		t.Fatal(err)
	}
	agentScenarios := map[string]*features.Scenario{}
	for _, sc := range agentSuite.Scenarios {
		// An outline is named by its id, one of its rows by the row's.
		agentScenarios[sc.BaseID] = sc
		agentScenarios[sc.ID] = sc
	}
	for _, m := range doc.Musts {
		where := "musts.yaml line " + strconv.Itoa(m.Line)
		if lines[m.Line] {
			t.Errorf("%s: two entries", where)
		}
		lines[m.Line] = true
		if !strings.Contains(m.Quote, "MUST") || m.Section == "" {
			t.Errorf("%s: an entry needs a section and a quote with its MUST", where)
		}
		if m.Untestable() {
			if len(m.Reason) < 40 || len(m.Requirements)+len(m.Scenarios) > 0 {
				t.Errorf("%s: an untestable MUST needs a reason and nothing else", where)
			}
			t.Logf("MUST %s (%s): not testable — %s", where, m.Section, m.Reason)
			continue
		}
		if len(m.Requirements) == 0 || len(m.Scenarios) == 0 {
			t.Errorf("%s: a MUST needs requirements and scenarios", where)
		}
		if !certifications[m.Certification] || strings.TrimSpace(m.WrongPasses) == "" {
			t.Errorf("%s: a MUST needs a certification (certified, partly certified, judged, agent-level, not yet certifiable) and wrong_passes", where)
		}
		if m.Certification == "judged" && len(m.AgentScenarios) == 0 {
			t.Errorf("%s: a judged MUST names the clock-agent scenarios a judge reads", where)
		}
		for _, s := range m.AgentScenarios {
			sc, ok := agentScenarios[s]
			if !ok {
				t.Errorf("%s: %s is not a clock-agent scenario", where, s)
				continue
			}
			if m.Certification == "judged" && !slices.Contains(sc.Tags, "@judged") {
				t.Errorf("%s: %s is not @judged, for a MUST only a judge certifies", where, s)
			}
			if !slices.ContainsFunc(sc.Reqs, func(r string) bool { return strings.HasPrefix(r, "AGT-") }) {
				t.Errorf("%s: %s cites no clock-agent requirement", where, s)
			}
		}
		covering := map[string]bool{}
		for _, r := range m.Requirements {
			if _, ok := cat.Requirement(r); !ok || !strings.HasPrefix(r, "CLK-") {
				t.Errorf("%s: %s is not a clock-core requirement", where, r)
			}
			if len(byReq[r]) == 0 {
				t.Errorf("%s: no scenario cites %s", where, r)
			}
			for _, id := range byReq[r] {
				covering[id] = true
			}
		}
		for _, s := range m.Scenarios {
			reqs, ok := reqsOf[s]
			if !ok {
				t.Errorf("%s: scenario %s does not exist", where, s)
				continue
			}
			cites := false
			for _, r := range m.Requirements {
				cites = cites || reqs[r]
			}
			if !cites {
				t.Errorf("%s: scenario %s cites none of %v", where, s, m.Requirements)
			}
		}
		for _, name := range m.Tests {
			if !tests[name] {
				t.Errorf("%s: Go test %s does not exist", where, name)
			}
		}
		ids := make([]string, 0, len(covering))
		for id := range covering {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		t.Logf("MUST %s (%s) %q\n    requirements %v, tests %v\n    %d scenarios: %s", where, m.Section, m.Quote, m.Requirements, m.Tests, len(ids), strings.Join(ids, ", "))
	}
	// The listing is gen's (make gen writes it, make check checks it); it
	// is checked here too, so go test alone catches a stale one.
	const listingFile = "../../" + musts.ListingPath
	if have, _ := os.ReadFile(listingFile); !bytes.Equal(have, musts.Listing(doc, suite)) {
		t.Errorf("%s is stale: run make gen", musts.ListingPath)
	}
	// Against the seed: one entry per line that says MUST, quoting it.
	path := os.Getenv("CLOCKSPEC_SEED_004")
	if path == "" {
		// The seed's text as the kit received it, kept beside the listing
		// so the line-by-line check always runs.
		path = filepath.Join("..", "..", "spec", "clock-core", "seed-004.txt")
	}
	seed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("seed 004: %v", err)
	}
	seedLines := strings.Split(string(seed), "\n")
	n := 0
	for i, l := range seedLines {
		if !strings.Contains(l, "MUST") {
			continue
		}
		n++
		if !lines[i+1] {
			t.Errorf("seed line %d says MUST but musts.yaml has no entry for it: %s", i+1, strings.TrimSpace(l))
		}
	}
	for _, m := range doc.Musts {
		if m.Line < 1 || m.Line > len(seedLines) || strings.TrimSpace(seedLines[m.Line-1]) != m.Quote {
			t.Errorf("musts.yaml line %d: the quote is not that seed line", m.Line)
		}
	}
	if n != len(doc.Musts) {
		t.Errorf("the seed has %d MUST lines, musts.yaml %d entries", n, len(doc.Musts))
	}
}

var testFunc = regexp.MustCompile(`(?m)^func ((?:Test|Fuzz|Benchmark)[A-Za-z0-9_]*)\(`)

func goTestNames(t *testing.T) map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range testFunc.FindAllSubmatch(b, -1) {
			out[string(m[1])] = true
		}
	}
	return out
}

package clock

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/spec"
)

type grammarCase struct {
	Case               string  `yaml:"case"`
	Text               string  `yaml:"text"`
	TZ                 *string `yaml:"tz"`
	Reference          string  `yaml:"reference_instant"`
	Kind               string  `yaml:"kind"`
	Start              *string `yaml:"start"`
	End                *string `yaml:"end"`
	Zone               *string `yaml:"zone"`
	ZoneSource         *string `yaml:"zone_source"`
	DST                *string `yaml:"dst"`
	NeedsClarification bool    `yaml:"needs_clarification"`
	Question           *string `yaml:"question"`
}

func grammarCases(t *testing.T) (string, []grammarCase) {
	t.Helper()
	b, err := fs.ReadFile(spec.FS(), "clock-core/grammar_cases.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Reference string        `yaml:"reference_instant"`
		Cases     []grammarCase `yaml:"cases"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	return doc.Reference, doc.Cases
}

func str(p *string) string {
	if p == nil {
		return "null"
	}
	return *p
}

// TestGrammarCaseTable runs spec/clock-core/grammar_cases.yaml.
func TestGrammarCaseTable(t *testing.T) {
	ref, cases := grammarCases(t)
	seen := map[string]bool{}
	for _, c := range cases {
		if seen[c.Case] {
			t.Errorf("case %s appears twice", c.Case)
		}
		seen[c.Case] = true
		r := ref
		if c.Reference != "" {
			r = c.Reference
		}
		var anchor *Zone
		if c.TZ != nil {
			anchor = zone(t, *c.TZ)
		}
		got := ParseOutput(ParseAnchoredTime(c.Text, anchor, at(t, r)), anchor)
		want := parseOut{Kind: c.Kind, Start: c.Start, End: c.End, Zone: c.Zone, ZoneSource: c.ZoneSource, DST: c.DST,
			NeedsClarification: c.NeedsClarification, ClarificationQuestion: c.Question}
		if mustJSON(t, got) != mustJSON(t, want) {
			t.Errorf("%s %q (tz %s):\nwant %s\n got %s", c.Case, c.Text, str(c.TZ), mustJSON(t, want), mustJSON(t, got))
		}
	}
	if len(cases) < 80 {
		t.Errorf("only %d cases", len(cases))
	}
}

// TestGrammarCasesAreScenarios: every row of the case table is a row of
// parse_anchored_time.feature, so the suite checks what the table says.
func TestGrammarCasesAreScenarios(t *testing.T) {
	_, suite := catalogAndSuite(t)
	rows := map[string]bool{}
	for _, sc := range suite.Scenarios {
		if strings.HasPrefix(sc.ID, "clock-core/parse/") {
			rows[sc.ID[strings.LastIndex(sc.ID, "/")+1:]] = true
		}
	}
	_, cases := grammarCases(t)
	for _, c := range cases {
		if !rows[c.Case] {
			t.Errorf("grammar case %s has no scenario row in parse_anchored_time.feature", c.Case)
		}
	}
}

func BenchmarkParseAnchoredTime(b *testing.B) {
	anchor := zone(b, "America/New_York")
	ref := at(b, "2026-02-10T03:02:00Z")
	texts := []string{"tomorrow at 9am", "2026-03-08 02:30", "in 2 hours", "9:30 pm Tokyo time", "tonight", "banana"}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ParseAnchoredTime(texts[i%len(texts)], anchor, ref)
	}
}

package clock

import (
	"encoding/json"
	"strings"
	"testing"
)

// parseCall is a call of clock-core.parse_anchored_time that a scenario of
// the suite makes, with the whole answer the scenario expects.
type parseCall struct {
	id    string
	input struct {
		Text      string  `json:"text"`
		TZ        *string `json:"tz"`
		Reference string  `json:"reference_instant"`
	}
	want parseOut
}

const (
	parseStep   = `I call "clock-core.parse_anchored_time" with `
	answerIsAll = `the output is, apart from the text at "clarification_question":`
)

// parseCalls are the calls of the parse scenarios (grammar.md's case
// table, in the suite) that give a whole answer.
func parseCalls(t *testing.T) []parseCall {
	t.Helper()
	_, suite := catalogAndSuite(t)
	var calls []parseCall
	for _, sc := range suite.Scenarios {
		if !strings.HasPrefix(sc.ID, "clock-core/parse/") {
			continue
		}
		c := parseCall{id: sc.ID}
		in, out := false, false
		for _, st := range sc.Steps {
			if arg, ok := strings.CutPrefix(st.Text, parseStep); ok {
				if err := json.Unmarshal([]byte(arg), &c.input); err != nil {
					t.Fatalf("%s: %v", sc.ID, err)
				}
				in = true
			}
			if st.Text == answerIsAll && st.Argument != nil && st.Argument.DocString != nil {
				dec := json.NewDecoder(strings.NewReader(st.Argument.DocString.Content))
				dec.DisallowUnknownFields()
				if err := dec.Decode(&c.want); err != nil {
					t.Fatalf("%s: %v", sc.ID, err)
				}
				out = true
			}
		}
		if in && out {
			calls = append(calls, c)
		}
	}
	return calls
}

func str(p *string) string {
	if p == nil {
		return "null"
	}
	return *p
}

// The parser answers every parse scenario of the suite (the case table of
// grammar.md) exactly, its clarification questions included, which the
// suite leaves to each implementation's own words.
func TestParserAnswersEveryParseScenario(t *testing.T) {
	calls := parseCalls(t)
	for _, c := range calls {
		var anchor *Zone
		if c.input.TZ != nil {
			anchor = zone(t, *c.input.TZ)
		}
		got := ParseOutput(ParseAnchoredTime(c.input.Text, anchor, at(t, c.input.Reference)), anchor)
		if mustJSON(t, got) != mustJSON(t, c.want) {
			t.Errorf("%s %q (tz %s):\nwant %s\n got %s", c.id, c.input.Text, str(c.input.TZ), mustJSON(t, c.want), mustJSON(t, got))
		}
	}
	if len(calls) < 80 {
		t.Errorf("only %d parse scenarios with a whole answer", len(calls))
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

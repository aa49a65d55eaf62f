package clock

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"gopkg.in/yaml.v3"
)

func TestDefaultPolicyIsTheEmbeddedBlock(t *testing.T) {
	p := DefaultPolicy()
	c := p.Clock
	if !c.Enabled || c.Mode != "light" || !c.CrossChannelTracking || c.AmbiguityThresholdHours != 4 ||
		!c.Store.LastMessageTimestamps || c.Store.LatestActions.MaxItems != 25 || c.Store.LatestActions.StoreQuotes ||
		len(c.Checkins.Rules) != 3 || c.Checkins.Rules[1].When.ElapsedGTE.D.Hours() != 2 ||
		!c.Inference.RequireConfirmationForImpactfulActions {
		t.Fatalf("the default policy is not the §0 block: %+v", c)
	}
	for _, doc := range []string{"", "  \n", "# nothing\n", "---\n", "~\n", "null\n"} {
		l, err := LoadPolicy([]byte(doc))
		if err != nil || l.Source != SourceDefault || mustJSON(t, l.Policy) != mustJSON(t, p) {
			t.Errorf("%q: want the default block, got %s %v", doc, l.Source, err)
		}
	}
}

func TestPolicyDocuments(t *testing.T) {
	cases := []struct {
		name, doc string
		line      int    // 0: valid
		message   string // a part of the first problem
	}{
		{"valid partial", "clock:\n  mode: normal\n", 0, ""},
		{"valid rules", "clock:\n  checkins:\n    rules:\n      - {id: a, when: {elapsed_gte: PT1H}, then: {offer_recap: true}}\n", 0, ""},
		{"unknown root", "clocks: {}\n", 1, `unknown key "clocks"`},
		{"unknown nested", "clock:\n  store:\n    x: 1\n", 3, `unknown key "x"`},
		{"duplicate", "clock:\n  mode: light\n  mode: normal\n", 3, "appears twice"},
		{"yes", "clock:\n  enabled: yes\n", 2, "must be true or false"},
		{"string int", "clock:\n  store:\n    latest_actions:\n      max_items: \"25\"\n", 4, "must be an integer"},
		{"float int", "clock:\n  store:\n    latest_actions:\n      max_items: 25.0\n", 4, "must be an integer"},
		{"zero items", "clock:\n  store:\n    latest_actions:\n      max_items: 0\n", 4, "from 1 to 1000"},
		{"null", "clock:\n  mode:\n", 2, "got null"},
		{"key not string", "clock:\n  1: x\n", 2, "keys must be plain strings"},
		{"month", "clock:\n  checkins:\n    rules:\n      - {id: a, when: {elapsed_gte: P1M}, then: {offer_recap: true}}\n", 4, "years or months"},
		{"fraction", "clock:\n  checkins:\n    rules:\n      - {id: a, when: {elapsed_gte: PT1.5H}, then: {offer_recap: true}}\n", 4, "not an ISO 8601 duration"},
		{"duration number", "clock:\n  checkins:\n    rules:\n      - {id: a, when: {elapsed_gte: 3600}, then: {offer_recap: true}}\n", 4, "ISO 8601 duration string"},
		{"rules mapping", "clock:\n  checkins:\n    rules: {id: a}\n", 3, "list of rules"},
		{"rule not mapping", "clock:\n  checkins:\n    rules: [a]\n", 3, "must be a mapping"},
		{"anchor", "clock: &x {}\n", 1, "anchors and aliases"},
		{"alias key", "a: &k mode\nclock: {*k : light}\n", 1, "anchors and aliases"},
		{"two docs", "clock: {}\n---\nclock: {}\n", 2, "only one YAML document"},
		{"bad yaml", "clock: [\n", 1, "not valid YAML"},
		{"negative threshold", "clock:\n  ambiguity_threshold_hours: -1\n", 2, "at least 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadPolicy([]byte(c.doc))
			if c.line == 0 {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			var pe *PolicyError
			if !errors.As(err, &pe) {
				t.Fatalf("want a *PolicyError, got %v", err)
			}
			p := pe.Problems[0]
			if p.Line != c.line || !strings.Contains(p.Message, c.message) {
				t.Fatalf("want line %d %q, got %s", c.line, c.message, p)
			}
			if !strings.Contains(err.Error(), "line ") {
				t.Errorf("the error must name the line: %v", err)
			}
		})
	}
}

// TestPolicySizeLimit: the 64 KiB limit, exactly at, below and above.
func TestPolicySizeLimit(t *testing.T) {
	doc := func(n int) []byte {
		b := []byte("clock:\n  mode: normal\n# ")
		b = append(b, bytes.Repeat([]byte("x"), n-len(b)-1)...)
		return append(b, '\n')
	}
	for _, c := range []struct {
		size int
		ok   bool
	}{{MaxPolicyBytes - 1, true}, {MaxPolicyBytes, true}, {MaxPolicyBytes + 1, false}, {10 << 20, false}} {
		d := doc(c.size)
		if len(d) != c.size {
			t.Fatalf("built %d bytes, want %d", len(d), c.size)
		}
		_, err := LoadPolicy(d)
		if (err == nil) != c.ok {
			t.Errorf("%d bytes: ok=%v, err=%v", c.size, c.ok, err)
		}
	}
}

// TestAliasBombIsCheap: a billion-laughs document is refused at once.
func TestAliasBombIsCheap(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	for i := 1; i < 30; i++ {
		b.WriteString("a" + strconv.Itoa(i) + ": &a" + strconv.Itoa(i) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + strconv.Itoa(i-1))
		}
		b.WriteString("]\n")
	}
	b.WriteString("clock: *a29\n")
	_, err := LoadPolicy([]byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "anchors and aliases") {
		t.Fatalf("want the alias refusal, got %v", err)
	}
}

func TestDurations(t *testing.T) {
	for _, c := range []struct {
		in   string
		secs int64 // -1: refused
	}{
		{"P1D", 86400}, {"PT2H", 7200}, {"P1DT12H", 129600}, {"P2W", 1209600}, {"PT5M30S", 330},
		{"P0D", 0}, {"PT0S", 0}, {"P1W1D", 691200}, {"P36500D", 36500 * 86400},
		{"P36501D", -1}, {"PT876000H", 876000 * 3600}, {"PT876001H", -1}, {"P5214W", 5214 * 7 * 86400}, {"P5215W", -1},
		{"P99999999999999999999D", -1}, {"P", -1}, {"PT", -1}, {"P1DT", -1}, {"p1d", -1}, {"P1M", -1}, {"P1Y", -1},
		{"PT1.5H", -1}, {"1D", -1}, {"P-1D", -1}, {"P1D ", -1}, {"", -1},
	} {
		d, err := ParseDuration(c.in)
		switch {
		case c.secs < 0 && err == nil:
			t.Errorf("%q: accepted as %v", c.in, d.D)
		case c.secs >= 0 && (err != nil || int64(d.D.Seconds()) != c.secs):
			t.Errorf("%q: want %ds, got %v %v", c.in, c.secs, d.D, err)
		}
	}
}

func TestMergeRules(t *testing.T) {
	l, err := LoadPolicy([]byte("clock:\n  store:\n    latest_actions: {max_items: 3}\n  checkins:\n    rules: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	c := l.Policy.Clock
	if c.Store.LatestActions.MaxItems != 3 || !c.Store.LatestActions.Enabled || len(c.Checkins.Rules) != 0 || !c.Checkins.Enabled {
		t.Fatalf("merge: %+v", c)
	}
	want := []string{"clock.checkins.rules", "clock.store.latest_actions.max_items"}
	if mustJSON(t, l.Overridden) != mustJSON(t, want) {
		t.Errorf("overridden %v, want %v", l.Overridden, want)
	}
	o, err := l.Policy.WithOverrides(json.RawMessage(`{"mode": "off", "store": {"latest_actions": {"store_quotes": true}}}`))
	if err != nil || o.Clock.Mode != "off" || !o.Clock.Store.LatestActions.StoreQuotes || o.Clock.Store.LatestActions.MaxItems != 3 {
		t.Fatalf("overrides: %+v %v", o.Clock, err)
	}
	if _, err := l.Policy.WithOverrides(json.RawMessage(`{"mode": "loud"}`)); err == nil {
		t.Error("invalid overrides accepted")
	}
	if _, err := PolicyFromJSON(json.RawMessage(`{"clock": {"bogus": 1}}`)); err == nil {
		t.Error("a JSON policy with an unknown key was accepted")
	}
}

func compileSchema(t *testing.T, rel string) map[string]*jsonschema.Schema {
	t.Helper()
	raw := repoFile(t, rel)
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	url := "https://clockspec.dev/test/" + rel
	if err := c.AddResource(url, bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	out := map[string]*jsonschema.Schema{"": c.MustCompile(url)}
	var doc struct {
		Defs map[string]any `json:"$defs"`
	}
	_ = json.Unmarshal(raw, &doc)
	for k := range doc.Defs {
		out[k] = c.MustCompile(url + "#/$defs/" + k)
	}
	return out
}

func asJSONValue(t *testing.T, v any) any {
	t.Helper()
	var out any
	dec := json.NewDecoder(strings.NewReader(mustJSON(t, v)))
	dec.UseNumber()
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPolicySchema: the published schema accepts the default block and
// every document the loader accepts, and describes the loaded policy.
func TestPolicySchema(t *testing.T) {
	s := compileSchema(t, "spec/clock-core/policy.schema.json")
	var doc any
	if err := yaml.Unmarshal(DefaultPolicyYAML(), &doc); err != nil {
		t.Fatal(err)
	}
	if err := s[""].Validate(asJSONValue(t, doc)); err != nil {
		t.Errorf("policy.yaml breaks policy.schema.json: %v", err)
	}
	if err := s["effective_policy"].Validate(asJSONValue(t, DefaultPolicy())); err != nil {
		t.Errorf("the loaded default breaks $defs.effective_policy: %v", err)
	}
	for _, d := range []string{
		"clock: {mode: normal}\n",
		"clock:\n  checkins:\n    rules:\n      - {id: a.b-c_1, when: {thread_kind: scheduling, elapsed_gte: P1W2DT3H4M5S, has_open_action: false}, then: {offer_recap: true, ask_for_updates: false}}\n",
	} {
		var v any
		_ = yaml.Unmarshal([]byte(d), &v)
		l, err := LoadPolicy([]byte(d))
		if err != nil {
			t.Fatal(err)
		}
		if err := s[""].Validate(asJSONValue(t, v)); err != nil {
			t.Errorf("%q: accepted by the loader, refused by the schema: %v", d, err)
		}
		if err := s["effective_policy"].Validate(asJSONValue(t, l.Policy)); err != nil {
			t.Errorf("%q: %v", d, err)
		}
	}
	for _, bad := range []string{`{"clock": {"bogus": 1}}`, `{"clock": {"checkins": {"rules": [{"id": "a", "when": {"elapsed_gte": "P1M"}, "then": {"offer_recap": true}}]}}}`} {
		var v any
		_ = json.Unmarshal([]byte(bad), &v)
		if s[""].Validate(v) == nil {
			t.Errorf("%s: the schema accepts what the loader refuses", bad)
		}
	}
}

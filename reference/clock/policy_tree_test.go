package clock

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// randomTree is a policy tree as parseDocument, merge and Policy.tree make
// them: any subset of the keys, each value of its type (integers as the
// walker's int64 or as the float64 of a tree read back from JSON).
func randomTree(r *rand.Rand) map[string]any {
	pick := func() bool { return r.IntN(2) == 0 }
	num := func(n int64) any {
		if pick() {
			return float64(n)
		}
		return n
	}
	sub := func(m map[string]any, kv ...any) map[string]any {
		for i := 0; i < len(kv); i += 2 {
			if pick() {
				m[kv[i].(string)] = kv[i+1]
			}
		}
		return m
	}
	var rules []any
	for i := r.IntN(5); i > 0; i-- {
		when := sub(map[string]any{}, "thread_kind", ThreadKinds[r.IntN(len(ThreadKinds))],
			"elapsed_gte", []string{"P1D", "PT2H", "P1W2DT3H4M5S", "PT0S"}[r.IntN(4)], "has_open_action", pick())
		then := sub(map[string]any{}, "ask_for_updates", pick(), "allow_hedged_reference", pick(), "offer_recap", pick())
		rules = append(rules, sub(map[string]any{}, "id", "r.1-"+string(rune('a'+r.IntN(26))), "when", when, "then", then))
	}
	if rules == nil && pick() {
		rules = []any{}
	}
	checkins := sub(map[string]any{}, "enabled", pick())
	if rules != nil {
		checkins["rules"] = rules
	}
	clock := sub(map[string]any{},
		"enabled", pick(), "mode", []string{"off", "light", "normal"}[r.IntN(3)], "cross_channel_tracking", pick(),
		"store", sub(map[string]any{}, "last_message_timestamps", pick(),
			"latest_actions", sub(map[string]any{}, "enabled", pick(), "max_items", num(1+r.Int64N(1000)),
				"auto_clock_temporal_actions", pick(), "require_explicit_clock_it_for_non_temporal", pick(), "store_quotes", pick())),
		"checkins", checkins,
		"inference", sub(map[string]any{}, "enabled", pick(), "allow_for_tone_only", pick(),
			"require_confirmation_for_impactful_actions", pick()),
		"ambiguity_threshold_hours", []any{float64(r.IntN(48)), r.Float64() * 1e6, int64(r.IntN(9)), 0.1}[r.IntN(4)])
	return map[string]any{"clock": clock}
}

// TestFromTreeIsTyped: setting the fields straight from a tree gives what
// the round trip through encoding/json gives, on the default block, on
// documents merged over it, on trees read back from a Policy and on
// thousands of random trees; and it declines (leaving the tree to typed)
// every tree encoding/json would read otherwise or refuse.
func TestFromTreeIsTyped(t *testing.T) {
	same := func(name string, tree map[string]any) {
		t.Helper()
		got, ok := fromTree(tree)
		if !ok {
			t.Errorf("%s: fromTree declined a policy tree: %v", name, tree)
			return
		}
		if want := typed(tree); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fromTree\n%#v\nwant typed\n%#v", name, got, want)
		}
	}
	same("default", defaults())
	for _, doc := range []string{
		"clock: {mode: normal}\n",
		"clock:\n  checkins:\n    rules: []\n",
		"clock:\n  ambiguity_threshold_hours: 0.25\n  store: {latest_actions: {max_items: 1000}}\n",
		"clock:\n  checkins:\n    rules:\n      - {id: a.b-c_1, when: {thread_kind: scheduling, elapsed_gte: P1W2DT3H4M5S, has_open_action: false}, then: {offer_recap: true, ask_for_updates: false}}\n",
	} {
		tree, ok, err := parseDocument([]byte(doc))
		if err != nil || !ok {
			t.Fatalf("%q: %v", doc, err)
		}
		same(doc, tree)
		set := []string{}
		same(doc+" merged", merge(defaults(), tree, "", &set))
		back, err := typed(merge(defaults(), tree, "", &set)).tree()
		if err != nil {
			t.Fatal(err)
		}
		same(doc+" read back", back)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		tree := randomTree(r)
		same("random", tree)
		b, _ := json.Marshal(tree)
		var back map[string]any
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		same("random read back", back)
	}
	for _, bad := range []map[string]any{
		{"clocks": map[string]any{}},
		{"clock": map[string]any{"Mode": "light"}}, // encoding/json would match it without case
		{"clock": map[string]any{"mode": nil}},
		{"clock": map[string]any{"store": map[string]any{"latest_actions": map[string]any{"max_items": 2.5}}}},
		{"clock": map[string]any{"store": map[string]any{"latest_actions": map[string]any{"max_items": 1e300}}}},
		{"clock": map[string]any{"mode": "li\xffght"}},
		{"clock": map[string]any{"checkins": map[string]any{"rules": nil}}},
		{"clock": map[string]any{"checkins": map[string]any{"rules": []any{map[string]any{"when": map[string]any{"elapsed_gte": "P1M"}}}}}},
		{"clock": map[string]any{"ambiguity_threshold_hours": "4"}},
	} {
		if p, ok := fromTree(bad); ok {
			t.Errorf("fromTree read %v as %+v; it must leave it to typed", bad, p)
		}
	}
}

// TestDefaultPolicyCopies: every DefaultPolicy is the typed §0 block and
// its own copy: changing one changes no other.
func TestDefaultPolicyCopies(t *testing.T) {
	a := DefaultPolicy()
	if want := typed(defaults()); !reflect.DeepEqual(a, want) {
		t.Fatalf("DefaultPolicy %+v, want %+v", a, want)
	}
	a.Clock.Checkins.Rules[0].ID = "changed"
	*a.Clock.Checkins.Rules[0].Then.AskForUpdates = false
	a.Clock.Checkins.Rules[1].When.ElapsedGTE.D = 0
	if b := DefaultPolicy(); !reflect.DeepEqual(b, typed(defaults())) {
		t.Fatalf("changing one default policy changed the next: %+v", b.Clock.Checkins.Rules)
	}
}

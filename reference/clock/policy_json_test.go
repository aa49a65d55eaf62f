package clock

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// randomPolicyJSON writes a JSON policy document the way scenarios and
// agents do, and the ways they might: any subset of the fields, values
// valid and invalid (wrong types, out of range, unknown keys, repeated
// keys and rule ids, escapes, exponents, negative numbers, null), spaced
// and broken over lines at any indentation, the colon after spaces, a
// line feed, a tab or nothing.
func randomPolicyJSON(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	clean := r.IntN(2) == 0 // spaces and line feeds only, each colon on its key's line
	sp := func() string {
		if clean {
			return pick("", " ", "  ", "\n", "\n  ", "\n    ", " \n")
		}
		return pick("", " ", "\n  ", "\t", "\r\n", "\n\t")
	}
	colon := func() string {
		if clean {
			return pick(":", ": ", " : ", ":\n ", ":  ")
		}
		return pick(":", "\n:", "\t: ", " \n: ")
	}
	bool_ := func() string { return pick("true", "false", "true", "null", `"true"`, "1", "True") }
	obj := func(kv []string) string {
		var parts []string
		for i := 0; i < len(kv); i += 2 {
			if r.IntN(3) > 0 {
				parts = append(parts, sp()+`"`+kv[i]+`"`+colon()+sp()+kv[i+1]+sp())
			}
		}
		if r.IntN(15) == 0 && len(parts) > 0 {
			parts = append(parts, parts[0]) // a repeated key
		}
		if r.IntN(20) == 0 {
			parts = append(parts, `"bogus": 1`)
		}
		return "{" + strings.Join(parts, ",") + sp() + "}"
	}
	var rules []string
	for n := r.IntN(4); n > 0; n-- {
		rules = append(rules, obj([]string{
			"id", pick(`"a"`, `"b.c-1_2"`, `"a"`, `"bad id"`, `"\u0061"`, `""`, `7`),
			"when", obj([]string{"thread_kind", pick(`"project"`, `"scheduling"`, `"other"`, `"Project"`),
				"elapsed_gte", pick(`"P1D"`, `"PT2H"`, `"P1M"`, `"PT1.5H"`, `3600`, `"P1W2DT3H4M5S"`), "has_open_action", bool_()}),
			"then", obj([]string{"ask_for_updates", bool_(), "allow_hedged_reference", bool_(), "offer_recap", bool_()}),
		}))
	}
	rulesText := "[" + strings.Join(rules, ","+sp()) + sp() + "]"
	num := func(xs ...string) string { return pick(xs...) }
	clock := obj([]string{
		"enabled", bool_(),
		"mode", pick(`"off"`, `"light"`, `"normal"`, `"loud"`, `"l\u0069ght"`, `"é"`),
		"cross_channel_tracking", bool_(),
		"store", obj([]string{"last_message_timestamps", bool_(), "latest_actions", obj([]string{
			"enabled", bool_(), "max_items", num("25", "1", "1000", "0", "1001", "25.0", "2.5e1", "-3", "007", "123456789012345678", `"25"`),
			"auto_clock_temporal_actions", bool_(), "require_explicit_clock_it_for_non_temporal", bool_(), "store_quotes", bool_()})}),
		"checkins", obj([]string{"enabled", bool_(), "rules", pick(rulesText, rulesText, "[]", "{}", "null")}),
		"inference", obj([]string{"enabled", bool_(), "allow_for_tone_only", bool_(), "require_confirmation_for_impactful_actions", bool_()}),
		"ambiguity_threshold_hours", num("4", "0", "0.5", "12.25", "1e2", "-1", "1.0000000000000002", "99999999999999999999", `"4"`),
	})
	return sp() + obj([]string{"clock", clock}) + sp()
}

// The JSON reading of a policy gives the tree the YAML path gives, for
// every document it takes, and takes a good share of the valid ones.
func TestPolicyJSONIsTheYAMLPath(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	taken, valid := 0, 0
	for i := 0; i < 30000; i++ {
		doc := randomPolicyJSON(r)
		yamlTree, ok, err := parseDocument([]byte(doc))
		if err == nil && ok {
			valid++
		}
		tree, fast := policyTreeFromJSON([]byte(doc))
		if !fast {
			continue
		}
		taken++
		if err != nil || !ok {
			t.Errorf("%q: the JSON reading took it, the YAML path refuses it: %v", doc, err)
			continue
		}
		if !reflect.DeepEqual(tree, yamlTree) {
			t.Errorf("%q:\n JSON reading %#v\n YAML path    %#v", doc, tree, yamlTree)
		}
	}
	// Each differs from a document the JSON reading takes by one thing.
	rule := `{"id": "a", "when": {"elapsed_gte": "P1D"}, "then": {"offer_recap": true}}`
	for _, doc := range []string{
		`{"clock": {"mode": "light"}}`,
		`{"clock"` + "\n" + `: {"mode": "light"}}`,
		`{"clock": {"mode"` + "\n" + `: "light"}}`,
		`{"clock": {"mode":` + "\t" + `"light"}}`,
		`{"clock": {"mode": "light"}}` + "\r\n",
		`{"clock": {"mode": "light", "mode": "off"}}`,
		`{"clock": {"mode": "l\u0069ght"}}`,
		`{"clock": {"mode": "light\""}}`,
		`{"clock": {"checkins": {"rules": [` + rule + `, ` + rule + `]}}}`,
		`{"clock": {"checkins": {"rules": [{"id": "a", "when": {}, "then": {"offer_recap": true}}]}}}`,
		`{"clock": {"checkins": {"rules": [{"when": {"elapsed_gte": "P1D"}, "then": {"offer_recap": true}}]}}}`,
		`{"clock": {"checkins": {"rules": [{"id": "a", "when": {"elapsed_gte": "P1M"}, "then": {"offer_recap": true}}]}}}`,
		`{"clock": {"checkins": {"rules": [{"id": "a b", "when": {"elapsed_gte": "P1D"}, "then": {"offer_recap": true}}]}}}`,
		`{"clock": {"checkins": {"rules": [` + manyRules(MaxRules) + `]}}}`,
		`{"clock": {"checkins": {"rules": [` + manyRules(MaxRules+1) + `]}}}`,
		`{"clock": {"store": {"latest_actions": {"max_items": 0}}}}`,
		`{"clock": {"store": {"latest_actions": {"max_items": 1001}}}}`,
		`{"clock": {"store": {"latest_actions": {"max_items": 25.0}}}}`,
		`{"clock": {"store": {"latest_actions": {"max_items": 2.5e1}}}}`,
		`{"clock": {"store": {"latest_actions": {"max_items": 025}}}}`,
		`{"clock": {"ambiguity_threshold_hours": -0.5}}`,
		`{"clock": {"ambiguity_threshold_hours": 1e400}}`,
		`{"clock": {"ambiguity_threshold_hours": 12345678901234567}}`,
		`{"clock": {"enabled": null}}`,
		`{"clock": {"enabled": True}}`,
		`{"clock": {"bogus": 1}}`,
		`{"clock": {"mode": "light"}} {}`,
		`{"clock"` + strings.Repeat(" ", 2000) + `: {}}`,
		`{"clock": {}}`,
	} {
		yamlTree, ok, err := parseDocument([]byte(doc))
		tree, fast := policyTreeFromJSON([]byte(doc))
		if fast && (err != nil || !ok || !reflect.DeepEqual(tree, yamlTree)) {
			t.Errorf("%q: the JSON reading took it as %v; the YAML path: %v %v %v", doc, tree, yamlTree, ok, err)
		}
	}
	if taken < valid/3 || taken < 1000 {
		t.Errorf("the JSON reading took %d of %d valid documents", taken, valid)
	}
	t.Logf("%d documents the YAML path accepts, %d of them read as JSON", valid, taken)
}

// manyRules is n rules with distinct ids, as JSON list items.
func manyRules(n int) string {
	var rules []string
	for i := 0; i < n; i++ {
		rules = append(rules, `{"id": "r`+strconv.Itoa(i)+`", "when": {"elapsed_gte": "P1D"}, "then": {"offer_recap": true}}`)
	}
	return strings.Join(rules, ",\n")
}

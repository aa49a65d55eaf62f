package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/reference"
)

// durations are the Cucumber JSON's step times, which differ from run to
// run.
var durations = regexp.MustCompile(`(?m)^ *"duration": [0-9]+,\n`)

// statePath is a scenario's own state folder, a fresh name in each run.
var statePath = regexp.MustCompile(`(clockspec-store-)[0-9]+`)

// cucumberDiff compares godog's and the own loop's Cucumber JSON files but
// for their durations and state folders: "" when they are the same, else
// their first different line.
func cucumberDiff(t *testing.T, godogFile, ownFile string) string {
	t.Helper()
	read := func(name string) []string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(statePath.ReplaceAllString(durations.ReplaceAllString(string(b), ""), "$1"), "\n")
	}
	g, o := read(godogFile), read(ownFile)
	for i := range max(len(g), len(o)) {
		if i >= len(g) || i >= len(o) || g[i] != o[i] {
			line := func(l []string) string {
				if i < len(l) {
					return l[i]
				}
				return "(the end)"
			}
			return fmt.Sprintf("\nfirst difference at line %d:\ngodog: %s\n  own: %s", i+1, line(g), line(o))
		}
	}
	return ""
}

// oddSteps are scenarios the embedded suite never has: steps no definition
// matches, or two match, doc strings missing, given where none is taken,
// or given as a table, arguments that do not convert, a step function that
// panics, a failure followed by steps that cannot run. Godog and the own
// loop must judge each of them the same way, with the same messages.
const oddSteps = `@v1
Feature: odd steps

  Background:
    Given I call "v1.escape_xml" with {"text": "bg"}

  @id:v1/odd/passes
  Scenario: a passing scenario
    When I call "v1.escape_xml" with {"text": "a<b"}
    Then the output "result" is "a&lt;b"

  @id:v1/odd/undefined
  Scenario: a step nobody defined
    When I call "v1.escape_xml" with {"text": "a"}
    Then something nobody defined happens

  @id:v1/odd/ambiguous
  Scenario: a step two definitions match
    When I call "v1.escape_xml" with {"text": "a"}
    Then the output "result" is "a"

  @id:v1/odd/no-doc
  Scenario: a doc string step without one
    When I call "v1.escape_xml" with {"text": "a"}
    Then the output is:

  @id:v1/odd/extra-doc
  Scenario: a doc string where none is taken
    When I call "v1.escape_xml" with {"text": "a"}
      """
      ignored
      """
    Then the output "result" contains "a"

  @id:v1/odd/table
  Scenario: a table where a doc string is taken
    When I call "v1.escape_xml" with {"text": "a"}
    Then the output is:
      | result |
      | a      |

  @id:v1/odd/overflow
  Scenario: a number too large for its parameter
    When I call "v1.escape_xml" with {"text": "2024-01-01T00:00:01Z"}
    Then the output "result" is a whole number of 99999999999999999999 ms steps after "2024-01-01T00:00:00Z"

  @id:v1/odd/failure-then-undefined
  Scenario: a failing step, then steps that cannot run
    When I call "v1.escape_xml" with {"text": "a"}
    Then the output "result" is "b"
    And something nobody defined happens
    And the output "result" is "a"

  @id:v1/odd/unknown-operation
  Scenario: an operation the spec does not define
    When I call "v1.nothing" with {}
    Then the output "result" is "a"

  @id:v1/odd/rows
  Scenario Outline: rows <case>
    When I call "v1.escape_xml" with {"text": "<text>"}
    Then the output "result" is "<want>"

    Examples:
      | case | text | want |
      | same | x    | x    |
      | diff | y    | z    |
      | amp  | &    | &amp; |
`

// ruleFeature has what the embedded suite does not use and Cucumber JSON
// shows: comments, a Rule with a Background of its own, Examples with a
// name and tags, a step with a table.
const ruleFeature = `# a comment before the feature
@v1
Feature: rules and examples
  A description.

  Background:
    Given I call "v1.escape_xml" with {"text": "bg"}

  # a comment inside
  Rule: a rule with its own background

    Background:
      Given I call "v1.escape_xml" with {"text": "rule bg"}

    @id:v1/rules/in-a-rule
    Scenario: a scenario inside a rule
      When I call "v1.escape_xml" with {"text": "a<b"}
      Then the output "result" is "a&lt;b"

    @id:v1/rules/tagged-examples
    Scenario Outline: tagged examples <case>
      When I call "v1.escape_xml" with {"text": "<text>"}
      Then the output is:
        | result |
        | <text> |

      @fast
      Examples: first
        | case | text |
        | one  | x    |

      Examples: second
        | case | text |
        | two  | y    |
`

func TestOwnLoopMatchesGodogOnOddSteps(t *testing.T) {
	// One more definition, overlapping another: for the ambiguous step.
	saved, prefixes := stepDefs, stepIndex()
	base := saved()
	extended := append(base[:len(base):len(base)], def(`^the output "result" is "a"$`, noArgs((*world).refused)))
	stepDefs = func() []stepDef { return extended }
	t.Cleanup(func() { stepDefs = saved })
	if len(prefixes) != len(base) {
		t.Fatalf("the step index has %d entries for %d definitions", len(prefixes), len(base))
	}
	stepIndex = func() []stepFilter {
		return append(prefixes[:len(prefixes):len(prefixes)], newStepFilter(extended[len(extended)-1].re))
	}
	t.Cleanup(func() { stepIndex = func() []stepFilter { return prefixes } })

	fsys := fstest.MapFS{"v1/odd.feature": {Data: []byte(oddSteps)}, "v1/rules.feature": {Data: []byte(ruleFeature)}}
	suite, err := features.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cucumber := map[bool]string{true: filepath.Join(dir, "godog.json"), false: filepath.Join(dir, "own.json")}
	run := func(godog bool) string {
		rep, err := Run(context.Background(), Options{Driver: InProcess(reference.New()), Features: fsys, Suite: suite,
			Level: LevelCompat, Godog: godog, FormatFiles: []FormatFile{{Format: "cucumber", Path: cucumber[godog]}}})
		if err != nil {
			t.Fatal(err)
		}
		rep.Duration = 0
		for i := range rep.Scenarios {
			rep.Scenarios[i].Duration = 0 // times differ from run to run
		}
		b, _ := json.MarshalIndent(rep, "", " ")
		return string(b)
	}
	g, o := run(true), run(false)
	if g != o {
		t.Fatalf("godog and the own loop differ\ngodog:\n%s\nown:\n%s", g, o)
	}
	if diff := cucumberDiff(t, cucumber[true], cucumber[false]); diff != "" {
		t.Errorf("the Cucumber JSON differs:%s", diff)
	}
	c, _ := os.ReadFile(cucumber[false])
	for _, want := range []string{`"status": "ambiguous"`, `"status": "undefined"`, `"name": "v1/rules/in-a-rule: a scenario inside a rule"`,
		`"name": "@fast"`, `"value": "# a comment inside"`, `\"rule bg\"`, `;tagged-examples-two;second;2"`, `"cells": [`} {
		if !bytes.Contains(c, []byte(want)) {
			t.Errorf("the own loop's Cucumber JSON lacks %s", want)
		}
	}
	for _, want := range []string{
		`"problem": "step is undefined: something nobody defined happens"`,
		`ambiguous step definition, step text: the output \"result\" is \"a\"`,
		`func expected more arguments than given: expected 1 arguments, matched 0 from step`,
		`invalid memory address or nil pointer dereference`,
		`cannot convert argument 1: \"99999999999999999999\" to int64`,
		`"compat": "not-claimed"`,
	} {
		if !strings.Contains(o, want) {
			t.Errorf("the report lacks %s:\n%s", want, o)
		}
	}
}

// A step definition's filter never turns away a text its expression
// matches: every step of the embedded suite, and texts near them, are
// matched with and without the filters alike.
func TestStepFiltersKeepEveryMatch(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var texts []string
	for _, sc := range suite.Scenarios {
		for _, st := range sc.Steps {
			for _, s := range []string{st.Text, st.Text + " ", strings.Replace(st.Text, `"`, "", 1), strings.Replace(st.Text, " ", "  ", 1)} {
				if !seen[s] {
					seen[s] = true
					texts = append(texts, s)
				}
			}
		}
	}
	filters := stepIndex()
	admitted := 0
	for _, text := range texts {
		for i, d := range stepDefs() {
			if filters[i].admits(text) {
				admitted++
			}
			if d.re.MatchString(text) && !filters[i].admits(text) {
				t.Errorf("%s matches %q, but its filter %+v turns it away", d.re, text, filters[i])
			}
		}
	}
	// The filters are worth their keep: few expressions run per text.
	if per := float64(admitted) / float64(len(texts)); per > 2.5 {
		t.Errorf("%.1f of %d expressions run per text", per, len(stepDefs()))
	} else {
		t.Logf("%d texts, %.2f of %d expressions run per text", len(texts), per, len(stepDefs()))
	}
}

// substitute puts remembered values where recallRef matches, as
// recallRef.ReplaceAllStringFunc would, leaving unknown names as written
// and reporting the last of them.
func TestSubstituteIsTheRegexp(t *testing.T) {
	w := &world{memory: map[string]any{"a": "x<y", "b_2": map[string]any{"k": []any{json.Number("1")}}, "A": nil}}
	viaRegexp := func(input string) (string, error) {
		var missing error
		out := recallRef.ReplaceAllStringFunc(input, func(m string) string {
			v, err := w.recalled(recallRef.FindStringSubmatch(m)[1])
			if err != nil {
				missing = err
				return m
			}
			return show(v)
		})
		return out, missing
	}
	inputs := []string{`{"t": "${a}"}`, `""${a}""${b_2}"`, `"${a}"${b_2}"`, `"${}"`, `"${a-}"`, `"${zz}" "${a}" "${yy}"`, `"${a}`, `"${"${a}"`, `{}`}
	r := rand.New(rand.NewPCG(7, 8))
	parts := []string{`"`, `${`, `}`, `a`, `b_2`, `A`, `zz`, ` `, `"${a}"`, `-`}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		b.WriteString(`"${`)
		for j := r.IntN(8); j > 0; j-- {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		inputs = append(inputs, b.String())
	}
	for _, in := range inputs {
		got, gerr := w.substitute(in)
		want, werr := viaRegexp(in)
		if got != want || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("substitute(%q) = %q, %v; the regexp gives %q, %v", in, got, gerr, want, werr)
		}
	}
}

// Each hand-written matcher gives what its expression's FindStringSubmatch
// gives, on every step text of the suite and on those texts broken by
// quotes, backslashes, newlines, invalid and multi-byte characters put in
// at random, cut short or lengthened.
func TestFastMatchersAreTheirExpressions(t *testing.T) {
	suite, err := features.Load(features.FS())
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]bool{}
	for _, d := range stepDefs() {
		defs[d.re.String()] = true
	}
	var texts []string
	for _, sc := range suite.Scenarios {
		for _, st := range sc.Steps {
			texts = append(texts, st.Text)
		}
	}
	texts = append(texts, `I call "" with {}`, `I call "a" with {}`, `I call "a" with {`+"\n"+`}`, `I call "a" with {`+"\r"+`}`, `I call "a" with }`,
		`the output "" is "x"`, `the output "p" is "a\`+"\n"+`"`, `the output "p" is "a\`+"\r"+`"`, `the output "p" is "a\"`, `the output "p" is "a\\"`,
		`the output "p" is "a\"b"`, "the output \"p\" is \"a\\\xff\"", `the output "p" is "a\😀"`, `the output "p" is ""`, `the output "p" is "`,
		`the output "" is true`, `the output "p" is truefalse`, `the output "p" is -`, `the output "p" is -1e+5`, `the output "p" is 1x`, `the output "" is 1`,
		`the error code is ""`, `the error code is "a"b"`, `the error code is "a`+"\n"+`b"`, `the error code is "`)
	r := rand.New(rand.NewPCG(13, 14))
	bits := []string{`"`, `\`, "\n", "\r", "\xff", "é", "😀", " ", "{", "}", "-", "1", "e", "true", `" is "`, `" with `, `\"`, `\` + "\n"}
	for i, n := 0, len(texts); i < 40000; i++ {
		s := texts[r.IntN(n)]
		for k := 1 + r.IntN(3); k > 0; k-- {
			at := r.IntN(len(s) + 1)
			switch r.IntN(3) {
			case 0:
				s = s[:at] + bits[r.IntN(len(bits))] + s[at:]
			case 1:
				s = s[:at]
			default:
				s += bits[r.IntN(len(bits))]
			}
		}
		texts = append(texts, s)
	}
	for expr, fast := range fastMatchers {
		if !defs[expr] {
			t.Errorf("%s is no step expression", expr)
			continue
		}
		re := regexp.MustCompile(expr)
		matched := 0
		for _, s := range texts {
			got, ok := fast(s)
			m := re.FindStringSubmatch(s)
			if ok != (m != nil) || ok && !reflect.DeepEqual(got, m[1:]) {
				t.Errorf("%s on %q: %q %v; the expression gives %q", expr, s, got, ok, m)
			}
			if ok {
				matched++
			}
		}
		if matched < 50 {
			t.Errorf("%s matched only %d texts", expr, matched)
		}
	}
}

// show writes what json.Marshal writes, whether it takes its shortcut for
// plain strings or not.
func TestShowIsMarshal(t *testing.T) {
	var cases []any
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	cases = append(cases, "", "plain text", "\u2028", "é", nil, json.Number("1.50"), map[string]any{"a": "<"}, []any{"x"})
	for _, v := range cases {
		b, _ := json.Marshal(v)
		if got := show(v); got != string(b) {
			t.Errorf("show(%#v) = %s, json.Marshal writes %s", v, got, b)
		}
	}
}

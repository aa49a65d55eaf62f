package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/spec"
)

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

func TestOwnLoopMatchesGodogOnOddSteps(t *testing.T) {
	// One more definition, overlapping another: for the ambiguous step.
	saved, prefixes := stepDefs, stepIndex()
	stepDefs = append(stepDefs[:len(stepDefs):len(stepDefs)], struct {
		re   *regexp.Regexp
		bind func(w *world) any
	}{regexp.MustCompile(`^the output "result" is "a"$`), func(w *world) any { return w.refused }})
	t.Cleanup(func() { stepDefs = saved })
	if len(prefixes) != len(saved) {
		t.Fatalf("the step index has %d entries for %d definitions", len(prefixes), len(saved))
	}
	stepIndex = func() []stepFilter {
		return append(prefixes[:len(prefixes):len(prefixes)], newStepFilter(stepDefs[len(stepDefs)-1].re))
	}
	t.Cleanup(func() { stepIndex = func() []stepFilter { return prefixes } })

	fsys := fstest.MapFS{"v1/odd.feature": {Data: []byte(oddSteps)}}
	suite, err := features.Load(fsys)
	if err != nil {
		t.Fatal(err)
	}
	run := func(godog bool) string {
		rep, err := Run(context.Background(), Options{Driver: InProcess(reference.New()), Features: fsys, Suite: suite,
			Level: LevelCompat, Godog: godog})
		if err != nil {
			t.Fatal(err)
		}
		rep.Duration = 0
		b, _ := json.MarshalIndent(rep, "", " ")
		return string(b)
	}
	g, o := run(true), run(false)
	if g != o {
		t.Fatalf("godog and the own loop differ\ngodog:\n%s\nown:\n%s", g, o)
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

// Every step definition has a function the own loop can call.
func TestEveryStepShapeRunsOwnLoop(t *testing.T) {
	for i, d := range stepDefs {
		err := invokeStep(context.Background(), &world{run: &runner{}}, i, nil, nil)
		if err != nil && strings.HasPrefix(err.Error(), "conformance: the runner cannot call") {
			t.Errorf("%s: %v", d.re, err)
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
		for i, d := range stepDefs {
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
		t.Errorf("%.1f of %d expressions run per text", per, len(stepDefs))
	} else {
		t.Logf("%d texts, %.2f of %d expressions run per text", len(texts), per, len(stepDefs))
	}
}

// quote writes what encoding/json writes (no HTML escaping), whether it
// takes its plain-ASCII path or not.
func TestQuoteIsEncodingJSON(t *testing.T) {
	viaJSON := func(s string) string {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		return strings.TrimSuffix(b.String(), "\n")
	}
	var cases []string
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	cases = append(cases, "", "plain text", "<&>", "\u2028", "é", "\xff\xfe", `a"b\c`)
	for _, s := range cases {
		if got, want := quote(s), viaJSON(s); got != want {
			t.Errorf("quote(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

// An answer found valid is remembered byte for byte: the same bytes are
// valid again, any other bytes (an invalid answer after a valid one of the
// same operation, of another operation) are validated.
func TestValidOutputsRememberedByteForByte(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	escape, _ := cat.Operation("v1.escape_xml")
	valid, _ := cat.Operation("v1.is_valid_timezone")
	r := &runner{}
	for i, c := range []struct {
		op   *spec.Operation
		out  string
		pass bool
	}{
		{escape, `{"result":"a"}`, true},
		{escape, `{"result":"a"}`, true},
		{escape, `{"result":42}`, false},
		{escape, `{"result":42}`, false},
		{valid, `{"result":"a"}`, false},
		{escape, `{"result":"a"} x`, false},
		{escape, `{"result":"a","extra":1}`, escape.ValidateOutput(json.RawMessage(`{"result":"a","extra":1}`)) == nil},
		{escape, `{"result":"a"}`, true},
	} {
		if err := r.validateOutput(c.op, &callRecord{result: protocol.Result{Output: json.RawMessage(c.out)}}); (err == nil) != c.pass {
			t.Errorf("%d: %s %s: %v, want pass %v", i, c.op.Name, c.out, err, c.pass)
		}
	}
	if len(r.valid) != 1 {
		t.Errorf("%d answers remembered, want 1", len(r.valid))
	}
}

// The answer decoded once for the assertions is the value validated: the
// verdict and the message are ValidateOutput's on the bytes, for valid and
// invalid answers, answers that are not one JSON value, and numbers the
// validator needs tamed; and the value the assertions read is left as it
// was decoded.
func TestValidateDecodedIsValidateOutput(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	escape, _ := cat.Operation("v1.escape_xml")
	add, _ := cat.Operation("datetime_math")
	next, _ := cat.Operation("v1.compute_next_run")
	for _, c := range []struct {
		op  *spec.Operation
		out string
	}{
		{escape, `{"result":"a"}`},
		{escape, " {\"result\":\"a\"}\n\t "},
		{escape, `{"result":42}`},
		{escape, `{"result":"a"} x`},
		{escape, `{"result":"a"} {}`},
		{escape, `{"result":"a"`},
		{escape, ``},
		{escape, `nul`},
		{escape, `{"result":"a","extra":1e999999999999}`},
		{escape, `{"result":1e-999999999999}`},
		{escape, "{\"result\":\"\xff\"}"},
		{add, `{"operation":"diff","left":"2024-01-01T00:00:00Z","right":"2024-01-02T00:00:00Z","duration_seconds":86400,"duration_minutes":1440,"duration_hours":24,"duration_days":1,"sign":1}`},
		{add, `{"operation":"diff","left":"2024-01-01T00:00:00Z","right":"2024-01-02T00:00:00Z","duration_seconds":864e2,"duration_minutes":1440,"duration_hours":24,"duration_days":1,"sign":1E0}`},
		{add, `{"operation":"diff","left":"2024-01-01T00:00:00Z","right":"2024-01-02T00:00:00Z","duration_seconds":1e999999999999,"duration_minutes":1440,"duration_hours":24,"duration_days":1,"sign":1}`},
		{next, `{"next_run":null}`},
		{next, `{"next_run":"x","extra":[1,2.5e3,{"a":-0.0e-7}]}`},
	} {
		raw := json.RawMessage(c.out)
		rec := &callRecord{result: protocol.Result{Output: raw}}
		got := validateDecoded(c.op, rec)
		want := c.op.ValidateOutput(raw)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s %q:\n got %v\nwant %v", c.op.Name, c.out, got, want)
		}
		if v, err := rec.outputValue(); err == nil {
			fresh, _ := decodeOutput(raw)
			if !reflect.DeepEqual(v, fresh) {
				t.Errorf("%s %q: validating changed the decoded value to %v", c.op.Name, c.out, v)
			}
		}
	}
}

// canonicalNumber's shortcut for plain integers writes what its general
// path writes, and fails where it fails; writeQuoted writes quote.
func TestCanonicalShortcuts(t *testing.T) {
	general := func(s string) (string, error) {
		// the general path alone: a number the shortcut cannot take
		return canonicalNumber(s + "e0")
	}
	nums := []string{"0", "-0", "1", "-1", "10", "007", "-007", "00", "1.0", "12345678901234567890123", "-9", "", "-", "1-", "+1", "1a", "٣"}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 5000; i++ {
		b := make([]byte, 1+r.IntN(6))
		for j := range b {
			b[j] = "0123456789-"[r.IntN(11)]
		}
		nums = append(nums, string(b))
	}
	for _, s := range nums {
		got, gerr := canonicalNumber(s)
		want, werr := general(s)
		if (gerr == nil) != (werr == nil) || (gerr == nil && got != want) {
			t.Errorf("canonicalNumber(%q) = %q, %v; the general path %q, %v", s, got, gerr, want, werr)
		}
	}
	for c := 0; c < 256; c++ {
		for _, s := range []string{string([]byte{byte(c)}), "a" + string([]byte{byte(c)}) + "b", "plain"} {
			var b bytes.Buffer
			writeQuoted(&b, s)
			if b.String() != quote(s) {
				t.Errorf("writeQuoted(%q) = %s, quote gives %s", s, b.String(), quote(s))
			}
		}
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

// decodeValid gives what encoding/json's Decoder with UseNumber gives, on
// every golden of the suite and on random documents with escapes, invalid
// bytes, lone surrogates, repeated keys, numbers of every form and white
// space everywhere.
func TestDecodeValidIsEncodingJSON(t *testing.T) {
	viaDecoder := func(raw []byte) any {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		return v
	}
	var docs [][]byte
	err := fs.WalkDir(goldens.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".jsonl") {
			b, err := fs.ReadFile(goldens.FS(), path)
			if err != nil {
				return err
			}
			calls, err := ParseCorpus(b)
			if err != nil {
				return err
			}
			for _, c := range calls { // the answers, and the inputs as the scenarios wrote them
				for _, doc := range [][]byte{c.Answer, c.Input} {
					if json.Valid(doc) {
						docs = append(docs, doc)
					}
				}
			}
		}
		return err
	})
	if err != nil || len(docs) < 1000 {
		t.Fatalf("%d goldens: %v", len(docs), err)
	}
	r := rand.New(rand.NewPCG(11, 12))
	ws := []string{"", " ", "\t", "\n", "\r\n "}
	strs := []string{`""`, `"a"`, `"é"`, "\"\xff\"", `"\u00e9"`, `"\ud800"`, `"\ud83d\ude00"`, `"\ud83dx"`, `"a\"b"`, `"\\"`, `"\/"`, `"\n\t"`, `"😀"`, "\"\xed\xa0\x80\"", `"<&>"`}
	nums := []string{"0", "-0", "1", "-1.5", "1e3", "1E+3", "2.50", "-0.0e-7", "12345678901234567890", "1e999999"}
	var gen func(depth int) string
	gen = func(depth int) string {
		w := func() string { return ws[r.IntN(len(ws))] }
		switch k := r.IntN(8); {
		case depth > 3 || k < 2:
			return strs[r.IntN(len(strs))]
		case k == 2:
			return nums[r.IntN(len(nums))]
		case k == 3:
			return []string{"true", "false", "null"}[r.IntN(3)]
		case k < 6:
			var parts []string
			for i := r.IntN(4); i > 0; i-- {
				parts = append(parts, w()+strs[r.IntN(len(strs))]+w()+":"+w()+gen(depth+1)+w())
			}
			return "{" + strings.Join(parts, ",") + w() + "}"
		default:
			var parts []string
			for i := r.IntN(4); i > 0; i-- {
				parts = append(parts, w()+gen(depth+1)+w())
			}
			return "[" + strings.Join(parts, ",") + w() + "]"
		}
	}
	for i := 0; i < 20000; i++ {
		docs = append(docs, []byte(ws[r.IntN(len(ws))]+gen(0)+ws[r.IntN(len(ws))]))
	}
	// Broken ones: cut, or a byte put in, anywhere.
	breaks := []string{"", `"`, `\`, "\x01", "\xff", ",", ":", "}", "]", "{", "[", "-", "0", ".", "e", "+", "t", "n", " ", "\\u12", "\\x"}
	var broken [][]byte
	for i := 0; i < 20000; i++ {
		d := string(docs[len(docs)-1-r.IntN(20000)])
		at := r.IntN(len(d) + 1)
		if r.IntN(3) == 0 {
			d = d[:at]
		} else {
			d = d[:at] + breaks[r.IntN(len(breaks))] + d[at:]
		}
		broken = append(broken, []byte(d))
	}
	broken = append(broken, []byte(strings.Repeat("[", 10000)+strings.Repeat("]", 10000)), []byte(strings.Repeat("[", 10001)+strings.Repeat("]", 10001)),
		[]byte(`01`), []byte(`-`), []byte(`1.`), []byte(`1e`), []byte(`.5`), []byte(`"\u12g4"`), []byte("\"a\tb\""), []byte(`[1,]`), []byte(`{"a":1,}`), []byte(`nul`), []byte(`truex`))
	for _, d := range broken {
		got, ok := decodeValid(d)
		valid := json.Valid(d)
		switch {
		case ok && !valid:
			t.Errorf("decodeValid(%q) read %v; json.Valid refuses it", d, got)
		case ok && !reflect.DeepEqual(got, viaDecoder(d)):
			t.Errorf("decodeValid(%q) = %#v, want %#v", d, got, viaDecoder(d))
		case !ok && valid:
			t.Errorf("decodeValid(%q) declined a valid document", d)
		}
	}
	for _, d := range docs {
		if !json.Valid(d) {
			t.Fatalf("not valid: %q", d)
		}
		got, ok := decodeValid(d)
		if !ok {
			t.Errorf("decodeValid(%q) declined a valid document", d)
			continue
		}
		if want := viaDecoder(d); !reflect.DeepEqual(got, want) {
			t.Errorf("decodeValid(%q) = %#v, want %#v", d, got, want)
		}
	}
	for _, bad := range []string{`{"a":1`, `[1,`, `"abc`, `{"a" 1}`, `tru`, ``, `{"a":1}}`} {
		if v, ok := decodeValid([]byte(bad)); ok {
			t.Errorf("decodeValid(%q) = %v, want a refusal", bad, v)
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
	for _, d := range stepDefs {
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

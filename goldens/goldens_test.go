package goldens_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// TestGoldensAreTheReferences runs every scenario against the reference and
// checks that this folder holds exactly the corpus it answers: each
// scenario's calls with the reference's answers, and the tzdata build. It
// only checks: gen writes the corpus (make gen), from the reference alone, so
// no other implementation can bless its own answers.
func TestGoldensAreTheReferences(t *testing.T) {
	files, rep, err := conformance.RecordCorpus(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Scenarios {
		if s.Compat != conformance.Passed {
			t.Errorf("the reference fails %s: %s", s.ID, s.Problem)
		}
	}
	if got, want := string(files[conformance.TzdataName]), tzdb.Version()+"\n"; got != want {
		t.Errorf("the reference says hello with tzdata %q, its tzdb is %q", got, want)
	}
	if problems := differences(os.DirFS("."), files); len(problems) > 0 {
		t.Errorf("%d goldens are not what the reference answers (run make gen):\n%s", len(problems), strings.Join(problems, "\n"))
	}
}

// differences describes each corpus file of dir that is missing, differs
// from files, or is left over (a renamed or deleted scenario's: leaving it
// would hide a stale id).
func differences(dir fs.FS, files map[string][]byte) []string {
	var out []string
	for name, want := range files {
		have, err := fs.ReadFile(dir, name)
		switch {
		case err != nil:
			out = append(out, "missing: "+name)
		case !bytes.Equal(have, want):
			out = append(out, "differs: "+name)
		}
	}
	_ = fs.WalkDir(dir, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".jsonl") || strings.HasSuffix(p, ".golden")) && files[p] == nil {
			out = append(out, "left over: "+p)
		}
		return err
	})
	sort.Strings(out)
	return out
}

// The check finds each kind of difference, and nothing in a folder that is
// the corpus.
func TestDifferencesAreFound(t *testing.T) {
	files := map[string][]byte{
		"v1/a.jsonl":    []byte(`{"op":"v1.escape_xml","input":{"text":"&"},"output":{"result":"&amp;"}}` + "\n"),
		"tzdata.golden": []byte("2025c\n"),
	}
	same := fstest.MapFS{}
	for name, b := range files {
		same[name] = &fstest.MapFile{Data: b}
	}
	if d := differences(same, files); len(d) != 0 {
		t.Errorf("the corpus itself: %v", d)
	}
	wrong := fstest.MapFS{
		"v1/a.jsonl":      &fstest.MapFile{Data: []byte(`{"op":"v1.escape_xml","input":{"text":"&"},"output":{"result":"&"}}` + "\n")},
		"v1/gone.jsonl":   &fstest.MapFile{Data: files["v1/a.jsonl"]},
		"v1/old.1.golden": &fstest.MapFile{Data: []byte(`{"output":{}}`)},
		"goldens.go":      &fstest.MapFile{Data: []byte("package goldens\n")},
	}
	got := fmt.Sprint(differences(wrong, files))
	want := "[differs: v1/a.jsonl left over: v1/gone.jsonl left over: v1/old.1.golden missing: tzdata.golden]"
	if got != want {
		t.Errorf("differences: %s\nwant %s", got, want)
	}
}

// Each corpus input is the request the runner sends, with only the white
// space between tokens removed (json.Compact): key order, escapes, repeated
// keys and number spellings are the scenario's, which may test exactly
// those. A state file's path, a folder made for one run, is the placeholder
// the scenario wrote, so the corpus is the same on every run.
func TestTheCorpusHoldsTheRequestsAsSent(t *testing.T) {
	sent := map[string]string{}
	_, err := conformance.Run(context.Background(), conformance.Options{
		Driver: conformance.InProcess(reference.New()), Level: conformance.LevelCompat,
		OnCall: func(sc *features.Scenario, n int, _ string, input json.RawMessage, _ protocol.Result) {
			var b bytes.Buffer
			if err := json.Compact(&b, input); err != nil {
				t.Errorf("%s call %d: %v", sc.ID, n, err)
			}
			sent[fmt.Sprintf("%s#%d", sc.ID, n)] = b.String()
		}})
	if err != nil {
		t.Fatal(err)
	}
	tempPath := regexp.MustCompile(`"[^"]*clockspec-store-[^"]*"`)
	placeholder := regexp.MustCompile(`"\$\{state_file[A-Za-z0-9_]*\}"`)
	n, placeholders := 0, 0
	err = conformance.WalkCorpus(goldens.FS(), func(id string, calls []conformance.CorpusCall) error {
		for i, c := range calls {
			n++
			key := fmt.Sprintf("%s#%d", id, i+1)
			want, ok := sent[key]
			if !ok {
				t.Errorf("%s: the suite makes no such call", key)
				continue
			}
			got := string(c.Input)
			if placeholder.MatchString(got) {
				placeholders++
				got, want = placeholder.ReplaceAllString(got, `"P"`), tempPath.ReplaceAllString(want, `"P"`)
			}
			if got != want {
				t.Errorf("%s: the corpus holds %s\nthe runner sent (compacted) %s", key, c.Input, want)
			}
			if strings.Contains(string(c.Input), "clockspec-store-") {
				t.Errorf("%s: a per-run path in the corpus: %s", key, c.Input)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(sent) || placeholders == 0 {
		t.Errorf("%d corpus calls (%d with a state file placeholder), the suite makes %d", n, placeholders, len(sent))
	}
	// Spellings a decode and re-encode would lose are there as written.
	for id, want := range map[string]string{
		"v1/format-messages/repeated-keys-refused/duplicate-timezone-last-null": `{"timezone":"UTC","messages":[],"timezone":null}`,
		"v1/format-messages/json-spellings/escaped-timezone-value":              `"timezone":"Asia\/Tokyo"}`,
		"v1/format-messages/json-spellings/unicode-escapes":                     `"sender_name":"Andr\u00e9"`,
	} {
		calls, err := conformance.ReadCorpus(goldens.FS(), id)
		if err != nil || len(calls) != 1 || !strings.Contains(string(calls[0].Input), want) {
			t.Errorf("%s: the input does not hold %s as written: %v %+v", id, want, err, calls)
		}
	}
}

// overlay is the embedded goldens with some files replaced or removed.
type overlay map[string][]byte

func (o overlay) Open(name string) (fs.File, error) {
	if b, ok := o[name]; ok {
		if b == nil {
			return nil, fs.ErrNotExist
		}
		return fstest.MapFS{name: &fstest.MapFile{Data: b}}.Open(name)
	}
	return goldens.FS().Open(name)
}

// The exact level compares each answer with its line's answer and nothing
// else: an input that differs (an implementation's own ids come back in
// later inputs) is no failure, a different answer is, and a point the
// scenario leaves open may differ.
func TestTheExactLevelComparesOnlyTheAnswer(t *testing.T) {
	run := func(id string, o overlay) conformance.ScenarioResult {
		t.Helper()
		rep, err := conformance.Run(context.Background(), conformance.Options{
			Driver: conformance.InProcess(reference.New()), Goldens: o, Level: conformance.LevelExact,
			Run: []conformance.Pattern{conformance.Pattern(id)},
		})
		if err != nil || len(rep.Scenarios) != 1 {
			t.Fatalf("%s: %v", id, err)
		}
		return rep.Scenarios[0]
	}
	const amp = "v1/escape-xml/ampersand"
	line := func(input, output, open string) []byte {
		return []byte(`{"op":"v1.escape_xml","input":` + input + `,"output":` + output + open + "}\n")
	}
	for _, c := range []struct {
		name    string
		golden  []byte
		verdict conformance.Verdict
		problem string
	}{
		{"as recorded", line(`{"text":"a & b"}`, `{"result":"a &amp; b"}`, ""), conformance.Passed, ""},
		{"another input", line(`{"text":"x","extra":[1,2]}`, `{"result":"a &amp; b"}`, ""), conformance.Passed, ""},
		{"members in another order, spaced", []byte(` { "output" : {"result":"a &amp; b"} , "input":{"text":"?"}, "op":"v1.escape_xml" }` + "\n"), conformance.Passed, ""},
		{"another answer", line(`{"text":"a & b"}`, `{"result":"a & b"}`, ""), conformance.Failed, "(" + amp + ".jsonl line 1)"},
		{"an error instead", []byte(`{"op":"v1.escape_xml","input":{"text":"a & b"},"error":{"code":"invalid_input"}}` + "\n"), conformance.Failed, "differs from its golden"},
		// The corpus's "open" is what the scenario's steps declared: the
		// runner reads the steps, never the file, to decide what is open.
		{"open in the file only", line(`{"text":"a & b"}`, `{"result":"other"}`, `,"open":{"fields":["result"]}`), conformance.Failed, "differs from its golden"},
		{"no line", nil, conformance.Failed, "no golden: the corpus has no " + amp + ".jsonl"},
		{"not a corpus line", []byte("{\"op\":\"v1.escape_xml\",\"input\":{}}\n"), conformance.Failed, `a line needs "op", "input", and "output" or "error"`},
	} {
		got := run(amp, overlay{amp + ".jsonl": c.golden})
		if got.Exact != c.verdict || !strings.Contains(got.Problem, c.problem) {
			t.Errorf("%s: exact %s %q, want %s with %q", c.name, got.Exact, got.Problem, c.verdict, c.problem)
		}
	}
	// A point the scenario's steps leave open (any RFC 3339 spelling of
	// the instant) may differ from the golden; the rest may not.
	const kathmandu = "datetime/convert-timezone/between-zones/kathmandu"
	calls, err := conformance.ReadCorpus(goldens.FS(), kathmandu)
	if err != nil || len(calls) != 1 || calls[0].Open == nil || fmt.Sprint(calls[0].Open.Fields) != "[result]" {
		t.Fatalf("%s: want one call whose result is open: %v %+v", kathmandu, err, calls)
	}
	orig := string(goldenFile(t, kathmandu))
	for name, c := range map[string]struct {
		from, to string
		verdict  conformance.Verdict
	}{
		"the open result": {`"result":"2026-04-20T12:45:00+05:45"`, `"result":"1999-01-01T00:00:00Z"`, conformance.Passed},
		"another field":   {`"operation":"convert_timezone","result"`, `"operation":"shift","result"`, conformance.Failed}, // only the output has it so
	} {
		changed := strings.Replace(orig, c.from, c.to, 1)
		if changed == orig {
			t.Fatalf("%s: %q is not in %s", name, c.from, orig)
		}
		if got := run(kathmandu, overlay{kathmandu + ".jsonl": []byte(changed)}); got.Exact != c.verdict {
			t.Errorf("%s changed in the golden: exact %s %q, want %s", name, got.Exact, got.Problem, c.verdict)
		}
	}
}

func goldenFile(t *testing.T, id string) []byte {
	t.Helper()
	b, err := fs.ReadFile(goldens.FS(), conformance.CorpusName(id))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A corpus line is read by its members' values whatever they hold; what is
// not a line gen writes is refused with the reason.
func TestParseCorpus(t *testing.T) {
	good := `{"op":"v1.escape_xml","input":{"text":"a \"}\" ] b","n":[1,{"x":-2.5e3}],"t":true},"output":{"result":"}{"}}` + "\n" +
		`{"op":"v1.escape_xml","input":{},"error":{"code":"invalid_input"},"open":{"code":true,"outcome":true}}` + "\n"
	calls, err := conformance.ParseCorpus([]byte(good))
	if err != nil || len(calls) != 2 {
		t.Fatalf("%v %v", calls, err)
	}
	if got := string(calls[0].Input); got != `{"text":"a \"}\" ] b","n":[1,{"x":-2.5e3}],"t":true}` {
		t.Errorf("input %s", got)
	}
	if got := string(calls[0].Answer); got != `{"output":{"result":"}{"}}` || string(calls[0].Output()) != `{"result":"}{"}` || calls[0].ErrorCode() != "" {
		t.Errorf("answer %s, output %s, code %q", got, calls[0].Output(), calls[0].ErrorCode())
	}
	if c := calls[1]; string(c.Answer) != `{"error":{"code":"invalid_input"}}` || c.ErrorCode() != "invalid_input" || c.Output() != nil ||
		c.Open == nil || !c.Open.Code || !c.Open.Outcome {
		t.Errorf("second call %+v", c)
	}
	for line, want := range map[string]string{
		`[]`: "not a JSON object",
		`{"op":"a","input":{},"output":{},"error":{"code":"x"}}`: `both "output" and "error"`,
		`{"op":"a","input":{},"output":{},"note":1}`:             `unknown member "note"`,
		`{"op":"a","input":{"text":"unterminated}`:               "not a JSON value",
		`{"op":"a","input":{}}`:                                  `a line needs`,
		`{"op":"a" "input":{},"output":{}}`:                      "not separated by a comma",
		`{"op":"a","input":{},"output":{}} {}`:                   "text after the object",
	} {
		if _, err := conformance.ParseCorpus([]byte(line + "\n")); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%s: %v, want an error with %q", line, err, want)
		}
	}
}

package conformance

// The goldens: the call corpus, where each call of a scenario is stored with
// the answer the reference gave it, and the exact level's comparison of every
// answer of a scenario with its golden.
//
// The corpus is one JSON Lines file per scenario, <scenario id>.jsonl, one
// line per call in the order the scenario makes them (docs/vectors.md):
//
//	{"op":"v1.escape_xml","input":{"text":"a & b"},"output":{"result":"a &amp; b"}}
//
// A file per scenario, not per call: the exact level reads one file for a
// scenario however many calls it makes, and an implementer reads one
// scenario's calls together. The answer ("output" or "error") is canonical
// JSON (Canonical); the input is the request's input as the runner sent it,
// with insignificant white space removed and nothing else changed (key
// order, escapes, repeated keys and number spellings are what a scenario may
// test), except that a state file's per-run path is written as the
// placeholder the scenario wrote ("${state_file}"), so the corpus is the
// same on every run. "open", when present, lists the points of the answer
// the scenario leaves open (openPoints). Only the reference writes the
// corpus (gen, through RecordCorpus).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
)

// CorpusName is the corpus file that holds a scenario's calls.
func CorpusName(scenarioID string) string { return scenarioID + ".jsonl" }

// TzdataName is the file of the goldens folder that names the tzdata build
// the corpus was made with.
const TzdataName = "tzdata.golden"

// CorpusCall is one line of the corpus: a call and the reference's answer.
type CorpusCall struct {
	Op string
	// Input is the input as the runner sent it, white space between tokens
	// removed; a state file's path is its placeholder ("${state_file}").
	Input json.RawMessage
	// Answer is the canonical answer: {"output":…} or {"error":{"code":…}}.
	Answer json.RawMessage
	// Open is what the scenario leaves open in the answer (nil: nothing).
	Open *CorpusOpen
}

// CorpusOpen is the "open" member of a corpus line: the points of the answer
// where the scenario permits answers other than the reference's, each
// checked by the scenario's own step; the exact level compares the rest.
type CorpusOpen struct {
	// Fields are dotted output paths whose value is open.
	Fields []string `json:"fields,omitempty"`
	// Code: when both the answer and the golden are errors, any code the
	// operation lists is accepted here (the step names the permitted ones).
	Code bool `json:"code,omitempty"`
	// Outcome: whether the call answers or is refused is open.
	Outcome bool `json:"outcome,omitempty"`
}

// Output is the output of an answer that is one (nil for an error).
func (c CorpusCall) Output() json.RawMessage {
	if v, ok := bytes.CutPrefix(c.Answer, []byte(`{"output":`)); ok {
		return json.RawMessage(v[:len(v)-1])
	}
	return nil
}

// ErrorCode is the code of an answer that is an error ("" for an output).
func (c CorpusCall) ErrorCode() string {
	var a struct {
		Error *struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if !bytes.HasPrefix(c.Answer, []byte(`{"error":`)) || json.Unmarshal(c.Answer, &a) != nil || a.Error == nil {
		return ""
	}
	return a.Error.Code
}

// ReadCorpus reads a scenario's calls from a goldens folder; a scenario
// that makes no call has no file (fs.ErrNotExist).
func ReadCorpus(goldens fs.FS, scenarioID string) ([]CorpusCall, error) {
	b, err := fs.ReadFile(goldens, CorpusName(scenarioID))
	if err != nil {
		return nil, err
	}
	calls, err := ParseCorpus(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", CorpusName(scenarioID), err)
	}
	return calls, nil
}

// WalkCorpus calls fn with every scenario's calls in a goldens folder, in
// the order of their files' paths: what a test needs to send every call of
// the suite (fuzz seeds, probes) without running the suite to learn them.
func WalkCorpus(goldens fs.FS, fn func(scenarioID string, calls []CorpusCall) error) error {
	return fs.WalkDir(goldens, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		id := strings.TrimSuffix(p, ".jsonl")
		calls, err := ReadCorpus(goldens, id)
		if err != nil {
			return err
		}
		return fn(id, calls)
	})
}

// ParseCorpus reads a corpus file, one call a line. The slices it returns
// share b's bytes.
func ParseCorpus(b []byte) ([]CorpusCall, error) {
	var calls []CorpusCall
	for n := 1; len(b) > 0; n++ {
		line, rest, _ := bytes.Cut(b, []byte("\n"))
		b = rest
		c, err := parseCorpusLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		calls = append(calls, c)
	}
	return calls, nil
}

// parseCorpusLine reads one line into a CorpusCall.
func parseCorpusLine(line []byte) (CorpusCall, error) {
	var c CorpusCall
	l, err := scanCorpusLine(line)
	if err != nil {
		return c, err
	}
	c.Op, c.Input = string(l.op[1:len(l.op)-1]), l.input
	if bytes.IndexByte(l.op, '\\') >= 0 {
		if err := json.Unmarshal(l.op, &c.Op); err != nil {
			return c, fmt.Errorf(`"op": %w`, err)
		}
	}
	if l.open != nil {
		c.Open = &CorpusOpen{}
		if err := json.Unmarshal(l.open, c.Open); err != nil {
			return c, fmt.Errorf(`"open": %w`, err)
		}
	}
	c.Answer = l.appendAnswer(make(json.RawMessage, 0, len(l.answer)+len(l.answerKey)+5))
	return c, nil
}

// corpusLine is a line's members as the text of their values.
type corpusLine struct {
	op, input, answer, open []byte
	answerKey               string // "output" or "error"
}

// appendAnswer appends the answer as Canonical writes one:
// {"output":…} or {"error":…}.
func (l *corpusLine) appendAnswer(b []byte) []byte {
	b = append(append(append(b, `{"`...), l.answerKey...), `":`...)
	return append(append(b, l.answer...), '}')
}

// scanCorpusLine finds a line's members by scanning over their values:
// nothing is decoded (the input must stay as it is written) or copied (the
// exact level reads every line on every run).
func scanCorpusLine(line []byte) (corpusLine, error) {
	var l corpusLine
	s := jsonSpan{b: line}
	if !s.byte('{') {
		return l, errors.New("not a JSON object")
	}
	for first := true; ; first = false {
		if s.byte('}') {
			break
		}
		if !first && !s.byte(',') {
			return l, errors.New("members not separated by a comma")
		}
		key, ok := s.value()
		if !ok || len(key) < 2 || key[0] != '"' || !s.byte(':') {
			return l, errors.New("a member without a name")
		}
		val, ok := s.value()
		if !ok {
			return l, fmt.Errorf("member %s: not a JSON value", key)
		}
		switch k := key[1 : len(key)-1]; string(k) {
		case "op":
			if val[0] != '"' {
				return l, errors.New(`"op" is not a string`)
			}
			l.op = val
		case "input":
			l.input = val
		case "output", "error":
			if l.answerKey != "" {
				return l, fmt.Errorf(`both "%s" and "%s"`, l.answerKey, k)
			}
			l.answerKey, l.answer = string(k), val // no copy: the compiler interns the two names
		case "open":
			l.open = val
		default:
			return l, fmt.Errorf("unknown member %s", key)
		}
	}
	if s.space(); s.i != len(s.b) {
		return l, errors.New("text after the object")
	}
	if len(l.op) < 3 || l.input == nil || l.answerKey == "" {
		return l, errors.New(`a line needs "op", "input", and "output" or "error"`)
	}
	return l, nil
}

// jsonSpan finds where JSON values begin and end without decoding them.
// It trusts the text to be JSON (gen writes it, make check verifies it);
// it only has to find the ends of strings, objects and arrays.
type jsonSpan struct {
	b []byte
	i int
}

func (s *jsonSpan) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

// byte consumes c (after white space) when it comes next.
func (s *jsonSpan) byte(c byte) bool {
	s.space()
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// skipString moves from a string's opening quote to its closing one. Most
// of a corpus line is strings, so the closing quote is searched for with
// IndexByte; a quote after an odd run of backslashes is escaped.
func (s *jsonSpan) skipString() bool {
	for at := s.i + 1; ; {
		q := bytes.IndexByte(s.b[at:], '"')
		if q < 0 {
			return false
		}
		at += q
		n := 0
		for j := at - 1; j > s.i && s.b[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			s.i = at
			return true
		}
		at++
	}
}

// value consumes one value and returns its text.
func (s *jsonSpan) value() ([]byte, bool) {
	s.space()
	start, depth := s.i, 0
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			if !s.skipString() {
				return nil, false // an unterminated string
			}
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return s.b[start:s.i], s.i > start // the end of the enclosing object
			}
			depth--
		case depth == 0 && (c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return s.b[start:s.i], s.i > start // the end of a number or literal
		}
		s.i++
		if depth == 0 && (c == '"' || c == '}' || c == ']') {
			return s.b[start:s.i], true
		}
	}
	return s.b[start:s.i], depth == 0 && s.i > start
}

// checkGoldens compares each answer of a scenario with its line of the
// corpus: only the answer, outside the points the scenario left open. The
// input is not compared: an implementation's own ids, remembered and sent
// back, make its inputs differ from the reference's.
func (r *runner) checkGoldens(w *world) error {
	if r.opts.Goldens == nil {
		return errors.New("no goldens to compare with")
	}
	if len(w.calls) == 0 {
		return nil
	}
	name := CorpusName(w.sc.ID)
	b, err := fs.ReadFile(r.opts.Goldens, name)
	if err != nil {
		return fmt.Errorf("call 1 (%s): no golden: the corpus has no %s (the reference writes the corpus: make gen)", w.calls[0].op, name)
	}
	buf := canonicalBuffers.Get().(*bytes.Buffer)
	defer canonicalBuffers.Put(buf)
	var want []byte
	for i, c := range w.calls {
		var line []byte
		line, b, _ = bytes.Cut(b, []byte("\n"))
		if len(line) == 0 {
			return fmt.Errorf("call %d (%s): no golden: %s has %d calls (the reference writes the corpus: make gen)", i+1, c.op, name, i)
		}
		g, err := scanCorpusLine(line)
		if err != nil {
			return fmt.Errorf("call %d (%s): %s line %d: %w", i+1, c.op, name, i+1, err)
		}
		want = g.appendAnswer(want[:0])
		got, err := c.canonicalIn(buf) // compared, or copied into the mismatch
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, c.op, err)
		}
		if r.opts.OnOpenCall != nil && (c.open.fields != nil || c.open.code || c.open.kind) {
			r.opts.OnOpenCall(w.sc, i+1)
		}
		same, err := goldenEqual(got, want, c.open)
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, c.op, err)
		}
		if !same {
			return &goldenMismatch{call: i + 1, op: c.op, name: fmt.Sprintf("%s line %d", name, i+1), want: string(want), got: string(got)}
		}
	}
	return nil
}

func goldensTzdata(goldens fs.FS) string {
	if goldens == nil {
		return ""
	}
	b, err := fs.ReadFile(goldens, TzdataName)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// corpusRecorder collects each scenario's calls as its corpus file, when
// the scenario has finished (its steps have declared what they leave open).
type corpusRecorder struct {
	mu    sync.Mutex
	files map[string][]byte
	err   error
}

func (cr *corpusRecorder) add(w *world) {
	if len(w.calls) == 0 {
		return
	}
	var b []byte
	var err error
	for _, c := range w.calls {
		if b, err = appendCorpusLine(b, w, c); err != nil {
			err = fmt.Errorf("%s: %w", w.sc.ID, err)
			break
		}
	}
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if err != nil {
		if cr.err == nil {
			cr.err = err // the first one met
		}
		return
	}
	cr.files[CorpusName(w.sc.ID)] = b
}

// appendCorpusLine appends a call's corpus line: op, input, answer, and
// what the scenario left open, in that order.
func appendCorpusLine(b []byte, w *world, c *callRecord) ([]byte, error) {
	answer, err := Canonical(c.result)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.op, err)
	}
	var in bytes.Buffer
	if err := json.Compact(&in, c.input); err != nil {
		return nil, fmt.Errorf("%s: the input is not JSON: %w", c.op, err)
	}
	input := withPlaceholders(in.Bytes(), w.memory)
	b = append(b, `{"op":`...)
	b = append(b, quote(c.op)...)
	b = append(b, `,"input":`...)
	b = append(b, input...)
	b = append(b, ',')
	b = append(b, answer[1:len(answer)-1]...) // "output":… or "error":…
	if c.open.fields != nil || c.open.code || c.open.kind {
		o := CorpusOpen{Code: c.open.code, Outcome: c.open.kind}
		for f := range c.open.fields {
			o.Fields = append(o.Fields, f)
		}
		slices.Sort(o.Fields)
		j, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		b = append(b, `,"open":`...)
		b = append(b, j...)
	}
	return append(b, "}\n"...), nil
}

// withPlaceholders writes each state file's path in a sent input back as
// the placeholder the scenario wrote ("${state_file}"): the path names a
// folder made for one run, the placeholder is the same on every run. Other
// remembered values stay as sent, so a line holds the whole request.
func withPlaceholders(input []byte, memory map[string]any) []byte {
	for name, v := range memory {
		p, ok := v.(string)
		if !ok || !strings.HasPrefix(name, "state_file") {
			continue
		}
		sent := appendShown(nil, p) // as substituteRaw wrote it
		input = bytes.ReplaceAll(input, sent, []byte(`"${`+name+`}"`))
	}
	return input
}

// RecordCorpus runs the suite against opts.Driver, which must be the
// reference (only the reference writes goldens), and returns the goldens
// folder's files: the corpus (CorpusName of every scenario that makes a
// call) and TzdataName. It runs at the compat level without goldens: the
// answers are the reference's, whatever the goldens on disk say. Each
// scenario's verdict is in the report; the caller refuses to write goldens
// from a reference that fails one.
func RecordCorpus(ctx context.Context, opts Options) (map[string][]byte, *Report, error) {
	cr := &corpusRecorder{files: map[string][]byte{}}
	opts.Level, opts.Goldens, opts.corpus = LevelCompat, nil, cr
	rep, err := Run(ctx, opts)
	if err != nil {
		return nil, nil, err
	}
	if cr.err != nil {
		return nil, nil, cr.err
	}
	cr.files[TzdataName] = []byte(rep.Hello.Tzdata + "\n")
	return cr.files, rep, nil
}

// Package corpus reads the call corpus (goldens/, docs/vectors.md): one
// JSON Lines file per scenario, <scenario id>.jsonl, one line per call in
// the order the scenario makes them, with the request's op and input and
// the reference's canonical answer:
//
//	{"op":"v1.escape_xml","input":{"text":"a & b"},"output":{"result":"a &amp; b"}}
//
// It is the format alone, below conformance (which writes the corpus and
// compares answers with it) so that a package's tests that only read the
// corpus — the reference's fuzz targets seed from it — do not compile the
// runner: go test -fuzz instruments every package a test binary imports,
// and the runner brings godog and the MCP SDK.
package corpus

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
)

// Name is the corpus file that holds a scenario's calls.
func Name(scenarioID string) string { return scenarioID + ".jsonl" }

// TzdataName is the file of the goldens folder that names the tzdata build
// the corpus was made with.
const TzdataName = "tzdata.golden"

// Call is one line of the corpus: a call and the reference's answer.
type Call struct {
	Op string
	// Input is the input as the runner sent it, white space between tokens
	// removed; a state file's path is its placeholder ("${state_file}").
	Input json.RawMessage
	// Answer is the canonical answer: {"output":…} or {"error":{"code":…}}.
	Answer json.RawMessage
	// Open is what the scenario leaves open in the answer (nil: nothing).
	Open *Open
}

// Open is the "open" member of a corpus line: the points of the answer
// where the scenario permits answers other than the reference's, each
// checked by the scenario's own step; the exact level compares the rest.
type Open struct {
	// Fields are dotted output paths whose value is open.
	Fields []string `json:"fields,omitempty"`
	// Code: when both the answer and the golden are errors, any code the
	// operation lists is accepted here (the step names the permitted ones).
	Code bool `json:"code,omitempty"`
	// Outcome: whether the call answers or is refused is open.
	Outcome bool `json:"outcome,omitempty"`
}

// Output is the output of an answer that is one (nil for an error).
func (c Call) Output() json.RawMessage {
	if v, ok := bytes.CutPrefix(c.Answer, []byte(`{"output":`)); ok {
		return json.RawMessage(v[:len(v)-1])
	}
	return nil
}

// ErrorCode is the code of an answer that is an error ("" for an output).
func (c Call) ErrorCode() string {
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

// Read reads a scenario's calls from a goldens folder; a scenario
// that makes no call has no file (fs.ErrNotExist).
func Read(folder fs.FS, scenarioID string) ([]Call, error) {
	b, err := fs.ReadFile(folder, Name(scenarioID))
	if err != nil {
		return nil, err
	}
	calls, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name(scenarioID), err)
	}
	return calls, nil
}

// Walk calls fn with every scenario's calls in a goldens folder, in
// the order of their files' paths: what a test needs to send every call of
// the suite (fuzz seeds, probes) without running the suite to learn them.
func Walk(folder fs.FS, fn func(scenarioID string, calls []Call) error) error {
	return fs.WalkDir(folder, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		id := strings.TrimSuffix(p, ".jsonl")
		calls, err := Read(folder, id)
		if err != nil {
			return err
		}
		return fn(id, calls)
	})
}

// Parse reads a corpus file, one call a line. The slices it returns
// share b's bytes.
func Parse(b []byte) ([]Call, error) {
	var calls []Call
	for n := 1; len(b) > 0; n++ {
		line, rest, _ := bytes.Cut(b, []byte("\n"))
		b = rest
		c, err := parseLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		calls = append(calls, c)
	}
	return calls, nil
}

// parseLine reads one line into a Call.
func parseLine(line []byte) (Call, error) {
	var c Call
	l, err := scanLine(line)
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
		c.Open = &Open{}
		if err := json.Unmarshal(l.open, c.Open); err != nil {
			return c, fmt.Errorf(`"open": %w`, err)
		}
	}
	c.Answer = l.appendAnswer(make(json.RawMessage, 0, len(l.answer)+len(l.answerKey)+5))
	return c, nil
}

// members is a line's members as the text of their values.
type members struct {
	op, input, answer, open []byte
	answerKey               string // "output" or "error"
}

// appendAnswer appends the answer as Canonical writes one:
// {"output":…} or {"error":…}.
func (l *members) appendAnswer(b []byte) []byte {
	b = append(append(append(b, `{"`...), l.answerKey...), `":`...)
	return append(append(b, l.answer...), '}')
}

// scanLine finds a line's members by scanning over their values:
// nothing is decoded (the input must stay as it is written) or copied (the
// exact level reads every line on every run).
func scanLine(line []byte) (members, error) {
	var l members
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

// AppendAnswer appends a corpus line's answer, as Canonical writes one
// ({"output":…} or {"error":…}), to b: what the exact level compares with,
// found without decoding the line.
func AppendAnswer(b, corpusLine []byte) ([]byte, error) {
	l, err := scanLine(corpusLine)
	if err != nil {
		return b, err
	}
	return l.appendAnswer(b), nil
}

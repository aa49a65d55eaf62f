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
	"github.com/clockspec/clockspec/conformance/judge"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/clockspec/clockspec/internal/corpus"
)

// The corpus's format (its file names, lines and reading) is
// internal/corpus; these names keep the runner's callers where they were.

// CorpusName is the corpus file that holds a scenario's calls.
func CorpusName(scenarioID string) string { return corpus.Name(scenarioID) }

// TzdataName is the file of the goldens folder that names the tzdata build
// the corpus was made with.
const TzdataName = corpus.TzdataName

// CorpusCall is one line of the corpus: a call and the reference's answer.
type CorpusCall = corpus.Call

// CorpusOpen is the "open" member of a corpus line: the points of the answer
// the scenario leaves open.
type CorpusOpen = corpus.Open

// ReadCorpus reads a scenario's calls from a goldens folder; a scenario
// that makes no call has no file (fs.ErrNotExist).
func ReadCorpus(goldens fs.FS, scenarioID string) ([]CorpusCall, error) {
	return corpus.Read(goldens, scenarioID)
}

// WalkCorpus calls fn with every scenario's calls in a goldens folder, in
// the order of their files' paths.
func WalkCorpus(goldens fs.FS, fn func(scenarioID string, calls []CorpusCall) error) error {
	return corpus.Walk(goldens, fn)
}

// ParseCorpus reads a corpus file, one call a line. The slices it returns
// share b's bytes.
func ParseCorpus(b []byte) ([]CorpusCall, error) { return corpus.Parse(b) }

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
		want, err = corpus.AppendAnswer(want[:0], line)
		if err != nil {
			return fmt.Errorf("call %d (%s): %s line %d: %w", i+1, c.op, name, i+1, err)
		}
		got, err := c.canonicalIn(buf) // compared, or copied into the mismatch
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, c.op, err)
		}
		if r.opts.OnOpenCall != nil && (c.open.fields != nil || c.open.code || c.open.kind) {
			r.opts.OnOpenCall(w.sc, i+1)
		}
		var declared func(string) bool
		if op, ok := r.catalog.Operation(c.op); ok {
			declared = op.DeclaresOutputMember
		}
		same, err := goldenEqual(got, want, c.open, declared)
		if err != nil {
			return fmt.Errorf("call %d (%s): %w", i+1, c.op, err)
		}
		if !same {
			gm := &goldenMismatch{call: i + 1, of: len(w.calls), op: c.op, name: fmt.Sprintf("%s line %d", name, i+1), want: string(want), got: string(got)}
			gm.pointer, gm.wantAt, gm.gotAt, _ = judge.FirstDifference(got, want,
				judge.Open{Fields: c.open.fields, Code: c.open.code, Kind: c.open.kind, Declared: declared})
			return gm
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

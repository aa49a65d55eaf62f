package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// ReplayFile is a failing scenario's calls, small enough to attach to a bug
// report and replayed alone with `conform replay FILE --impl …`.
type ReplayFile struct {
	Scenario string       `json:"scenario"`
	Profile  string       `json:"profile"`
	Calls    []ReplayCall `json:"calls"`
}

// ReplayCall is one request with the golden answer it should get (absent
// when the scenario has no golden for it).
type ReplayCall struct {
	Op     string          `json:"op"`
	Input  json.RawMessage `json:"input"`
	Golden json.RawMessage `json:"golden,omitempty"`
}

// ReplaySchemaPath is the replay file's JSON Schema in the embedded spec
// (spec.FS).
const ReplaySchemaPath = "protocol/replay.schema.json"

var replaySchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	b, err := fs.ReadFile(spec.FS(), ReplaySchemaPath)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	const url = "https://clockspec.dev/schemas/" + ReplaySchemaPath
	if err := c.AddResource(url, bytes.NewReader(b)); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

// ParseReplayFile reads a replay file, checked against its schema
// (ReplaySchemaPath) first: a call without an input, an unknown field or
// an empty list of calls is refused, not replayed as something else by
// each driver.
func ParseReplayFile(b []byte) (ReplayFile, error) {
	var f ReplayFile
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return f, err
	}
	s, err := replaySchema()
	if err != nil {
		return f, fmt.Errorf("the replay schema: %w", err)
	}
	if err := s.Validate(doc); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return f, replaySchemaError(ve)
		}
		return f, err
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return f, err
	}
	return f, nil
}

// replaySchemaError words the deepest cause of a schema refusal, with its
// place in the file.
func replaySchemaError(ve *jsonschema.ValidationError) error {
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	at := ve.InstanceLocation
	if at == "" {
		at = "/"
	}
	return fmt.Errorf("at %s: %s (schema %s)", at, ve.Message, ReplaySchemaPath)
}

// ReplayName is the file a scenario's replay is saved as.
func ReplayName(id string) string { return strings.ReplaceAll(id, "/", "__") + ".replay.json" }

func saveReplay(dir string, w *world, goldens fs.FS) error {
	f := ReplayFile{Scenario: w.sc.ID, Profile: w.sc.Profile}
	var corpus []CorpusCall
	if goldens != nil {
		corpus, _ = ReadCorpus(goldens, w.sc.ID) // none: the calls go without goldens
	}
	for i, c := range w.calls {
		rc := ReplayCall{Op: c.op, Input: c.input}
		if i < len(corpus) {
			rc.Golden = corpus[i].Answer
		}
		f.Calls = append(f.Calls, rc)
	}
	// Unescaped: a golden holding "&" or "<" reads as it is, not \u0026.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, ReplayName(w.sc.ID)), b.Bytes(), 0o644)
}

// Replay sends a replay file's calls to an implementation and reports, per
// call, the schema check and the comparison with the golden. It returns
// whether every call matched.
func Replay(ctx context.Context, d Driver, cat *spec.Catalog, f ReplayFile, out io.Writer) (bool, error) {
	if len(f.Calls) == 0 {
		return false, fmt.Errorf("replay %s: the file has no calls", f.Scenario)
	}
	// A request the protocol caps (MaxMessageBytes) is the file's fault:
	// sent, an implementation would rightly refuse it as malformed and be
	// charged for it. No run writes such a call.
	for i, c := range f.Calls {
		if n := len(protocol.RequestLine("r", c.Op, c.Input)); n > protocol.MaxMessageBytes {
			return false, fmt.Errorf("call %d: its request is %d bytes, more than the protocol's %d: not a call a run records", i+1, n, protocol.MaxMessageBytes)
		}
	}
	if _, err := d.Hello(ctx); err != nil {
		return false, fmt.Errorf("hello: %w", err)
	}
	ok := true
	for i, c := range f.Calls {
		fmt.Fprintf(out, "call %d: %s %s\n", i+1, c.Op, c.Input)
		op, known := cat.Operation(c.Op)
		if !known {
			return false, fmt.Errorf("call %d: %q is not an operation of this spec", i+1, c.Op)
		}
		res, err := d.Call(ctx, c.Op, c.Input)
		if err != nil {
			fmt.Fprintf(out, "  FAULT %v\n", err)
			ok = false
			continue
		}
		got, err := Canonical(res)
		if err != nil {
			fmt.Fprintf(out, "  BAD ANSWER %v\n", err)
			ok = false
			continue
		}
		fmt.Fprintf(out, "  got:  %s\n", got)
		var schemaErr error
		if res.Error != nil {
			schemaErr = op.ValidateError(res.Error)
		} else {
			schemaErr = op.ValidateOutput(res.Output)
		}
		if schemaErr != nil {
			fmt.Fprintf(out, "  SCHEMA %v\n", schemaErr)
			ok = false
		}
		if c.Golden != nil {
			// Compared canonically: the file may have been indented,
			// re-encoded or HTML-escaped (\u0026) by whoever handled it.
			want, err := canonicalGolden(c.Golden)
			if err != nil {
				return false, fmt.Errorf("call %d: the golden is not JSON: %w", i+1, err)
			}
			if bytes.Equal(want, got) {
				fmt.Fprintf(out, "  matches its golden\n")
			} else {
				fmt.Fprintf(out, "  want: %s\n  DIFFERS from its golden\n", want)
				ok = false
			}
		}
	}
	return ok, nil
}

// canonicalGolden is a golden ({"output":…} or {"error":{"code":…}}) in
// the canonical form Canonical gives an answer.
func canonicalGolden(g json.RawMessage) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(g))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := writeCanonical(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

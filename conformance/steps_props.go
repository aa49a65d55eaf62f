package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/conformance/judge"
	"github.com/clockspec/clockspec/protocol"
)

// Property steps: what a seed fixes about text an implementation writes in
// its own words (a question, a problem message, a label) and about
// identifiers it mints (an action id), without comparing the words or the
// spelling. The exact level still compares the reference's strings through
// the goldens.

// fieldNonEmpty: the field is a string with at least one character that is
// not white space.
func (w *world) fieldNonEmpty(path string) error {
	s, err := w.stringField(path)
	if err != nil {
		return err
	}
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("output %q is %s, want a non-empty string", path, judge.Quote(s))
	}
	return nil
}

// fieldMentions: the text names something (an abbreviation, a zone, a
// word the user wrote), in any letter case, wherever it says it.
func (w *world) fieldMentions(path, want string) error {
	sub, err := unquote(want)
	if err != nil {
		return err
	}
	s, err := w.stringField(path)
	if err != nil {
		return err
	}
	if !strings.Contains(strings.ToLower(s), strings.ToLower(sub)) {
		return fmt.Errorf("output %q does not mention %s\nfull value: %s", path, judge.Quote(sub), judge.Quote(s))
	}
	return nil
}

var pathArg = regexp.MustCompile(`"([^"]+)"`)

// textMarker stands for any non-empty text in outputApartFrom.
const textMarker = "\x00text\x00"

// outputApartFrom compares the whole output like "the output is:", except
// at the listed paths (a * segment is any key or index): there the answer
// must hold a non-empty string where the expected output holds a string,
// and null where it holds null; the words themselves are not compared.
func (w *world) outputApartFrom(paths string, doc *godog.DocString) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error != nil {
		return fmt.Errorf("expected an output, got error %s: %s", c.result.Error.Code, c.result.Error.Message)
	}
	want, err := decodeNumbers([]byte(doc.Content))
	if err != nil {
		return fmt.Errorf("the scenario's expected output is not JSON: %w", err)
	}
	got, err := decodeNumbers(c.result.Output)
	if err != nil {
		return fmt.Errorf("output is not JSON: %w", err)
	}
	for _, m := range pathArg.FindAllStringSubmatch(paths, -1) {
		segs := strings.Split(m[1], ".")
		var problem error
		want = maskText(want, segs, m[1], nil)
		got = maskText(got, segs, m[1], &problem)
		if problem != nil {
			return problem
		}
	}
	wb, err := judge.Canonical(protocol.Result{Output: mustJSON(want)})
	if err != nil {
		return err
	}
	gb, err := judge.Canonical(protocol.Result{Output: mustJSON(got)})
	if err != nil {
		return err
	}
	if !bytes.Equal(wb, gb) {
		return fmt.Errorf("output differs (text at %s not compared)\nwant: %s\n got: %s", paths,
			strings.ReplaceAll(string(wb), `\u0000text\u0000`, "<text>"), strings.ReplaceAll(string(gb), `\u0000text\u0000`, "<text>"))
	}
	return nil
}

// maskText replaces every string at segs by the marker; with problem set, an
// empty or white-space string there is reported (null is left as it is, for
// the comparison to judge).
func maskText(v any, segs []string, full string, problem *error) any {
	if len(segs) == 0 {
		s, ok := v.(string)
		if !ok {
			return v
		}
		if problem != nil && *problem == nil && strings.TrimSpace(s) == "" {
			*problem = fmt.Errorf("output %q is %s, want a non-empty string", full, judge.Quote(s))
		}
		return textMarker
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if segs[0] == "*" || segs[0] == k {
				x[k] = maskText(e, segs[1:], full, problem)
			}
		}
	case []any:
		for i, e := range x {
			if segs[0] == "*" || segs[0] == strconv.Itoa(i) {
				x[i] = maskText(e, segs[1:], full, problem)
			}
		}
	}
	return v
}

func decodeNumbers(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v) // decoded JSON always encodes
	return b
}

// collect gathers the values at a path whose * segments match any key or
// index.
func collect(v any, segs []string, out *[]any) {
	if len(segs) == 0 {
		*out = append(*out, v)
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if segs[0] == "*" || segs[0] == k {
				collect(e, segs[1:], out)
			}
		}
	case []any:
		for i, e := range x {
			if segs[0] == "*" || segs[0] == strconv.Itoa(i) {
				collect(e, segs[1:], out)
			}
		}
	}
}

// fieldOnceAmong: an identifier is referable in a list and unique in it —
// it occurs exactly once among the values at the other path.
func (w *world) fieldOnceAmong(path, among string) error {
	v, err := w.field(path)
	if err != nil {
		return err
	}
	if s, ok := v.(string); !ok || s == "" {
		return fmt.Errorf("output %q is %s, want a non-empty string", path, show(v))
	}
	out, err := w.output()
	if err != nil {
		return err
	}
	var vals []any
	collect(out, strings.Split(among, "."), &vals)
	n := 0
	for _, x := range vals {
		if x == v {
			n++
		}
	}
	if n != 1 {
		return fmt.Errorf("output %q = %s occurs %d times among %q (%s), want exactly once", path, show(v), n, among, show(vals))
	}
	return nil
}

// remember keeps an output value for later steps: a later call's input
// writes "${name}" (with the quotes) where the value goes, so an id the
// implementation minted can be referred to again.
func (w *world) remember(path, name string) error {
	v, err := w.field(path)
	if err != nil {
		return err
	}
	if w.memory == nil {
		w.memory = map[string]any{}
	}
	w.memory[name] = v
	return nil
}

func (w *world) recalled(name string) (any, error) {
	v, ok := w.memory[name]
	if !ok && strings.HasPrefix(name, "state_file") {
		return w.stateFile(name)
	}
	if !ok {
		return nil, fmt.Errorf("nothing was remembered as %q before this step", name)
	}
	return v, nil
}

func (w *world) fieldIsRemembered(path, name string) error {
	want, err := w.recalled(name)
	if err != nil {
		return err
	}
	got, err := w.field(path)
	if err != nil {
		return err
	}
	if show(got) != show(want) {
		return fmt.Errorf("output %q is %s, want the remembered %q = %s", path, show(got), name, show(want))
	}
	// The value is fixed relative to the implementation's own earlier
	// answer, which was judged at its own call: the exact level does not
	// hold it to the reference's bytes a second time.
	if len(w.calls) > 0 {
		w.calls[len(w.calls)-1].openField(path)
	}
	return nil
}

// refusedOrFieldIsRemembered: the call was refused, or the field is the
// remembered value (a seed that permits refusing an input, or answering it
// as another input is answered).
func (w *world) refusedOrFieldIsRemembered(path, name string) error {
	return w.refusedOr(func() error { return w.fieldIsRemembered(path, name) })
}

func (w *world) fieldIsNotRemembered(path, name string) error {
	want, err := w.recalled(name)
	if err != nil {
		return err
	}
	got, err := w.field(path)
	if err != nil {
		return err
	}
	if show(got) == show(want) {
		return fmt.Errorf("output %q is the remembered %q (%s); want a different value", path, name, show(got))
	}
	return nil
}

var recallRef = regexp.MustCompile(`"\$\{([A-Za-z0-9_]+)\}"`)

// substitute writes remembered values into a call's input.
func (w *world) substitute(input string) (string, error) {
	b, err := w.substituteRaw(input)
	return string(b), err
}

// substituteRaw is substitute giving the request's bytes: the input is
// copied once, with each remembered value written in place (no string of
// a long value built and copied again).
func (w *world) substituteRaw(input string) (json.RawMessage, error) {
	if !strings.Contains(input, `"${`) {
		return json.RawMessage(input), nil // nothing recalled (every reference starts so)
	}
	var missing error
	var out []byte
	done := 0 // input[:done] is in out
	for at := 0; ; {
		i := strings.Index(input[at:], `"${`)
		if i < 0 {
			break
		}
		start := at + i
		end, name := recallAt(input, start)
		if end < 0 {
			at = start + 1 // not a reference: look further on, as the regexp would
			continue
		}
		v, err := w.recalled(name)
		if err != nil {
			missing = err // the reference stays as written
		} else {
			out = append(out, input[done:start]...)
			out = appendShown(out, v)
			done = end
		}
		at = end
	}
	return append(out, input[done:]...), missing
}

// appendShown appends show(v).
func appendShown(b []byte, v any) []byte {
	if s, ok := v.(string); ok && marshalsAsIs(s) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	m, _ := json.Marshal(v)
	return append(b, m...)
}

// recallAt reads a reference (recallRef) at s[start:], which begins with
// "${: its end and name, or -1 when none starts there.
func recallAt(s string, start int) (int, string) {
	i := start + 3
	for i < len(s) && (s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9' || s[i] == '_') {
		i++
	}
	if i == start+3 || !strings.HasPrefix(s[i:], `}"`) {
		return -1, ""
	}
	return i + 2, s[start+3 : i]
}

// textPart is the next part of composeText's argument: a JSON string body,
// optionally repeated, then " + " or the end.
var textPart = regexp.MustCompile(`^` + quoted + `(?: × ([0-9]+))?(?: \+ |$)`)

// composeText remembers a long input text written as its parts ("(" × 200 +
// "a" + ")" × 200), so that a scenario about a pattern of 1,000 characters
// reads as what it is; "${name}" in a call's input is then that text, as a
// JSON string. The parts are joined exactly; nothing else is added.
func (w *world) composeText(name, parts string) error {
	var b strings.Builder
	for rest := parts; rest != ""; {
		m := textPart.FindStringSubmatch(rest)
		if m == nil {
			return fmt.Errorf("step argument %s: %s is not a quoted text optionally followed by × N", parts, rest)
		}
		rest = rest[len(m[0]):]
		s, err := unquote(m[1])
		if err != nil {
			return err
		}
		n := 1
		if m[2] != "" {
			if n, err = strconv.Atoi(m[2]); err != nil || n < 1 || n > 1<<20 {
				return fmt.Errorf("step argument %s: the count %s is not between 1 and %d", parts, m[2], 1<<20)
			}
		}
		b.WriteString(strings.Repeat(s, n))
	}
	if w.memory == nil {
		w.memory = map[string]any{}
	}
	w.memory[name] = b.String()
	return nil
}

// fieldEqualsJSON compares any value (an object, a list) with the JSON the
// scenario writes, in canonical form.
func (w *world) fieldEqualsJSON(path, doc string) error {
	want, err := decodeNumbers([]byte(doc))
	if err != nil {
		return fmt.Errorf("the scenario's expected value %s is not JSON: %w", doc, err)
	}
	got, err := w.field(path)
	if err != nil {
		return err
	}
	wb, _ := judge.Canonical(protocol.Result{Output: mustJSON(want)})
	gb, _ := judge.Canonical(protocol.Result{Output: mustJSON(got)})
	if !bytes.Equal(wb, gb) {
		return fmt.Errorf("output %q is %s, want %s", path, show(got), doc)
	}
	return nil
}

// stateFile is a fresh state file path for the implementation's own store
// (clock-core.store_*): "${state_file…}" in a call's input names a file in a
// folder created for this scenario alone and removed after it.
func (w *world) stateFile(name string) (string, error) {
	if p, ok := w.memory[name].(string); ok {
		return p, nil
	}
	dir, err := os.MkdirTemp("", "clockspec-store-")
	if err != nil {
		return "", fmt.Errorf("the runner could not create a folder for %q: %w", name, err)
	}
	w.tempDirs = append(w.tempDirs, dir)
	p := filepath.Join(dir, "clock-state.json")
	if w.memory == nil {
		w.memory = map[string]any{}
	}
	w.memory[name] = p
	return p, nil
}

// stateFileHolds writes a state file's content before the implementation
// reads it (a torn write, a newer version).
func (w *world) stateFileHolds(name string, doc *godog.DocString) error {
	p, err := w.stateFile(name)
	if err != nil {
		return err
	}
	if w.written == nil {
		w.written = map[string]string{}
	}
	w.written[name] = doc.Content
	return os.WriteFile(p, []byte(doc.Content), 0o600)
}

// stateFileLink makes the state file name a symbolic link to the state file
// to (each in its own folder); to need not exist, and two links may name
// each other.
func (w *world) stateFileLink(name, to string) error {
	p, err := w.stateFile(name)
	if err != nil {
		return err
	}
	target, err := w.stateFile(to)
	if err != nil {
		return err
	}
	if err := os.Symlink(target, p); err != nil {
		return fmt.Errorf("the state file %q: %w", name, err)
	}
	return nil
}

// stateFileUnchanged: a file the store refused is left exactly as it was.
func (w *world) stateFileUnchanged(name string) error {
	want, ok := w.written[name]
	if !ok {
		return fmt.Errorf("no earlier step wrote the state file %q", name)
	}
	p, err := w.stateFile(name)
	if err != nil {
		return err
	}
	got, err := os.ReadFile(p)
	if err != nil {
		return fmt.Errorf("the state file %q: %w", name, err)
	}
	if string(got) != want {
		return fmt.Errorf("the state file %q changed\nwas: %s\n is: %s", name, judge.Quote(want), judge.Quote(string(got)))
	}
	return nil
}

// removeTempDirs removes the scenario's state-file folders.
func (w *world) removeTempDirs() {
	for _, d := range w.tempDirs {
		_ = os.RemoveAll(d)
	}
	w.tempDirs = nil
}

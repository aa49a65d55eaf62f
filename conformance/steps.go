package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/spec"
)

// quoted matches a double-quoted step argument whose content is read as a
// JSON string literal, so \n, \" and \u escapes say exactly which characters
// are meant.
const quoted = `"((?:[^"\\]|\\.)*)"`

// world is one scenario's state: the calls it made, in order.
type world struct {
	run   *runner
	sc    *features.Scenario
	calls []*callRecord
	// deferCheck has call leave its answer's check in pending (the own
	// loop's last call of a scenario, see ownrun.go).
	deferCheck bool
	pending    *pendingCheck
	// memory holds output values a scenario remembered (steps_props.go).
	memory map[string]any
	// tempDirs and written: state files of the scenario (steps_props.go).
	tempDirs []string
	written  map[string]string
}

type callRecord struct {
	op     string
	input  json.RawMessage
	result protocol.Result
	ticket *Ticket
	open   openPoints // what the scenario's steps declared open (see openPoints)
	// The output decoded once (decodeOutput), for every assertion on it
	// and the golden comparison; nothing changes the decoded value.
	decoded   any
	decodeErr error
	didDecode bool
	whole     bool // the output is the decoded value and nothing else
}

// outputValue is the call's output, decoded on first use.
func (c *callRecord) outputValue() (any, error) {
	if !c.didDecode {
		c.decoded, c.whole, c.decodeErr = decodeFirst(c.result.Output)
		c.didDecode = true
	}
	return c.decoded, c.decodeErr
}

// canonicalIn is Canonical of the call's result, written into b (reset first; a new buffer when
// b is nil): the bytes it returns are b's, until b is used again.
func (c *callRecord) canonicalIn(b *bytes.Buffer) ([]byte, error) {
	if c.result.Error != nil {
		return Canonical(c.result)
	}
	v, err := c.outputValue()
	if err != nil {
		return nil, err
	}
	if b == nil {
		return canonicalOutput(v)
	}
	b.Reset()
	b.WriteString(`{"output":`)
	if err := writeCanonical(b, v); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// canonicalBuffers are reused by comparisons that let go of the canonical
// bytes once compared.
var canonicalBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// stepDefs are compiled once: godog would otherwise compile every step
// expression again for each of the hundreds of scenarios.
var stepDefs = []struct {
	re   *regexp.Regexp
	bind func(w *world) any
}{
	{regexp.MustCompile(`^I call "([^"]+)" with:$`), func(w *world) any { return w.callDoc }},
	{regexp.MustCompile(`^I call "([^"]+)" with (\{.*\})$`), func(w *world) any { return w.call }},
	{regexp.MustCompile(`^the output is:$`), func(w *world) any { return w.outputIs }},
	{regexp.MustCompile(`^the output "([^"]+)" is ` + quoted + `$`), func(w *world) any { return w.fieldIsString }},
	{regexp.MustCompile(`^the output "([^"]+)" is:$`), func(w *world) any { return w.fieldIsDoc }},
	{regexp.MustCompile(`^the output "([^"]+)" is (true|false|null)$`), func(w *world) any { return w.fieldIsLiteral }},
	{regexp.MustCompile(`^the output "([^"]+)" is (-?[0-9][0-9.eE+-]*)$`), func(w *world) any { return w.fieldIsNumber }},
	{regexp.MustCompile(`^the output "([^"]+)" contains ` + quoted + `$`), func(w *world) any { return w.fieldContains }},
	{regexp.MustCompile(`^the output "([^"]+)" contains:$`), func(w *world) any { return w.fieldContainsDoc }},
	{regexp.MustCompile(`^the output "([^"]+)" does not contain ` + quoted + `$`), func(w *world) any { return w.fieldLacks }},
	{regexp.MustCompile(`^the output "([^"]+)" does not contain:$`), func(w *world) any { return w.fieldLacksDoc }},
	{regexp.MustCompile(`^the output "([^"]+)" is a time after ` + quoted + `$`), func(w *world) any { return w.fieldTimeAfter }},
	{regexp.MustCompile(`^the output "([^"]+)" is a whole number of (\d+) ms steps after ` + quoted + `$`), func(w *world) any { return w.fieldOnGrid }},
	{regexp.MustCompile(`^the error code is "([^"]+)"$`), func(w *world) any { return w.errorCode }},
	// Where a seed permits several answers, the step lists each of them.
	{regexp.MustCompile(`^the error code is one of (".*")$`), func(w *world) any { return w.errorCodeOneOf }},
	{regexp.MustCompile(`^the output "([^"]+)" is one of (.+)$`), func(w *world) any { return w.fieldOneOf }},
	{regexp.MustCompile(`^the output "([^"]+)" is the RFC 3339 time ` + quoted + `$`), func(w *world) any { return w.fieldIsRFC3339 }},
	{regexp.MustCompile(`^the call is refused$`), func(w *world) any { return w.refused }},
	{regexp.MustCompile(`^the seed leaves the output "([^"]+)" open$`), func(w *world) any { return w.leftOpen }},
	{regexp.MustCompile(`^the call is refused or the output "([^"]+)" is ` + quoted + `$`), func(w *world) any { return w.refusedOrFieldIs }},
	{regexp.MustCompile(`^the error code is "([^"]+)" or the output "([^"]+)" is (true|false|null)$`), func(w *world) any { return w.codeOrFieldIsLiteral }},
}

func (w *world) register(ctx *godog.ScenarioContext) {
	for _, d := range stepDefs {
		ctx.Step(d.re, d.bind(w))
	}
	ctx.After(func(c context.Context, _ *godog.Scenario, _ error) (context.Context, error) {
		w.removeTempDirs()
		return c, nil
	})
}

func unquote(s string) (string, error) {
	var out string
	if err := json.Unmarshal([]byte(`"`+s+`"`), &out); err != nil {
		return "", fmt.Errorf("step argument %q is not a valid JSON string body: %w", s, err)
	}
	return out, nil
}

func (w *world) callDoc(ctx context.Context, op string, doc *godog.DocString) error {
	return w.call(ctx, op, doc.Content)
}

// call sends one request and validates the answer against the operation's
// schema before anything else looks at it: an answer of the wrong shape fails
// here, whatever the scenario's assertions would have said.
func (w *world) call(ctx context.Context, op, input string) error {
	spec, ok := w.run.catalog.Operation(op)
	if !ok {
		return fmt.Errorf("the scenario calls %q, which spec/ does not define", op)
	}
	// The input goes out as the scenario wrote it — white space, key order,
	// escapes and duplicate keys included — never decoded and encoded again;
	// only a remembered value ("${n}") is put in where the scenario asks.
	raw, err := w.substituteRaw(input)
	if err != nil {
		return err
	}
	if !json.Valid(raw) {
		return fmt.Errorf("the scenario's input for %s is not valid JSON: %s", op, raw)
	}
	tk := &Ticket{}
	res, err := w.run.call(WithTicket(ctx, tk), op, raw)
	rec := &callRecord{op: op, input: raw, result: res, ticket: tk}
	w.calls = append(w.calls, rec)
	if err != nil {
		var wrong *WrongAnswer
		if errors.As(err, &wrong) {
			return fmt.Errorf("%s: %w", op, err)
		}
		return fmt.Errorf("%s: the implementation did not answer: %w", op, err)
	}
	w.run.observe(w.sc, len(w.calls), rec)
	if w.deferCheck {
		w.pending = &pendingCheck{spec: spec, rec: rec} // checked by the own loop, later (ownrun.go)
		return nil
	}
	return w.check(spec, rec)
}

// pendingCheck is an answer whose check the own loop runs later.
type pendingCheck struct {
	spec *spec.Operation
	rec  *callRecord
}

// check validates an answer: an output against the operation's output
// schema, an error against its codes.
func (w *world) check(spec *spec.Operation, rec *callRecord) error {
	op, res := rec.op, rec.result
	var err error
	switch {
	case res.Error != nil && res.Output != nil:
		return fmt.Errorf("%s answered with both an output and an error", op)
	case res.Error != nil:
		if res.Error.Code == protocol.CodeUnknownOperation {
			return fmt.Errorf("%s: the implementation does not implement this operation (%s)", op, res.Error.Message)
		}
		err = spec.ValidateError(res.Error)
	default:
		err = w.run.validateOutput(spec, rec)
	}
	w.run.countValidation()
	return err
}

func (w *world) last() (*callRecord, error) {
	if len(w.calls) == 0 {
		return nil, fmt.Errorf("no operation was called before this assertion")
	}
	return w.calls[len(w.calls)-1], nil
}

func (w *world) output() (any, error) {
	c, err := w.last()
	if err != nil {
		return nil, err
	}
	if c.result.Error != nil {
		return nil, fmt.Errorf("expected an output, got error %s: %s", c.result.Error.Code, c.result.Error.Message)
	}
	return c.outputValue()
}

// field walks a dotted path (run_log.error, items.0.name) into the output.
func (w *world) field(path string) (any, error) {
	v, err := w.output()
	if err != nil {
		return nil, err
	}
	for _, seg := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[seg]
			if !ok {
				return nil, fmt.Errorf("output has no field %q (path %q)", seg, path)
			}
			v = next
		case []any:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) {
				return nil, fmt.Errorf("output path %q: %q is not an index of a %d-element array", path, seg, len(x))
			}
			v = x[i]
		default:
			return nil, fmt.Errorf("output path %q: cannot go into %s", path, show(v))
		}
	}
	return v, nil
}

func (w *world) stringField(path string) (string, error) {
	v, err := w.field(path)
	if err != nil {
		return "", err
	}
	s, ok := v.(string)
	if !ok {
		return "", fmt.Errorf("output %q is %s, not a string", path, show(v))
	}
	return s, nil
}

func show(v any) string {
	if s, ok := v.(string); ok && marshalsAsIs(s) {
		return `"` + s + `"` // what json.Marshal writes, without its buffer
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// marshalsAsIs reports whether json.Marshal writes s between quotes as it
// is: printable ASCII with nothing it escapes (", \ and the HTML <, >, &).
func marshalsAsIs(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

func (w *world) outputIs(doc *godog.DocString) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error != nil {
		return fmt.Errorf("expected an output, got error %s: %s", c.result.Error.Code, c.result.Error.Message)
	}
	want, err := Canonical(protocol.Result{Output: json.RawMessage(doc.Content)})
	if err != nil {
		return fmt.Errorf("the scenario's expected output: %w", err)
	}
	buf := canonicalBuffers.Get().(*bytes.Buffer)
	defer canonicalBuffers.Put(buf)
	got, err := c.canonicalIn(buf)
	if err != nil {
		return err
	}
	if !bytes.Equal(want, got) {
		return fmt.Errorf("output differs\nwant: %s\n got: %s", want, got)
	}
	return nil
}

func (w *world) fieldIsString(path, want string) error {
	s, err := unquote(want)
	if err != nil {
		return err
	}
	return w.fieldEquals(path, s)
}

func (w *world) fieldIsDoc(path string, doc *godog.DocString) error {
	return w.fieldEquals(path, doc.Content)
}

func (w *world) fieldEquals(path, want string) error {
	got, err := w.stringField(path)
	if err != nil {
		return err
	}
	if got != want {
		return fmt.Errorf("output %q\nwant: %s\n got: %s", path, quote(want), quote(got))
	}
	return nil
}

func (w *world) fieldIsLiteral(path, lit string) error {
	v, err := w.field(path)
	if err != nil {
		return err
	}
	got := show(v)
	if got != lit {
		return fmt.Errorf("output %q is %s, want %s", path, got, lit)
	}
	return nil
}

// fieldIsNumber compares decimal values exactly (2.50 is 2.5; …258 is not
// …259), as the exact level does: never through a float64.
func (w *world) fieldIsNumber(path, num string) error {
	want, err := canonicalNumber(num)
	if err != nil {
		return fmt.Errorf("step argument %q is not a number", num)
	}
	v, err := w.field(path)
	if err != nil {
		return err
	}
	n, ok := v.(json.Number)
	if !ok {
		return fmt.Errorf("output %q is %s, not a number", path, show(v))
	}
	got, err := canonicalNumber(string(n))
	if err != nil || got != want {
		return fmt.Errorf("output %q is %s, want %s", path, n, num)
	}
	return nil
}

func (w *world) fieldContains(path, want string) error {
	s, err := unquote(want)
	if err != nil {
		return err
	}
	return w.contains(path, s, true)
}

func (w *world) fieldContainsDoc(path string, doc *godog.DocString) error {
	return w.contains(path, doc.Content, true)
}

func (w *world) fieldLacks(path, want string) error {
	s, err := unquote(want)
	if err != nil {
		return err
	}
	return w.contains(path, s, false)
}

func (w *world) fieldLacksDoc(path string, doc *godog.DocString) error {
	return w.contains(path, doc.Content, false)
}

func (w *world) contains(path, sub string, want bool) error {
	got, err := w.stringField(path)
	if err != nil {
		return err
	}
	if strings.Contains(got, sub) != want {
		verb := "does not contain"
		if !want {
			verb = "contains"
		}
		return fmt.Errorf("output %q %s %s\nfull value: %s", path, verb, quote(sub), quote(got))
	}
	return nil
}

func (w *world) timeField(path string) (time.Time, error) {
	s, err := w.stringField(path)
	if err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("output %q = %q is not an RFC 3339 time", path, s)
	}
	return t, nil
}

func parseTimeArg(arg string) (time.Time, error) {
	s, err := unquote(arg)
	if err != nil {
		return time.Time{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("step argument %q is not an RFC 3339 time", s)
	}
	return t, nil
}

func (w *world) fieldTimeAfter(path, ref string) error {
	got, err := w.timeField(path)
	if err != nil {
		return err
	}
	r, err := parseTimeArg(ref)
	if err != nil {
		return err
	}
	if !got.After(r) {
		return fmt.Errorf("output %q = %s is not after %s", path, got.Format(time.RFC3339Nano), r.Format(time.RFC3339Nano))
	}
	return nil
}

func (w *world) fieldOnGrid(path string, stepMs int64, anchor string) error {
	got, err := w.timeField(path)
	if err != nil {
		return err
	}
	a, err := parseTimeArg(anchor)
	if err != nil {
		return err
	}
	d := got.Sub(a).Milliseconds()
	if stepMs <= 0 || d <= 0 || d%stepMs != 0 || got.Sub(a)%time.Millisecond != 0 {
		return fmt.Errorf("output %q = %s is not a whole positive number of %d ms steps after %s (difference %d ms)",
			path, got.Format(time.RFC3339Nano), stepMs, a.Format(time.RFC3339Nano), d)
	}
	return nil
}

func (w *world) errorCode(code string) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error == nil {
		return fmt.Errorf("expected error %q, got output %s", code, c.result.Output)
	}
	if c.result.Error.Code != code {
		return fmt.Errorf("error code is %q (%s), want %q", c.result.Error.Code, c.result.Error.Message, code)
	}
	return nil
}

// choices reads a step's list of permitted values, written as the inside of
// a JSON array: "a", "b" or 0, 7.
func choices(list string) ([]any, error) {
	dec := json.NewDecoder(strings.NewReader("[" + list + "]"))
	dec.UseNumber()
	var vs []any
	if err := dec.Decode(&vs); err != nil || len(vs) < 2 {
		return nil, fmt.Errorf("step argument %s is not a list of two or more JSON strings or numbers", list)
	}
	for _, v := range vs {
		switch v.(type) {
		case string, json.Number:
		default:
			return nil, fmt.Errorf("step argument %s: %s is neither a string nor a number", list, show(v))
		}
	}
	return vs, nil
}

// sameValue compares an output value with a permitted one: strings exactly,
// numbers by value (7 and 7.0 are one number).
func sameValue(got, want any) bool {
	switch w := want.(type) {
	case string:
		g, ok := got.(string)
		return ok && g == w
	case json.Number:
		g, ok := got.(json.Number)
		if !ok {
			return false
		}
		gf, err1 := g.Float64()
		wf, err2 := w.Float64()
		return err1 == nil && err2 == nil && gf == wf
	}
	return false
}

func (w *world) errorCodeOneOf(list string) error {
	codes, err := choices(list)
	if err != nil {
		return err
	}
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error == nil {
		return fmt.Errorf("expected an error with a code of %s, got output %s", list, c.result.Output)
	}
	for _, code := range codes {
		if sameValue(c.result.Error.Code, code) {
			c.open.code = true
			return nil
		}
	}
	return fmt.Errorf("error code is %q (%s), want one of %s", c.result.Error.Code, c.result.Error.Message, list)
}

func (w *world) fieldOneOf(path, list string) error {
	want, err := choices(list)
	if err != nil {
		return err
	}
	v, err := w.field(path)
	if err != nil {
		return err
	}
	for _, x := range want {
		if sameValue(v, x) {
			w.calls[len(w.calls)-1].openField(path)
			return nil
		}
	}
	return fmt.Errorf("output %q is %s, want one of %s", path, show(v), list)
}

// rfc3339 is RFC 3339 §5.6 date-time; the values of its fields are checked
// by time.Parse, the offset's range by parseRFC3339.
var rfc3339 = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-]([0-9]{2}):([0-9]{2}))$`)

// parseRFC3339 reads an RFC 3339 date-time in any of its spellings (t or T,
// z, Z or +00:00, any number of fractional digits). -00:00 is refused: RFC
// 3339 §4.3 gives it to a time whose local offset is unknown, which an
// answer never is.
func parseRFC3339(s string) (time.Time, error) {
	m := rfc3339.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 date-time", s)
	}
	if m[3] != "" && (m[3] > "23" || m[4] > "59") {
		return time.Time{}, fmt.Errorf("%q has an offset out of range", s)
	}
	if strings.HasSuffix(s, "-00:00") {
		return time.Time{}, fmt.Errorf("%q says its local offset is unknown (-00:00, RFC 3339 §4.3)", s)
	}
	t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not a valid RFC 3339 date-time: %v", s, err)
	}
	return t, nil
}

// fieldIsRFC3339 accepts every RFC 3339 spelling of want's instant at want's
// UTC offset: Z or +00:00, t or T, a fraction with or without trailing
// zeros. The instant and the offset are what RFC 3339 fixes; the spelling
// is not.
func (w *world) fieldIsRFC3339(path, want string) error {
	ws, err := unquote(want)
	if err != nil {
		return err
	}
	wt, err := parseRFC3339(ws)
	if err != nil {
		return fmt.Errorf("step argument: %w", err)
	}
	gs, err := w.stringField(path)
	if err != nil {
		return err
	}
	gt, err := parseRFC3339(gs)
	if err != nil {
		return fmt.Errorf("output %q: %w", path, err)
	}
	_, goff := gt.Zone()
	_, woff := wt.Zone()
	if !gt.Equal(wt) || goff != woff {
		return fmt.Errorf("output %q is %s, want %s (the same instant at the same UTC offset, in any RFC 3339 spelling)", path, gs, ws)
	}
	w.calls[len(w.calls)-1].openField(path)
	return nil
}

// refused passes when the call was answered with an error; its code was
// already checked against the operation's error codes.
func (w *world) refused() error {
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error == nil {
		return fmt.Errorf("expected the call to be refused with an error, got output %s", c.result.Output)
	}
	c.open.code = true // any of the operation's codes
	return nil
}

// refusedOrFieldIs passes when the call was refused, or answered with the
// given value: for inputs a seed lets a tool refuse or answer.
func (w *world) refusedOrFieldIs(path, want string) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	c.open.kind = true
	if c.result.Error != nil {
		c.open.code = true
		return nil
	}
	return w.fieldIsString(path, want)
}

// codeOrFieldIsLiteral passes when the call was refused with exactly that
// code, or answered with that value: for inputs where a seed permits one
// answer and the profile lets an implementation refuse them with one code
// (a pattern outside the portable subset: JavaScript's answer or
// unsupported_pattern, never a third answer).
func (w *world) codeOrFieldIsLiteral(code, path, lit string) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	c.open.kind = true
	if c.result.Error != nil {
		if c.result.Error.Code != code {
			return fmt.Errorf("error code is %q (%s), want %q or an output %q of %s", c.result.Error.Code, c.result.Error.Message, code, path, lit)
		}
		return nil
	}
	return w.fieldIsLiteral(path, lit)
}

// leftOpen declares a field of the last answer open: the seed fixes no value
// for it in this case (present or absent, any value the output schema
// allows). It asserts nothing itself; it keeps the exact level from
// demanding the reference's own choice there (see openPoints).
func (w *world) leftOpen(path string) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	c.openField(path)
	return nil
}

package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/clockspec/clockspec/conformance/judge"
	"github.com/clockspec/clockspec/protocol"
)

// The assertion steps on an answer: its whole output, a field's value,
// text it contains, times, error codes, and the steps that list what a seed
// permits (declaring those points of the answer open to the exact level).

func (w *world) outputIs(doc *godog.DocString) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error != nil {
		return fmt.Errorf("expected an output, got error %s: %s", c.result.Error.Code, c.result.Error.Message)
	}
	want, err := judge.Canonical(protocol.Result{Output: json.RawMessage(doc.Content)})
	if err != nil {
		return fmt.Errorf("the scenario's expected output: %w", err)
	}
	buf := canonicalBuffers.Get().(*bytes.Buffer)
	defer canonicalBuffers.Put(buf)
	got, err := c.canonicalIn(buf)
	if err != nil {
		return err
	}
	// Every member shown must be there with its value; a member the
	// expected output does not show, which the schema declares by name (the
	// answer was validated first), is the implementation's own. An extra
	// entry of a map keyed by data is a difference.
	var declared func(string) bool
	if op, ok := w.s.catalog.Operation(c.op); ok {
		declared = op.DeclaresOutputMember
	}
	if same, err := judge.EqualShown(got, want, declared); err != nil || !same {
		// Both are canonical results ({"output": …}), as a golden is:
		// the place where they first differ is found the same way.
		ptr, wantAt, gotAt, ok := judge.FirstDifference(got, want, judge.Open{Declared: declared})
		if ok {
			ptr = strings.TrimPrefix(ptr, "/output")
			return &outputDiffers{call: len(w.calls), pointer: orRoot(ptr), wantAt: wantAt, gotAt: gotAt, want: string(want), got: string(got)}
		}
		return fmt.Errorf("output differs\nwant: %s\n got: %s", want, got)
	}
	return nil
}

// fieldAbsent: the output has no member at path ("the output is:" shows
// what must be there; this says what must not).
func (w *world) fieldAbsent(path string) error {
	v, err := w.field(path)
	if err == nil {
		return fmt.Errorf("output has %q = %s, want no such member", path, show(v))
	}
	if _, oerr := w.output(); oerr != nil {
		return oerr
	}
	return nil
}

// outputCompact judges the output as the implementation wrote it (the
// driver hands it on byte for byte): no white space outside strings.
func (w *world) outputCompact() error {
	c, err := w.last()
	if err != nil {
		return err
	}
	if c.result.Error != nil {
		return fmt.Errorf("expected an output, got error %s: %s", c.result.Error.Code, c.result.Error.Message)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, c.result.Output); err != nil {
		return fmt.Errorf("the output is not JSON: %w", err)
	}
	if !bytes.Equal(b.Bytes(), c.result.Output) {
		return fmt.Errorf("the output is not compact JSON (it has white space outside its strings): %.300q", c.result.Output)
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
		return fmt.Errorf("output %q\nwant: %s\n got: %s", path, judge.Quote(want), judge.Quote(got))
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
	want, err := judge.CanonicalNumber(num)
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
	got, err := judge.CanonicalNumber(string(n))
	if err != nil || got != want {
		return fmt.Errorf("output %q is %s, want %s", path, n, num)
	}
	return nil
}

// fieldRoundsTo: the number, rounded to places decimals, is one of the
// listed values (each written with at most that many). Where a seed's
// example shows a value to so many places, a result computed in binary
// floating point (…665) and an exactly rounded one (…667) both give it. The
// value is then open at the exact level: its digits beyond the places are
// the implementation's.
func (w *world) fieldRoundsTo(path, places, list string) error {
	n, err := strconv.Atoi(places)
	if err != nil || n > 30 {
		return fmt.Errorf("step argument %q is not a number of decimal places (0 to 30)", places)
	}
	// Half a unit of the last place: a value within it rounds to want.
	half := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Mul(big.NewInt(2), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)))
	v, err := w.field(path)
	if err != nil {
		return err
	}
	num, ok := v.(json.Number)
	if !ok {
		return fmt.Errorf("output %q is %s, not a number", path, show(v))
	}
	got, ok := new(big.Rat).SetString(string(num))
	if !ok {
		return fmt.Errorf("output %q is %s, not a number", path, num)
	}
	for _, x := range strings.Split(list, ",") {
		x = strings.TrimSpace(x)
		want, ok := new(big.Rat).SetString(x)
		if !ok || strings.ContainsAny(x, "eE") {
			return fmt.Errorf("step argument %q is not a decimal number", x)
		}
		if _, frac, _ := strings.Cut(x, "."); len(frac) > n {
			return fmt.Errorf("step argument %s has more than %d decimal places", x, n)
		}
		if new(big.Rat).Abs(new(big.Rat).Sub(got, want)).Cmp(half) <= 0 {
			w.calls[len(w.calls)-1].openField(path)
			return nil
		}
	}
	return fmt.Errorf("output %q is %s, want %s to %d decimal places", path, num, list, n)
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
		return fmt.Errorf("output %q %s %s\nfull value: %s", path, verb, judge.Quote(sub), judge.Quote(got))
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

// instants reads the step's RFC 3339 argument and the output's field at
// path, both as written and as times: what the instant steps compare.
func (w *world) instants(path, want string) (ws string, wt time.Time, gs string, gt time.Time, err error) {
	if ws, err = unquote(want); err != nil {
		return
	}
	if wt, err = parseRFC3339(ws); err != nil {
		err = fmt.Errorf("step argument: %w", err)
		return
	}
	if gs, err = w.stringField(path); err != nil {
		return
	}
	if gt, err = parseRFC3339(gs); err != nil {
		err = fmt.Errorf("output %q: %w", path, err)
	}
	return
}

// fieldEchoesTimestamp: an echo of a timestamp the request sent is that
// string, or the same instant in another RFC 3339 spelling (an echo of
// "-00:00" written "Z"): which of them is a seed's choice left open.
func (w *world) fieldEchoesTimestamp(path, want string) error {
	ws, err := unquote(want)
	if err != nil {
		return err
	}
	gs, err := w.stringField(path)
	if err != nil {
		return err
	}
	echo := func(s string) (time.Time, error) {
		if strings.HasSuffix(s, "-00:00") {
			s = strings.TrimSuffix(s, "-00:00") + "Z"
		}
		return parseRFC3339(s)
	}
	wt, err := echo(ws)
	if err != nil {
		return fmt.Errorf("step argument: %w", err)
	}
	if gs != ws {
		gt, err := echo(gs)
		if err != nil {
			return fmt.Errorf("output %q: %w", path, err)
		}
		if !gt.Equal(wt) {
			return fmt.Errorf("output %q is %s, want %s echoed (as sent, or the same instant in another RFC 3339 spelling)", path, gs, ws)
		}
	}
	w.calls[len(w.calls)-1].openField(path)
	return nil
}

// fieldIsRFC3339 accepts every RFC 3339 spelling of want's instant at want's
// UTC offset: Z or +00:00, t or T, a fraction with or without trailing
// zeros. The instant and the offset are what RFC 3339 fixes; the spelling
// is not.
func (w *world) fieldIsRFC3339(path, want string) error {
	ws, wt, gs, gt, err := w.instants(path, want)
	if err != nil {
		return err
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

// fieldIsInstant passes when the output is an RFC 3339 date-time naming
// the given instant, at any offset: where a seed fixes the instant and
// leaves its offset open. The offset is open at the exact level too.
func (w *world) fieldIsInstant(path, want string) error {
	_, wt, gs, gt, err := w.instants(path, want)
	if err != nil {
		return err
	}
	if !gt.Equal(wt) {
		return fmt.Errorf("output %q is %s, the instant %s; want the instant %s (at any offset)",
			path, gs, gt.UTC().Format(time.RFC3339Nano), wt.UTC().Format(time.RFC3339Nano))
	}
	w.calls[len(w.calls)-1].openField(path)
	return nil
}

// refusedOrInstant passes when the call was refused, or answered with an
// RFC 3339 date-time naming the given instant at any offset: for a
// conversion whose exact answer RFC 3339 cannot write (an offset with
// seconds) or that the tzdata build decides, where the instant itself is
// what a seed fixes. Whether the call answers is open at the exact level;
// an answer's spelling is still compared with its golden.
func (w *world) refusedOrInstant(path, want string) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	ws, err := unquote(want)
	if err != nil {
		return err
	}
	wt, err := parseRFC3339(ws)
	if err != nil {
		return fmt.Errorf("step argument: %w", err)
	}
	c.open.kind = true
	if c.result.Error != nil {
		c.open.code = true
		return nil
	}
	gs, err := w.stringField(path)
	if err != nil {
		return err
	}
	gt, err := parseRFC3339(gs)
	if err != nil {
		return fmt.Errorf("output %q: %w", path, err)
	}
	if !gt.Equal(wt) {
		return fmt.Errorf("output %q is %s, the instant %s; want the instant %s (or a refusal)",
			path, gs, gt.UTC().Format(time.RFC3339Nano), wt.UTC().Format(time.RFC3339Nano))
	}
	return nil
}

// refusedOrFieldOneOf passes when the call was refused, or answered with
// one of the given values: for inputs a seed lets a tool refuse, or answer
// in one of several ways.
func (w *world) refusedOrFieldOneOf(path, list string) error {
	return w.refusedOr(func() error { return w.fieldOneOf(path, list) })
}

// refusedOr passes when the last call was refused (with any of its
// operation's codes) or its answer passes check: whether it answers or
// refuses, and which code, are then open at the exact level.
func (w *world) refusedOr(check func() error) error {
	c, err := w.last()
	if err != nil {
		return err
	}
	c.open.kind = true
	if c.result.Error != nil {
		c.open.code = true
		return nil
	}
	return check()
}

// refusedOrFieldIs passes when the call was refused, or answered with the
// given value: for inputs a seed lets a tool refuse or answer.
func (w *world) refusedOrFieldIs(path, want string) error {
	return w.refusedOr(func() error { return w.fieldIsString(path, want) })
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

package conformance

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"sync"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"
)

// How a step's text finds its definition, as godog finds it in strict mode,
// and how its arguments are converted, as godog converts them: the own
// loop's side of godog's semantics (ownrun.go).

// stepMatch is a step's definition, found by matchStep.
type stepMatch struct {
	def    int
	groups []string
	err    error
}

// stepFilter is what a text must hold for a step definition's expression
// to match it, read once from the expression: the literal it starts with,
// and the literals of its top level in order (every match of a
// concatenation holds each of its literal parts, in order). A text
// without them cannot match, so the expression is not run on it; one with
// them still has to match the expression itself.
type stepFilter struct {
	prefix   string
	skip     int // the prefix is the first literal: the others come after it
	literals []string
	fast     func(text string) ([]string, bool)
}

func (f stepFilter) admits(text string) bool {
	if !strings.HasPrefix(text, f.prefix) {
		return false
	}
	rest := text[f.skip:]
	for _, lit := range f.literals {
		i := strings.Index(rest, lit)
		if i < 0 {
			return false
		}
		rest = rest[i+len(lit):]
	}
	return true
}

func newStepFilter(re *regexp.Regexp) stepFilter {
	f := stepFilter{}
	f.prefix, _ = re.LiteralPrefix()
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil || tree.Op != syntax.OpConcat {
		return f // the prefix alone (regexp accepted it, so err is nil)
	}
	for i, sub := range tree.Sub {
		if sub.Op != syntax.OpLiteral || sub.Flags&syntax.FoldCase != 0 {
			continue
		}
		lit := string(sub.Rune)
		if i <= 1 && lit == f.prefix && len(f.literals) == 0 {
			// The prefix itself (after ^): admits checks it first and
			// looks for the other literals after it.
			f.skip = len(lit)
			continue
		}
		f.literals = append(f.literals, lit)
	}
	return f
}

// stepIndex holds each step definition's filter, built once, and its
// hand-written matcher where it has one (fastMatchers).
var stepIndex = sync.OnceValue(func() []stepFilter {
	filters := make([]stepFilter, len(stepDefs()))
	for i, d := range stepDefs() {
		filters[i] = newStepFilter(d.re)
		filters[i].fast = fastMatchers[d.re.String()]
	}
	return filters
})

// submatch is re.FindStringSubmatch(text)'s groups, through the filter's
// hand-written matcher when it has one.
func (f stepFilter) submatch(re *regexp.Regexp, text string) ([]string, bool) {
	if f.fast != nil {
		return f.fast(text)
	}
	m := re.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	return m[1:], true
}

// matches is re.MatchString(text), as submatch.
func (f stepFilter) matches(re *regexp.Regexp, text string) bool {
	if f.fast != nil {
		_, ok := f.fast(text)
		return ok
	}
	return re.MatchString(text)
}

// matchStep finds the step definition for a text as godog does in strict
// mode: every definition is tried; none is undefined, two or more is
// ambiguous, with godog's messages.
func matchStep(text string) (int, []string, error) {
	first, n := -1, 0
	var groups []string
	for i, f := range stepIndex() {
		if !f.admits(text) {
			continue
		}
		re := stepDefs()[i].re
		if first < 0 {
			m, ok := f.submatch(re, text)
			if !ok {
				continue
			}
			first, groups = i, m
		} else if !f.matches(re, text) {
			continue
		}
		n++
	}
	switch {
	case n > 1:
		var exprs []string
		for i, f := range stepIndex() {
			if f.admits(text) && f.matches(stepDefs()[i].re, text) {
				exprs = append(exprs, stepDefs()[i].re.String())
			}
		}
		errs := "\n        " + strings.Join(exprs, "\n        ")
		return 0, nil, fmt.Errorf("%w, step text: %s\n    matches:%s", godog.ErrAmbiguous, text, errs)
	case n == 0:
		return 0, nil, fmt.Errorf("%w: %s", godog.ErrUndefined, text)
	}
	return first, groups, nil
}

// stepArgs are a matched step's arguments as godog hands them to a step
// function: the expression's groups as strings, then the step's doc string
// or table, when it has one.
type stepArgs struct {
	groups []string
	arg    *messages.PickleStepArgument
}

func (a stepArgs) count() int {
	if a.arg != nil {
		return len(a.groups) + 1
	}
	return len(a.groups)
}

// need is godog's check that the function has no more parameters (after a
// context) than the step has arguments.
func (a stepArgs) need(n int) error {
	if n > a.count() {
		return fmt.Errorf("%w: expected %d arguments, matched %d from step", errArgumentNumber, n, a.count())
	}
	return nil
}

func (a stepArgs) str(i int) (string, error) {
	if i < len(a.groups) {
		return a.groups[i], nil
	}
	if a.arg.DocString == nil {
		return "", fmt.Errorf(`%w %d: "%v" of type "%T": DocString is not set`, errCannotConvert, i, a.arg, a.arg)
	}
	return a.arg.DocString.Content, nil
}

func (a stepArgs) doc(i int) (*godog.DocString, error) {
	if i < len(a.groups) {
		s := a.groups[i]
		return nil, fmt.Errorf(`%w %d: "%v" of type "%T" to *messages.PickleDocString`, errCannotConvert, i, s, s)
	}
	return a.arg.DocString, nil
}

func (a stepArgs) int64(i int) (int64, error) {
	s, err := a.str(i)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf(`%w %d: "%s" to int64: %s`, errCannotConvert, i, s, err)
	}
	return v, nil
}

// stepPanic is a step function's panic, reported as godog reports it.
type stepPanic struct{ msg string }

func (p *stepPanic) Error() string { return p.msg }

// godog's argument errors (its internal models package), by their text.
var (
	errArgumentNumber = errors.New("func expected more arguments than given")
	errCannotConvert  = errors.New("cannot convert argument")
)

// twoStrings converts the arguments of a function taking two strings.
func (a stepArgs) twoStrings() (string, string, error) {
	if err := a.need(2); err != nil {
		return "", "", err
	}
	s0, err := a.str(0)
	if err != nil {
		return "", "", err
	}
	s1, err := a.str(1)
	if err != nil {
		return "", "", err
	}
	return s0, s1, nil
}

// stringAndDoc converts the arguments of a function taking a string and a
// doc string.
func (a stepArgs) stringAndDoc() (string, *godog.DocString, error) {
	if err := a.need(2); err != nil {
		return "", nil, err
	}
	s0, err := a.str(0)
	if err != nil {
		return "", nil, err
	}
	d1, err := a.doc(1)
	if err != nil {
		return "", nil, err
	}
	return s0, d1, nil
}

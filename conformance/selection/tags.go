package selection

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"

	tagexpressions "github.com/cucumber/tag-expressions/go/v6"

	"github.com/clockspec/clockspec/features"
)

// A tag expression selects scenarios by their tags. It is read with
// Cucumber's own tag-expression library (`@v1 and not @decision`,
// `(@v1 or @datetime) and not @extension`), so it means what it means in
// every other Cucumber tool. godog's older form (`,` or, `&&` and, `~` not:
// `@v1&&~@decision`) is still accepted and translated first.
//
// The expression is evaluated here, once per scenario (Of), and the runner
// hands godog the exact list of selected scenario ids, so the scenarios
// counted, listed, sharded and run are always the same ones.

// tagExpr is a parsed expression with the tags it names.
type tagExpr struct {
	eval tagexpressions.Evaluatable
	tags []string
}

var tagExprCache sync.Map // string → *tagExpr or error

// parseTagExpr reads a Cucumber tag expression or godog's older form.
func parseTagExpr(expr string) (*tagExpr, error) {
	if v, ok := tagExprCache.Load(expr); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*tagExpr), nil
	}
	te, err := compileTagExpr(expr)
	if err != nil {
		tagExprCache.Store(expr, err)
		return nil, err
	}
	tagExprCache.Store(expr, te)
	return te, nil
}

func compileTagExpr(expr string) (*tagExpr, error) {
	src := strings.TrimSpace(expr)
	if isGodogTagForm(src) {
		src = fromGodogTagForm(src)
	}
	eval, err := parseCucumber(src)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), fmt.Sprintf("Tag expression %q could not be parsed because of ", src))
		return nil, &OptionError{Option: "Tags", Value: expr,
			Problem: strings.TrimSuffix(msg, ".") + " (write e.g. '@v1 and not @decision', '@v1 or @datetime')"}
	}
	te := &tagExpr{eval: eval}
	for _, tok := range tagTokens(src) {
		switch tok {
		case "and", "or", "not", "(", ")":
			continue
		}
		if !strings.HasPrefix(tok, "@") || len(tok) < 2 {
			return nil, &OptionError{Option: "Tags", Value: expr,
				Problem: fmt.Sprintf("%q is not a tag (tags start with @; combine them with and, or, not and parentheses)", tok)}
		}
		te.tags = append(te.tags, tok)
	}
	return te, nil
}

// parseCucumber calls the library, which panics on an expression that ends
// in an operator ("@v1 and"); that is a syntax error like any other.
func parseCucumber(src string) (e tagexpressions.Evaluatable, err error) {
	defer func() {
		if recover() != nil {
			e, err = nil, errors.New("syntax error: it ends in an operator")
		}
	}()
	return tagexpressions.Parse(src)
}

// isGodogTagForm: the older form is recognised by its operators, which
// Cucumber expressions do not have (there they would be part of a tag).
func isGodogTagForm(s string) bool {
	if strings.Contains(s, "&&") || strings.Contains(s, ",") {
		return true
	}
	for _, f := range strings.Fields(s) {
		if strings.HasPrefix(f, "~") {
			return true
		}
	}
	return false
}

// fromGodogTagForm rewrites `@a,~@b&&@c` (an and of ors) as
// `(@a or not @b) and (@c)`.
func fromGodogTagForm(s string) string {
	var ands []string
	for _, and := range strings.Split(s, "&&") {
		var ors []string
		for _, term := range strings.Split(and, ",") {
			t := strings.TrimSpace(term)
			if strings.HasPrefix(t, "~") {
				t = "not " + strings.TrimSpace(t[1:])
			}
			ors = append(ors, t)
		}
		ands = append(ands, "("+strings.Join(ors, " or ")+")")
	}
	return strings.Join(ands, " and ")
}

// tagTokens splits an expression as the library's tokenizer does: white
// space and parentheses separate tokens, a backslash escapes one of them.
func tagTokens(s string) []string {
	var out []string
	var cur strings.Builder
	escaped := false
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, c := range s {
		switch {
		case escaped:
			cur.WriteRune(c)
			escaped = false
		case c == '\\':
			escaped = true
		case c == '(' || c == ')':
			flush()
			out = append(out, string(c))
		case unicode.IsSpace(c):
			flush()
		default:
			cur.WriteRune(c)
		}
	}
	flush()
	return out
}

// CheckTags refuses an expression that does not parse or names a tag no
// scenario of the suite carries: a typo in a tag must not turn into a green
// run of nothing.
func CheckTags(s *features.Suite, expr string) error {
	if strings.TrimSpace(expr) == "" {
		return nil
	}
	te, err := parseTagExpr(expr)
	if err != nil {
		return err
	}
	for _, t := range te.tags {
		if !s.HasTag(t) {
			problem := "no scenario has the tag " + t
			if p := strings.TrimPrefix(t, "@"); features.IsConversation(p) {
				// Its scenarios are conversations with an agent, which a
				// run of operations never loads: say where they are run.
				problem += ": " + p + "'s conversations are run by conform agent, not conform run"
			}
			return &OptionError{Option: "Tags", Value: expr, Problem: problem, Err: ErrUnknownTag}
		}
	}
	return nil
}

// ErrUnknownTag is the kind of an OptionError for a tag expression that
// names a tag no scenario has.
var ErrUnknownTag = errors.New("no scenario has the tag")

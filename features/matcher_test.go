package features

import (
	"bytes"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"unicode"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
)

// sameAsGherkin parses src both ways and reports how they differ ("" when
// the documents and errors are the same).
func sameAsGherkin(src []byte) string {
	parse := func(f func() (*messages.GherkinDocument, error)) (doc *messages.GherkinDocument, panicked any, err error) {
		defer func() { panicked = recover() }()
		doc, err = f()
		return doc, nil, err
	}
	theirs, tp, terr := parse(func() (*messages.GherkinDocument, error) {
		return gherkin.ParseGherkinDocument(bytes.NewReader(src), (&messages.Incrementing{}).NewId)
	})
	ours, op, oerr := parse(func() (*messages.GherkinDocument, error) {
		return parseGherkin(bytes.NewReader(src), (&messages.Incrementing{}).NewId)
	})
	switch {
	case fmt.Sprint(tp) != fmt.Sprint(op):
		return fmt.Sprintf("gherkin panics %v, ours %v", tp, op)
	case fmt.Sprint(terr) != fmt.Sprint(oerr):
		return fmt.Sprintf("gherkin's error %v, ours %v", terr, oerr)
	case !reflect.DeepEqual(theirs, ours):
		return fmt.Sprintf("the documents differ:\ngherkin %+v\nours    %+v", theirs, ours)
	}
	return ""
}

// tagLineCases are tag lines of every shape gherkin reads, and some it
// refuses.
var tagLineCases = []string{
	"@a", "@a@b", "@a  @b #c", "\t@a\t@b", "@a #comment", "@a#b", "@ @a", "@@a", "@a @",
	"@a b", "@a\u00a0@b", "@é@ü ", "  @a   @b\t", "@a\u2003@b", "@a \t# c @d", "@a\r",
	"@a\v#b", "@a  #b #c", "@a\u00a0#b", "@a\f#x", "@a#b #c", "@a # b\t#c", "@#", "@a\r#b",
}

// stepLineCases are step lines in English and French, and near misses.
var stepLineCases = []string{
	"Given x", "When  y ", "Then z", "And a", "But b", "* c", "Givenx", "Given", "given x", "Soit x",
	"Quand y", "Alors z", "Et a", "Mais b", "Étant donné x", "Given \u00a0x\u00a0", "* ", "Then \"a\" \t",
}

// tableRowCases are table rows of every shape: escapes, characters beyond
// ASCII, white space of each kind, empty cells, text after the last bar.
var tableRowCases = []string{
	"| a | b |", "|a|b|", "|  a  |\tb\t|", "| a | b | trailing", "| | |", "|", "||", "| a \\| b |",
	"| a \\n b |", "| é | ü |", "| a\u00a0| b |", "|\u00a0a | b |", "| a \\\\ b |", "| a\r|", "| a |\r",
	"| \v a \f |", "\u00a0| a |", "| <a> | b |", "|a|\\|", "| a | b \\",
}

func TestParseGherkinIsGherkins(t *testing.T) {
	paths, err := fs.Glob(FS(), "*/*.feature")
	if err != nil || len(paths) == 0 {
		t.Fatal(paths, err)
	}
	for _, p := range paths {
		src, err := fs.ReadFile(FS(), p)
		if err != nil {
			t.Fatal(err)
		}
		if d := sameAsGherkin(src); d != "" {
			t.Errorf("%s: %s", p, d)
		}
	}
	// Each kind of line, in the places of a document it may stand.
	for _, kind := range []struct {
		lines     []string
		templates []string
	}{
		{tableRowCases, []string{
			"Feature: f\n  Scenario Outline: s\n    Given <a>\n  Examples:\n    | a |\n    %s\n",
			"Feature: f\n  Scenario: s\n    Given x\n      %s\n      | c |\n",
			"# language: fr\nFonctionnalité: f\n  Scénario: s\n    Soit x\n  %s\n",
		}},
		{stepLineCases, []string{
			"Feature: f\n  Scenario: s\n    %s\n",
			"# language: fr\nFonctionnalité: f\n  Scénario: s\n    %s\n",
		}},
		{tagLineCases, []string{
			"%s\nFeature: f\n  Scenario: s\n    Given x\n",
			"Feature: f\n  %s\n  Scenario: s\n    Given x\n",
			"Feature: f\n  Scenario Outline: s\n    Given <a>\n  %s\n  Examples:\n    | a |\n    | 1 |\n",
			"# language: fr\n%s\nFonctionnalité: f\n  Scénario: s\n    Soit x\n",
			"Feature: f\n  Rule: r\n  %s\n  Scenario: s\n    Given x\n",
			"Feature: f\n  Scenario: s\n    Given x\n      \"\"\"\n      %s\n      \"\"\"\n",
		}},
	} {
		for _, line := range kind.lines {
			for _, tmpl := range kind.templates {
				src := fmt.Sprintf(tmpl, line)
				if d := sameAsGherkin([]byte(src)); d != "" {
					t.Errorf("%q: %s", src, d)
				}
			}
		}
	}
}

// FuzzParseGherkinIsGherkins: whatever a file holds, the document (or the
// error) is gherkin's own.
//
//	go test ./features -run '^$' -fuzz '^FuzzParseGherkinIsGherkins$' -fuzztime 1m
func FuzzParseGherkinIsGherkins(f *testing.F) {
	for _, tags := range tagLineCases {
		f.Add([]byte(tags + "\nFeature: f\n  " + strings.TrimSpace(tags) + "\n  Scenario: s\n    Given x\n"))
	}
	for _, step := range stepLineCases {
		f.Add([]byte("# language: fr\nFonctionnalité: f\n  Scénario: s\n    " + step + "\n"))
	}
	for _, row := range tableRowCases {
		f.Add([]byte("Feature: f\n  Scenario: s\n    Given x\n      " + row + "\n"))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if d := sameAsGherkin(src); d != "" {
			t.Error(d)
		}
	})
}

// Token by token, the matcher's table rows and tag lines are gherkin's own,
// the dialect they carry included (before and after a # language line).
func TestMatcherTokensAreGherkins(t *testing.T) {
	line := func(n int, text string) *gherkin.Line {
		return &gherkin.Line{LineText: text, LineNumber: n, TrimmedLineText: strings.TrimLeftFunc(text, unicode.IsSpace)}
	}
	theirs := gherkin.NewLanguageMatcher(gherkin.DialectsBuiltin(), gherkin.DefaultDialect)
	ours := newFastMatcher()
	compare := func(what string, a, b func(*gherkin.Line) (bool, *gherkin.Token, error), l *gherkin.Line) {
		aok, atok, aerr := a(l)
		bok, btok, berr := b(l)
		if aok != bok || fmt.Sprint(aerr) != fmt.Sprint(berr) || !reflect.DeepEqual(atok, btok) {
			t.Errorf("%s %q: gherkin %v %+v %v, ours %v %+v %v", what, l.LineText, aok, atok, aerr, bok, btok, berr)
		}
	}
	for _, lang := range []string{"", "# language: fr", "# language: xx"} {
		if lang != "" {
			compare("language", theirs.MatchLanguage, ours.MatchLanguage, line(1, lang))
		}
		for i, text := range append(append([]string{}, tableRowCases...), tagLineCases...) {
			for _, indent := range []string{"", "    ", "\t "} {
				l := line(i+2, indent+text)
				compare("table row", theirs.MatchTableRow, ours.MatchTableRow, l)
				compare("tag line", theirs.MatchTagLine, ours.MatchTagLine, l)
			}
		}
		for i, text := range stepLineCases {
			for _, indent := range []string{"", "    "} {
				compare("step line", theirs.MatchStepLine, ours.MatchStepLine, line(i+2, indent+text))
			}
		}
	}
	theirs.Reset()
	ours.Reset()
	compare("after reset", theirs.MatchTableRow, ours.MatchTableRow, line(9, "| a |"))
	compare("after reset", theirs.MatchStepLine, ours.MatchStepLine, line(9, "Given x"))
}

package features

import (
	"io"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
)

// parseGherkin is gherkin.ParseGherkinDocument with one change: tag lines
// are read by tagLines, not by gherkin's own matcher, which compiles two
// regular expressions for every tag line (a quarter of loading the
// features). The document is the same (TestParseGherkinIsGherkins).
func parseGherkin(in io.Reader, newID func() string) (*messages.GherkinDocument, error) {
	builder := gherkin.NewAstBuilder(newID)
	parser := gherkin.NewParser(builder)
	parser.StopAtFirstError(false)
	m := tagLines{gherkin.NewLanguageMatcher(gherkin.DialectsBuiltin(), gherkin.DefaultDialect)}
	err := parser.Parse(gherkin.NewScanner(in), m)
	return builder.GetGherkinDocument(), err
}

// The expressions gherkin v26's MatchTagLine compiles on every call.
var (
	tagComment = regexp.MustCompile(`\s+` + gherkin.CommentPrefix)
	tagNoSpace = regexp.MustCompile(`^\S+$`)
)

// tagLines is gherkin's matcher with MatchTagLine done as gherkin v26 does
// it, the expressions compiled once. A line gherkin refuses (a tag with
// white space in it) goes to gherkin's own method, for its error.
type tagLines struct{ gherkin.Matcher }

func (m tagLines) MatchTagLine(line *gherkin.Line) (bool, *gherkin.Token, error) {
	if !line.StartsWith(gherkin.TagPrefix) {
		return false, nil, nil
	}
	uncommented := tagComment.Split(line.TrimmedLineText, 2)[0]
	var tags []*gherkin.LineSpan
	column := line.Indent() + 1
	for _, part := range strings.Split(uncommented, gherkin.TagPrefix) {
		txt := strings.TrimRightFunc(part, unicode.IsSpace)
		if len(txt) == 0 {
			continue // as gherkin: the column does not move
		}
		if !tagNoSpace.MatchString(txt) {
			return m.Matcher.MatchTagLine(line)
		}
		tags = append(tags, &gherkin.LineSpan{Column: column, Text: gherkin.TagPrefix + txt})
		column += utf8.RuneCountInString(part) + 1
	}
	// MatchOther changes nothing and gives a token in the matcher's
	// current dialect, which only the matcher knows.
	_, token, _ := m.Matcher.MatchOther(line)
	token.Type = gherkin.TokenTypeTagLine
	token.Text = ""
	token.Location = &gherkin.Location{Line: line.LineNumber, Column: line.Indent() + 1}
	token.Items = tags
	return true, token, nil
}

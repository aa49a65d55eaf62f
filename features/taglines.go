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
	m := &tagLines{Matcher: gherkin.NewLanguageMatcher(gherkin.DialectsBuiltin(), gherkin.DefaultDialect), lang: gherkin.DefaultDialect}
	err := parser.Parse(gherkin.NewScanner(in), m)
	return builder.GetGherkinDocument(), err
}

// The expressions gherkin v26's MatchTagLine compiles on every call.
var (
	tagComment = regexp.MustCompile(`\s+` + gherkin.CommentPrefix)
	tagNoSpace = regexp.MustCompile(`^\S+$`)
)

// tagLines is gherkin's matcher with MatchTagLine done as gherkin v26 does
// it, the expressions compiled once, and MatchTableRow without a slice of
// runes per cell (the two were a third of loading the features). A line
// gherkin refuses (a tag with white space in it) goes to gherkin's own
// method, for its error, and so does a table row with an escape or a
// character beyond ASCII. lang follows the matcher's dialect, which every
// token carries.
type tagLines struct {
	gherkin.Matcher
	lang string
}

func (m *tagLines) Reset() {
	m.Matcher.Reset()
	m.lang = gherkin.DefaultDialect
}

func (m *tagLines) MatchLanguage(line *gherkin.Line) (bool, *gherkin.Token, error) {
	ok, token, err := m.Matcher.MatchLanguage(line)
	if ok && err == nil {
		m.lang = token.Text // gherkin switches dialect exactly then
	}
	return ok, token, err
}

// token is a token as gherkin's matcher makes it.
func (m *tagLines) token(typ gherkin.TokenType, line *gherkin.Line) *gherkin.Token {
	return &gherkin.Token{Type: typ, GherkinDialect: m.lang, Location: &gherkin.Location{Line: line.LineNumber, Column: line.Indent() + 1}}
}

func (m *tagLines) MatchTableRow(line *gherkin.Line) (bool, *gherkin.Token, error) {
	text := line.TrimmedLineText
	if len(text) == 0 || text[0] != '|' {
		return false, nil, nil
	}
	for i := 0; i < len(text); i++ {
		if c := text[i]; c >= utf8.RuneSelf || c == '\\' {
			return m.Matcher.MatchTableRow(line)
		}
	}
	// ASCII without escapes: a byte is a character and a column, and a
	// cell is the text between two bars, white space (not a newline)
	// trimmed, starting where its first other character is. Text after
	// the last bar is no cell.
	var cells []*gherkin.LineSpan
	start := 1
	for i := 1; i < len(text); i++ {
		if text[i] != '|' {
			continue
		}
		cell := text[start:i]
		lead := 0
		for lead < len(cell) && asciiSpaceNotNewline(cell[lead]) {
			lead++
		}
		end := len(cell)
		for end > lead && asciiSpaceNotNewline(cell[end-1]) {
			end--
		}
		cells = append(cells, &gherkin.LineSpan{Column: line.Indent() + 1 + start + lead, Text: cell[lead:end]})
		start = i + 1
	}
	token := m.token(gherkin.TokenTypeTableRow, line)
	token.Items = cells
	return true, token, nil
}

// asciiSpaceNotNewline is unicode.IsSpace without '\n', for ASCII.
func asciiSpaceNotNewline(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r'
}

func (m *tagLines) MatchTagLine(line *gherkin.Line) (bool, *gherkin.Token, error) {
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
	token := m.token(gherkin.TokenTypeTagLine, line)
	token.Items = tags
	return true, token, nil
}

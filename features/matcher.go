package features

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
)

// parseGherkin is gherkin.ParseGherkinDocument with gherkin's matcher
// replaced by fastMatcher, which reads the lines a feature file is made of
// (tags, steps, table rows) for less than half of the cost. The document is
// the same (TestParseGherkinIsGherkins, FuzzParseGherkinIsGherkins).
func parseGherkin(in io.Reader, newID func() string) (*messages.GherkinDocument, error) {
	builder := gherkin.NewAstBuilder(newID)
	parser := gherkin.NewParser(builder)
	parser.StopAtFirstError(false)
	err := parser.Parse(gherkin.NewScanner(in), newFastMatcher())
	return builder.GetGherkinDocument(), err
}

// fastMatcher is gherkin v26's matcher with three of its methods done
// without what made them slow, token for token the same
// (TestMatcherTokensAreGherkins):
//   - MatchTagLine without compiling two regular expressions per line;
//   - MatchStepLine without concatenating the dialect's step keywords per
//     line (they are listed once per dialect);
//   - MatchTableRow without a slice of runes per cell.
//
// A line gherkin refuses (a tag with white space in it) goes to gherkin's
// own method, for its error, and so does a table row with an escape or a
// character beyond ASCII. lang follows the matcher's dialect, which every
// token carries.
type fastMatcher struct {
	gherkin.Matcher
	lang     string
	dialect  *gherkin.Dialect
	keywords []string // the dialect's step keywords, in gherkin's order
}

func newFastMatcher() *fastMatcher {
	m := &fastMatcher{Matcher: gherkin.NewLanguageMatcher(gherkin.DialectsBuiltin(), gherkin.DefaultDialect)}
	m.setLang(gherkin.DefaultDialect)
	return m
}

func (m *fastMatcher) setLang(lang string) {
	m.lang = lang
	m.dialect = gherkin.DialectsBuiltin().GetDialect(lang)
	m.keywords = m.dialect.StepKeywords()
}

func (m *fastMatcher) Reset() {
	m.Matcher.Reset()
	m.setLang(gherkin.DefaultDialect)
}

func (m *fastMatcher) MatchLanguage(line *gherkin.Line) (bool, *gherkin.Token, error) {
	ok, token, err := m.Matcher.MatchLanguage(line)
	if ok && err == nil {
		m.setLang(token.Text) // gherkin switches dialect exactly then
	}
	return ok, token, err
}

// token is a token as gherkin's matcher makes it.
func (m *fastMatcher) token(typ gherkin.TokenType, line *gherkin.Line) *gherkin.Token {
	return &gherkin.Token{Type: typ, GherkinDialect: m.lang, Location: &gherkin.Location{Line: line.LineNumber, Column: line.Indent() + 1}}
}

func (m *fastMatcher) MatchTableRow(line *gherkin.Line) (bool, *gherkin.Token, error) {
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

func (m *fastMatcher) MatchStepLine(line *gherkin.Line) (bool, *gherkin.Token, error) {
	for _, keyword := range m.keywords {
		if line.StartsWith(keyword) {
			token := m.token(gherkin.TokenTypeStepLine, line)
			token.Keyword = keyword
			token.KeywordType = m.dialect.StepKeywordType(keyword)
			token.Text = strings.Trim(line.TrimmedLineText[len(keyword):], " ")
			return true, token, nil
		}
	}
	return false, nil, nil
}

// MatchTagLine reads a tag line as gherkin v26 does: the text before the
// first comment (a # after white space) split at every @, each part with
// its trailing white space trimmed. White space here is what gherkin's
// expressions call \s and \S (ASCII: tab, newline, form feed, carriage
// return, space) except for the trimming, which is unicode.IsSpace.
func (m *fastMatcher) MatchTagLine(line *gherkin.Line) (bool, *gherkin.Token, error) {
	if !line.StartsWith(gherkin.TagPrefix) {
		return false, nil, nil
	}
	uncommented := beforeTagComment(line.TrimmedLineText)
	var tags []*gherkin.LineSpan
	column := line.Indent() + 1
	for part := range strings.SplitSeq(uncommented, gherkin.TagPrefix) {
		txt := strings.TrimRightFunc(part, unicode.IsSpace)
		if len(txt) == 0 {
			continue // as gherkin: the column does not move
		}
		if strings.ContainsAny(txt, reSpace) {
			return m.Matcher.MatchTagLine(line)
		}
		tags = append(tags, &gherkin.LineSpan{Column: column, Text: gherkin.TagPrefix + txt})
		column += utf8.RuneCountInString(part) + 1
	}
	token := m.token(gherkin.TokenTypeTagLine, line)
	token.Items = tags
	return true, token, nil
}

// reSpace is what a regular expression's \s matches.
const reSpace = "\t\n\f\r "

// beforeTagComment is the text before the first match of \s+# (what
// gherkin's split of a tag line keeps): the run of white space before the
// first # that follows white space starts the comment.
func beforeTagComment(text string) string {
	for j := 1; j < len(text); j++ {
		if text[j] != '#' || !strings.ContainsRune(reSpace, rune(text[j-1])) {
			continue
		}
		i := j - 1
		for i > 0 && strings.ContainsRune(reSpace, rune(text[i-1])) {
			i--
		}
		return text[:i]
	}
	return text
}

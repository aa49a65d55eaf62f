package awareness

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Directive kinds (spec/clock-awareness/grammar.md).
const (
	DirectiveNone    = ""
	DirectiveClockIt = "clock_it" // "clock it: …" or "… clock it"
	DirectiveClock   = "clock"    // "clock: …"
	DirectiveKind    = "kind"     // "clock: kind project"
)

// Directive is a message's clock directive, if any.
type Directive struct {
	Kind string
	// Label is the action text of clock_it / clock (not yet normalised);
	// for kind it is the kind as written.
	Label string
}

var (
	kindDirective   = regexp.MustCompile(`(?i)^\s*clock\s*:\s*kind\s+(\S+?)\s*[.!]?\s*$`)
	clockItPrefix   = regexp.MustCompile(`(?is)^\s*clock\s+it\s*:\s*(.*)$`)
	clockPrefix     = regexp.MustCompile(`(?is)^\s*clock\s*:\s*(.*)$`)
	clockItSuffix   = regexp.MustCompile(`(?is)^(.*?)[\s,;:—–-]*\bclock\s+it\s*[.!]*\s*$`)
	leadingSubjects = regexp.MustCompile(`(?i)^(?:i'm|i am|im|i'll|i will|i|going to|gonna)\s+`)
)

// ParseDirective reads a clock directive (§5.1, §5.2, §6.2 A). The grammar:
//
//	clock: kind <kind>      the thread kind directive (whole message)
//	clock it: <text>        an explicit clock of <text>
//	clock: <text>           the same, short form
//	<text> clock it         "clock it" appended to a message
//
// "clock" and "it" are matched without regard to case; a directive is at
// the start of the message (or "clock it" at its end), never in the middle.
func ParseDirective(text string) Directive {
	s := fold(text)
	if m := kindDirective.FindStringSubmatch(s); m != nil {
		return Directive{DirectiveKind, m[1]}
	}
	if m := clockItPrefix.FindStringSubmatch(s); m != nil {
		return Directive{DirectiveClockIt, m[1]}
	}
	if m := clockPrefix.FindStringSubmatch(s); m != nil {
		return Directive{DirectiveClock, m[1]}
	}
	if m := clockItSuffix.FindStringSubmatch(s); m != nil {
		return Directive{DirectiveClockIt, m[1]}
	}
	return Directive{}
}

// MaxLabelRunes bounds a normalised label: a label is a short summary
// (§6.3), not the message.
const MaxLabelRunes = 80

// MaxQuoteRunes bounds the excerpt kept when store_quotes is true.
const MaxQuoteRunes = 200

// NormalizeLabel is the normalised label of §6.3 (spec grammar.md "Labels"):
// ’ read as ', white space collapsed, trimmed, trailing punctuation removed,
// a leading subject ("I'm", "I will", "going to", …) removed, the first
// letter upper-cased, and the result cut to 80 runes at a word boundary.
func NormalizeLabel(s string) string {
	s = normalizeBody(s)
	if s == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// normalizeBody is NormalizeLabel without the capital: the parts a label
// template ("Go to {x}") is filled with keep their letter case.
func normalizeBody(s string) string {
	s = strings.Join(strings.Fields(fold(s)), " ")
	for {
		t := strings.TrimRight(s, ".!?,;:…—–- ")
		t = leadingSubjects.ReplaceAllString(t, "")
		if t == s {
			break
		}
		s = t
	}
	if utf8.RuneCountInString(s) > MaxLabelRunes {
		r := []rune(s)[:MaxLabelRunes]
		cut := string(r)
		if i := strings.LastIndexByte(cut, ' '); i > 0 {
			cut = cut[:i]
		}
		s = strings.TrimRight(cut, ".!?,;:…—–- ")
	}
	return s
}

// Quote is the excerpt kept when store_quotes is true: the message with
// its white space collapsed, cut to 200 runes.
func Quote(text string) string {
	s := strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(s) > MaxQuoteRunes {
		s = string([]rune(s)[:MaxQuoteRunes])
	}
	return s
}

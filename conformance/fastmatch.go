package conformance

import (
	"strings"
	"unicode/utf8"
)

// Hand-written matchers for the step expressions most steps use, each
// giving exactly what the expression's FindStringSubmatch gives (its groups,
// or no match): Go's regexp reads a text rune by rune, an invalid byte as
// one U+FFFD, `[^"]` matches a newline and `.` does not, and `$` is the
// end of the text. TestFastMatchersAreTheirExpressions compares each with
// its expression on every step of the suite and on texts made to break
// them. matchStep still runs the expression of every other definition.
var fastMatchers = map[string]func(text string) ([]string, bool){
	`^I call "([^"]+)" with (\{.*\})$`: func(text string) ([]string, bool) {
		op, rest, ok := quotedThen(text, `I call "`, `" with `)
		if !ok || len(rest) < 2 || rest[0] != '{' || rest[len(rest)-1] != '}' || strings.IndexByte(rest, '\n') >= 0 {
			return nil, false
		}
		return []string{op, rest}, true
	},
	`^the output "([^"]+)" is ` + quoted + `$`: func(text string) ([]string, bool) {
		path, rest, ok := quotedThen(text, `the output "`, `" is "`)
		if !ok || len(rest) < 1 || rest[len(rest)-1] != '"' {
			return nil, false
		}
		body := rest[:len(rest)-1]
		for i := 0; i < len(body); {
			switch body[i] {
			case '"':
				return nil, false
			case '\\':
				r, w := utf8.DecodeRuneInString(body[i+1:])
				if w == 0 || r == '\n' {
					return nil, false
				}
				i += 1 + w
			default:
				i++
			}
		}
		return []string{path, body}, true
	},
	`^the output "([^"]+)" is (true|false|null)$`: func(text string) ([]string, bool) {
		path, rest, ok := quotedThen(text, `the output "`, `" is `)
		if !ok || rest != "true" && rest != "false" && rest != "null" {
			return nil, false
		}
		return []string{path, rest}, true
	},
	`^the output "([^"]+)" is (-?[0-9][0-9.eE+-]*)$`: func(text string) ([]string, bool) {
		path, rest, ok := quotedThen(text, `the output "`, `" is `)
		num := strings.TrimPrefix(rest, "-")
		if !ok || num == "" || num[0] < '0' || num[0] > '9' {
			return nil, false
		}
		for i := 1; i < len(num); i++ {
			if c := num[i]; (c < '0' || c > '9') && c != '.' && c != 'e' && c != 'E' && c != '+' && c != '-' {
				return nil, false
			}
		}
		return []string{path, rest}, true
	},
	`^the error code is "([^"]+)"$`: func(text string) ([]string, bool) {
		rest, ok := strings.CutPrefix(text, `the error code is "`)
		if !ok || len(rest) < 2 || rest[len(rest)-1] != '"' || strings.IndexByte(rest[:len(rest)-1], '"') >= 0 {
			return nil, false
		}
		return []string{rest[:len(rest)-1]}, true
	},
}

// quotedThen reads prefix, then `[^"]+` (one or more bytes up to the next
// quote: an invalid byte, U+FFFD to the regexp, is not a quote), then
// sep, which starts with that quote; rest is what follows sep.
func quotedThen(text, prefix, sep string) (group, rest string, ok bool) {
	s, ok := strings.CutPrefix(text, prefix)
	if !ok {
		return "", "", false
	}
	i := strings.IndexByte(s, '"')
	if i < 1 || !strings.HasPrefix(s[i:], sep) {
		return "", "", false
	}
	return s[:i], s[i+len(sep):], true
}

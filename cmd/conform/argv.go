package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// parseArgv splits `CMD ARG…` on spaces, or reads a JSON array of strings
// when arguments contain spaces. No shell is involved either way, so a
// quote or a backslash in the space-separated form is refused rather than
// passed on inside an argument: `exec:sh -c "sleep 1"` would otherwise
// start sh with the arguments `"sleep` and `1"`, a silent guess at what was
// meant. prefix ("exec:" or "mcp:") names the form in the errors.
func parseArgv(prefix, s string) ([]string, error) {
	s = strings.TrimSpace(s)
	var argv []string
	if strings.HasPrefix(s, "[") {
		if err := json.Unmarshal([]byte(s), &argv); err != nil {
			return nil, fmt.Errorf("not a JSON array of strings: %w", err)
		}
	} else {
		if i := strings.IndexAny(s, `"'\`); i >= 0 {
			return nil, fmt.Errorf("the command is split on spaces, not read by a shell, so its %c would be part of an argument: write it as a JSON array of strings, e.g. %s%s",
				s[i], prefix, argvExample(strings.Fields(s)))
		}
		argv = strings.Fields(s)
	}
	if len(argv) == 0 || argv[0] == "" {
		return nil, fmt.Errorf("no command after %s", prefix)
	}
	return argv, nil
}

// argvExample writes fields as the JSON array they were probably meant to
// be, as a shell would have read them: the words of a quoted stretch, or
// around a backslash that escapes a space, joined back; the quotes and
// escapes dropped. It is only a suggestion in an error message.
func argvExample(fields []string) string {
	var argv []string
	var open byte // the quote a stretch is open in, or 0
	escaped := false
	for _, f := range fields {
		join := (open != 0 || escaped) && len(argv) > 0
		escaped = false
		var b strings.Builder
		for i := 0; i < len(f); i++ {
			switch c := f[i]; {
			case c == '\\' && open != '\'':
				if i == len(f)-1 {
					escaped = true // an escaped space: the next field goes on
				} else {
					i++
					b.WriteByte(f[i])
				}
			case open == 0 && (c == '"' || c == '\''):
				open = c
			case c == open:
				open = 0
			default:
				b.WriteByte(c)
			}
		}
		if join {
			argv[len(argv)-1] += " " + b.String()
		} else {
			argv = append(argv, b.String())
		}
	}
	out, _ := json.Marshal(argv)
	return string(out)
}

package main

import (
	"reflect"
	"strings"
	"testing"
)

// An exec: or mcp: command is split on spaces or read as a JSON array;
// a quote or a backslash in the split form is refused, naming the JSON
// array a shell would have meant, never passed on inside an argument.
func TestParseArgv(t *testing.T) {
	for _, c := range []struct {
		prefix, in string
		want       []string
		err        string
	}{
		{"exec:", "./impl", []string{"./impl"}, ""},
		{"exec:", "  node  my-impl/main.js --fast ", []string{"node", "my-impl/main.js", "--fast"}, ""},
		{"exec:", `["sh","-c","echo 'a b' \"c\""]`, []string{"sh", "-c", `echo 'a b' "c"`}, ""},
		{"exec:", `sh -c "sleep 100"`, nil, `its " would be part of an argument: write it as a JSON array of strings, e.g. exec:["sh","-c","sleep 100"]`},
		{"mcp:", `node 'my server.js' --x`, nil, `its ' would be part of an argument: write it as a JSON array of strings, e.g. mcp:["node","my server.js","--x"]`},
		{"exec:", `my\ impl --x`, nil, `its \ would be part of an argument: write it as a JSON array of strings, e.g. exec:["my impl","--x"]`},
		{"exec:", `x "it's"`, nil, `e.g. exec:["x","it's"]`},
		{"exec:", `sh -c 'say "hi" now'`, nil, `e.g. exec:["sh","-c","say \"hi\" now"]`},
		{"exec:", "", nil, "no command after exec:"},
		{"mcp:", "   ", nil, "no command after mcp:"},
		{"exec:", `[""]`, nil, "no command after exec:"},
		{"exec:", `["sh",1]`, nil, "not a JSON array of strings"},
	} {
		got, err := parseArgv(c.prefix, c.in)
		switch {
		case c.err == "" && (err != nil || !reflect.DeepEqual(got, c.want)):
			t.Errorf("parseArgv(%q, %q) = %q, %v; want %q", c.prefix, c.in, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("parseArgv(%q, %q) = %q, %v; want an error with %q", c.prefix, c.in, got, err, c.err)
		}
	}
}

// The refusal reaches the user as a usage error (exit 2) from every
// command that starts an implementation.
func TestQuotedCommandsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"run", "--impl", `exec:sh -c "exit 0"`},
		{"run", "--impl", `mcp:sh -c "exit 0"`},
		{"store-check", "--impl", `exec:sh -c "exit 0"`},
		{"agent", "--agent", `exec:sh -c "exit 0"`},
	} {
		code, _, stderr := conform(t, args...)
		if code != exitUsage || !strings.Contains(stderr, `its " would be part of an argument`) || !strings.Contains(stderr, `["sh","-c","exit 0"]`) {
			t.Errorf("conform %q: exit %d\n%s", args, code, stderr)
		}
	}
}

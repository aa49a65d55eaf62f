package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"
)

// Every subcommand's help has one shape: a usage line, what it does,
// examples, its flags (grouped where there are many), and exit status.
// `conform CMD -h` and `conform help CMD` print it on stdout.

// helpText is one subcommand's help.
type helpText struct {
	usage    string   // after "Usage: "
	about    string   // a paragraph or two
	examples []string // "command line  what it does", aligned by printHelp
	groups   []flagGroup
	exit     string // the exit status section; default exitCodes
}

// printHelp writes a subcommand's help; fset supplies the flags.
func printHelp(out io.Writer, fset *flag.FlagSet, h helpText) {
	w := &wrappedWriter{w: out}
	defer w.Flush()
	fmt.Fprintf(w, "Usage: %s\n\n%s\n", h.usage, strings.TrimSpace(h.about))
	if len(h.examples) > 0 {
		fmt.Fprint(w, "\nExamples:\n")
		writeExamples(w, h.examples)
	}
	if fset != nil {
		n := 0
		fset.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintln(w)
			groups := h.groups
			if len(groups) == 0 {
				groups = []flagGroup{{"Flags", nil}}
				fset.VisitAll(func(f *flag.Flag) { groups[0].names = append(groups[0].names, f.Name) })
			}
			printFlagGroups(w, fset, groups)
		}
	}
	exit := h.exit
	if exit == "" {
		exit = exitCodes
	}
	fmt.Fprint(w, "\n"+exit)
}

// writeExamples aligns "command  # what it does" pairs given as
// "command\twhat it does".
func writeExamples(w io.Writer, examples []string) {
	width := 0
	for _, e := range examples {
		cmd, _, _ := strings.Cut(e, "\t")
		if len(cmd) > width && len(cmd) <= 50 {
			width = len(cmd)
		}
	}
	for _, e := range examples {
		cmd, what, ok := strings.Cut(e, "\t")
		switch {
		case !ok:
			fmt.Fprintf(w, "  %s\n", cmd)
		case len(cmd) > width:
			fmt.Fprintf(w, "  %s\n  %*s  # %s\n", cmd, width, "", what)
		default:
			fmt.Fprintf(w, "  %-*s  # %s\n", width, cmd, what)
		}
	}
}

// parseFlags parses a subcommand's arguments. Flags may come before,
// between or after its positional arguments (so `conform replay FILE --impl
// X` and `conform replay --impl X FILE` are the same). -h prints help on
// stdout and returns flag.ErrHelp; a bad flag is one line that names the
// help to read.
func parseFlags(fset *flag.FlagSet, args []string, stdout io.Writer, h helpText) ([]string, error) {
	fset.SetOutput(io.Discard) // flag's own message and usage dump are replaced below
	fset.Usage = func() {}
	var pos []string
	for rest := args; ; {
		err := fset.Parse(rest)
		if errors.Is(err, flag.ErrHelp) {
			printHelp(stdout, fset, h)
			return nil, flag.ErrHelp
		}
		if err != nil {
			return nil, flagError(fset, err)
		}
		if fset.NArg() == 0 {
			return pos, nil
		}
		rest = fset.Args()
		if rest[0] == "--" { // everything after -- is positional
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		rest = rest[1:]
	}
}

// usageError is a mistake on the command line: exit status 2, one line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// flagError rewrites the flag package's messages into one line that names
// the flag, suggests a near one, and points at the help.
func flagError(fset *flag.FlagSet, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		fset.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		msg = fmt.Sprintf("unknown flag --%s", name)
		if near := nearest(name, names); near != "" {
			msg += fmt.Sprintf(" (did you mean --%s?)", near)
		}
	} else if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		msg = fmt.Sprintf("--%s needs a value", name)
	} else if m := invalidValue.FindStringSubmatch(msg); m != nil {
		// "invalid value "abc" for flag -seed: parse error" names the flag
		// with one dash and says nothing of what it wants.
		reason := m[3]
		if reason == "parse error" || reason == "value out of range" {
			if want := wantOf(fset.Lookup(m[2])); want != "" {
				reason += ": want " + want
			}
		}
		msg = fmt.Sprintf("--%s %s: %s", m[2], m[1], reason)
	}
	return &usageError{fmt.Sprintf("%s; see %s -h", msg, fset.Name())}
}

// invalidValue is the flag package's message for a value its flag's type
// cannot take.
var invalidValue = regexp.MustCompile(`^invalid (?:boolean )?value ("(?:[^"\\]|\\.)*") for (?:flag )?-(\S+): (.*)$`)

// wantOf says what a typed flag takes ("" for a flag of another type).
func wantOf(f *flag.Flag) string {
	if f == nil {
		return ""
	}
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return ""
	}
	switch g.Get().(type) {
	case int, int64:
		return "a whole number"
	case uint, uint64:
		return "a whole number, 0 or more"
	case float64:
		return "a number"
	case bool:
		return "true or false"
	case time.Duration:
		return "a duration such as 5s or 2m"
	}
	return ""
}

// nearest is the candidate closest to s by edit distance, if it is close
// enough to be a likely typo ("" otherwise).
func nearest(s string, candidates []string) string {
	best, bestD := "", max(2, len(s)/3)+1
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		// The distance is at least the difference in length: a candidate
		// that far off is skipped without the quadratic comparison (a
		// 120 KB id against every scenario id took 53 s).
		if diff := len(c) - len(s); diff >= bestD || -diff >= bestD {
			continue
		}
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" {
		// A prefix or a part of a name ("fail" for fail-fast) also counts.
		for _, c := range sorted {
			if len(s) >= 3 && strings.Contains(c, s) {
				return c
			}
		}
	}
	return best
}

// editDistance is the Levenshtein distance between two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// helpWidth is the widest a line of help may be: a terminal of 100
// columns shows each whole.
const helpWidth = 100

// wrappedWriter writes help text with every line wrapped to helpWidth at
// a space: a continuation keeps the line's indentation, or lines up under
// an example's "# " comment.
type wrappedWriter struct {
	w   io.Writer
	buf []byte
}

func (ww *wrappedWriter) Write(p []byte) (int, error) {
	ww.buf = append(ww.buf, p...)
	for {
		i := bytes.IndexByte(ww.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		if _, err := io.WriteString(ww.w, wrapLine(string(ww.buf[:i]))+"\n"); err != nil {
			return 0, err
		}
		ww.buf = ww.buf[i+1:]
	}
}

// Flush writes what is left without a newline.
func (ww *wrappedWriter) Flush() error {
	if len(ww.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(ww.w, wrapLine(string(ww.buf)))
	ww.buf = nil
	return err
}

// wrapLine breaks one line at spaces so no piece is wider than helpWidth.
func wrapLine(line string) string {
	if utf8.RuneCountInString(line) <= helpWidth {
		return line
	}
	indent := len(line) - len(strings.TrimLeft(line, " "))
	if i := strings.Index(line, "  # "); i > 0 && i+4 < helpWidth-20 {
		indent = i + 4
	} else if strings.HasPrefix(strings.TrimLeft(line, " "), "--") {
		indent += 4 // a flag's line: its words under its name
	}
	var out strings.Builder
	rest := line
	for utf8.RuneCountInString(rest) > helpWidth {
		cut := -1
		n := 0
		for i, r := range rest {
			if n > helpWidth {
				break
			}
			if r == ' ' && n > indent+10 {
				cut = i
			}
			n++
		}
		if cut < 0 {
			break // one word longer than the line: left whole
		}
		out.WriteString(strings.TrimRight(rest[:cut], " "))
		out.WriteString("\n")
		rest = strings.Repeat(" ", indent) + strings.TrimLeft(rest[cut:], " ")
	}
	out.WriteString(rest)
	return out.String()
}

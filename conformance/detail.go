package conformance

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/clockspec/clockspec/conformance/result"
	"github.com/clockspec/clockspec/spec"
)

// goldenMismatch is an answer that differs from its golden at the exact level.
type goldenMismatch struct {
	call, of  int
	op, name  string
	want, got string
	// Where they first differ: a JSON pointer into the answer, and the
	// value each has there ("" for a member one lacks).
	pointer, wantAt, gotAt string
}

// Error names the call, the place and the two values first, on one line
// (the summary groups failures by it: the same place, whatever the
// values), then the whole answers.
func (e *goldenMismatch) Error() string {
	at := ""
	if e.pointer != "" {
		at = fmt.Sprintf(" at %q: want %s, got %s", e.pointer, orAbsent(e.wantAt), orAbsent(e.gotAt))
	}
	return fmt.Sprintf("call %d of %d (%s) differs from its golden%s (%s)\nwant: %s\n got: %s", e.call, e.of, e.op, at, e.name, e.want, e.got)
}

// outputDiffers is an answer that differs from a scenario's "the output
// is:" step: the place it first differs (a JSON pointer into the output)
// and the two values there, then both outputs.
type outputDiffers struct {
	call                   int
	pointer, wantAt, gotAt string
	want, got              string
}

func (e *outputDiffers) Error() string {
	return fmt.Sprintf("output of call %d differs at %q: want %s, got %s\nwant: %s\n got: %s",
		e.call, e.pointer, orAbsent(e.wantAt), orAbsent(e.gotAt), e.want, e.got)
}

func orRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

func orAbsent(v string) string {
	if v == "" {
		return "(absent)"
	}
	return v
}

// The shapes of the steps' failure messages (steps_assert.go) that carry an
// expected and an actual value.
var (
	reIsWant       = regexp.MustCompile(`^output ("(?:[^"\\]|\\.)*") is (.*), want (.*)$`)
	reCodeWant     = regexp.MustCompile(`^error code is ("(?:[^"\\]|\\.)*") \((.*)\), want ("(?:[^"\\]|\\.)*")$`)
	reWantedError  = regexp.MustCompile(`^expected error ("(?:[^"\\]|\\.)*"), got output (.*)$`)
	reWantedOutput = regexp.MustCompile(`^expected an output, got error (.*)$`)
	reContains     = regexp.MustCompile(`(?s)^output ("(?:[^"\\]|\\.)*") (does not contain|contains) (.*)\nfull value: (.*)$`)
)

// describeFailure fills a failing result's Expected, Actual and
// SchemaErrors from the error that failed it.
func describeFailure(res *ScenarioResult, err error) {
	if err == nil {
		return
	}
	var se *spec.SchemaError
	if errors.As(err, &se) {
		for _, p := range se.Problems {
			sp := result.SchemaProblem{Message: p}
			if strings.HasPrefix(p, "/") {
				ptr, msg, ok := strings.Cut(p, ": ")
				if ok {
					sp.Pointer, sp.Message = ptr, msg
					if ptr == "/" {
						sp.Pointer = ""
					}
				}
			}
			res.SchemaErrors = append(res.SchemaErrors, sp)
		}
		res.Expected = "an answer valid against the " + se.What + " schema"
		return
	}
	var gm *goldenMismatch
	if errors.As(err, &gm) {
		res.Step = ""
		res.Expected, res.Actual = gm.want, gm.got
		res.Pointer = gm.pointer
		return
	}
	var od *outputDiffers
	if errors.As(err, &od) {
		res.Expected, res.Actual = od.want, od.got
		res.Pointer = "/output" + od.pointer
		return
	}
	msg := err.Error()
	if i := strings.Index(msg, "\nwant: "); i >= 0 {
		if j := strings.Index(msg[i:], "\n got: "); j >= 0 {
			res.Expected = msg[i+len("\nwant: ") : i+j]
			rest := msg[i+j+len("\n got: "):]
			if k := strings.Index(rest, "\n("); k >= 0 { // a note appended after the value
				rest = rest[:k]
			}
			res.Actual = rest
			return
		}
	}
	if m := reContains.FindStringSubmatch(msg); m != nil {
		res.Expected = fmt.Sprintf("output %s %s %s", m[1], map[string]string{"contains": "does not contain", "does not contain": "contains"}[m[2]], m[3])
		res.Actual = m[4]
		return
	}
	if m := reIsWant.FindStringSubmatch(msg); m != nil {
		res.Expected, res.Actual = m[3], m[2]
		return
	}
	if m := reCodeWant.FindStringSubmatch(msg); m != nil {
		res.Expected, res.Actual = "error code "+m[3], "error code "+m[1]+" ("+m[2]+")"
		return
	}
	if m := reWantedError.FindStringSubmatch(msg); m != nil {
		res.Expected, res.Actual = "error code "+m[1], "output "+m[2]
		return
	}
	if m := reWantedOutput.FindStringSubmatch(msg); m != nil {
		res.Expected, res.Actual = "an output", "error "+m[1]
	}
}

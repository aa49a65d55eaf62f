package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// ValueDiff shows how an actual value differs from the expected one: a line
// diff for JSON documents and multi-line strings, else the two values with
// the differing middle marked.
type ValueDiff struct {
	Lines    []DiffLine `json:"lines,omitempty"`
	Expected []Segment  `json:"expected,omitempty"`
	Actual   []Segment  `json:"actual,omitempty"`
}

// DiffLine is one line of a line diff: Op is ' ' (both), '-' (expected
// only) or '+' (actual only).
type DiffLine struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// Segment is part of a value, Changed where the two values differ.
type Segment struct {
	Text    string `json:"text"`
	Changed bool   `json:"changed,omitempty"`
}

// Diff compares an expected and an actual value as a report shows them.
func Diff(expected, actual string) ValueDiff {
	if e, a, ok := jsonLines(expected, actual); ok {
		return ValueDiff{Lines: lineDiff(e, a)}
	}
	var es, as string
	if json.Unmarshal([]byte(expected), &es) == nil && json.Unmarshal([]byte(actual), &as) == nil &&
		(strings.Contains(es, "\n") || strings.Contains(as, "\n")) {
		return ValueDiff{Lines: lineDiff(strings.Split(es, "\n"), strings.Split(as, "\n"))}
	}
	e, a := inlineDiff(expected, actual)
	return ValueDiff{Expected: e, Actual: a}
}

// jsonLines indents two JSON documents when at least one is an object or
// an array.
func jsonLines(expected, actual string) ([]string, []string, bool) {
	structured := func(s string) bool {
		t := strings.TrimSpace(s)
		return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")
	}
	if !json.Valid([]byte(expected)) || !json.Valid([]byte(actual)) || !(structured(expected) || structured(actual)) {
		return nil, nil, false
	}
	indent := func(s string) []string {
		var b bytes.Buffer
		if err := json.Indent(&b, []byte(s), "", "  "); err != nil {
			return []string{s}
		}
		return strings.Split(b.String(), "\n")
	}
	return indent(expected), indent(actual), true
}

// lineDiff is a longest-common-subsequence diff; beyond 2000 lines a side
// it shows one block removed and one added.
func lineDiff(a, b []string) []DiffLine {
	var out []DiffLine
	if len(a) > 2000 || len(b) > 2000 {
		for _, l := range a {
			out = append(out, DiffLine{"-", l})
		}
		for _, l := range b {
			out = append(out, DiffLine{"+", l})
		}
		return out
	}
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			out = append(out, DiffLine{" ", a[i]})
			i, j = i+1, j+1
		case j < m && (i == n || lcs[i][j+1] > lcs[i+1][j]):
			out = append(out, DiffLine{"+", b[j]})
			j++
		default:
			out = append(out, DiffLine{"-", a[i]})
			i++
		}
	}
	return out
}

// inlineDiff marks what lies between the common prefix and suffix.
func inlineDiff(a, b string) ([]Segment, []Segment) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	for p > 0 && p < len(a) && !utf8.RuneStart(a[p]) {
		p--
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	for s > 0 && !utf8.RuneStart(a[len(a)-s]) {
		s--
	}
	seg := func(x string) []Segment {
		var out []Segment
		if p > 0 {
			out = append(out, Segment{Text: x[:p]})
		}
		if mid := x[p : len(x)-s]; mid != "" {
			out = append(out, Segment{Text: mid, Changed: true})
		}
		if s > 0 {
			out = append(out, Segment{Text: x[len(x)-s:]})
		}
		return out
	}
	return seg(a), seg(b)
}

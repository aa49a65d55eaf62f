package suitetest

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/routing"
)

// Outside the portable subset of engage patterns an implementation may give
// JavaScript's answer or refuse with unsupported_pattern, never a third
// answer. The required tier must accept both and nothing else. These tests
// run the routing profile's required tier at exact against the reference
// behind a filter: a faithful implementation that reads JavaScript's Annex B
// escapes the reference refuses, and two wrong ones.

// annexB rewrites the Annex B escapes the reference refuses into subset
// syntax with the same meaning in JavaScript: \x and \u without enough hex
// digits are the letter itself, and \0 followed by one or two octal digits
// is a legacy octal escape (\00 is NUL, \012 a newline).
func annexB(p string) string {
	isHex := func(r rune) bool { return strings.ContainsRune("0123456789abcdefABCDEF", r) }
	isOctal := func(r rune) bool { return r >= '0' && r <= '7' }
	hexRun := func(rs []rune, n int) bool {
		if len(rs) < n {
			return false
		}
		for _, r := range rs[:n] {
			if !isHex(r) {
				return false
			}
		}
		return true
	}
	rs := []rune(p)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		if rs[i] != '\\' || i+1 >= len(rs) {
			b.WriteRune(rs[i])
			continue
		}
		c := rs[i+1]
		switch {
		case c == 'x' && !hexRun(rs[i+2:], 2):
			b.WriteRune('x')
			i++
		case c == 'u' && !hexRun(rs[i+2:], 4):
			b.WriteRune('u')
			i++
		case c == '0' && i+2 < len(rs) && isOctal(rs[i+2]):
			v, j := 0, i+2
			for j < len(rs) && j < i+4 && isOctal(rs[j]) {
				v = v*8 + int(rs[j]-'0')
				j++
			}
			fmt.Fprintf(&b, `\x%02X`, v)
			i = j - 1
		default:
			b.WriteRune('\\')
			b.WriteRune(c)
			i++
		}
	}
	return b.String()
}

// rtPatternFilter answers routing.pattern_test with f applied to the
// reference's answer whenever the reference refuses the pattern as
// unsupported; it counts those calls.
func rtPatternFilter(n *atomic.Int64, f func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error)) mutant {
	return mutant{"", map[string]override{"routing.pattern_test": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		out, perr := next(in)
		if perr == nil || perr.Code != routing.CodeUnsupportedPattern {
			return out, perr
		}
		n.Add(1)
		return f(next, in)
	}}}
}

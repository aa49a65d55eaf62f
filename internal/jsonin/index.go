package jsonin

// The functions here are Reader's steps on a byte slice and an index, for a
// decoder that keeps its place in a local variable on its hot path (a
// Reader keeps it in memory, which every step reads and writes). They check
// exactly what the Reader checks: the Reader is built on them.

// SkipSpace is the index of the first byte of d from i on that is not JSON
// white space (space, tab, line feed, carriage return), or len(d).
func SkipSpace(d []byte, i int) int {
	if i < len(d) && d[i] > ' ' {
		return i // at a token already: most calls, inlined
	}
	return skipSpace(d, i)
}

// skipSpace is SkipSpace's loop. Byte by byte: runs of white space are
// short (a space after a colon, a line feed and an indent), and word tests
// measured slower. Not inlined, so that SkipSpace is.
//
//go:noinline
func skipSpace(d []byte, i int) int {
	for i < len(d) && isSpace[d[i]] {
		i++
	}
	return i
}

// isSpace marks JSON's white space.
var isSpace = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}

// ScanString checks the string literal that starts at d[i] (its opening
// quote) as encoding/json does and returns the index just after its closing
// quote, or -1 if there is no valid literal there. plain says it holds no
// escape and no byte ≥ 0x80, so that the bytes between its quotes are its
// value.
func ScanString(d []byte, i int) (end int, plain bool) {
	if i >= len(d) || d[i] != '"' {
		return -1, false
	}
	return scanStringFrom(d, i+1, true)
}

// scanStringFrom is ScanString from d[i], inside the literal, with plain
// as what the bytes before i said.
func scanStringFrom(d []byte, i int, plain bool) (end int, _ bool) {
	for {
		// To the first byte that needs a look, eight bytes at a time.
		if i = nextSpecial(d, i); i >= len(d) {
			return -1, false
		}
		switch c := d[i]; {
		case c == '"':
			return i + 1, plain
		case c < 0x20:
			return -1, false
		case c == '\\':
			plain = false
			if i+1 >= len(d) {
				return -1, false
			}
			switch d[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+5 >= len(d) || !hex4(d[i+2:i+6]) {
					return -1, false
				}
				i += 6
			default:
				return -1, false
			}
		default: // c >= 0x80
			plain = false
			i++
		}
	}
}

// SkipValue checks the value that starts at d[i] (after white space) as
// Reader.Skip does, at a nesting depth of depth, and returns the index just
// after it, or -1.
func SkipValue(d []byte, i, depth int) int {
	if i >= len(d) {
		return -1
	}
	switch c := d[i]; {
	case c == '"':
		end, _ := ScanString(d, i)
		return end
	case c == 'f' && len(d)-i >= 5 && string(d[i:i+5]) == "false":
		return i + 5
	case c == 't' && len(d)-i >= 4 && string(d[i:i+4]) == "true":
		return i + 4
	}
	r := Reader{data: d, i: i, depth: depth}
	if !r.Skip() {
		return -1
	}
	return r.i
}

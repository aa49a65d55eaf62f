package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// openPoints are the parts of one call's answer that the scenario itself
// declares open: a seed permits several answers there, and a step that lists
// them ("the output F is one of …", "the error code is one of …", "the call is
// refused or …") has checked the answer against every permitted one. The
// exact level compares the rest of the answer with the golden byte for byte
// and leaves these points to their step: the golden holds the reference's
// choice among permitted answers, and demanding it at exact would turn a
// point the seed leaves open into a requirement.
type openPoints struct {
	fields map[string]bool // dotted output paths whose value is open
	code   bool            // which error code (among the operation's) is open
	kind   bool            // whether the call answers or refuses is open
}

func (c *callRecord) openField(path string) {
	if c.open.fields == nil {
		c.open.fields = map[string]bool{}
	}
	c.open.fields[path] = true
}

// goldenEqual reports whether an answer equals its golden outside the
// points the scenario declared open. Both sides are canonical JSON.
func goldenEqual(got, want []byte, open openPoints) (bool, error) {
	if bytes.Equal(got, want) {
		return true, nil
	}
	if open.fields == nil && !open.code && !open.kind {
		return false, nil
	}
	g, err := decodeCanonical(got)
	if err != nil {
		return false, err
	}
	w, err := decodeCanonical(want)
	if err != nil {
		return false, fmt.Errorf("golden: %w", err)
	}
	gOut, gIsOut := g["output"]
	wOut, wIsOut := w["output"]
	if gIsOut != wIsOut {
		return open.kind, nil
	}
	if !gIsOut {
		return open.code, nil
	}
	for path := range open.fields {
		gOut = withoutPath(gOut, strings.Split(path, "."))
		wOut = withoutPath(wOut, strings.Split(path, "."))
	}
	var gb, wb bytes.Buffer
	if err := writeCanonical(&gb, gOut); err != nil {
		return false, err
	}
	if err := writeCanonical(&wb, wOut); err != nil {
		return false, err
	}
	return bytes.Equal(gb.Bytes(), wb.Bytes()), nil
}

func decodeCanonical(b []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// withoutPath returns v with the value at path removed (an array element is
// replaced by null so later indexes keep their meaning). A path that does
// not exist leaves v as it is: the step that declared it open has already
// said whether its absence is permitted.
func withoutPath(v any, path []string) any {
	if len(path) == 0 {
		return v
	}
	switch x := v.(type) {
	case map[string]any:
		next, ok := x[path[0]]
		if !ok {
			return v
		}
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = e
		}
		if len(path) == 1 {
			delete(c, path[0])
		} else {
			c[path[0]] = withoutPath(next, path[1:])
		}
		return c
	case []any:
		i, err := strconv.Atoi(path[0])
		if err != nil || i < 0 || i >= len(x) {
			return v
		}
		c := append([]any(nil), x...)
		if len(path) == 1 {
			c[i] = nil
		} else {
			c[i] = withoutPath(x[i], path[1:])
		}
		return c
	}
	return v
}

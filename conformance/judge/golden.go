package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Open are the parts of one call's answer that its scenario declares open:
// a seed permits several answers there, and a step that lists them ("the
// output F is one of …", "the error code is one of …", "the call is refused
// or …") has checked the answer against every permitted one. The exact
// level compares the rest of the answer with the golden byte for byte and
// leaves these points to their step: the golden holds the reference's
// choice among permitted answers, and demanding it at exact would turn a
// point the seed leaves open into a requirement.
type Open struct {
	Fields map[string]bool // dotted output paths whose value is open
	Code   bool            // which error code (among the operation's) is open
	Kind   bool            // whether the call answers or refuses is open
	// Declared reports whether the output schema declares a member of
	// that name (see EqualApart); nil declares none.
	Declared func(name string) bool
}

// Any reports whether anything is open.
func (o Open) Any() bool { return o.Fields != nil || o.Code || o.Kind }

// EqualApart reports whether an answer equals its golden outside the points
// open leaves to their steps. Both sides are canonical JSON.
//
// An object member of the answer that the golden lacks, and that the output
// schema declares by name (open.Declared), is not compared: the answer has
// already been validated against that schema, so the member is an optional
// one it allows, and where the reference writes none (a label, a title) its
// value is the implementation's own, not a difference from the reference.
// An entry of a map keyed by data (a thread key) is no declared member: an
// extra one is a difference. Every member the golden holds must be there
// with the golden's value.
func EqualApart(got, want []byte, open Open) (bool, error) {
	if bytes.Equal(got, want) {
		return true, nil
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
		return open.Kind, nil
	}
	if !gIsOut {
		return open.Code, nil
	}
	for path := range open.Fields {
		gOut = withoutPath(gOut, strings.Split(path, "."))
		wOut = withoutPath(wOut, strings.Split(path, "."))
	}
	gOut = onlyMembersOf(gOut, wOut, open.Declared)
	var gb, wb bytes.Buffer
	if err := WriteCanonical(&gb, gOut); err != nil {
		return false, err
	}
	if err := WriteCanonical(&wb, wOut); err != nil {
		return false, err
	}
	return bytes.Equal(gb.Bytes(), wb.Bytes()), nil
}

// EqualShown reports whether an output (canonical JSON) shows every member
// of want with want's value, as "the output is:" asks: like EqualApart, an
// object member want lacks is the implementation's own (the schema has
// allowed it).
func EqualShown(got, want []byte, declared func(name string) bool) (bool, error) {
	if bytes.Equal(got, want) {
		return true, nil
	}
	var g, w any
	for _, x := range []struct {
		b []byte
		v *any
	}{{got, &g}, {want, &w}} {
		dec := json.NewDecoder(bytes.NewReader(x.b))
		dec.UseNumber()
		if err := dec.Decode(x.v); err != nil {
			return false, err
		}
	}
	var gb, wb bytes.Buffer
	if err := WriteCanonical(&gb, onlyMembersOf(g, w, declared)); err != nil {
		return false, err
	}
	if err := WriteCanonical(&wb, w); err != nil {
		return false, err
	}
	return bytes.Equal(gb.Bytes(), wb.Bytes()), nil
}

// onlyMembersOf returns got without the declared object members want
// lacks, at every depth where both are objects (array elements pair by
// index).
func onlyMembersOf(got, want any, declared func(string) bool) any {
	switch g := got.(type) {
	case map[string]any:
		w, ok := want.(map[string]any)
		if !ok {
			return got
		}
		c := make(map[string]any, len(g))
		for k, v := range g {
			if wv, ok := w[k]; ok {
				c[k] = onlyMembersOf(v, wv, declared)
			} else if declared == nil || !declared(k) {
				c[k] = v
			}
		}
		return c
	case []any:
		w, ok := want.([]any)
		if !ok || len(w) != len(g) {
			return got
		}
		c := make([]any, len(g))
		for i := range g {
			c[i] = onlyMembersOf(g[i], w[i], declared)
		}
		return c
	}
	return got
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

// FirstDifference is where an answer first differs from its golden, as
// EqualApart compares them (open points and declared members the golden
// lacks left out): a JSON pointer into the answer ("/output/card/title",
// "/error/code"), and the two values there, as canonical JSON ("" for a
// member one side lacks). ok is false when they do not differ there.
func FirstDifference(got, want []byte, open Open) (pointer, wantAt, gotAt string, ok bool) {
	g, err1 := decodeCanonical(got)
	w, err2 := decodeCanonical(want)
	if err1 != nil || err2 != nil {
		return "", "", "", false
	}
	if gOut, ok := g["output"]; ok {
		if wOut, ok := w["output"]; ok {
			for path := range open.Fields {
				gOut = withoutPath(gOut, strings.Split(path, "."))
				wOut = withoutPath(wOut, strings.Split(path, "."))
			}
			g["output"], w["output"] = onlyMembersOf(gOut, wOut, open.Declared), wOut
		}
	}
	return firstDifference("", g, w)
}

func firstDifference(at string, g, w any) (string, string, string, bool) {
	show := func(v any) string {
		var b bytes.Buffer
		if WriteCanonical(&b, v) != nil {
			return fmt.Sprint(v)
		}
		return b.String()
	}
	switch wv := w.(type) {
	case map[string]any:
		gv, ok := g.(map[string]any)
		if !ok {
			return orRoot(at), show(w), show(g), true
		}
		keys := make([]string, 0, len(wv)+len(gv))
		for k := range wv {
			keys = append(keys, k)
		}
		for k := range gv {
			if _, dup := wv[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := at + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
			x, inG := gv[k]
			y, inW := wv[k]
			switch {
			case !inG:
				return p, show(y), "", true
			case !inW:
				return p, "", show(x), true
			}
			if p, a, b, ok := firstDifference(p, x, y); ok {
				return p, a, b, true
			}
		}
		return "", "", "", false
	case []any:
		gv, ok := g.([]any)
		if !ok {
			return orRoot(at), show(w), show(g), true
		}
		for i := 0; i < len(wv) || i < len(gv); i++ {
			p := at + "/" + strconv.Itoa(i)
			switch {
			case i >= len(gv):
				return p, show(wv[i]), "", true
			case i >= len(wv):
				return p, "", show(gv[i]), true
			}
			if p, a, b, ok := firstDifference(p, gv[i], wv[i]); ok {
				return p, a, b, true
			}
		}
		return "", "", "", false
	}
	if a, b := show(w), show(g); a != b {
		return orRoot(at), a, b, true
	}
	return "", "", "", false
}

func orRoot(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

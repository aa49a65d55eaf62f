package spec

// A fast check of inputs: every call the reference answers is first
// checked against its operation's input schema, so that check is on the
// hot path of every run. jsonschema decodes the input into a tree and walks
// it keyword by keyword (about 13 µs a call in the suite); for the keywords
// the spec's input schemas use, this compiles each schema once into a
// checker that reads the input's bytes in one pass. It only answers "valid
// or not": a refusal (rare) is explained by jsonschema, which also decides
// it, so the message and the verdict of a refused input are jsonschema's
// own. A schema with a keyword the checker does not know gets no checker:
// jsonschema checks it alone. TestFastCheckAgreesWithJSONSchema holds the
// two equal on every input of the suite, its respellings and fuzzed ones.

import (
	"encoding/json"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/internal/jsonin"
)

// checker reports whether the value at r is valid, moving r past it.
type checker func(r *jsonin.Reader) bool

// fastCompiler compiles the schemas of one profile document.
type fastCompiler struct {
	defs map[string]any
	refs map[string]*checker // compiled $defs, by name (a pointer: recursion)
	ok   bool                // false once a keyword is unknown
}

// compileFast compiles a schema of doc's $defs, or returns nil when it
// uses a keyword the fast checker does not implement.
func compileFast(defs map[string]any, name string) checker {
	fc := &fastCompiler{defs: defs, refs: map[string]*checker{}, ok: true}
	c := fc.ref(name)
	if !fc.ok {
		return nil
	}
	return func(r *jsonin.Reader) bool { return (*c)(r) }
}

func (fc *fastCompiler) ref(name string) *checker {
	if c, ok := fc.refs[name]; ok {
		return c
	}
	c := new(checker)
	fc.refs[name] = c
	s, ok := fc.defs[name]
	if !ok {
		fc.ok = false
		return c
	}
	*c = fc.compile(s)
	return c
}

// annotations are keywords that never change a verdict.
var annotations = map[string]bool{"description": true, "title": true, "default": true, "examples": true,
	"$comment": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true}

func (fc *fastCompiler) compile(schema any) checker {
	switch s := schema.(type) {
	case bool:
		return func(r *jsonin.Reader) bool { return r.Skip() && s }
	case map[string]any:
		return fc.compileObject(s)
	}
	fc.ok = false
	return nil
}

// value is one JSON value read for the checks that need its bytes again
// (oneOf's branches, a repeated key's last value).
type valueCheck func(v []byte) bool

func (fc *fastCompiler) compileObject(s map[string]any) checker {
	var types []string
	var vchecks []valueCheck // checks on the whole value's bytes
	var strChecks []func(string) bool
	var numChecks []func(*big.Rat) bool
	var obj *objectSchema
	var items checker
	minItems, maxItems := -1, -1
	unique := false
	for k, v := range s {
		switch k {
		case "type":
			switch t := v.(type) {
			case string:
				types = []string{t}
			case []any:
				for _, x := range t {
					xs, ok := x.(string)
					if !ok {
						fc.ok = false
					}
					types = append(types, xs)
				}
			default:
				fc.ok = false
			}
		case "enum", "const":
			vals, ok := v.([]any)
			if k == "const" {
				vals, ok = []any{v}, true
			}
			if !ok {
				fc.ok = false
				break
			}
			for _, x := range vals {
				switch x.(type) {
				case nil, bool, string, json.Number:
				default:
					fc.ok = false // objects and arrays in an enum: jsonschema alone
				}
			}
			vchecks = append(vchecks, func(b []byte) bool { return inEnum(b, vals) })
		case "properties", "required", "additionalProperties", "dependentRequired", "minProperties", "maxProperties":
			if obj == nil {
				obj = fc.objectSchema(s)
			}
		case "items":
			items = fc.compile(v)
		case "uniqueItems":
			b, ok := v.(bool)
			if !ok {
				fc.ok = false
			}
			unique = b
		case "minItems", "maxItems":
			n, ok := wholeInt(v)
			if !ok {
				fc.ok = false
			}
			if k == "minItems" {
				minItems = n
			} else {
				maxItems = n
			}
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			bound, ok := ratOf(v)
			if !ok {
				fc.ok = false
				break
			}
			switch k {
			case "minimum":
				numChecks = append(numChecks, func(x *big.Rat) bool { return x.Cmp(bound) >= 0 })
			case "maximum":
				numChecks = append(numChecks, func(x *big.Rat) bool { return x.Cmp(bound) <= 0 })
			case "exclusiveMinimum":
				numChecks = append(numChecks, func(x *big.Rat) bool { return x.Cmp(bound) > 0 })
			default:
				numChecks = append(numChecks, func(x *big.Rat) bool { return x.Cmp(bound) < 0 })
			}
		case "minLength", "maxLength":
			n, ok := wholeInt(v)
			if !ok {
				fc.ok = false
			}
			if k == "minLength" {
				strChecks = append(strChecks, func(x string) bool { return utf8.RuneCountInString(x) >= n })
			} else {
				strChecks = append(strChecks, func(x string) bool { return utf8.RuneCountInString(x) <= n })
			}
		case "pattern":
			p, _ := v.(string)
			re, err := regexp.Compile(p)
			if err != nil {
				fc.ok = false
				break
			}
			strChecks = append(strChecks, re.MatchString)
		case "format":
			name, _ := v.(string)
			f, known := jsonschema.Formats[name]
			if !known {
				fc.ok = false
				break
			}
			strChecks = append(strChecks, func(x string) bool { return f(x) })
		case "$ref":
			ref, _ := v.(string)
			name, ok := strings.CutPrefix(ref, "#/$defs/")
			if !ok {
				fc.ok = false
				break
			}
			c := fc.ref(name)
			vchecks = append(vchecks, func(b []byte) bool { return (*c)(jsonin.NewReader(b)) })
		case "oneOf", "anyOf", "allOf":
			list, ok := v.([]any)
			if !ok {
				fc.ok = false
				break
			}
			var branches []checker
			for _, b := range list {
				branches = append(branches, fc.compile(b))
			}
			kind := k
			vchecks = append(vchecks, func(b []byte) bool {
				n := 0
				for _, br := range branches {
					if br(jsonin.NewReader(b)) {
						n++
					}
				}
				switch kind {
				case "oneOf":
					return n == 1
				case "anyOf":
					return n >= 1
				}
				return n == len(branches)
			})
		case "not":
			c := fc.compile(v)
			vchecks = append(vchecks, func(b []byte) bool { return !c(jsonin.NewReader(b)) })
		case "if":
			cond := fc.compile(v)
			then, els := checker(nil), checker(nil)
			if t, ok := s["then"]; ok {
				then = fc.compile(t)
			}
			if e, ok := s["else"]; ok {
				els = fc.compile(e)
			}
			vchecks = append(vchecks, func(b []byte) bool {
				if cond(jsonin.NewReader(b)) {
					return then == nil || then(jsonin.NewReader(b))
				}
				return els == nil || els(jsonin.NewReader(b))
			})
		case "then", "else":
			// read with "if"
		default:
			if !annotations[k] {
				fc.ok = false
			}
		}
	}
	return func(r *jsonin.Reader) bool {
		start := r.Peek()
		var raw []byte
		if len(vchecks) > 0 {
			var ok bool
			if raw, ok = r.Value(); !ok {
				return false
			}
			for _, vc := range vchecks {
				if !vc(raw) {
					return false
				}
			}
			r = jsonin.NewReader(raw)
		}
		switch start {
		case '{':
			if !typeAllows(types, "object") {
				return false
			}
			if obj != nil {
				return obj.check(r)
			}
			return r.Skip()
		case '[':
			if !typeAllows(types, "array") {
				return false
			}
			if !r.Open('[') {
				return false
			}
			n := 0
			var seen []any // the items so far, for uniqueItems
			if !r.Close(']') {
				for {
					if unique {
						raw, ok := r.Value()
						if !ok {
							return false
						}
						v, err := jsonin.DecodeAny(raw)
						if err != nil {
							return false
						}
						for _, before := range seen {
							if jsonEqual(before, v) {
								return false
							}
						}
						seen = append(seen, v)
						if items != nil && !items(jsonin.NewReader(raw)) {
							return false
						}
					} else if items != nil {
						if !items(r) {
							return false
						}
					} else if !r.Skip() {
						return false
					}
					n++
					if r.Close(']') {
						break
					}
					if !r.Consume(',') {
						return false
					}
				}
			}
			return (minItems < 0 || n >= minItems) && (maxItems < 0 || n <= maxItems)
		case '"':
			if !typeAllows(types, "string") {
				return false
			}
			if len(strChecks) == 0 {
				return r.Skip()
			}
			x, ok := r.Text()
			if !ok {
				return false
			}
			for _, c := range strChecks {
				if !c(x) {
					return false
				}
			}
			return true
		case 't', 'f':
			return typeAllows(types, "boolean") && r.Skip()
		case 'n':
			return typeAllows(types, "null") && r.Skip()
		}
		lit, ok := r.Value()
		if !ok {
			return false
		}
		tamed := string(tameNumber(json.Number(lit)))
		if !typeAllows(types, "number") {
			if _, whole := jsonin.Whole(tamed); !whole || !typeAllows(types, "integer") {
				return false
			}
		}
		if len(numChecks) > 0 {
			x, ok := new(big.Rat).SetString(tamed)
			if !ok {
				return false
			}
			for _, c := range numChecks {
				if !c(x) {
					return false
				}
			}
		}
		return true
	}
}

func typeAllows(types []string, t string) bool {
	if types == nil {
		return true
	}
	for _, x := range types {
		if x == t {
			return true
		}
	}
	return false
}

// objectSchema is an object schema's keywords about members.
type objectSchema struct {
	props        map[string]checker
	required     []string
	additional   checker // nil: any
	noAdditional bool
	dependent    map[string][]string
	minProps     int
	maxProps     int
}

func (fc *fastCompiler) objectSchema(s map[string]any) *objectSchema {
	o := &objectSchema{props: map[string]checker{}, minProps: -1, maxProps: -1}
	if props, ok := s["properties"].(map[string]any); ok {
		for k, v := range props {
			o.props[k] = fc.compile(v)
		}
	} else if _, has := s["properties"]; has {
		fc.ok = false
	}
	if req, ok := s["required"].([]any); ok {
		for _, x := range req {
			xs, ok := x.(string)
			if !ok {
				fc.ok = false
			}
			o.required = append(o.required, xs)
		}
	} else if _, has := s["required"]; has {
		fc.ok = false
	}
	switch ap := s["additionalProperties"].(type) {
	case nil:
	case bool:
		o.noAdditional = !ap
	default:
		o.additional = fc.compile(ap)
	}
	if dr, ok := s["dependentRequired"].(map[string]any); ok {
		o.dependent = map[string][]string{}
		for k, v := range dr {
			list, ok := v.([]any)
			if !ok {
				fc.ok = false
			}
			for _, x := range list {
				xs, ok := x.(string)
				if !ok {
					fc.ok = false
				}
				o.dependent[k] = append(o.dependent[k], xs)
			}
		}
	} else if _, has := s["dependentRequired"]; has {
		fc.ok = false
	}
	if v, ok := s["minProperties"]; ok {
		if o.minProps, ok = wholeInt(v); !ok {
			fc.ok = false
		}
	}
	if v, ok := s["maxProperties"]; ok {
		if o.maxProps, ok = wholeInt(v); !ok {
			fc.ok = false
		}
	}
	return o
}

// check reads an object as jsonschema sees it: decoded keys, a repeated
// key's last value only.
func (o *objectSchema) check(r *jsonin.Reader) bool {
	if !r.Open('{') {
		return false
	}
	type member struct {
		key   string
		value []byte
	}
	var buf [16]member
	ms := buf[:0]
	if !r.Close('}') {
		for {
			lit, plain, ok := r.Key()
			if !ok {
				return false
			}
			key := string(lit[1 : len(lit)-1])
			if !plain {
				if key, ok = jsonin.Unquote(lit); !ok {
					return false
				}
			}
			v, ok := r.Value()
			if !ok {
				return false
			}
			ms = append(ms, member{key, v})
			if r.Close('}') {
				break
			}
			if !r.Consume(',') {
				return false
			}
		}
	}
	has := func(key string) bool {
		for _, m := range ms {
			if m.key == key {
				return true
			}
		}
		return false
	}
	distinct := 0
	for i, m := range ms {
		last := true
		for _, later := range ms[i+1:] {
			if later.key == m.key {
				last = false
				break
			}
		}
		if !last {
			continue
		}
		distinct++
		c, named := o.props[m.key]
		switch {
		case named:
			if c != nil && !c(jsonin.NewReader(m.value)) {
				return false
			}
		case o.noAdditional:
			return false
		case o.additional != nil:
			if !o.additional(jsonin.NewReader(m.value)) {
				return false
			}
		}
		for _, dep := range o.dependent[m.key] {
			if !has(dep) {
				return false
			}
		}
	}
	for _, req := range o.required {
		if !has(req) {
			return false
		}
	}
	return (o.minProps < 0 || distinct >= o.minProps) && (o.maxProps < 0 || distinct <= o.maxProps)
}

// inEnum: b equals one of vals as JSON values (numbers by value).
func inEnum(b []byte, vals []any) bool {
	v, err := jsonin.DecodeAny(b)
	if err != nil {
		return false
	}
	for _, x := range vals {
		switch xv := x.(type) {
		case json.Number:
			n, ok := v.(json.Number)
			if !ok {
				continue
			}
			a, ok1 := new(big.Rat).SetString(string(tameNumber(n)))
			e, ok2 := new(big.Rat).SetString(string(xv))
			if ok1 && ok2 && a.Cmp(e) == 0 {
				return true
			}
		default:
			if v == x {
				return true
			}
		}
	}
	return false
}

func ratOf(v any) (*big.Rat, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, false
	}
	return new(big.Rat).SetString(string(n))
}

// wholeInt reads a count a schema gives (minLength, maxItems, …): a
// non-negative whole number, however it is written (2, 2.0, 2e0), as
// JSON Schema reads it; ok is false for anything else.
func wholeInt(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return -1, false
	}
	lit, whole := jsonin.Whole(string(n))
	if !whole {
		return -1, false
	}
	i, err := strconv.ParseInt(lit, 10, 32)
	return int(i), err == nil && i >= 0
}

// jsonEqual is JSON Schema's equality: numbers by value, objects by their
// members, arrays item by item.
func jsonEqual(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		p, ok1 := new(big.Rat).SetString(string(tameNumber(x)))
		q, ok2 := new(big.Rat).SetString(string(tameNumber(y)))
		return ok1 && ok2 && p.Cmp(q) == 0
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return a == b
}

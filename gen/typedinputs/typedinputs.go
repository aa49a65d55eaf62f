// Package typedinputs derives, for every profile, the Go types of its operations'
// inputs and their decoders. Typed inputs: for every profile, the Go types of its operations' inputs
// and their decoders, derived from the input schemas of
// spec/<profile>/operations.yaml, so that no reference package restates a
// schema by hand. The schema decides what is well-formed (the reference
// checks every input against it before anything else); the generated types
// only carry what it accepted into Go, through internal/jsonin.Into.
//
// It depends on the spec alone, never on the reference: the reference's
// packages compile against what it writes, so it must run when they do
// not (cmd gen/inputs, the first step of make gen).
package typedinputs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"sort"
	"strings"

	"github.com/clockspec/clockspec/spec"
)

// inputPackages: where each profile's typed inputs go, and the package
// name there.
var inputPackages = map[string]struct{ dir, pkg string }{
	"v1":              {"reference/v1", "v1"},
	"datetime":        {"reference/datetime", "datetime"},
	"timestamps":      {"reference/timestamps", "timestamps"},
	"routing":         {"reference/routing", "routing"},
	"clock-core":      {"reference/clock", "clock"},
	"clock-awareness": {"reference/awareness", "awareness"},
}

// viewOperations are the operations whose generated dispatch reads the
// input as views (jsonin.NewViewReader): its strings share the request's
// bytes and a pooled jsonin.Scratch, and the handler's answer is encoded
// before the Scratch goes back, so that none of them outlives the call.
// They are the operations whose cost is reading a large input:
// format_messages reads a batch of messages per call, and v1's speed bar
// (bench/format-messages.sh: at least 100 times v1's own Node code) is met
// with it.
var viewOperations = map[string]bool{"v1.format_messages": true}

// inputFile is the name of the generated file in each package.
const inputFile = "input_gen.go"

// Generate returns every profile's input_gen.go by its slash path from
// the repository root.
func Generate(cat *spec.Catalog) (map[string][]byte, error) {
	out := map[string][]byte{}
	return out, typedInputs(cat, out)
}

func typedInputs(cat *spec.Catalog, out map[string][]byte) error {
	views := map[string]bool{}
	for _, p := range cat.Profiles {
		dest, ok := inputPackages[p.Name]
		if !ok {
			return fmt.Errorf("gen: profile %s has no package for its typed inputs: add it to inputPackages", p.Name)
		}
		src, err := inputSource(p, dest.pkg, views)
		if err != nil {
			return err
		}
		out[dest.dir+"/"+inputFile] = src
	}
	for op := range viewOperations {
		if !views[op] {
			return fmt.Errorf("gen: view operation %s is not an operation whose input is an object of known properties: remove it from viewOperations", op)
		}
	}
	return nil
}

type inputGen struct {
	profile  string
	defs     map[string]any
	decls    []string
	readers  []string          // one-pass readers of the generated structs
	declared map[string]string // type name → the schema it was made from, as JSON
	imports  map[string]bool
}

// inputSource writes a profile's input_gen.go, adding its view operations
// to views.
func inputSource(p *spec.Profile, pkg string, views map[string]bool) ([]byte, error) {
	g := &inputGen{profile: p.Name, declared: map[string]string{}, imports: map[string]bool{}}
	var ops []string
	var funcs bytes.Buffer
	for _, op := range p.Operations {
		var doc map[string]any
		if err := json.Unmarshal(op.InputSchema, &doc); err != nil {
			return nil, fmt.Errorf("gen: %s input schema: %w", op.Name, err)
		}
		g.defs, _ = doc["$defs"].(map[string]any)
		base := goName(opShortName(op.Name))
		typ := base + "Args"
		expr, _, err := g.typeOf(doc, typ)
		if err != nil {
			return nil, fmt.Errorf("gen: %s input: %w", op.Name, err)
		}
		if expr != typ {
			g.declare(typ, fmt.Sprintf("// %s is the input of %s.\ntype %s = %s\n", typ, op.Name, typ, expr), op.Name)
		}
		g.imports["github.com/clockspec/clockspec/internal/jsonin"] = true
		g.imports["github.com/clockspec/clockspec/protocol"] = true
		g.imports["encoding/json"] = true
		if expr == typ {
			fmt.Fprintf(&funcs, "\n// Decode%s reads an input of %s that its schema has accepted: in one\n// pass, or, where that declines, with jsonin.Into.\nfunc Decode%s(raw []byte) (*%s, error) {\n\tin := new(%s)\n\tif r := jsonin.NewReader(raw); read%s(r, in) && r.End() {\n\t\treturn in, nil\n\t}\n\t*in = %s{}\n\treturn in, jsonin.Into(raw, in)\n}\n",
				typ, op.Name, typ, typ, typ, typ, typ)
			if viewOperations[op.Name] {
				fmt.Fprintf(&funcs, "\n// View%s is Decode%s whose strings share raw's bytes and s's\n// (see jsonin.Scratch): valid only until s is given back.\nfunc View%s(raw []byte, s *jsonin.Scratch) (*%s, error) {\n\tin := new(%s)\n\tif r := jsonin.NewViewReader(raw, s); read%s(r, in) && r.End() {\n\t\treturn in, nil\n\t}\n\t*in = %s{}\n\treturn in, jsonin.Into(raw, in)\n}\n",
					typ, typ, typ, typ, typ, typ, typ)
				views[op.Name] = true
			}
		} else {
			fmt.Fprintf(&funcs, "\n// Decode%s reads an input of %s that its schema has accepted.\nfunc Decode%s(raw []byte) (*%s, error) {\n\tin := new(%s)\n\treturn in, jsonin.Into(raw, in)\n}\n",
				typ, op.Name, typ, typ, typ)
		}
		ops = append(ops, op.Name)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by gen from spec/%s/operations.yaml; DO NOT EDIT.\n\n", p.Name)
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	b.WriteString("import (\n")
	var std, mod []string
	for i := range g.imports {
		if strings.Contains(i, ".") {
			mod = append(mod, i)
		} else {
			std = append(std, i)
		}
	}
	sort.Strings(std)
	sort.Strings(mod)
	for _, i := range std {
		fmt.Fprintf(&b, "\t%q\n", i)
	}
	b.WriteString("\n")
	for _, i := range mod {
		fmt.Fprintf(&b, "\t%q\n", i)
	}
	b.WriteString(")\n\n")
	for _, d := range g.decls {
		b.WriteString(d)
		b.WriteString("\n")
	}
	for _, d := range g.readers {
		b.WriteString(d)
		b.WriteString("\n")
	}
	b.Write(funcs.Bytes())
	// Handlers: every operation as a typed function, and the map from names.
	fmt.Fprintf(&b, "\n// Handlers is every operation of the %s profile as a typed function.\ntype Handlers interface {\n", p.Name)
	for _, op := range ops {
		n := goName(opShortName(op))
		if views[op] {
			b.WriteString("\t// The strings of in are valid only during the call (see jsonin.Scratch):\n\t// Dispatch encodes the answer before they are reused.\n")
		}
		fmt.Fprintf(&b, "\t%s(in *%sArgs) (any, *protocol.Error)\n", n, n)
	}
	b.WriteString("}\n")
	fmt.Fprintf(&b, "\n// Dispatch maps every operation name of the %s profile to h's typed\n// function: the input, which the caller has checked against its schema,\n// is decoded into its type and handed over.\nfunc Dispatch(h Handlers) map[string]protocol.OperationFunc {\n\treturn map[string]protocol.OperationFunc{\n", p.Name)
	for _, op := range ops {
		n := goName(opShortName(op))
		if views[op] {
			fmt.Fprintf(&b, "\t\t%q: func(raw json.RawMessage) (any, *protocol.Error) {\n\t\t\ts := jsonin.GetScratch()\n\t\t\tdefer jsonin.PutScratch(s)\n\t\t\tin, err := View%sArgs(raw, s)\n\t\t\tif err != nil {\n\t\t\t\treturn nil, protocol.Errorf(protocol.CodeInvalidInput, \"%%v\", err)\n\t\t\t}\n\t\t\treturn protocol.EncodeAnswer(h.%s(in))\n\t\t},\n", op, n, n)
			continue
		}
		fmt.Fprintf(&b, "\t\t%q: func(raw json.RawMessage) (any, *protocol.Error) {\n\t\t\tin, err := Decode%sArgs(raw)\n\t\t\tif err != nil {\n\t\t\t\treturn nil, protocol.Errorf(protocol.CodeInvalidInput, \"%%v\", err)\n\t\t\t}\n\t\t\treturn h.%s(in)\n\t\t},\n", op, n, n)
	}
	b.WriteString("\t}\n}\n")
	fmt.Fprintf(&b, "\n// DecodeArgs decodes an input of any operation of the %s profile into\n// its type (a pointer); ok is false for an operation of another profile.\nfunc DecodeArgs(op string, raw []byte) (args any, ok bool, err error) {\n\tswitch op {\n", p.Name)
	for _, op := range ops {
		fmt.Fprintf(&b, "\tcase %q:\n\t\targs, err = Decode%sArgs(raw)\n", op, goName(opShortName(op)))
	}
	b.WriteString("\tdefault:\n\t\treturn nil, false, nil\n\t}\n\treturn args, true, err\n}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("gen: the typed inputs of %s do not format: %w\n%s", p.Name, err, b.Bytes())
	}
	return src, nil
}

func opShortName(op string) string {
	if _, after, ok := strings.Cut(op, "."); ok {
		return after
	}
	return op
}

// declare adds a type declaration once; the same name made from two
// different schemas is a generator bug, reported rather than guessed.
func (g *inputGen) declare(name, decl, from string) {
	if _, ok := g.declared[name]; ok {
		return
	}
	g.declared[name] = from
	g.decls = append(g.decls, decl)
}

const rawMessage = "json.RawMessage"

func (g *inputGen) raw() string {
	g.imports["encoding/json"] = true
	return rawMessage
}

// typeOf is the Go type of a schema; name is the type name to give it if
// it needs a declaration of its own. nullable says null is one of its
// values (the caller makes it a pointer or a Nullable).
func (g *inputGen) typeOf(s map[string]any, name string) (expr string, nullable bool, err error) {
	if ref, ok := s["$ref"].(string); ok {
		def, ok := strings.CutPrefix(ref, "#/$defs/")
		target, found := g.defs[def].(map[string]any)
		if !ok || !found {
			return "", false, fmt.Errorf("unresolved $ref %q", ref)
		}
		// Named after the definition, so that every operation using it
		// shares its types (an array of rows: one row type).
		return g.typeOf(target, goName(def)+"Args")
	}
	for _, k := range []string{"oneOf", "anyOf"} {
		if branches, ok := s[k].([]any); ok {
			var other []map[string]any
			hasNull := false
			for _, br := range branches {
				m, _ := br.(map[string]any)
				if t, _ := m["type"].(string); t == "null" && len(m) == 1 {
					hasNull = true
					continue
				}
				other = append(other, m)
			}
			if hasNull && len(other) == 1 {
				e, _, err := g.typeOf(other[0], name)
				return e, true, err
			}
			return g.raw(), false, nil
		}
	}
	var types []string
	switch t := s["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, x := range t {
			if x == "null" {
				nullable = true
				continue
			}
			if xs, ok := x.(string); ok {
				types = append(types, xs)
			}
		}
	}
	if len(types) == 0 {
		// enum or const alone: the type of its values
		var vals []any
		if e, ok := s["enum"].([]any); ok {
			vals = e
		} else if c, ok := s["const"]; ok {
			vals = []any{c}
		}
		kinds := map[string]bool{}
		for _, v := range vals {
			switch x := v.(type) {
			case string:
				kinds["string"] = true
			case float64:
				if x == float64(int64(x)) {
					kinds["integer"] = true
				} else {
					kinds["number"] = true
				}
			case nil:
				nullable = true
			default:
				kinds["other"] = true
			}
		}
		if len(kinds) != 1 {
			return g.raw(), false, nil
		}
		if kinds["integer"] {
			return "int64", nullable, nil // enumerated: bounded by its values
		}
		for k := range kinds {
			types = []string{k}
		}
	}
	if len(types) != 1 {
		return g.raw(), false, nil
	}
	switch types[0] {
	case "string":
		return "string", nullable, nil
	case "integer":
		// int64 where the schema bounds the value inside it; otherwise the
		// exact literal, which the domain reads knowing it may not fit.
		lo, okLo := s["minimum"].(float64)
		hi, okHi := s["maximum"].(float64)
		if okLo && okHi && lo >= -(1<<63) && hi < 1<<63 {
			return "int64", nullable, nil
		}
		g.imports["encoding/json"] = true
		return "json.Number", nullable, nil
	case "number":
		g.imports["encoding/json"] = true
		return "json.Number", nullable, nil
	case "boolean":
		return "bool", nullable, nil
	case "array":
		items, ok := s["items"].(map[string]any)
		if !ok {
			return "[]" + g.raw(), nullable, nil
		}
		e, en, err := g.typeOf(items, name+"Item")
		if en {
			e = "*" + e
		}
		return "[]" + e, nullable, err
	case "object":
		if isStruct(s) {
			return name, nullable, g.declareStruct(s, name)
		}
		if ap, ok := s["additionalProperties"].(map[string]any); ok {
			e, en, err := g.typeOf(ap, name+"Value")
			if en {
				e = "*" + e
			}
			return "map[string]" + e, nullable, err
		}
		return g.raw(), nullable, nil
	}
	return g.raw(), false, nil
}

// isStruct: an object schema with named properties becomes a struct.
func isStruct(s map[string]any) bool {
	props, ok := s["properties"].(map[string]any)
	if !ok || len(props) == 0 {
		return false
	}
	switch t := s["type"].(type) {
	case nil:
		return true
	case string:
		return t == "object"
	case []any: // an object or null: a nullable struct
		for _, x := range t {
			if x != "object" && x != "null" {
				return false
			}
		}
		return true
	}
	return false
}

func (g *inputGen) declareStruct(s map[string]any, name string) error {
	key, _ := json.Marshal(s)
	if from, ok := g.declared[name]; ok {
		if from != string(key) {
			return fmt.Errorf("type %s is made from two different schemas", name)
		}
		return nil
	}
	g.declared[name] = string(key)
	props := s["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if rs, ok := r.(string); ok {
				required[rs] = true
			}
		}
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	if d, ok := s["description"].(string); ok {
		fmt.Fprintf(&b, "// %s: %s\n", name, commentLine(d))
	} else {
		fmt.Fprintf(&b, "// %s is read from the %s schema.\n", name, g.profile)
	}
	fmt.Fprintf(&b, "type %s struct {\n", name)
	var fields []fieldDecl
	for _, k := range keys {
		ps, _ := props[k].(map[string]any)
		field := goName(k)
		expr, nullable, err := g.typeOf(ps, name+field)
		if err != nil {
			return fmt.Errorf("%s.%s: %w", name, k, err)
		}
		def, hasDef := ps["default"]
		if !hasDef {
			if ref, ok := ps["$ref"].(string); ok {
				if d, ok := g.defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any); ok {
					def, hasDef = d["default"]
				}
			}
		}
		isRef := expr == rawMessage || !nullable && (strings.HasPrefix(expr, "[]") || strings.HasPrefix(expr, "map["))
		switch {
		case isRef:
			// nil is absent; a present null is "null" (RawMessage) or an error the schema already refused
		case required[k] && nullable, !required[k] && hasDef && nullable:
			expr = "*" + expr
		case required[k], hasDef:
		case nullable:
			g.imports["github.com/clockspec/clockspec/internal/jsonin"] = true
			expr = "jsonin.Nullable[" + expr + "]"
		default:
			expr = "*" + expr
		}
		tag := fmt.Sprintf("json:%q", k)
		f := fieldDecl{key: k, name: field, expr: expr}
		if hasDef {
			d, err := json.Marshal(def)
			if err != nil {
				return err
			}
			tag += fmt.Sprintf(" default:%q", string(d))
			f.def = string(d)
		}
		fields = append(fields, f)
		if d, ok := ps["description"].(string); ok {
			fmt.Fprintf(&b, "\t// %s\n", commentLine(d))
		}
		fmt.Fprintf(&b, "\t%s %s `%s`\n", field, expr, tag)
	}
	b.WriteString("}\n")
	g.decls = append(g.decls, b.String())
	g.readers = append(g.readers, g.structReader(name, fields))
	return nil
}

// fieldDecl is one field of a generated struct.
type fieldDecl struct {
	key, name, expr string
	def             string // the schema's default as JSON, or ""
}

// readerOf is the expression of a func(*jsonin.Reader, *T) bool that reads
// a value of the Go type expr in one pass.
func readerOf(expr string) string {
	switch {
	case expr == "string":
		return "jsonin.ReadString"
	case expr == "int64":
		return "jsonin.ReadInt64"
	case expr == "bool":
		return "jsonin.ReadBool"
	case expr == "json.Number":
		return "jsonin.ReadNumber"
	case expr == rawMessage:
		return "jsonin.ReadRaw"
	case expr == "*string":
		return "jsonin.ReadStringPtr"
	case expr == "jsonin.Nullable[string]":
		return "jsonin.ReadNullableString"
	case strings.HasPrefix(expr, "*"):
		e := expr[1:]
		return fmt.Sprintf("func(r *jsonin.Reader, v **%s) bool { return jsonin.ReadPtr(r, v, %s) }", e, readerOf(e))
	case strings.HasPrefix(expr, "[]"):
		e := expr[2:]
		return fmt.Sprintf("func(r *jsonin.Reader, v *[]%s) bool { return jsonin.ReadSlice(r, v, %s) }", e, readerOf(e))
	case strings.HasPrefix(expr, "map[string]"):
		e := strings.TrimPrefix(expr, "map[string]")
		return fmt.Sprintf("func(r *jsonin.Reader, v *map[string]%s) bool { return jsonin.ReadMap(r, v, %s) }", e, readerOf(e))
	case strings.HasPrefix(expr, "jsonin.Nullable["):
		e := strings.TrimSuffix(strings.TrimPrefix(expr, "jsonin.Nullable["), "]")
		return fmt.Sprintf("func(r *jsonin.Reader, v *jsonin.Nullable[%s]) bool { return jsonin.ReadNullable(r, v, %s) }", e, readerOf(e))
	}
	return "read" + expr // a generated struct
}

// structReader is the one-pass reader of a generated struct: each known
// key once (a repeated one, or a key with an escape, says no, and the
// caller falls back to jsonin.Into), unknown keys skipped, then the
// schema's defaults for what was absent.
func (g *inputGen) structReader(name string, fields []fieldDecl) string {
	var b strings.Builder
	fmt.Fprintf(&b, "func read%s(r *jsonin.Reader, x *%s) bool {\n\tif !r.Open('{') {\n\t\treturn false\n\t}\n", name, name)
	if len(fields) > 0 {
		fmt.Fprintf(&b, "\tvar seen [%d]bool\n", len(fields))
	}
	b.WriteString("\tfor i := 0; ; i++ {\n\t\tkey, more, ok := r.Member(i)\n\t\tif !ok {\n\t\t\treturn false\n\t\t}\n\t\tif !more {\n\t\t\tbreak\n\t\t}\n\t\tswitch string(key) {\n")
	for i, f := range fields {
		read := readerOf(f.expr)
		if strings.HasPrefix(read, "func(") {
			read = "(" + read + ")"
		}
		fmt.Fprintf(&b, "\t\tcase %q:\n\t\t\tif seen[%d] || !%s(r, &x.%s) {\n\t\t\t\treturn false\n\t\t\t}\n\t\t\tseen[%d] = true\n", f.key, i, read, f.name, i)
	}
	b.WriteString("\t\tdefault:\n\t\t\tif !r.Skip() {\n\t\t\t\treturn false\n\t\t\t}\n\t\t}\n\t}\n")
	for i, f := range fields {
		if f.def == "" {
			continue
		}
		switch {
		case f.expr == "string" && strings.HasPrefix(f.def, `"`), f.expr == "bool", f.expr == "int64" && !strings.ContainsAny(f.def, ".eE"):
			fmt.Fprintf(&b, "\tif !seen[%d] {\n\t\tx.%s = %s\n\t}\n", i, f.name, f.def)
		default:
			fmt.Fprintf(&b, "\tif !seen[%d] && jsonin.Into([]byte(%q), &x.%s) != nil {\n\t\treturn false\n\t}\n", i, f.def, f.name)
		}
	}
	b.WriteString("\treturn true\n}\n")
	return b.String()
}

func commentLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// initialisms are written in capitals in Go names.
var initialisms = map[string]string{"id": "ID", "ids": "IDs", "tz": "TZ", "iso": "ISO", "json": "JSON", "url": "URL", "jid": "JID", "ms": "MS", "utc": "UTC", "dm": "DM"}

// goName turns a snake_case, kebab-case or dotted name into an exported Go
// identifier.
func goName(s string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		if up, ok := initialisms[strings.ToLower(part)]; ok {
			b.WriteString(up)
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	out := b.String()
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		out = "X" + out
	}
	return out
}

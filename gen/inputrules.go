package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/clockspec/clockspec/spec"
)

// inputRules summarises what an operation's input schema checks, for the
// profile pages: whether unknown fields are refused, and each top-level
// field with its type, its constraints (enum, pattern, format, bounds),
// whether it is required, and its description. The schema stays the
// authority; this is what an implementer reads first.
func inputRules(op *spec.Operation) (unknown string, fields []inputField) {
	var s map[string]any
	if err := json.Unmarshal(op.InputSchema, &s); err != nil {
		return "", nil
	}
	defs, _ := s["$defs"].(map[string]any)
	switch s["additionalProperties"] {
	case false:
		unknown = "the schema refuses unknown fields (invalid_input)"
	default:
		unknown = "the schema does not restrict unknown fields"
	}
	required := map[string]bool{}
	if rs, ok := s["required"].([]any); ok {
		for _, r := range rs {
			if name, ok := r.(string); ok {
				required[name] = true
			}
		}
	}
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if required[names[i]] != required[names[j]] {
			return required[names[i]]
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		p, _ := props[n].(map[string]any)
		p = resolveRef(p, defs)
		f := inputField{Name: n}
		if required[n] {
			f.Rules = append(f.Rules, "required")
		}
		f.Rules = append(f.Rules, schemaConstraints(p)...)
		if d, ok := p["description"].(string); ok {
			f.Description = strings.TrimSpace(d)
		}
		fields = append(fields, f)
	}
	return unknown, fields
}

// inputField is one top-level field of an input schema.
type inputField struct {
	Name        string
	Rules       []string // "required", the type, enum, pattern, format, bounds
	Description string
}

// resolveRef follows a local "#/$defs/NAME" reference, keeping the
// referring schema's own description when it has one.
func resolveRef(p map[string]any, defs map[string]any) map[string]any {
	ref, ok := p["$ref"].(string)
	if !ok {
		return p
	}
	target, ok := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
	if !ok {
		return p
	}
	out := map[string]any{}
	for k, v := range target {
		out[k] = v
	}
	for k, v := range p {
		if k != "$ref" {
			out[k] = v
		}
	}
	return out
}

func schemaConstraints(p map[string]any) []string {
	var out []string
	switch t := p["type"].(type) {
	case string:
		out = append(out, t)
	case []any:
		var ts []string
		for _, x := range t {
			ts = append(ts, fmt.Sprint(x))
		}
		out = append(out, strings.Join(ts, " or "))
	}
	if e, ok := p["enum"].([]any); ok {
		var vs []string
		for _, x := range e {
			b, _ := json.Marshal(x)
			vs = append(vs, string(b))
		}
		out = append(out, "one of "+strings.Join(vs, ", "))
	}
	if c, ok := p["const"]; ok {
		b, _ := json.Marshal(c)
		out = append(out, "exactly "+string(b))
	}
	if f, ok := p["format"].(string); ok {
		out = append(out, "format "+f)
	}
	if pat, ok := p["pattern"].(string); ok {
		out = append(out, "pattern "+pat)
	}
	for _, k := range []string{"minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"} {
		if v, ok := p[k]; ok {
			out = append(out, fmt.Sprintf("%s %v", k, v))
		}
	}
	if p["additionalProperties"] == false {
		out = append(out, "an object whose unknown fields are refused")
	}
	return out
}

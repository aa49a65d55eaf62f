package driver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/spec"
)

// The schemas an MCP server lists (each tool's inputSchema and
// outputSchema) are the implementation's, so the runner treats them as
// hostile input: compiling one reads nothing but the schema itself (no
// file, no network: a "$ref" elsewhere is refused), a schema whose
// validation could take more than a bounded amount of work is refused
// before it is used, and validating with one never panics, whatever the
// number in the instance.

// maxSchemaCost bounds how many schema nodes one validation may visit,
// "$ref"s expanded (see schemaCost). The datetime tools' input schemas cost
// about 60; the kit's largest output schema a few hundred. A schema of
// nested alternatives that each point twice at the next level costs 2^N,
// and its validation takes as long: N = 14 took 35 s per call.
const maxSchemaCost = 20000

// errForeignRef is why a listed schema that points outside itself is
// refused.
var errForeignRef = errors.New("it points outside itself ($ref to another document); the runner reads no file and no URL for a server's schema")

// compileListedSchema compiles a schema an MCP server listed for tool
// name (what is "input" or "output"), as JSON Schema 2020-12 unless its
// "$schema" names another draft the library knows.
func compileListedSchema(name, what string, schema []byte) (*jsonschema.Schema, error) {
	doc, err := decodeJSON(schema)
	if err != nil {
		return nil, fmt.Errorf("not JSON: %w", err)
	}
	if cost := schemaCost(doc, maxSchemaCost); cost > maxSchemaCost {
		return nil, fmt.Errorf("validating with it could visit more than %d schema nodes (its \"$ref\"s and alternatives expanded); the runner refuses schemas that costly", maxSchemaCost)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	// The meta-schemas of the drafts are built into the library; anything
	// else a "$schema" or "$ref" names is refused, never fetched or read.
	c.LoadURL = func(string) (io.ReadCloser, error) { return nil, errForeignRef }
	u := "https://clockspec.dev/mcp-tools/" + url.PathEscape(name) + "." + what + ".json"
	if err := c.AddResource(u, bytes.NewReader(schema)); err != nil {
		return nil, err
	}
	s, err := c.Compile(u)
	if err != nil && errors.Is(err, errForeignRef) {
		return nil, errForeignRef
	}
	return s, err
}

// compileToolSchema compiles a tool definition of the kit's own spec.
func compileToolSchema(name string, schema []byte) (*jsonschema.Schema, error) {
	return compileListedSchema(name, "input", schema)
}

// validateListed validates v (decoded with UseNumber) against a listed
// schema, with the numbers tamed as spec tames them (the library panics on
// a number math/big refuses, such as 1e-1000000000), and a panic inside
// the library reported as an error rather than charged to anyone.
func validateListed(s *jsonschema.Schema, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the schema library failed on this value (%v)", r)
		}
	}()
	return s.Validate(spec.TamedValue(v))
}

// schemaCost is the number of schema nodes a validation may visit: every
// object node of the schema, each "$ref" (and "$dynamicRef",
// "$recursiveRef") counting the node it points at again, as validation
// does. A reference back into its own expansion (recursion, which an
// instance's depth bounds) counts once. References are resolved as JSON
// Schema resolves them within one document: JSON pointers, "$anchor" and
// "$dynamicAnchor" names, and "$id"s (with a fragment after them); a
// reference this walk cannot resolve makes the schema cost more than limit
// (it would otherwise count as nothing, and anchors nested in alternatives
// expand exponentially). It stops counting past limit.
func schemaCost(root any, limit int) int {
	ix := indexSchema(root)
	var walk func(v any, stack []any) int
	walk = func(v any, stack []any) int {
		switch x := v.(type) {
		case []any:
			n := 0
			for _, e := range x {
				if n += walk(e, stack); n > limit {
					return n
				}
			}
			return n
		case map[string]any:
			n := 1
			for k, e := range x {
				if k == "$ref" || k == "$dynamicRef" || k == "$recursiveRef" {
					ref, _ := e.(string)
					target, ok := ix.resolve(root, ref)
					switch {
					case target == nil && !ok:
						return limit + 1
					case target == nil:
						n++ // another document's: compiling refuses it (errForeignRef)
					case onStack(stack, target):
						n++
					default:
						n += walk(target, append(stack, target))
					}
				} else if k != "enum" && k != "const" && k != "examples" && k != "default" {
					n += walk(e, stack)
				}
				if n > limit {
					return n
				}
			}
			return n
		}
		return 0
	}
	return walk(root, []any{root})
}

// schemaIndex finds a schema's named nodes: its anchors ("#name") and its
// "$id"s.
type schemaIndex struct {
	anchors map[string]any
	ids     map[string]any
}

func indexSchema(root any) schemaIndex {
	ix := schemaIndex{anchors: map[string]any{}, ids: map[string]any{}}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, k := range []string{"$anchor", "$dynamicAnchor"} {
				if a, ok := x[k].(string); ok {
					ix.anchors["#"+a] = x
				}
			}
			if id, ok := x["$id"].(string); ok {
				ix.ids[strings.TrimSuffix(id, "#")] = x
			}
			for k, e := range x {
				if k != "enum" && k != "const" && k != "examples" && k != "default" {
					walk(e)
				}
			}
		}
	}
	walk(root)
	return ix
}

// resolve finds the node ref names within root: a JSON pointer, an
// anchor, or an "$id" (matched as written or by its last path segment,
// as a relative reference resolves), then a fragment within it. A
// reference to a document root does not hold is (nil, true): it is
// another document's, which compiling refuses; one within this document
// that names nothing is (nil, false).
func (ix schemaIndex) resolve(root any, ref string) (any, bool) {
	base, frag, hasFrag := strings.Cut(ref, "#")
	node := root
	if base != "" {
		n, ok := ix.ids[base]
		if !ok {
			for id, m := range ix.ids {
				if strings.HasSuffix(id, "/"+base) {
					n, ok = m, true
					break
				}
			}
		}
		if !ok {
			return nil, true
		}
		node = n
	}
	if !hasFrag || frag == "" {
		return node, true
	}
	if !strings.HasPrefix(frag, "/") {
		a, ok := ix.anchors["#"+frag]
		return a, ok
	}
	return resolvePointer(node, frag)
}

// onStack: target is a node the expansion is already inside (compared by
// identity: maps are reference types).
func onStack(stack []any, target any) bool {
	m, ok := target.(map[string]any)
	if !ok {
		return false
	}
	for _, s := range stack {
		if sm, ok := s.(map[string]any); ok && reflect.ValueOf(sm).Pointer() == reflect.ValueOf(m).Pointer() {
			return true
		}
	}
	return false
}

// resolvePointer follows a JSON pointer ("/a/0/b", unescaped) from node.
func resolvePointer(node any, frag string) (any, bool) {
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	cur := node
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := cur.(type) {
		case map[string]any:
			next, ok := x[tok]
			if !ok {
				return nil, false
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			cur = x[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

// schemaJSON is a listed schema (the SDK's decoded value) as JSON.
func schemaJSON(s any) ([]byte, error) {
	if s == nil {
		return nil, nil
	}
	return json.Marshal(s)
}

// objectRootCanonical is an output schema in canonical form with
// "type": "object" at its root when it names no type: what a server that
// serves the spec's operation as an MCP tool lists.
func objectRootCanonical(schema []byte) ([]byte, error) {
	v, err := decodeJSON(schema)
	if err != nil {
		return nil, err
	}
	if m, ok := v.(map[string]any); ok && m["type"] == nil {
		m["type"] = "object"
	}
	return json.Marshal(v)
}

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// The JSON Schemas a profile publishes for the documents an implementation
// reads and writes (clock-core: the state file and the policy block) are
// not written by hand: their heads are (published_schemas.yaml), and every
// definition a head refers to, directly or through another, is copied from
// the profile's operations.yaml $defs, where the operations use it too. So
// a definition is written once, and gen -check keeps the published files
// equal to it.

const (
	publishedDir     = "spec/clock-core/"
	publishedHeads   = publishedDir + "published_schemas.yaml"
	publishedDefsSrc = publishedDir + "operations.yaml"
)

func publishedSchemas(root fs.FS, out Files) error {
	heads, err := yamlMapping(root, publishedHeads)
	if err != nil {
		return err
	}
	ops, err := yamlMapping(root, publishedDefsSrc)
	if err != nil {
		return err
	}
	defs := mappingValue(ops, "$defs")
	if defs == nil || defs.Kind != yaml.MappingNode {
		return fmt.Errorf("gen: %s has no $defs", publishedDefsSrc)
	}
	for i := 0; i < len(heads.Content); i += 2 {
		name, head := heads.Content[i].Value, heads.Content[i+1]
		if head.Kind != yaml.MappingNode || !strings.HasSuffix(name, ".schema.json") || strings.Contains(name, "/") {
			return fmt.Errorf("gen: %s: %q is not a schema file name with a mapping for its head", publishedHeads, name)
		}
		// A head's $defs is a list of the names of definitions published
		// beside those it refers to (a document's parts a reader wants by
		// name, such as the policy after merging).
		var named []*yaml.Node
		doc := &yaml.Node{Kind: yaml.MappingNode}
		for k := 0; k+1 < len(head.Content); k += 2 {
			if head.Content[k].Value != "$defs" {
				doc.Content = append(doc.Content, head.Content[k], head.Content[k+1])
				continue
			}
			if head.Content[k+1].Kind != yaml.SequenceNode {
				return fmt.Errorf("gen: %s: the $defs of %s's head is not a list of names: the definitions come from %s", publishedHeads, name, publishedDefsSrc)
			}
			for _, n := range head.Content[k+1].Content {
				named = append(named, &yaml.Node{Kind: yaml.MappingNode, Content: []*yaml.Node{
					{Kind: yaml.ScalarNode, Value: "$ref"}, {Kind: yaml.ScalarNode, Value: "#/$defs/" + n.Value}}})
			}
		}
		used, err := referredDefs(&yaml.Node{Kind: yaml.SequenceNode, Content: append([]*yaml.Node{doc}, named...)}, defs)
		if err != nil {
			return fmt.Errorf("gen: %s: %s: %w", publishedHeads, name, err)
		}
		// The head, a $comment (JSON has no other place to say the file is
		// gen's), then the definitions in operations.yaml's order.
		doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "$comment"},
			&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "The head is written in " + path.Base(publishedHeads) + ", the $defs in " + path.Base(publishedDefsSrc) + "; " + generatedMark + "."})
		picked := &yaml.Node{Kind: yaml.MappingNode}
		for k := 0; k < len(defs.Content); k += 2 {
			if used[defs.Content[k].Value] {
				picked.Content = append(picked.Content, defs.Content[k], defs.Content[k+1])
			}
		}
		doc.Content = append(doc.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "$defs"}, picked)
		var buf bytes.Buffer
		if err := writeJSON(&buf, doc, ""); err != nil {
			return fmt.Errorf("gen: %s: %s: %w", publishedHeads, name, err)
		}
		buf.WriteByte('\n')
		out[publishedDir+name] = buf.Bytes()
	}
	return nil
}

func yamlMapping(root fs.FS, path string) (*yaml.Node, error) {
	b, err := fs.ReadFile(root, path)
	if err != nil {
		return nil, fmt.Errorf("gen: %w", err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("gen: %s: %w", path, err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("gen: %s is not a mapping", path)
	}
	return doc.Content[0], nil
}

func mappingValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// referredDefs are the names of defs that n refers to ("$ref":
// "#/$defs/name"), directly or through another def; a reference to a
// definition defs does not have is an error.
func referredDefs(n, defs *yaml.Node) (map[string]bool, error) {
	used := map[string]bool{}
	var walk func(n *yaml.Node) error
	walk = func(n *yaml.Node) error {
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value != "$ref" {
					continue
				}
				ref := n.Content[i+1].Value
				name, ok := strings.CutPrefix(ref, "#/$defs/")
				if !ok {
					return fmt.Errorf("$ref %q is not to a definition of %s", ref, publishedDefsSrc)
				}
				if used[name] {
					continue
				}
				def := mappingValue(defs, name)
				if def == nil {
					return fmt.Errorf("$ref %q: %s has no such definition", ref, publishedDefsSrc)
				}
				used[name] = true
				if err := walk(def); err != nil {
					return err
				}
			}
		}
		for _, c := range n.Content {
			if err := walk(c); err != nil {
				return err
			}
		}
		return nil
	}
	return used, walk(n)
}

// writeJSON writes a YAML node as indented JSON, keys in their order:
// strings, numbers, booleans and null as YAML 1.2 types them. An object or
// array whose items are all scalars is written on one line where that line
// stays short, as a person writes a schema's leaves.
func writeJSON(b *bytes.Buffer, n *yaml.Node, indent string) error {
	switch n.Kind {
	case yaml.MappingNode, yaml.SequenceNode:
		if len(n.Content) > 0 && allScalars(n) {
			var line bytes.Buffer
			if err := writeItems(&line, n, "", ""); err != nil {
				return err
			}
			if len(indent)+line.Len() <= 100 {
				b.Write(line.Bytes())
				return nil
			}
		}
		return writeItems(b, n, indent, indent+"  ")
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!str":
			writeString(b, n.Value)
		case "!!int", "!!float":
			if !json.Valid([]byte(n.Value)) {
				return fmt.Errorf("line %d: %q is not a JSON number", n.Line, n.Value)
			}
			b.WriteString(n.Value)
		case "!!bool":
			v, err := strconv.ParseBool(n.Value)
			if err != nil {
				return fmt.Errorf("line %d: %q is not a JSON boolean", n.Line, n.Value)
			}
			b.WriteString(strconv.FormatBool(v))
		case "!!null":
			b.WriteString("null")
		default:
			return fmt.Errorf("line %d: a %s has no JSON form", n.Line, n.ShortTag())
		}
	default:
		return fmt.Errorf("line %d: anchors and aliases have no JSON form", n.Line)
	}
	return nil
}

// writeString writes s as a JSON string, <, > and & as they are (the
// files are read by people and by JSON Schema tools, not put in HTML).
func writeString(b *bytes.Buffer, s string) {
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s)         // a string always encodes
	b.Truncate(b.Len() - 1) // Encode's newline
}

func allScalars(n *yaml.Node) bool {
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode {
			return false
		}
	}
	return true
}

// writeItems writes an object or an array: on one line ({"a": 1, "b":
// "c"}, ["a", "b"]) when inner is "", else an item a line at inner's
// indent, the closing bracket at indent's.
func writeItems(b *bytes.Buffer, n *yaml.Node, indent, inner string) error {
	open, closing, step := "[", "]", 1
	if n.Kind == yaml.MappingNode {
		open, closing, step = "{", "}", 2
	}
	b.WriteString(open)
	for i := 0; i+step-1 < len(n.Content); i += step {
		switch {
		case inner != "" && i > 0:
			b.WriteString(",\n" + inner)
		case inner != "":
			b.WriteString("\n" + inner)
		case i > 0:
			b.WriteString(", ")
		}
		if step == 2 {
			writeString(b, n.Content[i].Value)
			b.WriteString(": ")
		}
		if err := writeJSON(b, n.Content[i+step-1], inner); err != nil {
			return err
		}
	}
	if inner != "" && len(n.Content) > 0 {
		b.WriteString("\n" + indent)
	}
	b.WriteString(closing)
	return nil
}

package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/clockspec/clockspec/spec"
)

// ToolDef is one tool the world offers, with the JSON Schema of its
// arguments (the spec's LLM tool format).
type ToolDef = spec.ToolDef

// toolFiles are the tool definitions the world offers: its own, then the
// datetime profile's tools, answered by the datetime reference.
var toolFiles = []string{"clock-agent/tools.json", "datetime/tools.json"}

type toolSet struct {
	defs    []ToolDef
	schemas map[string]*jsonschema.Schema
}

var loadTools = sync.OnceValues(func() (*toolSet, error) {
	ts := &toolSet{schemas: map[string]*jsonschema.Schema{}}
	for _, name := range toolFiles {
		b, err := fs.ReadFile(spec.FS(), name)
		if err != nil {
			return nil, err
		}
		var defs []ToolDef
		if err := json.Unmarshal(b, &defs); err != nil {
			return nil, fmt.Errorf("spec/%s: %w", name, err)
		}
		for _, d := range defs {
			c := jsonschema.NewCompiler()
			c.Draft = jsonschema.Draft2020
			c.AssertFormat = true // date-time is RFC 3339: an instant without its offset is refused
			url := "tool:" + d.Name
			if err := c.AddResource(url, bytes.NewReader(d.InputSchema)); err != nil {
				return nil, fmt.Errorf("spec/%s: tool %s: %w", name, d.Name, err)
			}
			s, err := c.Compile(url)
			if err != nil {
				return nil, fmt.Errorf("spec/%s: tool %s: %w", name, d.Name, err)
			}
			if _, dup := ts.schemas[d.Name]; dup {
				return nil, fmt.Errorf("spec/%s: tool %s defined twice", name, d.Name)
			}
			ts.schemas[d.Name] = s
			ts.defs = append(ts.defs, d)
		}
	}
	return ts, nil
})

// Tools are the tool definitions every conversation offers the agent.
func Tools() ([]ToolDef, error) {
	ts, err := loadTools()
	if err != nil {
		return nil, err
	}
	return ts.defs, nil
}

// checkArgs validates a call's arguments against its tool's schema.
func (ts *toolSet) checkArgs(name string, args json.RawMessage) error {
	s, ok := ts.schemas[name]
	if !ok {
		return fmt.Errorf("unknown tool %q", name)
	}
	var v any
	if err := json.Unmarshal(args, &v); err != nil {
		return fmt.Errorf("arguments are not JSON: %v", err)
	}
	if err := s.Validate(v); err != nil {
		if ve, ok := err.(*jsonschema.ValidationError); ok {
			return fmt.Errorf("%s", briefValidation(ve))
		}
		return err
	}
	return nil
}

// briefValidation is the deepest causes of a schema refusal, one line each:
// what a model needs to fix its call.
func briefValidation(ve *jsonschema.ValidationError) string {
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			loc := e.InstanceLocation
			if loc == "" {
				loc = "/"
			}
			out = append(out, loc+": "+e.Message)
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	var b bytes.Buffer
	for i, s := range out {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(s)
	}
	return b.String()
}

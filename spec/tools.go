package spec

import (
	"encoding/json"
	"fmt"
	"io/fs"
)

// ToolDef is one LLM tool definition, in the Anthropic tool format the
// spec publishes (name, description, input_schema): what a model, an MCP
// server and an MCP client see of an operation.
type ToolDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// ToolFiles lists the tool definition files of the embedded spec, one per
// profile that publishes its operations as LLM tools.
var ToolFiles = []string{"datetime/tools.json"}

// Tools reads the tool definitions of the embedded spec.
func Tools() ([]ToolDef, error) {
	var out []ToolDef
	for _, name := range ToolFiles {
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return nil, err
		}
		var defs []ToolDef
		if err := json.Unmarshal(b, &defs); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, defs...)
	}
	return out, nil
}

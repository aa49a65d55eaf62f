package mcpserve

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/clockspec/clockspec/spec"
)

// Tool is one operation served as an MCP tool: the name a host and a model
// see (MCP-safe: letters, digits, _ and -, at most 64 characters, which
// every host's and model API's function names allow), the operation it
// calls, and what tools/list says of it.
type Tool struct {
	Name         string
	Op           string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage // nil: none listed
	// Now names an input field that, left out, is filled with the server's
	// clock (an RFC 3339 instant in UTC): the time a model asks for.
	Now string
}

// MaxDescription bounds a served tool's description: OpenAI's function API
// refuses longer ones, and hosts forward MCP descriptions unchanged.
const MaxDescription = 1024

// Profiles are the profiles whose operations serve --mcp can serve.
var Profiles = []string{"datetime", "clock-core"}

// clockTools are clock-core's operations an agent calls as tools: seed 004
// §4.4's timezone provider (now, agent_timezone, the session zone's
// resolution, offsets, to_iso, parse_anchored_time). The others take or
// give the agent runtime's state (its state file, message records), which
// a model does not hold. The field, if any, is the instant filled with the
// server's clock when the model leaves it out.
var clockTools = []struct{ op, now string }{
	{"clock-core.now", "host_clock"},
	{"clock-core.agent_timezone", ""},
	{"clock-core.resolve_session_tz", "now"},
	{"clock-core.offset_minutes", "instant"},
	{"clock-core.delta_hours", "at"},
	{"clock-core.to_iso", ""},
	{"clock-core.parse_anchored_time", "reference_instant"},
}

// ToolName is the MCP-safe name of an operation: its profile and name
// joined by _ (clock-core.now is clock_core_now); a datetime tool keeps
// its own name.
func ToolName(op string) string {
	return strings.NewReplacer(".", "_", "-", "_").Replace(op)
}

// ServedTools are the tools of the given profiles (Profiles when none):
// datetime's as its tool definitions (spec/datetime/tools.json) say, with
// the operations' output schemas; clock-core's timezone provider from its
// operations' schemas and summaries.
func ServedTools(profiles ...string) ([]Tool, error) {
	if len(profiles) == 0 {
		profiles = Profiles
	}
	for _, p := range profiles {
		if !slices.Contains(Profiles, p) {
			return nil, fmt.Errorf("profile %q has no tools to serve over MCP (want %s)", p, strings.Join(Profiles, ", "))
		}
	}
	cat, err := spec.LoadProfiles(profiles...)
	if err != nil {
		return nil, err
	}
	var out []Tool
	if slices.Contains(profiles, "datetime") {
		defs, err := spec.Tools()
		if err != nil {
			return nil, err
		}
		for _, d := range defs {
			t := Tool{Name: d.Name, Op: d.Name, Description: d.Description, InputSchema: d.InputSchema}
			if op, ok := cat.Operation(d.Name); ok {
				t.OutputSchema = op.OutputSchema
			}
			out = append(out, t)
		}
	}
	if slices.Contains(profiles, "clock-core") {
		for _, c := range clockTools {
			op, ok := cat.Operation(c.op)
			if !ok {
				return nil, fmt.Errorf("the spec has no operation %s", c.op)
			}
			in := op.InputSchema
			desc := op.Summary + " (clockspec's " + c.op + "; " + op.Origin + ".)"
			if c.now != "" {
				if in, err = optional(in, c.now); err != nil {
					return nil, fmt.Errorf("%s: %w", c.op, err)
				}
				desc += " Leave " + c.now + " out for the server's current time."
			}
			desc += ` Errors come back with isError as {"error":{"code","message"}}.`
			out = append(out, Tool{Name: ToolName(c.op), Op: c.op, Description: desc, InputSchema: in, OutputSchema: op.OutputSchema, Now: c.now})
		}
	}
	for i := range out {
		out[i].Description = clip(out[i].Description, MaxDescription)
		out[i].OutputSchema = objectRoot(out[i].OutputSchema)
	}
	return out, nil
}

// objectRoot is an output schema as MCP lists one: "type": "object" at its
// root (the TypeScript SDK's client refuses any other). Every served
// operation answers an object, so a schema whose root only says so through
// a "$ref" or "oneOf" gets the type written out; a schema with another type
// is not listed (nil).
func objectRoot(schema json.RawMessage) json.RawMessage {
	if schema == nil {
		return nil
	}
	var doc map[string]any
	if json.Unmarshal(schema, &doc) != nil {
		return nil
	}
	switch doc["type"] {
	case "object":
		return schema
	case nil:
		doc["type"] = "object"
		b, err := json.Marshal(doc)
		if err != nil {
			return nil
		}
		return b
	}
	return nil
}

// optional is schema with field no longer required.
func optional(schema json.RawMessage, field string) (json.RawMessage, error) {
	var doc map[string]any
	if err := json.Unmarshal(schema, &doc); err != nil {
		return nil, err
	}
	req, _ := doc["required"].([]any)
	kept := []any{}
	for _, r := range req {
		if r != field {
			kept = append(kept, r)
		}
	}
	if len(kept) == 0 {
		delete(doc, "required")
	} else {
		doc["required"] = kept
	}
	return json.Marshal(doc)
}

// clip shortens s to at most n characters, at a word, marked with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	if i := strings.LastIndexByte(string(r), ' '); i > 0 {
		return string(r)[:i] + "…"
	}
	return string(r) + "…"
}

// withNow fills the field of a tool's arguments with the server's clock
// when the arguments are an object without it.
func withNow(args json.RawMessage, field string, now time.Time) json.RawMessage {
	var obj map[string]json.RawMessage
	if field == "" || json.Unmarshal(args, &obj) != nil || obj == nil {
		return args
	}
	if _, ok := obj[field]; ok {
		return args
	}
	obj[field], _ = json.Marshal(now.UTC().Format(time.RFC3339Nano))
	b, err := json.Marshal(obj)
	if err != nil {
		return args
	}
	return b
}

// Package agentdriver reaches the agents the clock-agent profile certifies:
// a JSON-Lines subprocess that owns its loop (docs/agent-protocol.md), and
// an OpenAI-compatible chat-completions endpoint whose tool loop the kit
// runs (Ollama, vLLM, llama.cpp's server, hosted APIs), over net/http
// (chat.go). Both bound a turn's tool calls and report
// what an agent gets wrong at the protocol level (a call it cannot read, a
// tool that does not exist, a loop without end, no answer in time) as that
// trial's fault, with the transcript.
package agentdriver

import (
	"encoding/json"
	"slices"

	"github.com/clockspec/clockspec/conformance/agent"
)

// DefaultMaxToolCalls bounds the tool calls of one turn: an agent that
// calls tools without end is stopped there, as a tool_loop fault.
const DefaultMaxToolCalls = 16

// known says whether the host offers the tool.
func known(h agent.Host, name string) bool {
	return slices.ContainsFunc(h.Tools(), func(d agent.ToolDef) bool { return d.Name == name })
}

// arguments reads a call's arguments: a JSON object, or a string holding
// one (as chat-completions APIs send them). ok is false when they are
// neither.
func arguments(raw json.RawMessage) (json.RawMessage, bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if s == "" {
			return json.RawMessage("{}"), true
		}
		raw = json.RawMessage(s)
	}
	var m map[string]json.RawMessage
	if len(raw) == 0 {
		return json.RawMessage("{}"), true
	}
	if err := json.Unmarshal(raw, &m); err != nil || m == nil {
		return nil, false
	}
	return raw, true
}

func errorJSON(code, msg string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"error": map[string]string{"code": code, "message": msg}})
	return b
}

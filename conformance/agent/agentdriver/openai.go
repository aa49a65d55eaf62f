package agentdriver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
)

// OpenAI is a model behind an OpenAI-compatible chat-completions endpoint,
// with the kit running the tool loop: the conversation's messages, the
// world's tools as functions, every tool call executed and answered.
type OpenAI struct {
	BaseURL      string // http://127.0.0.1:11434/v1
	Model        string
	SystemPrompt string
	APIKey       string        // sent as a bearer token; local servers ignore it
	Timeout      time.Duration // per request; 0: 2 minutes
	MaxToolCalls int           // per turn; 0: DefaultMaxToolCalls
	HTTPClient   *http.Client  // nil: the default
	Retry        Retry         // the retries of a throttled or failing request
	// Temperature and Seed go in every request when set, and only then.
	Temperature *float64
	Seed        *int64
}

// Name is the endpoint and model.
func (o *OpenAI) Name() string { return "openai+" + o.BaseURL + " model " + o.Model }

// Open starts a conversation: the system prompt and the tools.
func (o *OpenAI) Open(_ context.Context, c agent.Conversation) (agent.Session, error) {
	if o.Model == "" {
		return nil, fmt.Errorf("agentdriver: an OpenAI-compatible agent needs a model (--model)")
	}
	s := &openaiSession{o: o, cl: o.client(), host: c.Host, group: c.Group, max: o.MaxToolCalls}
	if s.max <= 0 {
		s.max = DefaultMaxToolCalls
	}
	if o.SystemPrompt != "" {
		s.msgs = append(s.msgs, chatMessage{Role: "system", Content: o.SystemPrompt})
	}
	for _, d := range c.Host.Tools() {
		var params map[string]any
		if err := json.Unmarshal(d.InputSchema, &params); err != nil {
			return nil, fmt.Errorf("agentdriver: tool %s: %w", d.Name, err)
		}
		s.tools = append(s.tools, chatTool{Type: "function", Function: chatFunction{Name: d.Name, Description: d.Description, Parameters: params}})
	}
	return s, nil
}

type openaiSession struct {
	o       *OpenAI
	cl      *chatClient
	host    agent.Host
	group   bool
	max     int
	msgs    []any // chatMessage, or the model's messages as it sent them
	tools   []chatTool
	pending string // the tool call id of an unanswered ask_user
}

func (s *openaiSession) Close() error { return nil }

// Turn adds the user's words (or the answer to the pending ask_user) and
// runs the model and its tool calls until it answers in words or asks.
func (s *openaiSession) Turn(ctx context.Context, t agent.Turn) (agent.Yield, error) {
	if s.pending != "" {
		b, _ := json.Marshal(map[string]string{"answer": t.Text})
		s.msgs = append(s.msgs, chatMessage{Role: "tool", Content: string(b), ToolCallID: s.pending})
		s.pending = ""
	} else {
		u := chatMessage{Role: "user", Content: t.Text}
		if s.group {
			u.Name = t.From // who speaks, in a group chat
		}
		s.msgs = append(s.msgs, u)
	}
	calls := 0
	for {
		msg, err := s.cl.complete(ctx, chatRequest{Model: s.o.Model, Messages: s.msgs, Tools: s.tools,
			Temperature: s.o.Temperature, Seed: s.o.Seed})
		if err != nil {
			var u *agent.Unreachable
			if errors.As(err, &u) {
				return agent.Yield{}, u
			}
			var rf *agent.Refusal
			if errors.As(err, &rf) {
				return agent.Yield{}, rf // the run decides: no run, or this trial's fault
			}
			if errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil || strings.Contains(err.Error(), "Client.Timeout") || strings.Contains(err.Error(), "deadline exceeded") {
				return agent.Yield{}, agent.Faultf(agent.FaultTimeout, "the model did not answer in time: %v", err)
			}
			return agent.Yield{}, agent.Faultf(agent.FaultEndpoint, "%v", err)
		}
		if f := callIDFault(msg.ToolCalls); f != nil {
			return agent.Yield{}, f
		}
		s.msgs = append(s.msgs, msg.Raw)
		if len(msg.ToolCalls) == 0 {
			return agent.Yield{Reply: msg.Content}, nil
		}
		if msg.Content != "" {
			s.host.Note("note", "the model said, with its tool calls: "+msg.Content)
		}
		asked := false
		for _, tc := range msg.ToolCalls {
			calls++
			if calls > s.max {
				return agent.Yield{}, agent.Faultf(agent.FaultLoop, "more than %d tool calls in one turn", s.max)
			}
			name := tc.Function.Name
			var res json.RawMessage
			args, ok := arguments(tc.Function.Arguments)
			switch {
			case tc.Type != "" && tc.Type != "function":
				s.host.Fault(agent.FaultUnknown, fmt.Sprintf("call %s is a %q tool call; the tools are functions", tc.ID, tc.Type))
				res = errorJSON("unknown_tool", "only function tools are offered")
			case !ok:
				s.host.Fault(agent.FaultMalformed, fmt.Sprintf("call %s of %q: arguments are not a JSON object: %.200s", tc.ID, name, tc.Function.Arguments))
				res = errorJSON("invalid_arguments", "arguments must be a JSON object")
			case !known(s.host, name):
				s.host.Fault(agent.FaultUnknown, fmt.Sprintf("call %s: there is no tool %q", tc.ID, name))
				res = s.host.Exec(ctx, name, args)
			case asked:
				res = errorJSON("not_run", "a question to the user is pending: ask one thing at a time")
			default:
				res = s.host.Exec(ctx, name, args)
				if res == nil { // ask_user: answered by the user's next words
					s.pending, asked = tc.ID, true
					continue
				}
			}
			s.msgs = append(s.msgs, chatMessage{Role: "tool", Content: string(res), ToolCallID: tc.ID})
		}
		if asked {
			return agent.Yield{Asked: true}, nil
		}
	}
}

// callIDFault is the endpoint's fault when a message's tool calls cannot
// each be answered by its own tool message: a call without an id, or an id
// two calls share. Answered anyway, the history would pair results with
// the wrong calls (or none), and the model would go on from a conversation
// it never had.
func callIDFault(calls []chatToolCall) *agent.Fault {
	seen := map[string]bool{}
	for i, tc := range calls {
		switch {
		case tc.ID == "":
			return agent.Faultf(agent.FaultToolCallID, "tool call %d of %d (%q) has no id: no tool message can answer it", i+1, len(calls), tc.Function.Name)
		case seen[tc.ID]:
			return agent.Faultf(agent.FaultToolCallID, "two tool calls of one message have the id %q: their answers cannot be told apart", tc.ID)
		}
		seen[tc.ID] = true
	}
	return nil
}

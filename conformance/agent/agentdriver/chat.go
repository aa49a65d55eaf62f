package agentdriver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
)

// The chat-completions call, spoken directly: one POST of the messages and
// tools, one JSON answer. It is all the kit uses of the API, so a client
// library (openai-go compiled ~3 minutes of CPU on a cold cache, most of
// make test's build on a fresh machine) is not needed for it. The agent
// tests' scripted endpoints check the wire format this writes.

// chatClient posts chat-completions requests to one endpoint.
type chatClient struct {
	url     string // …/v1/chat/completions
	key     string
	timeout time.Duration // per request
	http    *http.Client
}

func (o *OpenAI) client() *chatClient {
	key := o.APIKey
	if key == "" {
		key = "none" // some endpoints insist on one; local servers ignore it
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	hc := o.HTTPClient
	if hc == nil {
		hc = noRedirects
	}
	return &chatClient{url: strings.TrimSuffix(o.BaseURL, "/") + "/chat/completions", key: key, timeout: timeout, http: hc}
}

// maxAnswerBytes caps one chat-completions answer (docs/agent-protocol.md).
const maxAnswerBytes = 4 << 20

// noRedirects is the client the kit posts with: a redirect is answered as
// the refusal it is, never followed, so neither the conversation nor the
// bearer key goes to a server the user did not name (and no answer from
// one is certified under the endpoint's name).
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// chatMessage is a message the kit writes: system, user or tool. The
// model's own messages go back as it sent them (chatChoice.Raw).
type chatMessage struct {
	Role       string `json:"role"`
	Content    string `json:"content"`
	Name       string `json:"name,omitempty"`         // the speaker, in a group chat
	ToolCallID string `json:"tool_call_id,omitempty"` // the call a tool message answers
}

// chatTool offers one function.
type chatTool struct {
	Type     string       `json:"type"` // "function"
	Function chatFunction `json:"function"`
}

type chatFunction struct {
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Parameters  map[string]any `json:"parameters"`
}

type chatRequest struct {
	Model    string     `json:"model"`
	Messages []any      `json:"messages"` // chatMessage or json.RawMessage
	Tools    []chatTool `json:"tools,omitempty"`
}

// chatReply is the model's message: its words, its tool calls, and the
// message as it came, to send back unchanged in the conversation.
type chatReply struct {
	Content   string
	ToolCalls []chatToolCall
	Raw       json.RawMessage
}

type chatToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// errNoChoice is an answer without a message.
var errNoChoice = fmt.Errorf("an answer without choices")

// complete sends the conversation and returns the first choice's message.
// A timeout is an error wrapping context.DeadlineExceeded; a refusal names
// the status and the start of the endpoint's body.
func (c *chatClient) complete(ctx context.Context, req chatRequest) (chatReply, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return chatReply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return chatReply{}, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	hr.Header.Set("Authorization", "Bearer "+c.key)
	resp, err := c.http.Do(hr)
	if err != nil {
		var dial *net.OpError
		if errors.As(err, &dial) && dial.Op == "dial" {
			return chatReply{}, &agent.Unreachable{Err: err} // no connection: nothing was asked
		}
		return chatReply{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return chatReply{}, fmt.Errorf("POST %q: reading the answer: %w", c.url, err)
	}
	if len(b) > maxAnswerBytes {
		// The conversation goes back with every request, and into the
		// report: an answer past the cap is the endpoint's fault.
		return chatReply{}, fmt.Errorf("POST %q: an answer of more than %d MiB, the kit's cap on one", c.url, maxAnswerBytes>>20)
	}
	if resp.StatusCode/100 != 2 {
		return chatReply{}, fmt.Errorf("POST %q: %s %.500s", c.url, resp.Status, bytes.TrimSpace(b))
	}
	var answer struct {
		Choices []struct {
			Message json.RawMessage `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		return chatReply{}, fmt.Errorf("POST %q: the answer is not a chat completion: %v: %.200s", c.url, err, b)
	}
	if len(answer.Choices) == 0 || len(answer.Choices[0].Message) == 0 {
		return chatReply{}, errNoChoice
	}
	var m struct {
		Content   json.RawMessage `json:"content"` // a string, or null beside tool calls
		ToolCalls []chatToolCall  `json:"tool_calls"`
	}
	raw := answer.Choices[0].Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return chatReply{}, fmt.Errorf("POST %q: the answer's message: %v: %.200s", c.url, err, raw)
	}
	r := chatReply{ToolCalls: m.ToolCalls, Raw: raw}
	_ = json.Unmarshal(m.Content, &r.Content) // not a string: no words
	return r, nil
}

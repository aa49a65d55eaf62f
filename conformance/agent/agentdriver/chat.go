package agentdriver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
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
	retry   Retry
	judge   bool // its usage is the judge's, not the agent's
}

// Retry bounds the retries of one request that an endpoint answered 429,
// 500, 502, 503 or 504, or whose connection was reset (or closed) before
// an answer: a hosted API's rate limit or a local server's hiccup is not
// the agent's failure, and pass^k would multiply it. Each retry waits
// Base·2^i with jitter (half to all of it), or what the endpoint's
// Retry-After asks (seconds or an HTTP date, at most MaxRetryAfter); the
// waits of one request add up to at most MaxWait, past which the request
// fails with its last answer. A refusal no retry can change (401, 403,
// 404, any other 4xx) and a request that timed out are not retried.
type Retry struct {
	Max     int           // retries of one request; 0: DefaultRetries, < 0: none
	Base    time.Duration // the first backoff; 0: DefaultRetryBase
	MaxWait time.Duration // the waits of one request in all; 0: DefaultRetryWait
}

// The defaults of Retry.
const (
	DefaultRetries   = 4
	DefaultRetryBase = 500 * time.Millisecond
	DefaultRetryWait = 2 * time.Minute
	// MaxRetryAfter caps the wait one Retry-After asks for: an endpoint
	// asking for an hour is failing, not throttling.
	MaxRetryAfter = time.Minute
)

func (r Retry) withDefaults() Retry {
	switch {
	case r.Max == 0:
		r.Max = DefaultRetries
	case r.Max < 0:
		r.Max = 0
	}
	if r.Base <= 0 {
		r.Base = DefaultRetryBase
	}
	if r.MaxWait <= 0 {
		r.MaxWait = DefaultRetryWait
	}
	return r
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
	return &chatClient{url: strings.TrimSuffix(o.BaseURL, "/") + "/chat/completions", key: key, timeout: timeout, http: hc,
		retry: o.Retry.withDefaults()}
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
	// Sent only when given (--temperature, --seed): an endpoint's own
	// default is otherwise what is certified.
	Temperature *float64 `json:"temperature,omitempty"`
	Seed        *int64   `json:"seed,omitempty"`
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
		Name string `json:"name"`
		// Arguments is a string holding a JSON object, as OpenAI sends
		// it; some local servers send the object itself, which is read
		// the same (see arguments).
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

// errNoChoice is an answer without a message.
var errNoChoice = fmt.Errorf("an answer without choices")

// complete sends the conversation and returns the first choice's message,
// retrying what c.retry allows (each retry counted on the context's Meter,
// and the answer's usage added to it). A timeout is an error wrapping
// context.DeadlineExceeded; a refusal names the status and the start of
// the endpoint's body (a 401, 403 or 404 is an *agent.Refusal).
func (c *chatClient) complete(ctx context.Context, req chatRequest) (chatReply, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return chatReply{}, err
	}
	m := agent.MeterOf(ctx)
	var waited time.Duration
	for attempt := 0; ; attempt++ {
		b, after, err := c.post(ctx, body)
		if after < 0 || attempt >= c.retry.Max {
			if err != nil && after >= 0 && attempt > 0 {
				err = fmt.Errorf("%w (after %d retries)", err, attempt)
			}
			if err != nil {
				return chatReply{}, err
			}
			return c.read(m, b)
		}
		wait := c.backoff(attempt, after)
		if waited+wait > c.retry.MaxWait {
			return chatReply{}, fmt.Errorf("%w (after %d retries: the next wait, %s, would pass the %s all of a request's waits may take)",
				err, attempt, wait.Round(time.Millisecond), c.retry.MaxWait)
		}
		waited += wait
		m.Retried()
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return chatReply{}, fmt.Errorf("%w (waiting to retry: %w)", err, ctx.Err())
		}
	}
}

// post sends one request. after says what may follow: < 0 the answer is
// final (an answer, or an error no retry changes), 0 a retry after the
// backoff, > 0 a retry after that long (the endpoint's Retry-After).
func (c *chatClient) post(ctx context.Context, body []byte) (b []byte, after time.Duration, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, -1, err
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	hr.Header.Set("Authorization", "Bearer "+c.key)
	resp, err := c.http.Do(hr)
	if err != nil {
		var dial *net.OpError
		if errors.As(err, &dial) && dial.Op == "dial" {
			return nil, -1, &agent.Unreachable{Err: err} // no connection: nothing was asked
		}
		if ctx.Err() == nil && dropped(err) {
			return nil, 0, fmt.Errorf("POST %q: the connection was lost before an answer: %w", c.url, err)
		}
		return nil, -1, err
	}
	defer resp.Body.Close()
	b, err = io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return nil, -1, fmt.Errorf("POST %q: reading the answer: %w", c.url, err)
	}
	if len(b) > maxAnswerBytes {
		// The conversation goes back with every request, and into the
		// report: an answer past the cap is the endpoint's fault.
		return nil, -1, fmt.Errorf("POST %q: an answer of more than %d MiB, the kit's cap on one", c.url, maxAnswerBytes>>20)
	}
	switch code := resp.StatusCode; {
	case code/100 == 2:
		return b, -1, nil
	case agent.Refuses(code):
		return nil, -1, &agent.Refusal{URL: c.url, Status: resp.Status, Code: code, Body: string(bytes.TrimSpace(b))}
	case code == 429 || code == 500 || code == 502 || code == 503 || code == 504:
		return nil, retryAfter(resp.Header.Get("Retry-After"), time.Now()),
			fmt.Errorf("POST %q: %s %.500s", c.url, resp.Status, bytes.TrimSpace(b))
	default:
		return nil, -1, fmt.Errorf("POST %q: %s %.500s", c.url, resp.Status, bytes.TrimSpace(b))
	}
}

// dropped says whether a request's error is a connection the endpoint
// reset or closed before it answered: worth one more try.
func dropped(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET) ||
		errors.Is(err, syscall.EPIPE) || strings.Contains(err.Error(), "connection reset")
}

// retryAfter reads a Retry-After header: seconds, or an HTTP date; 0 when
// absent or unreadable (the backoff decides), at most MaxRetryAfter.
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.ParseInt(h, 10, 64); err == nil {
		if n < 0 {
			return 0
		}
		d = time.Duration(min(n, int64(MaxRetryAfter/time.Second))) * time.Second
	} else if t, err := http.ParseTime(h); err == nil {
		d = t.Sub(now)
	} else {
		return 0
	}
	if d <= 0 {
		return time.Millisecond // a date now or past: retry at once
	}
	return min(d, MaxRetryAfter)
}

// backoff is the wait before retry attempt+1: the endpoint's Retry-After
// when it gave one, else Base·2^attempt with jitter, so that parallel
// conversations throttled together do not come back together.
func (c *chatClient) backoff(attempt int, after time.Duration) time.Duration {
	if after > 0 {
		return after
	}
	d := c.retry.Base << min(attempt, 16)
	return d/2 + rand.N(d/2+1)
}

// read decodes a chat completion's first choice, and adds its usage to m.
func (c *chatClient) read(m *agent.Meter, b []byte) (chatReply, error) {
	var answer struct {
		Choices []struct {
			Message json.RawMessage `json:"message"`
		} `json:"choices"`
		Usage *struct {
			PromptTokens     int64 `json:"prompt_tokens"`
			CompletionTokens int64 `json:"completion_tokens"`
			TotalTokens      int64 `json:"total_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal(b, &answer); err != nil {
		return chatReply{}, fmt.Errorf("POST %q: the answer is not a chat completion: %v: %.200s", c.url, err, b)
	}
	u := agent.Usage{Requests: 1}
	if answer.Usage != nil {
		u.PromptTokens, u.CompletionTokens, u.TotalTokens = answer.Usage.PromptTokens, answer.Usage.CompletionTokens, answer.Usage.TotalTokens
	}
	m.Spent(c.judge, u)
	if len(answer.Choices) == 0 || len(answer.Choices[0].Message) == 0 {
		return chatReply{}, errNoChoice
	}
	var msg struct {
		Content   json.RawMessage `json:"content"` // a string, or null beside tool calls
		ToolCalls []chatToolCall  `json:"tool_calls"`
	}
	raw := answer.Choices[0].Message
	if err := json.Unmarshal(raw, &msg); err != nil {
		return chatReply{}, fmt.Errorf("POST %q: the answer's message: %v: %.200s", c.url, err, raw)
	}
	return chatReply{Content: words(msg.Content), ToolCalls: msg.ToolCalls, Raw: raw}, nil
}

// words is a message's content as text: a string, or the text parts of an
// array of parts ([{"type":"text","text":"…"}], as some servers send it);
// anything else has no words.
func words(content json.RawMessage) string {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(content, &parts) != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		if p.Type == "text" {
			texts = append(texts, p.Text)
		}
	}
	return strings.Join(texts, "\n")
}

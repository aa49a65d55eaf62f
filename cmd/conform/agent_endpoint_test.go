package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// scriptedEndpoint is an OpenAI-compatible chat-completions endpoint whose
// "model" is the kit's scripted agent (or a time-blind variant): each
// conversation is a scripted session run in a goroutine, its tool calls
// sent as the model's tool calls and their results fed back as the kit
// sends them. It answers after delay, as a hosted model would, and
// reports usage (10 prompt tokens a message, 5 completion tokens).
//
// The kit sends the model's messages back as they came, so each carries
// the conversation it belongs to (an extra member, x_conv): parallel
// conversations, even identical ones, are told apart without state in the
// kit.
type scriptedEndpoint struct {
	flaw     scripted.Flaw
	delay    time.Duration
	ctx      context.Context
	mu       sync.Mutex
	convs    map[string]*fakeConv
	n        int
	requests atomic.Int64
}

type fakeStep struct {
	tool  string // a tool call, or "" for a reply
	id    string
	args  json.RawMessage
	reply string
	err   error
}

type fakeConv struct {
	id         string
	turns      chan agent.Turn
	results    chan json.RawMessage
	out        chan fakeStep
	pendingAsk string
	calls      int
}

// fakeHost is the scripted session's host: its calls go out as the
// model's tool calls.
type fakeHost struct {
	c   *fakeConv
	ctx context.Context
}

func (h fakeHost) Tools() []agent.ToolDef { return nil }
func (h fakeHost) Fault(string, string)   {}
func (h fakeHost) Note(string, string)    {}

func (h fakeHost) Exec(ctx context.Context, tool string, args json.RawMessage) json.RawMessage {
	c := h.c
	c.calls++
	id := fmt.Sprintf("%s-%d", c.id, c.calls)
	if tool == "ask_user" {
		c.pendingAsk = id // before the call goes out: the answer's request reads it
	}
	select {
	case c.out <- fakeStep{tool: tool, id: id, args: args}:
	case <-h.ctx.Done():
		return nil
	}
	if tool == "ask_user" {
		return nil // answered by the user's next words, as the kit's host does
	}
	select {
	case r := <-c.results:
		return r
	case <-h.ctx.Done():
		return nil
	}
}

func newScriptedEndpoint(t testing.TB, flaw scripted.Flaw, delay time.Duration) (*httptest.Server, *scriptedEndpoint) {
	ctx, cancel := context.WithCancel(context.Background())
	e := &scriptedEndpoint{flaw: flaw, delay: delay, ctx: ctx, convs: map[string]*fakeConv{}}
	srv := httptest.NewServer(e)
	t.Cleanup(func() { cancel(); srv.Close() })
	return srv, e
}

type fakeMsg struct {
	Role       string `json:"role"`
	Content    any    `json:"content"`
	Name       string `json:"name"`
	ToolCallID string `json:"tool_call_id"`
	XConv      string `json:"x_conv"`
}

func (e *scriptedEndpoint) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	e.requests.Add(1)
	var req struct {
		Messages []fakeMsg `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || len(req.Messages) == 0 {
		http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
		return
	}
	select {
	case <-time.After(e.delay):
	case <-r.Context().Done():
		return
	}
	c := e.conversation(req.Messages)
	last := req.Messages[len(req.Messages)-1]
	text, _ := last.Content.(string)
	switch {
	case last.Role == "tool" && last.ToolCallID == c.pendingAsk:
		var a struct {
			Answer string `json:"answer"`
		}
		_ = json.Unmarshal([]byte(text), &a)
		c.pendingAsk = ""
		c.turns <- agent.Turn{From: agent.DefaultUser, Text: a.Answer}
	case last.Role == "tool":
		c.results <- json.RawMessage(text)
	default:
		from := last.Name
		if from == "" {
			from = agent.DefaultUser
		}
		c.turns <- agent.Turn{From: from, Text: text}
	}
	var st fakeStep
	select {
	case st = <-c.out:
	case <-r.Context().Done():
		return
	}
	if st.err != nil {
		http.Error(w, st.err.Error(), http.StatusInternalServerError)
		return
	}
	msg := map[string]any{"role": "assistant", "x_conv": c.id, "content": st.reply}
	if st.tool != "" {
		msg["content"] = nil
		msg["tool_calls"] = []any{map[string]any{"id": st.id, "type": "function",
			"function": map[string]string{"name": st.tool, "arguments": string(st.args)}}}
	}
	prompt := int64(10 * len(req.Messages))
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"object": "chat.completion", "choices": []any{map[string]any{"index": 0, "message": msg}},
		"usage": map[string]int64{"prompt_tokens": prompt, "completion_tokens": 5, "total_tokens": prompt + 5}})
}

// conversation finds the conversation the messages continue (by the
// x_conv of its last model message), or starts one.
func (e *scriptedEndpoint) conversation(msgs []fakeMsg) *fakeConv {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := len(msgs) - 1; i >= 0; i-- {
		if c, ok := e.convs[msgs[i].XConv]; ok && msgs[i].Role == "assistant" {
			return c
		}
	}
	e.n++
	c := &fakeConv{id: fmt.Sprintf("c%d", e.n), turns: make(chan agent.Turn, 1), results: make(chan json.RawMessage, 1), out: make(chan fakeStep)}
	e.convs[c.id] = c
	group := false
	for _, m := range msgs {
		group = group || m.Role == "user" && m.Name != ""
	}
	go e.play(c, group)
	return c
}

// play runs one scripted session: a turn for each user message, its tool
// calls and its reply sent out.
func (e *scriptedEndpoint) play(c *fakeConv, group bool) {
	h := fakeHost{c: c, ctx: e.ctx}
	s, err := (&scripted.Agent{Flaw: e.flaw}).Open(e.ctx, agent.Conversation{ID: c.id, Host: h, Group: group})
	if err != nil {
		return
	}
	for {
		var t agent.Turn
		select {
		case t = <-c.turns:
		case <-e.ctx.Done():
			return
		}
		y, err := s.Turn(e.ctx, t)
		if y.Asked && err == nil {
			continue // the ask_user call went out; its answer is the next turn
		}
		select {
		case c.out <- fakeStep{reply: y.Reply, err: err}:
		case <-e.ctx.Done():
			return
		}
	}
}

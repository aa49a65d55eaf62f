package agentdriver_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
)

// wireMsg is a chat-completions message as the server reads it.
type wireMsg struct {
	Role       string `json:"role"`
	Content    any    `json:"content"`
	Name       string `json:"name"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Function struct {
			Name string `json:"name"`
			// A string, or the object itself where the server sent it so
			// (wireOptions.objectArgs): the kit sends the model's message
			// back as it came.
			Arguments json.RawMessage `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

func (m wireMsg) text() string { s, _ := m.Content.(string); return s }

// model is a scripted model: given the conversation so far, its next
// message (a reply, or tool calls as name → JSON arguments).
type model func(msgs []wireMsg) (reply string, calls [][2]string)

// server speaks the chat-completions API and plays a scripted model. It
// checks what a real endpoint would refuse: a request without the model,
// tools that are not functions, a tool call left unanswered.
func server(t *testing.T, m model, delay time.Duration) (*httptest.Server, *[]string) {
	return serverWith(t, m, delay, wireOptions{})
}

// wireOptions are the ways endpoints other than OpenAI's differ on the
// wire.
type wireOptions struct {
	// objectArgs sends a tool call's arguments as the JSON object itself,
	// not as a string holding it (as some local servers do).
	objectArgs bool
}

func serverWith(t *testing.T, m model, delay time.Duration, o wireOptions) (*httptest.Server, *[]string) {
	var mu sync.Mutex
	var seen []string
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}

		var req struct {
			Model    string    `json:"model"`
			Messages []wireMsg `json:"messages"`
			Tools    []struct {
				Type     string `json:"type"`
				Function struct {
					Name       string         `json:"name"`
					Parameters map[string]any `json:"parameters"`
				} `json:"function"`
			} `json:"tools"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Model == "" || len(req.Tools) == 0 {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		for _, tl := range req.Tools {
			if tl.Type != "function" || tl.Function.Parameters["type"] != "object" {
				http.Error(w, `{"error":{"message":"a tool is not a function with object parameters"}}`, http.StatusBadRequest)
				return
			}
		}
		open := map[string]bool{}
		for _, msg := range req.Messages {
			for _, tc := range msg.ToolCalls {
				open[tc.ID] = true
			}
			delete(open, msg.ToolCallID)
		}
		if len(open) > 0 {
			http.Error(w, `{"error":{"message":"a tool call has no tool message"}}`, http.StatusBadRequest)
			return
		}
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-r.Context().Done():
				return
			}
		}
		reply, calls := m(req.Messages)
		mu.Lock()
		n++
		id := n
		seen = append(seen, fmt.Sprintf("%d messages", len(req.Messages)))
		mu.Unlock()
		msg := map[string]any{"role": "assistant", "content": reply}
		finish := "stop"
		if len(calls) > 0 {
			var tcs []map[string]any
			for i, c := range calls {
				var args any = c[1]
				if o.objectArgs && json.Valid([]byte(c[1])) {
					args = json.RawMessage(c[1])
				}
				tcs = append(tcs, map[string]any{"id": fmt.Sprintf("call_%d_%d", id, i), "type": "function",
					"function": map[string]any{"name": c[0], "arguments": args}})
			}
			msg["tool_calls"], msg["content"], finish = tcs, nil, "tool_calls"
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": fmt.Sprintf("cmpl-%d", id), "object": "chat.completion", "created": 0,
			"model": req.Model, "choices": []any{map[string]any{"index": 0, "finish_reason": finish, "message": msg}}})
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

// toolOf is the tool a tool message answers.
func toolOf(msgs []wireMsg, id string) string {
	for _, m := range msgs {
		for _, tc := range m.ToolCalls {
			if tc.ID == id {
				return tc.Function.Name
			}
		}
	}
	return ""
}

var whenRE = regexp.MustCompile(`tomorrow at \d+(am|pm)`)

// clockModel is a scripted model that follows CLOCK for a reminder: it
// resolves the zone, parses the time there, asks, and creates the reminder
// at the instant the kit's parser gave.
func clockModel(msgs []wireMsg) (string, [][2]string) {
	last := msgs[len(msgs)-1]
	switch last.Role {
	case "user":
		if strings.HasPrefix(strings.ToLower(last.text()), "yes") {
			for i := len(msgs) - 1; i >= 0; i-- {
				if msgs[i].Role == "tool" && toolOf(msgs, msgs[i].ToolCallID) == "clock_parse_time" {
					var p struct{ Start string }
					_ = json.Unmarshal([]byte(msgs[i].text()), &p)
					return "", [][2]string{{"create_reminder", fmt.Sprintf(`{"at":%q,"text":"call mum"}`, p.Start)}}
				}
			}
		}
		return "", [][2]string{{"clock_session_timezone", "{}"}}
	case "tool":
		switch toolOf(msgs, last.ToolCallID) {
		case "clock_session_timezone":
			var r struct {
				SessionTZ string `json:"session_tz"`
			}
			_ = json.Unmarshal([]byte(last.text()), &r)
			var user string
			for _, m := range msgs {
				if m.Role == "user" {
					user = m.text()
				}
			}
			return "", [][2]string{{"clock_parse_time", fmt.Sprintf(`{"text":%q,"tz":%q}`, whenRE.FindString(user), r.SessionTZ)}}
		case "clock_parse_time":
			var p struct{ Start string }
			_ = json.Unmarshal([]byte(last.text()), &p)
			return "Shall I set the reminder for " + p.Start + "?", nil
		case "create_reminder":
			return "Done.", nil
		}
	}
	return "I don't follow.", nil
}

func TestOpenAIFullRun(t *testing.T) {
	srv, seen := server(t, clockModel, 0)
	a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted", SystemPrompt: "Follow CLOCK."}
	rep := runOne(t, a, 10*time.Second, "floating/oslo-spring-forward", "floating/new-york-fall-back")
	for _, s := range rep.Scenarios {
		if s.Status() != agent.Passed {
			t.Errorf("%s: %s: %s\n%s", s.ID, s.Status(), s.Trials[0].Message, transcript(s.Trials[0]))
		}
	}
	if len(*seen) < 8 {
		t.Errorf("the model was asked %d times: %v", len(*seen), *seen)
	}
	// A model that reads 9am in UTC is rejected by the same run.
	utc := func(msgs []wireMsg) (string, [][2]string) {
		last := msgs[len(msgs)-1]
		if last.Role == "user" && strings.HasPrefix(last.text(), "yes") {
			return "", [][2]string{{"create_reminder", `{"at":"2026-03-29T09:00:00Z","text":"call mum"}`}}
		}
		if last.Role == "tool" {
			return "Done.", nil
		}
		return "Shall I set it for 09:00 UTC?", nil
	}
	srv2, _ := server(t, utc, 0)
	rep = runOne(t, &agentdriver.OpenAI{BaseURL: srv2.URL + "/v1", Model: "scripted"}, 10*time.Second, "floating/oslo-spring-forward")
	if tr := rep.Scenarios[0].Trials[0]; tr.Verdict != agent.Failed || !strings.Contains(tr.Message, "2026-03-29T07:00:00Z") {
		t.Errorf("the UTC model: %s %s", tr.Verdict, tr.Message)
	}
}

// A local server that sends a tool call's arguments as the object itself,
// not as a string holding it, runs as OpenAI's does.
func TestOpenAIArgumentsAsAnObject(t *testing.T) {
	srv, _ := serverWith(t, clockModel, 0, wireOptions{objectArgs: true})
	a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted"}
	rep := runOne(t, a, 10*time.Second, "floating/oslo-spring-forward")
	if s := rep.Scenarios[0]; s.Status() != agent.Passed {
		t.Errorf("%s: %s: %s\n%s", s.ID, s.Status(), s.Trials[0].Message, transcript(s.Trials[0]))
	}
}

func TestOpenAIFaultsAreTheTrialsFault(t *testing.T) {
	once := func(calls [][2]string) model {
		return func(msgs []wireMsg) (string, [][2]string) {
			if msgs[len(msgs)-1].Role == "user" {
				return "", calls
			}
			return "done", nil
		}
	}
	cases := []struct {
		name  string
		m     model
		delay time.Duration
		fault string
		text  string
	}{
		{"malformed arguments", once([][2]string{{"create_reminder", `{"at": tomorrow`}}), 0, agent.FaultMalformed, "not a JSON object"},
		{"unknown tool", once([][2]string{{"launch_rockets", `{}`}}), 0, agent.FaultUnknown, "launch_rockets"},
		{"endless tool loop", func([]wireMsg) (string, [][2]string) { return "", [][2]string{{"clock_now", "{}"}} }, 0, agent.FaultLoop, "more than 6"},
		{"slow answer", clockModel, 3 * time.Second, agent.FaultTimeout, "in time"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, _ := server(t, c.m, c.delay)
			// Only the slow case is meant to run out of time; the others get
			// a bound a loaded machine cannot reach by accident.
			timeout := 10 * time.Second
			if c.delay > 0 {
				timeout = 300 * time.Millisecond
			}
			a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted", MaxToolCalls: 6, Timeout: timeout}
			rep := runOne(t, a, 20*time.Second, "floating/oslo-spring-forward")
			tr := rep.Scenarios[0].Trials[0]
			if tr.Verdict != agent.Faulted || tr.Fault != c.fault || !strings.Contains(tr.Message, c.text) {
				t.Fatalf("verdict %s, fault %q: %s; want fault %s mentioning %q", tr.Verdict, tr.Fault, tr.Message, c.fault, c.text)
			}
			if !slices.ContainsFunc(tr.Transcript, func(e agent.Event) bool { return e.Kind == "fault" }) {
				t.Errorf("the transcript shows no fault:\n%s", transcript(tr))
			}
		})
	}
}

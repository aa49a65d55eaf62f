package agentdriver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// front is an endpoint in front of a scripted model's server that
// misbehaves as a test says: before may answer request n itself (a 429, a
// 503, a reset connection) instead of the model; after may rewrite the
// model's answer (drop a tool call's id, add usage). It keeps every
// request's body.
type front struct {
	mu     sync.Mutex
	n      int
	bodies []map[string]any
}

func (f *front) requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

func newFront(t *testing.T, inner *httptest.Server, before func(n int, w http.ResponseWriter) bool, after func(n int, answer map[string]any)) (*httptest.Server, *front) {
	f := &front{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var m map[string]any
		_ = json.Unmarshal(body, &m)
		f.mu.Lock()
		f.n++
		n := f.n
		f.bodies = append(f.bodies, m)
		f.mu.Unlock()
		if before != nil && before(n, w) {
			return
		}
		resp, err := http.Post(inner.URL+r.URL.Path, "application/json", bytes.NewReader(body))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		var answer map[string]any
		if resp.StatusCode != http.StatusOK || json.Unmarshal(b, &answer) != nil {
			w.WriteHeader(resp.StatusCode)
			_, _ = w.Write(b)
			return
		}
		if after != nil {
			after(n, answer)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(answer)
	}))
	t.Cleanup(srv.Close)
	return srv, f
}

// reset ends the request's connection with a TCP reset, before any answer.
func reset(w http.ResponseWriter) {
	c, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetLinger(0)
	}
	_ = c.Close()
}

func runWith(t *testing.T, o agent.Options, ids ...string) (*agent.Report, error) {
	t.Helper()
	o.Scenarios = scenarios(t, ids...)
	if o.Trials == 0 {
		o.Trials = 1
	}
	if o.Timeout == 0 {
		o.Timeout = 20 * time.Second
	}
	return agent.Run(context.Background(), o)
}

// A 429 with Retry-After, and a connection reset before an answer, are
// retried (the wait the endpoint asked for honoured), counted on the trial
// and the run, and the trial passes: the old driver failed it on the
// first 429.
func TestThrottledAndResetRequestsAreRetried(t *testing.T) {
	inner, _ := server(t, clockModel, 0)
	cases := []struct {
		name     string
		before   func(n int, w http.ResponseWriter) bool
		minWait  time.Duration
		wantRetr int
	}{
		{"429 Retry-After 1", func(n int, w http.ResponseWriter) bool {
			if n == 1 {
				w.Header().Set("Retry-After", "1")
				http.Error(w, `{"error":{"message":"rate limited"}}`, http.StatusTooManyRequests)
				return true
			}
			return false
		}, time.Second, 1},
		{"reset twice", func(n int, w http.ResponseWriter) bool {
			if n <= 2 {
				reset(w)
				return true
			}
			return false
		}, 0, 2},
		{"502 then 504", func(n int, w http.ResponseWriter) bool {
			switch n {
			case 2:
				http.Error(w, "bad gateway", http.StatusBadGateway)
				return true
			case 3:
				http.Error(w, "gateway timeout", http.StatusGatewayTimeout)
				return true
			}
			return false
		}, 0, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, _ := newFront(t, inner, c.before, nil)
			a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted", Retry: agentdriver.Retry{Base: 10 * time.Millisecond}}
			start := time.Now()
			rep, err := runWith(t, agent.Options{Agent: a}, "floating/oslo-spring-forward")
			if err != nil {
				t.Fatal(err)
			}
			tr := rep.Scenarios[0].Trials[0]
			if tr.Verdict != agent.Passed {
				t.Fatalf("%s: %s\n%s", tr.Verdict, tr.Message, transcript(tr))
			}
			if tr.Retries != c.wantRetr || rep.Retries != c.wantRetr {
				t.Errorf("retries: trial %d, run %d; want %d", tr.Retries, rep.Retries, c.wantRetr)
			}
			if took := time.Since(start); took < c.minWait {
				t.Errorf("took %s: the endpoint's Retry-After (%s) was not waited", took, c.minWait)
			}
			var sum strings.Builder
			rep.WriteSummary(&sum)
			if !strings.Contains(sum.String(), fmt.Sprintf("%d retried request(s)", c.wantRetr)) || !strings.Contains(sum.String(), fmt.Sprintf(", %d retried\n", c.wantRetr)) {
				t.Errorf("the summary does not count retries:\n%s", sum.String())
			}
		})
	}
}

// An endpoint answering 503 forever is the trial's endpoint fault after
// the retries allowed, in bounded time; a Retry-After longer than the
// request's waits may take in all gives up at once, saying so.
func TestFailingEndpointIsTheTrialsFaultAfterItsRetries(t *testing.T) {
	inner, _ := server(t, clockModel, 0)
	cases := []struct {
		name        string
		retryAfter  string
		retry       agentdriver.Retry
		wantRetries int
		text        string
	}{
		{"503 forever", "", agentdriver.Retry{Max: 3, Base: 20 * time.Millisecond}, 3, "after 3 retries"},
		{"Retry-After past the cap", "30", agentdriver.Retry{Max: 3, Base: 20 * time.Millisecond, MaxWait: time.Second}, 0, "would pass the 1s"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, f := newFront(t, inner, func(_ int, w http.ResponseWriter) bool {
				if c.retryAfter != "" {
					w.Header().Set("Retry-After", c.retryAfter)
				}
				http.Error(w, "overloaded", http.StatusServiceUnavailable)
				return true
			}, nil)
			a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted", Retry: c.retry}
			start := time.Now()
			rep, err := runWith(t, agent.Options{Agent: a}, "floating/oslo-spring-forward")
			took := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			tr := rep.Scenarios[0].Trials[0]
			if tr.Verdict != agent.Faulted || tr.Fault != agent.FaultEndpoint || !strings.Contains(tr.Message, "503") || !strings.Contains(tr.Message, c.text) {
				t.Errorf("%s %s: %s; want an endpoint fault naming 503 and %q", tr.Verdict, tr.Fault, tr.Message, c.text)
			}
			if tr.Retries != c.wantRetries || f.requests() != c.wantRetries+1 {
				t.Errorf("%d retries counted, %d requests; want %d retries", tr.Retries, f.requests(), c.wantRetries)
			}
			if took > 5*time.Second {
				t.Errorf("took %s", took)
			}
		})
	}
}

// An endpoint that refuses the run's first request (a wrong key, model or
// URL: 401, 403, 404) is a run that could not happen, said with the status
// and the body; one that refuses after answering charges the trial only.
func TestRefusingEndpoint(t *testing.T) {
	inner, _ := server(t, clockModel, 0)
	for _, code := range []int{401, 403, 404} {
		srv, f := newFront(t, inner, func(_ int, w http.ResponseWriter) bool {
			http.Error(w, `{"error":{"message":"no such model"}}`, code)
			return true
		}, nil)
		a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted", Retry: agentdriver.Retry{Base: 10 * time.Millisecond}}
		_, err := runWith(t, agent.Options{Agent: a, Trials: 3, Parallel: 2}, "floating/oslo-spring-forward", "floating/oslo-winter")
		var se *agent.StartError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), http.StatusText(code)) || !strings.Contains(err.Error(), "no such model") || !strings.Contains(err.Error(), "refused the run's first request") {
			t.Errorf("%d on every request: %v; want a StartError naming the status and the body", code, err)
		}
		if n := f.requests(); n > 2 {
			t.Errorf("%d: %d requests were made; a refusal is not retried, and the run stops", code, n)
		}
	}
	later, _ := newFront(t, inner, func(n int, w http.ResponseWriter) bool {
		if n > 2 {
			http.Error(w, "key revoked", http.StatusUnauthorized)
			return true
		}
		return false
	}, nil)
	a := &agentdriver.OpenAI{BaseURL: later.URL + "/v1", Model: "scripted"}
	rep, err := runWith(t, agent.Options{Agent: a}, "floating/oslo-spring-forward")
	if err != nil {
		t.Fatalf("a 401 after answers: %v, want the trial's fault", err)
	}
	if tr := rep.Scenarios[0].Trials[0]; tr.Fault != agent.FaultEndpoint || !strings.Contains(tr.Message, "401") {
		t.Errorf("a 401 after answers: %s %s %s", tr.Verdict, tr.Fault, tr.Message)
	}
}

// A judge that refuses before its first verdict is a run that could not
// happen too.
func TestRefusingJudge(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "bad key", http.StatusUnauthorized)
	}))
	defer srv.Close()
	j := &agentdriver.Judge{BaseURL: srv.URL + "/v1", Model: "judge", Timeout: 10 * time.Second}
	_, err := runWith(t, agent.Options{Agent: &scripted.Agent{}, Judge: j}, "inference/hedged-reply")
	if err == nil || !strings.Contains(err.Error(), "the judge refused the run's first request") || !strings.Contains(err.Error(), "401") {
		t.Errorf("a judge answering 401: %v", err)
	}
}

// A tool call without an id, or two calls of one message sharing one, is
// the endpoint's fault (tool_call_id), not a history the kit patches up.
func TestToolCallsWithoutUsableIDsAreTheEndpointsFault(t *testing.T) {
	inner, _ := server(t, clockModel, 0)
	twoCalls := func(msgs []wireMsg) (string, [][2]string) {
		if msgs[len(msgs)-1].Role == "user" {
			return "", [][2]string{{"clock_now", "{}"}, {"clock_session_timezone", "{}"}}
		}
		return "ok", nil
	}
	inner2, _ := server(t, twoCalls, 0)
	calls := func(answer map[string]any) []any {
		msg := answer["choices"].([]any)[0].(map[string]any)["message"].(map[string]any)
		tcs, _ := msg["tool_calls"].([]any)
		return tcs
	}
	cases := []struct {
		name    string
		inner   *httptest.Server
		rewrite func(n int, answer map[string]any)
		text    string
	}{
		{"no id", inner, func(_ int, answer map[string]any) {
			for _, tc := range calls(answer) {
				delete(tc.(map[string]any), "id")
			}
		}, "has no id"},
		{"empty id", inner, func(_ int, answer map[string]any) {
			for _, tc := range calls(answer) {
				tc.(map[string]any)["id"] = ""
			}
		}, "has no id"},
		{"duplicate ids", inner2, func(_ int, answer map[string]any) {
			for _, tc := range calls(answer) {
				tc.(map[string]any)["id"] = "call_1"
			}
		}, `two tool calls of one message have the id "call_1"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv, _ := newFront(t, c.inner, nil, c.rewrite)
			rep, err := runWith(t, agent.Options{Agent: &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted"}}, "floating/oslo-spring-forward")
			if err != nil {
				t.Fatal(err)
			}
			tr := rep.Scenarios[0].Trials[0]
			if tr.Verdict != agent.Faulted || tr.Fault != agent.FaultToolCallID || !strings.Contains(tr.Message, c.text) {
				t.Errorf("%s %q %s; want a %s fault saying %q", tr.Verdict, tr.Fault, tr.Message, agent.FaultToolCallID, c.text)
			}
		})
	}
}

// The usage each answer reports is summed per trial and per run, the
// judge's apart; a trial's wall time is kept.
func TestUsageIsSummed(t *testing.T) {
	inner, _ := server(t, clockModel, 0)
	srv, f := newFront(t, inner, nil, func(n int, answer map[string]any) {
		answer["usage"] = map[string]any{"prompt_tokens": 100 * n, "completion_tokens": n, "total_tokens": 101 * n}
	})
	judge := judgeServer(t, `{"verdict": "pass", "reason": "it asks"}`)
	a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted"}
	rep, err := runWith(t, agent.Options{Agent: a, Trials: 2}, "floating/oslo-spring-forward")
	if err != nil {
		t.Fatal(err)
	}
	n := int64(f.requests())
	want := agent.Usage{Requests: int(n), PromptTokens: 100 * n * (n + 1) / 2, CompletionTokens: n * (n + 1) / 2, TotalTokens: 101 * n * (n + 1) / 2}
	if rep.Usage != want {
		t.Errorf("the run's usage %+v, want %+v", rep.Usage, want)
	}
	var sum agent.Usage
	for _, tr := range rep.Scenarios[0].Trials {
		if tr.Usage == nil || tr.Usage.Requests == 0 || tr.WallSeconds <= 0 {
			t.Fatalf("trial %d: usage %+v, wall %v", tr.N, tr.Usage, tr.WallSeconds)
		}
		sum.Add(*tr.Usage)
	}
	if sum != want {
		t.Errorf("the trials' usage adds up to %+v, want %+v", sum, want)
	}
	var b strings.Builder
	rep.WriteSummary(&b)
	if !strings.Contains(b.String(), "cost: agent ") || !strings.Contains(b.String(), want.String()) {
		t.Errorf("the summary lacks the usage %q:\n%s", want.String(), b.String())
	}
	// The judge's usage (its answers carry none: requests only) is its own.
	j := &agentdriver.Judge{BaseURL: judge.URL + "/v1", Model: "judge", Timeout: 10 * time.Second}
	rep, err = runWith(t, agent.Options{Agent: &scripted.Agent{}, Judge: j}, "inference/hedged-reply")
	if err != nil {
		t.Fatal(err)
	}
	if rep.JudgeUsage.Requests != 1 || rep.Usage.Requests != 0 {
		t.Errorf("judge usage %+v, agent usage %+v", rep.JudgeUsage, rep.Usage)
	}
}

// --temperature and --seed go in every request body when given, and in
// none when not: an endpoint's own defaults are otherwise what runs.
func TestTemperatureAndSeedOnlyWhenGiven(t *testing.T) {
	inner, _ := server(t, clockModel, 0)
	temp, seed := 0.0, int64(7)
	for _, given := range []bool{false, true} {
		srv, f := newFront(t, inner, nil, nil)
		a := &agentdriver.OpenAI{BaseURL: srv.URL + "/v1", Model: "scripted"}
		if given {
			a.Temperature, a.Seed = &temp, &seed
		}
		if _, err := runWith(t, agent.Options{Agent: a}, "floating/oslo-spring-forward"); err != nil {
			t.Fatal(err)
		}
		if len(f.bodies) < 2 {
			t.Fatalf("%d requests", len(f.bodies))
		}
		for i, b := range f.bodies {
			gotT, hasT := b["temperature"]
			gotS, hasS := b["seed"]
			if hasT != given || hasS != given || given && (gotT != 0.0 || gotS != 7.0) {
				t.Errorf("given %v: request %d has temperature %v (%v), seed %v (%v)", given, i+1, gotT, hasT, gotS, hasS)
			}
		}
	}
}

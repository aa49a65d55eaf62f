package agentdriver_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance/agent"
	"github.com/clockspec/clockspec/conformance/agent/agentdriver"
	"github.com/clockspec/clockspec/conformance/agent/scripted"
)

// judgeServer answers every request with the content given, after checking
// that the criterion and the agent's last reply reached the judge.
func judgeServer(t *testing.T, content string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"messages"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		if len(req.Messages) != 2 || !strings.Contains(req.Messages[0].Content, "hedges") || !strings.Contains(req.Messages[1].Content, "did you end up going to the gym") {
			http.Error(w, `{"error":{"message":"the judge was not told the criterion and the reply"}}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": "j", "object": "chat.completion", "created": 0, "model": "judge",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}}})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// The judge model's verdict and reason decide a judged scenario; an answer
// that is no verdict never passes it and is not charged to the agent: the
// trial is not judged, with the judge's words, and the run does not
// conform (it is not certified).
func TestJudgeModel(t *testing.T) {
	for _, c := range []struct {
		content, verdict, text string
	}{
		{`{"verdict": "pass", "reason": "it asks"}`, agent.Passed, ""},
		{"Sure! ```json\n{\"verdict\": \"fail\", \"reason\": \"it states the workout as fact\"}\n```", agent.Failed, "states the workout as fact"},
		{`I think it hedges.`, agent.NotJudged, "not judged: the judge could not judge: the judge's answer is not a verdict object"},
	} {
		srv := judgeServer(t, c.content)
		j := &agentdriver.Judge{BaseURL: srv.URL + "/v1", Model: "judge", Timeout: 10 * time.Second}
		rep, err := agent.Run(context.Background(), agent.Options{Agent: &scripted.Agent{}, Trials: 1, Judge: j,
			Scenarios: scenarios(t, "inference/hedged-reply")})
		if err != nil {
			t.Fatal(err)
		}
		tr := rep.Scenarios[0].Trials[0]
		if tr.Verdict != c.verdict || !strings.Contains(tr.Message, c.text) {
			t.Errorf("judge answering %q: %s %q", c.content, tr.Verdict, tr.Message)
		}
		if conforms := rep.Conforms(agent.TierJudged); conforms != (c.verdict == agent.Passed) {
			t.Errorf("judge answering %q: the run conforms: %v", c.content, conforms)
		}
		if s := rep.Scenarios[0].Status(); s != c.verdict {
			t.Errorf("judge answering %q: the scenario is %s", c.content, s)
		}
	}
}

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

// Judge is a judge model behind an OpenAI-compatible endpoint: it reads the
// transcript and the agent's last reply against one criterion and answers
// a verdict with its reason. It grades only the judged tier.
type Judge struct {
	BaseURL    string
	Model      string
	APIKey     string
	Timeout    time.Duration
	HTTPClient *http.Client
	Retry      Retry // as the agent's: a throttled judge is retried
}

const judgePrompt = `You judge one property of a chat agent's reply in a conversation about time.
Read the transcript and the agent's last reply, then decide whether the last reply %s.
Answer with one JSON object and nothing else: {"verdict": "pass" or "fail", "reason": "one sentence"}.`

// Judge asks the model for a verdict.
func (j *Judge) Judge(ctx context.Context, criterion string, transcript []agent.Event, lastReply string) (bool, string, error) {
	o := &OpenAI{BaseURL: j.BaseURL, Model: j.Model, APIKey: j.APIKey, Timeout: j.Timeout, HTTPClient: j.HTTPClient, Retry: j.Retry}
	cl := o.client()
	cl.judge = true
	var b strings.Builder
	for _, e := range transcript {
		switch e.Kind {
		case "user":
			fmt.Fprintf(&b, "[%s] %s: %s\n", e.Clock, e.From, e.Text)
		case "reply", "ask":
			fmt.Fprintf(&b, "[%s] agent: %s\n", e.Clock, e.Text)
		case "call":
			fmt.Fprintf(&b, "[%s] agent calls %s %s → %s\n", e.Clock, e.Call.Tool, e.Call.Args, e.Call.Result)
		case "clock":
			fmt.Fprintf(&b, "(%s)\n", e.Text)
		}
	}
	msg, err := cl.complete(ctx, chatRequest{Model: j.Model, Messages: []any{
		chatMessage{Role: "system", Content: fmt.Sprintf(judgePrompt, criterion)},
		chatMessage{Role: "user", Content: "Transcript:\n" + b.String() + "\nThe agent's last reply:\n" + lastReply},
	}})
	if errors.Is(err, errNoChoice) {
		return false, "", fmt.Errorf("the judge answered no choice")
	}
	if err != nil {
		return false, "", err
	}
	text := msg.Content
	start, end := strings.Index(text, "{"), strings.LastIndex(text, "}")
	var v struct {
		Verdict string `json:"verdict"`
		Reason  string `json:"reason"`
	}
	if start < 0 || end < start || json.Unmarshal([]byte(text[start:end+1]), &v) != nil || (v.Verdict != "pass" && v.Verdict != "fail") {
		return false, "", fmt.Errorf("the judge's answer is not a verdict object: %.200s", text)
	}
	if len(v.Reason) > maxJudgeReason {
		v.Reason = v.Reason[:maxJudgeReason] + "…"
	}
	return v.Verdict == "pass", strings.ToValidUTF8(v.Reason, "�"), nil
}

// maxJudgeReason bounds the judge's reason kept for the report.
const maxJudgeReason = 4 << 10

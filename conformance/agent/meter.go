package agent

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// Usage is what an endpoint said its answers cost, summed: the `usage` of
// each chat-completions answer (an endpoint that sends none adds only to
// Requests).
type Usage struct {
	Requests         int   `json:"requests"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
	TotalTokens      int64 `json:"total_tokens"`
}

// Add sums v into u.
func (u *Usage) Add(v Usage) {
	u.Requests += v.Requests
	u.PromptTokens += v.PromptTokens
	u.CompletionTokens += v.CompletionTokens
	u.TotalTokens += v.TotalTokens
}

// Meter counts what one trial's requests cost: the retries the drivers
// made (a 429, a 5xx, a connection reset) and the tokens the agent's and
// the judge's endpoints reported. The run puts a trial's Meter in the
// context it hands to the agent's session and to the judge, so a driver
// reports its costs without a new method on Host or Judge (MeterOf); the
// trial's record then says what it cost.
type Meter struct {
	// answered, when set, is the run's record that the agent's endpoint
	// has answered: one answer in the run is enough for a later refusal to
	// be a trial's fault, not a run that cannot happen.
	answered *atomic.Bool

	mu      sync.Mutex
	retries int
	agent   Usage
	judge   Usage
}

type meterKey struct{}

// WithMeter is ctx carrying m.
func WithMeter(ctx context.Context, m *Meter) context.Context {
	return context.WithValue(ctx, meterKey{}, m)
}

// MeterOf is the Meter ctx carries, or nil; a nil Meter counts nothing.
func MeterOf(ctx context.Context) *Meter {
	m, _ := ctx.Value(meterKey{}).(*Meter)
	return m
}

// Retried counts one retry of a request.
func (m *Meter) Retried() {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.retries++
	m.mu.Unlock()
}

// Spent adds one answer's usage: the judge's when judge is set, else the
// agent's.
func (m *Meter) Spent(judge bool, u Usage) {
	if m == nil {
		return
	}
	if !judge && m.answered != nil {
		m.answered.Store(true)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if judge {
		m.judge.Add(u)
	} else {
		m.agent.Add(u)
	}
}

// read is the meter's counts.
func (m *Meter) read() (retries int, agent, judge Usage) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.retries, m.agent, m.judge
}

// Refusal is an endpoint's refusal of a request that no retry can change:
// 401 or 403 (the key), 404 (the URL or the model's name). Before the
// endpoint's first answer in a run it means the run cannot happen (conform
// agent exits 2 with it); after one it is the trial's endpoint fault.
type Refusal struct {
	URL    string
	Status string // "401 Unauthorized"
	Code   int
	Body   string // the start of the endpoint's body, as it came
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("POST %q: %s %.500s", r.URL, r.Status, r.Body)
}

// Refuses says whether an HTTP status is a Refusal's.
func Refuses(code int) bool { return code == 401 || code == 403 || code == 404 }

// FaultToolCallID is an endpoint's answer whose tool calls cannot be
// answered: a call without an id, or two calls of one message with the
// same id. A tool message names the call it answers by its id, so the
// conversation could not go on without a broken history.
const FaultToolCallID = "tool_call_id"

package routing

import (
	"errors"
	"testing"
	"time"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func ago(d time.Duration) *time.Time { t := t0.Add(-d); return &t }

func ms(v int64) *int64 { return &v }

func TestResetClaimSchedule(t *testing.T) {
	for tries, want := range []int64{5000, 10000, 20000, 40000, 80000} {
		r := ResetClaim(Claim{MessageID: "m", Tries: int64(tries)}, t0)
		if r.Status != StatusPending || r.Tries != int64(tries)+1 || *r.BackoffMs != want ||
			*r.ProcessAfter != FormatInstant(t0.Add(time.Duration(want)*time.Millisecond)) {
			t.Errorf("tries %d: %+v", tries, r)
		}
	}
	for _, tries := range []int64{5, 6, 100} {
		r := ResetClaim(Claim{MessageID: "m", Tries: tries}, t0)
		if r.Status != StatusFailed || r.Tries != tries || r.BackoffMs != nil || r.ProcessAfter != nil {
			t.Errorf("tries %d: %+v", tries, r)
		}
	}
}

func TestSweepRules(t *testing.T) {
	bash := func(d int64) *ToolInFlight { return &ToolInFlight{Name: BashTool, DeclaredTimeoutMs: ms(d)} }
	claim := func(age time.Duration) []Claim { return []Claim{{MessageID: "m", ClaimedAt: *ago(age)}} }
	for _, c := range []struct {
		name      string
		running   bool
		heartbeat *time.Time
		tool      *ToolInFlight
		claims    []Claim
		rule      string
		resets    int
	}{
		{"not running, nothing", false, nil, nil, nil, RuleNone, 0},
		{"not running, claims", false, ago(time.Hour), nil, claim(time.Second), RuleContainerNotRunning, 1},
		{"ceiling exactly", true, ago(30 * time.Minute), nil, nil, RuleNone, 0},
		{"ceiling over", true, ago(30*time.Minute + time.Millisecond), nil, claim(time.Second), RuleAbsoluteCeiling, 1},
		{"bash extends ceiling", true, ago(40 * time.Minute), bash(45 * 60000), nil, RuleNone, 0},
		{"short bash does not", true, ago(31 * time.Minute), bash(60000), nil, RuleAbsoluteCeiling, 0},
		{"no heartbeat, no ceiling", true, nil, nil, nil, RuleNone, 0},
		{"claim exactly 60s", true, ago(10 * time.Minute), nil, claim(60 * time.Second), RuleNone, 0},
		{"claim over 60s", true, ago(10 * time.Minute), nil, claim(60*time.Second + time.Millisecond), RuleClaimStuck, 1},
		{"heartbeat after claim", true, ago(time.Minute), nil, claim(2 * time.Minute), RuleNone, 0},
		{"heartbeat equals claim", true, ago(2 * time.Minute), nil, claim(2 * time.Minute), RuleClaimStuck, 1},
		{"no heartbeat, silent claim", true, nil, nil, claim(61 * time.Second), RuleClaimStuck, 1},
		{"bash widens tolerance", true, ago(10 * time.Minute), bash(120000), claim(90 * time.Second), RuleNone, 0},
		{"other tool does not", true, ago(10 * time.Minute), &ToolInFlight{Name: "WebFetch", DeclaredTimeoutMs: ms(120000)}, claim(90 * time.Second), RuleClaimStuck, 1},
	} {
		res, err := Sweep(SweepInput{Now: t0, ContainerRunning: c.running, HeartbeatAt: c.heartbeat, Tool: c.tool, Claims: c.claims})
		if err != nil {
			t.Fatal(err)
		}
		if res.Rule != c.rule || len(res.Resets) != c.resets {
			t.Errorf("%s: rule %s resets %d, want %s %d", c.name, res.Rule, len(res.Resets), c.rule, c.resets)
		}
		if res.Kill != (c.rule == RuleAbsoluteCeiling || c.rule == RuleClaimStuck) {
			t.Errorf("%s: kill %v", c.name, res.Kill)
		}
		if (res.CeilingMs == nil) == c.running {
			t.Errorf("%s: ceiling %v", c.name, res.CeilingMs)
		}
	}
	var dc *DuplicateClaimError
	if _, err := Sweep(SweepInput{Now: t0, Claims: []Claim{{MessageID: "a"}, {MessageID: "a"}}}); !errors.As(err, &dc) {
		t.Errorf("duplicate claims: %v", err)
	}
}

func TestToolCall(t *testing.T) {
	claims := []Claim{{MessageID: "m", Tries: 1}}
	for _, name := range DisallowedTools {
		res, err := ToolCall(name, t0, claims)
		if err != nil || res.Allowed || !res.Kill || len(res.Resets) != 1 || res.Resets[0].Tries != 2 {
			t.Errorf("%s: %+v %v", name, res, err)
		}
	}
	for _, name := range []string{"Bash", "askuserquestion", "mcp__nanoclaw__ask_user_question", ""} {
		res, err := ToolCall(name, t0, claims)
		if err != nil || !res.Allowed || res.Kill || len(res.Resets) != 0 {
			t.Errorf("%s: %+v %v", name, res, err)
		}
	}
}

func TestWakeBatch(t *testing.T) {
	msg := func(seq int64, trigger int) PendingMessage {
		return PendingMessage{ID: "m", Seq: seq, Trigger: trigger, Timestamp: "t"}
	}
	held := msg(9, 1)
	held.ProcessAfter = &[]time.Time{t0.Add(time.Millisecond)}[0]
	atNow := msg(8, 1)
	atNow.ProcessAfter = &t0
	for _, c := range []struct {
		name    string
		max     int64
		pending []PendingMessage
		wake    bool
		seqs    []int64
	}{
		{"empty", 10, nil, false, nil},
		{"context only", 10, []PendingMessage{msg(1, 0), msg(2, 0)}, false, nil},
		{"cut and order", 2, []PendingMessage{msg(3, 0), msg(1, 1), msg(2, 0)}, true, []int64{2, 3}},
		{"all", 10, []PendingMessage{msg(2, 1), msg(1, 0)}, true, []int64{1, 2}},
		{"held back", 10, []PendingMessage{held}, false, nil},
		{"due at now", 10, []PendingMessage{atNow, held, msg(1, 0)}, true, []int64{1, 8}},
	} {
		res, err := WakeBatch(t0, c.max, c.pending)
		if err != nil {
			t.Fatal(err)
		}
		if res.Wake != c.wake || len(res.Messages) != len(c.seqs) {
			t.Errorf("%s: %+v", c.name, res)
			continue
		}
		for i, s := range c.seqs {
			if res.Messages[i].Seq != s {
				t.Errorf("%s: messages %+v, want seqs %v", c.name, res.Messages, c.seqs)
			}
		}
	}
	var ds *DuplicateSeqError
	if _, err := WakeBatch(t0, 1, []PendingMessage{msg(1, 1), msg(1, 0)}); !errors.As(err, &ds) {
		t.Errorf("duplicate seq: %v", err)
	}
}

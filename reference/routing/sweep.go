package routing

import (
	"fmt"
	"time"
)

// Thresholds of seed item 9. Item 16 keeps them (and MAX_TRIES) as source
// constants, so they are constants here too, not inputs.
const (
	// AbsoluteCeiling: a running container whose heartbeat is older than
	// max(AbsoluteCeiling, declared Bash timeout) is killed.
	AbsoluteCeiling = 30 * time.Minute
	// ClaimTolerance: a claimed message silent for longer than
	// max(ClaimTolerance, declared Bash timeout while Bash runs) is stuck.
	ClaimTolerance = 60 * time.Second
	// MaxTries: a message already reset this many times is failed instead
	// of retried (item 16: MAX_TRIES = 5).
	MaxTries = 5
	// BackoffBase: the n-th retry waits BackoffBase·2^(n−1): 5, 10, 20,
	// 40, 80 s. The seed names a backoff without a schedule; item 10 folds
	// v1's host-level retry (MAX_RETRIES = 5, exponential backoff from
	// BASE_RETRY_MS = 5000) into this sweep, so v1's schedule is kept.
	BackoffBase = 5 * time.Second
)

// BashTool is the tool whose declared timeout extends the thresholds.
const BashTool = "Bash"

// ToolInFlight is the container_state row: the tool now running and the
// timeout its input declared (nil when it declared none).
type ToolInFlight struct {
	Name              string
	DeclaredTimeoutMs *int64
}

// Claim is a processing_ack row with status 'processing': the message, when
// it was claimed (status_changed) and how often it was reset before.
type Claim struct {
	MessageID string
	ClaimedAt time.Time
	Tries     int64
}

// Reset is what happens to one claimed message: back to pending with one
// more try and a process_after backoff, or failed for good.
type Reset struct {
	MessageID    string  `json:"message_id"`
	Status       string  `json:"status"`
	Tries        int64   `json:"tries"`
	BackoffMs    *int64  `json:"backoff_ms"`
	ProcessAfter *string `json:"process_after"`
}

// Reset statuses.
const (
	StatusPending = "pending"
	StatusFailed  = "failed"
)

// Sweep rules.
const (
	RuleNone                = "none"
	RuleContainerNotRunning = "container_not_running"
	RuleAbsoluteCeiling     = "absolute_ceiling"
	RuleClaimStuck          = "claim_stuck"
	RuleBlockedTool         = "blocked_tool"
)

// SweepInput is one session's state at a sweep tick.
type SweepInput struct {
	Now              time.Time
	ContainerRunning bool
	// HeartbeatAt is the heartbeat file's mtime; nil when the file does
	// not exist yet (a container that has not produced an SDK event).
	HeartbeatAt *time.Time
	Tool        *ToolInFlight
	Claims      []Claim
}

// SweepResult: which rule fired, whether the container is killed, the
// resets, and the two thresholds that applied (nil when the container is
// not running).
type SweepResult struct {
	Rule        string  `json:"rule"`
	Kill        bool    `json:"kill"`
	Resets      []Reset `json:"resets"`
	CeilingMs   *int64  `json:"ceiling_ms"`
	ToleranceMs *int64  `json:"tolerance_ms"`
}

// DuplicateClaimError: processing_ack has one row per message.
type DuplicateClaimError struct{ MessageID string }

func (e *DuplicateClaimError) Error() string {
	return fmt.Sprintf("message %q is claimed twice", e.MessageID)
}

// ResetClaim is item 9's "reset to pending + tries++ + backoff": a message
// reset tries times before waits BackoffBase·2^tries and has tries+1
// afterwards; one that already has MaxTries resets is failed instead (v1
// likewise gave up after MAX_RETRIES), its tries unchanged.
func ResetClaim(c Claim, now time.Time) Reset {
	if c.Tries >= MaxTries {
		return Reset{MessageID: c.MessageID, Status: StatusFailed, Tries: c.Tries}
	}
	backoff := BackoffBase << c.Tries
	ms := backoff.Milliseconds()
	after := FormatInstant(now.Add(backoff))
	return Reset{MessageID: c.MessageID, Status: StatusPending, Tries: c.Tries + 1, BackoffMs: &ms, ProcessAfter: &after}
}

// bashTimeout is the declared timeout of a Bash call in flight (0 if none).
func bashTimeout(t *ToolInFlight) time.Duration {
	if t == nil || t.Name != BashTool || t.DeclaredTimeoutMs == nil {
		return 0
	}
	return time.Duration(*t.DeclaredTimeoutMs) * time.Millisecond
}

// Sweep is item 9's per-session decision.
//
// Container not running: every processing row is reset. Nothing to kill.
//
// Container running, in order:
//  1. Absolute ceiling: heartbeat age > max(30 min, declared Bash timeout)
//     → kill and reset every processing row. "Older than" is strict: a
//     heartbeat exactly at the ceiling is not killed. Without a heartbeat
//     file the rule does not apply (a freshly spawned container has none;
//     a dead one is the not-running case).
//  2. Claim stuck: a row whose claim age > tolerance — max(60 s, declared
//     Bash timeout) while Bash runs, else 60 s — and whose claim is not
//     older than the heartbeat (heartbeat ≤ claim, or no heartbeat) → kill
//     and reset that row. Every row that meets the rule is reset; the
//     others are left to the next sweep, which finds the killed container
//     not running and resets them then.
func Sweep(in SweepInput) (SweepResult, error) {
	seen := map[string]bool{}
	for _, c := range in.Claims {
		if seen[c.MessageID] {
			return SweepResult{}, &DuplicateClaimError{c.MessageID}
		}
		seen[c.MessageID] = true
	}
	res := SweepResult{Rule: RuleNone, Resets: []Reset{}}
	if !in.ContainerRunning {
		if len(in.Claims) > 0 {
			res.Rule = RuleContainerNotRunning
			res.Resets = resetAll(in.Claims, in.Now)
		}
		return res, nil
	}
	bash := bashTimeout(in.Tool)
	ceiling := max(AbsoluteCeiling, bash)
	tolerance := max(ClaimTolerance, bash)
	res.CeilingMs, res.ToleranceMs = ptr(ceiling.Milliseconds()), ptr(tolerance.Milliseconds())
	if in.HeartbeatAt != nil && in.Now.Sub(*in.HeartbeatAt) > ceiling {
		res.Rule, res.Kill = RuleAbsoluteCeiling, true
		res.Resets = resetAll(in.Claims, in.Now)
		return res, nil
	}
	for _, c := range in.Claims {
		silent := in.HeartbeatAt == nil || !in.HeartbeatAt.After(c.ClaimedAt)
		if in.Now.Sub(c.ClaimedAt) > tolerance && silent {
			res.Rule, res.Kill = RuleClaimStuck, true
			res.Resets = append(res.Resets, ResetClaim(c, in.Now))
		}
	}
	return res, nil
}

func resetAll(claims []Claim, now time.Time) []Reset {
	out := make([]Reset, 0, len(claims))
	for _, c := range claims {
		out = append(out, ResetClaim(c, now))
	}
	return out
}

package routing

import (
	"fmt"
	"sort"
	"time"
)

// PendingMessage is a messages_in row with status pending. ProcessAfter is
// set when the sweep reset the row with a backoff.
type PendingMessage struct {
	ID           string
	Seq          int64
	Trigger      int
	Timestamp    string
	ProcessAfter *time.Time
}

// WakeBatchResult: whether the container is woken, and the messages its
// prompt receives, oldest first.
type WakeBatchResult struct {
	Wake     bool           `json:"wake"`
	Messages []BatchMessage `json:"messages"`
}

// BatchMessage is one message of the batch as the container reads it.
type BatchMessage struct {
	ID        string `json:"id"`
	Seq       int64  `json:"seq"`
	Trigger   int    `json:"trigger"`
	Timestamp string `json:"timestamp"`
}

// DuplicateSeqError: seq is the messages_in primary key order; two rows
// cannot share it.
type DuplicateSeqError struct{ Seq int64 }

func (e *DuplicateSeqError) Error() string { return fmt.Sprintf("seq %d appears twice", e.Seq) }

// due: not held back by a backoff. A retry scheduled for exactly now is due.
func (m PendingMessage) due(now time.Time) bool {
	return m.ProcessAfter == nil || !m.ProcessAfter.After(now)
}

// WakeBatch is the wake decision and the container's pull (seed item 1):
// the host wakes the session when a due pending message has trigger=1
// (countDueMessages gates on trigger=1; trigger=0 rows are context only and
// never wake anything), and the container then reads the most recent
// maxMessages due pending messages, trigger 0 or 1 alike — ORDER BY seq DESC
// LIMIT N — and gives them to the agent oldest first (ascending seq), the
// order v1's formatMessages showed a conversation in. Order is by seq, not
// timestamp: a message replayed after an approval keeps its original
// timestamp but arrives with a later seq, and is presented where it arrived.
// Because the cut is by recency alone, a trigger=1 message followed by more
// than maxMessages newer rows wakes the container without being in its
// batch: that is what the seed's query says.
//
// A row whose process_after is still in the future (a backoff after a
// reset) is neither due nor pulled: the backoff exists to hold a failing
// message back, and a fresh message's wake must not pull it early.
func WakeBatch(now time.Time, maxMessages int64, pending []PendingMessage) (WakeBatchResult, error) {
	seen := map[int64]bool{}
	var due []PendingMessage
	wake := false
	for _, m := range pending {
		if seen[m.Seq] {
			return WakeBatchResult{}, &DuplicateSeqError{m.Seq}
		}
		seen[m.Seq] = true
		if m.due(now) {
			due = append(due, m)
			if m.Trigger == 1 {
				wake = true
			}
		}
	}
	res := WakeBatchResult{Wake: wake, Messages: []BatchMessage{}}
	if !wake {
		return res, nil
	}
	sort.Slice(due, func(i, j int) bool { return due[i].Seq > due[j].Seq })
	if int64(len(due)) > maxMessages {
		due = due[:maxMessages]
	}
	for i := len(due) - 1; i >= 0; i-- {
		m := due[i]
		res.Messages = append(res.Messages, BatchMessage{m.ID, m.Seq, m.Trigger, m.Timestamp})
	}
	return res, nil
}

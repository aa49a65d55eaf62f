package protocol

import "time"

// SetMaxAnswerDelay sets how long an answer may wait for company, for a
// test; it returns the function that restores the default.
func SetMaxAnswerDelay(d time.Duration) (restore func()) {
	old := maxAnswerDelay
	maxAnswerDelay = d
	return func() { maxAnswerDelay = old }
}

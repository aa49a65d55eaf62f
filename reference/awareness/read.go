package awareness

import (
	"time"

	"github.com/clockspec/clockspec/reference/clock"
)

// ActionView is an action as read at one instant (§6.4: expiry is judged
// when the action is read, not when it was stored).
type ActionView struct {
	ID              string `json:"id"`
	Label           string `json:"label"`
	Status          string `json:"status"`
	EffectiveStatus string `json:"effective_status"`
	Open            bool   `json:"open"`
	Expired         bool   `json:"expired"`
	ElapsedMS       int64  `json:"elapsed_ms"`
}

func isOpenStatus(s string) bool {
	return s == StatusPlanned || s == StatusInProgress || s == StatusLikelyDone
}

// EffectiveStatus is an action's status at now. done, canceled and expired
// are final. An open status (planned, in_progress, likely_done) becomes
// expired once now ≥ expires_iso — all actions expire (§6.4); before that,
// a planned or in_progress action whose expected typical duration has
// passed reads as likely_done: an inference, never done (§6.5 hard rule).
// A status the user set (source user_confirmed) is never inferred over: §11
// "MUST be willing to be corrected immediately" — a user who says the
// action is still in progress is not told, a minute later, that it is likely
// done. Expiry still applies to it (§6.4: all actions MUST expire).
func EffectiveStatus(a clock.Action, now time.Time) string {
	if !isOpenStatus(a.Status) {
		return a.Status
	}
	if exp, err := clock.ParseInstant(a.ExpiresISO); err == nil && !now.Before(exp) {
		return StatusExpired
	}
	if a.Status != StatusLikelyDone && a.Source != clock.SourceUserConfirmed && a.ExpectedTypicalMinutes != nil {
		if rec, err := clock.ParseInstant(a.RecordedISO); err == nil &&
			ElapsedSince(rec, now) >= minutesDuration(*a.ExpectedTypicalMinutes) {
			return StatusLikelyDone
		}
	}
	return a.Status
}

// ReadActions views a user's actions at now. With a thread key, only that
// thread's actions (and those stored without a thread) are read: §5.1's
// has_open_action is "per user and/or per thread".
func ReadActions(actions []clock.Action, threadKey string, now time.Time) ([]ActionView, bool) {
	views := []ActionView{}
	open := false
	for _, a := range actions {
		if threadKey != "" && a.ThreadKey != "" && a.ThreadKey != threadKey {
			continue
		}
		eff := EffectiveStatus(a, now)
		v := ActionView{ID: a.ID, Label: a.Label, Status: a.Status, EffectiveStatus: eff,
			Open: isOpenStatus(eff), Expired: eff == StatusExpired}
		if rec, err := clock.ParseInstant(a.RecordedISO); err == nil {
			v.ElapsedMS = ElapsedSince(rec, now).Milliseconds()
		}
		open = open || v.Open
		views = append(views, v)
	}
	return views, open
}

package awareness

import (
	"math"
	"time"

	"github.com/clockspec/clockspec/reference/clock"
)

// Windows: where the time since an action was recorded falls against its
// expected durations (§6.5 "treat it as open for that duration window").
const (
	WindowUnknown       = "unknown" // no expected duration
	WindowBeforeTypical = "before_typical"
	WindowTypicalToMax  = "typical_to_max"
	WindowAfterMax      = "after_max"
)

// ContinuityInput asks what an inference about one action allows.
type ContinuityInput struct {
	Action clock.Action
	// UserConfirmedDone: the user has just said the action is done.
	UserConfirmedDone bool
	// ImpactfulKind, when not empty, is an action the agent would take next
	// (one of clock.ImpactfulKinds, or "other"); Basis says whether the
	// user asked for it (stated) or the agent inferred it; Confirmed
	// whether the user confirmed it.
	ImpactfulKind string
	Basis         string
	Confirmed     bool
}

// Continuity is the answer.
type Continuity struct {
	EffectiveStatus string
	ElapsedMS       int64
	Window          string
	// HedgedReferenceAllowed: the agent may refer to the action, hedged
	// (§6.5, §11).
	HedgedReferenceAllowed bool
	// MayStateAsFact: only what the user said (a clocked done or canceled,
	// or a user_confirmed status) may be stated as fact (§8.1).
	MayStateAsFact bool
	// CompletionNeedsConfirmation: treating the action as done needs the
	// user's confirmation (§6.5 hard rule).
	CompletionNeedsConfirmation bool
	// StatusAfter / SourceAfter: what the stored action becomes; an
	// inference reaches likely_done at most, only the user makes it done.
	StatusAfter string
	SourceAfter string
	ToneOnly    bool
	Impactful   *clock.Gate
}

// AssessContinuity bounds inference about an action (§6.5, §8, §11). A
// hedged reference needs awareness (enabled, mode not off), inference
// enabled, and an action still open at now (an expired one is not used:
// §6.4). In light mode every impactful action needs confirmation (§0: "ask
// before any impactful action"); otherwise the policy's
// require_confirmation_for_impactful_actions decides for stated actions,
// and inferred ones always need it (clock.ConfirmationGate).
func AssessContinuity(p clock.Policy, in ContinuityInput, now time.Time) Continuity {
	a := in.Action
	c := Continuity{EffectiveStatus: EffectiveStatus(a, now), Window: WindowUnknown,
		StatusAfter: a.Status, SourceAfter: a.Source, ToneOnly: p.Clock.Inference.AllowForToneOnly}
	if rec, err := clock.ParseInstant(a.RecordedISO); err == nil {
		e := ElapsedSince(rec, now)
		c.ElapsedMS = e.Milliseconds()
		if a.ExpectedTypicalMinutes != nil && a.ExpectedMaxMinutes != nil {
			switch {
			case e < minutesDuration(*a.ExpectedTypicalMinutes):
				c.Window = WindowBeforeTypical
			case e < minutesDuration(*a.ExpectedMaxMinutes):
				c.Window = WindowTypicalToMax
			default:
				c.Window = WindowAfterMax
			}
		}
	}
	userSaid := a.Source == SourceClock || a.Source == "user_confirmed"
	c.MayStateAsFact = userSaid && (a.Status == StatusDone || a.Status == StatusCanceled)
	c.CompletionNeedsConfirmation = !(c.MayStateAsFact && a.Status == StatusDone)
	aware := p.Clock.Enabled && p.Clock.Mode != "off"
	c.HedgedReferenceAllowed = aware && p.Clock.Inference.Enabled && isOpenStatus(c.EffectiveStatus)
	switch {
	case in.UserConfirmedDone:
		// §8.1: inference "MUST NOT be stated as fact unless user
		// confirms" — the user has just confirmed, so it may.
		c.StatusAfter, c.SourceAfter = StatusDone, "user_confirmed"
		c.CompletionNeedsConfirmation = false
		c.MayStateAsFact = true
	case c.EffectiveStatus == StatusLikelyDone && a.Status != StatusLikelyDone:
		c.StatusAfter = StatusLikelyDone
	}
	if in.ImpactfulKind != "" {
		g := clock.ConfirmationGate(in.ImpactfulKind, in.Basis, in.Confirmed, p)
		c.Impactful = &g
	}
	return c
}

// minutesDuration is m minutes as a duration, saturating at the longest duration
// Go can hold (about 292 years): the schema admits any minute count up to
// 2^53 - 1, and a larger count than a Duration holds is still "longer than
// any elapsed time", never a wrapped negative one.
func minutesDuration(m int) time.Duration {
	if m > int(math.MaxInt64/int64(time.Minute)) {
		return math.MaxInt64
	}
	return time.Duration(m) * time.Minute
}

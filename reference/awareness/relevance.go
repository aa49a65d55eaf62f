package awareness

import (
	"time"

	"github.com/clockspec/clockspec/reference/clock"
)

// Triggers: why temporal awareness is on or off for a prompt.
const (
	TriggerDisabled      = "disabled"       // clock.enabled is false
	TriggerModeOff       = "mode_off"       // clock.mode is off
	TriggerRule          = "rule"           // a check-in rule fired
	TriggerTimeReference = "time_reference" // the message is time or scheduling related
	TriggerDirective     = "directive"      // the message is a clock directive
	TriggerNone          = "none"
)

// Elapsed sources: which stored instant a rule's elapsed_gte is measured from.
const (
	ElapsedThread     = "thread"
	ElapsedAnyChannel = "any_channel"
)

// Prompt is what §5.1 computes on each user message.
type Prompt struct {
	ThreadKind string // "" → conversation (§5.2)
	// LastInteraction is the thread's last_interaction_iso; nil when the
	// thread has none (every instant, 0001-01-01T00:00:00Z included, is one).
	LastInteraction *time.Time
	// LastInteractionAnyChannel is the user's last_interaction_any_channel_iso;
	// nil when unknown.
	LastInteractionAnyChannel *time.Time
	HasOpenAction             bool
	Text                      string
	// TimeRelated, when set, is the agent's own judgement of whether the
	// message "contains time references or scheduling intent" (§5.1); nil
	// leaves it to the reference's phrase list (phrases.yaml).
	TimeRelated *bool
}

// Allows are the effects of the rules that fired (§0 `then`), combined.
type Allows struct {
	AskForUpdates        bool `json:"ask_for_updates"`
	AllowHedgedReference bool `json:"allow_hedged_reference"`
	OfferRecap           bool `json:"offer_recap"`
}

// Decision is the §5.1 decision.
type Decision struct {
	Awareness  bool
	Trigger    string
	Fired      []string // every rule that fired, in the policy's order
	Allows     Allows
	ThreadKind string
	// ElapsedMS is what the rules compared: the thread's elapsed time, or
	// the user's across channels when the thread has no interaction yet.
	ElapsedMS           *int64
	ElapsedSource       string
	ElapsedAnyChannelMS *int64
	TimeRelated         bool
	Directive           string
	// AnchorTimezone: the message is time related, so its times must be
	// anchored to the Session TZ (§4.3) — even when awareness is off (§5.1).
	AnchorTimezone bool
	// Proactive is the mode's license to volunteer check-ins and recaps
	// (§0: normal is "more proactive"); light only acts on what fired.
	Proactive bool
}

// ElapsedSince is §2's Elapsed: the absolute time between two instants
// (time.Time subtraction is between instants, so DST changes nothing). A
// stored instant after now means no time has passed: zero, like the
// clock-core wrapper.
func ElapsedSince(prev, now time.Time) time.Duration {
	d := now.Sub(prev)
	if d < 0 {
		return 0
	}
	return d
}

func ms(d time.Duration) *int64 { v := d.Milliseconds(); return &v }

// Decide is the §5.1 relevance decision. With clock.enabled false, or mode
// off, awareness is off whatever the rules say (the message's times must
// still be anchored). Otherwise every check-in rule is evaluated in the
// policy's order — all that fire are reported and their effects combined —
// and awareness is on when one fired, else when the message is time related,
// else — the reference's extension, beyond §5.1's list — when it is a clock
// directive.
func Decide(p clock.Policy, pr Prompt, now time.Time) Decision {
	c := p.Clock
	d := Decision{ThreadKind: pr.ThreadKind, Fired: []string{}, TimeRelated: TimeRelated(pr.Text),
		Directive: ParseDirective(pr.Text).Kind, Proactive: c.Mode == "normal"}
	if pr.TimeRelated != nil {
		d.TimeRelated = *pr.TimeRelated
	}
	if d.ThreadKind == "" {
		d.ThreadKind = clock.DefaultThreadKind
	}
	d.AnchorTimezone = d.TimeRelated
	var elapsed *time.Duration
	if pr.LastInteraction != nil {
		e := ElapsedSince(*pr.LastInteraction, now)
		elapsed, d.ElapsedSource = &e, ElapsedThread
	}
	if pr.LastInteractionAnyChannel != nil && c.CrossChannelTracking {
		e := ElapsedSince(*pr.LastInteractionAnyChannel, now)
		d.ElapsedAnyChannelMS = ms(e)
		if elapsed == nil {
			elapsed, d.ElapsedSource = &e, ElapsedAnyChannel
		}
	}
	if elapsed != nil {
		d.ElapsedMS = ms(*elapsed)
	}
	switch {
	case !c.Enabled:
		d.Trigger, d.Proactive = TriggerDisabled, false
		return d
	case c.Mode == "off":
		d.Trigger = TriggerModeOff
		return d
	}
	if c.Checkins.Enabled {
		for _, r := range c.Checkins.Rules {
			if !fires(r.When, d.ThreadKind, pr.HasOpenAction, elapsed) {
				continue
			}
			d.Fired = append(d.Fired, r.ID)
			d.Allows.AskForUpdates = d.Allows.AskForUpdates || isTrue(r.Then.AskForUpdates)
			d.Allows.AllowHedgedReference = d.Allows.AllowHedgedReference || isTrue(r.Then.AllowHedgedReference)
			d.Allows.OfferRecap = d.Allows.OfferRecap || isTrue(r.Then.OfferRecap)
		}
	}
	switch {
	case len(d.Fired) > 0:
		d.Trigger = TriggerRule
	case d.TimeRelated:
		d.Trigger = TriggerTimeReference
	case d.Directive != DirectiveNone:
		d.Trigger = TriggerDirective
	default:
		d.Trigger = TriggerNone
	}
	d.Awareness = d.Trigger != TriggerNone
	return d
}

func isTrue(b *bool) bool { return b != nil && *b }

// fires: every condition a rule states holds. elapsed_gte is "greater than
// or equal": a gap of exactly the threshold fires. With no stored
// interaction there is no elapsed time, and an elapsed_gte condition fails.
func fires(w clock.RuleWhen, kind string, open bool, elapsed *time.Duration) bool {
	if w.ThreadKind != nil && *w.ThreadKind != kind {
		return false
	}
	if w.HasOpenAction != nil && *w.HasOpenAction != open {
		return false
	}
	if w.ElapsedGTE != nil && (elapsed == nil || *elapsed < w.ElapsedGTE.D) {
		return false
	}
	return true
}

package clock

import (
	"math"
	"sync"
	"unicode/utf8"
)

// A policy tree (what parseDocument returns, merged over the defaults) is
// turned into a Policy by setting the fields straight from the tree. typed
// does the same through encoding/json (the tree written out and read back
// into the struct) and stays the definition: any value fromTree does not
// know exactly how encoding/json would read (an unknown key, a null, a
// number that is not a whole one where an integer goes) is left to typed,
// so the answer, or typed's panic on a tree that cannot be, is the same.
// TestFromTreeIsTyped compares the two on every policy of the tests.

// typedPolicy is typed without the round trip through JSON where it can be.
func typedPolicy(tree map[string]any) Policy {
	if p, ok := fromTree(tree); ok {
		return p
	}
	return typed(tree)
}

func fromTree(tree map[string]any) (p Policy, ok bool) {
	ok = true
	for k, v := range tree {
		switch k {
		case "clock":
			ok = ok && clockFromTree(v, &p.Clock)
		default:
			return p, false
		}
	}
	return p, ok
}

func clockFromTree(v any, c *ClockPolicy) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "enabled":
			ok = setBool(v, &c.Enabled)
		case "mode":
			ok = setString(v, &c.Mode)
		case "cross_channel_tracking":
			ok = setBool(v, &c.CrossChannelTracking)
		case "store":
			ok = storeFromTree(v, &c.Store)
		case "checkins":
			ok = checkinsFromTree(v, &c.Checkins)
		case "inference":
			ok = inferenceFromTree(v, &c.Inference)
		case "ambiguity_threshold_hours":
			ok = setFloat(v, &c.AmbiguityThresholdHours)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func storeFromTree(v any, s *StorePolicy) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "last_message_timestamps":
			ok = setBool(v, &s.LastMessageTimestamps)
		case "latest_actions":
			ok = latestActionsFromTree(v, &s.LatestActions)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func latestActionsFromTree(v any, l *LatestActionsPolicy) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "enabled":
			ok = setBool(v, &l.Enabled)
		case "max_items":
			ok = setInt(v, &l.MaxItems)
		case "auto_clock_temporal_actions":
			ok = setBool(v, &l.AutoClockTemporalActions)
		case "require_explicit_clock_it_for_non_temporal":
			ok = setBool(v, &l.RequireExplicitClockItForNonTemporal)
		case "store_quotes":
			ok = setBool(v, &l.StoreQuotes)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func checkinsFromTree(v any, c *CheckinsPolicy) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "enabled":
			ok = setBool(v, &c.Enabled)
		case "rules":
			ok = rulesFromTree(v, &c.Rules)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func rulesFromTree(v any, rules *[]Rule) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	out := make([]Rule, len(list)) // [] reads as an empty list, not nil
	for i, r := range list {
		m, ok := r.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range m {
			switch k {
			case "id":
				ok = setString(v, &out[i].ID)
			case "when":
				ok = whenFromTree(v, &out[i].When)
			case "then":
				ok = thenFromTree(v, &out[i].Then)
			default:
				ok = false
			}
			if !ok {
				return false
			}
		}
	}
	*rules = out
	return true
}

func whenFromTree(v any, w *RuleWhen) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "thread_kind":
			var s string
			if ok = setString(v, &s); ok {
				w.ThreadKind = &s
			}
		case "elapsed_gte":
			var s string
			if ok = setString(v, &s); ok {
				d, err := ParseDuration(s)
				ok = err == nil
				w.ElapsedGTE = &d
			}
		case "has_open_action":
			ok = setBoolPtr(v, &w.HasOpenAction)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func thenFromTree(v any, t *RuleThen) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "ask_for_updates":
			ok = setBoolPtr(v, &t.AskForUpdates)
		case "allow_hedged_reference":
			ok = setBoolPtr(v, &t.AllowHedgedReference)
		case "offer_recap":
			ok = setBoolPtr(v, &t.OfferRecap)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func inferenceFromTree(v any, in *InferencePolicy) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k, v := range m {
		switch k {
		case "enabled":
			ok = setBool(v, &in.Enabled)
		case "allow_for_tone_only":
			ok = setBool(v, &in.AllowForToneOnly)
		case "require_confirmation_for_impactful_actions":
			ok = setBool(v, &in.RequireConfirmationForImpactfulActions)
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

func setBool(v any, dst *bool) bool {
	b, ok := v.(bool)
	if ok {
		*dst = b
	}
	return ok
}

func setBoolPtr(v any, dst **bool) bool {
	b, ok := v.(bool)
	if ok {
		*dst = &b
	}
	return ok
}

// setString takes a string that encoding/json writes and reads back
// unchanged: valid UTF-8 (json.Marshal would replace a bad byte).
func setString(v any, dst *string) bool {
	s, ok := v.(string)
	if !ok || !utf8.ValidString(s) {
		return false
	}
	*dst = s
	return true
}

// setInt takes a whole number small enough that its JSON text reads back
// into an int exactly (a float64 of a tree read back from a Policy, or the
// walker's int64).
func setInt(v any, dst *int) bool {
	switch n := v.(type) {
	case int64:
		if n < math.MinInt || n > math.MaxInt {
			return false
		}
		*dst = int(n)
		return true
	case float64:
		if n != math.Trunc(n) || math.Abs(n) > 1<<53 {
			return false
		}
		*dst = int(n)
		return true
	}
	return false
}

// setFloat takes a finite number (json.Marshal refuses the others; a
// float64 written by it reads back as the same float64).
func setFloat(v any, dst *float64) bool {
	switch n := v.(type) {
	case float64:
		if math.IsNaN(n) || math.IsInf(n, 0) {
			return false
		}
		*dst = n
		return true
	case int64:
		if n < -(1<<53) || n > 1<<53 {
			return false
		}
		*dst = float64(n)
		return true
	}
	return false
}

// defaultPolicy is the §0 block typed once; DefaultPolicy hands out copies.
var defaultPolicy = sync.OnceValue(func() Policy { return typedPolicy(defaults()) })

// clone copies a policy deeply: the rules list and the values its rules
// point to are the copy's own, so a caller changing its policy never
// changes another's.
func (p Policy) clone() Policy {
	if p.Clock.Checkins.Rules == nil {
		return p
	}
	rules := make([]Rule, len(p.Clock.Checkins.Rules))
	for i, r := range p.Clock.Checkins.Rules {
		rules[i] = Rule{ID: r.ID, When: RuleWhen{
			ThreadKind:    clonePtr(r.When.ThreadKind),
			ElapsedGTE:    clonePtr(r.When.ElapsedGTE),
			HasOpenAction: clonePtr(r.When.HasOpenAction),
		}, Then: RuleThen{
			AskForUpdates:        clonePtr(r.Then.AskForUpdates),
			AllowHedgedReference: clonePtr(r.Then.AllowHedgedReference),
			OfferRecap:           clonePtr(r.Then.OfferRecap),
		}}
	}
	p.Clock.Checkins.Rules = rules
	return p
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

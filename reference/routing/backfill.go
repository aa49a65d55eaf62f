package routing

import (
	"encoding/json"
	"fmt"
)

// Legacy response_scope values (seed item 4).
const (
	ResponseAll         = "all"
	ResponseTriggered   = "triggered"
	ResponseAllowlisted = "allowlisted"
)

// UnknownResponseScopeError: a value outside the seed's three-row table.
type UnknownResponseScopeError struct{ Value string }

func (e *UnknownResponseScopeError) Error() string {
	return fmt.Sprintf("response_scope %q is not all, triggered or allowlisted", e.Value)
}

// BackfillResponseScope is the item-1 migration's backfill of one
// messaging_group_agents row (seed item 4's table), from the legacy
// response_scope and trigger_rules columns:
//
//	all         → pattern '.', sender_scope all (unconditionally: the row
//	              responded to everything, whatever trigger_rules said)
//	triggered   → mention, or pattern when the legacy row has a pattern;
//	              sender_scope all
//	allowlisted → engage mode derived from trigger_rules; sender_scope known
//
// "Derived from trigger_rules" (the seed gives no rule) is: its pattern when
// it has one; '.' when requiresTrigger is false (v1's "no trigger needed");
// mention otherwise. A legacy pattern is a non-empty string `pattern`; it is
// copied verbatim. trigger_rules that is NULL, not JSON or not an object
// counts as {}. A NULL response_scope is the column's default, 'all'. The
// ignored_message_policy is 'drop', the column default: nothing accumulated
// before the migration. Any other response_scope is an error rather than a
// guess about who may talk to the agent.
func BackfillResponseScope(responseScope, triggerRules *string) (Wiring, error) {
	scope := ResponseAll
	if responseScope != nil {
		scope = *responseScope
	}
	pattern, requiresTrigger := legacyRules(triggerRules)
	w := Wiring{SenderScope: ScopeAll, IgnoredMessagePolicy: PolicyDrop}
	always := AlwaysPattern
	switch scope {
	case ResponseAll:
		w.EngageMode, w.EngagePattern = ModePattern, &always
	case ResponseTriggered:
		w.EngageMode = ModeMention
		if pattern != nil {
			w.EngageMode, w.EngagePattern = ModePattern, pattern
		}
	case ResponseAllowlisted:
		w.SenderScope = ScopeKnown
		switch {
		case pattern != nil:
			w.EngageMode, w.EngagePattern = ModePattern, pattern
		case requiresTrigger != nil && !*requiresTrigger:
			w.EngageMode, w.EngagePattern = ModePattern, &always
		default:
			w.EngageMode = ModeMention
		}
	default:
		return Wiring{}, &UnknownResponseScopeError{scope}
	}
	return w, nil
}

// legacyRules reads the two trigger_rules fields the backfill uses.
func legacyRules(raw *string) (pattern *string, requiresTrigger *bool) {
	if raw == nil {
		return nil, nil
	}
	var rules map[string]any
	if json.Unmarshal([]byte(*raw), &rules) != nil {
		return nil, nil
	}
	if p, ok := rules["pattern"].(string); ok && p != "" {
		pattern = &p
	}
	if b, ok := rules["requiresTrigger"].(bool); ok {
		requiresTrigger = &b
	}
	return pattern, requiresTrigger
}

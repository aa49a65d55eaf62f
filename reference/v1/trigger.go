package v1

import (
	"unicode/utf16"

	"github.com/clockspec/clockspec/reference/jsrt"
)

// DefaultAssistantName is ASSISTANT_NAME when the environment does not set it.
const DefaultAssistantName = "Andy"

// EffectiveTrigger is what getTriggerPattern looks for: the trimmed group
// trigger, or "@" + ASSISTANT_NAME when the trigger is missing or blank.
func EffectiveTrigger(trigger *string, assistantName string) string {
	if trigger != nil {
		if t := jsrt.Trim(*trigger); t != "" {
			return t
		}
	}
	return jsrt.Trim("@" + assistantName)
}

// TriggerMatches is v1's getTriggerPattern(trigger).test(content.trim()): the
// RegExp ^<escaped trigger>\b with the i flag and without u. Because the
// pattern is a literal prefix, it is evaluated directly rather than through
// Go's regexp, whose (?i) folds differently (Unicode simple folding, e.g. the
// Kelvin sign matches k) from JavaScript's non-unicode Canonicalize. Both
// operate on UTF-16 code units, as JavaScript strings do.
func TriggerMatches(trigger, content string) bool {
	t := utf16.Encode([]rune(trigger))
	c := utf16.Encode([]rune(jsrt.Trim(content)))
	if len(c) < len(t) {
		return false
	}
	for i, u := range t {
		if jsrt.FoldIgnoreCase(u) != jsrt.FoldIgnoreCase(c[i]) {
			return false
		}
	}
	n := len(t)
	before := n > 0 && jsrt.IsWordUnit(c[n-1])
	after := n < len(c) && jsrt.IsWordUnit(c[n])
	return before != after
}

// Group is the part of v1's registered group that gating reads.
type Group struct {
	IsMain          bool
	RequiresTrigger *bool // nil: missing, which v1 treats like true
	Trigger         *string
}

// ShouldProcess is v1's trigger gating: a main group, or a group whose
// requiresTrigger is exactly false, always processes; otherwise at least one
// message's trimmed content must match the group's trigger.
func ShouldProcess(g Group, contents []string, assistantName string) bool {
	if g.IsMain || (g.RequiresTrigger != nil && !*g.RequiresTrigger) {
		return true
	}
	trigger := EffectiveTrigger(g.Trigger, assistantName)
	for _, c := range contents {
		if TriggerMatches(trigger, c) {
			return true
		}
	}
	return false
}

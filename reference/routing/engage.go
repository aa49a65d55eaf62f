package routing

// Engage reasons, per wiring.
const (
	ReasonEngaged        = "engaged"
	ReasonNotEngaged     = "not_engaged"
	ReasonInvalidPattern = "invalid_pattern"
	ReasonSenderScope    = "sender_scope"
)

// addressed: the bot was mentioned, or the message is a direct message —
// a DM is addressed to the bot by nature (chat SDKs report DMs as mentions,
// and item 22 counts "a new user DMs the agent" as reaching it).
func addressed(ev Event, mg MessagingGroup) bool {
	return ev.MentionsBot || mg.Kind == KindDM
}

// engages is the engage_mode check of seed item 1 (routing flow step 3b):
//
//   - pattern: the exact pattern '.' is "always" (the seed collapses the
//     legacy `always` mode into it) and engages on every message, even an
//     empty text or one made only of line terminators, on which JavaScript's
//     /./ fails: otherwise an attachment-only DM would stop engaging where
//     `always` did. Any other pattern is new RegExp(pattern).test(text). A
//     pattern JavaScript rejects never engages (reason invalid_pattern); the
//     other wirings are unaffected. A pattern outside the portable subset is
//     an error of the whole call (the caller cannot know JavaScript's answer).
//   - mention: the message addresses the bot.
//   - mention-sticky: it addresses the bot, or its thread is already
//     subscribed (an earlier mention there engaged a mention-sticky wiring).
func engages(w Wiring, ev Event, mg MessagingGroup, threadSubscribed bool, budget *Budget) (bool, string, error) {
	var ok bool
	switch w.EngageMode {
	case ModePattern:
		if *w.EngagePattern == AlwaysPattern {
			return true, ReasonEngaged, nil
		}
		p, err := CompilePattern(*w.EngagePattern)
		if err != nil {
			if err.(*PatternError).Unsupported {
				return false, "", err
			}
			return false, ReasonInvalidPattern, nil
		}
		if ok, err = budget.Test(p, ev.Text); err != nil {
			return false, "", err
		}
	case ModeMention:
		ok = addressed(ev, mg)
	case ModeMentionSticky:
		ok = addressed(ev, mg) || threadSubscribed
	}
	if ok {
		return true, ReasonEngaged, nil
	}
	return false, ReasonNotEngaged, nil
}

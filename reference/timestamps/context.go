package timestamps

import (
	"sort"
	"strings"
	"time"
)

// MessagesContext is the seed's messages_context_for(agent) with
// format_message_for_context, for text content (attachments and thinking
// blocks are not part of the profile):
//
//  1. One zone for every message: UserTimezone of all messages, so a
//     participant who changed zone, or a new participant, changes how the
//     whole history is shown.
//  2. Messages in created_at order; equal instants keep their list order.
//  3. Blank messages (nil, empty or white space only, see IsBlank) are
//     dropped before anything else, so the "previous message" whose gap
//     decides a timestamp is the previous non-blank one.
//  4. The agent's own messages are role assistant and unprefixed; another
//     agent's are role user, "[Name]: " + content; a human's are role user,
//     "[Name]: " + content with the name from UserName.
//  5. A timestamp, when there is one, is put in front with one space.
func MessagesContext(agentID string, msgs []Message) []ContextMessage {
	z := UserTimezone(msgs)
	ordered := make([]Message, len(msgs))
	copy(ordered, msgs)
	sort.SliceStable(ordered, func(i, j int) bool { return ordered[i].At.Before(ordered[j].At) })

	out := make([]ContextMessage, 0, len(ordered))
	var previous *time.Time
	for _, m := range ordered {
		if m.Content == nil || IsBlank(*m.Content) {
			continue
		}
		role, text := "user", *m.Content
		switch {
		case m.Agent != nil && m.Agent.ID == agentID:
			role = "assistant"
		case m.Agent != nil:
			text = "[" + m.Agent.Name + "]: " + text
		default:
			text = "[" + UserName(m.User) + "]: " + text
		}
		if stamp, ok := MessageTimestamp(m.At, previous, z); ok {
			text = stamp + " " + text
		}
		out = append(out, ContextMessage{Role: role, Content: text})
		at := m.At
		previous = &at
	}
	return out
}

// UserName is the seed's
//
//	message.user&.full_name.presence || message.user&.email_address&.split("@")&.first || "User"
//
// The full name is used as it is unless it is blank. Only a nil falls
// through the e-mail step: Ruby's split("@") drops trailing empty fields, so
// "@example.com" gives "" (an empty name, "[]: ") while "", "@" and "@@"
// give no field at all and so "User".
func UserName(u *User) string {
	if u == nil {
		return "User"
	}
	if u.FullName != nil && !IsBlank(*u.FullName) {
		return *u.FullName
	}
	if u.EmailAddress != nil {
		if local, ok := rubySplitFirst(*u.EmailAddress, "@"); ok {
			return local
		}
	}
	return "User"
}

// rubySplitFirst is s.split(sep).first for a non-space, non-empty string
// separator: the fields, trailing empty ones removed, and the first of
// them; ok is false when no field is left.
func rubySplitFirst(s, sep string) (string, bool) {
	fields := strings.Split(s, sep)
	for len(fields) > 0 && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	if len(fields) == 0 {
		return "", false
	}
	return fields[0], true
}

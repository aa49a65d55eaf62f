package timestamps

// UserTimezone is the seed's user_timezone: the zone of the user of the most
// recent human message of the whole chat, resolved by ResolveZone.
//
//   - Most recent means the greatest created_at; among messages with the
//     same created_at the one listed last wins (the database's order among
//     equal keys is unspecified; the list order is the chat's own).
//   - Every human message counts, blank ones too: the seed's query does not
//     look at content, although the context skips blank messages.
//   - Only the most recent human message's user is asked. If that user has
//     no zone, or an unknown one, the answer is UTC even when an earlier
//     participant had a valid zone.
//   - With no human message at all the answer is UTC.
func UserTimezone(msgs []Message) Zone {
	best := -1
	for i, m := range msgs {
		if m.User == nil {
			continue
		}
		if best < 0 || !m.At.Before(msgs[best].At) {
			best = i
		}
	}
	if best < 0 {
		z := UTC()
		z.Fallback = true
		return z
	}
	return ResolveZone(msgs[best].User.Timezone)
}

package agent

import "testing"

// The simulated user answers each kind of question from its facts, as a
// person would, and never says yes to what is not a confirmation.
func TestSimulatedUserAnswersFromItsFacts(t *testing.T) {
	oslo := &simUser{zone: "Europe/Oslo", means: map[string]string{}}
	newYorker := &simUser{zone: "America/New_York", means: map[string]string{"EST": "New York time"}}
	nobody := &simUser{means: map[string]string{}}
	declines := &simUser{zone: "Europe/Oslo", refuses: true, means: map[string]string{}}
	for _, c := range []struct {
		who      *simUser
		question string
		want     string
		yes      bool
	}{
		{oslo, `Which time zone is "tomorrow at 9am" in? I don't know where you are.`, "Oslo time.", false},
		{oslo, "Before I set that up: which time zone are you in?", "Oslo time.", false},
		{oslo, "Where are you at the moment?", "Oslo time.", false},
		{newYorker, "By EST, do you mean your usual New York time?", "Yes, New York time.", false},
		{newYorker, "By EST, do you mean Chicago time?", "No, New York time.", false},
		{newYorker, `Which time zone do you mean by "EST"?`, "New York time.", false},
		{oslo, "Is that 9am your time?", "Yes, Oslo time.", false},
		{oslo, "Shall I set a reminder to call mum at 2026-07-11T09:00:00+02:00 (Europe/Oslo; 07:00 UTC)? (yes/no)", "Yes, please.", true},
		{oslo, "I'll remind you at 9:00 tomorrow, 07:00 UTC. Shall I go ahead?", "Yes, please.", true},
		{declines, "Shall I create the event at 10:00? (yes/no)", "No, don't.", false},
		{oslo, "What should the reminder say?", "I don't know.", false},
		{nobody, "Which time zone are you in?", "I don't know.", false},
		{nobody, "Do you want me to set it for 9am UTC?", "Yes, please.", true},
	} {
		got, yes := c.who.answer(c.question)
		if got != c.want || yes != c.yes {
			t.Errorf("to %q the user (in %q) says %q (confirms %v), want %q (%v)", c.question, c.who.zone, got, yes, c.want, c.yes)
		}
	}
}

func TestPlaceNameIsTheCity(t *testing.T) {
	for zone, want := range map[string]string{"America/New_York": "New York", "Asia/Tokyo": "Tokyo", "America/Argentina/Buenos_Aires": "Buenos Aires", "UTC": "UTC"} {
		if got := placeName(zone); got != want {
			t.Errorf("placeName(%q) = %q, want %q", zone, got, want)
		}
	}
}

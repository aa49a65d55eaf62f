package agent

import (
	"slices"
	"testing"
)

// answerCase is what a user with these facts says to a turn, and whether
// it confirms.
type answerCase struct {
	who      *simUser
	question string
	want     string
	yes      bool
}

func checkAnswers(t *testing.T, cases []answerCase) {
	t.Helper()
	for _, c := range cases {
		got, yes := c.who.answer(c.question)
		if got != c.want || yes != c.yes {
			t.Errorf("to %q the user (in %q) says %q (confirms %v), want %q (%v)", c.question, c.who.zone, got, yes, c.want, c.yes)
		}
	}
}

// The simulated user answers each kind of question from its facts, as a
// person would, and never says yes to what is not a confirmation.
func TestSimulatedUserAnswersFromItsFacts(t *testing.T) {
	oslo := &simUser{zone: "Europe/Oslo", means: map[string]string{}}
	newYorker := &simUser{zone: "America/New_York", means: map[string]string{"EST": "New York time"}}
	nobody := &simUser{means: map[string]string{}}
	declines := &simUser{zone: "Europe/Oslo", refuses: true, means: map[string]string{}}
	checkAnswers(t, []answerCase{
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
	})
}

func TestPlaceNameIsTheCity(t *testing.T) {
	for zone, want := range map[string]string{"America/New_York": "New York", "Asia/Tokyo": "Tokyo", "America/Argentina/Buenos_Aires": "Buenos Aires", "UTC": "UTC"} {
		if got := placeName(zone); got != want {
			t.Errorf("placeName(%q) = %q, want %q", zone, got, want)
		}
	}
}

// What real models write: a confirmation that mentions "your time", a
// statement that says "go ahead" around a zone question, two questions in
// one message, and the other ways people ask where someone is or whether
// to go on.
func TestSimulatedUserReadsEachQuestionOfATurn(t *testing.T) {
	oslo := &simUser{zone: "Europe/Oslo", means: map[string]string{}}
	newYorker := &simUser{zone: "America/New_York", means: map[string]string{"EST": "New York time"}}
	checkAnswers(t, []answerCase{
		{oslo, "I'll set the reminder for 9:00 your time (07:00 UTC) tomorrow. Shall I go ahead?", "Yes, please.", true},
		{oslo, "I'll set it for 9 a.m. your time, 07:00 UTC. Does that work?", "Yes, please.", true},
		{oslo, "I'll go ahead once I know one thing. Which city are you in?", "Oslo time.", false},
		{oslo, "I can go ahead and book it.\nWhere are you based?", "Oslo time.", false},
		{oslo, "Where are you located right now?", "Oslo time.", false},
		{oslo, "What's your location?", "Oslo time.", false},
		{oslo, "Which country are you in at the moment?", "Oslo time.", false},
		{oslo, "Is this correct?", "Yes, please.", true},
		{oslo, "Can I set that up for you?", "Yes, please.", true},
		{oslo, "Here is the plan: a reminder at 9 a.m. tomorrow (07:00 UTC). Should we book it?", "Yes, please.", true},
		{newYorker, "By EST, do you mean New York time? If so, shall I book it for 15:00?", "Yes, New York time. Yes, please.", true},
		{newYorker, "Quick check: by EST do you mean your usual New York time?", "Yes, New York time.", false},
		{oslo, "Got it. The meeting is at 9:00.", "I don't know.", false},
		{oslo, "I'll go ahead once I know: which city are you in?", "Oslo time.", false},
		{oslo, "Reminder at 9:00 tomorrow, 07:00 UTC. OK to proceed?", "Yes, please.", true},
		{oslo, "Reminder at 9:00 tomorrow, 07:00 UTC. Go ahead?", "Yes, please.", true},
		{oslo, "Reminder at 9:00 tomorrow, 07:00 UTC. Okay?", "Yes, please.", true},
		{oslo, "9:00 tomorrow, 07:00 UTC. Sounds good?", "Yes, please.", true},
		{oslo, "Done: the reminder is set for 9:00 (07:00 UTC). Anything else?", "No, thanks.", false},
		{oslo, "Set for 9:00. Is there anything else I can help with?", "No, thanks.", false},
		{oslo, "Anything else, or shall I book the room too?", "Yes, please.", true},
		{oslo, "Are you still in Oslo?", "Yes, Oslo time.", false},
		{oslo, "Can I ask which city you're in?", "Oslo time.", false},
		{oslo, "Could you confirm your time zone?", "Oslo time.", false},
		{oslo, "Could you confirm: shall I set it for 9:00 (07:00 UTC)?", "Yes, please.", true},
		{oslo, "Reminder at 9:00 tomorrow, 07:00 UTC. Please confirm (yes/no).", "Yes, please.", true},
		{oslo, "Shall I create it at 9:00 in your time zone (Europe/Oslo)?", "Oslo time. Yes, please.", true},
		{newYorker, "Are you in London this week?", "No, New York time.", false},
	})
}

func TestQuestionsAreTheSentencesWithAQuestionMark(t *testing.T) {
	for turn, want := range map[string][]string{
		"I'll set it for 9 a.m. tomorrow. Shall I?":      {"Shall I?"},
		"Is 9 a.m. tomorrow right? (yes/no)":             {"Is 9 a.m. tomorrow right? (yes/no)"},
		`Which zone? I ask because "EST" is ambiguous.`:  {"Which zone?"},
		"One: where are you?\nTwo: shall I book it?":     {"One: where are you?", "Two: shall I book it?"},
		"Please tell me your time zone.":                 {"Please tell me your time zone."},
		"Shall I set it (09:00 Europe/Oslo, 07:00 UTC)?": {"Shall I set it (09:00 Europe/Oslo, 07:00 UTC)?"},
	} {
		if got := questions(turn); !slices.Equal(got, want) {
			t.Errorf("questions(%q) = %q, want %q", turn, got, want)
		}
	}
}

package agent

import (
	"context"
	"regexp"
	"slices"
	"strings"
)

// simUser is the simulated user: what they know and what they want. A
// scenario states the facts (where the user is, what they mean by an
// abbreviation, whether they want what they asked for), and the user
// answers each of the agent's questions from them, as a person would, for
// as many questions as a careful agent asks (up to maxAnswers in a row).
// A question it has no fact for is answered "I don't know.": the user
// never guesses for the agent, and never says yes to a question that is
// not a confirmation.
type simUser struct {
	zone    string            // where the user is, an IANA id; "" unknown
	located bool              // zone was stated by "the user is in", not taken from the profile
	means   map[string]string // an abbreviation → what the user means by it ("New York time")
	refuses bool              // the user does not want the action they asked for
	// yesTurns are the turns in which the user confirmed (said yes to a
	// confirmation question, or the scenario's "the user confirms").
	yesTurns []int
}

// maxAnswers bounds the questions answered in one "answers the agent's
// questions" step: a careful agent asks two or three, an agent in a loop of
// questions is stopped there and judged on what it did.
const maxAnswers = 6

var (
	// A confirmation question: the agent proposes and waits for a yes.
	// "go ahead" and "proceed" only as the question itself ("OK to go
	// ahead?"): "I'll go ahead once I know: which city are you in?" asks
	// for a place, not for a yes.
	confirmQ = regexp.MustCompile(`(?i)\b(shall (i|we)|should (i|we)|can i|may i|do you want|want me to|would you like|confirm|yes/no|(is|does) (that|this|it) (look |sound )?(right|correct|ok|okay|good|work)|sounds? good)\b|\b(ok|okay|all right|alright|go ahead|proceed)\?`)
	// A question about the zone: where the user is, which zone a time is in.
	zoneQ = regexp.MustCompile(`(?i)\b(time ?zone|which zone|what zone|where are you|where you are|are you (based|located|still in|in)\b|your location|which (city|country|region)|what (city|country|region)|whose time|utc offset|do you mean|did you mean|by [A-Z]{2,5}\b)`)
	// A polite way into a question ("Can I ask which city you're in?",
	// "Could you confirm your time zone?"): not itself a request for a yes.
	askForm = regexp.MustCompile(`(?i)\b(can|may|could) i (ask|check)\b|\b(can|could|would) you (please )?(confirm|tell me|let me know)\b|\bplease confirm\b`)
	// "your time" asks about the user's zone ("Is that 9am your time?")
	// unless the question is a confirmation that only mentions it ("I'll
	// set it for 9:00 your time. Shall I go ahead?").
	ownTimeQ = regexp.MustCompile(`(?i)\byour (local )?time\b`)
	// A yes/no question that names a zone for the user to agree with ("By
	// EST, do you mean New York time?", "Quick check: is that 9am your
	// time?"), unless it asks which one (whQ: "Which zone do you mean?").
	yesNoZoneQ = regexp.MustCompile(`(?i)\b(do you mean|did you mean|you mean|is that|is it|are you)\b`)
	whQ        = regexp.MustCompile(`(?i)\b(which|what|where)\b`)
	abbrevRE   = regexp.MustCompile(`\b[A-Z]{2,5}\b`)
	// An offer to do more ("Anything else?"): the user has asked all they
	// came for.
	moreQ = regexp.MustCompile(`(?i)\b(anything else|something else|anything more|any other (request|question|thing)s?|can i help with)\b`)
)

// asked says whether the agent's last turn ended on a question: an
// ask_user call, or a reply with a question mark.
func (r *runner) asked() bool {
	return r.t.pendingAsk != 0 || strings.Contains(r.t.lastReply, "?")
}

// answer is what the user says to the agent's turn, and whether it
// confirms. Each question in it is answered in turn, as a person answers a
// message that asks two things ("Yes, New York time. Yes, please."); a
// question is a sentence with a "?" (or the whole turn when none
// does: an ask_user call may end in a full stop), so a statement around
// it ("I'll go ahead once I know: which city are you in?") does not turn
// a zone question into a confirmation.
func (u *simUser) answer(turn string) (string, bool) {
	var parts []string
	yes := false
	for _, q := range questions(turn) {
		confirm := confirmQ.MatchString(askForm.ReplaceAllString(q, ""))
		zone := zoneQ.MatchString(q) || ownTimeQ.MatchString(q) && !confirm
		switch {
		case zone:
			parts = append(parts, u.zoneAnswer(q))
		case !confirm && moreQ.MatchString(q):
			parts = append(parts, "No, thanks.")
		}
		switch {
		case confirm && u.refuses:
			parts = append(parts, "No, don't.")
		case confirm:
			parts = append(parts, "Yes, please.")
			yes = true
		}
	}
	parts = slices.Compact(parts)
	if len(parts) == 0 {
		return "I don't know.", false
	}
	return strings.Join(parts, " "), yes
}

// sentenceEnd is where a sentence ends: ".", "!" or "?" (with any closing
// quotes or brackets) before white space and a capital letter or a digit,
// or a line break. "9 a.m. tomorrow?" stays one sentence, and so does
// "Shall I? (yes/no)".
var sentenceEnd = regexp.MustCompile(`([.!?]["')\]]*)\s+[\p{Lu}\d*"-]|\n`)

// questions are the sentences of a turn that hold a "?", or the whole turn
// when none does.
func questions(turn string) []string {
	var qs []string
	start := 0
	cut := func(end int) {
		s := strings.TrimSpace(turn[start:end])
		if strings.Contains(s, "?") {
			qs = append(qs, s)
		}
	}
	for _, m := range sentenceEnd.FindAllStringSubmatchIndex(turn, -1) {
		// The sentence ends after its punctuation and closing marks (group
		// 1), or at the line break.
		end := m[0]
		if m[3] >= 0 {
			end = m[3]
		}
		cut(end)
		start = end
	}
	cut(len(turn))
	if len(qs) == 0 {
		return []string{turn}
	}
	return qs
}

// zoneAnswer answers a question about the zone from the user's facts: what
// they mean by an abbreviation the question names, else where they are.
func (u *simUser) zoneAnswer(q string) string {
	fact := ""
	for _, a := range abbrevRE.FindAllString(q, -1) {
		if m, ok := u.means[a]; ok {
			fact = m
			break
		}
	}
	if fact == "" && u.zone != "" {
		fact = placeName(u.zone) + " time"
	}
	if fact == "" {
		return "I don't know."
	}
	if yesNoZoneQ.MatchString(q) && !whQ.MatchString(q) {
		// "By EST, do you mean New York time?": agree when the question
		// names the place the user means, and say which one otherwise.
		// ("Is that 9am your time?" asks about the user's own zone too.)
		place := strings.ToLower(strings.TrimSuffix(fact, " time"))
		lq := strings.ToLower(q)
		if strings.Contains(lq, place) || strings.Contains(lq, "your") {
			return "Yes, " + fact + "."
		}
		return "No, " + fact + "."
	}
	return fact + "."
}

// placeName is how a person names an IANA zone: its city ("Asia/Tokyo"
// → "Tokyo", "America/New_York" → "New York").
func placeName(zone string) string {
	if i := strings.LastIndex(zone, "/"); i >= 0 {
		zone = zone[i+1:]
	}
	return strings.ReplaceAll(zone, "_", " ")
}

// answerQuestions lets the user answer the agent's questions until the
// agent stops asking (or maxAnswers are given).
func (r *runner) answerQuestions(ctx context.Context, from string) error {
	u := r.t.simUser()
	// A member of a group answers from where they are.
	facts := *u
	if m := r.t.world.member(from); from != DefaultUser && m != nil && m.Zone != "" {
		facts.zone = m.Zone
	}
	for n := 0; n < maxAnswers && r.asked(); n++ {
		text, yes := facts.answer(r.t.lastReply)
		if err := r.say(ctx, from, text); err != nil {
			return err
		}
		if yes {
			u.yesTurns = append(u.yesTurns, r.t.world.turn)
		}
	}
	return nil
}

// simUser is the trial's user, made on first use.
func (t *trial) simUser() *simUser {
	if t.user == nil {
		t.user = &simUser{means: map[string]string{}}
	}
	return t.user
}

// confirmedBy is the first turn in which the user confirmed, 0: never.
func (u *simUser) confirmedBy() int {
	if len(u.yesTurns) == 0 {
		return 0
	}
	return u.yesTurns[0]
}

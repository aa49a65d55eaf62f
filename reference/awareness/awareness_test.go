package awareness

import (
	"math"
	"testing"
	"time"

	"github.com/clockspec/clockspec/reference/clock"
)

func at(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := clock.ParseInstant(s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestParseDirective(t *testing.T) {
	for _, tc := range []struct{ text, kind, label string }{
		{"clock it: I’m going to eat dinner", DirectiveClockIt, "Eat dinner"},
		{"clock: paid invoice", DirectiveClock, "Paid invoice"},
		{"call mom, clock it!", DirectiveClockIt, "Call mom"},
		{"clock: kind project", DirectiveKind, "project"},
		{"what is clock it: for", DirectiveNone, ""},
		{"clockwork: orange", DirectiveNone, ""},
	} {
		d := ParseDirective(tc.text)
		label := d.Label
		if d.Kind == DirectiveClock || d.Kind == DirectiveClockIt {
			label = NormalizeLabel(label)
		}
		if d.Kind != tc.kind || label != tc.label {
			t.Errorf("%q: got %q %q, want %q %q", tc.text, d.Kind, label, tc.kind, tc.label)
		}
	}
}

func TestNormalizeLabel(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"  i'm   about  to go!! ", "About to go"},
		{"I will call the bank.", "Call the bank"},
		{"going to sleep", "Sleep"},
		{"...", ""},
		{"ábc", "Ábc"},
	} {
		if got := NormalizeLabel(tc.in); got != tc.want {
			t.Errorf("NormalizeLabel(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDecideThresholds(t *testing.T) {
	p := clock.DefaultPolicy()
	last := at(t, "2026-02-09T10:00:00Z")
	for _, tc := range []struct {
		kind  string
		open  bool
		after time.Duration
		fired []string
	}{
		{"project", false, 24*time.Hour - time.Second, nil},
		{"project", false, 24 * time.Hour, []string{"project_gap_1d"}},
		{"conversation", true, 2*time.Hour - time.Second, nil},
		{"conversation", true, 2 * time.Hour, []string{"action_gap_2h"}},
		{"conversation", false, 30*24*time.Hour - time.Second, nil},
		{"project", true, 30 * 24 * time.Hour, []string{"project_gap_1d", "action_gap_2h", "long_gap_30d"}},
	} {
		d := Decide(p, Prompt{ThreadKind: tc.kind, LastInteraction: &last, HasOpenAction: tc.open}, last.Add(tc.after))
		if len(d.Fired) != len(tc.fired) {
			t.Errorf("%s %v: fired %v, want %v", tc.kind, tc.after, d.Fired, tc.fired)
			continue
		}
		for i := range d.Fired {
			if d.Fired[i] != tc.fired[i] {
				t.Errorf("%s %v: fired %v, want %v", tc.kind, tc.after, d.Fired, tc.fired)
			}
		}
		if d.Awareness != (len(tc.fired) > 0) {
			t.Errorf("%s %v: awareness %v", tc.kind, tc.after, d.Awareness)
		}
	}
}

func TestEffectiveStatus(t *testing.T) {
	typical := 60
	a := clock.Action{Status: StatusPlanned, RecordedISO: "2026-02-09T10:00:00Z", ExpiresISO: "2026-02-10T10:00:00Z", ExpectedTypicalMinutes: &typical}
	for _, tc := range []struct{ now, want string }{
		{"2026-02-09T10:59:59Z", StatusPlanned},
		{"2026-02-09T11:00:00Z", StatusLikelyDone},
		{"2026-02-10T09:59:59Z", StatusLikelyDone},
		{"2026-02-10T10:00:00Z", StatusExpired},
	} {
		if got := EffectiveStatus(a, at(t, tc.now)); got != tc.want {
			t.Errorf("at %s: %s, want %s", tc.now, got, tc.want)
		}
	}
	a.Status = StatusDone
	if got := EffectiveStatus(a, at(t, "2026-03-01T00:00:00Z")); got != StatusDone {
		t.Errorf("done became %s", got)
	}
}

func TestGroupAmbiguityInMinutes(t *testing.T) {
	zone := func(n string) *clock.Zone {
		z, err := clock.CanonicalZone(n)
		if err != nil {
			t.Fatal(err)
		}
		return &z
	}
	now := at(t, "2026-02-09T12:00:00Z")
	for _, tc := range []struct {
		a, b      string
		threshold float64
		want      bool
	}{
		{"UTC", "Asia/Kathmandu", 5.75, true},
		{"UTC", "Asia/Kathmandu", 5.76, false},
		{"Asia/Kolkata", "Asia/Kathmandu", 0.25, true},
		{"UTC", "Asia/Dubai", 4, true},
		{"UTC", "Europe/Moscow", 4, false},
	} {
		p := clock.DefaultPolicy()
		p.Clock.AmbiguityThresholdHours = tc.threshold
		v, err := PresentGroupTime(p, []Participant{{"a", zone(tc.a)}, {"b", zone(tc.b)}}, nil, now, true, "")
		if err != nil {
			t.Fatal(err)
		}
		if v.Ambiguous != tc.want {
			t.Errorf("%s/%s at %g h: ambiguous %v, want %v (spread %d)", tc.a, tc.b, tc.threshold, v.Ambiguous, tc.want, v.OffsetSpreadMinutes)
		}
	}
}

func TestCaptureNeverMarksInferredDone(t *testing.T) {
	p := clock.DefaultPolicy()
	c, err := CaptureAction(p, CaptureInput{Text: "about to finish the report"}, at(t, "2026-02-09T10:00:00Z"))
	if err != nil || !c.Captured {
		t.Fatalf("capture: %v %+v", err, c)
	}
	if c.Action.Status != StatusPlanned {
		t.Errorf("auto-stored status %s, want planned", c.Action.Status)
	}
	r := AssessContinuity(p, ContinuityInput{Action: *c.Action}, at(t, "2026-02-12T10:00:00Z"))
	if r.StatusAfter == StatusDone {
		t.Error("an inference made the action done")
	}
}

func BenchmarkDecide(b *testing.B) {
	p := clock.DefaultPolicy()
	last, _ := clock.ParseInstant("2026-02-09T10:00:00Z")
	now := last.Add(25 * time.Hour)
	for i := 0; i < b.N; i++ {
		Decide(p, Prompt{ThreadKind: "project", LastInteraction: &last, HasOpenAction: true, Text: "see you tomorrow at 9am"}, now)
	}
}

func BenchmarkCapture(b *testing.B) {
	p := clock.DefaultPolicy()
	now, _ := clock.ParseInstant("2026-02-09T10:00:00Z")
	for i := 0; i < b.N; i++ {
		if _, err := CaptureAction(p, CaptureInput{Text: "heading to the gym", UserKey: "user:chat:u1"}, now); err != nil {
			b.Fatal(err)
		}
	}
}

// An expected duration longer than a time.Duration holds saturates: it is
// still longer than any elapsed time, never a wrapped negative one.
func TestMinutesDurationSaturates(t *testing.T) {
	if d := minutesDuration(9007199254740991); d <= 0 || d != math.MaxInt64 {
		t.Fatalf("minutesDuration(2^53-1) = %v, want the longest duration", d)
	}
	if d := minutesDuration(90); d != 90*time.Minute {
		t.Fatalf("minutesDuration(90) = %v", d)
	}
}

package agentdriver

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"
)

// Retry-After is read as seconds or as an HTTP date, capped, and anything
// else leaves the wait to the backoff.
func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		h    string
		want time.Duration
	}{
		{"", 0},
		{"3", 3 * time.Second},
		{" 2 ", 2 * time.Second},
		{"-1", 0},
		{"86400", MaxRetryAfter},
		{now.Add(5 * time.Second).Format(http.TimeFormat), 5 * time.Second},
		{now.Add(2 * time.Hour).Format(http.TimeFormat), MaxRetryAfter},
		{now.Add(-time.Hour).Format(http.TimeFormat), time.Millisecond},
		{"soon", 0},
	} {
		if got := retryAfter(c.h, now); got != c.want {
			t.Errorf("Retry-After %q: %s, want %s", c.h, got, c.want)
		}
	}
}

// The backoff doubles from Base, with jitter between half and all of it,
// and a Retry-After replaces it.
func TestBackoff(t *testing.T) {
	c := &chatClient{retry: Retry{Base: 100 * time.Millisecond}.withDefaults()}
	for attempt, full := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond} {
		for range 50 {
			if d := c.backoff(attempt, 0); d < full/2 || d > full {
				t.Fatalf("attempt %d: %s, want within [%s, %s]", attempt, d, full/2, full)
			}
		}
	}
	if d := c.backoff(0, 3*time.Second); d != 3*time.Second {
		t.Errorf("with Retry-After 3s: %s", d)
	}
	if r := (Retry{Max: -1}).withDefaults(); r.Max != 0 {
		t.Errorf("Max -1 is no retries, got %d", r.Max)
	}
	if r := (Retry{}).withDefaults(); r.Max != DefaultRetries || r.MaxWait != DefaultRetryWait {
		t.Errorf("the zero Retry: %+v", r)
	}
}

// A message's words: a string, or the text parts of an array of parts;
// other parts, null and anything else carry none.
func TestWords(t *testing.T) {
	for content, want := range map[string]string{
		`"Shall I set it?"`: "Shall I set it?",
		`[{"type":"text","text":"Done."},{"type":"image_url","image_url":{"url":"x"}},{"type":"text","text":"Anything else?"}]`: "Done.\nAnything else?",
		`null`:                 "",
		`{"text":"not parts"}`: "",
		``:                     "",
	} {
		if got := words(json.RawMessage(content)); got != want {
			t.Errorf("words(%s) = %q, want %q", content, got, want)
		}
	}
}

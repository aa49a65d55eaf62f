package timestamps

import (
	"reflect"
	"testing"
)

func TestUserName(t *testing.T) {
	for _, c := range []struct {
		user *User
		want string
	}{
		{nil, "User"},
		{&User{}, "User"},
		{&User{FullName: ptr("Alice Smith"), EmailAddress: ptr("alice@example.com")}, "Alice Smith"},
		{&User{FullName: ptr(" Alice ")}, " Alice "},
		{&User{FullName: ptr("  "), EmailAddress: ptr("alice@example.com")}, "alice"},
		{&User{EmailAddress: ptr("a@b@c")}, "a"},
		{&User{EmailAddress: ptr("alice@")}, "alice"},
		{&User{EmailAddress: ptr("@example.com")}, ""},
		{&User{EmailAddress: ptr("@@x")}, ""},
		{&User{EmailAddress: ptr("@")}, "User"},
		{&User{EmailAddress: ptr("@@")}, "User"},
		{&User{EmailAddress: ptr("")}, "User"},
		{&User{EmailAddress: ptr("  ")}, "  "},
	} {
		if got := UserName(c.user); got != c.want {
			t.Errorf("UserName(%+v) = %q, want %q", c.user, got, c.want)
		}
	}
}

func TestUserTimezone(t *testing.T) {
	at := func(s string) Message { return Message{At: mustInstant(t, s)} }
	human := func(s, zone string) Message {
		m := at(s)
		m.User = &User{Timezone: ptr(zone)}
		return m
	}
	agent := func(s string) Message {
		m := at(s)
		m.Agent = &Agent{ID: "7", Name: "Ada"}
		return m
	}
	for _, c := range []struct {
		name string
		msgs []Message
		want string
	}{
		{"none", nil, "UTC"},
		{"agents only", []Message{agent("2026-01-23T10:00:00Z")}, "UTC"},
		{"latest wins", []Message{human("2026-01-23T11:00:00Z", "Asia/Tokyo"), human("2026-01-23T10:00:00Z", "Europe/Paris")}, "Asia/Tokyo"},
		{"tie: last listed", []Message{human("2026-01-23T10:00:00Z", "Asia/Tokyo"), human("2026-01-23T10:00:00Z", "Europe/Paris")}, "Europe/Paris"},
		{"later agent ignored", []Message{human("2026-01-23T10:00:00Z", "Asia/Tokyo"), agent("2026-01-23T11:00:00Z")}, "Asia/Tokyo"},
		{"latest has a bad zone", []Message{human("2026-01-23T10:00:00Z", "Asia/Tokyo"), human("2026-01-23T11:00:00Z", "Nowhere")}, "UTC"},
	} {
		if got := UserTimezone(c.msgs).Name; got != c.want {
			t.Errorf("%s: UserTimezone = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestMessagesContext(t *testing.T) {
	alice := &User{FullName: ptr("Alice"), Timezone: ptr("Europe/Paris")}
	msg := func(at, content string, a *Agent, u *User) Message {
		return Message{At: mustInstant(t, at), Content: ptr(content), Agent: a, User: u}
	}
	ada := &Agent{ID: "7", Name: "Ada"}
	bob := &Agent{ID: "8", Name: "Bob"}
	got := MessagesContext("7", []Message{
		msg("2026-01-23T12:00:40Z", "third", nil, alice), // listed first, sorted later
		msg("2026-01-23T10:00:00Z", "first", nil, alice),
		msg("2026-01-23T12:00:10Z", " \t", nil, alice), // blank: not the previous message
		msg("2026-01-23T12:30:00Z", "mine", ada, nil),
		msg("2026-01-23T12:30:30Z", "his", bob, nil),
		{At: mustInstant(t, "2026-01-23T13:00:00Z")}, // nil content: blank
	})
	want := []ContextMessage{
		{"user", "[2026-01-23 11:00] [Alice]: first"},
		{"user", "[13:00, 2h later] [Alice]: third"},
		{"assistant", "[13:30] mine"},
		{"user", "[Bob]: his"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MessagesContext =\n%q\nwant\n%q", got, want)
	}
	if got := MessagesContext("7", nil); got == nil || len(got) != 0 {
		t.Errorf("an empty chat gives %#v, want an empty, non-nil list (it is encoded as [])", got)
	}
}

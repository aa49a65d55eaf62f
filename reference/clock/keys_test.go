package clock

import (
	"math/rand"
	"strings"
	"testing"
)

// adversarial ids: separators, escapes that look like escapes of other
// ids, empty-looking and control characters.
var adversarial = []string{
	"a", "a:b", "a%3Ab", "a%3ab", "a%253Ab", "%", "%%", ":", "::", "%3A", "%25", "a:", ":a",
	"agent", "agent:main", "main:chat", "dm", "dm:42", "42", "4:2", "\n", "a\x00b", "a\x7fb",
	"é", "e\u0301", "Ryan", "ryan", " ", "a b", "%0A", "user:chat:u1", "person:ryan",
}

// TestThreadKeysNeverCollide: every (agent, channel, parts) built from the
// adversarial ids gives its own key, and the key reads back to it.
func TestThreadKeysNeverCollide(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	id := func(k ThreadKey) string { return k.Agent + "\x00" + k.Channel + "\x00" + strings.Join(k.Parts, "\x00") }
	check := func(k ThreadKey) {
		s := k.String()
		if prev, dup := seen[s]; dup && prev != id(k) {
			t.Fatalf("collision: %q and %+v both give %q", prev, k, s)
		}
		seen[s] = id(k)
		back, err := ParseThreadKey(s)
		if err != nil || id(back) != id(k) {
			t.Fatalf("%q reads back as %+v (%v), want %+v", s, back, err, k)
		}
	}
	for _, a := range adversarial {
		for _, c := range adversarial {
			for _, p := range adversarial {
				check(ThreadKey{a, c, []string{p}})
				check(ThreadKey{a, c, []string{p, a}})
			}
		}
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 20000; i++ {
		k := ThreadKey{adversarial[rng.Intn(len(adversarial))], adversarial[rng.Intn(len(adversarial))], nil}
		for n := 1 + rng.Intn(4); n > 0; n-- {
			k.Parts = append(k.Parts, adversarial[rng.Intn(len(adversarial))])
		}
		check(k)
	}
	t.Logf("%d distinct keys, no collision", len(seen))
}

func TestUserKeysNeverCollide(t *testing.T) {
	seen := map[string][2]string{}
	for _, ch := range adversarial {
		for _, id := range adversarial {
			k, err := ChannelUserKey(ch, id)
			if err != nil {
				t.Fatal(err)
			}
			if prev, dup := seen[k]; dup {
				t.Fatalf("%v and %v both give %q", prev, [2]string{ch, id}, k)
			}
			seen[k] = [2]string{ch, id}
			if !validUserKey(k) {
				t.Fatalf("%q is not a valid user key", k)
			}
		}
	}
	if _, err := ChannelUserKey("chat", ""); err == nil {
		t.Error("an empty user id was accepted")
	}
}

func TestUnescapeAcceptsOnlyTheCanonicalSpelling(t *testing.T) {
	for _, bad := range []string{"a%3ab", "%41", "%", "%3", "%G0", "a:b", "a\tb", "%2", "%7f"} {
		if v, err := Unescape(bad); err == nil {
			t.Errorf("%q unescaped to %q", bad, v)
		}
	}
	for _, s := range adversarial {
		e := Escape(s)
		if strings.ContainsAny(e, ":\n\x00\x7f") {
			t.Errorf("Escape(%q) = %q keeps a separator or control character", s, e)
		}
		if back, err := Unescape(e); err != nil || back != s {
			t.Errorf("%q → %q → %q %v", s, e, back, err)
		}
	}
	for _, bad := range []string{"", "agent", "agent:a:b", "agent:a::c", "agent::b:c", "user:a:b:c", "agent:a:b:c:", "Agent:a:b:c"} {
		if _, err := ParseThreadKey(bad); err == nil {
			t.Errorf("%q read as a thread key", bad)
		}
	}
}

func TestResolveUserKey(t *testing.T) {
	links := map[string]string{"user:telegram:ryan": "person:ryan"}
	if k, ck, linked, _ := ResolveUserKey(links, "telegram", "ryan"); k != "person:ryan" || ck != "user:telegram:ryan" || !linked {
		t.Errorf("linked: %s %s %v", k, ck, linked)
	}
	if k, _, linked, _ := ResolveUserKey(links, "whatsapp", "ryan"); k != "user:whatsapp:ryan" || linked {
		t.Errorf("unlinked: %s %v", k, linked)
	}
	for _, bad := range []map[string]string{{"user:a:b": "user:a:c"}, {"person:a": "person:b"}, {"user:a:b": "person:"}, {"user:a": "person:b"}} {
		if CheckLinks(bad) == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// FuzzThreadKeyRoundTrip: any segments give a key that reads back to them,
// and any string that reads as a key is written back unchanged.
func FuzzThreadKeyRoundTrip(f *testing.F) {
	for _, a := range adversarial[:8] {
		f.Add(a, "chat", "dm", a)
	}
	f.Add("main", "telegram", "group", "-100:123")
	f.Fuzz(func(t *testing.T, agent, channel, p1, p2 string) {
		k := ThreadKey{agent, channel, []string{p1, p2}}
		if k.Validate() != nil {
			return
		}
		s := k.String()
		back, err := ParseThreadKey(s)
		if err != nil || mustJSON(t, back) != mustJSON(t, k) {
			t.Fatalf("%+v → %q → %+v %v", k, s, back, err)
		}
		for _, raw := range []string{agent, "agent:" + agent + ":" + channel + ":" + p1} {
			if k2, err := ParseThreadKey(raw); err == nil && k2.String() != raw {
				t.Fatalf("%q reads as %+v, which writes %q", raw, k2, k2.String())
			}
		}
	})
}

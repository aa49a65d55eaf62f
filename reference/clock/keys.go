package clock

import (
	"errors"
	"fmt"
	"strings"
)

// Thread keys (§7.2) name agent, channel and thread:
//
//	agent:<agent>:<channel>:<part>[:<part>…]      agent:main:telegram:group:-100123
//
// and user keys (§7.0) name a per-channel identity, or a person that
// identities were linked to with the user's approval:
//
//	user:<channel>:<user id>                       user:whatsapp:+15551234
//	person:<name>                                  person:ryan
//
// Every segment is escaped so that no id can forge a separator: "%" becomes
// %25, ":" %3A, and control characters (U+0000–U+001F, U+007F) %XX, with
// upper-case hex. Escaping is injective and ":" never survives it, so two
// keys are equal exactly when their segments are equal: an id "dm:42" and
// the parts ["dm", "42"] give different keys. Ids are otherwise opaque: no
// case folding, no Unicode normalisation.

// ErrEmptySegment: agent, channel, thread parts and ids must be non-empty.
var ErrEmptySegment = errors.New("key segments must not be empty")

// Escape escapes one key segment.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' || c == ':' || c < 0x20 || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// Unescape reverses Escape. It accepts only what Escape writes (upper-case
// hex, and only for the escaped characters), so every key has exactly one
// spelling.
func Unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' || c < 0x20 || c == 0x7f {
			return "", fmt.Errorf("unescaped %q in a key segment", c)
		}
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+2 >= len(s) {
			return "", fmt.Errorf("incomplete escape at the end of %q", s)
		}
		var v byte
		for _, h := range []byte{s[i+1], s[i+2]} {
			switch {
			case h >= '0' && h <= '9':
				v = v<<4 | (h - '0')
			case h >= 'A' && h <= 'F':
				v = v<<4 | (h - 'A' + 10)
			default:
				return "", fmt.Errorf("%q is not an escape (upper-case hex)", s[i:i+3])
			}
		}
		if v != '%' && v != ':' && v >= 0x20 && v != 0x7f {
			return "", fmt.Errorf("%q escapes a character that is written as itself", s[i:i+3])
		}
		b.WriteByte(v)
		i += 2
	}
	return b.String(), nil
}

// ThreadKey is a parsed thread key.
type ThreadKey struct {
	Agent   string   `json:"agent"`
	Channel string   `json:"channel"`
	Parts   []string `json:"parts"`
}

// String writes the key. It panics on empty segments: use Validate first.
func (k ThreadKey) String() string {
	segs := []string{"agent", Escape(k.Agent), Escape(k.Channel)}
	for _, p := range k.Parts {
		segs = append(segs, Escape(p))
	}
	return strings.Join(segs, ":")
}

// Validate checks that every segment is non-empty and there is a thread part.
func (k ThreadKey) Validate() error {
	if k.Agent == "" || k.Channel == "" || len(k.Parts) == 0 {
		return ErrEmptySegment
	}
	for _, p := range k.Parts {
		if p == "" {
			return ErrEmptySegment
		}
	}
	return nil
}

// ParseThreadKey reads a thread key written by ThreadKey.String.
func ParseThreadKey(s string) (ThreadKey, error) {
	segs := strings.Split(s, ":")
	if len(segs) < 4 || segs[0] != "agent" {
		return ThreadKey{}, fmt.Errorf("%q is not agent:<agent>:<channel>:<thread…>", s)
	}
	var k ThreadKey
	for i, seg := range segs[1:] {
		v, err := Unescape(seg)
		if err != nil {
			return ThreadKey{}, err
		}
		if v == "" {
			return ThreadKey{}, ErrEmptySegment
		}
		switch i {
		case 0:
			k.Agent = v
		case 1:
			k.Channel = v
		default:
			k.Parts = append(k.Parts, v)
		}
	}
	return k, nil
}

// ChannelUserKey is the per-channel identity of a user (§7.0's default:
// WhatsApp Ryan is not Telegram Ryan).
func ChannelUserKey(channel, userID string) (string, error) {
	if channel == "" || userID == "" {
		return "", ErrEmptySegment
	}
	return "user:" + Escape(channel) + ":" + Escape(userID), nil
}

// PersonKey is the key identities are linked to.
func PersonKey(name string) (string, error) {
	if name == "" {
		return "", ErrEmptySegment
	}
	return "person:" + Escape(name), nil
}

// validUserKey reports whether s is a well-formed user: or person: key.
func validUserKey(s string) bool {
	segs := strings.Split(s, ":")
	switch {
	case len(segs) == 3 && segs[0] == "user":
	case len(segs) == 2 && segs[0] == "person":
	default:
		return false
	}
	for _, seg := range segs[1:] {
		if v, err := Unescape(seg); err != nil || v == "" {
			return false
		}
	}
	return true
}

// ResolveUserKey is the key a user's records are kept under: the person the
// channel identity is linked to, if any, else the channel identity itself.
func ResolveUserKey(links map[string]string, channel, userID string) (key, channelKey string, linked bool, err error) {
	channelKey, err = ChannelUserKey(channel, userID)
	if err != nil {
		return "", "", false, err
	}
	if p, ok := links[channelKey]; ok {
		return p, channelKey, true, nil
	}
	return channelKey, channelKey, false, nil
}

// CheckLinks validates identity links: user: keys to person: keys.
func CheckLinks(links map[string]string) error {
	for from, to := range links {
		if !validUserKey(from) || !strings.HasPrefix(from, "user:") {
			return fmt.Errorf("identity link from %q: not a user:<channel>:<id> key", from)
		}
		if !validUserKey(to) || !strings.HasPrefix(to, "person:") {
			return fmt.Errorf("identity link to %q: not a person:<name> key", to)
		}
	}
	return nil
}

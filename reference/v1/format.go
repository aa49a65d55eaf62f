// Package v1 is the reference implementation of the v1 profile: NanoClaw v1's
// message formatting, time zone, trigger and scheduling behaviour, as
// V1-RESTORED.md pins it. v1 ran on Node 20, so wherever JavaScript and Go's
// standard library disagree (Intl zone names, RegExp case folding, trim,
// parseInt, new Date(string), cron-parser) this package follows JavaScript,
// through reference/jsrt, reference/tzdb and reference/cronspec.
package v1

import (
	"strings"
	"unicode/utf8"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference/jsrt"
)

// xmlEscaper replaces in v1's order; strings.Replacer never re-scans its own
// output, so "&" first is equivalent to v1's chain of replace calls.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

// EscapeXML is v1's escapeXml: &, <, > and " are escaped; the apostrophe is not.
func EscapeXML(s string) string { return xmlEscaper.Replace(s) }

// Message is the part of v1's NewMessage that formatting reads.
type Message struct {
	SenderName            string
	Content               string
	Timestamp             string
	ReplyToMessageID      string
	ReplyToMessageContent string
	ReplyToSenderName     string
}

// FormatMessages is v1's formatMessages. The header shows the time zone as
// passed in (escaped), even when it is invalid; the message times fall back
// to UTC in that case. processTZ is the zone `new Date(s)` parses offset-less
// timestamps in.
func FormatMessages(messages []Message, timezone, processTZ string) string {
	message := func(k int) Message { return messages[k] }
	return string(appendFormatMessages(nil, false, len(messages), message, timezone, processTZ))
}

// appendFormatMessages appends FormatMessages' text for n messages
// (message(k) is the k-th) to b; with inJSON, as it reads inside a JSON
// string (as json.Marshal writes it), so that the operation's output is
// written in one pass. Both zones are looked up once for the whole batch.
func appendFormatMessages(b []byte, inJSON bool, n int, message func(k int) Message, timezone, processTZ string) []byte {
	text := func(b []byte, s string) []byte {
		if inJSON {
			return appendEscapedXMLInJSON(b, s)
		}
		return appendEscapedXML(b, s)
	}
	put := func(b []byte, m markup) []byte {
		if inJSON {
			return append(b, m.inJSON...)
		}
		return append(b, m.xml...)
	}
	loc, processLoc := intlLocation(timezone), intlLocation(processTZ)
	var day dayText
	b = put(b, contextOpen)
	b = text(b, timezone)
	b = put(b, contextClose)
	for i := range n {
		m := message(i)
		if i == 0 {
			b = put(b, messageOpen)
		} else {
			b = put(b, nextMessageOpen)
		}
		b = text(b, m.SenderName)
		b = put(b, timeAttr)
		// A formatted time never holds a character XML or JSON escapes.
		b = appendLocalTime(b, m.Timestamp, loc, processLoc, &day)
		if m.ReplyToMessageID != "" {
			b = put(b, replyAttr)
			b = text(b, m.ReplyToMessageID)
		}
		b = put(b, tagEnd)
		if m.ReplyToMessageContent != "" && m.ReplyToSenderName != "" {
			b = put(b, quotedOpen)
			b = text(b, m.ReplyToSenderName)
			b = put(b, quotedFromEnd)
			b = text(b, m.ReplyToMessageContent)
			b = put(b, quotedClose)
		}
		b = text(b, m.Content)
		b = put(b, messageClose)
	}
	return put(b, messagesClose)
}

// markup is a fixed piece of formatMessages' text, as it is and as it
// reads inside a JSON string.
type markup struct{ xml, inJSON string }

func newMarkup(s string) markup { return markup{s, string(protocol.AppendStringChars(nil, s))} }

// The markup around the values, in order: each attribute's closing quote
// is part of what follows it.
var (
	contextOpen     = newMarkup(`<context timezone="`)
	contextClose    = newMarkup("\" />\n<messages>\n")
	messageOpen     = newMarkup(`<message sender="`)
	nextMessageOpen = newMarkup("\n" + `<message sender="`)
	timeAttr        = newMarkup(`" time="`)
	replyAttr       = newMarkup(`" reply_to="`)
	tagEnd          = newMarkup(`">`)
	quotedOpen      = newMarkup("\n  <quoted_message from=\"")
	quotedFromEnd   = newMarkup(`">`)
	quotedClose     = newMarkup("</quoted_message>")
	messageClose    = newMarkup("</message>")
	messagesClose   = newMarkup("\n</messages>")
)

// xmlEntity is EscapeXML's replacement of each byte it escapes ("" for the
// others).
var xmlEntity = [256]string{'&': "&amp;", '<': "&lt;", '>': "&gt;", '"': "&quot;"}

// appendEscapedXML appends EscapeXML(s) to b.
func appendEscapedXML(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if e := xmlEntity[s[i]]; e != "" {
			b = append(b, s[start:i]...)
			b = append(b, e...)
			start = i + 1
		}
	}
	return append(b, s[start:]...)
}

var xmlEntityInJSON = [utf8.RuneSelf]string{'&': `\u0026amp;`, '<': `\u0026lt;`, '>': `\u0026gt;`, '"': `\u0026quot;`}

const (
	openTag  = "<internal>"
	closeTag = "</internal>"
)

// StripInternalTags is v1's stripInternalTags: the global, non-greedy
// /<internal>[\s\S]*?<\/internal>/g replace followed by JavaScript's trim.
// An <internal> with no closing tag after it cannot match, and neither can
// any later one, so the scan stops there and the rest is kept verbatim.
func StripInternalTags(text string) string {
	var b strings.Builder
	rest := text
	for {
		i := strings.Index(rest, openTag)
		if i < 0 {
			break
		}
		j := strings.Index(rest[i+len(openTag):], closeTag)
		if j < 0 {
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i+len(openTag)+j+len(closeTag):]
	}
	b.WriteString(rest)
	return jsrt.Trim(b.String())
}

// FormatOutbound is v1's formatOutbound: the stripped text, "" when nothing is left.
func FormatOutbound(raw string) string { return StripInternalTags(raw) }

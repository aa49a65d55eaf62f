// Package v1 is the reference implementation of the v1 profile: NanoClaw v1's
// message formatting, time zone, trigger and scheduling behaviour, as
// V1-RESTORED.md pins it. v1 ran on Node 20, so wherever JavaScript and Go's
// standard library disagree (Intl zone names, RegExp case folding, trim,
// parseInt, new Date(string), cron-parser) this package follows JavaScript,
// through reference/jsrt, reference/tzdb and reference/cronspec.
package v1

import (
	"strings"

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
	return string(appendFormatMessages(nil, false, messages, timezone, processTZ))
}

// appendFormatMessages appends FormatMessages' text to b; with inJSON, as
// it reads inside a JSON string (as json.Marshal writes it), so that the
// operation's output is written in one pass. Both zones are looked up once
// for the whole batch.
func appendFormatMessages(b []byte, inJSON bool, messages []Message, timezone, processTZ string) []byte {
	markup, text := appendMarkup, appendEscapedXML
	if inJSON {
		markup, text = protocol.AppendStringChars[string], appendEscapedXMLInJSON
	}
	zone := zoneCache{loc: intlLocation(timezone)}
	processLoc := intlLocation(processTZ)
	b = markup(b, `<context timezone="`)
	b = text(b, timezone)
	b = markup(b, "\" />\n<messages>\n")
	for i, m := range messages {
		if i > 0 {
			b = markup(b, "\n")
		}
		b = markup(b, `<message sender="`)
		b = text(b, m.SenderName)
		b = markup(b, `" time="`)
		// A formatted time never holds a character XML or JSON escapes.
		b = appendLocalTime(b, m.Timestamp, &zone, processLoc)
		b = markup(b, `"`)
		if m.ReplyToMessageID != "" {
			b = markup(b, ` reply_to="`)
			b = text(b, m.ReplyToMessageID)
			b = markup(b, `"`)
		}
		b = markup(b, ">")
		if m.ReplyToMessageContent != "" && m.ReplyToSenderName != "" {
			b = markup(b, "\n  <quoted_message from=\"")
			b = text(b, m.ReplyToSenderName)
			b = markup(b, `">`)
			b = text(b, m.ReplyToMessageContent)
			b = markup(b, "</quoted_message>")
		}
		b = text(b, m.Content)
		b = markup(b, "</message>")
	}
	return markup(b, "\n</messages>")
}

func appendMarkup(b []byte, s string) []byte { return append(b, s...) }

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

// appendEscapedXMLInJSON appends EscapeXML(s) as it reads inside a JSON
// string: each entity's "&" is \u0026 there.
func appendEscapedXMLInJSON(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		if e := xmlEntity[s[i]]; e != "" {
			b = protocol.AppendStringChars(b, s[start:i])
			b = append(b, `\u0026`...)
			b = append(b, e[1:]...)
			start = i + 1
		}
	}
	return protocol.AppendStringChars(b, s[start:])
}

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

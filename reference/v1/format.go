// Package v1 is the reference implementation of the v1 profile: NanoClaw v1's
// message formatting, time zone, trigger and scheduling behaviour, as
// V1-RESTORED.md pins it. v1 ran on Node 20, so wherever JavaScript and Go's
// standard library disagree (Intl zone names, RegExp case folding, trim,
// parseInt, new Date(string), cron-parser) this package follows JavaScript,
// through reference/jsrt, reference/tzdb and reference/cronspec.
package v1

import (
	"strings"

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
	var b strings.Builder
	b.WriteString(`<context timezone="`)
	b.WriteString(EscapeXML(timezone))
	b.WriteString("\" />\n<messages>\n")
	for i, m := range messages {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(`<message sender="`)
		b.WriteString(EscapeXML(m.SenderName))
		b.WriteString(`" time="`)
		b.WriteString(EscapeXML(FormatLocalTime(m.Timestamp, timezone, processTZ)))
		b.WriteByte('"')
		if m.ReplyToMessageID != "" {
			b.WriteString(` reply_to="`)
			b.WriteString(EscapeXML(m.ReplyToMessageID))
			b.WriteByte('"')
		}
		b.WriteByte('>')
		if m.ReplyToMessageContent != "" && m.ReplyToSenderName != "" {
			b.WriteString("\n  <quoted_message from=\"")
			b.WriteString(EscapeXML(m.ReplyToSenderName))
			b.WriteString(`">`)
			b.WriteString(EscapeXML(m.ReplyToMessageContent))
			b.WriteString("</quoted_message>")
		}
		b.WriteString(EscapeXML(m.Content))
		b.WriteString("</message>")
	}
	b.WriteString("\n</messages>")
	return b.String()
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

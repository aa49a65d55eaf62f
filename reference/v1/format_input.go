package v1

import (
	"sync"

	"github.com/clockspec/clockspec/reference/jsonin"
)

// formatMessagesIn is format_messages' input as the general decoder reads
// it (decode: encoding/json, case variants of a field ignored).
type formatMessagesIn struct {
	Messages        *[]messageIn `json:"messages"`
	Timezone        *string      `json:"timezone"`
	ProcessTimezone string       `json:"process_timezone"`
}

// formatInput is format_messages' input as the operation uses it.
type formatInput struct {
	hasMessages, hasTimezone bool
	messages                 []Message
	// incomplete is the index of the first message without sender_name,
	// content or timestamp (null counts as without), or -1.
	incomplete          int
	timezone, processTZ string
}

func (in *formatMessagesIn) formatInput() formatInput {
	f := formatInput{hasMessages: in.Messages != nil, hasTimezone: in.Timezone != nil, incomplete: -1,
		timezone: str(in.Timezone), processTZ: in.ProcessTimezone}
	if in.Messages == nil {
		return f
	}
	f.messages = make([]Message, len(*in.Messages))
	for i, m := range *in.Messages {
		if (m.SenderName == nil || m.Content == nil || m.Timestamp == nil) && f.incomplete < 0 {
			f.incomplete = i
		}
		f.messages[i] = Message{str(m.SenderName), str(m.Content), str(m.Timestamp),
			str(m.ReplyToMessageID), str(m.ReplyToMessageContent), str(m.ReplyToSenderName)}
	}
	return f
}

// readFormatInput reads format_messages' input in one pass over the bytes,
// for the inputs where that gives exactly what the general decoder gives:
// valid JSON in which every key is plain ASCII, no key the operation reads
// appears twice in its object, and every value it reads is a string or
// null (a message an object or null). An unknown key is skipped, and so is
// one that names a field only up to case (as decode ignores it). Anything
// else, ok=false, goes to the general decoder, which decides it. The
// strings share input's bytes where they need no decoding: the operation
// uses them only while it runs.
func readFormatInput(input []byte) (f formatInput, ok bool) {
	r := jsonin.NewReader(input)
	if !r.Open('{') {
		return f, false
	}
	f.incomplete = -1
	var seen [3]bool
	ok = r.Members(func(r *jsonin.Reader, key []byte) bool {
		field := -1
		switch string(key) {
		case "messages":
			field = 0
		case "timezone":
			field = 1
		case "process_timezone":
			field = 2
		default:
			return r.Skip()
		}
		if seen[field] {
			return false
		}
		seen[field] = true
		if r.Null() {
			return true
		}
		var read bool
		switch field {
		case 0:
			f.hasMessages = true
			read = readMessages(r, &f)
		case 1:
			f.hasTimezone = true
			f.timezone, read = r.TextView()
		default:
			f.processTZ, read = r.TextView()
		}
		return read
	})
	return f, ok && r.End()
}

// messagePool keeps the message lists the one-pass reader fills: a batch's
// list is needed only while its text is written (release).
var messagePool = sync.Pool{New: func() any { s := make([]Message, 0, 16); return &s }}

// release gives the message list back to the pool, emptied, so that it
// keeps no strings (which may share an input's bytes) alive.
func (f *formatInput) release() {
	if f.messages == nil || cap(f.messages) > 1024 {
		return // the general decoder's list, or one too large to keep
	}
	clear(f.messages[:cap(f.messages)])
	s := f.messages[:0]
	f.messages = nil
	messagePool.Put(&s)
}

func readMessages(r *jsonin.Reader, f *formatInput) bool {
	if !r.Open('[') {
		return false
	}
	f.messages = (*messagePool.Get().(*[]Message))[:0]
	if r.Close(']') {
		return true
	}
	for {
		var m Message
		complete := false
		if !r.Null() {
			var ok bool
			if complete, ok = readMessage(r, &m); !ok {
				return false
			}
		}
		if !complete && f.incomplete < 0 {
			f.incomplete = len(f.messages)
		}
		f.messages = append(f.messages, m)
		if r.Close(']') {
			return true
		}
		if !r.Consume(',') {
			return false
		}
	}
}

// readMessage reads one message object; complete says it has a
// sender_name, a content and a timestamp (not null).
func readMessage(r *jsonin.Reader, m *Message) (complete, ok bool) {
	if !r.Open('{') {
		return false, false
	}
	var seen [6]bool
	var set [6]bool
	ok = r.Members(func(r *jsonin.Reader, key []byte) bool {
		var dst *string
		field := -1
		switch string(key) {
		case "sender_name":
			field, dst = 0, &m.SenderName
		case "content":
			field, dst = 1, &m.Content
		case "timestamp":
			field, dst = 2, &m.Timestamp
		case "reply_to_message_id":
			field, dst = 3, &m.ReplyToMessageID
		case "reply_to_message_content":
			field, dst = 4, &m.ReplyToMessageContent
		case "reply_to_sender_name":
			field, dst = 5, &m.ReplyToSenderName
		default:
			return r.Skip()
		}
		if seen[field] {
			return false
		}
		seen[field] = true
		if r.Null() {
			return true
		}
		set[field] = true
		var ok bool
		*dst, ok = r.TextView()
		return ok
	})
	return set[0] && set[1] && set[2], ok
}

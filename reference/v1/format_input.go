package v1

import (
	"encoding/binary"
	"math"
	"sync"
	"unsafe"

	"github.com/clockspec/clockspec/internal/jsonin"
)

// formatInput is format_messages' input as the operation uses it.
type formatInput struct {
	hasMessages, hasTimezone bool
	messages                 []Message
	// incomplete is the index of the first message without sender_name,
	// content or timestamp (null counts as without), or -1.
	incomplete          int
	timezone, processTZ string
	// The one-pass reader's messages are spans of its input and of its
	// scratch buffer (messages is the general decoder's).
	spans   []messageSpans
	input   []byte
	scratch *formatScratch
}

// count is the number of messages.
func (f *formatInput) count() int {
	if f.spans != nil {
		return len(f.spans)
	}
	return len(f.messages)
}

// message is the k-th message, its strings sharing the input's bytes and
// the scratch buffer's where the one-pass reader read it.
func (f *formatInput) message(k int) Message {
	if f.spans == nil {
		return f.messages[k]
	}
	sp := &f.spans[k]
	return Message{f.str(sp[0]), f.str(sp[1]), f.str(sp[2]), f.str(sp[3]), f.str(sp[4]), f.str(sp[5])}
}

// messageToWrite is message for appendFormatMessages: a string the
// one-pass reader left as a literal is given as the literal's bytes
// between its quotes, and its bit (1<<field, in Message's order) is set in
// literals, for the writer to read and write it in one pass.
func (f *formatInput) messageToWrite(k int) (m Message, literals uint8) {
	if f.spans == nil {
		return f.messages[k], 0
	}
	var s [6]string
	for field, sp := range &f.spans[k] {
		switch {
		case sp.n == 0:
		case sp.kind == spanDecoded:
			s[field] = unsafe.String(&f.scratch.text[sp.off], sp.n)
		case sp.kind == spanLiteral && field == timestampField:
			// The timestamp is parsed, never written as text: it is
			// given decoded ("\r0" is a carriage return, then 0).
			s[field] = f.str(sp)
		default: // for a literal, its bytes between the quotes (never empty: it holds an escape)
			s[field] = unsafe.String(&f.input[sp.off], sp.n)
			if sp.kind == spanLiteral {
				literals |= 1 << field
			}
		}
	}
	return Message{s[0], s[1], s[2], s[3], s[4], s[5]}, literals
}

// A span is a string the one-pass reader read: its place in the input (as
// it is, or as a literal to read), or in the scratch buffer (decoded). It
// holds no pointer, so that filling the message list needs no write
// barrier and the list is nothing for the garbage collector to scan.
type span struct {
	off, n uint32
	kind   uint8
}

// The kinds of span.
const (
	spanPlain   = iota // the string's own bytes, in the input
	spanDecoded        // the string, decoded into the scratch buffer
	// spanLiteral: the bytes between the quotes of a literal that
	// jsonin.ScanStringEscapes calls short, in the input. Only the
	// writer reads them as they are (appendLiteralXMLInJSON); str decodes.
	spanLiteral
)

// timestampField is Timestamp's place in Message's order.
const timestampField = 2

// messageSpans are a message's strings in Message's order.
type messageSpans [6]span

// str is the string sp stands for.
func (f *formatInput) str(sp span) string {
	switch {
	case sp.n == 0:
		return ""
	case sp.kind == spanDecoded:
		return unsafe.String(&f.scratch.text[sp.off], sp.n)
	case sp.kind == spanLiteral:
		s, _ := jsonin.Unquote(f.input[sp.off-1 : sp.off+sp.n+1])
		return s
	default:
		return unsafe.String(&f.input[sp.off], sp.n)
	}
}

// readFormatInput reads format_messages' input in one pass over the bytes,
// for the inputs where that gives exactly what the general decoder gives:
// valid JSON in which every key is plain ASCII, no key the operation reads
// appears twice in its object, and every value it reads is a string or
// null (a message an object or null). An unknown key is skipped, and so is
// one that names a field only up to case (as decode ignores it). Anything
// else, ok=false, goes to the general decoder, which decides it. The
// strings are spans of the input (a literal with only two-character
// escapes is read where it is written out) or of one pooled buffer (the
// other strings that need decoding): the operation uses them only while it
// runs, and then gives them back (release).
//
// It keeps its place in a local index and checks the JSON with jsonin's
// steps (the ones jsonin.Reader is made of), so that the hot path reads and
// writes no reader state in memory.
func readFormatInput(input []byte) (f formatInput, ok bool) {
	f.incomplete, f.input = -1, input
	if len(input) > math.MaxUint32 {
		return f, false // beyond what a span places
	}
	d := input
	i := jsonin.SkipSpace(d, 0)
	if i >= len(d) || d[i] != '{' {
		return f, false
	}
	if i = jsonin.SkipSpace(d, i+1); i < len(d) && d[i] == '}' {
		return f, jsonin.SkipSpace(d, i+1) == len(d)
	}
	var seen [3]bool
	for {
		key, at := member(d, i)
		if at < 0 {
			return f, false
		}
		i = at
		field := -1
		switch string(key) {
		case "messages":
			field = 0
		case "timezone":
			field = 1
		case "process_timezone":
			field = 2
		}
		switch {
		case field < 0:
			i = jsonin.SkipValue(d, i, 1)
		case seen[field]:
			return f, false
		case isNull(d, i):
			seen[field] = true
			i += len("null")
		case field == 0:
			seen[0], f.hasMessages = true, true
			i = readMessages(d, i, &f)
		default:
			seen[field] = true
			var sp span
			sp, i = f.text(d, i)
			s := f.str(sp)
			if field == 1 {
				f.hasTimezone, f.timezone = true, s
			} else {
				f.processTZ = s
			}
		}
		if i < 0 {
			return f, false
		}
		switch i = jsonin.SkipSpace(d, i); {
		case i < len(d) && d[i] == ',':
			i = jsonin.SkipSpace(d, i+1)
		case i < len(d) && d[i] == '}':
			return f, jsonin.SkipSpace(d, i+1) == len(d)
		default:
			return f, false
		}
	}
}

// member reads an object member's key, which must be plain (see
// jsonin.ScanString), and its colon, from d[i] on; at is the index of its
// value, or -1.
func member(d []byte, i int) (key []byte, at int) {
	end, plain := jsonin.ScanString(d, i)
	if end < 0 || !plain {
		return nil, -1
	}
	key = d[i+1 : end-1]
	if i = jsonin.SkipSpace(d, end); i >= len(d) || d[i] != ':' {
		return nil, -1
	}
	return key, jsonin.SkipSpace(d, i+1)
}

func isNull(d []byte, i int) bool { return len(d)-i >= 4 && string(d[i:i+4]) == "null" }

// formatScratch is what the one-pass reader fills: the message list and
// the buffer of the strings that need decoding. A batch's are needed only
// while its text is written (release).
type formatScratch struct {
	spans []messageSpans
	text  []byte
}

var scratchPool = sync.Pool{New: func() any {
	return &formatScratch{spans: make([]messageSpans, 0, 16), text: make([]byte, 0, 1024)}
}}

// text reads the string that starts at d[i] as jsonin.Reader.TextView
// does, except that a literal with only two-character escapes is kept as
// it is (spanLiteral: the writer reads it in the pass that writes it), and
// any other string that is not plain is decoded into the scratch buffer
// (one with no escape decodes to its own bytes, as TextView shares them);
// end is the index after it, or -1.
func (f *formatInput) text(d []byte, i int) (sp span, end int) {
	end, plain, short := jsonin.ScanStringEscapes(d, i)
	switch {
	case end < 0:
		return sp, -1
	case plain:
		return span{off: uint32(i + 1), n: uint32(end - i - 2)}, end
	case short:
		return span{off: uint32(i + 1), n: uint32(end - i - 2), kind: spanLiteral}, end
	}
	lit := d[i:end]
	if f.scratch == nil {
		f.scratch = scratchPool.Get().(*formatScratch)
	}
	from := len(f.scratch.text)
	text, ok := jsonin.AppendUnquoted(f.scratch.text, lit)
	f.scratch.text = text
	if !ok || len(text) > math.MaxUint32 {
		return sp, -1
	}
	return span{off: uint32(from), n: uint32(len(text) - from), kind: spanDecoded}, end
}

// release gives the scratch back to the pool. The spans hold no pointer,
// and the strings made from them are not used after the call: nothing
// needs clearing.
func (f *formatInput) release() {
	sc := f.scratch
	f.scratch, f.spans = nil, nil
	if sc == nil || cap(sc.spans) > 1024 || cap(sc.text) > 64<<10 {
		return // none, or too large to keep
	}
	sc.spans, sc.text = sc.spans[:0], sc.text[:0]
	scratchPool.Put(sc)
}

// readMessages reads the list of messages that starts at d[i]; it returns
// the index after it, or -1.
func readMessages(d []byte, i int, f *formatInput) int {
	if i >= len(d) || d[i] != '[' {
		return -1
	}
	if f.scratch == nil {
		f.scratch = scratchPool.Get().(*formatScratch)
	}
	f.spans = f.scratch.spans[:0]
	if i = jsonin.SkipSpace(d, i+1); i < len(d) && d[i] == ']' {
		return i + 1
	}
	var between, inside indent // after a comma between messages, inside one
	for {
		if len(f.spans) == cap(f.spans) {
			f.spans = append(f.spans, messageSpans{})
			f.scratch.spans = f.spans[:0] // the pool gets the list back as it grew
		} else {
			f.spans = f.spans[:len(f.spans)+1]
			f.spans[len(f.spans)-1] = messageSpans{}
		}
		complete := false
		if isNull(d, i) {
			i += len("null")
		} else if i, complete = f.readMessage(d, i, &f.spans[len(f.spans)-1], &inside); i < 0 {
			return -1
		}
		if !complete && f.incomplete < 0 {
			f.incomplete = len(f.spans) - 1
		}
		switch i = jsonin.SkipSpace(d, i); {
		case i < len(d) && d[i] == ',':
			i = between.skip(d, i+1)
		case i < len(d) && d[i] == ']':
			return i + 1
		default:
			return -1
		}
	}
}

// readMessage reads the message object that starts at d[i] into m (its
// strings in Message's order); it returns the index after it (or -1), and
// complete says it has a sender_name, a content and a timestamp (not null).
// indentAfter predicts the white space after its commas.
func (f *formatInput) readMessage(d []byte, i int, m *messageSpans, indentAfter *indent) (end int, complete bool) {
	if i >= len(d) || d[i] != '{' {
		return -1, false
	}
	if i = jsonin.SkipSpace(d, i+1); i < len(d) && d[i] == '}' {
		return i + 1, false
	}
	between := *indentAfter // a local while the members are read
	var seen, set [6]bool
	for {
		field, end, at := knownKey(d, i)
		if at >= 0 {
			i = at
		} else if field, i = messageKey(d, i, field, end); i < 0 {
			return -1, false
		}
		switch {
		case field < 0:
			// Depth 3: the input object, its list, this message.
			i = jsonin.SkipValue(d, i, 3)
		case seen[field]:
			return -1, false
		case i < len(d) && d[i] == '"':
			seen[field], set[field] = true, true
			m[field], i = f.text(d, i)
		case isNull(d, i):
			seen[field] = true
			i += len("null")
		default:
			return -1, false // not a string: the general decoder's to refuse
		}
		if i < 0 {
			return -1, false
		}
		switch i = jsonin.SkipSpace(d, i); {
		case i < len(d) && d[i] == ',':
			// between.skip(d, i+1), written out: the hottest white space.
			if between.mask != 0 && i+9 <= len(d) && binary.LittleEndian.Uint64(d[i+1:])&between.mask == between.word {
				i += 1 + between.n
			} else {
				between, i = between.learn(d, i+1)
			}
		case i < len(d) && d[i] == '}':
			*indentAfter = between
			return i + 1, set[0] && set[1] && set[2]
		default:
			return -1, false
		}
	}
}

// messageKey reads a message member's key and its colon from d[i] on, as
// member does, and returns the field it fills (-1: none, its value is to
// be skipped) and the index of its value (-1: not JSON this reader reads).
// field and end are what knownKey found at i.
func messageKey(d []byte, i, field, end int) (int, int) {
	if end < 0 {
		key, at := member(d, i)
		if at < 0 {
			return -1, -1
		}
		switch string(key) {
		case "sender_name":
			return 0, at
		case "content":
			return 1, at
		case "timestamp":
			return 2, at
		case "reply_to_message_id":
			return 3, at
		case "reply_to_message_content":
			return 4, at
		case "reply_to_sender_name":
			return 5, at
		}
		return -1, at
	}
	if i = jsonin.SkipSpace(d, end); i >= len(d) || d[i] != ':' {
		return -1, -1
	}
	return field, jsonin.SkipSpace(d, i+1)
}

// knownKey recognizes a key of v1's NewMessage at d[i] by its bytes, quotes
// included, which only that plain key literal has: its first eight bytes
// as one word, then the rest as a constant. It returns the field the key
// fills (-1: one formatting does not read) and the index after its closing
// quote, or end -1 for any other key (and near the end of d), which member
// reads; at is the index of the value where `": "` and the value follow
// the key, as indented JSON writes them, and -1 otherwise. These are almost
// all the keys a batch holds, and recognizing one costs a few compares
// instead of a scan of the string.
func knownKey(d []byte, i int) (field, end, at int) {
	if len(d)-i < 32 { // room for the longest and what follows, so no compare needs a length check
		return -1, -1, -1
	}
	k := (*[32]byte)(d[i : i+32])
	w := binary.LittleEndian.Uint64(k[:8])
	n := 0 // the key's length, quotes included
	switch w {
	case 0x5f7265646e657322: // "sender_
		if string(k[8:13]) == `name"` {
			field, n = 0, 13
		}
	case 0x746e65746e6f6322: // "content
		if k[8] == '"' {
			field, n = 1, 9
		}
	case 0x617473656d697422: // "timesta
		if string(k[8:11]) == `mp"` {
			field, n = 2, 11
		}
	case 0x745f796c70657222: // "reply_t
		switch {
		case string(k[8:21]) == `o_message_id"`:
			field, n = 3, 21
		case string(k[8:26]) == `o_message_content"`:
			field, n = 4, 26
		case string(k[8:22]) == `o_sender_name"`:
			field, n = 5, 22
		}
	case 0x696a5f7461686322: // "chat_ji
		if string(k[8:10]) == `d"` {
			field, n = -1, 10
		}
	case 0x227265646e657322: // "sender"
		field, n = -1, 8
	case 0x6d6f72665f736922: // "is_from
		if string(k[8:12]) == `_me"` {
			field, n = -1, 12
		}
	default:
		if uint32(w) == 0x22646922 { // "id"
			field, n = -1, 4
		}
	}
	if n == 0 {
		return -1, -1, -1
	}
	if n <= 26 && k[n] == ':' && k[n+1] == ' ' && k[n+2] > ' ' {
		return field, i + n, i + n + 2
	}
	return field, i + n, -1
}

// indent predicts the white space after a comma: indented JSON repeats the
// same line feed and indent after every comma of a list or an object, and
// the same byte after it (a key's quote, a list's brace). It keeps the run
// (of up to seven bytes) that came after the last one and the byte that
// ended it.
type indent struct {
	word, mask uint64 // the run and the byte after it, in a word under mask
	n          int    // the run's length
}

// skip is jsonin.SkipSpace(d, i), in one word compare where the bytes at i
// are the run it keeps and the byte after them the one that ended it: the
// run was all white space when it kept it, and that byte was not.
func (in *indent) skip(d []byte, i int) int {
	// With no run yet (an empty mask), it learns.
	if in.mask != 0 && i+8 <= len(d) && binary.LittleEndian.Uint64(d[i:])&in.mask == in.word {
		return i + in.n
	}
	*in, i = in.learn(d, i)
	return i
}

// learn is jsonin.SkipSpace(d, i), and the indent that keeps the run it
// skips and the byte after it (in itself, where they do not fit a word).
func (in indent) learn(d []byte, i int) (indent, int) {
	j := jsonin.SkipSpace(d, i)
	if n := j - i; n <= 7 && j < len(d) && i+8 <= len(d) {
		in.n, in.mask = n, ^uint64(0)>>(64-8*(n+1))
		in.word = binary.LittleEndian.Uint64(d[i:]) & in.mask
	}
	return in, j
}

package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Event is one line of a conversation's transcript.
type Event struct {
	Kind  string `json:"kind"`  // clock, world, user, call, reply, ask, fault, note, check
	Clock string `json:"clock"` // the virtual clock
	From  string `json:"from,omitempty"`
	Text  string `json:"text,omitempty"`
	Call  *Call  `json:"call,omitempty"`
	OK    *bool  `json:"ok,omitempty"` // a check's verdict
}

// trial is one conversation: the world, the transcript, the faults.
type trial struct {
	world      *World
	events     []Event
	faults     []*Fault
	turnStart  int // the index in world.Calls where the current turn's calls start
	pendingAsk int // the seq of the ask_user call the last turn ended on, 0: none
	lastReply  string
	user       *simUser // the simulated user's facts and answers
}

// The transcript's bounds: what an agent, an endpoint or a judge says is
// kept in memory and in the report up to these (a reply of 60 MiB, or a
// loop of notes, would otherwise be kept whole and written whole).
const (
	maxEventText = 8 << 10 // one event's text, cut with "…"
	maxEvents    = 2000    // one trial's events; past them one note says so
)

func (t *trial) add(e Event) {
	if len(t.events) >= maxEvents {
		return
	}
	if e.Clock == "" {
		e.Clock = t.world.clock()
	}
	if len(e.Text) > maxEventText {
		e.Text = cutText(e.Text, maxEventText)
	}
	if len(t.events) == maxEvents-1 {
		e = Event{Kind: "note", Clock: e.Clock, Text: fmt.Sprintf("the transcript is cut here: more than %d events", maxEvents)}
	}
	t.events = append(t.events, e)
}

// cutText is s cut to at most n bytes on a rune boundary, with "…".
func cutText(s string, n int) string {
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// host is the trial as a driver's Host.
type host struct{ t *trial }

func (h host) Tools() []ToolDef { return h.t.world.tools.defs }

func (h host) Exec(ctx context.Context, tool string, args json.RawMessage) json.RawMessage {
	res := h.t.world.Exec(ctx, tool, args)
	c := h.t.world.Calls[len(h.t.world.Calls)-1]
	h.t.add(Event{Kind: "call", Call: &c})
	if tool == "ask_user" && c.Refused == "" {
		h.t.pendingAsk = c.Seq
		var q struct {
			Question string `json:"question"`
		}
		_ = json.Unmarshal(args, &q)
		h.t.add(Event{Kind: "ask", Text: q.Question})
	}
	return res
}

func (h host) Fault(kind, msg string) {
	f := &Fault{Kind: kind, Msg: msg}
	h.t.faults = append(h.t.faults, f)
	h.t.add(Event{Kind: "fault", Text: f.Error()})
}

func (h host) Note(kind, text string) { h.t.add(Event{Kind: kind, Text: text}) }

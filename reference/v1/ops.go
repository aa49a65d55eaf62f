package v1

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every v1 operation name to its handler: the generated
// Dispatch over the typed handlers below (the input schema, checked by the
// caller, decides what is well-formed).
func Operations() map[string]protocol.OperationFunc { return Dispatch(handlers{}) }

// handlers implements every v1 operation on its typed input.
type handlers struct{}

type stringResult struct {
	Result string `json:"result"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func (handlers) EscapeXml(in *EscapeXmlArgs) (any, *protocol.Error) {
	return stringResult{EscapeXML(str(in.Text.Value))}, nil
}

func (handlers) StripInternalTags(in *StripInternalTagsArgs) (any, *protocol.Error) {
	return stringResult{StripInternalTags(in.Text)}, nil
}

func (handlers) FormatOutbound(in *FormatOutboundArgs) (any, *protocol.Error) {
	return stringResult{FormatOutbound(in.Text)}, nil
}

// FormatMessages writes {"result": the text} as json.Marshal writes it, in
// a buffer kept for the next call, then copied out at its size. Its input
// is read as views (gen's view operations): nothing of it is kept.
func (handlers) FormatMessages(in *FormatMessagesArgs) (any, *protocol.Error) {
	message := func(k int) Message {
		m := &in.Messages[k]
		return Message{m.SenderName, m.Content, m.Timestamp,
			str(m.ReplyToMessageID.Value), str(m.ReplyToMessageContent.Value), str(m.ReplyToSenderName.Value)}
	}
	buf := outputPool.Get().(*[]byte)
	out := append((*buf)[:0], `{"result":"`...)
	out = appendFormatMessages(out, true, len(in.Messages), message, in.Timezone, str(in.ProcessTimezone))
	out = append(out, `"}`...)
	encoded := protocol.Encoded(bytes.Clone(out))
	if cap(out) <= 1<<20 {
		*buf = out
		outputPool.Put(buf)
	}
	return encoded, nil
}

var outputPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

func (handlers) FormatLocalTime(in *FormatLocalTimeArgs) (any, *protocol.Error) {
	return stringResult{FormatLocalTime(in.Timestamp, in.Timezone, str(in.ProcessTimezone))}, nil
}

func (handlers) IsValidTimezone(in *IsValidTimezoneArgs) (any, *protocol.Error) {
	return struct {
		Valid bool `json:"valid"`
	}{IsValidTimezone(in.Timezone)}, nil
}

func (handlers) ResolveTimezone(in *ResolveTimezoneArgs) (any, *protocol.Error) {
	return struct {
		Timezone string `json:"timezone"`
	}{ResolveTimezone(in.Timezone)}, nil
}

func assistantName(p *string) string {
	if p == nil {
		return DefaultAssistantName
	}
	return *p
}

func (handlers) TriggerMatch(in *TriggerMatchArgs) (any, *protocol.Error) {
	trigger := EffectiveTrigger(in.Trigger.Value, assistantName(in.AssistantName))
	return struct {
		Matched bool   `json:"matched"`
		Trigger string `json:"trigger"`
	}{TriggerMatches(trigger, in.Content), trigger}, nil
}

func (handlers) ShouldProcess(in *ShouldProcessArgs) (any, *protocol.Error) {
	contents := make([]string, len(in.Messages))
	for i, m := range in.Messages {
		contents[i] = m.Content
	}
	g := Group{IsMain: in.IsMain, RequiresTrigger: in.RequiresTrigger.Value, Trigger: in.Trigger.Value}
	return struct {
		Process bool `json:"process"`
	}{ShouldProcess(g, contents, assistantName(in.AssistantName))}, nil
}

// rfc3339Shape is the shape the input schema's date-time format (and v1's
// oracle) requires of now: time.Parse alone also takes a one-digit hour
// ("2026-01-01T0:00:00Z", found by FuzzV1Fields).
var rfc3339Shape = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$`)

func (handlers) ComputeNextRun(in *ComputeNextRunArgs) (any, *protocol.Error) {
	return computeNextRun(in.Now, in.Timezone, str(in.ProcessTimezone), ComputeNextRunArgsTask(in.Task), ComputeNextRun)
}

func (handlers) ComputeNextRunDstSafe(in *ComputeNextRunDstSafeArgs) (any, *protocol.Error) {
	return computeNextRun(in.Now, in.Timezone, str(in.ProcessTimezone), ComputeNextRunArgsTask(in.Task), ComputeNextRunDSTSafe)
}

func computeNextRun(nowText, timezone, processTZ string, t ComputeNextRunArgsTask, compute func(Task, time.Time, string, string) (*time.Time, *protocol.Error)) (any, *protocol.Error) {
	// RFC 3339 (and JavaScript's Date) take t and z in either case; Go's
	// parser only upper case. A leap second the schema refuses (see its
	// pattern): JavaScript's clock has none.
	now, err := time.Parse(time.RFC3339Nano, strings.ToUpper(nowText))
	if err != nil || !rfc3339Shape.MatchString(nowText) {
		return nil, protocol.Errorf(protocol.CodeInvalidInput, "input: now %q is not an RFC 3339 date-time", nowText)
	}
	task := Task{ScheduleType: t.ScheduleType, ScheduleValue: t.ScheduleValue, NextRun: t.NextRun.Value, NextRunSet: t.NextRun.Present}
	next, perr := compute(task, now, timezone, processTZ)
	if perr != nil {
		return nil, perr
	}
	out := struct {
		NextRun *string `json:"next_run"`
	}{}
	if next != nil {
		s := ISOString(*next)
		out.NextRun = &s
	}
	return out, nil
}

func (handlers) ResolveConfigTimezone(in *ResolveConfigTimezoneArgs) (any, *protocol.Error) {
	r := ResolveConfigTimezone(str(in.EnvTZ.Value), str(in.DotenvTZ.Value), str(in.SystemTZ.Value))
	return struct {
		Timezone string `json:"timezone"`
		Source   string `json:"source"`
	}{r.Timezone, r.Source}, nil
}

// ValidateGroupFolder: null is a folder v1 could be handed (and refuses).
func (handlers) ValidateGroupFolder(in *ValidateGroupFolderArgs) (any, *protocol.Error) {
	return struct {
		Valid bool `json:"valid"`
	}{in.Folder != nil && ValidGroupFolder(*in.Folder)}, nil
}

type runLog struct {
	TaskID string  `json:"task_id"`
	Status string  `json:"status"`
	Result *string `json:"result"`
	Error  string  `json:"error"`
}

func (handlers) CheckDueTask(in *CheckDueTaskArgs) (any, *protocol.Error) {
	o := CheckDueTask(in.Task.GroupFolder, in.Task.Status)
	out := struct {
		Action string  `json:"action"`
		Status string  `json:"status"`
		RunLog *runLog `json:"run_log,omitempty"`
	}{Action: o.Action, Status: o.Status}
	if o.RunLogError != "" {
		out.RunLog = &runLog{TaskID: in.Task.ID, Status: "error", Error: o.RunLogError}
	}
	return out, nil
}

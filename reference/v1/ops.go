package v1

import (
	"bytes"
	"encoding/json"
	"regexp"
	"sync"
	"time"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
)

// Operations maps every v1 operation name to its handler.
func Operations() map[string]protocol.OperationFunc {
	return map[string]protocol.OperationFunc{
		"v1.escape_xml":                escapeXMLOp,
		"v1.format_messages":           formatMessagesOp,
		"v1.strip_internal_tags":       textOp(StripInternalTags),
		"v1.format_outbound":           textOp(FormatOutbound),
		"v1.format_local_time":         formatLocalTimeOp,
		"v1.is_valid_timezone":         isValidTimezoneOp,
		"v1.resolve_timezone":          resolveTimezoneOp,
		"v1.trigger_match":             triggerMatchOp,
		"v1.should_process":            shouldProcessOp,
		"v1.compute_next_run":          computeNextRunOp(ComputeNextRun),
		"v1.compute_next_run_dst_safe": computeNextRunOp(ComputeNextRunDSTSafe),
		"v1.resolve_config_timezone":   resolveConfigTimezoneOp,
		"v1.validate_group_folder":     validateGroupFolderOp,
		"v1.check_due_task":            checkDueTaskOp,
	}
}

type stringResult struct {
	Result string `json:"result"`
}

// decode reads the input into v, refusing anything that is not one JSON
// object of the right field types. Unknown fields are allowed: v1's own
// types carried more fields than each function read; a key that differs
// from a field only by case ("teXt") is one of them, as the open input
// schemas and JavaScript read it.
func decode(input json.RawMessage, v any) *protocol.Error {
	if len(jsonin.TrimSpace(input)) == 0 || jsonin.TrimSpace(input)[0] != '{' {
		return protocol.Errorf(protocol.CodeInvalidInput, "input must be a JSON object")
	}
	if err := jsonin.DecodeOpen(input, v); err != nil {
		return protocol.Errorf(protocol.CodeInvalidInput, "%v", err)
	}
	return nil
}

func missing(field string) *protocol.Error {
	return protocol.Errorf(protocol.CodeInvalidInput, "input: %s is required", field)
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func escapeXMLOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Text *string `json:"text"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	return stringResult{EscapeXML(str(in.Text))}, nil
}

func textOp(f func(string) string) protocol.OperationFunc {
	return func(input json.RawMessage) (any, *protocol.Error) {
		var in struct {
			Text *string `json:"text"`
		}
		if err := decode(input, &in); err != nil {
			return nil, err
		}
		if in.Text == nil {
			return nil, missing("text")
		}
		return stringResult{f(*in.Text)}, nil
	}
}

type messageIn struct {
	SenderName            *string `json:"sender_name"`
	Content               *string `json:"content"`
	Timestamp             *string `json:"timestamp"`
	ReplyToMessageID      *string `json:"reply_to_message_id"`
	ReplyToMessageContent *string `json:"reply_to_message_content"`
	ReplyToSenderName     *string `json:"reply_to_sender_name"`
}

func formatMessagesOp(input json.RawMessage) (any, *protocol.Error) {
	in, ok := readFormatInput(input)
	if ok {
		defer in.release()
	} else {
		in.release()
		var general formatMessagesIn
		if err := decode(input, &general); err != nil {
			return nil, err
		}
		in = general.formatInput()
	}
	if !in.hasMessages {
		return nil, missing("messages")
	}
	if !in.hasTimezone {
		return nil, missing("timezone")
	}
	if in.incomplete >= 0 {
		return nil, protocol.Errorf(protocol.CodeInvalidInput, "input: messages[%d] needs sender_name, content and timestamp", in.incomplete)
	}
	// {"result": the text}, as json.Marshal writes it: written in a
	// buffer kept for the next call, then copied out at its size.
	buf := outputPool.Get().(*[]byte)
	out := append((*buf)[:0], `{"result":"`...)
	out = appendFormatMessages(out, true, in.count(), in.messageToWrite, in.timezone, in.processTZ)
	out = append(out, `"}`...)
	encoded := protocol.Encoded(bytes.Clone(out))
	if cap(out) <= 1<<20 {
		*buf = out
		outputPool.Put(buf)
	}
	return encoded, nil
}

var outputPool = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

func formatLocalTimeOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Timestamp       *string `json:"timestamp"`
		Timezone        *string `json:"timezone"`
		ProcessTimezone string  `json:"process_timezone"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if in.Timestamp == nil {
		return nil, missing("timestamp")
	}
	if in.Timezone == nil {
		return nil, missing("timezone")
	}
	return stringResult{FormatLocalTime(*in.Timestamp, *in.Timezone, in.ProcessTimezone)}, nil
}

type timezoneIn struct {
	Timezone *string `json:"timezone"`
}

func (in *timezoneIn) read(input json.RawMessage) *protocol.Error {
	if err := decode(input, in); err != nil {
		return err
	}
	if in.Timezone == nil {
		return missing("timezone")
	}
	return nil
}

func isValidTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	var in timezoneIn
	if err := in.read(input); err != nil {
		return nil, err
	}
	return struct {
		Valid bool `json:"valid"`
	}{IsValidTimezone(*in.Timezone)}, nil
}

func resolveTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	var in timezoneIn
	if err := in.read(input); err != nil {
		return nil, err
	}
	return struct {
		Timezone string `json:"timezone"`
	}{ResolveTimezone(*in.Timezone)}, nil
}

func assistantName(p *string) string {
	if p == nil {
		return DefaultAssistantName
	}
	return *p
}

func triggerMatchOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Content       *string `json:"content"`
		Trigger       *string `json:"trigger"`
		AssistantName *string `json:"assistant_name"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if in.Content == nil {
		return nil, missing("content")
	}
	trigger := EffectiveTrigger(in.Trigger, assistantName(in.AssistantName))
	return struct {
		Matched bool   `json:"matched"`
		Trigger string `json:"trigger"`
	}{TriggerMatches(trigger, *in.Content), trigger}, nil
}

func shouldProcessOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		IsMain          *bool   `json:"is_main"`
		RequiresTrigger *bool   `json:"requires_trigger"`
		Trigger         *string `json:"trigger"`
		AssistantName   *string `json:"assistant_name"`
		Messages        *[]struct {
			Content *string `json:"content"`
		} `json:"messages"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if in.IsMain == nil {
		return nil, missing("is_main")
	}
	if in.Messages == nil {
		return nil, missing("messages")
	}
	contents := make([]string, len(*in.Messages))
	for i, m := range *in.Messages {
		if m.Content == nil {
			return nil, protocol.Errorf(protocol.CodeInvalidInput, "input: messages[%d].content is required", i)
		}
		contents[i] = *m.Content
	}
	g := Group{IsMain: *in.IsMain, RequiresTrigger: in.RequiresTrigger, Trigger: in.Trigger}
	return struct {
		Process bool `json:"process"`
	}{ShouldProcess(g, contents, assistantName(in.AssistantName))}, nil
}

// rfc3339Shape is the shape the input schema's date-time format (and v1's
// oracle) requires of now: time.Parse alone also takes a one-digit hour
// ("2026-01-01T0:00:00Z", found by FuzzV1Fields).
var rfc3339Shape = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$`)

func computeNextRunOp(compute func(Task, time.Time, string, string) (*time.Time, *protocol.Error)) protocol.OperationFunc {
	return func(input json.RawMessage) (any, *protocol.Error) { return computeNextRun(input, compute) }
}

func computeNextRun(input json.RawMessage, compute func(Task, time.Time, string, string) (*time.Time, *protocol.Error)) (any, *protocol.Error) {
	var in struct {
		Now             *string `json:"now"`
		Timezone        *string `json:"timezone"`
		ProcessTimezone string  `json:"process_timezone"`
		Task            *struct {
			ScheduleType  *string         `json:"schedule_type"`
			ScheduleValue *string         `json:"schedule_value"`
			NextRun       json.RawMessage `json:"next_run"`
		} `json:"task"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	switch {
	case in.Task == nil:
		return nil, missing("task")
	case in.Now == nil:
		return nil, missing("now")
	case in.Timezone == nil:
		return nil, missing("timezone")
	case in.Task.ScheduleType == nil:
		return nil, missing("task.schedule_type")
	case in.Task.ScheduleValue == nil:
		return nil, missing("task.schedule_value")
	}
	now, err := time.Parse(time.RFC3339Nano, *in.Now)
	if err != nil || !rfc3339Shape.MatchString(*in.Now) {
		return nil, protocol.Errorf(protocol.CodeInvalidInput, "input: now %q is not an RFC 3339 date-time", *in.Now)
	}
	task := Task{ScheduleType: *in.Task.ScheduleType, ScheduleValue: *in.Task.ScheduleValue}
	if in.Task.NextRun != nil {
		task.NextRunSet = true
		if err := json.Unmarshal(in.Task.NextRun, &task.NextRun); err != nil {
			return nil, protocol.Errorf(protocol.CodeInvalidInput, "input: task.next_run must be a string or null")
		}
	}
	next, perr := compute(task, now, *in.Timezone, in.ProcessTimezone)
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

func resolveConfigTimezoneOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		EnvTZ    *string `json:"env_tz"`
		DotenvTZ *string `json:"dotenv_tz"`
		SystemTZ *string `json:"system_tz"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	r := ResolveConfigTimezone(str(in.EnvTZ), str(in.DotenvTZ), str(in.SystemTZ))
	return struct {
		Timezone string `json:"timezone"`
		Source   string `json:"source"`
	}{r.Timezone, r.Source}, nil
}

func validateGroupFolderOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Folder *string `json:"folder"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	// null is a folder v1 could be handed (and refuses); a missing field is
	// a malformed request.
	var present map[string]json.RawMessage
	_ = json.Unmarshal(input, &present)
	if _, ok := present["folder"]; !ok {
		return nil, missing("folder")
	}
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

func checkDueTaskOp(input json.RawMessage) (any, *protocol.Error) {
	var in struct {
		Task *struct {
			ID *string `json:"id"`
			// Required, and null is a value (an invalid folder): the raw
			// value tells a missing field from a null one.
			GroupFolder json.RawMessage `json:"group_folder"`
			Status      *string         `json:"status"`
		} `json:"task"`
	}
	if err := decode(input, &in); err != nil {
		return nil, err
	}
	if in.Task == nil || in.Task.ID == nil {
		return nil, missing("task.id")
	}
	if in.Task.GroupFolder == nil {
		return nil, missing("task.group_folder")
	}
	var folder *string
	if err := json.Unmarshal(in.Task.GroupFolder, &folder); err != nil {
		return nil, protocol.Errorf(protocol.CodeInvalidInput, "input: task.group_folder must be a string or null")
	}
	o := CheckDueTask(folder, in.Task.Status)
	out := struct {
		Action string  `json:"action"`
		Status string  `json:"status"`
		RunLog *runLog `json:"run_log,omitempty"`
	}{Action: o.Action, Status: o.Status}
	if o.RunLogError != "" {
		out.RunLog = &runLog{TaskID: *in.Task.ID, Status: "error", Error: o.RunLogError}
	}
	return out, nil
}

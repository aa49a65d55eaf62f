package suitetest

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/jsrt"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// A mutant is the reference with one plausible porting mistake. The suite is
// worth exactly the mistakes it catches, so every mutant here must fail at
// least one scenario; a survivor means a scenario is missing.
type mutant struct {
	name string
	ops  map[string]override
}

// override answers an operation instead of the reference; next is the
// reference's own answer for any input.
type override func(next callFn, input map[string]any) (json.RawMessage, *protocol.Error)

type callFn func(input map[string]any) (json.RawMessage, *protocol.Error)

type mutated struct {
	ref *reference.Implementation
	m   mutant
}

func (x mutated) Hello() protocol.Hello { return x.ref.Hello() }

func (x mutated) Call(ctx context.Context, op string, input json.RawMessage) (json.RawMessage, *protocol.Error) {
	o, ok := x.m.ops[op]
	if !ok {
		return x.ref.Call(ctx, op, input)
	}
	var in map[string]any
	if err := json.Unmarshal(input, &in); err != nil {
		return x.ref.Call(ctx, op, input) // let the reference refuse it
	}
	next := func(in map[string]any) (json.RawMessage, *protocol.Error) {
		b, _ := json.Marshal(in)
		return x.ref.Call(ctx, op, b)
	}
	return o(next, in)
}

// mapResult rewrites the "result" string of the reference's answer.
func mapResult(f func(in map[string]any, result string) string) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		out, perr := next(in)
		if perr != nil {
			return out, perr
		}
		var o map[string]any
		_ = json.Unmarshal(out, &o)
		if s, ok := o["result"].(string); ok {
			o["result"] = f(in, s)
		}
		b, _ := json.Marshal(o)
		return b, nil
	}
}

// answer replaces the reference's answer with a computed one.
func answer(f func(in map[string]any) any) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		v := f(in)
		if v == nil {
			return next(in)
		}
		b, _ := json.Marshal(v)
		return b, nil
	}
}

// rewriteOutput lets a mutant change the reference's output object.
func rewriteOutput(f func(in, out map[string]any)) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		raw, perr := next(in)
		if perr != nil {
			return raw, perr
		}
		var out map[string]any
		_ = json.Unmarshal(raw, &out)
		f(in, out)
		b, _ := json.Marshal(out)
		return b, nil
	}
}

// rewriteInput lets a mutant change the input before the reference sees it.
func rewriteInput(f func(in map[string]any)) override {
	return func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
		f(in)
		return next(in)
	}
}

// object is v as a JSON object, or nil.
func object(v any) map[string]any { m, _ := v.(map[string]any); return m }

func str(in map[string]any, k string) string { s, _ := in[k].(string); return s }

var clock12 = regexp.MustCompile(`(\d{1,2}):(\d{2}) (AM|PM)`)

// rewriteTimes applies f to every "h:mm AM" in a result.
func rewriteTimes(f func(h, m, half string) string) override {
	return mapResult(func(_ map[string]any, s string) string {
		return clock12.ReplaceAllStringFunc(s, func(t string) string {
			p := clock12.FindStringSubmatch(t)
			return f(p[1], p[2], p[3])
		})
	})
}

func bothFormatters(o override) map[string]override {
	return map[string]override{"v1.format_local_time": o, "v1.format_messages": o}
}

func nextRun(t time.Time) any {
	return map[string]any{"next_run": t.UTC().Format("2006-01-02T15:04:05.000Z")}
}

func mutants() []mutant {
	return []mutant{
		{"escapeXml skips quotes", map[string]override{
			"v1.escape_xml":      mapResult(func(_ map[string]any, s string) string { return strings.ReplaceAll(s, "&quot;", `"`) }),
			"v1.format_messages": mapResult(func(_ map[string]any, s string) string { return strings.ReplaceAll(s, "&quot;", `"`) }),
		}},
		{"escapeXml escapes the apostrophe too", map[string]override{
			"v1.escape_xml": mapResult(func(_ map[string]any, s string) string { return strings.ReplaceAll(s, "'", "&apos;") }),
		}},
		{"escapeXml replaces & last", map[string]override{
			"v1.escape_xml": answer(func(in map[string]any) any {
				r := strings.NewReplacer("<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(str(in, "text"))
				return map[string]any{"result": strings.NewReplacer("&", "&amp;").Replace(r)}
			}),
		}},
		{"24-hour clock", bothFormatters(rewriteTimes(func(h, m, half string) string {
			n := map[string]int{"AM": 0, "PM": 12}[half]
			hh := (atoi(h) % 12) + n
			return pad2(hh) + ":" + m
		}))},
		{"narrow no-break space before AM/PM (ICU 72+)", bothFormatters(rewriteTimes(func(h, m, half string) string {
			return h + ":" + m + "\u202f" + half
		}))},
		{"zero-padded hour", bothFormatters(rewriteTimes(func(h, m, half string) string { return pad2(atoi(h)) + ":" + m + " " + half }))},
		{"midnight as 0", bothFormatters(rewriteTimes(func(h, m, half string) string {
			if h == "12" && half == "AM" {
				h = "0"
			}
			return h + ":" + m + " " + half
		}))},
		{"canonicalised header time zone", map[string]override{
			"v1.format_messages": mapResult(func(in map[string]any, s string) string {
				tz := str(in, "timezone")
				canon, ok := tzdb.Canonical(tz)
				if !ok {
					canon = "UTC"
				}
				return strings.Replace(s, `timezone="`+tz+`"`, `timezone="`+canon+`"`, 1)
			}),
		}},
		{"empty batch without the blank line", map[string]override{
			"v1.format_messages": mapResult(func(_ map[string]any, s string) string {
				return strings.Replace(s, "<messages>\n\n</messages>", "<messages>\n</messages>", 1)
			}),
		}},
		{"quoted message needs only the reply content", map[string]override{
			"v1.format_messages": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if msgs, ok := in["messages"].([]any); ok {
					for _, m := range msgs {
						if mm, ok := m.(map[string]any); ok && str(mm, "reply_to_message_content") != "" && str(mm, "reply_to_sender_name") == "" {
							mm["reply_to_sender_name"] = "undefined"
						}
					}
				}
				return next(in)
			},
		}},
		{"greedy internal-tag regex", map[string]override{
			"v1.strip_internal_tags": answer(func(in map[string]any) any {
				return map[string]any{"result": jsrt.Trim(regexp.MustCompile(`(?s)<internal>.*</internal>`).ReplaceAllString(str(in, "text"), ""))}
			}),
		}},
		{"Go's TrimSpace instead of JavaScript's trim", map[string]override{
			"v1.strip_internal_tags": mapResult(func(in map[string]any, s string) string {
				return strings.TrimSpace(regexp.MustCompile(`(?s)<internal>.*?</internal>`).ReplaceAllString(str(in, "text"), ""))
			}),
		}},
		{"trigger without the word boundary", map[string]override{
			"v1.trigger_match": answer(func(in map[string]any) any {
				trig := "@Andy"
				if t, ok := in["trigger"].(string); ok && strings.TrimSpace(t) != "" {
					trig = strings.TrimSpace(t)
				}
				return map[string]any{"matched": strings.HasPrefix(strings.ToLower(strings.TrimSpace(str(in, "content"))), strings.ToLower(trig)), "trigger": trig}
			}),
		}},
		{"trigger case folding with Go's (?i)", map[string]override{
			"v1.trigger_match": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				out, perr := next(in)
				if perr != nil {
					return out, perr
				}
				var o map[string]any
				_ = json.Unmarshal(out, &o)
				trig := o["trigger"].(string)
				re := regexp.MustCompile(`^(?i)` + regexp.QuoteMeta(trig) + `\b`)
				o["matched"] = re.MatchString(strings.TrimSpace(str(in, "content")))
				b, _ := json.Marshal(o)
				return b, nil
			},
		}},
		{"missing requiresTrigger means no trigger needed", map[string]override{
			"v1.should_process": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if in["requires_trigger"] == nil {
					in["requires_trigger"] = false
				}
				return next(in)
			},
		}},
		{"interval anchored to now", map[string]override{
			"v1.compute_next_run": answer(func(in map[string]any) any {
				task, _ := in["task"].(map[string]any)
				if task == nil || task["schedule_type"] != "interval" {
					return nil
				}
				now, err := time.Parse(time.RFC3339Nano, str(in, "now"))
				ms, ok := jsrt.ParseInt10(str(task, "schedule_value"))
				if err != nil || !ok || ms <= 0 {
					return nil
				}
				return nextRun(now.Add(time.Duration(ms) * time.Millisecond))
			}),
		}},
		{"interval parsed strictly (no parseInt quirks)", map[string]override{
			"v1.compute_next_run": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if task, _ := in["task"].(map[string]any); task != nil && task["schedule_type"] == "interval" {
					if !regexp.MustCompile(`^[0-9]+$`).MatchString(str(task, "schedule_value")) {
						task["schedule_value"] = "NaN"
					}
				}
				return next(in)
			},
		}},
		{"cron evaluated in UTC", map[string]override{
			"v1.compute_next_run": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if task, _ := in["task"].(map[string]any); task != nil && task["schedule_type"] == "cron" {
					in["timezone"] = "UTC"
				}
				return next(in)
			},
		}},
		{"robfig/cron alone (skips gaps, repeats overlaps, no dow 7)", map[string]override{
			"v1.compute_next_run": answer(func(in map[string]any) any {
				task, _ := in["task"].(map[string]any)
				if task == nil || task["schedule_type"] != "cron" {
					return nil
				}
				loc, ok := tzdb.LookupIntl(str(in, "timezone"))
				now, err := time.Parse(time.RFC3339Nano, str(in, "now"))
				sched, perr := cron.NewParser(cron.SecondOptional | cron.Minute | cron.Hour | cron.Dom | cron.Month | cron.Dow).Parse(str(task, "schedule_value"))
				if !ok || err != nil || perr != nil {
					return nil
				}
				return nextRun(sched.Next(now.In(loc)))
			}),
		}},
		{"Local accepted as a time zone (Go's LoadLocation)", map[string]override{
			"v1.is_valid_timezone": answer(func(in map[string]any) any {
				_, err := time.LoadLocation(str(in, "timezone"))
				return map[string]any{"valid": err == nil}
			}),
		}},
		{"time zone names matched case-sensitively", map[string]override{
			"v1.is_valid_timezone": answer(func(in map[string]any) any {
				_, err := tzdb.Load(str(in, "timezone"))
				return map[string]any{"valid": err == nil}
			}),
		}},
		{"resolveTimezone returns the canonical spelling", map[string]override{
			"v1.resolve_timezone": answer(func(in map[string]any) any {
				if c, ok := tzdb.Canonical(str(in, "timezone")); ok {
					return map[string]any{"timezone": c}
				}
				return nil
			}),
		}},
		{"resolveConfigTimezone takes the first non-empty value", map[string]override{
			"v1.resolve_config_timezone": answer(func(in map[string]any) any {
				for _, k := range []string{"env_tz", "dotenv_tz", "system_tz"} {
					if s := str(in, k); s != "" {
						return map[string]any{"timezone": s, "source": strings.TrimSuffix(k, "_tz")}
					}
				}
				return nil
			}),
		}},
		{"group folder named global allowed", map[string]override{
			"v1.validate_group_folder": func(next callFn, in map[string]any) (json.RawMessage, *protocol.Error) {
				if strings.EqualFold(str(in, "folder"), "global") {
					return json.RawMessage(`{"valid":true}`), nil
				}
				return next(in)
			},
		}},
		{"due task with a bad folder is run anyway", map[string]override{
			"v1.check_due_task": answer(func(in map[string]any) any {
				return map[string]any{"action": "run", "status": "active"}
			}),
		}},
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func pad2(n int) string {
	if n < 10 {
		return "0" + string(rune('0'+n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

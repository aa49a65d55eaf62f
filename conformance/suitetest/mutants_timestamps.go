package suitetest

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/clockspec/clockspec/reference/jsrt"
	"github.com/clockspec/clockspec/reference/timestamps"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// The timestamps mutants re-implement the seed with one plausible porting
// mistake each, built from the reference's exported pieces. An input the
// mutant cannot read is left to the reference (answer's nil), so refusals
// stay the reference's.

// tsModel is the seed's logic with each decision a replaceable function.
type tsModel struct {
	round      func(gap time.Duration) int64
	dayOver    func(gap time.Duration) bool
	hourOver   func(gap time.Duration) bool
	sameMinute func(a, b time.Time, loc *time.Location) bool
	gap        func(at, prev time.Time, loc *time.Location) time.Duration
	zone       func(name *string) timestamps.Zone
	blank      func(s string) bool
	userName   func(u *timestamps.User) string
	// context knobs
	previousIncludesBlank bool
	listOrder             bool
	zoneOfLatestUsable    bool
	skipBlankForZone      bool
	perMessageZone        bool
}

func tsDefault() tsModel {
	return tsModel{
		round:      timestamps.GapHours,
		dayOver:    func(g time.Duration) bool { return g > 24*time.Hour },
		hourOver:   func(g time.Duration) bool { return g > time.Hour },
		sameMinute: func(a, b time.Time, _ *time.Location) bool { return timestamps.SameMinute(a, b) },
		gap:        func(at, prev time.Time, _ *time.Location) time.Duration { return at.Sub(prev) },
		zone:       timestamps.ResolveZone,
		blank:      timestamps.IsBlank,
		userName:   timestamps.UserName,
	}
}

func (m tsModel) stamp(at time.Time, prev *time.Time, z timestamps.Zone) *string {
	if prev != nil && m.sameMinute(at, *prev, z.Loc) {
		return nil
	}
	var s string
	switch {
	case prev == nil || m.dayOver(m.gap(at, *prev, z.Loc)):
		s = "[" + timestamps.FormatDateMinute(at, z.Loc) + "]"
	case m.hourOver(m.gap(at, *prev, z.Loc)):
		s = "[" + timestamps.FormatClock(at, z.Loc) + ", " + strconv.FormatInt(m.round(m.gap(at, *prev, z.Loc)), 10) + "h later]"
	default:
		s = "[" + timestamps.FormatClock(at, z.Loc) + "]"
	}
	return &s
}

func (m tsModel) userZone(msgs []timestamps.Message, upTo int) timestamps.Zone {
	best := -1
	for i, msg := range msgs {
		if i > upTo || msg.User == nil {
			continue
		}
		if m.skipBlankForZone && (msg.Content == nil || m.blank(*msg.Content)) {
			continue
		}
		if m.zoneOfLatestUsable && m.zone(msg.User.Timezone).Fallback {
			continue
		}
		if best < 0 || !msg.At.Before(msgs[best].At) {
			best = i
		}
	}
	if best < 0 {
		return m.zone(nil)
	}
	return m.zone(msgs[best].User.Timezone)
}

func (m tsModel) context(agentID string, msgs []timestamps.Message) []timestamps.ContextMessage {
	ordered := append([]timestamps.Message(nil), msgs...)
	if !m.listOrder {
		sort.SliceStable(ordered, func(i, j int) bool { return ordered[i].At.Before(ordered[j].At) })
	}
	chatZone := m.userZone(ordered, len(ordered))
	out := []timestamps.ContextMessage{}
	var prev *time.Time
	for i, msg := range ordered {
		blank := msg.Content == nil || m.blank(*msg.Content)
		if blank {
			if m.previousIncludesBlank {
				at := msg.At
				prev = &at
			}
			continue
		}
		z := chatZone
		if m.perMessageZone {
			z = m.userZone(ordered, i)
		}
		role, text := "user", *msg.Content
		switch {
		case msg.Agent != nil && msg.Agent.ID == agentID:
			role = "assistant"
		case msg.Agent != nil:
			text = "[" + msg.Agent.Name + "]: " + text
		default:
			text = "[" + m.userName(msg.User) + "]: " + text
		}
		if s := m.stamp(msg.At, prev, z); s != nil {
			text = *s + " " + text
		}
		out = append(out, timestamps.ContextMessage{Role: role, Content: text})
		at := msg.At
		prev = &at
	}
	return out
}

// Reading the JSON input the way the reference does, for valid inputs only.

func tsOptString(in map[string]any, k string) (*string, bool) {
	v, ok := in[k]
	if !ok || v == nil {
		return nil, true
	}
	s, ok := v.(string)
	return &s, ok
}

func tsInstant(in map[string]any, k string) (*time.Time, bool) {
	s, ok := tsOptString(in, k)
	if !ok || s == nil {
		return nil, ok
	}
	t, ok := timestamps.ParseInstant(*s)
	return &t, ok
}

func tsMessages(in map[string]any) ([]timestamps.Message, bool) {
	items, ok := in["messages"].([]any)
	if !ok {
		return nil, false
	}
	var out []timestamps.Message
	for _, it := range items {
		o, ok := it.(map[string]any)
		if !ok {
			return nil, false
		}
		at, ok := tsInstant(o, "at")
		if !ok || at == nil {
			return nil, false
		}
		msg := timestamps.Message{At: *at}
		if msg.Content, ok = tsOptString(o, "content"); !ok {
			return nil, false
		}
		for _, k := range []string{"agent", "user"} {
			if v, present := o[k]; present && v != nil {
				if _, isObject := v.(map[string]any); !isObject {
					return nil, false
				}
			}
		}
		if a, ok := o["agent"].(map[string]any); ok {
			id, _ := a["id"].(string)
			name, _ := a["name"].(string)
			if id == "" {
				return nil, false
			}
			msg.Agent = &timestamps.Agent{ID: id, Name: name}
		}
		if u, ok := o["user"].(map[string]any); ok {
			user := &timestamps.User{}
			var ok1, ok2, ok3 bool
			user.Timezone, ok1 = tsOptString(u, "timezone")
			user.FullName, ok2 = tsOptString(u, "full_name")
			user.EmailAddress, ok3 = tsOptString(u, "email_address")
			if !ok1 || !ok2 || !ok3 {
				return nil, false
			}
			msg.User = user
		}
		out = append(out, msg)
	}
	return out, true
}

// tsOps answers every timestamps operation with model m.
func tsOps(m tsModel) map[string]override {
	return map[string]override{
		"timestamps.format_message_timestamp": answer(func(in map[string]any) any {
			at, ok1 := tsInstant(in, "message_at")
			prev, ok2 := tsInstant(in, "previous_at")
			zone, ok3 := tsOptString(in, "timezone")
			if !ok1 || !ok2 || !ok3 || at == nil {
				return nil
			}
			return map[string]any{"timestamp": m.stamp(*at, prev, m.zone(zone))}
		}),
		"timestamps.resolve_timezone": answer(func(in map[string]any) any {
			zone, ok := tsOptString(in, "timezone")
			if !ok {
				return nil
			}
			z := m.zone(zone)
			return map[string]any{"timezone": z.Name, "fallback": z.Fallback}
		}),
		"timestamps.current_time_context": answer(func(in map[string]any) any {
			now, ok1 := tsInstant(in, "now")
			zone, ok2 := tsOptString(in, "timezone")
			if !ok1 || !ok2 || now == nil {
				return nil
			}
			return map[string]any{"line": timestamps.CurrentTimeLine(*now, m.zone(zone))}
		}),
		"timestamps.user_timezone": answer(func(in map[string]any) any {
			msgs, ok := tsMessages(in)
			if !ok {
				return nil
			}
			return map[string]any{"timezone": m.userZone(msgs, len(msgs)).Name}
		}),
		"timestamps.messages_context": answer(func(in map[string]any) any {
			msgs, ok := tsMessages(in)
			id, _ := in["agent_id"].(string)
			if !ok || id == "" {
				return nil
			}
			return map[string]any{"messages": m.context(id, msgs)}
		}),
	}
}

func tsMutant(name string, f func(m *tsModel)) mutant {
	m := tsDefault()
	f(&m)
	return mutant{name, tsOps(m)}
}

// zoneFrom builds a zone resolver from a lookup that may accept more or
// fewer names than ActiveSupport::TimeZone[].
func zoneFrom(lookup func(string) (*time.Location, bool)) func(*string) timestamps.Zone {
	return func(name *string) timestamps.Zone {
		if name != nil && !timestamps.IsBlank(*name) {
			if loc, ok := lookup(*name); ok {
				return timestamps.Zone{Name: *name, Loc: loc}
			}
		}
		z := timestamps.UTC()
		z.Fallback = true
		return z
	}
}

func timestampsMutants() []mutant {
	return []mutant{
		tsMutant("banker's rounding of Nh (Python round, math.RoundToEven)", func(m *tsModel) {
			m.round = func(g time.Duration) int64 {
				h := g / time.Hour
				r := g % time.Hour
				if r > time.Hour/2 || (r == time.Hour/2 && h%2 == 1) {
					h++
				}
				return int64(h)
			}
		}),
		tsMutant("Nh truncated instead of rounded", func(m *tsModel) {
			m.round = func(g time.Duration) int64 { return int64(g / time.Hour) }
		}),
		tsMutant("full date at exactly 24 hours (>= instead of >)", func(m *tsModel) {
			m.dayOver = func(g time.Duration) bool { return g >= 24*time.Hour }
		}),
		tsMutant("Nh later at exactly 1 hour (>= instead of >)", func(m *tsModel) {
			m.hourOver = func(g time.Duration) bool { return g >= time.Hour }
		}),
		tsMutant("same minute means less than 60 seconds apart", func(m *tsModel) {
			m.sameMinute = func(a, b time.Time, _ *time.Location) bool {
				d := a.Sub(b)
				return d > -time.Minute && d < time.Minute
			}
		}),
		tsMutant("same minute compared on the local clock", func(m *tsModel) {
			m.sameMinute = func(a, b time.Time, loc *time.Location) bool {
				return timestamps.FormatDateMinute(a, loc) == timestamps.FormatDateMinute(b, loc)
			}
		}),
		tsMutant("truncating division for minutes before 1970", func(m *tsModel) {
			m.sameMinute = func(a, b time.Time, _ *time.Location) bool {
				trunc := func(t time.Time) int64 { return int64(float64(t.UnixNano())/1e9) / 60 }
				return trunc(a) == trunc(b)
			}
		}),
		tsMutant("gap measured on wall-clock times", func(m *tsModel) {
			m.gap = func(at, prev time.Time, loc *time.Location) time.Duration {
				wall := func(t time.Time) time.Time {
					l := t.In(loc)
					return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
				}
				return wall(at).Sub(wall(prev))
			}
		}),
		tsMutant("zone names matched ignoring case", func(m *tsModel) {
			m.zone = zoneFrom(func(n string) (*time.Location, bool) {
				if loc, ok := timestamps.LookupZone(n); ok {
					return loc, true
				}
				c, ok := tzdb.Canonical(n)
				if !ok {
					return nil, false
				}
				loc, err := tzdb.Load(c)
				return loc, err == nil
			})
		}),
		tsMutant("zone names as JavaScript's Intl accepts them (PST, IST)", func(m *tsModel) {
			m.zone = zoneFrom(tzdb.LookupIntl)
		}),
		tsMutant("IANA names only: Rails names fall back to UTC", func(m *tsModel) {
			m.zone = zoneFrom(func(n string) (*time.Location, bool) {
				loc, err := tzdb.Load(n)
				return loc, err == nil
			})
		}),
		tsMutant("Rails names printed as their tzdb zone (tz.tzinfo.name)", func(m *tsModel) {
			rails := timestamps.RailsZoneNames()
			m.zone = func(name *string) timestamps.Zone {
				z := timestamps.ResolveZone(name)
				if target, ok := rails[z.Name]; ok {
					z.Name = target
				}
				return z
			}
		}),
		tsMutant("blank means empty after JavaScript's trim", func(m *tsModel) {
			m.blank = func(s string) bool { return jsrt.Trim(s) == "" }
		}),
		tsMutant("blank means empty only", func(m *tsModel) {
			m.blank = func(s string) bool { return s == "" }
		}),
		tsMutant("gap measured from the previous message, blank or not", func(m *tsModel) {
			m.previousIncludesBlank = true
		}),
		tsMutant("messages kept in list order", func(m *tsModel) {
			m.listOrder = true
		}),
		tsMutant("each message shown in the zone of the latest human at its time", func(m *tsModel) {
			m.perMessageZone = true
		}),
		tsMutant("zone of the most recent human who has a usable zone", func(m *tsModel) {
			m.zoneOfLatestUsable = true
		}),
		tsMutant("blank human messages ignored when choosing the zone", func(m *tsModel) {
			m.skipBlankForZone = true
		}),
		tsMutant("an empty e-mail local part falls through to User", func(m *tsModel) {
			m.userName = func(u *timestamps.User) string {
				if n := timestamps.UserName(u); n != "" && !timestamps.IsBlank(n) {
					return n
				}
				return "User"
			}
		}),
		tsMutant("full name trimmed", func(m *tsModel) {
			m.userName = func(u *timestamps.User) string { return strings.TrimSpace(timestamps.UserName(u)) }
		}),
		{"seconds rounded in the current-time line", map[string]override{
			"timestamps.current_time_context": answer(func(in map[string]any) any {
				now, ok1 := tsInstant(in, "now")
				zone, ok2 := tsOptString(in, "timezone")
				if !ok1 || !ok2 || now == nil {
					return nil
				}
				return map[string]any{"line": timestamps.CurrentTimeLine(now.Round(time.Second), timestamps.ResolveZone(zone))}
			}),
		}},
	}
}

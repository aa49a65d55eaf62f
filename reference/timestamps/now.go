package timestamps

import "time"

// CurrentTimeLine is the seed's current_time_context: now in the zone as
// strftime('%Y-%m-%dT%H:%M:%S') — seconds truncated, no offset — followed by
// the zone's name in parentheses. The name is tz.name, the name as it was
// looked up: "(Europe/London)", "(US/Eastern)", "(Eastern Time (US &
// Canada))", and "(UTC)" after a fallback.
func CurrentTimeLine(now time.Time, z Zone) string {
	return "Current time: " + FormatISOSeconds(now, z.Loc) + " (" + z.Name + ")"
}

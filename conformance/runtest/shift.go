package runtest

import (
	"encoding/json"
	"time"
)

// ShiftedAnswer is what a datetime_math shift answers when the tool shifts
// t, the timestamp as it read it, by the input's amounts with Go's
// calendar (AddDate, then the clock units): the reference's answer out
// with its result replaced. The host-zone-adopting wrong tools of the
// tests read t in a zone other than the written offset's, and this is
// the answer that zone gives.
func ShiftedAnswer(t time.Time, input map[string]any, out json.RawMessage) json.RawMessage {
	n := func(k string) int { f, _ := input[k].(float64); return int(f) }
	r := t.AddDate(n("years"), n("months"), n("days")).
		Add(time.Duration(n("hours"))*time.Hour + time.Duration(n("minutes"))*time.Minute + time.Duration(n("seconds"))*time.Second)
	var o map[string]any
	_ = json.Unmarshal(out, &o)
	o["result"] = r.Format(time.RFC3339Nano)
	b, _ := json.Marshal(o)
	return b
}

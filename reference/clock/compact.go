package clock

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"
)

// CompactReport counts what Compact removed.
type CompactReport struct {
	Expired   int // actions whose expires_iso is at or before now
	OverLimit int // actions beyond max_items, oldest first
}

// Compact is §10.3's compaction: every action whose expiry has come (now ≥
// expires_iso: an action expiring this instant is expired) is removed, then
// each user's latest_actions is cut to max_items (the user's effective
// policy), keeping the most recently recorded; kept actions stay in their
// order. Compaction looks at instants only, never at the status field.
func Compact(st *State, p Policy, now time.Time) (*State, CompactReport, error) {
	out := st.Clone()
	var rep CompactReport
	for uk, u := range out.Users {
		eff, err := EffectivePolicy(out, p, uk)
		if err != nil {
			return nil, rep, err
		}
		var kept []Action
		for _, a := range u.LatestActions {
			if !now.Before(mustInstant(a.ExpiresISO)) {
				rep.Expired++
				continue
			}
			kept = append(kept, a)
		}
		if max := eff.Clock.Store.LatestActions.MaxItems; len(kept) > max {
			idx := make([]int, len(kept))
			for i := range idx {
				idx[i] = i
			}
			// Newest first; among equal instants, the later entry is newer.
			sort.SliceStable(idx, func(a, b int) bool {
				ta, tb := mustInstant(kept[idx[a]].RecordedISO), mustInstant(kept[idx[b]].RecordedISO)
				if !ta.Equal(tb) {
					return ta.After(tb)
				}
				return idx[a] > idx[b]
			})
			keep := map[int]bool{}
			for _, i := range idx[:max] {
				keep[i] = true
			}
			var capped []Action
			for i, a := range kept {
				if keep[i] {
					capped = append(capped, a)
				}
			}
			rep.OverLimit += len(kept) - len(capped)
			kept = capped
		}
		u.LatestActions = kept
	}
	return out, rep, nil
}

// LoadView is §4.5's load_clock_state: the records of one user and one
// thread (nil when there are none).
func LoadView(st *State, userKey, threadKey string) (*User, *Thread) {
	var u *User
	var t *Thread
	if userKey != "" {
		u = st.Users[userKey]
	}
	if threadKey != "" {
		t = st.Threads[threadKey]
	}
	return u, t
}

// Patch is §4.5's save_clock_state patch: JSON merge patches (RFC 7396) for
// a user's record and a thread's record. A null patch deletes the record.
type Patch struct {
	User   json.RawMessage
	Thread json.RawMessage
}

// ApplyPatch applies the patch and checks the whole result against the v3
// schema, so that a save can never produce a state the file could not hold.
func ApplyPatch(st *State, userKey, threadKey string, p Patch) (*State, error) {
	b, err := json.Marshal(st)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	apply := func(section, key string, patch json.RawMessage) error {
		if len(patch) == 0 {
			return nil
		}
		if key == "" {
			return fmt.Errorf("a %s patch needs the %s key", section[:len(section)-1], section[:len(section)-1])
		}
		var pv any
		if err := json.Unmarshal(patch, &pv); err != nil {
			return err
		}
		m, _ := doc[section].(map[string]any)
		if m == nil {
			m = map[string]any{}
			doc[section] = m
		}
		if pv == nil {
			delete(m, key)
			return nil
		}
		m[key] = mergePatch(m[key], pv)
		return nil
	}
	if err := apply("users", userKey, p.User); err != nil {
		return nil, err
	}
	if err := apply("threads", threadKey, p.Thread); err != nil {
		return nil, err
	}
	nb, _ := json.Marshal(doc)
	return DecodeState(nb)
}

// mergePatch is RFC 7396: objects merge key by key, null deletes, anything
// else replaces.
func mergePatch(target, patch any) any {
	pm, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	tm, ok := target.(map[string]any)
	if !ok {
		tm = map[string]any{}
	}
	out := make(map[string]any, len(tm))
	for k, v := range tm {
		out[k] = v
	}
	for k, v := range pm {
		if v == nil {
			delete(out, k)
			continue
		}
		out[k] = mergePatch(out[k], v)
	}
	return out
}

package clock

import (
	"errors"
	"fmt"
	"sort"
)

// Identity is one per-channel identity.
type Identity struct {
	Channel string `json:"channel"`
	UserID  string `json:"user_id"`
}

// Linking errors.
var (
	// ErrNotApproved: §7.0 linking is manual and user-approved.
	ErrNotApproved = errors.New("identities are linked only with the user's approval")
	// ErrAlreadyLinked: an identity belongs to another person already.
	ErrAlreadyLinked = errors.New("identity already linked to another person")
)

// LinkIdentities links per-channel identities to one person (§7.0 optional
// linking), with the user's approval. The identities' records move into the
// person's: per channel the later timestamps win, last_interaction_any_channel
// is the latest of all, actions are gathered (the first of equal ids is kept)
// in recorded order, calibrations are gathered (the later updated_iso wins),
// and default_tz / policy_overrides are the person's own, else those of the
// first identity, in the order given, that has one. In threads, the
// identities' keys become the person's key. Later messages from any of the
// identities are recorded under the person.
func LinkIdentities(st *State, person string, ids []Identity, approved bool) (*State, []string, error) {
	if !approved {
		return nil, nil, ErrNotApproved
	}
	pk, err := PersonKey(person)
	if err != nil {
		return nil, nil, err
	}
	if len(ids) == 0 {
		return nil, nil, fmt.Errorf("at least one identity is needed")
	}
	out := st.Clone()
	if out.IdentityLinks == nil {
		out.IdentityLinks = map[string]string{}
	}
	var keys []string
	for _, id := range ids {
		ck, err := ChannelUserKey(id.Channel, id.UserID)
		if err != nil {
			return nil, nil, err
		}
		if to, ok := out.IdentityLinks[ck]; ok && to != pk {
			return nil, nil, fmt.Errorf("%w: %s is linked to %s", ErrAlreadyLinked, ck, to)
		}
		if !contains(keys, ck) {
			keys = append(keys, ck)
		}
	}
	p := out.Users[pk]
	if p == nil {
		p = &User{}
	}
	for _, ck := range keys {
		out.IdentityLinks[ck] = pk
		u := out.Users[ck]
		if u == nil {
			continue
		}
		mergeUser(p, u)
		delete(out.Users, ck)
	}
	sort.SliceStable(p.LatestActions, func(i, j int) bool {
		return mustInstant(p.LatestActions[i].RecordedISO).Before(mustInstant(p.LatestActions[j].RecordedISO))
	})
	out.Users[pk] = p
	for _, t := range out.Threads {
		var parts []string
		for _, x := range t.Participants {
			if contains(keys, x) {
				x = pk
			}
			if !contains(parts, x) {
				parts = append(parts, x)
			}
		}
		t.Participants = parts
		for _, ck := range keys {
			if s, ok := t.LastUserMessageISOByUser[ck]; ok {
				t.LastUserMessageISOByUser[pk] = later(t.LastUserMessageISOByUser[pk], s)
				delete(t.LastUserMessageISOByUser, ck)
			}
		}
	}
	return out, keys, nil
}

func mergeUser(p, u *User) {
	if p.DefaultTZ == "" {
		p.DefaultTZ = u.DefaultTZ
	}
	if len(p.PolicyOverrides) == 0 {
		p.PolicyOverrides = u.PolicyOverrides
	}
	p.LastInteractionAnyChannelISO = later(p.LastInteractionAnyChannelISO, u.LastInteractionAnyChannelISO)
	for name, c := range u.Channels {
		pc := p.channel(name)
		pc.LastUserMessageISO = later(pc.LastUserMessageISO, c.LastUserMessageISO)
		pc.LastAgentMessageISO = later(pc.LastAgentMessageISO, c.LastAgentMessageISO)
	}
	for _, a := range u.LatestActions {
		dup := false
		for _, b := range p.LatestActions {
			dup = dup || b.ID == a.ID
		}
		if !dup {
			p.LatestActions = append(p.LatestActions, a)
		}
	}
	if u.Calibration != nil {
		if p.Calibration == nil {
			p.Calibration = &Calibration{}
		}
		if p.Calibration.ActivityOverrides == nil {
			p.Calibration.ActivityOverrides = map[string]ActivityOverride{}
		}
		for k, o := range u.Calibration.ActivityOverrides {
			cur, ok := p.Calibration.ActivityOverrides[k]
			if !ok || later(cur.UpdatedISO, o.UpdatedISO) != cur.UpdatedISO {
				p.Calibration.ActivityOverrides[k] = o
			}
		}
	}
}

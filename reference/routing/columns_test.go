package routing

import (
	"errors"
	"testing"
)

func TestBackfillResponseScope(t *testing.T) {
	for _, c := range []struct {
		scope, rules *string
		mode         string
		pattern      *string
		senderScope  string
	}{
		{s("all"), nil, ModePattern, s("."), ScopeAll},
		{s("all"), s(`{"pattern":"^x"}`), ModePattern, s("."), ScopeAll},
		{nil, nil, ModePattern, s("."), ScopeAll},
		{s("triggered"), nil, ModeMention, nil, ScopeAll},
		{s("triggered"), s(`{"pattern":"^x"}`), ModePattern, s("^x"), ScopeAll},
		{s("triggered"), s(`{"requiresTrigger":false}`), ModeMention, nil, ScopeAll},
		{s("triggered"), s(`{"pattern":""}`), ModeMention, nil, ScopeAll},
		{s("triggered"), s(`not json`), ModeMention, nil, ScopeAll},
		{s("allowlisted"), nil, ModeMention, nil, ScopeKnown},
		{s("allowlisted"), s(`{"requiresTrigger":false}`), ModePattern, s("."), ScopeKnown},
		{s("allowlisted"), s(`{"requiresTrigger":true}`), ModeMention, nil, ScopeKnown},
		{s("allowlisted"), s(`{"pattern":"p","requiresTrigger":false}`), ModePattern, s("p"), ScopeKnown},
	} {
		w, err := BackfillResponseScope(c.scope, c.rules)
		samePattern := (w.EngagePattern == nil) == (c.pattern == nil) && (c.pattern == nil || *w.EngagePattern == *c.pattern)
		if err != nil || w.EngageMode != c.mode || !samePattern || w.SenderScope != c.senderScope || w.IgnoredMessagePolicy != PolicyDrop {
			t.Errorf("backfill(%v, %v) = %+v %v", deref(c.scope), deref(c.rules), w, err)
		}
	}
	var ue *UnknownResponseScopeError
	if _, err := BackfillResponseScope(s("everyone"), nil); !errors.As(err, &ue) {
		t.Errorf("unknown scope: %v", err)
	}
}

func deref(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

func TestChannelDefaults(t *testing.T) {
	for _, c := range []struct {
		kind     string
		threaded bool
		mode     string
	}{
		{KindDM, false, ModePattern}, {KindDM, true, ModePattern},
		{KindGroup, true, ModeMentionSticky}, {KindGroup, false, ModeMention},
	} {
		w := ChannelDefaults(c.kind, c.threaded)
		if w.EngageMode != c.mode || (c.mode == ModePattern) != (w.EngagePattern != nil) || w.SenderScope != ScopeAll || w.IgnoredMessagePolicy != PolicyDrop {
			t.Errorf("defaults(%s, %v) = %+v", c.kind, c.threaded, w)
		}
	}
}

func TestMaxMessagesPerPrompt(t *testing.T) {
	for _, c := range []struct {
		env  *string
		want int64
	}{
		{nil, 10}, {s(""), 10}, {s("1"), 1}, {s("0"), 10}, {s("-0"), 10}, {s("-1"), 1}, {s("25abc"), 25},
		{s(" 7"), 7}, {s("1e3"), 1}, {s("7.9"), 7}, {s("abc"), 10}, {s("0x10"), 10},
		{s("9007199254740991"), MaxSafeInteger}, {s("9007199254740992"), MaxSafeInteger},
		{s("99999999999999999999"), MaxSafeInteger},
	} {
		if got := MaxMessagesPerPrompt(c.env); got != c.want {
			t.Errorf("MaxMessagesPerPrompt(%s) = %d, want %d", deref(c.env), got, c.want)
		}
	}
	if ContainerEnv(12)[ContainerEnvMaxMessages] != "12" {
		t.Error("container env")
	}
}

package suitetest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
	"github.com/clockspec/clockspec/reference/tzdb"
)

// Wrong implementations that once passed every scenario, each now rejected
// by a required scenario (not only by a decision): the required tier is
// what decides conformance, so a mistake the seed rules out must fail it.

// requiredFailures runs the scenarios matching run against impl and returns
// the required ones that fail at the compat level.
func requiredFailures(t *testing.T, impl conformance.Implementation, opts conformance.Options) []string {
	t.Helper()
	opts.Driver, opts.Level = conformance.InProcess(impl), conformance.LevelCompat
	rep, err := conformance.Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	var failed []string
	for _, s := range rep.Scenarios {
		if s.Compat.Fails() && s.Tier == "required" {
			failed = append(failed, s.ID)
		}
	}
	return failed
}

// escapedKey reports whether a JSON text writes a member name with an
// escape: a string holding a backslash, followed by a colon.
func escapedKey(b []byte) bool {
	for i := 0; i < len(b); i++ {
		if b[i] != '"' {
			continue
		}
		escaped := false
		j := i + 1
		for ; j < len(b) && b[j] != '"'; j++ {
			if b[j] == '\\' {
				escaped = true
				j++
			}
		}
		k := j + 1
		for k < len(b) && strings.ContainsRune(" \t\r\n", rune(b[k])) {
			k++
		}
		if escaped && k < len(b) && b[k] == ':' {
			return true
		}
		i = j
	}
	return false
}

// refusesEscapedKeys is the reference with a clock-core decoder that
// compares member names byte for byte as written, so it refuses
// {"\u0073tate": …} as if "state" were missing.
type refusesEscapedKeys struct{ *reference.Implementation }

func (r refusesEscapedKeys) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if strings.HasPrefix(op, "clock-core.") && escapedKey(in) {
		return nil, &protocol.Error{Code: "invalid_input", Message: "unknown field"}
	}
	return r.Implementation.Call(ctx, op, in)
}

func TestEscapedKeyDetector(t *testing.T) {
	for in, want := range map[string]bool{
		`{"state": 1}`:                 false,
		`{"\u0073tate": 1}`:            true,
		`{"a": "x\"y", "b": 2}`:        false,
		`{"a": "\\u0073", "b" : 2}`:    false,
		`{"a": {"x\\y" : 2}}`:          true,
		`{"content": "{\"v\": 3}"}`:    false,
		`{"t\u007a" :"Asia/Tokyo"}`:    true,
		`["\u0073", "b"]`:              false,
		`{"a": ["\u0073"], "b\n": 1}`:  true,
		`{"a": "\u0073", "b": "\\"}`:   false,
		`{"a": 1, "\\": 2}`:            true,
		`{"a": "", "b": ""}`:           false,
		`{"a": "tail\\"}`:              false,
		`{"x": "\"", "y\u0020": null}`: true,
	} {
		if got := escapedKey([]byte(in)); got != want {
			t.Errorf("escapedKey(%s) = %v, want %v", in, got, want)
		}
	}
}

// A clock-core decoder that refuses member names written with a JSON
// escape fails a required scenario.
func TestEscapedMemberNamesAreRequired(t *testing.T) {
	failed := requiredFailures(t, refusesEscapedKeys{reference.New()}, conformance.Options{
		Run: []conformance.Pattern{"clock-core/**"}})
	if !slices.Contains(failed, "clock-core/state/escaped-member-names") {
		t.Errorf("required failures %v lack clock-core/state/escaped-member-names", failed)
	}
	t.Logf("required scenarios failed: %v", failed)
}

// truncatesOffsetSeconds is the reference with a convert_timezone that,
// where the zone's offset has seconds (a local mean time), writes the wall
// clock with the offset's seconds cut off instead of refusing: Amsterdam's
// +00:19:32 becomes +00:19, and the instant moves by 32 seconds.
type truncatesOffsetSeconds struct{ *reference.Implementation }

func (r truncatesOffsetSeconds) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	out, perr := r.Implementation.Call(ctx, op, in)
	if op != "datetime_math" || perr == nil {
		return out, perr
	}
	var m map[string]any
	if json.Unmarshal(in, &m) != nil {
		return out, perr
	}
	stamp, zone := str(m, "timestamp"), str(m, "target_timezone")
	ts, err := time.Parse(time.RFC3339Nano, stamp)
	loc, lerr := tzdb.Load(zone)
	if str(m, "operation") != "convert_timezone" || err != nil || lerr != nil {
		return out, perr
	}
	local := ts.In(loc)
	_, off := local.Zone()
	if off%60 == 0 {
		return out, perr
	}
	sign, a := '+', off
	if a < 0 {
		sign, a = '-', -a
	}
	result := local.Format("2006-01-02T15:04:05") + fmt.Sprintf("%c%02d:%02d", sign, a/3600, a%3600/60)
	b, _ := json.Marshal(map[string]any{"operation": "convert_timezone", "input": stamp,
		"target_timezone": zone, "result": result})
	return b, nil
}

// "Preserve exact instants during timezone conversion": cutting a local
// mean time offset's seconds fails a required scenario.
func TestTruncatedOffsetSecondsAreRequired(t *testing.T) {
	failed := requiredFailures(t, truncatesOffsetSeconds{reference.New()}, conformance.Options{
		Run: []conformance.Pattern{"datetime/**"}})
	if !slices.Contains(failed, "datetime/convert-timezone/local-mean-time-seconds/amsterdam-1890") {
		t.Errorf("required failures %v lack datetime/convert-timezone/local-mean-time-seconds/amsterdam-1890", failed)
	}
	t.Logf("required scenarios failed: %v", failed)
}

package fidelity

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/conformance/driver"
	"github.com/clockspec/clockspec/protocol"
	"github.com/clockspec/clockspec/reference"
)

var (
	corpusOnce sync.Once
	corpus     []Case
)

func theCorpus() []Case {
	corpusOnce.Do(func() { corpus = Corpus() })
	return corpus
}

func TestCorpusIsLargeUniqueAndCoversEveryFamily(t *testing.T) {
	cs := theCorpus()
	if len(cs) < 100_000 {
		t.Fatalf("the matrix has %d cases; it promises at least 100,000", len(cs))
	}
	ids := map[string]bool{}
	fams := map[string]int{}
	for _, c := range cs {
		if ids[c.ID] {
			t.Fatalf("case id %q twice", c.ID)
		}
		ids[c.ID] = true
		fams[c.Family]++
		if !json.Valid(c.Input) {
			t.Fatalf("%s: input is not JSON", c.ID)
		}
	}
	for _, f := range Families {
		if fams[f] == 0 {
			t.Errorf("family %s has no case", f)
		}
	}
}

func TestSampleIsFixedBySeed(t *testing.T) {
	cs := theCorpus()
	q := map[string]int{FamFormatLocalTime: 50, FamComputeNextRun: 20}
	a, b, c := Sample(cs, 1, q), Sample(cs, 1, q), Sample(cs, 2, q)
	if len(a) != 70 || len(a) != len(b) {
		t.Fatalf("sample sizes %d, %d; want 70", len(a), len(b))
	}
	same := true
	for i := range a {
		if a[i].ID != b[i].ID {
			t.Fatalf("same seed, different samples at %d: %s vs %s", i, a[i].ID, b[i].ID)
		}
		if a[i].ID != c[i].ID {
			same = false
		}
	}
	if same {
		t.Fatal("seeds 1 and 2 give the same sample")
	}
}

func TestTransitionsAreExact(t *testing.T) {
	loc, _ := time.LoadLocation("America/New_York")
	trs := Transitions(loc)
	if len(trs) != 22 {
		t.Fatalf("New York has %d transitions 2020-2030, want 22", len(trs))
	}
	want := time.Date(2026, 3, 8, 7, 0, 0, 0, time.UTC)
	found := false
	for _, tr := range trs {
		if tr.At.Equal(want) && tr.OffBefore == -5*3600 && tr.OffAfter == -4*3600 {
			found = true
		}
	}
	if !found {
		t.Fatalf("no spring-forward at %s in %v", want, trs)
	}
}

func TestExceptionsAreWellFormed(t *testing.T) {
	ex, err := LoadExceptions()
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Classes) == 0 {
		t.Fatal("no classes")
	}
	bad := []string{
		`[{"class":"x","families":["v1.format_local_time"],"rule":"no-such-rule","reason":"r"}]`,
		`[{"class":"x","families":["v1.format_local_time"],"rule":"icu-only-name-refused","reason":" "}]`,
		`[{"class":"x","families":["v1.nope"],"rule":"icu-only-name-refused","reason":"r"}]`,
		`[{"class":"x","families":[],"rule":"icu-only-name-refused","reason":"r"}]`,
		`[{"class":"x","families":["v1.format_local_time"],"rule":"icu-only-name-refused","reason":"r"},{"class":"x","families":["v1.format_local_time"],"rule":"icu-only-name-refused","reason":"r"}]`,
		`[{"class":"x","families":["v1.format_local_time"],"rule":"icu-only-name-refused","reason":"r","extra":1}]`,
	}
	for _, b := range bad {
		if _, err := ParseExceptions([]byte(b)); err == nil {
			t.Errorf("accepted %s", b)
		}
	}
}

func out(s string) Answer { return Answer{Result: protocol.Result{Output: json.RawMessage(s)}} }
func fail(code string) Answer {
	return Answer{Result: protocol.Result{Error: &protocol.Error{Code: code, Message: "m"}}}
}

// The rules cover exactly their shape of difference, nothing next to it.
func TestRulesAreNarrow(t *testing.T) {
	long := func(formatted, off string) Answer {
		return out(`{"input":"2026-03-08T07:00:00Z","target_timezone":"Europe/Berlin","style":"long","formatted":"` + formatted + `","timezone":"Europe/Berlin","utc_offset":"` + off + `"}`)
	}
	fc := &Case{Family: FamFormat, Zone: "Europe/Berlin"}
	for _, tc := range []struct {
		name     string
		c        *Case
		ref, ora Answer
		rule     string
		want     bool
	}{
		{"GMT offset equal to utc_offset", fc, long("2026-03-08 08:00 CET", "+01:00"), long("2026-03-08 08:00 GMT+1", "+01:00"), "intl-has-no-short-name", true},
		{"GMT offset unlike utc_offset", fc, long("2026-03-08 08:00 CET", "+01:00"), long("2026-03-08 08:00 GMT+2", "+01:00"), "intl-has-no-short-name", false},
		{"wall time differs too", fc, long("2026-03-08 08:00 CET", "+01:00"), long("2026-03-08 09:00 GMT+1", "+01:00"), "intl-has-no-short-name", false},
		{"a real abbreviation differs", fc, long("2026-03-08 08:00 CET", "+01:00"), long("2026-03-08 08:00 MEZ", "+01:00"), "intl-has-no-short-name", false},
		{"ICU-only name refused", &Case{Family: FamConvertTimezone, Zone: "PST"}, fail("invalid_timezone"), out(`{}`), "icu-only-name-refused", true},
		{"tzdata name refused", &Case{Family: FamConvertTimezone, Zone: "America/New_York"}, fail("invalid_timezone"), out(`{}`), "icu-only-name-refused", false},
		{"ICU-only name, other error", &Case{Family: FamConvertTimezone, Zone: "PST"}, fail("invalid_timestamp"), out(`{}`), "icu-only-name-refused", false},
		{"H drawn another minute", hCase("H * * * *"), out(`{"next_run":"2026-01-01T10:59:00.000Z"}`), out(`{"next_run":"2026-01-01T10:34:00.000Z"}`), "cron-h-random-draw", true},
		{"H answer off the minute", hCase("H * * * *"), out(`{"next_run":"2026-01-01T10:59:00.000Z"}`), out(`{"next_run":"2026-01-01T10:34:30.000Z"}`), "cron-h-random-draw", false},
		{"H answer before now", hCase("H * * * *"), out(`{"next_run":"2026-01-01T10:59:00.000Z"}`), out(`{"next_run":"2026-01-01T10:04:00.000Z"}`), "cron-h-random-draw", false},
		{"no H in the expression", hCase("34 * * * *"), out(`{"next_run":"2026-01-01T10:59:00.000Z"}`), out(`{"next_run":"2026-01-01T10:34:00.000Z"}`), "cron-h-random-draw", false},
		{"SystemV zone between the rule sets", &Case{Family: FamFormatLocalTime, Zone: "SystemV/CST6CDT", At: time.Date(2026, 11, 1, 6, 59, 0, 0, time.UTC)},
			out(`{"result":"a"}`), out(`{"result":"b"}`), "icu-systemv-rules", true},
		{"SystemV zone in summer", &Case{Family: FamFormatLocalTime, Zone: "SystemV/CST6CDT", At: time.Date(2026, 7, 1, 6, 59, 0, 0, time.UTC)},
			out(`{"result":"a"}`), out(`{"result":"b"}`), "icu-systemv-rules", false},
		{"Oslo in 1960 as main data's Berlin", osloCase(1960), localTime("Europe/Oslo", 1960), localTime("Europe/Berlin", 1960), "backzone-kept-history", true},
		{"Oslo in 1960, another hour", osloCase(1960), localTime("Europe/Oslo", 1960), out(`{"result":"Jun 1, 1960, 3:00 PM"}`), "backzone-kept-history", false},
		{"Oslo after 1970", osloCase(1980), localTime("Europe/Oslo", 1980), localTime("Europe/Berlin", 1980), "backzone-kept-history", false},
	} {
		if got := rules[tc.rule](tc.c, tc.ref, tc.ora); got != tc.want {
			t.Errorf("%s: rule %s says %v, want %v", tc.name, tc.rule, got, tc.want)
		}
	}
}

func osloCase(year int) *Case {
	at := time.Date(year, 6, 1, 12, 0, 0, 0, time.UTC)
	in, _ := json.Marshal(map[string]string{"timestamp": at.Format(time.RFC3339), "timezone": "Europe/Oslo"})
	return &Case{Family: FamFormatLocalTime, Op: "v1.format_local_time", Input: in, Zone: "Europe/Oslo", At: at}
}

// localTime is the reference's v1.format_local_time answer in zone at noon
// UTC on 1 June of year.
func localTime(zone string, year int) Answer {
	in, _ := json.Marshal(map[string]string{"timestamp": time.Date(year, 6, 1, 12, 0, 0, 0, time.UTC).Format(time.RFC3339), "timezone": zone})
	o, perr := reference.New().Call(context.Background(), "v1.format_local_time", in)
	return Answer{Result: protocol.Result{Output: o, Error: perr}}
}

// wrong is the reference with one mistake in format_local_time: an hour
// off in New York.
type wrong struct{ *reference.Implementation }

func (w wrong) Call(ctx context.Context, op string, in json.RawMessage) (json.RawMessage, *protocol.Error) {
	if op == "v1.format_local_time" && bytes.Contains(in, []byte("America/New_York")) {
		return json.RawMessage(`{"result":"Jan 1, 2026, 1:00 AM"}`), nil
	}
	return w.Implementation.Call(ctx, op, in)
}

// The matrix fails when the two sides disagree outside the listed classes.
func TestMatrixCatchesAWrongAnswer(t *testing.T) {
	var cs []Case
	for _, c := range theCorpus() {
		if c.Family == FamFormatLocalTime && (c.Zone == "America/New_York" || c.Zone == "Europe/Paris") {
			cs = append(cs, c)
		}
	}
	ex, err := LoadExceptions()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	right, _ := AnswerAll(ctx, "right", conformance.InProcess(reference.New()), 4, cs)
	bad, _ := AnswerAll(ctx, "wrong", conformance.InProcess(wrong{reference.New()}), 4, cs)
	tallies := Tallies(Judge(cs, bad, right, ex))
	if tallies[0].Uncovered == 0 || tallies[0].Agree == 0 {
		t.Fatalf("want unexplained disagreements (New York) and agreements (Paris), got %+v", tallies[0])
	}
	if same := Tallies(Judge(cs, right, right, ex)); same[0].Agree != len(cs) {
		t.Fatalf("the reference disagrees with itself: %+v", same[0])
	}
}

// With Node and the oracle's packages installed, a few hundred cases of
// every family go through the real oracle and must all be explained.
func TestOracleAgreesOnASample(t *testing.T) {
	node, err := exec.LookPath("node")
	root, _ := filepath.Abs("..")
	serve := filepath.Join(root, "oracle", "js", "serve.js")
	if _, serr := os.Stat(filepath.Join(root, "oracle", "js", "node_modules", "cron-parser")); err != nil || serr != nil {
		t.Fatal("node or oracle/js/node_modules missing: run `make oracle-deps` (make test installs them)")
	}
	quota := map[string]int{}
	for _, f := range Families {
		quota[f] = 40
	}
	cs := Sample(theCorpus(), 7, quota)
	d, err := driver.Subprocess(driver.SubprocessOptions{Argv: []string{node, serve}, Window: 64, Deadline: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	js, _ := AnswerAll(ctx, "oracle", d, 64, cs)
	ref, _ := AnswerAll(ctx, "reference", conformance.InProcess(reference.New()), 2, cs)
	ex, _ := LoadExceptions()
	for _, o := range Judge(cs, ref, js, ex) {
		if !o.Agree && o.Class == "" {
			t.Errorf("%s: reference %s, oracle %s", o.Case.ID, Show(o.Reference), Show(o.Oracle))
		}
	}
}

func TestDocIsDeterministicAboveMeasurements(t *testing.T) {
	ex, _ := LoadExceptions()
	d := Doc{
		Versions: Versions{ReferenceTzdata: "2025c"}, Excepts: ex,
		Tallies:  []Tally{{Family: FamFormat, Cases: 3, Agree: 2, Excepted: map[string]int{"intl-has-no-short-name": 1}}},
		Mutation: &MutationSummary{Tool: "gremlins", Profiles: []MutationProfile{{Profile: "v1", Mutants: 10, Killed: 9, Lived: 1}}},
		Timings:  []Timing{{Driver: "x", Cases: 3, Elapsed: time.Second}}, Generated: "test",
	}
	var a, b bytes.Buffer
	WriteDoc(&a, d)
	d.Timings[0].Elapsed = 2 * time.Second
	d.Wall = time.Minute
	WriteDoc(&b, d)
	cut := func(s string) string { return s[:strings.Index(s, "## Measurements")] }
	if cut(a.String()) != cut(b.String()) {
		t.Fatal("the report above the measurements depends on the timings")
	}
	if !strings.Contains(a.String(), "| v1 | ") || !strings.Contains(a.String(), "90.0 %") {
		t.Fatalf("no mutation score in the report:\n%s", a.String())
	}
}

// hCase is a cron case at 2026-01-01T10:07:30Z in UTC.
func hCase(expr string) *Case {
	return &Case{Family: FamComputeNextRun, Zone: "UTC", At: time.Date(2026, 1, 1, 10, 7, 30, 0, time.UTC),
		Input: mustJSON(map[string]any{"now": "2026-01-01T10:07:30.000Z", "timezone": "UTC",
			"task": map[string]string{"schedule_type": "cron", "schedule_value": expr}})}
}

// TestPerProfileRawScore pins the raw score's definition: a survivor counts
// against it unless proved equivalent, and the per-profile table shows it
// with its run's date and tool, the oracle's agreement and the fuzzing.
func TestPerProfileRawScore(t *testing.T) {
	p := MutationProfile{Profile: "routing", Mutants: 12, Killed: 8, Lived: 2, NotCovered: 1, NotViable: 1, Date: "2026-11-24", Tool: "gremlins v0"}
	if got := p.Score(); got != 800.0/11 {
		t.Fatalf("score without proofs %v, want 8/11", got)
	}
	p.Proved = 1
	if got := p.Score(); got != 80 {
		t.Fatalf("score with one proved survivor %v, want 8/10", got)
	}
	ex, _ := LoadExceptions()
	d := Doc{Excepts: ex,
		Tallies:  []Tally{{Family: FamFormat, Cases: 3000, Agree: 2999}},
		Mutation: &MutationSummary{Tool: "gremlins", Profiles: []MutationProfile{p}},
		Fuzz:     &FuzzSummary{Targets: []FuzzTarget{{Name: "FuzzOtherProfiles", Profiles: []string{"routing"}, Seconds: 90, Executions: 1234567}}},
	}
	var b bytes.Buffer
	WriteDoc(&b, d)
	doc := b.String()
	for _, want := range []string{
		"| `routing` | 80.0 % (8 of 10) | 2026-11-24, gremlins v0 |",
		"`FuzzOtherProfiles` 2 min (1,234,567 executions)",
		"`datetime_format` 2,999 / 3,000",
		"| `timestamps` | not measured |",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the per-profile table lacks %q:\n%s", want, doc[:strings.Index(doc, "## Mutation score")])
		}
	}
}

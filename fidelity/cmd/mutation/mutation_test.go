package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/fidelity"
)

// TestExcludeOthersKeepsExactlyTheProfilesPackages checks gremlins' -E list
// against real file names: a profile's run mutates its own packages and
// nothing else.
func TestExcludeOthersKeepsExactlyTheProfilesPackages(t *testing.T) {
	files := map[string]string{ // file under reference/ -> profile
		"v1/format.go": "v1", "cronparser/next.go": "v1", "jsrt/space.go": "v1", "cronspec/spec.go": "v1",
		"datetime/format.go": "datetime", "timestamps/stamp.go": "timestamps", "routing/route.go": "routing",
		"clock/policy.go": "clock-core", "awareness/decide.go": "clock-awareness",
		"reference.go": "shared", "tzdb/tzdb.go": "shared",
	}
	for _, pp := range profilePackages {
		var res []*regexp.Regexp
		for _, ex := range excludeOthers(pp.Profile) {
			res = append(res, regexp.MustCompile(ex))
		}
		for f, owner := range files {
			excluded := false
			for _, re := range res {
				excluded = excluded || re.MatchString(f)
			}
			if excluded == (owner == pp.Profile) {
				t.Errorf("profile %s: %s excluded=%v, but it belongs to %s", pp.Profile, f, excluded, owner)
			}
		}
	}
}

func TestSelectProfilesRefusesUnknownNames(t *testing.T) {
	t.Chdir("../../..")
	if _, err := selectProfiles("v1,clock"); err == nil {
		t.Fatal("an unknown profile was accepted")
	}
	got, err := selectProfiles("routing, v1")
	if err != nil || len(got) != 2 || got[0] != "routing" || got[1] != "v1" {
		t.Fatalf("selectProfiles = %v, %v", got, err)
	}
	all, err := selectProfiles("all")
	if err != nil || len(all) != len(profilePackages) {
		t.Fatalf("all = %v, %v", all, err)
	}
}

// TestTriageFollowsMovedCode: an entry whose code moved to another line
// still applies when the match is unambiguous, and only proofs leave the
// score.
func TestTriageFollowsMovedCode(t *testing.T) {
	sum := &fidelity.MutationSummary{
		Profiles: []fidelity.MutationProfile{{Profile: "v1", Mutants: 4, Killed: 1, Lived: 3}},
		Survivors: []fidelity.Survivor{
			{Profile: "v1", File: "v1/a.go", Line: 12, Column: 5, Mutator: "CONDITIONALS_BOUNDARY", Code: "if n < 3 {"},
			{Profile: "v1", File: "v1/a.go", Line: 20, Column: 5, Mutator: "CONDITIONALS_BOUNDARY", Code: "if m < 3 {"},
			{Profile: "v1", File: "v1/a.go", Line: 30, Column: 2, Mutator: "INCREMENT_DECREMENT", Code: "i++"},
		},
	}
	triage := map[string]Triage{}
	for _, tr := range []Triage{
		{File: "v1/a.go", Line: 10, Column: 5, Mutator: "CONDITIONALS_BOUNDARY", Code: "if n < 3 {", Verdict: "equivalent", Reason: "n is even here"},
		{File: "v1/a.go", Line: 20, Column: 5, Mutator: "CONDITIONALS_BOUNDARY", Code: "if m < 3 {", Verdict: "open", Reason: "no case yet"},
		{File: "v1/a.go", Line: 31, Column: 2, Mutator: "INCREMENT_DECREMENT", Code: "i++", Verdict: "equivalent", Reason: "a"},
		{File: "v1/a.go", Line: 32, Column: 2, Mutator: "INCREMENT_DECREMENT", Code: "i++", Verdict: "equivalent", Reason: "b"},
	} {
		triage[key(tr.File, tr.Line, tr.Column, tr.Mutator)] = tr
	}
	if n := applyTriage(sum, triage); n != 1 {
		t.Fatalf("%d untriaged, want 1 (the i++ that two entries could match)", n)
	}
	if sum.Survivors[0].Verdict != "equivalent" || sum.Survivors[1].Verdict != "open" || sum.Survivors[2].Verdict != "untriaged" {
		t.Fatalf("verdicts %q %q %q", sum.Survivors[0].Verdict, sum.Survivors[1].Verdict, sum.Survivors[2].Verdict)
	}
	if sum.Profiles[0].Proved != 1 {
		t.Fatalf("proved %d, want 1 (an open survivor is not proved)", sum.Profiles[0].Proved)
	}
}

func TestMergeReplacesOnlyTheMeasuredProfiles(t *testing.T) {
	last := &fidelity.MutationSummary{
		Note:      "old",
		Profiles:  []fidelity.MutationProfile{{Profile: "datetime", Mutants: 1}, {Profile: "v1", Mutants: 2}},
		Survivors: []fidelity.Survivor{{Profile: "v1", File: "v1/a.go"}, {Profile: "datetime", File: "datetime/a.go"}},
	}
	fresh := &fidelity.MutationSummary{
		Profiles:  []fidelity.MutationProfile{{Profile: "v1", Mutants: 5}},
		Survivors: []fidelity.Survivor{{Profile: "v1", File: "v1/b.go"}},
	}
	got := merge(last, fresh, []string{"v1"})
	if len(got.Profiles) != 2 || got.Profiles[0].Profile != "v1" || got.Profiles[0].Mutants != 5 || got.Profiles[1].Profile != "datetime" {
		t.Fatalf("profiles %+v", got.Profiles)
	}
	if len(got.Survivors) != 2 || got.Survivors[0].File != "datetime/a.go" || got.Survivors[1].File != "v1/b.go" {
		t.Fatalf("survivors %+v", got.Survivors)
	}
	if got.Note != "" {
		t.Fatal("a fresh measurement kept the old note")
	}
}

// TestCoveredPackagesReadsCovdataText parses the text covdata writes.
func TestCoveredPackagesParsesCounts(t *testing.T) {
	dir := t.TempDir()
	// coveredPackages runs covdata first; give it a fake go that writes the
	// text form.
	fake := filepath.Join(dir, "go")
	script := "#!/bin/sh\nfor a; do case $a in -o=*) out=${a#-o=};; esac; done\n" +
		"printf 'mode: atomic\\nm/reference/clock/a.go:1.1,2.2 1 0\\nm/reference/datetime/f.go:3.1,4.2 2 7\\nm/reference/datetime/g.go:1.1,1.9 1 0\\n' > \"$out\"\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := coveredPackages(fake, filepath.Join(dir, "x"))
	if err != nil || len(got) != 1 || got[0] != "m/reference/datetime" {
		t.Fatalf("covered %v, %v", got, err)
	}
}

func TestTriagesAreReadFromEveryFileOnce(t *testing.T) {
	dir := t.TempDir()
	entry := func(line int) string {
		return `{"file": "routing/a.go", "line": ` + string(rune('0'+line)) + `, "column": 3, "mutator": "INCREMENT_DECREMENT", "code": "i++", "verdict": "open", "reason": "no scenario yet"}`
	}
	if err := os.MkdirAll(filepath.Join(dir, "triage"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "main.json"), []byte("["+entry(1)+"]"), 0o644)
	os.WriteFile(filepath.Join(dir, "triage", "routing.json"), []byte("["+entry(2)+"]"), 0o644)
	got, err := readTriages(filepath.Join(dir, "main.json"), filepath.Join(dir, "triage"))
	if err != nil || len(got) != 2 {
		t.Fatalf("%d entries, %v; want 2", len(got), err)
	}
	os.WriteFile(filepath.Join(dir, "triage", "again.json"), []byte("["+entry(2)+"]"), 0o644)
	if _, err := readTriages(filepath.Join(dir, "main.json"), filepath.Join(dir, "triage")); err == nil {
		t.Fatal("an entry triaged in two files was accepted")
	}
}

// TestWriteOverlayAppliesTheMutation: the overlay names the mutant in place
// of the source, and the mutant differs from it by the one token.
func TestWriteOverlayAppliesTheMutation(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "a.go")
	if err := os.WriteFile(src, []byte("package a\n\nfunc f(n int) bool { return n < 3 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := fidelity.Survivor{File: "a/a.go", Line: 3, Column: 31, Mutator: "CONDITIONALS_BOUNDARY"}
	ovf, err := writeOverlay(src, s, dir)
	if err != nil {
		t.Fatal(err)
	}
	var ov struct{ Replace map[string]string }
	b, _ := os.ReadFile(ovf)
	if err := json.Unmarshal(b, &ov); err != nil || ov.Replace[src] == "" {
		t.Fatalf("overlay %s: %v", b, err)
	}
	got, _ := os.ReadFile(ov.Replace[src])
	if want := "package a\n\nfunc f(n int) bool { return n <= 3 }\n"; string(got) != want {
		t.Fatalf("mutant %q, want %q", got, want)
	}
	if _, err := writeOverlay(src, fidelity.Survivor{File: "a/a.go", Line: 3, Column: 1, Mutator: "CONDITIONALS_BOUNDARY"}, dir); err == nil {
		t.Fatal("a position without the mutator's token was accepted")
	}
}

// make mutation PROFILE=p answers for p alone: another profile's untriaged
// survivors or low score do not fail it, and p's own do.
func TestExitStatusJudgesOnlyTheSelectedProfiles(t *testing.T) {
	dir := t.TempDir()
	sum := &fidelity.MutationSummary{
		Profiles: []fidelity.MutationProfile{
			{Profile: "v1", Mutants: 10, Killed: 9, Lived: 1},      // 90 %, its survivor triaged below
			{Profile: "routing", Mutants: 10, Killed: 5, Lived: 5}, // 50 %, all untriaged
		},
		Survivors: []fidelity.Survivor{{Profile: "v1", File: "v1/planted.go", Line: 1, Column: 1, Mutator: "CONDITIONALS_BOUNDARY", Status: "LIVED", Code: "a < b"}},
	}
	for i := range 5 {
		sum.Survivors = append(sum.Survivors, fidelity.Survivor{Profile: "routing", File: "routing/planted.go", Line: i + 1, Column: 1, Mutator: "CONDITIONALS_NEGATION", Status: "LIVED", Code: "a == b"})
	}
	summary, triage := filepath.Join(dir, "mutation.json"), filepath.Join(dir, "triage.json")
	b, _ := json.Marshal(sum)
	tr, _ := json.Marshal([]Triage{{File: "v1/planted.go", Line: 1, Column: 1, Mutator: "CONDITIONALS_BOUNDARY", Code: "a < b", Verdict: "open", Reason: "planted"}})
	if err := os.WriteFile(triage, tr, 0o644); err != nil {
		t.Fatal(err)
	}
	status := func(profile string) int {
		if err := os.WriteFile(summary, b, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut strings.Builder
		code := run([]string{"-report-only", "-profile", profile, "-summary", summary, "-triage", triage, "-report", filepath.Join(dir, "report.md")}, &out, &errOut)
		t.Logf("-profile %s: exit %d\n%s%s", profile, code, out.String(), errOut.String())
		return code
	}
	t.Chdir(filepath.Join("..", "..", ".."))
	if got := status("v1"); got != 0 {
		t.Errorf("-profile v1 exits %d, want 0: v1 meets its goal whatever routing's survivors", got)
	}
	if got := status("routing"); got != 1 {
		t.Errorf("-profile routing exits %d, want 1: routing has untriaged survivors and a 50 %% score", got)
	}
	if got := status("v1,routing"); got != 1 {
		t.Errorf("-profile v1,routing exits %d, want 1", got)
	}
	got := judgeGoal(sum, []string{"routing"}, 90)
	if len(got) != 2 || !strings.Contains(got[0], "routing has 5 untriaged") || !strings.Contains(got[1], "50.0 %") {
		t.Errorf("judgeGoal = %q", got)
	}
}

// messageOnly matches a proof that rests on an error's message being the
// only difference.
var messageOnly = regexp.MustCompile(`(?i)compares an error by its code|never compares messages|compares a message|never its message|does not compare|never compared|message is for people|no verdic`)

// A survivor whose only difference is an error's message is proved only
// because messages are out of every scenario's scope by design: such a
// proof says where (docs/protocol.md), and that design holds — the
// protocol says so, and no step of any feature reads a message.
func TestMessageOnlyProofsCiteTheDesign(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	triage, err := readTriages(filepath.Join(root, "fidelity", "mutation-triage.json"), filepath.Join(root, "fidelity", "triage"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for k, tr := range triage {
		if !proved[tr.Verdict] || !messageOnly.MatchString(tr.Reason) {
			continue
		}
		n++
		if !strings.Contains(tr.Reason, "docs/protocol.md (Response)") {
			t.Errorf("%s is proved because only an error message differs, but does not say where messages are out of scope (docs/protocol.md (Response))", k)
		}
	}
	if n == 0 {
		t.Fatal("no message-only proof found: the pattern no longer matches the triage's wording")
	}
	proto, err := os.ReadFile(filepath.Join(root, "docs", "protocol.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(proto), "`message` is for\npeople and never compared") && !strings.Contains(string(proto), "`message` is for people and never compared") {
		t.Error("docs/protocol.md no longer says an error's message is never compared: every message-only proof is void")
	}
	files, _ := filepath.Glob(filepath.Join(root, "features", "*", "*.feature"))
	if len(files) == 0 {
		t.Fatal("no feature files found")
	}
	step := regexp.MustCompile(`(?m)^\s*(Then|And|But)\s+the error (message|text)`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if loc := step.FindIndex(b); loc != nil {
			t.Errorf("%s reads an error's message (%q): message-only proofs no longer hold", f, b[loc[0]:loc[1]])
		}
	}
}

// -judge names mutants as the report prints them; a malformed name is
// refused before anything is built.
func TestJudgeNamesAreParsedOrRefused(t *testing.T) {
	got, err := parseMutants("v1/timezone.go:145:16:CONDITIONALS_NEGATION, jsrt/date.go:146:7:CONDITIONALS_BOUNDARY")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Profile != "v1" || got[0].File != "v1/timezone.go" || got[0].Line != 145 || got[0].Column != 16 ||
		got[1].Mutator != "CONDITIONALS_BOUNDARY" || got[1].Profile != "v1" {
		t.Fatalf("parsed %+v", got)
	}
	for _, bad := range []string{"", "v1/timezone.go:145:CONDITIONALS_NEGATION", "v1/timezone.go:x:16:CONDITIONALS_NEGATION",
		"v1/timezone.go:145:0:CONDITIONALS_NEGATION", "v1/timezone.go:145:16:SWAP"} {
		if _, err := parseMutants(bad); err == nil {
			t.Errorf("parseMutants(%q) accepted it", bad)
		}
	}
	var out, errOut strings.Builder
	t.Chdir(filepath.Join("..", "..", ".."))
	if code := run([]string{"-judge", "v1/timezone.go:1:1:CONDITIONALS_NEGATION"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "does not apply") && !strings.Contains(errOut.String(), "no token") {
		t.Errorf("a position with no mutable token: exit %d, stderr %q; want 2 naming the position", code, errOut.String())
	}
}

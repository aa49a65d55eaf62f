package features

import (
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// Item 4 of issue 15: a .feature line of 65,536 bytes or more panicked
// inside gherkin (a nil *Line, because gherkin's bufio.Scanner refuses the
// line). Now it is an error naming the file and the line.
func TestLongFeatureLineIsAnErrorNamingFileAndLine(t *testing.T) {
	feature := func(comment string) []byte {
		return []byte("@v1\nFeature: long lines\n\n  @id:v1/long/one\n  Scenario: one\n# " + comment + "\n    Given the v1 profile\n")
	}
	// The longest line allowed loads.
	ok := strings.Repeat("x", MaxLineBytes-2)
	if _, err := Load(fstest.MapFS{"v1/long.feature": {Data: feature(ok)}}); err != nil {
		t.Fatalf("a line of %d bytes: %v", MaxLineBytes, err)
	}
	for _, n := range []int{MaxLineBytes + 1, 1 << 20} {
		_, err := Load(fstest.MapFS{"v1/long.feature": {Data: feature(strings.Repeat("x", n-2))}})
		if err == nil || !strings.Contains(err.Error(), "v1/long.feature:6:") || !strings.Contains(err.Error(), fmt.Sprint(n)) {
			t.Errorf("a line of %d bytes: want an error naming v1/long.feature:6 and the length, got %v", n, err)
		}
	}
}

// errNamesFile: an error from loading one file names it with a line number.
var errNamesFile = regexp.MustCompile(`v1/f\.feature:?\(?[0-9]+|v1/f\.feature: Parser errors:\n\([0-9]+:[0-9]+\)`)

func TestFeatureProblemsNameFileAndLine(t *testing.T) {
	for name, src := range map[string]string{
		"no feature":       "# only a comment\n",
		"empty":            "",
		"syntax":           "Feature: x\n  Scenario: a\n    Given b\n  | a |\n  Feature: y\n",
		"no id":            "@v1\nFeature: x\n  Scenario: a\n    Given b\n",
		"id elsewhere":     "@v1\nFeature: \xff\xfe\n  @id:v2/x/a\n  Scenario: a\n    Given b\n",
		"tab-only lines":   "\t\n\t\n",
		"carriage returns": "@v1\rFeature: x\r  Scenario: a\r",
		"no steps":         "@v1\nFeature: x\n  @id:v1/f/a\n  Scenario: a\n",
	} {
		_, err := Load(fstest.MapFS{"v1/f.feature": {Data: []byte(src)}})
		if err == nil {
			t.Errorf("%s: loaded", name)
			continue
		}
		t.Logf("%s: %v", name, err)
		if !errNamesFile.MatchString(err.Error()) {
			t.Errorf("%s: the error does not name v1/f.feature and a line: %v", name, err)
		}
	}
}

// FuzzLoad: whatever a .feature file holds, loading it is a suite or an
// error naming the file — never a panic.
//
//	go test ./features -run '^$' -fuzz '^FuzzLoad$' -fuzztime 1m
func FuzzLoad(f *testing.F) {
	for _, p := range []string{"v1/escape_xml.feature", "v1/config_timezone.feature", "datetime/weekday.feature"} {
		b, err := fs.ReadFile(FS(), p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("@v1\nFeature: x\n  @id:v1/x/o\n  Scenario Outline: o <case>\n    Given <a>\n    Examples:\n      | case | a |\n      | one  | 1 |\n      | one  | 2 |\n"))
	f.Add([]byte("# language: fr\nFonctionnalité: x\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Load(fstest.MapFS{"v1/f.feature": {Data: src}})
		if err != nil {
			if !strings.Contains(err.Error(), "v1/f.feature") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		for _, sc := range s.Scenarios {
			if !strings.HasPrefix(sc.ID, "v1/") || sc.URI != "v1/f.feature" {
				t.Fatalf("scenario %q of %s loaded outside its profile", sc.ID, sc.URI)
			}
		}
	})
}

// A profile loaded alone is the same as in the whole suite: its scenarios,
// ids and order.
func TestLoadProfilesIsTheWholeSuitesPart(t *testing.T) {
	all, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	folders, err := Folders(FS())
	if err != nil || len(folders) < 2 {
		t.Fatalf("folders %v, %v", folders, err)
	}
	for _, set := range [][]string{{folders[0]}, {folders[len(folders)-1]}, {folders[1], folders[len(folders)-1]}} {
		part, err := LoadProfiles(FS(), set)
		if err != nil {
			t.Fatal(err)
		}
		var want, got []string
		for _, sc := range all.Scenarios {
			if slices.Contains(set, sc.Profile) {
				want = append(want, sc.ID+" "+sc.URI+" "+strings.Join(sc.Tags, ","))
			}
		}
		for _, sc := range part.Scenarios {
			got = append(got, sc.ID+" "+sc.URI+" "+strings.Join(sc.Tags, ","))
		}
		if !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("%v alone: %d scenarios, in the whole suite %d", set, len(got), len(want))
		}
	}
	if _, err := LoadProfiles(FS(), []string{"no-such-profile"}); err == nil {
		t.Error("a profile without files loaded")
	}
}

// MayCarryTag never denies a tag a scenario of the file has, and denies
// the tags that are only written as longer ones.
func TestMayCarryTagKeepsEveryTag(t *testing.T) {
	all, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range all.Scenarios {
		src, err := fs.ReadFile(FS(), sc.URI)
		if err != nil {
			t.Fatal(err)
		}
		for _, tag := range sc.Tags {
			if !MayCarryTag(src, tag) {
				t.Fatalf("%s carries %s, but MayCarryTag says its file cannot", sc.ID, tag)
			}
		}
	}
	for src, want := range map[string]bool{
		"@v1\nFeature: x": true, "@a@v1": true, "@v1 @b": true, "@v1\u00a0#c": true, "@v1\r\n": true,
		"@v1-case\n": false, "@v10 @v1x": false, "no tags": false, "@V1\n": false,
	} {
		if got := MayCarryTag([]byte(src), "@v1"); got != want {
			t.Errorf("MayCarryTag(%q, @v1) = %v, want %v", src, got, want)
		}
	}
}

// The conversation profiles (clock-agent) are left out of a load of every
// profile and of Folders, and loaded when named.
func TestConversationProfilesLoadOnlyWhenNamed(t *testing.T) {
	all, err := Load(FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range all.Scenarios {
		if IsConversation(sc.Profile) {
			t.Fatalf("Load read %s", sc.ID)
		}
	}
	folders, _ := Folders(FS())
	for _, p := range ConversationProfiles {
		if slices.Contains(folders, p) {
			t.Errorf("Folders lists %s", p)
		}
		s, err := LoadProfiles(FS(), []string{p})
		if err != nil || len(s.Scenarios) == 0 {
			t.Errorf("LoadProfiles(%s): %v scenarios, %v", p, s, err)
		}
	}
}

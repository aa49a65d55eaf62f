package awareness

import (
	"bytes"
	"io/fs"
	"regexp"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/spec"
)

// phrasePattern is one entry of a phrase list: a pattern, the label it
// yields and the status it stores.
type phrasePattern struct {
	ID       string `yaml:"id"`
	Pattern  string `yaml:"pattern"`
	Label    string `yaml:"label"`
	Status   string `yaml:"status"`
	Activity string `yaml:"activity"`
	re       *regexp.Regexp
}

// Activity is a template of expected durations (§6.3).
type Activity struct {
	Key            string   `yaml:"key"`
	Keywords       []string `yaml:"keywords"`
	TypicalMinutes int      `yaml:"typical_minutes"`
	MaxMinutes     int      `yaml:"max_minutes"`
	re             *regexp.Regexp
}

type phraseFile struct {
	TimeReferences     []string         `yaml:"time_references"`
	TemporalActions    []*phrasePattern `yaml:"temporal_actions"`
	NonTemporalActions []*phrasePattern `yaml:"non_temporal_actions"`
	PastTense          []string         `yaml:"past_tense_first_words"`
	Activities         []*Activity      `yaml:"activities"`
}

var (
	phrasesOnce sync.Once
	phrases     phraseFile
	timeRefs    []*regexp.Regexp
)

// loadPhrases reads the embedded phrase lists once. The file is part of the
// spec, so a broken file is a broken build: it panics, and a unit test
// loads it.
func loadPhrases() *phraseFile {
	phrasesOnce.Do(func() {
		b, err := fs.ReadFile(spec.FS(), "clock-awareness/phrases.yaml")
		if err != nil {
			panic("awareness: phrases.yaml is missing: " + err.Error())
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if err := dec.Decode(&phrases); err != nil {
			panic("awareness: phrases.yaml: " + err.Error())
		}
		for _, p := range phrases.TimeReferences {
			timeRefs = append(timeRefs, regexp.MustCompile(`(?i)`+p))
		}
		for _, list := range [][]*phrasePattern{phrases.TemporalActions, phrases.NonTemporalActions} {
			for _, p := range list {
				p.re = regexp.MustCompile(`(?i)` + p.Pattern)
			}
		}
		for _, a := range phrases.Activities {
			if len(a.Keywords) > 0 {
				alts := make([]string, len(a.Keywords))
				for i, k := range a.Keywords {
					alts[i] = regexp.QuoteMeta(k)
				}
				a.re = regexp.MustCompile(`(?i)\b(?:` + strings.Join(alts, "|") + `)\b`)
			}
		}
	})
	return &phrases
}

// fold is the one preparation every matcher applies: the typographic
// apostrophe reads as the ASCII one.
func fold(text string) string { return strings.ReplaceAll(text, "’", "'") }

// TimeRelated reports whether a message refers to time or intends to
// schedule something (§5.1), by the time_references list.
func TimeRelated(text string) bool {
	loadPhrases()
	s := fold(text)
	for _, re := range timeRefs {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

// activityByKey finds an activity template.
func activityByKey(key string) *Activity {
	for _, a := range loadPhrases().Activities {
		if a.Key == key {
			return a
		}
	}
	return nil
}

// activityOf names the activity of a label: the first template one of whose
// keywords is a whole word of it.
func activityOf(label string) *Activity {
	for _, a := range loadPhrases().Activities {
		if a.re != nil && a.re.MatchString(label) {
			return a
		}
	}
	return nil
}

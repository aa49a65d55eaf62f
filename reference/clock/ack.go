package clock

import (
	"bytes"
	"io/fs"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/spec"
)

// Agent message classes (§10.3).
const (
	MessageEmpty           = "empty"
	MessageAcknowledgement = "acknowledgement"
	MessageSubstantive     = "substantive"
)

var (
	ackOnce  sync.Once
	ackSet   map[string]bool
	ackEmoji []string
)

// Acknowledgements is the list of spec/clock-core/acknowledgements.yaml.
func Acknowledgements() []string {
	loadAcks()
	out := make([]string, 0, len(ackSet))
	for a := range ackSet {
		out = append(out, a)
	}
	return out
}

func loadAcks() {
	ackOnce.Do(func() {
		b, err := fs.ReadFile(spec.FS(), "clock-core/acknowledgements.yaml")
		if err != nil {
			panic("clock: acknowledgements.yaml is missing: " + err.Error())
		}
		var doc struct {
			Acknowledgements []string `yaml:"acknowledgements"`
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		dec.KnownFields(true)
		if err := dec.Decode(&doc); err != nil {
			panic("clock: acknowledgements.yaml: " + err.Error())
		}
		ackSet = map[string]bool{}
		for _, a := range doc.Acknowledgements {
			ackSet[a] = true
			if strings.IndexFunc(a, unicode.IsLetter) < 0 {
				ackEmoji = append(ackEmoji, a)
			}
		}
	})
}

// ClassifyAgentMessage says whether an outbound agent message is
// substantive (§10.3: instructions, answers, decisions, next steps, actions)
// or a pure acknowledgement ("ok", "got it") or empty, which do not trigger
// a write.
func ClassifyAgentMessage(text string) string {
	loadAcks()
	s := strings.ToLower(strings.ReplaceAll(text, "’", "'"))
	for _, e := range ackEmoji {
		s = strings.ReplaceAll(s, e, ","+e+",")
	}
	phrases := strings.FieldsFunc(s, func(r rune) bool {
		return strings.ContainsRune(",.!?;…\n\r", r)
	})
	n := 0
	for _, p := range phrases {
		p = strings.Join(strings.Fields(p), " ")
		if p == "" {
			continue
		}
		n++
		if !ackSet[p] {
			return MessageSubstantive
		}
	}
	if n == 0 {
		return MessageEmpty
	}
	return MessageAcknowledgement
}

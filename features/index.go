// Package features holds the Gherkin scenarios, one folder per profile, and
// the index that gives every scenario its stable id, profile, origin and
// requirement tags. The .feature files are embedded so that the conform
// binary runs outside a checkout.
package features

import (
	"bufio"
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"
)

//go:embed */*.feature
var files embed.FS

// FS is the embedded features folder.
func FS() fs.FS { return files }

// Tag prefixes with a meaning to the kit.
const (
	IDTag     = "@id:"     // the scenario's stable id, e.g. @id:v1/escape-xml/ampersand
	OriginTag = "@origin:" // where a transcribed case comes from, e.g. @origin:formatting.test.ts
	ReqTag    = "@req:"    // a requirement id of spec/, e.g. @req:V1-XML-ESCAPE
	// The tier tags: a scenario with none is required.
	RecommendedTag = "@recommended" // the seed says SHOULD, recommended, suggested, prefer or MAY
	DecisionTag    = "@decision"    // the seed is silent; the kit pins one answer
	ExtensionTag   = "@extension"   // beyond (or against) the seed; recommended, never required
	// CaseColumn names the Examples column whose value ends an outline row's id.
	CaseColumn = "case"
)

// Tier says how much a scenario's verdict weighs. Every scenario has
// exactly one, by its tag (the tag constants above); a scenario with no
// tier tag is Required.
type Tier string

// The tiers, strongest first.
const (
	// Required: the seed's words, or what the seed's original system does
	// where the seed defers to it. A profile is conformed to exactly when
	// every required scenario passes.
	Required Tier = "required"
	// Recommended: the seed recommends the behaviour without requiring it
	// (SHOULD, RECOMMENDED, "recommended", "suggested", "prefer", MAY): an
	// implementation that does otherwise still conforms.
	Recommended Tier = "recommended"
	// Decision: the seed is silent and the kit pins one reasonable answer;
	// the scenario's description names the seed sentence that leaves it open.
	Decision Tier = "decision"
	// Extension: behaviour beyond the seed, or against it, that the kit
	// recommends (DST-correct scheduling, for instance).
	Extension Tier = "extension"
)

// Tiers lists the tiers, strongest first.
var Tiers = []Tier{Required, Recommended, Decision, Extension}

// tierOf maps a tier tag to its tier.
var tierOf = map[string]Tier{RecommendedTag: Recommended, DecisionTag: Decision, ExtensionTag: Extension}

// Rank orders the tiers by weight: Required 0, Recommended 1, Decision 2,
// Extension 3 (an unknown tier ranks after every one).
func (t Tier) Rank() int {
	if i := slices.Index(Tiers, t); i >= 0 {
		return i
	}
	return len(Tiers)
}

// Scenario is one runnable scenario: a plain scenario, or one row of an outline.
type Scenario struct {
	ID          string   // stable and hierarchical: profile/feature/case[/row]
	BaseID      string   // the @id tag; equals ID except for outline rows
	Profile     string   // the features folder, also a tag (@v1)
	URI         string   // path within the features folder
	Feature     string   // the feature's title
	Name        string   // the scenario's title (placeholders filled in)
	Description string   // the scenario's description (a decision's reason lives here)
	Tags        []string // every tag, inherited ones included
	Origins     []string // @origin values
	Reqs        []string // @req values
	Tier        Tier
	Decision    bool     // Tier == Decision
	Ops         []string // the operations its steps call, in order, each once
	// Steps are the scenario's steps as Gherkin compiles them (placeholders
	// filled in, Background steps first, each with its doc string): what
	// the conformance runner executes, parsed once.
	Steps       []*messages.PickleStep
	Line        int64
	fingerprint string
}

// Suite is every scenario of a features folder, in file order.
type Suite struct {
	Scenarios []*Scenario
	byPrint   map[string]*Scenario
	byID      map[string]*Scenario
	tags      map[string]bool
}

// ConversationProfiles are the features folders whose scenarios are
// conversations with an agent (clock-agent), not calls of operations: their
// steps are the agent harness's (conform agent), so a load of "every
// profile" leaves them out and only a load that names them reads them.
var ConversationProfiles = []string{"clock-agent"}

// IsConversation says whether a features folder holds conversations.
func IsConversation(profile string) bool { return slices.Contains(ConversationProfiles, profile) }

// Load indexes a features folder laid out like the embedded one. Every
// scenario needs exactly one @id tag, unique across the suite, starting with
// its profile folder; every outline needs a `case` column with unique values;
// every scenario has at most one tier tag (@recommended, @decision or
// @extension), and every profile has at least one required scenario (one
// with no tier tag).
func Load(fsys fs.FS) (*Suite, error) { return LoadProfiles(fsys, nil) }

// LoadProfiles indexes only the files of the named profile folders (every
// folder but the conversation profiles when profiles is nil), with Load's checks: what a run that can
// only select scenarios of those profiles needs. A profile folder's
// scenarios, their ids and their order are the same as in the whole suite.
func LoadProfiles(fsys fs.FS, profiles []string) (*Suite, error) {
	paths, err := fs.Glob(fsys, "*/*.feature")
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("features: no */*.feature files found")
	}
	if profiles == nil {
		paths = slices.DeleteFunc(paths, func(p string) bool { return IsConversation(path.Dir(p)) })
	} else {
		paths = slices.DeleteFunc(paths, func(p string) bool { return !slices.Contains(profiles, path.Dir(p)) })
		if len(paths) == 0 {
			return nil, fmt.Errorf("features: no .feature files in %s", strings.Join(profiles, ", "))
		}
	}
	sort.Strings(paths)
	// The files are parsed in parallel (parsing is nearly all of a load),
	// then indexed in order: the scenarios, their order and the first error
	// met are those of a load one file after another.
	parsed := make([]parsedFile, len(paths))
	var wg sync.WaitGroup
	next := atomic.Int64{}
	for range min(runtime.GOMAXPROCS(0), len(paths)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(paths); i = int(next.Add(1) - 1) {
				parsed[i] = parseFile(fsys, paths[i])
			}
		})
	}
	wg.Wait()
	s := &Suite{byPrint: map[string]*Scenario{}, byID: map[string]*Scenario{}, tags: map[string]bool{}}
	for _, f := range parsed {
		if err := s.add(f); err != nil {
			return nil, err
		}
	}
	if err := s.checkRequiredTiers(); err != nil {
		return nil, err
	}
	return s, nil
}

// checkRequiredTiers refuses a profile without a required scenario: its
// conformance would be decided by nothing (every implementation would
// conform), which is never what a features folder means.
func (s *Suite) checkRequiredTiers() error {
	required := map[string]int{}
	files := map[string][]string{} // the profile's files, to name in the error
	for _, sc := range s.Scenarios {
		if sc.Tier == Required {
			required[sc.Profile]++
		}
		if !slices.Contains(files[sc.Profile], sc.URI) {
			files[sc.Profile] = append(files[sc.Profile], sc.URI)
		}
	}
	for _, p := range s.Profiles() {
		if required[p] == 0 {
			return fmt.Errorf("features: profile %s (%s) has no required scenario (every one is recommended, a decision or an extension): nothing would decide whether an implementation conforms to it",
				p, strings.Join(files[p], ", "))
		}
	}
	return nil
}

// ParseFile parses one .feature file of fsys as Load does, and compiles
// its pickles: the document and the scenarios of a report that shows the
// file as written (the Cucumber JSON's features, steps and lines). Each
// pickle is a Scenario of a Suite loaded from the same file (ByPickle).
func ParseFile(fsys fs.FS, uri string) (*messages.GherkinDocument, []*messages.Pickle, error) {
	src, err := fs.ReadFile(fsys, uri)
	if err != nil {
		return nil, nil, fmt.Errorf("features: %w", err)
	}
	newID := (&messages.Incrementing{}).NewId
	doc, err := parseFeature(uri, src, newID)
	if err != nil {
		return nil, nil, err
	}
	return doc, gherkin.Pickles(*doc, uri, newID), nil
}

// parsedFile is one .feature file parsed, its scenarios built and checked
// on their own: err is the first problem met, after the scenarios before it.
type parsedFile struct {
	scenarios []*Scenario
	err       error
}

// parseFile parses a .feature file and builds its scenarios with every
// check that needs no other file; add makes the checks across files.
func parseFile(fsys fs.FS, uri string) (out parsedFile) {
	src, err := fs.ReadFile(fsys, uri)
	if err != nil {
		return parsedFile{err: fmt.Errorf("features: %w", err)}
	}
	newID := (&messages.Incrementing{}).NewId
	doc, err := parseFeature(uri, src, newID)
	if err != nil {
		return parsedFile{err: err}
	}
	profile := path.Dir(uri)
	nodes := astIndex(doc.Feature)
	for _, t := range doc.Feature.Tags {
		if strings.HasPrefix(t.Name, IDTag) {
			return parsedFile{err: fmt.Errorf("features: %s:%d: @id belongs on scenarios, not on the feature", uri, t.Location.Line)}
		}
	}
	rowCounter := map[string]int{}
	for _, pk := range gherkin.Pickles(*doc, uri, newID) {
		sc, err := newScenario(pk, profile, uri, doc.Feature.Name, nodes, rowCounter)
		if err != nil {
			out.err = err
			return out
		}
		out.scenarios = append(out.scenarios, sc)
	}
	return out
}

// newScenario builds the scenario of one pickle, with the checks that
// concern it alone.
func newScenario(pk *messages.Pickle, profile, uri, feature string, nodes astNodes, rowCounter map[string]int) (*Scenario, error) {
	sc := &Scenario{Profile: profile, URI: uri, Feature: feature, Name: pk.Name, Tags: make([]string, 0, len(pk.Tags))}
	for _, t := range pk.Tags {
		sc.Tags = append(sc.Tags, t.Name)
		switch {
		case strings.HasPrefix(t.Name, IDTag):
			if sc.BaseID != "" {
				return nil, fmt.Errorf("features: %s: scenario %q has two @id tags", uri, pk.Name)
			}
			sc.BaseID = strings.TrimPrefix(t.Name, IDTag)
		case strings.HasPrefix(t.Name, OriginTag):
			sc.Origins = append(sc.Origins, strings.TrimPrefix(t.Name, OriginTag))
		case strings.HasPrefix(t.Name, ReqTag):
			sc.Reqs = append(sc.Reqs, strings.TrimPrefix(t.Name, ReqTag))
		}
	}
	sc.Steps = pk.Steps
	for _, st := range pk.Steps {
		if op, ok := calledOperation(st.Text); ok && !hasTag(sc.Ops, op) {
			sc.Ops = append(sc.Ops, op)
		}
	}
	scNode := nodes.scenarios[pk.AstNodeIds[0]]
	if scNode == nil {
		return nil, fmt.Errorf("features: %s: pickle %q has no scenario node", uri, pk.Name)
	}
	sc.Line = scNode.Location.Line
	sc.Description = strings.TrimSpace(scNode.Description)
	if sc.BaseID == "" {
		return nil, fmt.Errorf("features: %s:%d: scenario %q has no @id tag", uri, sc.Line, pk.Name)
	}
	if len(sc.Steps) == 0 {
		// godog would not run it at all (no hooks, no verdict): a
		// scenario that checks nothing can neither pass nor fail.
		return nil, fmt.Errorf("features: %s:%d: scenario %q has no steps", uri, sc.Line, sc.BaseID)
	}
	if !strings.HasPrefix(sc.BaseID, profile+"/") {
		return nil, fmt.Errorf("features: %s:%d: id %q must start with its profile folder %q", uri, sc.Line, sc.BaseID, profile+"/")
	}
	if !hasTag(sc.Tags, "@"+profile) {
		return nil, fmt.Errorf("features: %s:%d: scenario %q lacks its profile tag @%s", uri, sc.Line, sc.BaseID, profile)
	}
	sc.ID = sc.BaseID
	if len(pk.AstNodeIds) > 1 { // an outline row
		row := nodes.rows[pk.AstNodeIds[1]]
		key := row.caseValue
		if key == "" {
			rowCounter[sc.BaseID]++
			key = fmt.Sprintf("row-%d", rowCounter[sc.BaseID])
		}
		if row.badCase != "" {
			return nil, fmt.Errorf("features: %s:%d: %s", uri, row.line, row.badCase)
		}
		sc.ID = sc.BaseID + "/" + key
		sc.Line = row.line
	}
	// Tier tags are inherited like any tag (feature, rule, scenario,
	// examples), so two of them may meet on one pickle from two levels.
	var tierTags, tierNames []string
	for _, t := range sc.Tags {
		if tier, ok := tierOf[t]; ok && !hasTag(tierTags, t) {
			tierTags = append(tierTags, t)
			tierNames = append(tierNames, string(tier))
			sc.Tier = tier
		}
	}
	if len(tierTags) > 1 {
		return nil, fmt.Errorf("features: %s:%d: scenario %q has two tier tags (%s): a scenario is required (no tier tag), recommended, a decision or an extension, never two",
			uri, sc.Line, sc.ID, strings.Join(tierNames, " and "))
	}
	if sc.Tier == "" {
		sc.Tier = Required
	}
	sc.Decision = sc.Tier == Decision
	sc.fingerprint = Fingerprint(pk)
	return sc, nil
}

// add indexes a parsed file's scenarios, checking them against the files
// before it (ids and whole scenarios are unique across the suite), then
// reports the file's own error, if it had one.
func (s *Suite) add(f parsedFile) error {
	for _, sc := range f.scenarios {
		if prev := s.byID[sc.ID]; prev != nil {
			return fmt.Errorf("features: id %q is used twice (%s:%d and %s:%d)", sc.ID, prev.URI, prev.Line, sc.URI, sc.Line)
		}
		if sc.BaseID != sc.ID && s.byID[sc.BaseID] != nil {
			return fmt.Errorf("features: id %q is used twice (%s:%d)", sc.BaseID, sc.URI, sc.Line)
		}
		if prev := s.byPrint[sc.fingerprint]; prev != nil {
			return fmt.Errorf("features: %s:%d: %s and %s are the same scenario word for word", sc.URI, sc.Line, prev.ID, sc.ID)
		}
		for _, t := range sc.Tags {
			s.tags[t] = true
		}
		s.byPrint[sc.fingerprint] = sc
		s.byID[sc.ID] = sc
		s.Scenarios = append(s.Scenarios, sc)
	}
	return f.err
}

// Find builds the scenario with the given id from the files that can hold
// it, without loading the suite: only the files of the id's profile folder
// whose text carries its @id tag (or, for an outline row, the outline's)
// are parsed. It is for a command that names one scenario (conform show),
// which would otherwise parse every file; it makes no check across files
// (Load does). ok is false when no file holds the id.
func Find(fsys fs.FS, id string) (sc *Scenario, ok bool, err error) {
	profile, _, _ := strings.Cut(id, "/")
	paths, err := fs.Glob(fsys, profile+"/*.feature")
	if err != nil {
		return nil, false, err
	}
	tags := []string{IDTag + id}
	if i := strings.LastIndexByte(id, '/'); i > len(profile) {
		tags = append(tags, IDTag+id[:i]) // an outline row's id is the outline's and its case
	}
	for _, p := range paths {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, false, fmt.Errorf("features: %w", err)
		}
		if !slices.ContainsFunc(tags, func(t string) bool { return MayCarryTag(src, t) }) {
			continue
		}
		f := parseFile(fsys, p)
		for _, sc := range f.scenarios {
			if sc.ID == id {
				return sc, true, nil
			}
		}
		if f.err != nil {
			return nil, false, f.err
		}
	}
	return nil, false, nil
}

// FindRows builds the rows of the outline whose @id is id, in file order,
// as Find builds one scenario: only the files of the id's profile folder
// whose text carries the tag are parsed. None when no outline has that id
// (a plain scenario's id included).
func FindRows(fsys fs.FS, id string) ([]*Scenario, error) {
	profile, _, _ := strings.Cut(id, "/")
	paths, err := fs.Glob(fsys, profile+"/*.feature")
	if err != nil {
		return nil, err
	}
	var rows []*Scenario
	for _, p := range paths {
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("features: %w", err)
		}
		if !MayCarryTag(src, IDTag+id) {
			continue
		}
		f := parseFile(fsys, p)
		for _, sc := range f.scenarios {
			if sc.BaseID == id && sc.ID != id {
				rows = append(rows, sc)
			}
		}
		if f.err != nil {
			return nil, f.err
		}
		if len(rows) > 0 {
			return rows, nil // an @id is one scenario's or one outline's
		}
	}
	return nil, nil
}

// Folders lists the profile folders of a features folder: those holding
// .feature files, sorted, but for the conversation profiles (which Load
// leaves out too).
func Folders(fsys fs.FS) ([]string, error) {
	paths, err := fs.Glob(fsys, "*/*.feature")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range paths {
		if d := path.Dir(p); !slices.Contains(out, d) && !IsConversation(d) {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out, nil
}

// MayCarryTag reports whether a .feature file's text could give a scenario
// the tag (with its @), without parsing it: Gherkin reads a tag line's
// tags by splitting it at every @ and trimming white space, so a tag is
// written as its name followed by white space, another @, or the end of the
// text. Text that never holds it so cannot carry it. It may still answer
// true for text that does not (a mention in a description); that only
// means the file is parsed.
func MayCarryTag(src []byte, tag string) bool {
	t := []byte(tag)
	for rest := src; ; {
		i := bytes.Index(rest, t)
		if i < 0 {
			return false
		}
		rest = rest[i+len(t):]
		if len(rest) == 0 || rest[0] == '@' {
			return true
		}
		if r, _ := utf8.DecodeRune(rest); unicode.IsSpace(r) {
			return true
		}
	}
}

// calledOperation reads the operation a step calls, `I call "op" with …`
// (the text `^I call "([^"]+)" with` matches; a test holds the two equal).
func calledOperation(step string) (string, bool) {
	rest, ok := strings.CutPrefix(step, `I call "`)
	if !ok {
		return "", false
	}
	op, after, ok := strings.Cut(rest, `"`)
	if !ok || op == "" || !strings.HasPrefix(after, " with") {
		return "", false
	}
	return op, true
}

// MaxLineBytes is the longest line a .feature file may have: gherkin reads
// lines with a bufio.Scanner of 64 KiB, and a longer line made it panic.
const MaxLineBytes = bufio.MaxScanTokenSize - 1

// parseFeature parses one .feature file; every problem, a line too long for
// gherkin and a panic inside it included, is an error naming the file and
// the line.
func parseFeature(uri string, src []byte, newID func() string) (doc *messages.GherkinDocument, err error) {
	for n, rest := 1, src; len(rest) > 0; n++ {
		line, next, _ := bytes.Cut(rest, []byte("\n"))
		if len(line) > MaxLineBytes {
			return nil, fmt.Errorf("features: %s:%d: the line is %d bytes long, over the %d-byte limit on a line", uri, n, len(line), MaxLineBytes)
		}
		rest = next
	}
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("features: %s:1: the Gherkin parser failed on this file: %v", uri, r)
		}
	}()
	doc, err = parseGherkin(bytes.NewReader(src), newID)
	if err != nil {
		// gherkin's errors carry (line:column).
		return nil, fmt.Errorf("features: %s: %w", uri, err)
	}
	if doc.Feature == nil {
		return nil, fmt.Errorf("features: %s:1: no Feature: line", uri)
	}
	return doc, nil
}

func hasTag(tags []string, want string) bool {
	for _, t := range tags {
		if t == want {
			return true
		}
	}
	return false
}

type rowInfo struct {
	line      int64
	caseValue string
	badCase   string
}

type astNodes struct {
	scenarios map[string]*messages.Scenario
	rows      map[string]rowInfo
}

func astIndex(f *messages.Feature) astNodes {
	n := astNodes{scenarios: map[string]*messages.Scenario{}, rows: map[string]rowInfo{}}
	add := func(sc *messages.Scenario) {
		n.scenarios[sc.Id] = sc
		seen := map[string]bool{}
		for _, ex := range sc.Examples {
			col := -1
			if ex.TableHeader != nil {
				for i, c := range ex.TableHeader.Cells {
					if c.Value == CaseColumn {
						col = i
					}
				}
			}
			for _, r := range ex.TableBody {
				info := rowInfo{line: r.Location.Line}
				if col < 0 {
					info.badCase = "an outline's Examples need a `case` column: it names each row's id"
				} else {
					info.caseValue = r.Cells[col].Value
					switch {
					case info.caseValue == "" || strings.ContainsAny(info.caseValue, " /\t"):
						info.badCase = fmt.Sprintf("case %q must be a non-empty slug without spaces or slashes", info.caseValue)
					case seen[info.caseValue]:
						info.badCase = fmt.Sprintf("case %q appears twice in this outline", info.caseValue)
					}
					seen[info.caseValue] = true
				}
				n.rows[r.Id] = info
			}
		}
	}
	for _, c := range f.Children {
		if c.Scenario != nil {
			add(c.Scenario)
		}
		if c.Rule != nil {
			for _, rc := range c.Rule.Children {
				if rc.Scenario != nil {
					add(rc.Scenario)
				}
			}
		}
	}
	return n
}

// Fingerprint identifies a pickle by what it says (uri, name, tags, steps
// and their arguments), independently of the ids a parser generated; godog
// and this index compile pickles separately, and this is how they agree.
func Fingerprint(pk *messages.Pickle) string {
	var b strings.Builder
	b.Grow(fingerprintLen(pk))
	b.WriteString(pk.Uri)
	b.WriteByte(0)
	b.WriteString(pk.Name)
	for _, t := range pk.Tags {
		b.WriteByte(0)
		b.WriteString(t.Name)
	}
	for _, st := range pk.Steps {
		b.WriteByte(1)
		b.WriteString(st.Text)
		if st.Argument != nil {
			if ds := st.Argument.DocString; ds != nil {
				b.WriteByte(2)
				b.WriteString(ds.Content)
			}
			if dt := st.Argument.DataTable; dt != nil {
				for _, r := range dt.Rows {
					b.WriteByte(3)
					for _, c := range r.Cells {
						b.WriteString(c.Value)
						b.WriteByte(4)
					}
				}
			}
		}
	}
	return b.String()
}

// fingerprintLen is the length of Fingerprint's text, so that it is
// written into one allocation (loading the suite writes 2,500 of them).
func fingerprintLen(pk *messages.Pickle) int {
	n := len(pk.Uri) + 1 + len(pk.Name)
	for _, t := range pk.Tags {
		n += 1 + len(t.Name)
	}
	for _, st := range pk.Steps {
		n += 1 + len(st.Text)
		if st.Argument != nil {
			if ds := st.Argument.DocString; ds != nil {
				n += 1 + len(ds.Content)
			}
			if dt := st.Argument.DataTable; dt != nil {
				for _, r := range dt.Rows {
					n++
					for _, c := range r.Cells {
						n += len(c.Value) + 1
					}
				}
			}
		}
	}
	return n
}

// ByPickle finds the scenario a godog pickle is.
func (s *Suite) ByPickle(pk *messages.Pickle) (*Scenario, bool) {
	sc, ok := s.byPrint[Fingerprint(pk)]
	return sc, ok
}

// ByID finds a scenario by its id.
func (s *Suite) ByID(id string) (*Scenario, bool) {
	sc, ok := s.byID[id]
	return sc, ok
}

// HasTag reports whether any scenario carries the tag (with its @).
func (s *Suite) HasTag(tag string) bool { return s.tags[tag] }

// Profiles lists the profile folders that have scenarios, in order.
func (s *Suite) Profiles() []string {
	seen := map[string]bool{}
	var out []string
	for _, sc := range s.Scenarios {
		if !seen[sc.Profile] {
			seen[sc.Profile] = true
			out = append(out, sc.Profile)
		}
	}
	return out
}

// Texts are the scenario's step texts and doc strings, placeholders filled
// in: everything it sends an implementation is written there (the host
// zone a run chooses reads the date-times they hold).
func (sc *Scenario) Texts() []string {
	out := make([]string, 0, len(sc.Steps))
	for _, st := range sc.Steps {
		out = append(out, st.Text)
		if st.Argument != nil && st.Argument.DocString != nil {
			out = append(out, st.Argument.DocString.Content)
		}
	}
	return out
}

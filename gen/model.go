package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/clockspec/clockspec/conformance"
	"github.com/clockspec/clockspec/features"
	"github.com/clockspec/clockspec/spec"
)

// Statuses in the reference run, worst first (a requirement or an outline
// shows the worst of its scenarios or rows).
const (
	stFailed     = "failed"
	stNotRun     = "not run"
	stNotClaimed = "not claimed"
	stPassed     = "passed"
	stUncovered  = "no scenario"
)

var statusRank = map[string]int{stUncovered: 0, stFailed: 1, stNotRun: 2, stNotClaimed: 3, stPassed: 4}

func worse(a, b string) string {
	if a == "" {
		return b
	}
	if statusRank[b] < statusRank[a] {
		return b
	}
	return a
}

type model struct {
	SpecVersion string
	Reference   conformanceFacts
	Profiles    []*profileDoc
	Recommended []*scenarioDoc
	Decisions   []*scenarioDoc
	Extensions  []*scenarioDoc
	// Unknown are @req citations spec/ does not define, "REQ (scenario id)".
	Unknown []string
}

type conformanceFacts struct {
	Implementation string            `json:"implementation"`
	Version        string            `json:"version"`
	Tzdata         string            `json:"tzdata"`
	Level          conformance.Level `json:"level"`
}

type profileDoc struct {
	Name, Title, Source string
	Operations          []*spec.Operation
	Requirements        []*reqDoc
	Scenarios           []*scenarioDoc // of this features folder, in file order
	Unreferenced        []*scenarioDoc // of those, the ones citing no requirement
	Recommended         []*scenarioDoc
	Decisions           []*scenarioDoc
	Extensions          []*scenarioDoc
	// The tiers in the reference run, in cases (outline rows count one by
	// one): required passed, recommendations, decisions and extensions
	// followed.
	Required, RecommendedCases, DecisionCases, ExtensionCases conformance.TierCount
	Claimed                                                   bool
	Rows, Passed                                              int
	Failed, NotClaimed                                        int
	MissingOps                                                []string
	Status                                                    string
}

type reqDoc struct {
	ID, Text, Source string
	Strength         spec.Strength
	Seed             string // the seed's words, quoted
	Alternatives     []string
	NoAlternative    string
	Scenarios        []*scenarioDoc
	Rows, Passed     int
	Status           string
}

type scenarioDoc struct {
	ID, Profile, Feature string
	URI                  string // from the repository root
	Line                 int64
	Keyword, Name        string
	Description          string
	Tags                 []string // its own, without @id
	Reqs                 []string
	Recommended          bool // a case of it is @recommended
	Decision             bool // a case of it is a @decision
	Extension            bool // a case of it is an @extension
	RequiredCase         bool // a case of it is required
	Tier                 features.Tier
	Background           []stepDoc
	Steps                []stepDoc
	Examples             []examplesDoc
	Rows, Passed         int
	Failing              []string // ids of failing rows
	Status               string
	Gherkin              string // the scenario as Gherkin text
}

type stepDoc struct {
	Keyword, Text string
	Doc           *messages.DocString
	Table         [][]string
}

type examplesDoc struct {
	Keyword, Name string
	Tags          []string
	Header        []string
	Rows          []exampleRow
}

type exampleRow struct {
	Cells  []string
	ID     string
	Status string
}

func buildModel(cat *spec.Catalog, suite *features.Suite, feats fs.FS, rep *conformance.Report) (*model, error) {
	m := &model{SpecVersion: rep.SpecVersion, Reference: conformanceFacts{rep.Hello.Implementation, rep.Hello.Version, rep.Hello.Tzdata, rep.Level}}
	results := map[string]conformance.ScenarioResult{}
	for _, s := range rep.Scenarios {
		results[s.ID] = s
	}
	summaries := map[string]conformance.ProfileSummary{}
	for _, p := range rep.Profiles {
		summaries[p.Profile] = p
	}

	docs, err := parseScenarios(feats)
	if err != nil {
		return nil, err
	}
	byID := map[string]*scenarioDoc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	// Rows and their verdicts, from the suite (pickles in AST order).
	rowIndex := map[string]int{}
	for _, sc := range suite.Scenarios {
		d := byID[sc.BaseID]
		if d == nil {
			return nil, fmt.Errorf("gen: %s is in the suite but not in its feature file", sc.ID)
		}
		if d.Reqs == nil {
			d.Reqs = append([]string{}, sc.Reqs...)
			d.Tier = sc.Tier
		}
		// An examples table may cite requirements of its own: the outline
		// is traced to each requirement one of its rows cites.
		for _, id := range sc.Reqs {
			if !slices.Contains(d.Reqs, id) {
				d.Reqs = append(d.Reqs, id)
			}
		}
		// An examples table may carry its own tier tag: an outline is listed
		// with each tier one of its rows has.
		d.Recommended = d.Recommended || sc.Tier == features.Recommended
		d.Decision = d.Decision || sc.Tier == features.Decision
		d.Extension = d.Extension || sc.Tier == features.Extension
		d.RequiredCase = d.RequiredCase || sc.Tier == features.Required
		st := stNotRun
		if r, ok := results[sc.ID]; ok {
			switch v := rep.LevelVerdict(r); v {
			case conformance.Passed:
				st = stPassed
			case conformance.NotClaimed:
				st = stNotClaimed
			default:
				st = stFailed
			}
		}
		d.Rows++
		if st == stPassed {
			d.Passed++
		}
		if st == stFailed {
			d.Failing = append(d.Failing, sc.ID)
		}
		d.Status = worse(d.Status, st)
		if len(d.Examples) > 0 {
			k := rowIndex[sc.BaseID]
			rowIndex[sc.BaseID]++
			for i := range d.Examples {
				if k < len(d.Examples[i].Rows) {
					d.Examples[i].Rows[k].ID, d.Examples[i].Rows[k].Status = sc.ID, st
					break
				}
				k -= len(d.Examples[i].Rows)
			}
		}
	}

	profiles := map[string]*profileDoc{}
	var order []string
	add := func(name string) *profileDoc {
		if p := profiles[name]; p != nil {
			return p
		}
		p := &profileDoc{Name: name}
		profiles[name] = p
		order = append(order, name)
		return p
	}
	reqs := map[string]*reqDoc{}
	for _, sp := range cat.Profiles {
		p := add(sp.Name)
		p.Title, p.Source, p.Operations = sp.Title, sp.Source, sp.Operations
		for _, r := range sp.Requirements {
			rd := &reqDoc{ID: r.ID, Text: r.Text, Source: r.Source, Strength: r.Strength, Seed: r.Seed,
				Alternatives: r.Alternatives, NoAlternative: r.NoAlternative}
			reqs[r.ID] = rd
			p.Requirements = append(p.Requirements, rd)
		}
	}
	var folders []string
	for _, d := range docs {
		if profiles[d.Profile] == nil {
			folders = append(folders, d.Profile)
		}
	}
	sort.Strings(folders)
	for _, f := range folders {
		add(f)
	}
	for _, d := range docs {
		p := profiles[d.Profile]
		p.Scenarios = append(p.Scenarios, d)
		if len(d.Reqs) == 0 {
			p.Unreferenced = append(p.Unreferenced, d)
		}
		if d.Recommended {
			p.Recommended = append(p.Recommended, d)
		}
		if d.Decision {
			p.Decisions = append(p.Decisions, d)
		}
		if d.Extension {
			p.Extensions = append(p.Extensions, d)
		}
		for _, id := range d.Reqs {
			rd := reqs[id]
			if rd == nil {
				m.Unknown = append(m.Unknown, fmt.Sprintf("%s (%s)", id, d.ID))
				continue
			}
			rd.Scenarios = append(rd.Scenarios, d)
			rd.Rows += d.Rows
			rd.Passed += d.Passed
			rd.Status = worse(rd.Status, d.Status)
		}
	}
	for _, name := range order {
		p := profiles[name]
		for _, rd := range p.Requirements {
			if len(rd.Scenarios) == 0 {
				rd.Status = stUncovered
			}
		}
		s, ok := summaries[name]
		p.Claimed, p.MissingOps = s.Claimed, s.MissingOps
		p.Rows, p.Passed, p.Failed, p.NotClaimed = s.Scenarios, s.Passed, s.Failed, s.NotClaimedCnt
		p.Required, p.RecommendedCases, p.DecisionCases, p.ExtensionCases = s.Required, s.Recommended, s.Decisions, s.Extensions
		switch {
		case !ok:
			p.Status = stNotRun
		case !s.Claimed:
			p.Status = stNotClaimed
		case s.Failed > 0:
			p.Status = stFailed
		default:
			p.Status = stPassed
		}
		m.Profiles = append(m.Profiles, p)
		m.Recommended = append(m.Recommended, p.Recommended...)
		m.Decisions = append(m.Decisions, p.Decisions...)
		m.Extensions = append(m.Extensions, p.Extensions...)
	}
	for _, p := range m.Profiles {
		for _, name := range []string{"README", "index", "decisions", "traceability", portingPage} {
			if p.Name == name {
				return nil, fmt.Errorf("gen: a profile named %q would clash with the page of that name", name)
			}
		}
	}
	return m, nil
}

// parseScenarios reads every feature of the folder into scenario docs, in
// path and file order.
func parseScenarios(feats fs.FS) ([]*scenarioDoc, error) {
	paths, err := fs.Glob(feats, "*/*.feature")
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*scenarioDoc
	for _, p := range paths {
		if features.IsConversation(path.Dir(p)) {
			continue // conversations have a page of their own (agentPage)
		}
		src, err := fs.ReadFile(feats, p)
		if err != nil {
			return nil, err
		}
		doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(src), (&messages.Incrementing{}).NewId)
		if err != nil {
			return nil, fmt.Errorf("gen: features/%s: %w", p, err)
		}
		if doc.Feature == nil {
			continue
		}
		profile := strings.Split(p, "/")[0]
		var background []stepDoc
		var visit func(children []*messages.FeatureChild, rule []*messages.RuleChild) error
		addScenario := func(sc *messages.Scenario, bg []stepDoc) error {
			d := &scenarioDoc{Profile: profile, Feature: doc.Feature.Name, URI: "features/" + p, Line: sc.Location.Line,
				Keyword: sc.Keyword, Name: sc.Name, Description: dedent(sc.Description), Background: bg}
			for _, t := range sc.Tags {
				if strings.HasPrefix(t.Name, features.IDTag) {
					d.ID = strings.TrimPrefix(t.Name, features.IDTag)
					continue
				}
				d.Tags = append(d.Tags, t.Name)
			}
			if d.ID == "" {
				return fmt.Errorf("gen: features/%s:%d: a scenario without @id", p, sc.Location.Line)
			}
			for _, st := range sc.Steps {
				d.Steps = append(d.Steps, toStep(st))
			}
			for _, ex := range sc.Examples {
				e := examplesDoc{Keyword: ex.Keyword, Name: ex.Name}
				for _, t := range ex.Tags {
					e.Tags = append(e.Tags, t.Name)
				}
				if ex.TableHeader != nil {
					e.Header = cells(ex.TableHeader)
				}
				for _, r := range ex.TableBody {
					e.Rows = append(e.Rows, exampleRow{Cells: cells(r)})
				}
				d.Examples = append(d.Examples, e)
			}
			d.Gherkin = gherkinText(d)
			out = append(out, d)
			return nil
		}
		visit = func(children []*messages.FeatureChild, _ []*messages.RuleChild) error {
			for _, c := range children {
				switch {
				case c.Background != nil:
					background = nil
					for _, st := range c.Background.Steps {
						background = append(background, toStep(st))
					}
				case c.Scenario != nil:
					if err := addScenario(c.Scenario, background); err != nil {
						return err
					}
				case c.Rule != nil:
					bg := background
					for _, rc := range c.Rule.Children {
						if rc.Background != nil {
							bg = append(append([]stepDoc{}, background...), stepsOf(rc.Background.Steps)...)
						}
						if rc.Scenario != nil {
							if err := addScenario(rc.Scenario, bg); err != nil {
								return err
							}
						}
					}
				}
			}
			return nil
		}
		if err := visit(doc.Feature.Children, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func stepsOf(steps []*messages.Step) []stepDoc {
	var out []stepDoc
	for _, st := range steps {
		out = append(out, toStep(st))
	}
	return out
}

func toStep(st *messages.Step) stepDoc {
	s := stepDoc{Keyword: strings.TrimSpace(st.Keyword), Text: st.Text, Doc: st.DocString}
	if st.DataTable != nil {
		for _, r := range st.DataTable.Rows {
			s.Table = append(s.Table, cells(r))
		}
	}
	return s
}

func cells(r *messages.TableRow) []string {
	out := make([]string, len(r.Cells))
	for i, c := range r.Cells {
		out[i] = c.Value
	}
	return out
}

// dedent removes the indentation a description has in its feature file.
func dedent(s string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	for i, l := range lines {
		if len(l) >= indent && indent > 0 {
			lines[i] = l[indent:]
		}
		lines[i] = strings.TrimRight(lines[i], " \t")
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// gherkinText renders a scenario back as Gherkin: tags (without @id), the
// title, the description, steps with their doc strings and tables, and
// the examples.
func gherkinText(d *scenarioDoc) string {
	var w bytes.Buffer
	if len(d.Background) > 0 {
		w.WriteString("Background:\n")
		writeSteps(&w, d.Background, "  ")
		w.WriteString("\n")
	}
	if len(d.Tags) > 0 {
		w.WriteString(strings.Join(d.Tags, " ") + "\n")
	}
	fmt.Fprintf(&w, "%s: %s\n", d.Keyword, d.Name)
	writeDescription(&w, d.Description, "  ")
	writeSteps(&w, d.Steps, "  ")
	for _, e := range d.Examples {
		w.WriteString("\n")
		if len(e.Tags) > 0 {
			w.WriteString("  " + strings.Join(e.Tags, " ") + "\n")
		}
		fmt.Fprintf(&w, "  %s:%s\n", e.Keyword, strings.TrimRight(" "+e.Name, " "))
		rows := make([][]string, len(e.Rows))
		for i, r := range e.Rows {
			rows[i] = r.Cells
		}
		writeTable(&w, "    ", e.Header, rows)
	}
	return strings.TrimRight(w.String(), "\n")
}

func writeSteps(w *bytes.Buffer, steps []stepDoc, indent string) {
	for _, st := range steps {
		fmt.Fprintf(w, "%s%s %s\n", indent, st.Keyword, st.Text)
		if st.Doc != nil {
			delim := st.Doc.Delimiter
			if delim == "" {
				delim = `"""`
			}
			fmt.Fprintf(w, "%s  %s%s\n", indent, delim, st.Doc.MediaType)
			for _, line := range strings.Split(st.Doc.Content, "\n") {
				if line == "" {
					w.WriteString("\n")
					continue
				}
				fmt.Fprintf(w, "%s  %s\n", indent, line)
			}
			fmt.Fprintf(w, "%s  %s\n", indent, delim)
		}
		if len(st.Table) > 0 {
			writeTable(w, indent+"  ", st.Table[0], st.Table[1:])
		}
	}
}

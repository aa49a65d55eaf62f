package main

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"regexp"
	"strings"

	"github.com/clockspec/clockspec/spec"
)

//go:embed templates/*.tmpl
var siteTemplates embed.FS

var ph = regexp.MustCompile(`&lt;[^&\s]+?&gt;`)

var site = template.Must(template.New("").Funcs(template.FuncMap{
	// The site marks a status with CSS (layout.tmpl's .mark), not the
	// Markdown pages' emoji: a browser without an emoji font (headless
	// Chromium in CI) shows those as empty boxes.
	"icon": func(st string) template.HTML { return `<span class="mark" aria-hidden="true"></span>` },
	"cls":  func(st string) string { return strings.ReplaceAll(st, " ", "-") },
	"status": func(st string, passed, rows int) string {
		return strings.TrimSpace(strings.TrimPrefix(statusText(st, passed, rows), statusIcon[st]))
	},
	// step marks the <placeholders> of an outline's step.
	"step": func(s string) template.HTML {
		return template.HTML(ph.ReplaceAllString(template.HTMLEscapeString(s), `<span class="ph">$0</span>`))
	},
	"anchor": anchor,
	"inputrules": func(op *spec.Operation) map[string]any {
		unknown, fields := inputRules(op)
		return map[string]any{"Unknown": unknown, "Fields": fields}
	},
	"tiercell":     tierCell,
	"tierword":     tierWord,
	"intro":        func() string { return tiersIntroText },
	"portingIntro": func() string { return portingIntroText },
	// tierlist is what the tierlist template lists: one tier's scenarios.
	"tierlist": func(m *model, docs []*scenarioDoc, tag string) tierList {
		return tierList{Model: m, Docs: docs, Tag: tag, Tier: string(tierOfTag(tag))}
	},
	"join":    strings.Join,
	"reqpage": func(m *model, id string) string { return m.profileOf(id) },
	"paras": func(s string) []string {
		var out []string
		for _, p := range strings.Split(s, "\n\n") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, oneLine(p))
			}
		}
		return out
	},
}).ParseFS(siteTemplates, "templates/*.tmpl"))

type tierList struct {
	Model     *model
	Docs      []*scenarioDoc
	Tag, Tier string
}

type page struct {
	Title   string
	Model   *model
	Profile *profileDoc
	Mark    template.HTML // html/template drops comments written in a template
}

func renderSite(m *model, out Files) error {
	exec := func(name, file string, p page) error {
		var b bytes.Buffer
		p.Model, p.Mark = m, template.HTML("<!-- "+generatedMark+" (make gen: from spec/, features/ and a reference run) -->")
		if err := site.ExecuteTemplate(&b, name, p); err != nil {
			return fmt.Errorf("gen: %s: %w", file, err)
		}
		out["docs/site/"+file] = b.Bytes()
		return nil
	}
	if err := exec("index.tmpl", "index.html", page{Title: "clockspec profiles"}); err != nil {
		return err
	}
	for _, p := range m.Profiles {
		if err := exec("profile.tmpl", p.Name+".html", page{Title: p.Name, Profile: p}); err != nil {
			return err
		}
	}
	if err := exec("decisions.tmpl", "decisions.html", page{Title: "Decisions"}); err != nil {
		return err
	}
	if err := exec("porting.tmpl", portingPage+".html", page{Title: "Porting v1", Profile: m.profile("v1")}); err != nil {
		return err
	}
	if err := exec("traceability.tmpl", "traceability.html", page{Title: "Requirement traceability"}); err != nil {
		return err
	}
	b, err := traceabilityJSON(m)
	if err != nil {
		return err
	}
	out["docs/site/traceability.json"] = b
	return nil
}

type traceReq struct {
	ID        string   `json:"id"`
	Status    string   `json:"status"`
	Cases     int      `json:"cases"`
	Passed    int      `json:"passed"`
	Scenarios []string `json:"scenarios"`
}

type traceProfile struct {
	Profile      string     `json:"profile"`
	Requirements []traceReq `json:"requirements"`
	Unreferenced []string   `json:"scenarios_without_requirement"`
}

func traceabilityJSON(m *model) ([]byte, error) {
	doc := struct {
		Generated   string           `json:"generated"`
		SpecVersion string           `json:"spec_version"`
		Reference   conformanceFacts `json:"reference"`
		Profiles    []traceProfile   `json:"profiles"`
		Unknown     []string         `json:"unknown_citations"`
	}{Generated: generatedMark + " (make gen)", SpecVersion: m.SpecVersion, Reference: m.Reference, Unknown: m.Unknown}
	if doc.Unknown == nil {
		doc.Unknown = []string{}
	}
	for _, p := range m.Profiles {
		tp := traceProfile{Profile: p.Name, Requirements: []traceReq{}, Unreferenced: []string{}}
		for _, r := range p.Requirements {
			tr := traceReq{ID: r.ID, Status: r.Status, Cases: r.Rows, Passed: r.Passed, Scenarios: []string{}}
			for _, d := range r.Scenarios {
				tr.Scenarios = append(tr.Scenarios, d.ID)
			}
			tp.Requirements = append(tp.Requirements, tr)
		}
		for _, d := range p.Unreferenced {
			tp.Unreferenced = append(tp.Unreferenced, d.ID)
		}
		doc.Profiles = append(doc.Profiles, tp)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

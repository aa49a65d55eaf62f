// Package spec is the machine-readable specification: for each profile, its
// operations (with JSON Schemas for input, output and errors) and its
// requirement catalog. The YAML files beside this file are the single source;
// this package embeds them, so the conform binary carries the spec it checks.
package spec

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"gopkg.in/yaml.v3"

	"github.com/clockspec/clockspec/internal/jsonin"
	"github.com/clockspec/clockspec/protocol"
)

//go:embed */*.yaml */*.json
var files embed.FS

// FS is the embedded spec folder: <profile>/operations.yaml and
// <profile>/requirements.yaml, and the JSON published beside them (such as
// datetime/tools.json, the datetime tools as LLM tool definitions).
func FS() fs.FS { return files }

// Catalog is every profile's operations and requirements.
type Catalog struct {
	Profiles []*Profile
	ops      map[string]*Operation
	reqs     map[string]*Requirement
}

// Profile is what an implementation can claim as a whole.
type Profile struct {
	Name         string
	Title        string
	Source       string
	Operations   []*Operation
	Requirements []*Requirement

	schemas *profileSchemas
}

// Requirement is one behaviour of a seed with a stable id.
type Requirement struct {
	ID     string `yaml:"id"`
	Source string `yaml:"source"`
	Text   string `yaml:"text"`
	// Strength is how strongly the seed asks for the behaviour; it bounds
	// the tier of the requirement's scenarios (Strength.MaxTier).
	Strength Strength `yaml:"strength"`
	// Seed is the seed's own words that fix the behaviour, quoted (parts
	// of one sentence joined by "…"); required for must, should and may.
	Seed string `yaml:"seed"`
	// Alternatives are the answers other than the kit's that the seed
	// permits where the requirement is not a must, one line each. Each is
	// a switch of the reference (a variant the suite's tests build): the
	// required tier must accept it, and a scenario of this requirement's
	// own tier must tell it from the kit's choice.
	Alternatives []string `yaml:"alternatives"`
	// NoAlternative says why a requirement that is not a must has no
	// permitted alternative to switch to.
	NoAlternative string `yaml:"no_alternative"`
	Profile       string `yaml:"-"`
}

// Strength is how strongly a seed asks for a requirement.
type Strength string

// The strengths, strongest first.
const (
	// Must: MUST, the contract's own words, a worked example it fixes, or
	// the original system's behaviour on inputs it can receive.
	Must Strength = "must"
	// Should: SHOULD, RECOMMENDED, "recommended", "suggested", "prefer".
	Should Strength = "should"
	// May: MAY, "optional": the seed permits it.
	May Strength = "may"
	// Decision: the seed is silent or ambiguous and the kit pins an answer.
	Decision Strength = "decision"
	// Extension: beyond the seed (or against it).
	Extension Strength = "extension"
)

// Strengths lists the strengths, strongest first.
var Strengths = []Strength{Must, Should, May, Decision, Extension}

// ParseStrength reads a strength; anything else is an error naming the
// strengths there are.
func ParseStrength(s string) (Strength, error) {
	for _, st := range Strengths {
		if string(st) == s {
			return st, nil
		}
	}
	if s == "" {
		return "", fmt.Errorf("no strength (want must, should, may, decision or extension)")
	}
	return "", fmt.Errorf("unknown strength %q (want must, should, may, decision or extension)", s)
}

// Quoted reports whether a requirement of this strength quotes the seed:
// must, should and may are the seed's words.
func (s Strength) Quoted() bool { return s == Must || s == Should || s == May }

// MaxTier is the strongest tier a scenario of a requirement of this
// strength may have, as the tier's name: required for must, recommended
// for should and may, decision, extension.
func (s Strength) MaxTier() string {
	switch s {
	case Must:
		return "required"
	case Should, May:
		return "recommended"
	}
	return string(s)
}

// Operation is one call an implementation answers.
type Operation struct {
	Name         string
	Profile      string
	Summary      string
	Origin       string
	Requirements []string
	Errors       []string
	// Extension marks an operation beyond the seed: an implementation claims
	// the profile without it, and the scenarios that call it are extensions.
	Extension bool
	// ErrorDocs says, for each error code, when the operation answers with
	// it (operations.yaml's error_docs; invalid_input has a default).
	ErrorDocs map[string]string
	// InputSchema and OutputSchema are standalone JSON Schema documents
	// (draft 2020-12, with the profile's $defs inlined) for publishing.
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage

	// inputBody and outputBody are the schemas as written (without $defs);
	// they are compiled with the rest of their profile on first use.
	inputBody, outputBody map[string]any
	schemas               *profileSchemas
	input, output         *jsonschema.Schema
	fastInput             checker // nil: jsonschema checks the input alone

	declaredOnce sync.Once
	declared     map[string]bool // every name the output schema declares under "properties"
}

// DeclaresOutputMember reports whether the output schema names a member
// so, under "properties" anywhere in it: a member the schema declares (a
// label, a title), as opposed to an entry of a map keyed by data (a thread
// key, a user key), which no schema names.
func (op *Operation) DeclaresOutputMember(name string) bool {
	op.declaredOnce.Do(func() {
		op.declared = map[string]bool{}
		var v any
		if json.Unmarshal(op.OutputSchema, &v) != nil {
			return
		}
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case map[string]any:
				if props, ok := x["properties"].(map[string]any); ok {
					for k := range props {
						op.declared[k] = true
					}
				}
				for _, e := range x {
					walk(e)
				}
			case []any:
				for _, e := range x {
					walk(e)
				}
			}
		}
		walk(v)
	})
	return op.declared[name]
}

// profileSchemas compiles a profile's schemas once, on the first validation
// against any of them: a run of one profile never pays for the others, and
// the draft's meta-schema check (which the compiler always makes) reads each
// $defs entry once per profile instead of once per operation and part.
type profileSchemas struct {
	profile  string
	embedded bool // the embedded spec, checked against the meta-schema by its tests
	defs     map[string]any
	ops      []*Operation
	once     sync.Once
	err      error
}

type operationsFile struct {
	Profile    string               `yaml:"profile"`
	Title      string               `yaml:"title"`
	Source     string               `yaml:"source"`
	Defs       map[string]yaml.Node `yaml:"$defs"`
	Operations []struct {
		Name         string   `yaml:"name"`
		Summary      string   `yaml:"summary"`
		Origin       string   `yaml:"origin"`
		Requirements []string `yaml:"requirements"`
		Errors       []string `yaml:"errors"`
		Extension    bool     `yaml:"extension"`
		// ErrorDocs: error code → when it applies ("when …"). Optional, so
		// spec folders without it still load; a code it names must be one
		// of Errors.
		ErrorDocs map[string]string `yaml:"error_docs"`
		Input     yaml.Node         `yaml:"input"`
		Output    yaml.Node         `yaml:"output"`
	} `yaml:"operations"`
}

type requirementsFile struct {
	Profile      string         `yaml:"profile"`
	Requirements []*Requirement `yaml:"requirements"`
}

// Load reads the embedded spec.
//
// The embedded spec's schemas are compiled without the draft's meta-schema
// check (a third of compiling them): the spec's tests make that check on
// the same files (see draft.go). Any other folder is checked as it compiles.
// Its profiles are loaded once per process and shared by every catalog
// Load and LoadProfiles return (they are never changed once loaded).
func Load() (*Catalog, error) { return loadFSShared(files, true, true) }

// LoadProfiles reads the named profiles of the embedded spec and nothing
// else: a run that needs only v1 parses only v1's files (parsing is most of
// a load; schemas are compiled on first use anyway). Every named profile
// must exist. The catalog holds just these profiles, so a check across
// profiles (an id defined in two of them) is Load's, and the spec's tests.
func LoadProfiles(names ...string) (*Catalog, error) {
	dirs := make([]string, 0, len(names))
	for _, name := range names {
		if _, err := fs.Stat(files, name+"/operations.yaml"); err != nil {
			return nil, fmt.Errorf("spec: no profile %q", name)
		}
		if !contains(dirs, name) {
			dirs = append(dirs, name)
		}
	}
	sort.Strings(dirs)
	return loadDirs(files, dirs, true, true)
}

// namedFor reports whether an operation's name carries its profile's, as
// every operation's must, so that a name alone says where it is specified
// (v1.escape_xml): the profile's name, then "." or "_" (datetime's tool
// names are the PRD's own: datetime_math), or the name alone.
func namedFor(op, profile string) bool {
	return op == profile || strings.HasPrefix(op, profile+".") || strings.HasPrefix(op, profile+"_")
}

// ProfileNames are the embedded spec's profiles, sorted, as Load would
// name them (a profile is its folder), without reading them: for a caller
// that needs only the names.
func ProfileNames() []string {
	dirs, _ := fs.Glob(files, "*/operations.yaml")
	names := make([]string, len(dirs))
	for i, d := range dirs {
		names[i] = path.Dir(d)
	}
	sort.Strings(names)
	return names
}

// ProfileOfOperation names the embedded profile that may define the
// operation by its name (namedFor), or "" when none may.
func ProfileOfOperation(op string) string {
	best := ""
	for _, p := range ProfileNames() {
		if namedFor(op, p) && len(p) > len(best) {
			best = p
		}
	}
	return best
}

// LoadFS reads a spec folder laid out like the embedded one. Every problem
// (unknown key, duplicate name, requirement id cited but not defined) is an
// error naming the file. Schemas are compiled per profile on their first use
// (see Catalog.Compile); a schema that does not compile is an error then.
func LoadFS(fsys fs.FS) (*Catalog, error) { return loadFS(fsys, false) }

// loadFS is LoadFS; embedded says the folder is the embedded spec.
func loadFS(fsys fs.FS, embedded bool) (*Catalog, error) { return loadFSShared(fsys, embedded, false) }

// loadFSShared is loadFS; shared takes the embedded profiles from the
// process's cache.
func loadFSShared(fsys fs.FS, embedded, shared bool) (*Catalog, error) {
	opFiles, err := fs.Glob(fsys, "*/operations.yaml")
	if err != nil {
		return nil, err
	}
	if len(opFiles) == 0 {
		return nil, fmt.Errorf("spec: no */operations.yaml found")
	}
	sort.Strings(opFiles)
	dirs := make([]string, len(opFiles))
	for i, name := range opFiles {
		dirs[i] = path.Dir(name)
	}
	return loadDirs(fsys, dirs, embedded, shared)
}

// loadDirs reads the profiles in dirs (sorted). Their files are parsed in
// parallel, YAML parsing being most of the time; the catalog is then built
// in order, so the error reported is the one a load in order meets first.
func loadDirs(fsys fs.FS, dirs []string, embedded, shared bool) (*Catalog, error) {
	type loaded struct {
		p   *Profile
		err error
	}
	results := make([]loaded, len(dirs))
	var wg sync.WaitGroup
	for i, dir := range dirs {
		wg.Go(func() {
			var p *Profile
			var err error
			if shared {
				p, err = embeddedProfile(dir)
			} else {
				p, err = loadProfile(fsys, dir, embedded)
			}
			results[i] = loaded{p, err}
		})
	}
	wg.Wait()
	c := &Catalog{ops: map[string]*Operation{}, reqs: map[string]*Requirement{}}
	for _, res := range results {
		p, err := res.p, res.err
		if err != nil {
			return nil, err
		}
		for _, r := range p.Requirements {
			if _, dup := c.reqs[r.ID]; dup {
				return nil, fmt.Errorf("spec: requirement %s defined twice", r.ID)
			}
			c.reqs[r.ID] = r
		}
		for _, op := range p.Operations {
			if _, dup := c.ops[op.Name]; dup {
				return nil, fmt.Errorf("spec: operation %s defined twice", op.Name)
			}
			c.ops[op.Name] = op
			for _, id := range op.Requirements {
				if _, ok := c.reqs[id]; !ok {
					return nil, fmt.Errorf("spec: %s/operations.yaml: %s cites unknown requirement %s", p.Name, op.Name, id)
				}
			}
		}
		c.Profiles = append(c.Profiles, p)
	}
	return c, nil
}

// embeddedProfiles holds each profile of the embedded spec, loaded once per
// process: the runner's catalog and the reference's (which checks every
// input against it) share its parsed files and compiled schemas.
var embeddedProfiles sync.Map // dir -> func() (*Profile, error)

func embeddedProfile(dir string) (*Profile, error) {
	load, _ := embeddedProfiles.LoadOrStore(dir, sync.OnceValues(func() (*Profile, error) {
		return loadProfile(files, dir, true)
	}))
	return load.(func() (*Profile, error))()
}

func decodeStrict(fsys fs.FS, name string, v any) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("spec: %w", err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("spec: %s: %w", name, err)
	}
	return nil
}

func loadProfile(fsys fs.FS, dir string, embedded bool) (*Profile, error) {
	var of operationsFile
	if err := decodeStrict(fsys, dir+"/operations.yaml", &of); err != nil {
		return nil, err
	}
	if of.Profile != dir {
		return nil, fmt.Errorf("spec: %s/operations.yaml names profile %q; the folder decides", dir, of.Profile)
	}
	p := &Profile{Name: of.Profile, Title: of.Title, Source: of.Source}
	p.schemas = &profileSchemas{profile: p.Name, embedded: embedded}
	if _, err := fs.Stat(fsys, dir+"/requirements.yaml"); err == nil {
		var rf requirementsFile
		if err := decodeStrict(fsys, dir+"/requirements.yaml", &rf); err != nil {
			return nil, err
		}
		for _, r := range rf.Requirements {
			r.Profile = p.Name
			r.Text = strings.TrimSpace(r.Text)
			r.Seed = strings.TrimSpace(r.Seed)
			st, err := ParseStrength(string(r.Strength))
			if err != nil {
				return nil, fmt.Errorf("spec: %s/requirements.yaml: requirement %s: %w", dir, r.ID, err)
			}
			if st == Must && (len(r.Alternatives) > 0 || r.NoAlternative != "") {
				return nil, fmt.Errorf("spec: %s/requirements.yaml: requirement %s is a must, so the seed permits no alternative (alternatives:, no_alternative:)", dir, r.ID)
			}
			if len(r.Alternatives) > 0 && r.NoAlternative != "" {
				return nil, fmt.Errorf("spec: %s/requirements.yaml: requirement %s names alternatives and says it has none (no_alternative:)", dir, r.ID)
			}
			if st.Quoted() && r.Seed == "" {
				return nil, fmt.Errorf("spec: %s/requirements.yaml: requirement %s is %s but quotes no seed text (seed:): the seed's words that fix it", dir, r.ID, st)
			}
		}
		p.Requirements = rf.Requirements
	}
	defs := map[string]any{}
	for k, n := range of.Defs {
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, fmt.Errorf("spec: %s/operations.yaml $defs.%s: %w", dir, k, err)
		}
		defs[k] = v
	}
	p.schemas.defs = defs
	var rawDefs json.RawMessage
	if len(defs) > 0 {
		var err error
		if rawDefs, err = json.Marshal(defs); err != nil {
			return nil, fmt.Errorf("spec: %s/operations.yaml $defs: %w", dir, err)
		}
	}
	for _, o := range of.Operations {
		if !namedFor(o.Name, p.Name) {
			return nil, fmt.Errorf("spec: %s/operations.yaml: operation %q does not start with its profile name", dir, o.Name)
		}
		op := &Operation{Name: o.Name, Profile: p.Name, Summary: o.Summary, Origin: o.Origin,
			Requirements: o.Requirements, Errors: o.Errors, ErrorDocs: map[string]string{}, Extension: o.Extension, schemas: p.schemas}
		for code, doc := range o.ErrorDocs {
			if !slices.Contains(o.Errors, code) {
				return nil, fmt.Errorf("spec: %s/operations.yaml: %s documents error %q, which is not one of its errors %v", dir, o.Name, code, o.Errors)
			}
			op.ErrorDocs[code] = strings.TrimSpace(doc)
		}
		if slices.Contains(o.Errors, protocol.CodeInvalidInput) && op.ErrorDocs[protocol.CodeInvalidInput] == "" {
			op.ErrorDocs[protocol.CodeInvalidInput] = DefaultInvalidInputDoc
		}
		var err error
		if op.inputBody, op.InputSchema, err = publish(o.Name, "input", &o.Input, rawDefs); err != nil {
			return nil, err
		}
		if op.outputBody, op.OutputSchema, err = publish(o.Name, "output", &o.Output, rawDefs); err != nil {
			return nil, err
		}
		for _, part := range []string{"input", "output"} {
			if _, clash := defs[defsKey(op.Name, part)]; clash {
				return nil, fmt.Errorf("spec: %s/operations.yaml: $defs.%s is reserved for %s's %s schema", dir, defsKey(op.Name, part), op.Name, part)
			}
		}
		p.Operations = append(p.Operations, op)
		p.schemas.ops = append(p.schemas.ops, op)
	}
	return p, nil
}

// DefaultInvalidInputDoc is when invalid_input applies, for operations that
// say nothing more precise.
const DefaultInvalidInputDoc = "when the input does not satisfy the operation's input schema (a missing required field, a value of the wrong type or outside its enum or pattern, an unknown field where the schema forbids one)"

const draft = "https://json-schema.org/draft/2020-12/schema"

// publish decodes one operation's schema and writes it as the standalone
// document the catalog publishes (draft 2020-12, its own $id, the profile's
// $defs inlined).
func publish(op, part string, n *yaml.Node, rawDefs json.RawMessage) (map[string]any, json.RawMessage, error) {
	var body map[string]any
	if n.Kind == 0 {
		return nil, nil, fmt.Errorf("spec: operation %s has no %s schema", op, part)
	}
	if err := n.Decode(&body); err != nil {
		return nil, nil, fmt.Errorf("spec: operation %s %s schema: %w", op, part, err)
	}
	if body == nil {
		return nil, nil, fmt.Errorf("spec: operation %s %s schema: not an object", op, part)
	}
	for _, k := range []string{"$schema", "$id", "$defs"} {
		// The catalog sets these three: the draft, the published id and
		// the profile's shared $defs.
		if _, ok := body[k]; ok {
			return nil, nil, fmt.Errorf("spec: operation %s %s schema: %s is set by the catalog, not per schema", op, part, k)
		}
	}
	doc := make(map[string]any, len(body)+3)
	for k, v := range body {
		doc[k] = v
	}
	doc["$schema"] = draft
	doc["$id"] = "https://clockspec.dev/schemas/" + op + "." + part + ".json"
	if rawDefs != nil {
		// The profile's $defs are written once per profile (rawDefs) and
		// spliced in where encoding/json puts the key, instead of being
		// encoded again for every operation and part: the same bytes.
		doc["$defs"] = defsPlaceholder
	}
	raw, err := json.Marshal(doc)
	if err != nil {
		return nil, nil, fmt.Errorf("spec: operation %s %s schema: %w", op, part, err)
	}
	if rawDefs != nil {
		if bytes.Count(raw, placeholderJSON) != 1 {
			return nil, nil, fmt.Errorf("spec: operation %s %s schema: its text holds the catalog's placeholder", op, part)
		}
		raw = bytes.Replace(raw, placeholderJSON, rawDefs, 1)
	}
	return body, raw, nil
}

// defsPlaceholder stands for the $defs while an operation's schema is
// encoded; no schema text holds it (publish checks).
const defsPlaceholder = "\x00clockspec $defs\x00"

var placeholderJSON, _ = json.Marshal(defsPlaceholder)

// defsKey is where an operation's schema sits in its profile's compiled
// document: beside the profile's own $defs, so that the "#/$defs/..."
// references it was written with resolve exactly as in its published form.
func defsKey(op, part string) string { return op + "." + part }

// compile builds one document for the whole profile, its $defs plus every
// operation's input and output schema, and compiles it with one compiler.
// A compiled subschema validates exactly as the standalone document of the
// same schema would: same draft, same references, format asserted.
func (ps *profileSchemas) compile() error {
	ps.once.Do(func() { ps.err = ps.compileOnce() })
	return ps.err
}

func (ps *profileSchemas) compileOnce() error {
	defs := make(map[string]any, len(ps.defs)+2*len(ps.ops))
	for k, v := range ps.defs {
		defs[k] = v
	}
	for _, op := range ps.ops {
		defs[defsKey(op.Name, "input")] = op.inputBody
		defs[defsKey(op.Name, "output")] = op.outputBody
	}
	url := "https://clockspec.dev/schemas/" + ps.profile + ".json"
	root := map[string]any{"$schema": draft, "$id": url, "$defs": defs}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	if unchecked := draftUnchecked(); ps.embedded && unchecked != nil {
		// Without "$schema" the compiler takes c.Draft: the same draft,
		// minus the meta-schema check.
		delete(root, "$schema")
		c.Draft = unchecked
	}
	doc, err := json.Marshal(root)
	if err != nil {
		return fmt.Errorf("spec: profile %s schemas: %w", ps.profile, err)
	}
	// "format" is an assertion here, not an annotation: a now that is not
	// a date-time is malformed input, and the schema must say so too.
	c.AssertFormat = true
	if err := c.AddResource(url, bytes.NewReader(doc)); err != nil {
		return fmt.Errorf("spec: profile %s schemas: %w", ps.profile, err)
	}
	// The whole document first: the meta-schema check covers it at once
	// and its error names the schema by its place ("/$defs/<op>.<part>").
	if _, err := c.Compile(url); err != nil {
		return fmt.Errorf("spec: %s/operations.yaml schemas: %w", ps.profile, err)
	}
	// The fast input checkers read the same document, numbers exact.
	var tree map[string]any
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&tree); err != nil {
		return fmt.Errorf("spec: profile %s schemas: %w", ps.profile, err)
	}
	treeDefs, _ := tree["$defs"].(map[string]any)
	for _, op := range ps.ops {
		op.fastInput = compileFast(treeDefs, defsKey(op.Name, "input"))
		for _, part := range []struct {
			name string
			dst  **jsonschema.Schema
		}{{"input", &op.input}, {"output", &op.output}} {
			s, err := c.Compile(url + "#/$defs/" + defsKey(op.Name, part.name))
			if err != nil {
				return fmt.Errorf("spec: operation %s %s schema: %w", op.Name, part.name, err)
			}
			*part.dst = s
		}
	}
	return nil
}

// Compile compiles the schemas of the named profiles (every profile when
// none is named) now rather than on their first use, and reports the first
// schema that does not compile. The embedded spec's schemas are checked by
// its tests; gen calls this so a spec folder being edited fails at once.
func (c *Catalog) Compile(profiles ...string) error {
	for _, p := range c.Profiles {
		if len(profiles) > 0 && !contains(profiles, p.Name) {
			continue
		}
		if err := p.schemas.compile(); err != nil {
			return err
		}
	}
	for _, name := range profiles {
		if _, ok := c.Profile(name); !ok {
			return fmt.Errorf("spec: no profile %q", name)
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Operation looks an operation up by name.
func (c *Catalog) Operation(name string) (*Operation, bool) {
	op, ok := c.ops[name]
	return op, ok
}

// Requirement looks a requirement up by id.
func (c *Catalog) Requirement(id string) (*Requirement, bool) {
	r, ok := c.reqs[id]
	return r, ok
}

// Profile looks a profile up by name.
func (c *Catalog) Profile(name string) (*Profile, bool) {
	for _, p := range c.Profiles {
		if p.Name == name {
			return p, true
		}
	}
	return nil, false
}

// SchemaError lists every place where a document breaks its schema, each
// with its JSON pointer.
type SchemaError struct {
	What     string // e.g. "output of v1.escape_xml"
	Problems []string
}

func (e *SchemaError) Error() string {
	return e.What + " breaks its schema: " + strings.Join(e.Problems, "; ")
}

// ValidateInput checks a request body against the input schema.
func (op *Operation) ValidateInput(raw json.RawMessage) error {
	if err := op.schemas.compile(); err != nil {
		return err
	}
	if op.fastInput != nil {
		// Valid for the fast checker is valid (the tests hold it to
		// jsonschema's verdict); a refusal is jsonschema's to decide and
		// explain.
		if r := jsonin.NewReader(raw); op.fastInput(r) && r.End() {
			return nil
		}
	}
	return validate(op.input, raw, "input of "+op.Name)
}

// ValidateOutput checks a response body against the output schema.
func (op *Operation) ValidateOutput(raw json.RawMessage) error {
	if err := op.schemas.compile(); err != nil {
		return err
	}
	return validate(op.output, raw, "output of "+op.Name)
}

// ValidateError checks that an error has a code this operation may answer
// with (its own codes, or a protocol-level one) and a message.
func (op *Operation) ValidateError(e *protocol.Error) error {
	if e.Code == "" {
		return &SchemaError{What: "error of " + op.Name, Problems: []string{"/code: must be a non-empty string"}}
	}
	switch e.Code {
	case protocol.CodeInvalidInput, protocol.CodeUnknownOperation, protocol.CodeInternal:
		return nil
	}
	for _, c := range op.Errors {
		if c == e.Code {
			return nil
		}
	}
	return &SchemaError{What: "error of " + op.Name, Problems: []string{
		fmt.Sprintf("/code: %q is not one of %s's error codes %v", e.Code, op.Name, op.Errors)}}
}

func validate(s *jsonschema.Schema, raw json.RawMessage, what string) error {
	// One pass, as encoding/json with UseNumber reads it: every call's
	// input is checked, so the decoding is on the reference's hot path.
	v, err := jsonin.DecodeAny(raw)
	if err != nil {
		return &SchemaError{What: what, Problems: []string{"not one JSON value"}}
	}
	return validateValue(s, tameNumbers(v), what)
}

// validateValue checks a document already decoded (UseNumber) and tamed.
func validateValue(s *jsonschema.Schema, v any, what string) error {
	err := s.Validate(v)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return &SchemaError{What: what, Problems: []string{err.Error()}}
	}
	var problems []string
	seen := map[string]bool{}
	for _, u := range leaves(ve) {
		if u.Message == "" || strings.HasPrefix(u.Message, "doesn't validate with") {
			continue
		}
		loc := u.InstanceLocation
		if loc == "" {
			loc = "/"
		}
		if p := loc + ": " + u.Message; !seen[p] {
			seen[p] = true
			problems = append(problems, p)
		}
	}
	if len(problems) == 0 {
		problems = []string{ve.Error()}
	}
	// The validator walks an object's properties in map order: sorted, the
	// same document always gets the same message.
	sort.Strings(problems)
	return &SchemaError{What: what, Problems: problems}
}

// leaves are the failures that say what is wrong. Where a oneOf (or anyOf)
// fails, only one branch speaks: the one the document's own discriminator
// selects — the branch whose const on a property of this object (datetime_math's
// "operation") holds — or, without one, the branch that came closest (the
// fewest failures). Every branch's errors at once bury the one that matters.
func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	if k := ve.KeywordLocation; (strings.HasSuffix(k, "/oneOf") || strings.HasSuffix(k, "/anyOf")) && len(ve.Causes) > 1 {
		return leaves(closestBranch(ve))
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func closestBranch(ve *jsonschema.ValidationError) *jsonschema.ValidationError {
	var best *jsonschema.ValidationError
	bestSelected, bestCount := false, 0
	for _, branch := range ve.Causes {
		ls := leaves(branch)
		selected := true
		for _, l := range ls {
			if deselects(ve, branch, l) {
				selected = false
			}
		}
		if best == nil || (selected && !bestSelected) || (selected == bestSelected && len(ls) < bestCount) {
			best, bestSelected, bestCount = branch, selected, len(ls)
		}
	}
	return best
}

// deselects reports whether a failure rules its branch out as the one meant:
// a const on a direct property of the object, checked by the branch itself
// (not by a oneOf nested in it).
func deselects(parent, branch, leaf *jsonschema.ValidationError) bool {
	rel := strings.TrimPrefix(leaf.KeywordLocation, branch.KeywordLocation)
	if !strings.HasSuffix(rel, "/const") || strings.Contains(rel, "/oneOf/") || strings.Contains(rel, "/anyOf/") {
		return false
	}
	prop := strings.TrimPrefix(leaf.InstanceLocation, parent.InstanceLocation+"/")
	return prop != leaf.InstanceLocation && prop != "" && !strings.Contains(prop, "/")
}

// Version of the specification: it changes when any profile's operations,
// schemas or scenarios change meaning.
const Version = "0.1.0"

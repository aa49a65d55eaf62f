package fidelity

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"
)

// Versions are the moving parts the matrix was measured with.
type Versions struct {
	ReferenceTzdata string `json:"reference_tzdata"`
	Go              string `json:"go"`
	Node            string `json:"node"`
	ICU             string `json:"icu"`
	NodeTzdata      string `json:"tzdata"`
	CronParser      string `json:"cron_parser"`
	Luxon           string `json:"luxon"`
}

// MutationSummary is fidelity/mutation.json, written by fidelity/cmd/mutation.
type MutationSummary struct {
	Tool        string            `json:"tool"`
	Judge       string            `json:"judge"`
	Mutators    []string          `json:"mutators"`
	Workers     int               `json:"workers"`
	WallSeconds float64           `json:"wall_seconds"`
	Profiles    []MutationProfile `json:"profiles"`
	Survivors   []Survivor        `json:"survivors"`

	// Note qualifies a measurement the suite has moved on from (when it was
	// taken, what changed since); a fresh run writes none.
	Note string `json:"note,omitempty"`
}

// MutationProfile is the score of one profile's packages, from the run
// that measured it (make mutation PROFILE=…).
type MutationProfile struct {
	Profile    string   `json:"profile"`
	Packages   []string `json:"packages"`
	Date       string   `json:"date,omitempty"`        // UTC day of the run
	Commit     string   `json:"commit,omitempty"`      // the commit measured (with "+changes" when the tree differed from it)
	Tool       string   `json:"tool,omitempty"`        // the mutation tool and its version
	Seconds    float64  `json:"seconds,omitempty"`     // wall time of the profile's run
	CPUSeconds float64  `json:"cpu_seconds,omitempty"` // CPU time of its builds and judges
	Workers    int      `json:"workers,omitempty"`
	Mutants    int      `json:"mutants"`
	Killed     int      `json:"killed"`
	TimedOut   int      `json:"timed_out"`
	Lived      int      `json:"lived"`
	NotCovered int      `json:"not_covered"`
	NotViable  int      `json:"not_viable"`
	// Rechecked are the mutants gremlins marked NOT COVERED (it never builds
	// those) that the mutation command built and judged itself; each is
	// counted above as what that judging found.
	Rechecked int `json:"rechecked"`
	// Rejudged says when (day and commit) every survivor was judged again
	// against the suite as it then was (make mutation's -rejudge): kills by
	// scenarios added after the run count from then on.
	Rejudged string `json:"rejudged,omitempty"`
	// Plan says, for a profile below the goal, how its survivors are to be
	// killed or proved (kept with the measurement it answers).
	Plan string `json:"plan,omitempty"`
	// Proved are the survivors fidelity/mutation-triage.json proves no input
	// can tell from the reference (equivalent, unreachable by contract, or
	// not compiling), each with its argument.
	Proved int `json:"proved"`
}

// Detected are the mutants the suite caught: failed or hung.
func (p MutationProfile) Detected() int { return p.Killed + p.TimedOut }

// Judged are the mutants that count: every viable one. A mutant in code no
// scenario runs (not covered) counts as a survivor.
func (p MutationProfile) Judged() int { return p.Killed + p.TimedOut + p.Lived + p.NotCovered }

// Score is the raw mutation score in percent: detected / (judged − proved
// equivalent). A survivor counts against it until a run kills it or an
// argument proves it equivalent; "no case told them apart" proves nothing.
func (p MutationProfile) Score() float64 {
	n := p.Judged() - p.Proved
	if n <= 0 {
		return 0
	}
	return 100 * float64(p.Detected()) / float64(n)
}

// Unproved is detected / judged, before any survivor is proved equivalent.
func (p MutationProfile) Unproved() float64 {
	if p.Judged() == 0 {
		return 0
	}
	return 100 * float64(p.Detected()) / float64(p.Judged())
}

// Survivor is one mutant the suite did not catch, with its triage.
type Survivor struct {
	Profile  string `json:"profile"`
	File     string `json:"file"` // relative to reference/
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Mutator  string `json:"mutator"`
	Status   string `json:"status"` // LIVED or NOT COVERED
	Code     string `json:"code"`   // the source line
	Verdict  string `json:"verdict"`
	Reason   string `json:"reason"`
	Scenario string `json:"scenario,omitempty"`
}

// FuzzSummary is fidelity/fuzz.json: the fuzz targets and the time they ran.
type FuzzSummary struct {
	Targets []FuzzTarget `json:"targets"`
}

// FuzzTarget is one fuzz target and its recorded campaigns.
type FuzzTarget struct {
	Name     string   `json:"name"`
	Package  string   `json:"package"`
	Covers   string   `json:"covers"`
	Profiles []string `json:"profiles"` // the profiles whose operations it drives
	Seconds  float64  `json:"seconds"`  // total recorded fuzzing time
	// Executions are the inputs run in the recorded campaigns (go test's
	// "execs"); campaigns recorded before they were counted add none.
	Executions int64 `json:"executions"`
	Findings   int   `json:"findings"` // crashers found (each committed to testdata/fuzz and turned into a scenario)
}

// readJSON reads a committed summary; a missing file gives ok false.
func readJSON(path string, v any) (bool, error) {
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, json.Unmarshal(b, v)
}

// ReadMutation reads fidelity/mutation.json.
func ReadMutation(path string) (*MutationSummary, bool, error) {
	var m MutationSummary
	ok, err := readJSON(path, &m)
	return &m, ok, err
}

// ReadFuzz reads fidelity/fuzz.json.
func ReadFuzz(path string) (*FuzzSummary, bool, error) {
	var f FuzzSummary
	ok, err := readJSON(path, &f)
	return &f, ok, err
}

// Doc is everything docs/fidelity.md shows.
type Doc struct {
	Versions  Versions
	Tallies   []Tally
	Excepts   *Exceptions
	Mutation  *MutationSummary // nil: not measured yet
	Fuzz      *FuzzSummary     // nil: not recorded yet
	Timings   []Timing         // measurement section only
	Wall      time.Duration    // measurement section only
	Generated string           // the command line that wrote the file
}

// WriteDoc writes docs/fidelity.md. Everything above "Measurements" is a
// function of the inputs (corpus, answers, committed summaries), so two runs
// on the same versions write the same bytes there.
func WriteDoc(w io.Writer, d Doc) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("# Fidelity: how well the suite tells right from wrong\n\n")
	p("Generated by `%s` (`make fidelity`); do not edit. The mutation numbers come from\n", d.Generated)
	p("`fidelity/mutation.json` (`make mutation`), the fuzzing numbers from `fidelity/fuzz.json`.\n\n")

	p("## Versions\n\n| part | version |\n| --- | --- |\n")
	v := d.Versions
	p("| reference tzdata (embedded `reference/tzdb/zoneinfo.zip`) | %s |\n", v.ReferenceTzdata)
	p("| Go | %s |\n", v.Go)
	p("| oracle: Node | %s |\n| oracle: ICU | %s |\n| oracle: ICU tzdata | %s |\n", v.Node, v.ICU, v.NodeTzdata)
	p("| oracle: cron-parser (v1's pinned version) | %s |\n| oracle: luxon (cron-parser's) | %s |\n\n", v.CronParser, v.Luxon)

	writePerProfile(p, d)

	p("## Mutation score\n\n")
	if d.Mutation == nil || len(d.Mutation.Profiles) == 0 {
		p("Not measured yet: run `make mutation`.\n\n")
	} else {
		m := d.Mutation
		p("Judge: %s. Mutators: %s. A mutant is detected when it fails a scenario or hangs; a mutant in\n", m.Judge, strings.Join(m.Mutators, ", "))
		p("code no scenario runs (not covered) is a survivor. **Raw score = detected / (mutants that compile −\n")
		p("survivors proved equivalent)**: a survivor is left out only with an argument that no input can tell it\n")
		p("from the reference (or that the operation's contract refuses every input that reaches it); \"no case\n")
		p("told them apart\" proves nothing, so such a survivor counts against the score. Each profile is measured\n")
		p("on its own (`make mutation PROFILE=…`) with the date and tool of its run; the survivors and their\n")
		p("triage are in [mutation-survivors.md](mutation-survivors.md). The packages are those under `reference/`:\n")
		p("`internal/jsonin`, the JSON input runtime every decoder reads through, lies outside it and is not\n")
		p("mutated; its differential tests against encoding/json and its fuzz targets are what guard it.\n\n")
		p("| profile | packages | measured | tool | mutants | killed | timed out | lived | not covered | not viable | proved equivalent | raw score | before proofs |\n")
		p("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
		for _, pr := range m.Profiles {
			when, tool := pr.Date, pr.Tool
			if when == "" {
				when = "—"
			}
			if tool == "" {
				tool = m.Tool
			}
			p("| %s | %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | **%.1f %%** | %.1f %% |\n", pr.Profile, strings.Join(pr.Packages, ", "), when, tool,
				pr.Mutants, pr.Killed, pr.TimedOut, pr.Lived, pr.NotCovered, pr.NotViable, pr.Proved, pr.Score(), pr.Unproved())
		}
		verdicts := map[string]int{}
		for _, s := range m.Survivors {
			verdicts[s.Verdict]++
		}
		keys := make([]string, 0, len(verdicts))
		for k := range verdicts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%d %s", verdicts[k], k))
		}
		p("\nSurvivors: %d (%s).\n\n", len(m.Survivors), strings.Join(parts, ", "))
		if m.Note != "" {
			p("%s\n\n", m.Note)
		}
	}

	p("## Differential oracle matrix\n\n")
	total, agree, excepted, uncovered := 0, 0, 0, 0
	for _, t := range d.Tallies {
		total += t.Cases
		agree += t.Agree
		uncovered += t.Uncovered
		for _, n := range t.Excepted {
			excepted += n
		}
	}
	p("Every case is answered by the JavaScript oracle (`oracle/js/serve.js`: v1's own code on Node with\n")
	p("cron-parser for `v1.*`, `oracle/js/datetime.js` on Intl for `datetime_*`) through the subprocess\n")
	p("driver and by the reference in process, and the two answers are compared as canonical JSON\n")
	p("(errors by code). The corpus (`fidelity/corpus.go`): every tzdata 2025c name, the 40 ICU-only legacy\n")
	p("IDs and a few invalid names × every offset or abbreviation change 2020-2030 (±1 min, ±1 ms, and the\n")
	p("instant itself) and 12 AM/PM edges on two days; every name in three letter cases for the name\n")
	p("checks; %d cron expressions × %d DST zones × 8 `now` instants around each transition, and %d more\n", len(CronExpressions), len(CronZones), len(cronSyntax))
	p("expressions (grammar, names, steps, impossible days) × 10 `now` instants from 1900 to 2400 in UTC and\n")
	p("New York; %d timestamp forms of JavaScript's Date parser (ISO and legacy) and %d offset-less local\n", len(parseStamps), len(localStamps))
	p("times next to transitions; shifts and own-offset formats of the instants around every DST zone's\n")
	p("transitions.\n\n")
	p("**%d cases: %d agree, %d differ in a listed class, %d differ unexplained.**\n\n", total, agree, excepted, uncovered)
	p("| operation | cases | agree | listed exceptions | unexplained |\n| --- | ---: | ---: | --- | ---: |\n")
	for _, t := range d.Tallies {
		var ex []string
		for _, c := range d.Excepts.Classes {
			if n := t.Excepted[c.Class]; n > 0 {
				ex = append(ex, fmt.Sprintf("%d `%s`", n, c.Class))
			}
		}
		exs := "—"
		if len(ex) > 0 {
			exs = strings.Join(ex, ", ")
		}
		p("| `%s` | %d | %d | %s | %d |\n", t.Family, t.Cases, t.Agree, exs, t.Uncovered)
	}
	p("\n### Exception classes (`fidelity/exceptions.json`)\n\n")
	p("A class covers a disagreement only when the case is of one of its operations and its rule\n")
	p("(`fidelity/rules.go`) holds for that exact pair of answers.\n\n")
	p("| class | operations | cases | reason |\n| --- | --- | ---: | --- |\n")
	for _, c := range d.Excepts.Classes {
		n := 0
		for _, t := range d.Tallies {
			n += t.Excepted[c.Class]
		}
		p("| `%s` | %s | %d | %s |\n", c.Class, strings.Join(c.Families, ", "), n, strings.ReplaceAll(c.Reason, "|", "\\|"))
	}

	p("\n## Fuzzing\n\n")
	if d.Fuzz == nil || len(d.Fuzz.Targets) == 0 {
		p("No campaign recorded yet.\n\n")
	} else {
		p("Every target runs through the in-process reference: any input must give a schema-valid output or\n")
		p("a listed error, never a panic or a hang. `make test` runs every target on its seed corpus (the\n")
		p("scenarios' inputs), `make test-long` fuzzes `FuzzOperations` for a few seconds (`fuzz-short`); the recorded time\n")
		p("is the sum of the campaigns (`go run ./fidelity/cmd/fidelity -fuzz-campaign 1m`) in\n")
		p("`fidelity/fuzz.json`. A finding is committed under the package's `testdata/fuzz` and becomes a\n")
		p("scenario.\n\n")
		p("| target | package | covers | fuzzed | executions | findings |\n| --- | --- | --- | ---: | ---: | ---: |\n")
		sum, execs := 0.0, int64(0)
		for _, t := range d.Fuzz.Targets {
			sum += t.Seconds
			execs += t.Executions
			p("| `%s` | `%s` | %s | %s | %s | %d |\n", t.Name, t.Package, t.Covers, fuzzTime(t.Seconds), count(t.Executions), t.Findings)
		}
		p("\nTotal: %s of fuzzing, %s executions counted (campaigns recorded before executions were counted add time only).\n\n", fuzzTime(sum), count(execs))
	}

	p("## Measurements\n\nThese vary from run to run and machine to machine (2 cores here).\n\n")
	p("| driver | cases | concurrency | time | cases/s |\n| --- | ---: | ---: | ---: | ---: |\n")
	for _, t := range d.Timings {
		p("| %s | %d | %d | %.1f s | %.0f |\n", t.Driver, t.Cases, t.Workers, t.Elapsed.Seconds(), t.PerSecond())
	}
	p("\nWhole matrix (corpus, both drivers, judging): %.1f s.", d.Wall.Seconds())
	if d.Mutation != nil && d.Mutation.WallSeconds > 0 {
		p(" Mutation run: %.0f min with %d workers.", d.Mutation.WallSeconds/60, d.Mutation.Workers)
	}
	p("\n")
}

func fuzzTime(s float64) string {
	switch {
	case s >= 3600:
		return fmt.Sprintf("%.1f h", s/3600)
	case s >= 60:
		return fmt.Sprintf("%.0f min", s/60)
	}
	return fmt.Sprintf("%.0f s", s)
}

// count writes n with thousands separators ("—" for none).
func count(n int64) string {
	if n == 0 {
		return "—"
	}
	digits := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// oracleOps are the operations the differential matrix compares with the
// original code, by profile; the other profiles' seeds come with no code.
var oracleOps = map[string][]string{
	"v1":       {FamFormatLocalTime, FamIsValidTimezone, FamResolveTimezone, FamComputeNextRun},
	"datetime": {FamConvertTimezone, FamShift, FamFormat},
}

// writePerProfile is the summary a reader of the README comes for: per
// profile, its raw mutation score (with the run's date and tool), how far
// the reference agrees with the original code, and how much it was fuzzed.
func writePerProfile(p func(string, ...any), d Doc) {
	p("## Per profile\n\n")
	p("| profile | raw mutation score | measured | oracle agreement (cases agreeing / compared) | fuzzing (own targets) |\n")
	p("| --- | ---: | --- | --- | --- |\n")
	profiles := []string{"v1", "datetime", "timestamps", "routing", "clock-core", "clock-awareness"}
	for _, name := range profiles {
		score, when := "not measured", "—"
		if d.Mutation != nil {
			for _, pr := range d.Mutation.Profiles {
				if pr.Profile == name {
					score = fmt.Sprintf("%.1f %% (%d of %d)", pr.Score(), pr.Detected(), pr.Judged()-pr.Proved)
					tool := pr.Tool
					if tool == "" {
						tool = d.Mutation.Tool
					}
					when = pr.Date + ", " + tool
					if pr.Commit != "" {
						when += ", commit " + pr.Commit
					}
					if pr.Rejudged != "" {
						when += "; survivors judged again " + pr.Rejudged
					}
					if pr.Date == "" {
						when = tool + ", undated run"
					}
				}
			}
		}
		oracle := "no original code to compare with (the seed is a specification)"
		if ops := oracleOps[name]; len(ops) > 0 {
			var parts []string
			for _, op := range ops {
				for _, t := range d.Tallies {
					if t.Family == op {
						parts = append(parts, fmt.Sprintf("`%s` %s / %s", op, count(int64(t.Agree)), count(int64(t.Cases))))
					}
				}
			}
			oracle = strings.Join(parts, "; ")
		}
		fuzz := "—"
		if d.Fuzz != nil {
			var parts []string
			for _, t := range d.Fuzz.Targets {
				for _, tp := range t.Profiles {
					if tp == name {
						parts = append(parts, fmt.Sprintf("`%s` %s (%s executions)", t.Name, fuzzTime(t.Seconds), count(t.Executions)))
					}
				}
			}
			if len(parts) > 0 {
				fuzz = strings.Join(parts, "; ")
			}
		}
		p("| `%s` | %s | %s | %s | %s |\n", name, score, when, oracle, fuzz)
	}
	p("\nEvery profile is also fuzzed by `FuzzOperations` (all operations, from every scenario's input).\n\n")
	if d.Mutation != nil {
		for _, pr := range d.Mutation.Profiles {
			if pr.Plan != "" {
				p("**Plan for %s** (raw score %.1f %%): %s\n\n", pr.Profile, pr.Score(), pr.Plan)
			}
		}
	}
}

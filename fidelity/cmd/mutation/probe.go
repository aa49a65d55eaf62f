package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/clockspec/clockspec/fidelity"
	"github.com/clockspec/clockspec/reference"
)

// probe looks for the inputs that kill each untriaged LIVED survivor: it
// re-creates the mutant (gremlins' token replacement at the survivor's
// position), and runs the judge over the differential matrix's corpus for
// that package instead of the scenarios' calls. The cases that tell the
// mutant apart are the candidates for new scenarios (their expected answers
// are checked against the JavaScript oracle by the matrix).
func probe(sum *fidelity.MutationSummary, out string, stdout, stderr io.Writer) error {
	tmp, err := os.MkdirTemp("", "clockspec-probe-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	cases := fidelity.Corpus()
	banks := map[string]string{}
	bank := func(pkg string) (string, error) {
		if p, ok := banks[pkg]; ok {
			return p, nil
		}
		// Which cases can tell a mutant of pkg apart: the families that
		// run its code, the cron family thinned to one case in four (its
		// neighbours differ by seconds around the same transition).
		keep := func(c fidelity.Case, i int) bool {
			switch pkg {
			case "cronspec", "cronparser":
				return c.Family == fidelity.FamComputeNextRun && (strings.Contains(c.ID, "/syntax/") || i%4 == 0)
			case "datetime":
				return c.Family == fidelity.FamConvertTimezone || c.Family == fidelity.FamShift || c.Family == fidelity.FamFormat
			}
			switch c.Family {
			case fidelity.FamFormatLocalTime, fidelity.FamIsValidTimezone, fidelity.FamResolveTimezone:
				return true
			case fidelity.FamComputeNextRun:
				return strings.Contains(c.ID, "/syntax/") || i%16 == 0
			}
			return false
		}
		p := filepath.Join(tmp, pkg+".jsonl")
		f, err := os.Create(p)
		if err != nil {
			return "", err
		}
		w := bufio.NewWriter(f)
		impl := reference.New()
		bankCases := cases
		if pkg == "datetime" {
			bankCases = append(datetimeBank(), cases...)
		} else if pkg != "cronspec" && pkg != "cronparser" {
			bankCases = append(v1Bank(), cases...)
		}
		for i, c := range bankCases {
			if !keep(c, i) {
				continue
			}
			o, perr := impl.Call(context.Background(), c.Op, c.Input)
			b, _ := json.Marshal(map[string]any{"scenario": c.ID, "op": c.Op, "input": string(c.Input), "output": o, "error": perr})
			w.Write(append(b, '\n'))
		}
		if err := w.Flush(); err != nil {
			return "", err
		}
		f.Close()
		banks[pkg] = p
		return p, nil
	}
	abs, _ := filepath.Abs(".")
	type job struct {
		s    fidelity.Survivor
		bank string
	}
	var jobs []job
	for _, s := range sum.Survivors {
		if s.Verdict != "untriaged" {
			continue
		}
		_, pkg := profileOf(s.File)
		cands, err := bank(pkg)
		if err != nil {
			return err
		}
		jobs = append(jobs, job{s, cands})
	}
	result := map[string][]string{}
	var mu sync.Mutex
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < probeWorkers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			dir := filepath.Join(tmp, fmt.Sprint("w", w))
			_ = os.MkdirAll(dir, 0o755)
			for i := range next {
				s := jobs[i].s
				ovf, err := writeOverlay(filepath.Join(abs, "reference", s.File), s, dir)
				if err != nil {
					fmt.Fprintf(stderr, "probe: %v\n", err)
					continue
				}
				listf := filepath.Join(dir, "killers.txt")
				os.Remove(listf)
				cmd := exec.Command("go", "test", "-count=1", "-vet=off", "-overlay", ovf, "-run", "^TestSuiteCalls$", "./fidelity/judge")
				cmd.Env = append(os.Environ(), "CLOCKSPEC_JUDGE_CALLS="+jobs[i].bank, "CLOCKSPEC_JUDGE_LIST="+listf)
				_ = cmd.Run() // a failure is what we hope for
				b, _ := os.ReadFile(listf)
				var killers []string
				if t := strings.TrimSuffix(string(b), "\n"); t != "" {
					killers = strings.Split(t, "\n")
				}
				k := key(s.File, s.Line, s.Column, s.Mutator)
				mu.Lock()
				fmt.Fprintf(stdout, "probe: %-45s %6d killing cases\n", k, len(killers))
				result[k] = killers
				mu.Unlock()
			}
		}(w)
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	b, err := json.MarshalIndent(result, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, b, 0o644); err != nil {
		return err
	}
	// The picked cases with their inputs and the unmutated answers, and the
	// survivors each kills, for writing scenarios.
	return writePicks(out)
}

// writePicks reads a probe result, drops the cases the matrix saw the
// oracle disagree with (a v1 scenario must agree with the JavaScript
// oracle: make oracle checks every one), picks few cases that kill every
// killable survivor, and writes them with their inputs, the unmutated
// reference's answers and the survivors each kills to out.picks.jsonl.
func writePicks(out string) error {
	b, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	var result map[string][]string
	if err := json.Unmarshal(b, &result); err != nil {
		return err
	}
	disagree := disagreements()
	for k, v := range result {
		var keep []string
		for _, c := range v {
			if !disagree[c] {
				keep = append(keep, c)
			}
		}
		result[k] = keep
	}
	// The oracle maps v1's RangeError for an interval run beyond the
	// JavaScript Date range to invalid_next_run, the reference answers
	// out_of_range: an open disagreement of codes, so no scenario pins it.
	impl := reference.New()
	// Runs outside 0000-9999 are written with toISOString's six-digit
	// signed year, which spec/v1's next_run pattern does not allow yet: a
	// spec gap (reported), so no scenario pins them either.
	for _, c := range v1Bank() {
		out, perr := impl.Call(context.Background(), c.Op, c.Input)
		if perr != nil && perr.Code == "out_of_range" || perr == nil && bytes.Contains(out, []byte(`"next_run":"+`)) || perr == nil && bytes.Contains(out, []byte(`"next_run":"-`)) {
			disagreeNow(result, c.ID)
		}
	}
	picked := map[string]bool{}
	for _, c := range pickCases(result) {
		picked[c] = true
	}
	var lines bytes.Buffer
	for _, c := range append(append(datetimeBank(), v1Bank()...), fidelity.Corpus()...) {
		if !picked[c.ID] {
			continue
		}
		delete(picked, c.ID)
		var kills []string
		for k, v := range result {
			for _, id := range v {
				if id == c.ID {
					kills = append(kills, k)
					break
				}
			}
		}
		sort.Strings(kills)
		o, perr := impl.Call(context.Background(), c.Op, c.Input)
		rec, _ := json.Marshal(map[string]any{"scenario": c.ID, "op": c.Op, "input": c.Input, "raw_input": string(c.Input), "output": o, "error": perr, "kills": kills})
		lines.Write(append(rec, '\n'))
	}
	return os.WriteFile(out+".picks.jsonl", lines.Bytes(), 0o644)
}

// probeWorkers bounds the mutants probed at once.
const probeWorkers = 4

// tokenMutations are gremlins' default mutators.
var tokenMutations = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE":       {token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL, token.SUB: token.ADD},
	"CONDITIONALS_BOUNDARY": {token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ},
	"CONDITIONALS_NEGATION": {token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL},
	"INCREMENT_DECREMENT":   {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_NEGATIVES":      {token.SUB: token.ADD},
}

// mutateAt replaces the token at line:col of file the way mutator does.
func mutateAt(file string, line, col int, mutator string) ([]byte, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	f := fset.AddFile(file, -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, 0)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return nil, fmt.Errorf("no token at %d:%d", line, col)
		}
		p := fset.Position(pos)
		if p.Line != line || p.Column != col {
			continue
		}
		to, ok := tokenMutations[mutator][tok]
		if !ok {
			return nil, fmt.Errorf("%s does not apply to %s %q", mutator, tok, lit)
		}
		off := p.Offset
		var b bytes.Buffer
		b.Write(src[:off])
		b.WriteString(to.String())
		b.Write(src[off+len(tok.String()):])
		return b.Bytes(), nil
	}
}

// pickCases chooses, greedily, few cases that together kill every probed
// survivor that any case kills.
func pickCases(result map[string][]string) []string {
	left := map[string]bool{}
	for k, v := range result {
		if len(v) > 0 {
			left[k] = true
		}
	}
	var picked []string
	for len(left) > 0 {
		count := map[string]int{}
		for k := range left {
			for _, c := range result[k] {
				count[c]++
			}
		}
		best, n := "", 0
		for c, m := range count {
			if m > n || m == n && c < best {
				best, n = c, m
			}
		}
		picked = append(picked, best)
		for k := range left {
			for _, c := range result[k] {
				if c == best {
					delete(left, k)
					break
				}
			}
		}
	}
	sort.Strings(picked)
	return picked
}

// disagreements are the case ids of build/*disagreements*.txt, the matrix's
// lists of cases where the oracle and the reference differ.
func disagreements() map[string]bool {
	out := map[string]bool{}
	files, _ := filepath.Glob("build/*disagreements*.txt")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(b), "\n") {
			rest, ok := strings.CutPrefix(l, "UNEXPLAINED ")
			if !ok {
				if r, ok2 := strings.CutPrefix(l, "listed "); ok2 {
					_, rest, ok = strings.Cut(r, " ")
				}
			}
			if !ok {
				continue
			}
			if id, _, found := strings.Cut(rest, " input="); found {
				out[id] = true
			}
		}
	}
	return out
}

// disagreeNow removes case id from every survivor's killers.
func disagreeNow(result map[string][]string, id string) {
	for k, v := range result {
		var keep []string
		for _, c := range v {
			if c != id {
				keep = append(keep, c)
			}
		}
		result[k] = keep
	}
}

package routing

import (
	"bufio"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"
	"unicode/utf16"
)

// TestPatternCorpus checks every line Node 20 produced in
// testdata/pattern_corpus.jsonl: an evaluated pattern must give Node's
// answer, an invalid one must be a SyntaxError in Node, and an unsupported
// one is counted (the profile makes no claim about it). ROUTING_PATTERN_CORPUS
// names another file of the same format.
func TestPatternCorpus(t *testing.T) {
	name := os.Getenv("ROUTING_PATTERN_CORPUS")
	if name == "" {
		name = "testdata/pattern_corpus.jsonl"
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var n, evaluated, invalid, unsupported, bad int
	for sc.Scan() {
		var c struct {
			P string
			T string
			R *bool
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		got, err := PatternTest(c.P, c.T)
		var pe *PatternError
		switch {
		case err == nil:
			evaluated++
			if c.R == nil {
				t.Errorf("%q: evaluated (%v) but Node says SyntaxError", c.P, got)
				bad++
			} else if got != *c.R {
				t.Errorf("%q on %q: got %v, Node says %v", c.P, c.T, got, *c.R)
				bad++
			}
		case errors.As(err, &pe) && pe.Unsupported:
			unsupported++
		case errors.As(err, &pe):
			invalid++
			if c.R != nil {
				t.Errorf("%q: %v, but Node accepts it", c.P, err)
				bad++
			}
		default:
			t.Fatalf("%q: unexpected error %v", c.P, err)
		}
		if bad >= 50 {
			t.Fatal("too many differences")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("ROUTING_PATTERN_CORPUS") == "" && (n < 15000 || evaluated < n/3 || invalid < 1000) {
		t.Fatalf("corpus too small or too one-sided: %d lines, %d evaluated, %d invalid", n, evaluated, invalid)
	}
	t.Logf("%d lines: %d evaluated, %d invalid, %d unsupported", n, evaluated, invalid, unsupported)
}

// TestPatternFacts pins, readably, the answers the scenarios rely on; each
// was measured in Node 20 (and is in the corpus). want: "true", "false",
// "invalid" or "unsupported".
func TestPatternFacts(t *testing.T) {
	for _, c := range []struct{ p, text, want string }{
		{".", "", "false"},
		{".", "\n", "false"},
		{".", "\r\n", "false"},
		{".", "\u2028", "false"},
		{".", "\u0085", "true"},
		{".", " ", "true"},
		{"^.$", "😀", "false"},
		{"^..$", "😀", "true"},
		{"^[^a]$", "😀", "false"},
		{`\s`, "\u00a0", "true"},
		{`\s`, "\ufeff", "true"},
		{`\s`, "\u0085", "false"},
		{`\s`, "\u180e", "false"},
		{`\w`, "é", "false"},
		{`\bé`, " é", "false"},
		{`a\b`, "aé", "true"},
		{"$", "a\n", "true"},
		{"a$", "a\n", "false"},
		{"^b", "a\nb", "false"},
		{"[]", "", "false"},
		{"[]", "a", "false"},
		{"[^]", "\n", "true"},
		{`[\b]`, "\b", "true"},
		{"hello", "Hello", "false"},
		{"", "", "true"},
		{"a{2,1}", "", "invalid"},
		{"(?i)a", "a", "invalid"},
		{"(?P<n>a)", "a", "invalid"},
		{"{2}", "", "invalid"},
		{"a**", "", "invalid"},
		{"^*", "", "invalid"},
		{`\b+`, "", "invalid"},
		{"[z-a]", "", "invalid"},
		{"(", "", "invalid"},
		{")", "", "invalid"},
		{"[a", "", "invalid"},
		{`\`, "", "invalid"},
		{"(?<=a)b", "ab", "unsupported"},
		{`\p{L}`, "p{L}", "unsupported"},
		{"a{,2}", "a{,2}", "unsupported"},
		{`(a)\1`, "aa", "unsupported"},
		{"(?i:a)", "A", "unsupported"},
		{"😀+", "😀", "unsupported"},
		{"a{1001}", "", "unsupported"},
		{"a{1000}", "", "false"},
		{`[\d-z]`, "-", "unsupported"},
	} {
		got, err := PatternTest(c.p, c.text)
		var g string
		var pe *PatternError
		switch {
		case err == nil && got:
			g = "true"
		case err == nil:
			g = "false"
		case errors.As(err, &pe) && pe.Unsupported:
			g = "unsupported"
		default:
			g = "invalid"
		}
		if g != c.want {
			t.Errorf("PatternTest(%q, %q) = %s (%v), want %s", c.p, c.text, g, err, c.want)
		}
	}
}

func TestRangeSetComplement(t *testing.T) {
	for _, c := range []struct {
		in, want rangeSet
	}{
		{nil, rangeSet{{0, 0xFFFF}}},
		{rangeSet{{0, 0xFFFF}}, nil},
		{rangeSet{{5, 5}, {0, 2}}, rangeSet{{3, 4}, {6, 0xFFFF}}},
		{rangeSet{{0xFFFF, 0xFFFF}}, rangeSet{{0, 0xFFFE}}},
	} {
		got := c.in.complement()
		if len(got) != len(c.want) {
			t.Errorf("complement(%v) = %v, want %v", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("complement(%v) = %v, want %v", c.in, got, c.want)
			}
		}
	}
}

// unitString and unitCount are their definitions (every UTF-16 unit of
// []rune(s) as one rune; the number of units) on texts of every kind:
// ASCII, the BMP, emoji, invalid bytes, surrogates encoded as UTF-8, and
// random bytes.
func TestUnitStringIsItsDefinition(t *testing.T) {
	def := func(s string) string {
		units := utf16.Encode([]rune(s))
		out := make([]rune, len(units))
		for i, u := range units {
			out[i] = unitRune(u)
		}
		return string(out)
	}
	texts := []string{"", "abc", "é€", "😀a😀", "\xff", "a\xed\xa0\x80b", "\xf0\x9f", "\xf4\x90\x80\x80", "\U0010FFFF", "\uFFFD"}
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.IntN(12))
		for j := range b {
			b[j] = byte(r.IntN(256))
			if r.IntN(2) == 0 {
				b[j] &= 0x7f
			}
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		if got, want := unitString(s), def(s); got != want {
			t.Errorf("unitString(%q) = %q, want %q", s, got, want)
		}
		if got, want := unitCount(s), int64(len(utf16.Encode([]rune(s)))); got != want {
			t.Errorf("unitCount(%q) = %d, want %d", s, got, want)
		}
	}
}

// A one-unit set is written as its rune alone, which Go's parser reads as
// it read the class of that one rune: for every pattern of the corpus, the
// translation with each lone rune put back in brackets parses to the same
// tree and compiles to the same program.
func TestLoneRuneIsItsClass(t *testing.T) {
	f, err := os.Open("testdata/pattern_corpus.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lone := regexp.MustCompile(`\\x\{[0-9A-F]+\}`)
	bracketed := func(body string) string {
		var b strings.Builder
		depth := 0 // inside a class: its members stay as they are
		for i := 0; i < len(body); {
			switch {
			case body[i] == '\\' && i+1 < len(body) && body[i+1] != 'x':
				b.WriteString(body[i : i+2])
				i += 2
				continue
			case body[i] == '[':
				depth++
			case body[i] == ']':
				depth--
			case depth == 0 && lone.MatchString(body[i:]) && lone.FindStringIndex(body[i:])[0] == 0:
				m := lone.FindString(body[i:])
				b.WriteString("[" + m + "]")
				i += len(m)
				continue
			}
			b.WriteByte(body[i])
			i++
		}
		return b.String()
	}
	seen, compared := map[string]bool{}, 0
	for sc.Scan() {
		var c struct{ P string }
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil || seen[c.P] {
			continue
		}
		seen[c.P] = true
		p, err := CompilePattern(c.P)
		if err != nil {
			continue
		}
		body := p.re.String()
		old := bracketed(body)
		tn, err1 := syntax.Parse(body, syntax.Perl)
		to, err2 := syntax.Parse(old, syntax.Perl)
		if err1 != nil || err2 != nil {
			t.Fatalf("%q: %v %v", c.P, err1, err2)
		}
		if tn.String() != to.String() || programSize(tn) != programSize(to) {
			t.Errorf("%q: %s parses to %s, %s to %s", c.P, body, tn, old, to)
			continue
		}
		pn, err1 := syntax.Compile(tn.Simplify())
		po, err2 := syntax.Compile(to.Simplify())
		if err1 != nil || err2 != nil || pn.String() != po.String() {
			t.Errorf("%q: %s and %s compile differently", c.P, body, old)
		}
		if old != body {
			compared++
		}
	}
	if compared < 300 {
		t.Errorf("only %d patterns had a lone rune", compared)
	}
}

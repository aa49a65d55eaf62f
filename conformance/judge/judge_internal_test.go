package judge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/clockspec/clockspec/goldens"
	"github.com/clockspec/clockspec/spec"
)

// Quote writes what encoding/json writes (no HTML escaping), whether it
// takes its plain-ASCII path or not.
func TestQuoteIsEncodingJSON(t *testing.T) {
	viaJSON := func(s string) string {
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		return strings.TrimSuffix(b.String(), "\n")
	}
	var cases []string
	for c := 0; c < 256; c++ {
		cases = append(cases, string([]byte{byte(c)}), "a"+string([]byte{byte(c)})+"b")
	}
	cases = append(cases, "", "plain text", "<&>", "\u2028", "é", "\xff\xfe", `a"b\c`)
	for _, s := range cases {
		if got, want := Quote(s), viaJSON(s); got != want {
			t.Errorf("Quote(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

// An answer found valid is remembered byte for byte: the same bytes are
// valid again, any other bytes (an invalid answer after a valid one of the
// same operation, of another operation) are validated.
func TestValidOutputsRememberedByteForByte(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	escape, _ := cat.Operation("v1.escape_xml")
	valid, _ := cat.Operation("v1.is_valid_timezone")
	var sch Schemas
	for i, c := range []struct {
		op   *spec.Operation
		out  string
		pass bool
	}{
		{escape, `{"result":"a"}`, true},
		{escape, `{"result":"a"}`, true},
		{escape, `{"result":42}`, false},
		{escape, `{"result":42}`, false},
		{valid, `{"result":"a"}`, false},
		{escape, `{"result":"a"} x`, false},
		{escape, `{"result":"a","extra":1}`, escape.ValidateOutput(json.RawMessage(`{"result":"a","extra":1}`)) == nil},
		{escape, `{"result":"a"}`, true},
	} {
		if err := sch.Output(c.op, json.RawMessage(c.out), &Decoded{}); (err == nil) != c.pass {
			t.Errorf("%d: %s %s: %v, want pass %v", i, c.op.Name, c.out, err, c.pass)
		}
	}
	if len(sch.valid) != 1 {
		t.Errorf("%d answers remembered, want 1", len(sch.valid))
	}
	if sch.Validated() != 8 {
		t.Errorf("%d answers counted, want 8", sch.Validated())
	}
}

// The answer decoded once for the assertions is the value validated: the
// verdict and the message are ValidateOutput's on the bytes, for valid and
// invalid answers, answers that are not one JSON value, and numbers the
// validator needs tamed; and the value the assertions read is left as it
// was decoded.
func TestValidateDecodedIsValidateOutput(t *testing.T) {
	cat, err := spec.Load()
	if err != nil {
		t.Fatal(err)
	}
	escape, _ := cat.Operation("v1.escape_xml")
	add, _ := cat.Operation("datetime_math")
	next, _ := cat.Operation("v1.compute_next_run")
	for _, c := range []struct {
		op  *spec.Operation
		out string
	}{
		{escape, `{"result":"a"}`},
		{escape, " {\"result\":\"a\"}\n\t "},
		{escape, `{"result":42}`},
		{escape, `{"result":"a"} x`},
		{escape, `{"result":"a"} {}`},
		{escape, `{"result":"a"`},
		{escape, ``},
		{escape, `nul`},
		{escape, `{"result":"a","extra":1e999999999999}`},
		{escape, `{"result":1e-999999999999}`},
		{escape, "{\"result\":\"\xff\"}"},
		{add, `{"operation":"diff","left":"2024-01-01T00:00:00Z","right":"2024-01-02T00:00:00Z","duration_seconds":86400,"duration_minutes":1440,"duration_hours":24,"duration_days":1,"sign":1}`},
		{add, `{"operation":"diff","left":"2024-01-01T00:00:00Z","right":"2024-01-02T00:00:00Z","duration_seconds":864e2,"duration_minutes":1440,"duration_hours":24,"duration_days":1,"sign":1E0}`},
		{add, `{"operation":"diff","left":"2024-01-01T00:00:00Z","right":"2024-01-02T00:00:00Z","duration_seconds":1e999999999999,"duration_minutes":1440,"duration_hours":24,"duration_days":1,"sign":1}`},
		{next, `{"next_run":null}`},
		{next, `{"next_run":"x","extra":[1,2.5e3,{"a":-0.0e-7}]}`},
	} {
		raw := json.RawMessage(c.out)
		d := &Decoded{}
		got := validateDecoded(c.op, raw, d)
		want := c.op.ValidateOutput(raw)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s %q:\n got %v\nwant %v", c.op.Name, c.out, got, want)
		}
		if v, err := d.Value(raw); err == nil {
			fresh, _ := DecodeOutput(raw)
			if !reflect.DeepEqual(v, fresh) {
				t.Errorf("%s %q: validating changed the decoded value to %v", c.op.Name, c.out, v)
			}
		}
	}
}

// CanonicalNumber's shortcut for plain integers writes what its general
// path writes, and fails where it fails; writeQuoted writes Quote.
func TestCanonicalShortcuts(t *testing.T) {
	general := func(s string) (string, error) {
		// the general path alone: a number the shortcut cannot take
		return CanonicalNumber(s + "e0")
	}
	nums := []string{"0", "-0", "1", "-1", "10", "007", "-007", "00", "1.0", "12345678901234567890123", "-9", "", "-", "1-", "+1", "1a", "٣"}
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 5000; i++ {
		b := make([]byte, 1+r.IntN(6))
		for j := range b {
			b[j] = "0123456789-"[r.IntN(11)]
		}
		nums = append(nums, string(b))
	}
	for _, s := range nums {
		got, gerr := CanonicalNumber(s)
		want, werr := general(s)
		if (gerr == nil) != (werr == nil) || (gerr == nil && got != want) {
			t.Errorf("CanonicalNumber(%q) = %q, %v; the general path %q, %v", s, got, gerr, want, werr)
		}
	}
	for c := 0; c < 256; c++ {
		for _, s := range []string{string([]byte{byte(c)}), "a" + string([]byte{byte(c)}) + "b", "plain"} {
			var b bytes.Buffer
			writeQuoted(&b, s)
			if b.String() != Quote(s) {
				t.Errorf("writeQuoted(%q) = %s, Quote gives %s", s, b.String(), Quote(s))
			}
		}
	}
}

// decodeValid gives what encoding/json's Decoder with UseNumber gives, on
// every call of the corpus and on random documents with escapes, invalid
// bytes, lone surrogates, repeated keys, numbers of every form and white
// space everywhere.
func TestDecodeValidIsEncodingJSON(t *testing.T) {
	viaDecoder := func(raw []byte) any {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%q: %v", raw, err)
		}
		return v
	}
	var docs [][]byte
	err := fs.WalkDir(goldens.FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".jsonl") {
			b, err := fs.ReadFile(goldens.FS(), path)
			if err != nil {
				return err
			}
			// Each line of the corpus is one call: the line itself, and
			// its input and answer as the scenarios and the reference
			// wrote them.
			for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
				var call map[string]json.RawMessage
				if err := json.Unmarshal(line, &call); err != nil {
					return fmt.Errorf("%s: %w", path, err)
				}
				docs = append(docs, line)
				for _, k := range []string{"input", "output", "error"} {
					if v, ok := call[k]; ok && json.Valid(v) {
						docs = append(docs, v)
					}
				}
			}
		}
		return err
	})
	if err != nil || len(docs) < 1000 {
		t.Fatalf("%d goldens: %v", len(docs), err)
	}
	r := rand.New(rand.NewPCG(11, 12))
	ws := []string{"", " ", "\t", "\n", "\r\n "}
	strs := []string{`""`, `"a"`, `"é"`, "\"\xff\"", `"\u00e9"`, `"\ud800"`, `"\ud83d\ude00"`, `"\ud83dx"`, `"a\"b"`, `"\\"`, `"\/"`, `"\n\t"`, `"😀"`, "\"\xed\xa0\x80\"", `"<&>"`}
	nums := []string{"0", "-0", "1", "-1.5", "1e3", "1E+3", "2.50", "-0.0e-7", "12345678901234567890", "1e999999"}
	var gen func(depth int) string
	gen = func(depth int) string {
		w := func() string { return ws[r.IntN(len(ws))] }
		switch k := r.IntN(8); {
		case depth > 3 || k < 2:
			return strs[r.IntN(len(strs))]
		case k == 2:
			return nums[r.IntN(len(nums))]
		case k == 3:
			return []string{"true", "false", "null"}[r.IntN(3)]
		case k < 6:
			var parts []string
			for i := r.IntN(4); i > 0; i-- {
				parts = append(parts, w()+strs[r.IntN(len(strs))]+w()+":"+w()+gen(depth+1)+w())
			}
			return "{" + strings.Join(parts, ",") + w() + "}"
		default:
			var parts []string
			for i := r.IntN(4); i > 0; i-- {
				parts = append(parts, w()+gen(depth+1)+w())
			}
			return "[" + strings.Join(parts, ",") + w() + "]"
		}
	}
	for i := 0; i < 20000; i++ {
		docs = append(docs, []byte(ws[r.IntN(len(ws))]+gen(0)+ws[r.IntN(len(ws))]))
	}
	// Broken ones: cut, or a byte put in, anywhere.
	breaks := []string{"", `"`, `\`, "\x01", "\xff", ",", ":", "}", "]", "{", "[", "-", "0", ".", "e", "+", "t", "n", " ", "\\u12", "\\x"}
	var broken [][]byte
	for i := 0; i < 20000; i++ {
		d := string(docs[len(docs)-1-r.IntN(20000)])
		at := r.IntN(len(d) + 1)
		if r.IntN(3) == 0 {
			d = d[:at]
		} else {
			d = d[:at] + breaks[r.IntN(len(breaks))] + d[at:]
		}
		broken = append(broken, []byte(d))
	}
	broken = append(broken, []byte(strings.Repeat("[", 10000)+strings.Repeat("]", 10000)), []byte(strings.Repeat("[", 10001)+strings.Repeat("]", 10001)),
		[]byte(`01`), []byte(`-`), []byte(`1.`), []byte(`1e`), []byte(`.5`), []byte(`"\u12g4"`), []byte("\"a\tb\""), []byte(`[1,]`), []byte(`{"a":1,}`), []byte(`nul`), []byte(`truex`))
	for _, d := range broken {
		got, ok := decodeValid(d)
		valid := json.Valid(d)
		switch {
		case ok && !valid:
			t.Errorf("decodeValid(%q) read %v; json.Valid refuses it", d, got)
		case ok && !reflect.DeepEqual(got, viaDecoder(d)):
			t.Errorf("decodeValid(%q) = %#v, want %#v", d, got, viaDecoder(d))
		case !ok && valid:
			t.Errorf("decodeValid(%q) declined a valid document", d)
		}
	}
	for _, d := range docs {
		if !json.Valid(d) {
			t.Fatalf("not valid: %q", d)
		}
		got, ok := decodeValid(d)
		if !ok {
			t.Errorf("decodeValid(%q) declined a valid document", d)
			continue
		}
		if want := viaDecoder(d); !reflect.DeepEqual(got, want) {
			t.Errorf("decodeValid(%q) = %#v, want %#v", d, got, want)
		}
	}
	for _, bad := range []string{`{"a":1`, `[1,`, `"abc`, `{"a" 1}`, `tru`, ``, `{"a":1}}`} {
		if v, ok := decodeValid([]byte(bad)); ok {
			t.Errorf("decodeValid(%q) = %v, want a refusal", bad, v)
		}
	}
}

package jsonin

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// node is a shape that holds every kind of value a view reader treats
// apart: strings, optional strings and booleans (slots of the Scratch),
// and a list of its own type (a list of lists of one element type).
type node struct {
	Name  string  `json:"name"`
	Note  *string `json:"note"`
	On    *bool   `json:"on"`
	Kids  []node  `json:"kids"`
	Words []string
}

func readNode(r *Reader, x *node) bool {
	if !r.Open('{') {
		return false
	}
	for i := 0; ; i++ {
		key, more, ok := r.Member(i)
		if !ok {
			return false
		}
		if !more {
			return true
		}
		switch string(key) {
		case "name":
			ok = ReadString(r, &x.Name)
		case "note":
			ok = ReadStringPtr(r, &x.Note)
		case "on":
			ok = ReadPtr(r, &x.On, ReadBool)
		case "kids":
			ok = ReadSlice(r, &x.Kids, readNode)
		case "Words":
			ok = ReadSlice(r, &x.Words, ReadString)
		default:
			ok = r.Skip()
		}
		if !ok {
			return false
		}
	}
}

// nodeDocs are inputs whose strings need decoding or not, in indents that
// change from key to key, with nested lists of one type.
var nodeDocs = []string{
	`[]`, `[{}]`, `[{"name":"a"}]`,
	`[{"name":"a\"b","note":"caf\u00e9","on":true,"kids":[{"name":"k1","kids":[{"name":"k2","note":null}]},{"name":"k3"}],"Words":["x","\n"]}]`,
	"[\n {\n  \"name\": \"a\",\n  \"note\": \"n\",\n   \"on\": false,\n  \"kids\": [\n   {\n    \"name\": \"b\"\n   }\n  ]\n }\n]",
	"[{\n\t\"name\": \"tab\",\r\n  \"note\": \"crlf\",\n        \"on\": null,\n  \"name2\": 1}]",
	"[{\"name\":\"" + strings.Repeat(`\u00e9\\`, 300) + "\",\"note\":\"" + strings.Repeat(`\t`, 500) + "\"}]",
}

func readNodes(t *testing.T, data []byte, s *Scratch) []node {
	t.Helper()
	var r *Reader
	if s != nil {
		r = NewViewReader(data, s)
	} else {
		r = NewReader(data)
	}
	var got []node
	if !ReadSlice(r, &got, readNode) || !r.End() {
		t.Fatalf("%s: not read", data)
	}
	return got
}

// A view reader reads what encoding/json reads, into one Scratch call after
// call, and what it read stays as it was read while the Scratch keeps
// reading (its buffers grow: a string is never moved).
func TestViewReaderReadsWhatEncodingJSONReads(t *testing.T) {
	s := new(Scratch)
	var kept [][]node
	var wants [][]node
	for round := 0; round < 2; round++ {
		for _, doc := range nodeDocs {
			var want []node
			if err := json.Unmarshal([]byte(doc), &want); err != nil {
				t.Fatal(err)
			}
			if plain := readNodes(t, []byte(doc), nil); !reflect.DeepEqual(plain, want) {
				t.Fatalf("%s: Reader read %+v, encoding/json %+v", doc, plain, want)
			}
			kept = append(kept, readNodes(t, []byte(doc), s))
			wants = append(wants, want)
		}
		for i := range kept {
			if !reflect.DeepEqual(kept[i], wants[i]) {
				t.Fatalf("round %d, %s: the view reader's reading is now %+v, encoding/json %+v", round, nodeDocs[i%len(nodeDocs)], kept[i], wants[i])
			}
		}
		// The next round reads into the same memory again, as the next
		// call does.
		kept, wants = nil, nil
		PutScratch(s)
		s = GetScratch()
	}
}

// Given back, a Scratch holds nothing of what it read (no input kept
// alive from the pool) and lends its lists again.
func TestPutScratchForgetsWhatItRead(t *testing.T) {
	s := new(Scratch)
	doc := []byte(`[{"name":"a","note":"b","kids":[{"note":"c"}]}]`)
	readNodes(t, doc, s)
	PutScratch(s)
	if len(s.text)+len(s.strs)+len(s.bools) != 0 || s.reader.data != nil {
		t.Fatalf("a given-back Scratch holds %d bytes, %d strings, %d booleans, a reader of %d bytes", len(s.text), len(s.strs), len(s.bools), len(s.reader.data))
	}
	for _, str := range s.strs[:cap(s.strs)] {
		if str != "" {
			t.Fatalf("a given-back Scratch still holds %q", str)
		}
	}
	l := s.lists[any((*node)(nil))]
	if l == nil || len(l.lent) != 0 || len(l.free) != 2 {
		t.Fatalf("lists of nodes: %+v, want none lent and two free", l)
	}
	for _, p := range l.free {
		items := p.(*listOf[node]).items
		if fmt.Sprint(items[:cap(items)]) != fmt.Sprint(make([]node, cap(items))) {
			t.Fatalf("a free list still holds %+v", items[:cap(items)])
		}
	}
}

// Member reads keys after white space of every shape, the indent it
// predicts changing or broken at every key.
func TestMemberAfterChangingIndents(t *testing.T) {
	indents := []string{"", " ", "\n", "\n ", "\n  ", "\n   ", "\n      ", "\n       ", "\n\t", "\n \t", "\r\n  ", "\n  \n  "}
	for _, a := range indents {
		for _, b := range indents {
			doc := "{" + a + `"name":"x",` + a + `"note":"y",` + b + `"on":true,` + a + `"Words":[]` + b + "}"
			var want node
			if err := json.Unmarshal([]byte(doc), &want); err != nil {
				t.Fatal(err)
			}
			var got node
			r := NewViewReader([]byte(doc), new(Scratch))
			if !readNode(r, &got) || !r.End() || !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: read %+v, encoding/json %+v", doc, got, want)
			}
		}
	}
	// A key whose lead looks like the last one but is not white space.
	for _, doc := range []string{"{\n  \"name\":\"x\",\n  \"on\":true,\nx \"note\":\"y\"}", "{\n  \"name\":\"x\",\n \"note\" \"y\"}"} {
		var x node
		r := NewViewReader([]byte(doc), new(Scratch))
		if readNode(r, &x) && r.End() {
			t.Fatalf("%q: read, encoding/json refuses it", doc)
		}
	}
}

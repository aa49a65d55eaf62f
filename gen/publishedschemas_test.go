package main

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"
)

// publishedFS is a clock-core folder with the given heads and $defs.
func publishedFS(heads, defs string) fstest.MapFS {
	return fstest.MapFS{
		publishedHeads:   {Data: []byte(heads)},
		publishedDefsSrc: {Data: []byte("profile: clock-core\n$defs:\n" + defs)},
	}
}

const toyDefs = `  a: {type: object, properties: {b: {$ref: '#/$defs/b'}}}
  b: {type: string, description: 'x <y> & z'}
  c: {type: integer, minimum: 1}
  unused: {type: boolean}
`

// A published schema carries its head, and from operations.yaml every
// definition the head refers to, directly or through another, and those
// its $defs names: no other, none restated.
func TestPublishedSchemasTakeTheirDefsFromOperations(t *testing.T) {
	out := Files{}
	heads := "s.schema.json:\n  title: S\n  $ref: '#/$defs/a'\n  $defs: [c]\n"
	if err := publishedSchemas(publishedFS(heads, toyDefs), out); err != nil {
		t.Fatal(err)
	}
	b := out[publishedDir+"s.schema.json"]
	var doc struct {
		Title string                     `json:"title"`
		Ref   string                     `json:"$ref"`
		Defs  map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if doc.Title != "S" || doc.Ref != "#/$defs/a" || len(doc.Defs) != 3 || doc.Defs["unused"] != nil {
		t.Fatalf("published %s", b)
	}
	if string(doc.Defs["c"]) != `{"type": "integer", "minimum": 1}` || !strings.Contains(string(b), `"x <y> & z"`) {
		t.Fatalf("the definitions are not operations.yaml's, as written: %s", b)
	}
	// A definition changed in operations.yaml changes the published file.
	out2 := Files{}
	if err := publishedSchemas(publishedFS(heads, strings.Replace(toyDefs, "minimum: 1", "minimum: 2", 1)), out2); err != nil {
		t.Fatal(err)
	}
	if string(out2[publishedDir+"s.schema.json"]) == string(b) {
		t.Fatal("a changed definition left the published schema as it was")
	}
}

// A head that refers to no definition of operations.yaml, or writes its own
// definitions, is refused, never published with a hole or a second copy.
func TestPublishedSchemasRefuseWhatIsNotOneSource(t *testing.T) {
	for heads, want := range map[string]string{
		"s.schema.json:\n  $ref: '#/$defs/nope'\n":                                     "has no such definition",
		"s.schema.json:\n  $ref: 'other.json#/x'\n":                                    "is not to a definition",
		"s.schema.json:\n  $defs: {a: {type: string}}\n":                               "not a list of names",
		"s.schema.json:\n  $defs: [nope]\n":                                            "has no such definition",
		"../s.schema.json:\n  type: object\n":                                          "is not a schema file name",
		"s.schema.json:\n  properties: {x: {$ref: '#/$defs/a'}}\n  y: !!binary aGk=\n": "has no JSON form",
	} {
		err := publishedSchemas(publishedFS(heads, toyDefs), Files{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", heads, err, want)
		}
	}
}

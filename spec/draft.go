package spec

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// jsonschema/v5 checks every schema document it compiles against its
// draft's meta-schema, and offers no option to skip that: compiling the
// embedded spec spent two thirds of its time there, at the start of every
// run. The embedded spec never changes inside a binary, and
// TestEverySchemaCompilesAgainstTheMetaSchema checks the same files against
// the meta-schema, so the check is made once, by the tests, instead of once
// per run.
//
// draftUnchecked is draft 2020-12 as the library defines it, with one
// difference: no meta-schema to check against. The compiler reads a draft's
// meta-schema in that check alone (a schema's vocabularies come from the
// document's own "$schema", which the embedded compile leaves out: every
// vocabulary then applies, as under 2020-12's meta-schema, format being
// asserted either way). It is nil when the library no longer has the field
// this relies on; the embedded spec is then checked as it compiles, like any
// other folder (TestTheEmbeddedSpecSkipsOnlyTheMetaSchemaCheck fails, so
// an upgrade that loses the speed is noticed).
var draftUnchecked = sync.OnceValue(func() *jsonschema.Draft {
	d := *jsonschema.Draft2020
	f := reflect.ValueOf(&d).Elem().FieldByName("meta")
	if !f.IsValid() || f.Type() != reflect.TypeFor[*jsonschema.Schema]() {
		return nil
	}
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().SetZero()
	return &d
})

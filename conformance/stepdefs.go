package conformance

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"sync"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"
)

// quoted matches a double-quoted step argument whose content is read as a
// JSON string literal, so \n, \" and \u escapes say exactly which characters
// are meant.
const quoted = `"((?:[^"\\]|\\.)*)"`

// stepDef is one step definition: its expression, compiled once (godog
// would otherwise compile every expression again for each of the hundreds
// of scenarios), and its function.
type stepDef struct {
	re *regexp.Regexp
	fn stepFunc
}

func def(expr string, fn stepFunc) stepDef { return stepDef{re: regexp.MustCompile(expr), fn: fn} }

// stepDefs are every step a scenario can use: the calls and assertions
// (steps.go, steps_assert.go) and the property steps (steps_props.go). A
// step's text is matched against them in this order. They are compiled on
// first use, not at init: every command of the binary would otherwise pay
// for the ~70 expressions (a third of `conform show`'s start).
var stepDefs = sync.OnceValue(func() []stepDef {
	return []stepDef{
		def(`^I call "([^"]+)" with:$`, ctxStrDoc((*world).callDoc)),
		def(`^I call "([^"]+)" with (\{.*\})$`, ctxStr2((*world).call)),
		def(`^the output is:$`, doc1((*world).outputIs)),
		def(`^the output is compact JSON$`, noArgs((*world).outputCompact)),
		def(`^the output has no "([^"]+)"$`, str1((*world).fieldAbsent)),
		def(`^the output "([^"]+)" is `+quoted+`$`, str2((*world).fieldIsString)),
		def(`^the output "([^"]+)" is:$`, strDoc((*world).fieldIsDoc)),
		def(`^the output "([^"]+)" is (true|false|null)$`, str2((*world).fieldIsLiteral)),
		def(`^the output "([^"]+)" is (-?[0-9][0-9.eE+-]*)$`, str2((*world).fieldIsNumber)),
		def(`^the output "([^"]+)" contains `+quoted+`$`, str2((*world).fieldContains)),
		def(`^the output "([^"]+)" contains:$`, strDoc((*world).fieldContainsDoc)),
		def(`^the output "([^"]+)" does not contain `+quoted+`$`, str2((*world).fieldLacks)),
		def(`^the output "([^"]+)" does not contain:$`, strDoc((*world).fieldLacksDoc)),
		def(`^the output "([^"]+)" is a time after `+quoted+`$`, str2((*world).fieldTimeAfter)),
		def(`^the output "([^"]+)" is a whole number of (\d+) ms steps after `+quoted+`$`, strIntStr((*world).fieldOnGrid)),
		def(`^the error code is "([^"]+)"$`, str1((*world).errorCode)),
		// Where a seed permits several answers, the step lists each of them.
		def(`^the error code is one of (".*")$`, str1((*world).errorCodeOneOf)),
		def(`^the output "([^"]+)" is, to ([0-9]+) decimal places, (?:one of )?(-?[0-9][0-9., -]*)$`, str3((*world).fieldRoundsTo)),
		def(`^the output "([^"]+)" is one of (.+)$`, str2((*world).fieldOneOf)),
		def(`^the output "([^"]+)" is the RFC 3339 time `+quoted+`$`, str2((*world).fieldIsRFC3339)),
		def(`^the output "([^"]+)" is the instant `+quoted+`$`, str2((*world).fieldIsInstant)),
		def(`^the output "([^"]+)" echoes the timestamp `+quoted+`$`, str2((*world).fieldEchoesTimestamp)),
		def(`^the call is refused$`, noArgs((*world).refused)),
		def(`^the seed leaves the output "([^"]+)" open$`, str1((*world).leftOpen)),
		def(`^the call is refused or the output "([^"]+)" is `+quoted+`$`, str2((*world).refusedOrFieldIs)),
		def(`^the call is refused or the output "([^"]+)" is one of (".*")$`, str2((*world).refusedOrFieldOneOf)),
		def(`^the call is refused or the output "([^"]+)" is the instant `+quoted+`$`, str2((*world).refusedOrInstant)),
		def(`^the error code is "([^"]+)" or the output "([^"]+)" is (true|false|null)$`, str3((*world).codeOrFieldIsLiteral)),

		// Property steps: what a seed fixes about text an implementation
		// writes in its own words and ids it mints (steps_props.go).
		def(`^the output "([^"]+)" is a non-empty string$`, str1((*world).fieldNonEmpty)),
		def(`^the output "([^"]+)" mentions `+quoted+`$`, str2((*world).fieldMentions)),
		def(`^the output is, apart from the text at ((?:"[^"]+"(?:, )?)+):$`, strDoc((*world).outputApartFrom)),
		def(`^the output "([^"]+)" occurs once among the output's "([^"]+)"$`, str2((*world).fieldOnceAmong)),
		def(`^the output "([^"]+)" equals the JSON (.+)$`, str2((*world).fieldEqualsJSON)),
		def(`^the state file "([A-Za-z0-9_]+)" holds:$`, strDoc((*world).stateFileHolds)),
		def(`^the state file "([A-Za-z0-9_]+)" still holds what it held$`, str1((*world).stateFileUnchanged)),
		def(`^the state file "([A-Za-z0-9_]+)" is a symbolic link to the state file "([A-Za-z0-9_]+)"$`, str2((*world).stateFileLink)),
		def(`^I remember the output "([^"]+)" as "([A-Za-z0-9_]+)"$`, str2((*world).remember)),
		def(`^"([A-Za-z0-9_]+)" is the text ("(?:[^"\\]|\\.)*"(?: × [0-9]+)?(?: \+ "(?:[^"\\]|\\.)*"(?: × [0-9]+)?)*)$`, str2((*world).composeText)),
		def(`^the output "([^"]+)" is the remembered "([A-Za-z0-9_]+)"$`, str2((*world).fieldIsRemembered)),
		def(`^the output "([^"]+)" is not the remembered "([A-Za-z0-9_]+)"$`, str2((*world).fieldIsNotRemembered)),
		def(`^the call is refused or the output "([^"]+)" is the remembered "([A-Za-z0-9_]+)"$`, str2((*world).refusedOrFieldIsRemembered)),
	}
})

// registerStep gives godog one step definition. godog records, as the
// definition's place, the line that calls ctx.Step: this one, which
// stepLocation names for the own loop's Cucumber JSON. It stays one line.
func registerStep(ctx *godog.ScenarioContext, re *regexp.Regexp, fn any) { ctx.Step(re, fn) }

// stepLocation is where godog says every step definition is ("file:line").
var stepLocation = sync.OnceValue(func() string {
	f := runtime.FuncForPC(reflect.ValueOf(registerStep).Pointer())
	file, line := f.FileLine(f.Entry())
	return filepath.Base(file) + ":" + strconv.Itoa(line)
})

// register gives godog every step definition, bound to this world.
func (w *world) register(ctx *godog.ScenarioContext) {
	for _, d := range stepDefs() {
		registerStep(ctx, d.re, d.fn.bind(w))
	}
	ctx.After(func(c context.Context, _ *godog.Scenario, _ error) (context.Context, error) {
		w.removeTempDirs()
		return c, nil
	})
}

// invokeStep calls definition d's function for the own loop, a panic in it
// being its failure, as in godog.
func invokeStep(ctx context.Context, w *world, d int, groups []string, arg *messages.PickleStepArgument) (err error) {
	defer func() {
		if e := recover(); e != nil {
			err = &stepPanic{msg: fmt.Sprintf("%v", e)}
		}
	}()
	return stepDefs()[d].fn.call(ctx, w, stepArgs{groups: groups, arg: arg})
}

// stepFunc is a step function in one of the shapes godog calls, named by
// the parameters that follow the world: bind is the function godog
// registers for a world (godog converts its arguments itself), call is the
// own loop's call of it, converting the step's arguments in godog's order,
// with godog's errors.
type stepFunc struct {
	bind func(w *world) any
	call func(ctx context.Context, w *world, a stepArgs) error
}

func noArgs(f func(*world) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func() error { return f(w) } },
		call: func(_ context.Context, w *world, _ stepArgs) error { return f(w) },
	}
}

func str1(f func(*world, string) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func(s0 string) error { return f(w, s0) } },
		call: func(_ context.Context, w *world, a stepArgs) error {
			if err := a.need(1); err != nil {
				return err
			}
			s0, err := a.str(0)
			if err != nil {
				return err
			}
			return f(w, s0)
		},
	}
}

func str2(f func(*world, string, string) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func(s0, s1 string) error { return f(w, s0, s1) } },
		call: func(_ context.Context, w *world, a stepArgs) error {
			s0, s1, err := a.twoStrings()
			if err != nil {
				return err
			}
			return f(w, s0, s1)
		},
	}
}

func ctxStr2(f func(*world, context.Context, string, string) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any {
			return func(ctx context.Context, s0, s1 string) error { return f(w, ctx, s0, s1) }
		},
		call: func(ctx context.Context, w *world, a stepArgs) error {
			s0, s1, err := a.twoStrings()
			if err != nil {
				return err
			}
			return f(w, ctx, s0, s1)
		},
	}
}

func str3(f func(*world, string, string, string) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func(s0, s1, s2 string) error { return f(w, s0, s1, s2) } },
		call: func(_ context.Context, w *world, a stepArgs) error {
			if err := a.need(3); err != nil {
				return err
			}
			s0, err := a.str(0)
			if err != nil {
				return err
			}
			s1, err := a.str(1)
			if err != nil {
				return err
			}
			s2, err := a.str(2)
			if err != nil {
				return err
			}
			return f(w, s0, s1, s2)
		},
	}
}

func strIntStr(f func(*world, string, int64, string) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func(s0 string, n1 int64, s2 string) error { return f(w, s0, n1, s2) } },
		call: func(_ context.Context, w *world, a stepArgs) error {
			if err := a.need(3); err != nil {
				return err
			}
			s0, err := a.str(0)
			if err != nil {
				return err
			}
			n1, err := a.int64(1)
			if err != nil {
				return err
			}
			s2, err := a.str(2)
			if err != nil {
				return err
			}
			return f(w, s0, n1, s2)
		},
	}
}

func doc1(f func(*world, *godog.DocString) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func(d0 *godog.DocString) error { return f(w, d0) } },
		call: func(_ context.Context, w *world, a stepArgs) error {
			if err := a.need(1); err != nil {
				return err
			}
			d0, err := a.doc(0)
			if err != nil {
				return err
			}
			return f(w, d0)
		},
	}
}

func strDoc(f func(*world, string, *godog.DocString) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any { return func(s0 string, d1 *godog.DocString) error { return f(w, s0, d1) } },
		call: func(_ context.Context, w *world, a stepArgs) error {
			s0, d1, err := a.stringAndDoc()
			if err != nil {
				return err
			}
			return f(w, s0, d1)
		},
	}
}

func ctxStrDoc(f func(*world, context.Context, string, *godog.DocString) error) stepFunc {
	return stepFunc{
		bind: func(w *world) any {
			return func(ctx context.Context, s0 string, d1 *godog.DocString) error { return f(w, ctx, s0, d1) }
		},
		call: func(ctx context.Context, w *world, a stepArgs) error {
			s0, d1, err := a.stringAndDoc()
			if err != nil {
				return err
			}
			return f(w, ctx, s0, d1)
		},
	}
}

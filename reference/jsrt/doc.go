// Package jsrt reproduces the JavaScript runtime semantics that NanoClaw v1
// relied on, as Node 20 (V8 11.3, ICU 78) implements them: `new Date(string)`,
// String.prototype.trim, parseInt(s, 10) and the case folding and \w class of
// a non-unicode RegExp with the `i` flag.
//
// Go's standard library answers each of these questions differently
// (time.Parse(time.RFC3339), strings.TrimSpace, strconv.ParseInt,
// unicode.SimpleFold, regexp's \w), and the conformance kit must reproduce v1
// exactly, so every function here was developed against Node as the oracle
// and is checked against corpora that Node generated (testdata/, regenerated
// by the scripts in testdata/gen). The tests need no Node.
package jsrt

// Package fidelity measures how well the conformance kit tells right from
// wrong: a differential matrix that answers large generated corpora with
// the JavaScript oracle (oracle/js/serve.js through the subprocess driver)
// and with the reference (in process), and counts every agreement and every
// listed disagreement per operation; the mutation score of the reference
// under the conformance suite (fidelity/cmd/mutation); and the generated
// report docs/fidelity.md.
//
//	go run ./fidelity/cmd/fidelity -sample        # a fixed sample, a few seconds (make test)
//	go run ./fidelity/cmd/fidelity -doc docs/fidelity.md   # everything (make fidelity)
package fidelity

// Package layers holds the test that keeps the kit's imports running one
// way. Each package sits on a floor and imports only from floors below it
// (or, within reference/ and conformance/, from its own floor):
//
//	0  internal/jsonin, features, goldens   the JSON runtime and embedded data
//	1  protocol, internal/…                 the wire; helpers over the data
//	2  spec, protocol/mcpline               the spec (its errors are the wire's); MCP's stdio framing
//	3  reference/…, protocol/mcpserve       implementations and servers of the spec
//	4  reference                            the reference as one implementation
//	5  conformance/…                        the harness's parts
//	6  conformance                          the runner
//	7  cmd/…, gen, fidelity/…               commands and measurements
//
// A newcomer reads the floor of a package from its path; a line that would
// make an import go up belongs in a lower package instead.
package layers

// Package routing is the reference implementation of the routing profile:
// NanoClaw v2's decisions for inbound messages (engage modes, sender scope,
// accumulate or drop, fan-out), for the wake batch a container reads, for the
// response_scope backfill and the channel-kind defaults, for the unknown
// sender and unknown channel approval flows, for the stuck-detection sweep
// and for the SDK tool blocklist (seed 001, items 1, 1a, 4, 5, 9, 10, 16 and
// 22).
//
// Every behaviour is a pure function: the state the host would read from its
// databases, its clock and its environment is an argument, and the answer is
// the decision plus the state changes it implies, never a side effect. The
// typed API is in the files named after each behaviour; ops.go adapts the
// inputs generated from the input schemas (input_gen.go) to it, and is what
// the conformance harness calls.
//
// Where the seed says JavaScript (the engage pattern is `new
// RegExp(pattern).test(text)`, MAX_MESSAGES_PER_PROMPT is read with
// parseInt), the JavaScript semantics are reproduced exactly; pattern.go says
// which part of JavaScript's RegExp syntax the profile covers and why.
package routing

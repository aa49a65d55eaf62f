// Package clock is the reference implementation of CLOCK.md (seed 004): the
// user policy (§0), Session TZ resolution (§4.2), the timezone provider
// (§4.4), thread and user keys (§7), the interaction wrapper (§4.5) and the
// v3 state file (§10).
//
// Nothing here reads a clock, the environment or the host's zone: the
// current instant, the host's zone and prior state are arguments, so every
// decision can be replayed. Stateful behaviour is a pure function from the
// prior state to the next one; only store.go touches a file.
//
// Files, one responsibility each:
//
//	policy.go, duration.go   the §0 policy: strict YAML loading, defaults, merging
//	instant.go, zones.go     RFC 3339 instants, IANA ids, offsets, DST gaps and overlaps
//	locations.go             the place names a Session TZ may be inferred from
//	resolve.go               Session TZ precedence, agent TZ, delta hours
//	parse.go                 parse_anchored_time and its grammar
//	keys.go, link.go         thread keys, user keys, user-approved identity links
//	state.go, compact.go     the v3 state document, its schema, compaction, load/save
//	wrapper.go, ack.go       on_user_message / on_agent_message bookkeeping
//	inference.go             the MUST bounds on inference (§8.1, §11)
//	provider.go              the §4.4 provider as a Go interface
//	store.go, store_lock_*   the state file: lock, atomic write, refusal of bad files
//	ops.go, ops_decode.go    the JSON operations of the clock-core profile
//
// The spec files it reads (the default policy, the acknowledgement and hedge
// lists) and the state schema come from the spec package's embedded
// spec/clock-core. A later profile (clock-awareness) builds on
// the same Policy, State and Provider.
package clock

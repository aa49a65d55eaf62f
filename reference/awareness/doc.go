// Package awareness is the reference implementation of CLOCK.md's temporal
// awareness layer (seed 004 §5, §6, §6.5, §7.3, §8, §9, §11): the per-prompt
// relevance decision, thread kinds, latest (clocked) actions, the bounds on
// inference and group-chat presentation.
//
// It builds on package clock (the clock-core profile): the policy, its
// ISO 8601 durations, instants, zones, the state types and compaction all
// come from there; nothing here re-implements them. Like clock, nothing here
// reads a clock, the environment or the host's zone: now, zones, policy and
// prior state are arguments, and every stateful step is a pure function.
//
// Files, one responsibility each:
//
//	phrases.go     the phrase lists of spec/clock-awareness/phrases.yaml
//	directive.go   the clock directives (clock it:, clock:, clock: kind …)
//	relevance.go   the §5.1 relevance decision
//	kind.go        the §5.2 thread kind and when it may be persisted
//	actions.go     §6.2–§6.4 capture: labels, statuses, TTLs, the cap
//	read.go        §6.4 read-time expiry and the open-action test
//	continuity.go  §6.5, §8, §11: what an inference about an action allows
//	group.go       §7.3 group chats: UTC plus conversions, ambiguity
//	ops.go         the JSON operations of the clock-awareness profile
package awareness

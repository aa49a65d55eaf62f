// Package agent certifies what a chat agent does with time: the clock-agent
// profile. A scenario (features/clock-agent) sets a simulated world — a
// virtual clock, the user's profile zone, the thread's stored override, the
// policy, a group's members — plays user turns and clock advances, and
// checks the tool calls the agent made against CLOCK's agent-level rules
// (seed 004 §4.2, §4.3, §8, §11): their instants, the calls that must not
// happen, and the order of confirmation and action. What only words can
// show (a hedge, a question for updates) is left to an optional judge model,
// in a tier of its own.
//
// The world's tools (spec/clock-agent/tools.json, plus the datetime tools)
// are answered by the reference's operations; every call is recorded. An
// agent is reached through an Agent: in process (the scripted agents of
// the kit's own tests), a JSON-Lines subprocess that owns its loop
// (docs/agent-protocol.md), or an OpenAI-compatible chat-completions
// endpoint whose tool loop the kit runs. Each scenario runs K trials; the
// report gives pass^k (every one of k trials passes, estimated as
// τ-bench does) and the pass rate with its Wilson interval, per scenario and
// per requirement, with the transcript of every failing trial.
package agent

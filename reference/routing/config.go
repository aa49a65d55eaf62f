package routing

import (
	"math"
	"strconv"

	"github.com/clockspec/clockspec/reference/jsrt"
)

// DefaultMaxMessagesPerPrompt is MAX_MESSAGES_PER_PROMPT when the
// environment does not set it (seed item 1: "already defined, default 10").
const DefaultMaxMessagesPerPrompt = 10

// MaxSafeInteger is JavaScript's Number.MAX_SAFE_INTEGER, 2^53 − 1.
const MaxSafeInteger = 1<<53 - 1

// ContainerEnvMaxMessages is the variable the host passes the value in.
const ContainerEnvMaxMessages = "NANOCLAW_MAX_MESSAGES_PER_PROMPT"

// MaxMessagesPerPrompt reads MAX_MESSAGES_PER_PROMPT as v1's config.ts did:
//
//	Math.max(1, parseInt(process.env.MAX_MESSAGES_PER_PROMPT || '10', 10) || 10)
//
// so an unset or empty variable is 10; parseInt semantics apply (leading
// white space skipped, "25abc" is 25, "1e3" is 1, "7.9" is 7); NaN ("abc",
// "", "0x10" is 0 though) and 0 (and "-0") fall back to 10, because `|| 10`
// treats them all as false; a negative number becomes 1. The result is
// clamped to 2^53 − 1: larger values (parseInt gives 1e20 for twenty nines
// and Infinity for a few hundred digits) all mean "every pending message",
// and the clamp keeps the answer an exact integer in every language and a
// valid SQLite LIMIT.
func MaxMessagesPerPrompt(env *string) int64 {
	s := "10"
	if env != nil && *env != "" {
		s = *env
	}
	v, ok := jsrt.ParseInt10(s)
	if !ok || v == 0 {
		v = DefaultMaxMessagesPerPrompt
	}
	v = math.Max(1, v)
	if v > MaxSafeInteger {
		return MaxSafeInteger
	}
	return int64(v)
}

// ContainerEnv is the environment entry the host passes to the container.
func ContainerEnv(max int64) map[string]string {
	return map[string]string{ContainerEnvMaxMessages: strconv.FormatInt(max, 10)}
}

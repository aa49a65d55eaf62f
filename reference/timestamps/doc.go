// Package timestamps is the reference implementation of the timestamps
// profile (seed 002): the compressed per-message timestamps, the
// "Current time:" line of the system prompt, the choice of time zone (the
// most recent human participant's) and the message context an agent reads.
//
// The seed is Ruby on Rails code; where Ruby or ActiveSupport decides a
// detail (Float#round, Integer division, String#blank?, String#split,
// strftime, ActiveSupport::TimeZone[]), this package reproduces that
// behaviour and says so beside the code. Nothing here reads a clock or the
// host's time zone: instants and zone names are arguments, and zones come
// only from the embedded tzdb.
package timestamps

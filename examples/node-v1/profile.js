'use strict';
// The v1 profile: every required operation of spec/v1/operations.yaml as
// call(op, input) → {output} or {error: {code, message}}.
//
// v1.js is NanoClaw v1's own code (its functions on Node 20, transcribed
// unchanged; a copy of the JavaScript oracle's, which make gen writes).
// compute_next_run calls cron-parser 5.5.0 as seed 000's porting plan says,
// CronExpressionParser.parse(expr, {tz: TIMEZONE}).next().toISOString(),
// with no correction: the profile certifies v1 as it shipped, DST quirks
// included. The corrected scheduler v1.compute_next_run_dst_safe is an
// extension; this example does not offer it, so its scenarios are reported
// as not claimed.

const v1 = require('./v1.js');

// v1.js reads a timestamp without an offset in the call's process_timezone
// (UTC when the input has none) and restores TZ afterwards; outside its calls
// the process runs in UTC too, never in the host's zone.
process.env.TZ = 'UTC';

const operations = v1.OPERATIONS.slice();

function call(op, input) {
  const res = v1.call(op, input);
  // v1.js reports an unexpected exception as `internal`; the protocol's code is internal_error.
  if (res.error && res.error.code === 'internal') return { error: { ...res.error, code: 'internal_error' } };
  return res;
}

module.exports = { operations, call };

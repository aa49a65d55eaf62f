'use strict';
// The v1 profile: every operation of spec/v1/operations.yaml as
// call(op, input) → {output} or {error: {code, message}}.
//
// v1's own code (oracle/js/v1.js: NanoClaw v1's functions on Node 20 with
// cron-parser 5.5.0) answers every operation, except that compute_next_run
// goes through schedule.js, which corrects cron-parser where the profile pins
// another answer.

const v1 = require('../../oracle/js/v1.js');

const { computeNextRun } = require('./schedule.js');

// v1.js reads a timestamp without an offset in the call's process_timezone
// (UTC when the input has none) and restores TZ afterwards; outside its calls
// the process runs in UTC too, never in the host's zone.
process.env.TZ = 'UTC';

const operations = v1.OPERATIONS.slice();

function call(op, input) {
  const res = op === 'v1.compute_next_run' ? computeNextRun(input) : v1.call(op, input);
  // v1.js reports an unexpected exception as `internal`; the protocol's code is internal_error.
  if (res.error && res.error.code === 'internal') return { error: { ...res.error, code: 'internal_error' } };
  return res;
}

module.exports = { operations, call };

#!/usr/bin/env node
'use strict';
// A deliberately broken variant of main.js, for checking that the suite
// rejects what a careless port would get wrong. The protocol loop is main.js's
// and every operation is profile.js's, except two mistakes:
//   * format_local_time uses a 24-hour clock ("Jan 1, 2024, 13:30", no AM/PM);
//   * escape_xml leaves double quotes alone.
//
//   conform run --impl 'exec:node examples/node-v1/broken.js' --tags @v1   # must fail

const { serve } = require('./main.js');
const profile = require('./profile.js');

function escapeXmlWithoutQuotes(s) {
  if (!s) return '';
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function formatLocalTime24h(utcIso, timezone) {
  return new Date(utcIso).toLocaleString('en-US', {
    timeZone: profile.call('v1.resolve_timezone', { timezone }).output.timezone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: false,
  });
}

// The right answer's checks and error codes are kept; only the text is wrong.
const BROKEN = {
  'v1.escape_xml': (input) => escapeXmlWithoutQuotes(input.text),
  'v1.format_local_time': (input) => formatLocalTime24h(input.timestamp, input.timezone),
};

function call(op, input) {
  const res = profile.call(op, input);
  if (res.output && BROKEN[op]) return { output: { result: BROKEN[op](input) } };
  return res;
}

serve({ name: 'clockspec-example-node-v1-broken', version: require('./package.json').version, operations: profile.operations, call });

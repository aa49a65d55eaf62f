#!/usr/bin/env node
'use strict';
// The v1 oracle as a long-lived JSON Lines process.
//   stdin:  {"id": …, "op": "v1.…", "input": {…}}          one per line
//   stdout: {"id": …, "output": {…}} or {"id": …, "error": {"code", "message"}}
// Answers come in request order, one line each, written synchronously.
// {"id": …, "op": "hello"} answers with the implementation's capabilities.

process.env.TZ = 'UTC'; // the default process time zone of every call; calls may override it

const readline = require('readline');
const oracle = require('./v1.js');
const datetime = require('./datetime.js'); // the datetime oracle (fidelity matrix)

function hello() {
  return {
    implementation: 'clockspec-js-oracle',
    version: '1',
    language: 'javascript',
    protocol: '1',
    tzdata: process.versions.tz,
    operations: oracle.OPERATIONS.concat(datetime.OPERATIONS),
  };
}

function answer(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, error: { code: 'invalid_request', message: `not JSON: ${e.message}` } };
  }
  if (!req || typeof req !== 'object' || Array.isArray(req)) {
    return { id: null, error: { code: 'invalid_request', message: 'a request must be a JSON object' } };
  }
  const id = req.id === undefined ? null : req.id;
  if (req.op === 'hello') return { id, output: hello() };
  if (typeof req.op !== 'string') {
    return { id, error: { code: 'invalid_request', message: 'missing "op"' } };
  }
  const res = (datetime.OPERATIONS.includes(req.op) ? datetime : oracle).call(req.op, req.input);
  return res.error ? { id, error: res.error } : { id, output: res.output };
}

process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
rl.on('line', (line) => {
  if (!line.trim()) return;
  // stdout is synchronous for files and pipes on POSIX: each line is out
  // before the next request is read.
  process.stdout.write(JSON.stringify(answer(line)) + '\n');
});
rl.on('close', () => process.exit(0));

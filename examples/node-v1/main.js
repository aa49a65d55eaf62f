#!/usr/bin/env node
'use strict';
// A clockspec implementation speaking the subprocess protocol (docs/protocol.md):
// one JSON request per line on stdin, one JSON response per line on stdout,
// logs on stderr. The first request is hello. Everything the profile computes
// is in profile.js; this file only moves JSON.
//
//   conform run --impl 'exec:node examples/node-v1/main.js' --tags @v1

const readline = require('readline');

const MAX_LINE_BYTES = 1 << 20; // the protocol's limit for one line

// serve answers requests until stdin ends. impl is {name, version, operations, call}.
function serve(impl) {
  const hello = {
    implementation: impl.name,
    version: impl.version,
    language: 'javascript',
    protocol: '1',
    tzdata: process.versions.tz,
    operations: impl.operations,
  };
  process.stdout.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
    process.exit(0); // the runner went away
  });
  console.error(`${impl.name} ${impl.version}: node ${process.versions.node}, tzdata ${process.versions.tz}`);
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    process.stdout.write(JSON.stringify(answer(impl, hello, line)) + '\n');
  });
  // When stdin ends, nothing is left to do: Node exits once stdout is written.
}

function answer(impl, hello, line) {
  if (Buffer.byteLength(line) > MAX_LINE_BYTES) return failure('', 'malformed_request', 'request line over 1 MiB');
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return failure('', 'malformed_request', `not JSON: ${e.message}`);
  }
  const id = req !== null && typeof req === 'object' && typeof req.id === 'string' ? req.id : '';
  if (id === '' || typeof req.op !== 'string' || req.op === '') {
    return failure(id, 'malformed_request', 'a request is a JSON object with a non-empty string id and op');
  }
  if (req.op === 'hello') return { id, output: hello };
  if (!impl.operations.includes(req.op)) return failure(id, 'unknown_operation', `${req.op} is not implemented`);
  try {
    const res = impl.call(req.op, req.input === undefined ? {} : req.input);
    return res.error ? { id, error: res.error } : { id, output: res.output };
  } catch (e) {
    console.error(`${req.op} (id ${id}):`, e);
    return failure(id, 'internal_error', `${e && e.name}: ${e && e.message}`);
  }
}

function failure(id, code, message) {
  return { id, error: { code, message } };
}

module.exports = { serve };

if (require.main === module) {
  serve({ name: 'clockspec-example-node-v1', version: require('./package.json').version, ...require('./profile.js') });
}

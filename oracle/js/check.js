#!/usr/bin/env node
'use strict';
// Compare the Go reference's recorded v1 answers with the JavaScript oracle.
//
//   node oracle/js/check.js CALLS.jsonl [--exceptions oracle/js/exceptions.json] [--tzdata 2025c]
//
// CALLS.jsonl: one JSON object per line,
//   {"id": "<scenario id>#<n>", "op": "v1.…", "input": {…}, "output": {…}}
//   or the same with "error": {"code": "…", "message": "…"} instead of "output".
// Outputs are compared by deep equality, errors by code only.
// Exit status: 0 all agree (or every disagreement is excepted and no
// exception is stale); 1 a disagreement not excepted, a stale exception, a
// tzdata or cron-parser version mismatch; 2 unreadable input or bad usage.

const fs = require('fs');

process.env.TZ = 'UTC'; // the default process time zone of every call; calls may override it

const oracle = require('./v1.js');

const EXPECTED_CRON_PARSER = '5.5.0';

function usage(msg) {
  if (msg) process.stderr.write(`check.js: ${msg}\n`);
  process.stderr.write('usage: node check.js CALLS.jsonl [--exceptions FILE] [--tzdata VERSION]\n');
  process.exit(2);
}

function parseArgs(argv) {
  const args = { calls: null, exceptions: null, tzdata: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--exceptions' || a === '--tzdata') {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      args[a.slice(2)] = argv[++i];
    } else if (a.startsWith('--exceptions=')) {
      args.exceptions = a.slice('--exceptions='.length);
    } else if (a.startsWith('--tzdata=')) {
      args.tzdata = a.slice('--tzdata='.length);
    } else if (a === '-h' || a === '--help') {
      usage();
    } else if (a.startsWith('--')) {
      usage(`unknown flag ${a}`);
    } else if (args.calls === null) {
      args.calls = a;
    } else {
      usage(`unexpected argument ${a}`);
    }
  }
  if (args.calls === null) usage('missing CALLS.jsonl');
  return args;
}

function unreadable(msg) {
  process.stderr.write(`check.js: ${msg}\n`);
  process.exit(2);
}

// Deep equality of JSON values; object key order does not matter.
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || typeof a !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !deepEqual(a[k], b[k])) return false;
  }
  return true;
}

// RANDOM_TRIES bounds the parses tried for a call whose answer is random
// per parse; the H scenarios have at most 12 answers, each drawn with
// probability about 1/12 or more, so missing one in 5,000 tries is ~1e-189.
const RANDOM_TRIES = 5000;

function randomPerParse(c) {
  const task = c.input && c.input.task;
  return (
    c.op === 'v1.compute_next_run' &&
    task && task.schedule_type === 'cron' && typeof task.schedule_value === 'string' && task.schedule_value.includes('H')
  );
}

function globToRegExp(glob) {
  const body = glob.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${body}$`, 's');
}

function loadExceptions(file) {
  if (!file) return [];
  let data;
  try {
    data = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    unreadable(`cannot read exceptions ${file}: ${e.message}`);
  }
  if (!Array.isArray(data)) unreadable(`${file}: must be a JSON array`);
  return data.map((x, i) => {
    if (!x || typeof x !== 'object' || typeof x.id !== 'string' || !x.id || typeof x.reason !== 'string' || !x.reason.trim()) {
      unreadable(`${file}: entry ${i} must be {"id": "<id or glob>", "reason": "<non-empty>"}`);
    }
    return { id: x.id, reason: x.reason, re: globToRegExp(x.id), matched: 0, agreed: [] };
  });
}

function loadCalls(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    unreadable(`cannot read ${file}: ${e.message}`);
  }
  const calls = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    let c;
    try {
      c = JSON.parse(line);
    } catch (e) {
      unreadable(`${file}:${i + 1}: not JSON: ${e.message}`);
    }
    const where = `${file}:${i + 1}`;
    if (!c || typeof c !== 'object' || Array.isArray(c)) unreadable(`${where}: not a JSON object`);
    if (typeof c.id !== 'string' || !c.id) unreadable(`${where}: missing "id"`);
    if (typeof c.op !== 'string' || !c.op) unreadable(`${where}: missing "op"`);
    if (!('input' in c)) unreadable(`${where}: missing "input"`);
    const hasOut = Object.prototype.hasOwnProperty.call(c, 'output');
    const hasErr = Object.prototype.hasOwnProperty.call(c, 'error');
    if (hasOut === hasErr) unreadable(`${where}: needs exactly one of "output" and "error"`);
    if (hasErr && (!c.error || typeof c.error !== 'object' || typeof c.error.code !== 'string')) {
      unreadable(`${where}: "error" must be {"code": "…", "message": "…"}`);
    }
    calls.push({ line: i + 1, ...c });
  }
  return calls;
}

function show(result) {
  return result.error ? JSON.stringify({ error: result.error }) : JSON.stringify({ output: result.output });
}

function agrees(js, go) {
  if (go.error) return !!js.error && js.error.code === go.error.code;
  return !js.error && deepEqual(js.output, go.output);
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const v = oracle.versions();
  process.stdout.write(
    `oracle versions: node ${v.node}, ICU ${v.icu}, tzdata ${v.tzdata}, cron-parser ${v.cron_parser} (luxon ${v.luxon})\n`,
  );
  let setupFailed = false;
  if (args.tzdata !== null && args.tzdata !== v.tzdata) {
    process.stdout.write(`oracle: tzdata mismatch: expected ${args.tzdata}, this Node has ${v.tzdata}\n`);
    setupFailed = true;
  }
  if (v.cron_parser !== EXPECTED_CRON_PARSER) {
    process.stdout.write(
      `oracle: cron-parser ${v.cron_parser} installed, v1 pinned ${EXPECTED_CRON_PARSER} (run: npm ci --prefix oracle/js)\n`,
    );
    setupFailed = true;
  }
  if (setupFailed) process.exit(1);

  const exceptions = loadExceptions(args.exceptions);
  const calls = loadCalls(args.calls);

  let passed = 0;
  let failed = 0;
  let excepted = 0;
  for (const c of calls) {
    let js = oracle.call(c.op, c.input);
    const go = c.error !== undefined ? { error: c.error } : { output: c.output };
    let ok = agrees(js, go);
    // v1 gave cron-parser no hashSeed, so an expression with H is seeded
    // with Math.random on every parse and v1's answer is random: the
    // reference's answer agrees when it is one v1 gives on some parse.
    for (let i = 0; !ok && randomPerParse(c) && i < RANDOM_TRIES; i++) {
      js = oracle.call(c.op, c.input);
      ok = agrees(js, go);
    }
    const covering = exceptions.filter((x) => x.re.test(c.id));
    for (const x of covering) {
      x.matched++;
      if (ok) x.agreed.push(c.id);
    }
    if (ok) {
      passed++;
      continue;
    }
    const tag = covering.length ? `EXCEPTED (${covering[0].reason})` : 'FAIL';
    if (covering.length) excepted++;
    else failed++;
    process.stdout.write(
      `${tag} ${c.id} ${c.op} input=${JSON.stringify(c.input)} js=${show(js)} go=${show(go)}\n`,
    );
  }

  let stale = 0;
  for (const x of exceptions) {
    if (x.matched === 0) {
      stale++;
      process.stdout.write(`STALE exception ${JSON.stringify(x.id)}: matches no call (remove it)\n`);
    } else if (x.agreed.length) {
      stale++;
      const some = x.agreed.slice(0, 5).join(', ') + (x.agreed.length > 5 ? `, … (${x.agreed.length})` : '');
      process.stdout.write(
        `STALE exception ${JSON.stringify(x.id)}: JS and Go agree on ${some} (narrow or remove it)\n`,
      );
    }
  }

  process.stdout.write(`oracle: ${passed} passed, ${failed} failed, ${excepted} excepted\n`);
  process.exit(failed > 0 || stale > 0 ? 1 : 0);
}

main();

#!/usr/bin/env node
// Run clockspec's call corpus (goldens/) against an implementation, without
// conform, in Node's standard library alone (no npm package).
//
// It reads goldens/index.json (the manifest: every scenario's profile, tier,
// operations and file), starts the implementation as a subprocess speaking
// the kit's protocol (docs/protocol.md: JSON Lines, hello first), sends each
// call's input text as the corpus holds it, compares each answer as
// docs/vectors.md says (canonical JSON, numbers as exact decimals, the
// scenario's open points left out), and prints passed, failed and skipped
// scenarios per profile and tier.
//
//   node run.js --impl 'python3 my_impl.py' [--profile timestamps] [--run 'v1/**'] [--goldens DIR]
//   node run.js --profile v1 -- node my-impl/main.js
//
// Exit status: 0 when every required scenario it ran passed, 1 otherwise (or
// when it ran none), 2 on bad usage.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const FORMAT = 'clockspec-vectors/1';
const TIERS = ['required', 'recommended', 'decision', 'extension'];
const PLACEHOLDERS = ['state_file', 'state_file_b', 'state_file_target'];
const SHOWN_FAILURES = 10;
// docs/protocol.md: an answer is one line of at most 1 MiB; a longer one is a
// protocol error, and reading stops there (nothing an implementation writes
// can make the runner hold more).
const MAX_LINE = 1 << 20;

class UsageError extends Error {}
class ImplementationFault extends Error {}

// --- JSON with exact numbers ---------------------------------------------------
// JSON.parse turns every number into a float64 (3652424.9999884259 becomes
// …258, 10.0000000000000001 becomes 10): this reader keeps each number as an
// exact decimal (an ExactNumber) and says where a value ends, so a corpus
// line's input text can be cut out and sent as it stands.

class ExactNumber {
  // key is the same for two spellings of one value: 2.50, 2.5 and 25e-1.
  constructor(text) {
    const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
    let digits = (m[2] + (m[3] || '')).replace(/^0+/, '');
    let exp = BigInt(m[4] || 0) - BigInt((m[3] || '').length);
    const trailing = digits.length - digits.replace(/0+$/, '').length;
    digits = digits.slice(0, digits.length - trailing);
    exp += BigInt(trailing);
    this.text = text;
    this.key = digits === '' ? '0' : `${m[1]}${digits}e${exp}`;
  }
}

function parseJSON(text, start = 0) {
  let i = start;
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = () => {
    space();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    for (const [word, v] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const n = m.exec(text);
    if (!n) fail('not a JSON value');
    i += n[0].length;
    return new ExactNumber(n[0]);
  };
  const string = () => {
    const m = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
    m.lastIndex = i;
    const s = m.exec(text);
    if (!s) fail('not a JSON string');
    i += s[0].length;
    return JSON.parse(s[0]); // a string alone: JSON.parse is exact for it
  };
  const object = () => {
    const out = {};
    i++;
    space();
    if (text[i] === '}') return i++, out;
    for (;;) {
      space();
      if (text[i] !== '"') fail('want a key');
      const k = string();
      space();
      if (text[i++] !== ':') fail('want ":"');
      Object.defineProperty(out, k, { value: value(), enumerable: true, writable: true, configurable: true });
      space();
      const c = text[i++];
      if (c === '}') return out;
      if (c !== ',') fail('want "," or "}"');
    }
  };
  const array = () => {
    const out = [];
    i++;
    space();
    if (text[i] === ']') return i++, out;
    for (;;) {
      out.push(value());
      space();
      const c = text[i++];
      if (c === ']') return out;
      if (c !== ',') fail('want "," or "]"');
    }
  };
  const v = value();
  return { value: v, end: i };
}

// exact parses a whole text as one JSON value.
function exact(text) {
  const { value, end } = parseJSON(text);
  if (text.slice(end).trim() !== '') throw new SyntaxError(`text after the JSON value at offset ${end}`);
  return value;
}

// --- comparing answers (docs/vectors.md, "Comparing an answer") ---------------

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof ExactNumber);

function same(a, b) {
  if (a instanceof ExactNumber || b instanceof ExactNumber) {
    return a instanceof ExactNumber && b instanceof ExactNumber && a.key === b.key;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, k) => same(x, b[k]));
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return ka.length === kb.length && ka.every((k, n) => k === kb[n] && same(a[k], b[k]));
  }
  return a === b; // strings, true, false, null
}

// without is value with the open point at a dotted path left out (an array
// element becomes null, so later indexes keep their place).
function without(value, dotted) {
  const [key, ...restParts] = dotted.split('.');
  const rest = restParts.join('.');
  if (isObject(value) && Object.prototype.hasOwnProperty.call(value, key)) {
    const copy = { ...value };
    if (rest) copy[key] = without(copy[key], rest);
    else delete copy[key];
    return copy;
  }
  if (Array.isArray(value) && /^\d+$/.test(key) && Number(key) < value.length) {
    const copy = value.slice();
    copy[Number(key)] = rest ? without(copy[Number(key)], rest) : null;
    return copy;
  }
  return value;
}

const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

function passes(got, want, open) {
  if (has(got, 'output') !== has(want, 'output')) return open.outcome === true;
  if (has(want, 'error') && open.code === true) return true;
  return same(...compared(got, want, open));
}

const ABSENT = Symbol('absent'); // a member one side does not have

// compared is got and want as passes() compares them: an error by its
// code, an output without its open fields.
function compared(got, want, open) {
  if (has(got, 'output') && has(want, 'output')) {
    let g = got.output;
    let w = want.output;
    for (const p of open.fields || []) {
      g = without(g, p);
      w = without(w, p);
    }
    return [{ output: g }, { output: w }];
  }
  if (has(got, 'error') && has(want, 'error')) {
    return [{ error: { code: has(got.error, 'code') ? got.error.code : ABSENT } }, { error: { code: want.error.code } }];
  }
  return [got, want];
}

// firstDifference is the JSON pointer (RFC 6901) of the first member where
// got and want differ, with want's and got's values there; null when they
// are the same.
function firstDifference(got, want, pointer = '') {
  if (isObject(got) && isObject(want)) {
    const keys = [...Object.keys(want), ...Object.keys(got).filter((k) => !has(want, k))];
    for (const k of keys) {
      const d = firstDifference(has(got, k) ? got[k] : ABSENT, has(want, k) ? want[k] : ABSENT,
        `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      if (d) return d;
    }
    return null;
  }
  if (Array.isArray(got) && Array.isArray(want)) {
    for (let i = 0; i < Math.max(got.length, want.length); i++) {
      const d = firstDifference(i < got.length ? got[i] : ABSENT, i < want.length ? want[i] : ABSENT, `${pointer}/${i}`);
      if (d) return d;
    }
    return null;
  }
  if (got !== ABSENT && want !== ABSENT && same(got, want)) return null;
  return { pointer, want, got };
}

// shown is a value as the terminal shows it: compact JSON, numbers as written.
function shown(value) {
  if (value === ABSENT) return '(absent)';
  if (value instanceof ExactNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(shown).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${shown(value[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

// differenceLine is "differs at POINTER: want X, got Y" for a failing answer.
function differenceLine(got, want, open) {
  const d = firstDifference(...compared(got, want, open));
  return d ? `\n  differs at ${d.pointer || '/'}: want ${clip(shown(d.want), 200)}, got ${clip(shown(d.got), 200)}` : '';
}

// --- the corpus -----------------------------------------------------------------

function readManifest(goldens) {
  const file = path.join(goldens, 'index.json');
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`--goldens ${goldens}: cannot read the manifest index.json (${e.code || e.message})`);
  }
  if (manifest.format !== FORMAT) {
    throw new UsageError(`${file} is in format ${JSON.stringify(manifest.format)}; this runner reads ${JSON.stringify(FORMAT)}`);
  }
  return manifest;
}

// readCalls returns the scenario's calls: op, the input text as stored, the
// stored answer, its open points and the answer's text.
function readCalls(goldens, scenario) {
  const lines = fs.readFileSync(path.join(goldens, scenario.file), 'utf8').split('\n').filter((l) => l !== '');
  return lines.map((line) => {
    // The input's text as it stands: "op" (a plain name) comes first.
    const start = line.indexOf('"input":') + '"input":'.length;
    const { end } = parseJSON(line, start);
    const call = exact(line);
    const want = {};
    for (const k of ['output', 'error']) if (has(call, k)) want[k] = call[k];
    return { op: call.op, text: line.slice(start, end), want, open: call.open || {}, wantText: '{' + line.slice(end + 1) };
  });
}

function withStateFiles(text, folder) {
  for (const name of PLACEHOLDERS) {
    text = text.split(`"\${${name}}"`).join(JSON.stringify(path.join(folder, name, 'clock-state.json')));
  }
  return text;
}

// --- the implementation (docs/protocol.md, "Subprocess form") --------------------

class Implementation {
  constructor(argv, timeout) {
    this.argv = argv;
    this.timeout = timeout;
    this.nextId = 0;
    this.lines = [];
    this.waiting = null;
    this.closed = false;
    // detached: a process group of its own, so stop() ends whatever it
    // started too.
    this.proc = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
    this.proc.on('error', (e) => this.close(`cannot start ${argv.join(' ')}: ${e.message}`));
    this.proc.stdin.on('error', () => {}); // a closed stdin shows as a closed stdout
    let parts = []; // the line so far, as bytes: it is decoded once whole
    let held = 0;
    this.proc.stdout.on('data', (chunk) => {
      let nl;
      while ((nl = chunk.indexOf(0x0a)) >= 0) {
        parts.push(chunk.subarray(0, nl));
        chunk = chunk.subarray(nl + 1);
        let bytes = Buffer.concat(parts);
        parts = [];
        held = 0;
        if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
        if (bytes.length > MAX_LINE) return this.overlong();
        const line = bytes.toString('utf8');
        if (line.trim() !== '') this.deliver(line);
      }
      parts.push(chunk);
      held += chunk.length;
      if (held > MAX_LINE + 1) this.overlong(); // + 1: the "\r" of a "\r\n" still to come
    });
    this.proc.stdout.on('end', () => this.close('crashed: it closed its stdout'));
    // A helper it started may hold its stdout open: its exit, not the end of
    // stdout, says it is gone (after a moment for its last lines).
    this.proc.on('exit', (code, signal) => {
      setTimeout(() => this.close(`crashed: it exited (${signal ? `signal ${signal}` : `exit status ${code}`}) without an answer`), 200);
    });
  }

  // overlong stops reading an implementation that wrote a line over
  // MAX_LINE bytes: its call fails with a protocol error.
  overlong() {
    this.proc.stdout.removeAllListeners('data');
    this.proc.stdout.destroy();
    this.close(`protocol error: an answer line over ${MAX_LINE} bytes (1 MiB)`);
  }

  deliver(line) {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w(line);
    } else this.lines.push(line);
  }

  close(why) {
    if (this.closed) return;
    this.closed = why;
    if (this.waiting) this.deliver(null);
  }

  nextLine(timeout) {
    if (this.lines.length) return Promise.resolve(this.lines.shift());
    if (this.closed) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve(undefined);
      }, timeout * 1000);
      this.waiting = (line) => {
        clearTimeout(timer);
        resolve(line);
      };
    });
  }

  // call sends one request and returns its answer ({output} or {error}).
  async call(op, inputText, timeout = this.timeout) {
    const id = String(++this.nextId);
    if (!this.closed) this.proc.stdin.write(`{"id":${JSON.stringify(id)},"op":${JSON.stringify(op)},"input":${inputText}}\n`);
    const line = await this.nextLine(timeout);
    if (line === undefined) throw new ImplementationFault(`timed out: no answer within ${timeout} s (is every line flushed?)`);
    if (line === null) throw new ImplementationFault(this.closed);
    let answer;
    try {
      answer = exact(line);
    } catch {
      throw new ImplementationFault(`protocol error: the answer is not JSON: ${JSON.stringify(line.slice(0, 200))}`);
    }
    if (!isObject(answer) || answer.id !== id || has(answer, 'output') === has(answer, 'error') ||
        (has(answer, 'error') && !isObject(answer.error))) {
      throw new ImplementationFault(`protocol error: want id ${id} and one of output and error: ${JSON.stringify(line.slice(0, 200))}`);
    }
    this.lastLine = line.trim();
    const out = {};
    for (const k of ['output', 'error']) if (has(answer, k)) out[k] = answer[k];
    return out;
  }

  // stop closes its stdin, gives it 2 s to exit, then kills its whole
  // process group (a wrapper's children too).
  async stop() {
    if (this.proc.pid === undefined) return; // it never started
    if (this.proc.exitCode === null && this.proc.signalCode === null) {
      const exited = new Promise((resolve) => this.proc.once('exit', resolve));
      this.proc.stdin.end();
      let timer;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
    }
    try {
      process.kill(-this.proc.pid, 'SIGKILL');
    } catch {
      // nothing of the group is left, or there are no groups (Windows)
      if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
    }
  }
}

// --- the run --------------------------------------------------------------------

class Run {
  constructor(argv, goldens, timeout) {
    Object.assign(this, { argv, goldens, timeout, impl: null, counts: new Map(), failures: [] });
  }

  // offered is the set of operations the implementation's hello lists
  // (starting it if it is not running).
  async offered() {
    if (!this.impl) {
      this.impl = new Implementation(this.argv, this.timeout);
      this.impl.hello = await this.impl.call('hello', '{"protocol":"1"}', 15);
    }
    const ops = this.impl.hello.output && this.impl.hello.output.operations;
    return new Set(Array.isArray(ops) ? ops : []);
  }

  count(scenario, verdict) {
    const key = `${scenario.profile}\t${scenario.tier}`;
    if (!this.counts.has(key)) this.counts.set(key, { passed: 0, failed: 0, skipped: 0 });
    this.counts.get(key)[verdict]++;
  }

  async scenario(scenario, offered) {
    // What the corpus cannot replay (a state file prepared first) or the
    // implementation does not offer is skipped, never failed.
    if (scenario.setup || !scenario.operations.every((op) => offered.has(op))) return this.count(scenario, 'skipped');
    const calls = readCalls(this.goldens, scenario);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clockspec-vectors-'));
    try {
      for (const [n, c] of calls.entries()) {
        const text = withStateFiles(c.text, folder);
        let got;
        try {
          got = await this.impl.call(c.op, text);
        } catch (e) {
          if (!(e instanceof ImplementationFault)) throw e;
          await this.impl.stop();
          this.impl = null; // a fresh process for the next scenario
          return this.fail(scenario, n + 1, calls.length, c, text, e.message);
        }
        if (!passes(got, c.want, c.open)) {
          return this.fail(scenario, n + 1, calls.length, c, text, this.impl.lastLine, differenceLine(got, c.want, c.open));
        }
      }
      this.count(scenario, 'passed');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  fail(scenario, n, total, c, text, got, difference = '') {
    this.count(scenario, 'failed');
    this.failures.push(`FAIL [${scenario.tier}] ${scenario.id} call ${n} of ${total}: ${c.op} ${clip(text)}\n  want ${clip(c.wantText)}\n  got  ${clip(got)}${difference}`);
  }
}

// clip shortens text for the terminal: a 512 KiB input is not printed whole.
function clip(text, limit = 500) {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length} characters)`;
}

function report(run) {
  const out = [`${'PROFILE'.padEnd(16)}${'TIER'.padEnd(13)}${'PASSED'.padStart(7)}${'FAILED'.padStart(7)}${'SKIPPED'.padStart(8)}`];
  const keys = [...run.counts.keys()].map((k) => k.split('\t'));
  keys.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : TIERS.indexOf(a[1]) - TIERS.indexOf(b[1])));
  for (const [profile, tier] of keys) {
    const c = run.counts.get(`${profile}\t${tier}`);
    out.push(`${profile.padEnd(16)}${tier.padEnd(13)}${String(c.passed).padStart(7)}${String(c.failed).padStart(7)}${String(c.skipped).padStart(8)}`);
  }
  out.push(...run.failures.slice(0, SHOWN_FAILURES));
  if (run.failures.length > SHOWN_FAILURES) out.push(`… and ${run.failures.length - SHOWN_FAILURES} more failing scenarios`);
  console.log(out.join('\n'));
}

// splitCommand splits --impl as a shell would for the simple cases (spaces,
// single and double quotes, backslashes), and refuses what it cannot read.
function splitCommand(s) {
  const words = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < s.length) word += s[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word = word || '';
    } else if (c === '\\' && i + 1 < s.length) {
      word = (word || '') + s[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else word = (word || '') + c;
  }
  if (quote) throw new UsageError(`--impl: no closing ${quote}`);
  if (word !== null) words.push(word);
  return words;
}

const USAGE = `usage: node run.js (--impl 'CMD ARGS' | -- CMD ARGS) [--profile P]... [--run PATTERN]... [--goldens DIR] [--timeout S]
  --impl     the implementation's command line, split as a shell would
  --profile  only this profile's scenarios (repeatable)
  --run      only scenarios whose id matches PATTERN (repeatable, comma-separated;
             * within a segment, ** across segments)
  --goldens  the corpus folder (default: the repository's goldens/)
  --timeout  seconds to wait for each answer (default 5)`;

function parseArgs(args) {
  const opts = { profiles: [], runs: [], goldens: path.join(__dirname, '..', '..', 'goldens'), timeout: 5, argv: [] };
  const dash = args.indexOf('--');
  const own = dash >= 0 ? args.slice(0, dash) : args;
  const rest = dash >= 0 ? args.slice(dash + 1) : [];
  let impl = null;
  for (let i = 0; i < own.length; i++) {
    const flag = own[i];
    if (flag === '-h' || flag === '--help') {
      console.log(USAGE);
      process.exit(0);
    }
    if (!['--impl', '--profile', '--run', '--goldens', '--timeout'].includes(flag)) throw new UsageError(`unknown argument ${JSON.stringify(flag)}`);
    if (i + 1 >= own.length) throw new UsageError(`${flag} needs a value`);
    const v = own[++i];
    if (flag === '--impl') impl = v;
    if (flag === '--profile') opts.profiles.push(v);
    if (flag === '--run') opts.runs.push(...v.split(',').filter((p) => p !== ''));
    if (flag === '--goldens') opts.goldens = v;
    if (flag === '--timeout') {
      opts.timeout = Number(v);
      if (!(opts.timeout > 0)) throw new UsageError(`--timeout ${v}: want a number of seconds above 0`);
    }
  }
  if ((impl !== null) === (rest.length > 0)) throw new UsageError("name the implementation once: --impl 'CMD ARGS' or -- CMD ARGS");
  opts.argv = impl !== null ? splitCommand(impl) : rest;
  if (opts.argv.length === 0) throw new UsageError('--impl is empty');
  return opts;
}

// idMatches reads conform's --run patterns: segments split at "/", * and ?
// within a segment, a whole segment ** for any number of segments.
function idMatches(pattern, id) {
  const pat = pattern.split('/');
  const ids = id.split('/');
  const segment = pat.map((s) => new RegExp('^' + [...s].map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c.replace(/[\\^$.|+(){}[\]]/g, '\\$&'))).join('') + '$', 'u'));
  const seen = new Map();
  const match = (i, j) => {
    const key = `${i},${j}`;
    if (!seen.has(key)) {
      let m;
      if (i === pat.length) m = j === ids.length;
      else if (pat[i] === '**') {
        m = false;
        for (let k = j; k <= ids.length && !m; k++) m = match(i + 1, k);
      } else m = j < ids.length && segment[i].test(ids[j]) && match(i + 1, j + 1);
      seen.set(key, m);
    }
    return seen.get(key);
  };
  return match(0, 0);
}

function selected(scenario, opts) {
  return (opts.profiles.length === 0 || opts.profiles.includes(scenario.profile)) &&
    (opts.runs.length === 0 || opts.runs.some((p) => idMatches(p, scenario.id)));
}

async function main(args) {
  let opts;
  let manifest;
  try {
    opts = parseArgs(args);
    manifest = readManifest(opts.goldens);
    const profiles = [...new Set(manifest.scenarios.map((s) => s.profile))].sort();
    const unknown = opts.profiles.filter((p) => !profiles.includes(p));
    if (unknown.length) throw new UsageError(`--profile ${unknown.join(', ')}: the corpus has ${profiles.join(', ')}`);
    if (!manifest.scenarios.some((s) => selected(s, opts))) {
      throw new UsageError(`--run ${opts.runs.join(',')}: no scenario of the selected profiles has a matching id`);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`run.js: ${e.message}\n${USAGE}`);
    return 2;
  }
  const run = new Run(opts.argv, opts.goldens, opts.timeout);
  try {
    for (const scenario of manifest.scenarios) {
      if (selected(scenario, opts)) await run.scenario(scenario, await run.offered());
    }
  } catch (e) {
    if (!(e instanceof ImplementationFault)) throw e;
    console.error(`run.js: the implementation cannot run: ${e.message}`);
    return 1;
  } finally {
    if (run.impl) await run.impl.stop();
  }
  report(run);
  let ran = 0;
  let requiredFailed = 0;
  for (const [key, c] of run.counts) {
    ran += c.passed + c.failed;
    if (key.endsWith('\trequired')) requiredFailed += c.failed;
  }
  if (ran === 0) {
    console.log("ran no scenario: the implementation offers none of the selected scenarios' operations");
    return 1;
  }
  console.log(`required: ${requiredFailed === 0 ? 'all passed' : `${requiredFailed} failed`} (${ran} scenarios ran)`);
  return requiredFailed === 0 ? 0 : 1;
}

module.exports = { exact, passes, parseJSON, idMatches, differenceLine };

if (require.main === module) {
  // process.exit drops what stdout has not yet written to a pipe: the exit
  // waits for an empty write, queued behind the report.
  main(process.argv.slice(2)).then((code) => process.stdout.write('', () => process.exit(code)), (e) => {
    console.error(`run.js: ${e.stack || e}`);
    process.exit(1);
  });
}

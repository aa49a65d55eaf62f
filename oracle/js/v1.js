'use strict';
// The v1 oracle: NanoClaw v1's formatting, trigger and scheduling code,
// reconstructed in plain JavaScript so that it computes exactly what v1
// computed on Node 20 with cron-parser 5.5.0 (see the restored v1 behaviour, V1-RESTORED.md,
// and spec/v1/operations.yaml).
//
// Rules of this file:
//   * The v1 functions (escapeXml ... computeNextRun) are transcribed from
//     v1's TypeScript; only types are removed. Do not "improve" them: where v1
//     was odd, the oracle must be odd in the same way.
//   * Nothing reads the clock or the environment: `now`, the time zones,
//     ASSISTANT_NAME and the environment values are fields of the input.
//   * `call(op, input)` returns {output} or {error: {code, message}}; it never
//     throws.

const { CronExpressionParser } = require('cron-parser');

// ---------------------------------------------------------------------------
// v1 code (src/v1/router.ts, timezone.ts, config.ts, group-folder.ts,
// task-scheduler.ts), transcribed.

function escapeXml(s) {
  if (!s) return '';
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function isValidTimezoneV1(tz) {
  try {
    Intl.DateTimeFormat(undefined, { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// isValidTimezone is a pure function of its string: memoised, because building
// an Intl.DateTimeFormat costs ~0.1 ms and every formatted time calls it.
const validTimezoneMemo = new Map();
function isValidTimezone(tz) {
  if (typeof tz !== 'string') return isValidTimezoneV1(tz);
  let v = validTimezoneMemo.get(tz);
  if (v === undefined) {
    v = isValidTimezoneV1(tz);
    if (validTimezoneMemo.size < 100000) validTimezoneMemo.set(tz, v);
  }
  return v;
}

function resolveTimezone(tz) {
  return isValidTimezone(tz) ? tz : 'UTC';
}

function formatLocalTime(utcIso, timezone) {
  const date = new Date(utcIso);
  return date.toLocaleString('en-US', {
    timeZone: resolveTimezone(timezone),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
}

function formatMessages(messages, timezone) {
  const lines = messages.map((m) => {
    const displayTime = formatLocalTime(m.timestamp, timezone);
    const replyAttr = m.reply_to_message_id
      ? ` reply_to="${escapeXml(m.reply_to_message_id)}"`
      : '';
    const replySnippet =
      m.reply_to_message_content && m.reply_to_sender_name
        ? `\n  <quoted_message from="${escapeXml(m.reply_to_sender_name)}">${escapeXml(m.reply_to_message_content)}</quoted_message>`
        : '';
    return `<message sender="${escapeXml(m.sender_name)}" time="${escapeXml(displayTime)}"${replyAttr}>${replySnippet}${escapeXml(m.content)}</message>`;
  });
  const header = `<context timezone="${escapeXml(timezone)}" />\n`;
  return `${header}<messages>\n${lines.join('\n')}\n</messages>`;
}

function stripInternalTags(text) {
  return text.replace(/<internal>[\s\S]*?<\/internal>/g, '').trim();
}

function formatOutbound(rawText) {
  const text = stripInternalTags(rawText);
  if (!text) return '';
  return text;
}

function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function buildTriggerPattern(trigger) {
  return new RegExp(`^${escapeRegex(trigger.trim())}\\b`, 'i');
}

// v1: ASSISTANT_NAME = process.env.ASSISTANT_NAME || envConfig.ASSISTANT_NAME || 'Andy'
function assistantNameOf(name) {
  return name || 'Andy';
}

function defaultTrigger(assistantName) {
  return `@${assistantNameOf(assistantName)}`;
}

function getTriggerPattern(trigger, assistantName) {
  const normalizedTrigger = trigger?.trim();
  return buildTriggerPattern(normalizedTrigger || defaultTrigger(assistantName));
}

// The trigger text getTriggerPattern looks for (what buildTriggerPattern escapes).
function effectiveTrigger(trigger, assistantName) {
  const normalizedTrigger = trigger?.trim();
  return (normalizedTrigger || defaultTrigger(assistantName)).trim();
}

// v1 message loop: main groups and requiresTrigger === false always process;
// otherwise some message's trimmed content must match the group's trigger.
function shouldProcess(isMainGroup, group, messages, assistantName) {
  if (isMainGroup || group.requiresTrigger === false) return true;
  const triggerPattern = getTriggerPattern(group.trigger, assistantName);
  return messages.some((m) => triggerPattern.test(m.content.trim()));
}

const GROUP_FOLDER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const RESERVED_FOLDERS = new Set(['global']);

function isValidGroupFolder(folder) {
  if (!folder) return false;
  if (folder !== folder.trim()) return false;
  if (!GROUP_FOLDER_PATTERN.test(folder)) return false;
  if (folder.includes('/') || folder.includes('\\')) return false;
  if (folder.includes('..')) return false;
  if (RESERVED_FOLDERS.has(folder.toLowerCase())) return false;
  return true;
}

// v1 resolveConfigTimezone, with its three candidates as arguments.
function resolveConfigTimezone(envTz, dotenvTz, systemTz) {
  const candidates = [
    ['env', envTz],
    ['dotenv', dotenvTz],
    ['system', systemTz],
  ];
  for (const [source, tz] of candidates) {
    if (tz && isValidTimezone(tz)) return { timezone: tz, source };
  }
  return { timezone: 'UTC', source: 'default' };
}

// v1 computeNextRun, with `now` (epoch ms) and TIMEZONE as arguments.
// Throws like v1 did; the caller maps the exceptions to error codes.
function computeNextRun(task, now, TIMEZONE) {
  if (task.schedule_type === 'once') return null;

  if (task.schedule_type === 'cron') {
    // v1 passed no currentDate: cron-parser then starts from DateTime.local()
    // set to tz, i.e. the instant Date.now(). Passing the same instant as a
    // Date gives the same start (milliseconds included).
    let interval;
    try {
      interval = CronExpressionParser.parse(task.schedule_value, {
        tz: TIMEZONE,
        currentDate: new Date(now),
      });
    } catch (e) {
      throw tagged(e, 'parse');
    }
    let next;
    try {
      next = interval.next();
    } catch (e) {
      throw tagged(e, 'next');
    }
    return next.toISOString();
  }

  if (task.schedule_type === 'interval') {
    const ms = parseInt(task.schedule_value, 10);
    if (!ms || ms <= 0) {
      return new Date(now + 60_000).toISOString();
    }
    let next = new Date(task.next_run).getTime() + ms;
    next = skipPast(next, ms, now);
    return new Date(next).toISOString(); // RangeError when next is NaN or out of range
  }

  return null;
}

// v1: `while (next <= now) next += ms;` — computed in one step when every
// number is a safe integer (then both are exact and equal), literally
// otherwise (then ms is so large, or next so odd, that the loop is short or
// never entered: NaN and Infinity end it at once).
function skipPast(next, ms, now) {
  if (!(next <= now)) return next;
  if (Number.isSafeInteger(next) && Number.isSafeInteger(ms) && Number.isSafeInteger(now)) {
    const n = BigInt(next);
    const m = BigInt(ms);
    const k = (BigInt(now) - n) / m + 1n; // smallest k with next + k*ms > now
    const r = n + k * m;
    if (r <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(r);
    // Beyond 2^53 the literal loop would round; fall through and do it literally
    // (only reachable when ms is huge, so the loop is short).
  }
  let guard = 0;
  while (next <= now) {
    next += ms;
    if (++guard > 1e7) throw new Error('interval loop does not end');
  }
  return next;
}

function tagged(e, phase) {
  const err = e instanceof Error ? e : new Error(String(e));
  err.phase = phase;
  return err;
}

// ---------------------------------------------------------------------------
// The process time zone: `new Date(s)` reads a date-time without an offset as
// local time of the process. Node 20 honours a runtime change of
// process.env.TZ (it resets V8's date cache), so set it around the call.

function withProcessTimezone(tz, fn) {
  const had = Object.prototype.hasOwnProperty.call(process.env, 'TZ');
  const old = process.env.TZ;
  if (had && old === tz) return fn();
  process.env.TZ = tz;
  try {
    return fn();
  } finally {
    if (had) process.env.TZ = old;
    else delete process.env.TZ;
  }
}

// ---------------------------------------------------------------------------
// Input checking (invalid_input) — only the shapes the catalog names.

class InputError extends Error {}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function need(cond, message) {
  if (!cond) throw new InputError(message);
}

function reqString(obj, key, where = 'input') {
  need(typeof obj[key] === 'string', `${where}.${key} must be a string`);
  return obj[key];
}

// string, null or missing
function optStringOrNull(obj, key, where = 'input') {
  const v = obj[key];
  need(v === undefined || v === null || typeof v === 'string', `${where}.${key} must be a string or null`);
  return v;
}

function optString(obj, key, where = 'input') {
  const v = obj[key];
  need(v === undefined || typeof v === 'string', `${where}.${key} must be a string`);
  return v;
}

function processTimezoneOf(input) {
  const v = input.process_timezone;
  if (v === undefined) return 'UTC';
  need(typeof v === 'string', 'input.process_timezone must be a string');
  need(isValidTimezone(v), `input.process_timezone ${JSON.stringify(v)} is not a time zone`);
  return v;
}

// `now` must be a UTC ISO 8601 / RFC 3339 date-time with an offset.
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function parseNow(v) {
  need(typeof v === 'string', 'input.now must be a string');
  need(RFC3339.test(v), `input.now ${JSON.stringify(v)} is not an RFC 3339 date-time`);
  const t = new Date(v).getTime();
  need(!Number.isNaN(t), `input.now ${JSON.stringify(v)} is not a valid date-time`);
  return t;
}

function checkMessage(m, i) {
  const where = `input.messages[${i}]`;
  need(isObject(m), `${where} must be an object`);
  reqString(m, 'sender_name', where);
  reqString(m, 'content', where);
  reqString(m, 'timestamp', where);
  optStringOrNull(m, 'reply_to_message_id', where);
  optStringOrNull(m, 'reply_to_message_content', where);
  optStringOrNull(m, 'reply_to_sender_name', where);
}

// ---------------------------------------------------------------------------
// Operations.

const OPS = {
  'v1.escape_xml'(input) {
    const text = optStringOrNull(input, 'text');
    return { result: escapeXml(text) };
  },

  'v1.format_messages'(input) {
    need(Array.isArray(input.messages), 'input.messages must be an array');
    input.messages.forEach(checkMessage);
    const timezone = reqString(input, 'timezone');
    const ptz = processTimezoneOf(input);
    return { result: withProcessTimezone(ptz, () => formatMessages(input.messages, timezone)) };
  },

  'v1.strip_internal_tags'(input) {
    return { result: stripInternalTags(reqString(input, 'text')) };
  },

  'v1.format_outbound'(input) {
    return { result: formatOutbound(reqString(input, 'text')) };
  },

  'v1.format_local_time'(input) {
    const timestamp = reqString(input, 'timestamp');
    const timezone = reqString(input, 'timezone');
    const ptz = processTimezoneOf(input);
    return { result: withProcessTimezone(ptz, () => formatLocalTime(timestamp, timezone)) };
  },

  'v1.is_valid_timezone'(input) {
    return { valid: isValidTimezone(reqString(input, 'timezone')) };
  },

  'v1.resolve_timezone'(input) {
    return { timezone: resolveTimezone(reqString(input, 'timezone')) };
  },

  'v1.trigger_match'(input) {
    const content = reqString(input, 'content');
    const trigger = optStringOrNull(input, 'trigger');
    const name = optString(input, 'assistant_name');
    const pattern = getTriggerPattern(trigger, name);
    return { matched: pattern.test(content.trim()), trigger: effectiveTrigger(trigger, name) };
  },

  'v1.should_process'(input) {
    need(typeof input.is_main === 'boolean', 'input.is_main must be a boolean');
    const rt = input.requires_trigger;
    need(rt === undefined || rt === null || typeof rt === 'boolean', 'input.requires_trigger must be a boolean or null');
    const trigger = optStringOrNull(input, 'trigger');
    const name = optString(input, 'assistant_name');
    need(Array.isArray(input.messages), 'input.messages must be an array');
    input.messages.forEach((m, i) => {
      need(isObject(m), `input.messages[${i}] must be an object`);
      reqString(m, 'content', `input.messages[${i}]`);
    });
    const group = { requiresTrigger: rt === null ? undefined : rt, trigger: trigger === null ? undefined : trigger };
    return { process: shouldProcess(input.is_main, group, input.messages, name) };
  },

  'v1.compute_next_run'(input) {
    const task = input.task;
    need(isObject(task), 'input.task must be an object');
    need(['once', 'interval', 'cron'].includes(task.schedule_type), 'input.task.schedule_type must be once, interval or cron');
    reqString(task, 'schedule_value', 'input.task');
    optStringOrNull(task, 'next_run', 'input.task');
    const timezone = reqString(input, 'timezone');
    const ptz = processTimezoneOf(input);
    const now = withProcessTimezone(ptz, () => parseNow(input.now));
    try {
      return { next_run: withProcessTimezone(ptz, () => computeNextRun(task, now, timezone)) };
    } catch (e) {
      if (e instanceof InputError) throw e;
      const msg = e && e.message ? e.message : String(e);
      if (task.schedule_type === 'interval') {
        if (e instanceof RangeError) return fail('invalid_next_run', `next_run ${JSON.stringify(task.next_run)}: ${msg}`);
        return fail('invalid_next_run', msg);
      }
      // cron: cron-parser checks the expression first, then builds its
      // start date in tz; an unusable tz fails there with "CronDate:
      // unhandled timestamp" (the start instant itself is always valid here).
      if (e.phase === 'parse' && /^CronDate: unhandled timestamp/.test(msg)) {
        return fail('invalid_timezone', `cron-parser rejected time zone ${JSON.stringify(timezone)}: ${msg}`);
      }
      return fail('invalid_cron', `cron-parser (${e.phase || 'parse'}): ${msg}`);
    }
  },

  'v1.resolve_config_timezone'(input) {
    const env = optStringOrNull(input, 'env_tz');
    const dotenv = optStringOrNull(input, 'dotenv_tz');
    const system = optStringOrNull(input, 'system_tz');
    return resolveConfigTimezone(env, dotenv, system);
  },

  'v1.validate_group_folder'(input) {
    need(Object.prototype.hasOwnProperty.call(input, 'folder'), 'input.folder is required');
    const folder = optStringOrNull(input, 'folder');
    return { valid: isValidGroupFolder(folder) };
  },

  'v1.check_due_task'(input) {
    const task = input.task;
    need(isObject(task), 'input.task must be an object');
    const id = reqString(task, 'id', 'input.task');
    need(Object.prototype.hasOwnProperty.call(task, 'group_folder'), 'input.task.group_folder is required');
    const folder = optStringOrNull(task, 'group_folder', 'input.task');
    const status = optStringOrNull(task, 'status', 'input.task');
    // v1 only runs active tasks: getDueTasks selects status = 'active' and the
    // scheduler loop skips any task whose status is not 'active'.
    if (status !== undefined && status !== null && status !== 'active') {
      return { action: 'skip', status };
    }
    if (!isValidGroupFolder(folder)) {
      // v1 runTask: resolveGroupFolderPath throws `Invalid group folder "${folder}"`;
      // the task is paused and one run-log row is written.
      return {
        action: 'pause',
        status: 'paused',
        run_log: { task_id: id, status: 'error', result: null, error: `Invalid group folder "${folder}"` },
      };
    }
    return { action: 'run', status: 'active' };
  },
};

function fail(code, message) {
  return { __error: { code, message } };
}

const OPERATIONS = Object.keys(OPS);

function call(op, input) {
  if (!Object.prototype.hasOwnProperty.call(OPS, op)) {
    return { error: { code: 'unknown_operation', message: `unknown operation ${JSON.stringify(op)}` } };
  }
  if (!isObject(input)) {
    return { error: { code: 'invalid_input', message: 'input must be a JSON object' } };
  }
  try {
    const out = OPS[op](input);
    if (out && out.__error) return { error: out.__error };
    return { output: out };
  } catch (e) {
    if (e instanceof InputError) return { error: { code: 'invalid_input', message: e.message } };
    return { error: { code: 'internal', message: `oracle: unexpected ${e && e.name}: ${e && e.message}` } };
  }
}

function cronParserVersion() {
  try {
    const path = require('path');
    const fs = require('fs');
    const main = require.resolve('cron-parser');
    let dir = path.dirname(main);
    while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

function luxonVersion() {
  try {
    const path = require('path');
    const fs = require('fs');
    const p = require.resolve('luxon', { paths: [path.dirname(require.resolve('cron-parser'))] });
    let dir = path.dirname(p);
    while (!fs.existsSync(path.join(dir, 'package.json')) || !/"name":\s*"luxon"/.test(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))) dir = path.dirname(dir);
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

function versions() {
  return {
    node: process.versions.node,
    icu: process.versions.icu,
    tzdata: process.versions.tz,
    cron_parser: cronParserVersion(),
    luxon: luxonVersion(),
  };
}

module.exports = {
  call,
  OPERATIONS,
  versions,
  // the v1 functions, for probes and tests
  v1: {
    escapeXml,
    formatMessages,
    stripInternalTags,
    formatOutbound,
    formatLocalTime,
    isValidTimezone,
    resolveTimezone,
    buildTriggerPattern,
    getTriggerPattern,
    shouldProcess,
    isValidGroupFolder,
    resolveConfigTimezone,
    computeNextRun,
  },
};

// The PRD's two tools, datetime_math and datetime_format, in plain
// JavaScript: each takes the tool call's arguments (already a JS value) and
// answers { text, isError } — the compact JSON text a model receives, and
// whether it is the PRD's error object {"error":{"code","message"}}.
// Time zones come from Node's built-in Intl (its ICU tzdata), not a package.

const MATH_KEYS = ['operation', 'timestamp', 'left', 'right', 'target_timezone', 'years', 'months', 'days', 'hours', 'minutes', 'seconds'];
const FORMAT_KEYS = ['timestamp', 'style', 'target_timezone', 'locale'];
const SHIFT_UNITS = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'];
// Bounds: 10,000 years in each unit.
const SHIFT_BOUNDS = [10000, 120000, 3660000, 87840000, 5270400000, 316224000000];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TIMESTAMP_SHAPE = 'YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM)';

class ToolError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const fail = (code, message) => { throw new ToolError(code, message); };

/** Runs a tool: the answer text and isError, never an exception. */
export function callTool(name, args) {
  try {
    const out = name === 'datetime_math' ? datetimeMath(args) : datetimeFormat(args);
    return { text: out, isError: false };
  } catch (e) {
    const err = e instanceof ToolError ? e : new ToolError('internal_error', String(e && e.message));
    return { text: JSON.stringify({ error: { code: err.code, message: err.message } }), isError: true };
  }
}

// --- request decoding -------------------------------------------------------

function decodeObject(args, known) {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) fail('invalid_input', 'request must be a JSON object');
  for (const key of Object.keys(args)) {
    if (!known.includes(key)) fail('invalid_input', `unknown field ${JSON.stringify(key)} (fields are ${known.join(', ')})`);
  }
  return args;
}

// Absent, null and "" are not set.
function stringField(fields, name, code) {
  const v = fields[name];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') fail(code, `${name} must be a string`);
  return v;
}

// A whole number, or null when absent; beyond ±1e18 it is saturated so the
// bound check refuses it later, in its place in the error order.
function intField(fields, name) {
  const v = fields[name];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'number') fail('invalid_shift', `${name} must be a JSON number`);
  if (!Number.isFinite(v) || Math.abs(v) >= 1e18) return v < 0 ? -Infinity : Infinity;
  if (!Number.isInteger(v)) fail('invalid_shift', `${name} must be a whole number; use a smaller unit for fractions (e.g. minutes: 90 for 1.5 hours)`);
  return v;
}

// --- instants ---------------------------------------------------------------

// An instant is { sec, nsec, offset }: whole seconds since 1970 (UTC), the
// nanoseconds within the second, and the UTC offset (seconds) it is written in.

function daysFromCivil(y, m, d) {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(z) {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp + (mp < 10 ? 3 : -9);
  return { y: era * 400 + yoe + (m <= 2 ? 1 : 0), m, d };
}

const isLeap = (y) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
const daysIn = (y, m) => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

// The wall clock of an instant in its own offset.
function wall(t) {
  const local = t.sec + t.offset;
  const days = Math.floor(local / 86400);
  const s = local - days * 86400;
  const { y, m, d } = civilFromDays(days);
  return { y, m, d, hh: Math.floor(s / 3600), mm: Math.floor(s / 60) % 60, ss: s % 60, days };
}

function fromWall(y, m, d, hh, mm, ss, nsec, offset) {
  return { sec: daysFromCivil(y, m, d) * 86400 + hh * 3600 + mm * 60 + ss - offset, nsec, offset };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');

function digits(s) {
  return /^[0-9]+$/.test(s) ? Number(s) : NaN;
}

// RFC 3339 §5.6 and nothing else: T or t, Z or z, 1-9 fraction digits, an
// offset ±HH:MM within ±23:59.
function parseTimestamp(field, s) {
  const bad = (why) => fail('invalid_timestamp', `${field} must be an RFC 3339 date-time ${TIMESTAMP_SHAPE}: ${why}`);
  if (s.length < 19 || s[4] !== '-' || s[7] !== '-' || s[13] !== ':' || s[16] !== ':') bad('wrong shape');
  if (s[10] !== 'T' && s[10] !== 't') bad('date and time must be separated by T');
  const [y, mo, d, hh, mm, ss] = [s.slice(0, 4), s.slice(5, 7), s.slice(8, 10), s.slice(11, 13), s.slice(14, 16), s.slice(17, 19)].map(digits);
  if ([y, mo, d, hh, mm, ss].some(Number.isNaN)) bad('every field must be written with its full number of digits');
  if (mo < 1 || mo > 12) bad('month must be 01-12');
  if (d < 1 || d > daysIn(y, mo)) bad('day does not exist in that month');
  if (hh > 23) bad('hour must be 00-23');
  if (mm > 59) bad('minute must be 00-59');
  if (ss === 60) bad('leap seconds (:60) cannot be represented');
  if (ss > 59) bad('second must be 00-59');
  let rest = s.slice(19);
  let nsec = 0;
  if (rest[0] === '.') {
    const m = /^\.([0-9]*)/.exec(rest);
    if (m[1].length === 0) bad('a fraction needs at least one digit after the dot');
    if (m[1].length > 9) bad('at most 9 fractional digits (nanoseconds)');
    nsec = Number(m[1].padEnd(9, '0'));
    rest = rest.slice(m[0].length);
  }
  let offset = 0;
  if (rest === 'Z' || rest === 'z') {
    offset = 0;
  } else if (rest === '') {
    bad('missing UTC offset (Z or +HH:MM)');
  } else if (rest.length === 6 && (rest[0] === '+' || rest[0] === '-') && rest[3] === ':') {
    const oh = digits(rest.slice(1, 3));
    const om = digits(rest.slice(4, 6));
    if (Number.isNaN(oh) || Number.isNaN(om) || oh > 23 || om > 59) bad('offset must be +HH:MM or -HH:MM with HH 00-23 and MM 00-59');
    offset = (rest[0] === '-' ? -1 : 1) * (oh * 3600 + om * 60);
  } else {
    bad('offset must be Z, +HH:MM or -HH:MM and end the timestamp');
  }
  return fromWall(y, mo, d, hh, mm, ss, nsec, offset);
}

function formatOffset(offset) {
  const sign = offset < 0 ? '-' : '+';
  const a = Math.abs(offset);
  const h = Math.floor(a / 3600);
  const m = Math.floor(a / 60) % 60;
  const s = a % 60;
  return `${sign}${pad(h)}:${pad(m)}${s ? ':' + pad(s) : ''}`;
}

// Z for a zero offset; the fraction only when not zero, without trailing zeros.
function formatRFC3339(t) {
  const w = wall(t);
  const frac = t.nsec ? '.' + pad(t.nsec, 9).replace(/0+$/, '') : '';
  const zone = t.offset === 0 ? 'Z' : formatOffset(t.offset);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}T${pad(w.hh)}:${pad(w.mm)}:${pad(w.ss)}${frac}${zone}`;
}

function checkRFC3339(t, what) {
  const { y } = wall(t);
  if (y < 0 || y > 9999) fail('out_of_range', `${what} falls outside years 0000-9999, which RFC 3339 cannot write`);
  if (t.offset % 60 !== 0) fail('out_of_range', `${what} is in a UTC offset with seconds (${formatOffset(t.offset)}), which RFC 3339 cannot write`);
}

// --- time zones (Node's Intl) -----------------------------------------------

const ZONES = new Map(['UTC', ...Intl.supportedValuesOf('timeZone')].map((z) => [z.toLowerCase(), z]));

// An IANA name in any letter case, answered in its canonical spelling.
function resolveZone(name) {
  const known = ZONES.get(name.toLowerCase());
  if (known) return known;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name }); // a link ICU knows (US/Eastern)
    if (!/^[A-Za-z]/.test(name) || name.toLowerCase() === 'local') throw new Error('not a name');
    return name;
  } catch {
    return fail('invalid_timezone', 'target_timezone must be a valid IANA timezone');
  }
}

function zoneParts(zone, t, timeZoneName, locale = 'en-US') {
  const ms = t.sec * 1000;
  const f = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName });
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName').value;
}

// The zone's UTC offset at the instant, in seconds.
function zoneOffset(zone, t) {
  const v = zoneParts(zone, t, 'longOffset'); // GMT, GMT+02:00, GMT+00:17:30
  const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m || !m[1]) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] || 0));
}

// tzdata's abbreviation where English has one (CEST, EDT), else the offset
// written as tzdata writes it (+03, +0545).
function zoneAbbrev(zone, t, offset) {
  for (const locale of ['en-US', 'en-GB', 'en-IN']) {
    const v = zoneParts(zone, t, 'short', locale);
    if (!v.startsWith('GMT') || (v === 'GMT' && offset === 0 && zone !== 'UTC' && !zone.startsWith('Etc/'))) return v;
  }
  return offset === 0 ? 'UTC' : fixedAbbrev(offset);
}

function fixedAbbrev(offset) {
  if (offset === 0) return 'UTC';
  const a = Math.abs(offset);
  const h = Math.floor(a / 3600);
  const m = Math.floor(a / 60) % 60;
  return (offset < 0 ? '-' : '+') + pad(h) + (m ? pad(m) : '');
}

// --- datetime_math ----------------------------------------------------------

const USES = {
  diff: ['left', 'right'],
  shift: ['timestamp', ...SHIFT_UNITS],
  weekday: ['timestamp'],
  convert_timezone: ['timestamp', 'target_timezone'],
};
const USES_TEXT = {
  diff: 'left, right',
  shift: 'timestamp and years, months, days, hours, minutes, seconds',
  weekday: 'timestamp',
  convert_timezone: 'timestamp, target_timezone',
};

function datetimeMath(args) {
  const fields = decodeObject(args, MATH_KEYS);
  const input = {
    operation: stringField(fields, 'operation', 'invalid_operation'),
    timestamp: stringField(fields, 'timestamp', 'invalid_timestamp'),
    left: stringField(fields, 'left', 'invalid_timestamp'),
    right: stringField(fields, 'right', 'invalid_timestamp'),
    target_timezone: stringField(fields, 'target_timezone', 'invalid_timezone'),
  };
  for (const unit of SHIFT_UNITS) input[unit] = intField(fields, unit);
  const op = input.operation;
  if (op === '') fail('missing_required_field', 'operation is required');
  if (!Object.hasOwn(USES, op)) fail('invalid_operation', 'operation must be one of diff, shift, weekday, convert_timezone');
  for (const name of MATH_KEYS.slice(1)) {
    const set = SHIFT_UNITS.includes(name) ? input[name] !== null : input[name] !== '';
    if (set && !USES[op].includes(name)) fail('invalid_input', `${name} is not used by operation ${op} (it uses ${USES_TEXT[op]})`);
  }
  const required = (name) => { if (input[name] === '') fail('missing_required_field', `${name} is required for ${op}`); };
  switch (op) {
    case 'diff': {
      required('left');
      required('right');
      const l = parseTimestamp('left', input.left);
      const r = parseTimestamp('right', input.right);
      return diff(input, l, r);
    }
    case 'shift': {
      required('timestamp');
      if (SHIFT_UNITS.every((u) => input[u] === null)) fail('empty_shift', 'shift needs at least one of years, months, days, hours, minutes, seconds');
      const t = parseTimestamp('timestamp', input.timestamp);
      const amounts = SHIFT_UNITS.map((u, i) => {
        const v = input[u] ?? 0;
        if (Math.abs(v) > SHIFT_BOUNDS[i]) fail('invalid_shift', `${u} must be a whole number between -${SHIFT_BOUNDS[i]} and ${SHIFT_BOUNDS[i]}`);
        return v;
      });
      const res = shift(t, amounts);
      checkRFC3339(res, 'the shifted time');
      return JSON.stringify({ operation: 'shift', input: input.timestamp, result: formatRFC3339(res) });
    }
    case 'weekday': {
      required('timestamp');
      const t = parseTimestamp('timestamp', input.timestamp);
      const index = ((((wall(t).days + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday (4)
      return JSON.stringify({ operation: 'weekday', timestamp: input.timestamp, weekday: WEEKDAYS[index - 1], weekday_index: index });
    }
    default: {
      required('timestamp');
      required('target_timezone');
      const t = parseTimestamp('timestamp', input.timestamp);
      const zone = resolveZone(input.target_timezone);
      const res = { ...t, offset: zoneOffset(zone, t) };
      checkRFC3339(res, 'the converted time');
      return JSON.stringify({ operation: 'convert_timezone', input: input.timestamp, target_timezone: zone, result: formatRFC3339(res) });
    }
  }
}

// Calendar for years, months and days (the day clamped to the end of a
// shorter month), then the clock for hours, minutes and seconds.
function shift(t, [years, months, days, hours, minutes, seconds]) {
  const w = wall(t);
  const total = w.m - 1 + years * 12 + months;
  const year = w.y + Math.floor(total / 12);
  const month = total - Math.floor(total / 12) * 12 + 1;
  const day = Math.min(w.d, daysIn(year, month));
  const moved = fromWall(year, month, 1, w.hh, w.mm, w.ss, t.nsec, t.offset);
  moved.sec += (day - 1 + days) * 86400;
  moved.sec += hours * 3600 + minutes * 60 + seconds;
  return moved;
}

// right − left in one unit, rounded half away from zero to 10 decimals,
// written as the shortest decimal.
function diff(input, l, r) {
  let sec = r.sec - l.sec;
  let nsec = r.nsec - l.nsec;
  if (nsec < 0) { sec -= 1; nsec += 1e9; }
  let sign = 1;
  if (sec < 0) {
    sign = -1;
    if (nsec === 0) sec = -sec;
    else { sec = -sec - 1; nsec = 1e9 - nsec; }
  } else if (sec === 0 && nsec === 0) {
    sign = 0;
  }
  const inUnit = (unit) => {
    let whole = Math.floor(sec / unit);
    const rem = sec - whole * unit;
    const num = BigInt(rem) * 10000000000n + BigInt(nsec) * 10n;
    let frac = num / BigInt(unit);
    if (2n * (num % BigInt(unit)) >= BigInt(unit)) frac += 1n;
    if (frac === 10000000000n) { whole += 1; frac = 0n; }
    let s = (sign < 0 && (whole !== 0 || frac !== 0n) ? '-' : '') + String(whole);
    if (frac !== 0n) s += '.' + String(frac).padStart(10, '0').replace(/0+$/, '');
    return s;
  };
  return `{"operation":"diff","left":${JSON.stringify(input.left)},"right":${JSON.stringify(input.right)},` +
    `"duration_seconds":${inUnit(1)},"duration_minutes":${inUnit(60)},"duration_hours":${inUnit(3600)},` +
    `"duration_days":${inUnit(86400)},"sign":${sign}}`;
}

// --- datetime_format --------------------------------------------------------

const STYLES = {
  short: (w) => `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)} ${pad(w.hh)}:${pad(w.mm)}`,
  long: (w, abbrev) => `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)} ${pad(w.hh)}:${pad(w.mm)} ${abbrev}`,
  date_only: (w) => `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`,
  time_only: (w) => `${pad(w.hh)}:${pad(w.mm)}`,
  weekday_date: (w) => `${WEEKDAYS[((((w.days + 3) % 7) + 7) % 7)]}, ${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`,
};

function checkLocale(locale) {
  if (locale === '') return;
  const lower = locale.toLowerCase();
  if (lower === 'en') return;
  if (lower.startsWith('en-') && lower.slice(3).split('-').every((p) => /^[a-z0-9]{1,8}$/.test(p))) return;
  fail('unsupported_locale', 'locale must be en (only English output is supported)');
}

function datetimeFormat(args) {
  const fields = decodeObject(args, FORMAT_KEYS);
  const timestamp = stringField(fields, 'timestamp', 'invalid_timestamp');
  const style = stringField(fields, 'style', 'invalid_style');
  const target = stringField(fields, 'target_timezone', 'invalid_timezone');
  const locale = stringField(fields, 'locale', 'unsupported_locale');
  if (timestamp === '') fail('missing_required_field', 'timestamp is required');
  if (style === '') fail('missing_required_field', 'style is required');
  let t = parseTimestamp('timestamp', timestamp);
  if (!Object.hasOwn(STYLES, style)) fail('invalid_style', 'style must be one of short, long, date_only, time_only, weekday_date');
  const zone = target === '' ? '' : resolveZone(target);
  checkLocale(locale);
  let label = t.offset === 0 ? 'UTC' : 'UTC' + formatOffset(t.offset);
  let abbrev = fixedAbbrev(t.offset);
  if (zone !== '') {
    t = { ...t, offset: zoneOffset(zone, t) };
    const { y } = wall(t);
    if (y < 0 || y > 9999) fail('out_of_range', `the time in ${zone} falls outside years 0000-9999`);
    label = zone;
    abbrev = zoneAbbrev(zone, t, t.offset);
  }
  const out = { input: timestamp };
  if (zone !== '') out.target_timezone = zone;
  Object.assign(out, { style, formatted: STYLES[style](wall(t), abbrev), timezone: label, utc_offset: formatOffset(t.offset) });
  return JSON.stringify(out);
}

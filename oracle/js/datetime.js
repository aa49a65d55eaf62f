'use strict';
// The datetime oracle: expectations for datetime_math (convert_timezone,
// shift) and datetime_format computed with Node's own Intl (ICU) time zone
// data, independently of the Go reference, for the differential matrix of
// fidelity/ (go run ./fidelity/cmd/fidelity).
//
// What Intl decides here: whether a zone name exists, the UTC offset of an
// instant in a zone (timeZoneName 'longOffset'), the wall-clock fields and
// weekday (formatToParts, hourCycle h23), and the short abbreviation
// (timeZoneName 'short') where en-US has one. What is written here from the
// profile's decisions (reference/datetime/decisions.go), because Intl has no
// opinion: RFC 3339 input and output spelling, month-end clamping and unit
// order of shift, the fixed-offset labels, the style layouts.
//
// Rules of this file (like v1.js): nothing reads the clock or the host zone;
// `call(op, input)` returns {output} or {error: {code, message}} and never
// throws. Only the operations and the fields the matrix sends are covered;
// anything else is answered with the code the reference would use where the
// oracle can tell, and `unsupported` otherwise.

// ---------------------------------------------------------------------------
// RFC 3339 (decision rfc3339-input), strictly.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function daysIn(y, m) {
  if (m === 2) return (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

// parse returns {y, mo, d, h, mi, s, frac, off} (off in seconds, frac the
// digits as written) or null.
function parse(s) {
  if (typeof s !== 'string') return null;
  const m = RFC3339.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || sec > 59) return null;
  let off = 0;
  if (!m[8]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return null;
    off = (oh * 3600 + om * 60) * (m[9] === '-' ? -1 : 1);
  }
  return { y, mo, d, h, mi, s: sec, frac: m[7] || '', off };
}

// Seconds since the epoch of a proleptic Gregorian wall time read as UTC
// (any year: Date.UTC would map years 0-99 to 1900-1999).
function wallSeconds(y, mo, d, h, mi, s) {
  const t = new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, 0);
  return t.getTime() / 1000;
}

function fieldsOf(sec) {
  const t = new Date(sec * 1000);
  return {
    y: t.getUTCFullYear(), mo: t.getUTCMonth() + 1, d: t.getUTCDate(),
    h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds(),
  };
}

const pad = (n, w = 2) => String(n).padStart(w, '0');

function offsetText(off) {
  const sign = off < 0 ? '-' : '+';
  const a = Math.abs(off);
  const h = Math.floor(a / 3600);
  const m = Math.floor(a / 60) % 60;
  const s = a % 60;
  return `${sign}${pad(h)}:${pad(m)}${s ? `:${pad(s)}` : ''}`;
}

// The one output spelling (decisions zero-offset, fractions): Z for a zero
// offset, the fraction without trailing zeros and only when not zero.
function rfc3339(f, frac, off) {
  const fr = frac.replace(/0+$/, '');
  const tail = off === 0 ? 'Z' : offsetText(off);
  return `${pad(f.y, 4)}-${pad(f.mo)}-${pad(f.d)}T${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}${fr ? `.${fr}` : ''}${tail}`;
}

// ---------------------------------------------------------------------------
// Zones, through Intl only. Formatters are cached per zone: building one
// costs about 0.1 ms, using one a few microseconds.

const zoneCache = new Map();

function zone(name) {
  if (typeof name !== 'string') return null;
  let z = zoneCache.get(name);
  if (z !== undefined) return z;
  try {
    z = {
      resolved: new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone,
      wall: new Intl.DateTimeFormat('en-US', {
        timeZone: name, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
        hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'long', era: 'short',
      }),
      offset: new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' }),
      short: new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'short' }),
    };
  } catch {
    z = null;
  }
  if (zoneCache.size < 10000) zoneCache.set(name, z);
  return z;
}

function part(parts, type) {
  const p = parts.find((x) => x.type === type);
  return p ? p.value : '';
}

// The offset in seconds of zone z at epoch second sec ("GMT-05:00", "GMT").
function offsetAt(z, sec) {
  const v = part(z.offset.formatToParts(new Date(sec * 1000)), 'timeZoneName');
  const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) throw new Error(`unexpected longOffset ${JSON.stringify(v)}`);
  if (!m[1]) return 0;
  const a = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] || 0);
  return m[1] === '-' ? -a : a;
}

// The wall clock of zone z at epoch second sec, from Intl's own fields.
function wallAt(z, sec) {
  const ps = z.wall.formatToParts(new Date(sec * 1000));
  let y = Number(part(ps, 'year'));
  if (part(ps, 'era') === 'BC') y = 1 - y;
  return {
    y, mo: Number(part(ps, 'month')), d: Number(part(ps, 'day')),
    h: Number(part(ps, 'hour')), mi: Number(part(ps, 'minute')), s: Number(part(ps, 'second')),
    weekday: part(ps, 'weekday'),
  };
}

// Intl's en-US short name; "GMT+1" and the like mean CLDR has none.
function abbrevAt(z, sec) {
  return part(z.short.formatToParts(new Date(sec * 1000)), 'timeZoneName');
}

// ---------------------------------------------------------------------------
// Operations.

class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function refuse(code, message) {
  throw new Refusal(code, message);
}

function timestampOf(input, key) {
  const v = input[key];
  if (v === undefined || v === null || v === '') refuse('missing_required_field', `${key} is required`);
  if (typeof v !== 'string') refuse('invalid_timestamp', `${key} must be a string`);
  const t = parse(v);
  if (!t) refuse('invalid_timestamp', `${key} must be an RFC 3339 date-time`);
  return t;
}

function zoneOf(input) {
  const name = input.target_timezone;
  const z = zone(name);
  if (!z) refuse('invalid_timezone', 'target_timezone must be a valid IANA timezone');
  return { name, z };
}

// The instant of t as whole epoch seconds (offsets are whole seconds, so the
// fraction never changes the zone's offset or wall clock).
function epochOf(t) {
  return wallSeconds(t.y, t.mo, t.d, t.h, t.mi, t.s) - t.off;
}

function convertTimezone(input) {
  const t = timestampOf(input, 'timestamp');
  if (input.target_timezone === undefined || input.target_timezone === null || input.target_timezone === '') {
    refuse('missing_required_field', 'target_timezone is required');
  }
  const { name, z } = zoneOf(input);
  const sec = epochOf(t);
  const off = offsetAt(z, sec);
  if (off % 60 !== 0) refuse('out_of_range', 'the offset has seconds, which RFC 3339 cannot write');
  const w = wallAt(z, sec);
  if (w.y < 0 || w.y > 9999) refuse('out_of_range', 'the converted time falls outside years 0000-9999');
  // Cross-check: Intl's wall clock and Intl's offset describe the same instant.
  if (wallSeconds(w.y, w.mo, w.d, w.h, w.mi, w.s) - off !== sec) {
    refuse('oracle_inconsistent', `Intl's wall clock and offset disagree for ${name} at ${sec}`);
  }
  return { operation: 'convert_timezone', input: input.timestamp, target_timezone: name, result: rfc3339(w, t.frac, off) };
}

const SHIFT_UNITS = ['years', 'months', 'days', 'hours', 'minutes', 'seconds'];

function shift(input) {
  const t = timestampOf(input, 'timestamp');
  const a = {};
  let any = false;
  for (const u of SHIFT_UNITS) {
    const v = input[u];
    if (v === undefined || v === null) {
      a[u] = 0;
      continue;
    }
    if (typeof v !== 'number' || !Number.isInteger(v)) refuse('invalid_shift', `${u} must be a whole number`);
    a[u] = v;
    any = true;
  }
  if (!any) refuse('empty_shift', 'shift needs at least one field');
  // Years and months as one count of months, clamped once (month-end-clamp,
  // shift-unit-order); days on the wall clock of the input's own fixed offset
  // (shift-offset), where a day is 86,400 s; then elapsed clock units.
  const months = (t.mo - 1) + a.years * 12 + a.months;
  const y = t.y + Math.floor(months / 12);
  const mo = months - Math.floor(months / 12) * 12 + 1;
  const d = Math.min(t.d, daysIn(y, mo));
  const wall = wallSeconds(y, mo, d, t.h, t.mi, t.s) + a.days * 86400 + a.hours * 3600 + a.minutes * 60 + a.seconds;
  const f = fieldsOf(wall);
  if (f.y < 0 || f.y > 9999) refuse('out_of_range', 'the shifted time falls outside years 0000-9999');
  return { operation: 'shift', input: input.timestamp, result: rfc3339(f, t.frac, t.off) };
}

const STYLES = {
  short: (w) => `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}`,
  long: (w, abbrev) => `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)} ${abbrev}`,
  date_only: (w) => `${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`,
  time_only: (w) => `${pad(w.h)}:${pad(w.mi)}`,
  weekday_date: (w) => `${w.weekday}, ${pad(w.y, 4)}-${pad(w.mo)}-${pad(w.d)}`,
};

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

// The fixed-offset labels of decision fixed-offset-labels: "UTC+03:00" and
// tzdata's numeric abbreviation "+03" / "+0530".
function fixedLabels(off) {
  if (off === 0) return { zone: 'UTC', abbrev: 'UTC' };
  const a = Math.abs(off);
  const hm = `${pad(Math.floor(a / 3600))}${a % 3600 ? pad(Math.floor(a / 60) % 60) : ''}`;
  return { zone: `UTC${offsetText(off)}`, abbrev: `${off < 0 ? '-' : '+'}${hm}` };
}

function format(input) {
  const t = timestampOf(input, 'timestamp');
  const style = input.style;
  if (style === undefined || style === null || style === '') refuse('missing_required_field', 'style is required');
  const layout = Object.prototype.hasOwnProperty.call(STYLES, style) ? STYLES[style] : null;
  if (!layout) refuse('invalid_style', 'style must be one of short, long, date_only, time_only, weekday_date');
  const hasTarget = !(input.target_timezone === undefined || input.target_timezone === null || input.target_timezone === '');
  const out = { input: input.timestamp };
  let w;
  let off;
  let zoneName;
  let abbrev;
  const sec = epochOf(t);
  if (hasTarget) {
    const { name, z } = zoneOf(input);
    off = offsetAt(z, sec);
    w = wallAt(z, sec);
    if (w.y < 0 || w.y > 9999) refuse('out_of_range', 'the time falls outside years 0000-9999');
    zoneName = name;
    abbrev = abbrevAt(z, sec);
    out.target_timezone = name;
  } else {
    off = t.off;
    w = { ...fieldsOf(sec + off) };
    w.weekday = WEEKDAYS[new Date((sec + off) * 1000).getUTCDay()];
    ({ zone: zoneName, abbrev } = fixedLabels(off));
  }
  out.style = style;
  out.formatted = layout(w, abbrev);
  out.timezone = zoneName;
  out.utc_offset = offsetText(off);
  return out;
}

const OPS = {
  datetime_math(input) {
    switch (input.operation) {
      case 'convert_timezone':
        return convertTimezone(input);
      case 'shift':
        return shift(input);
      default:
        return refuse('unsupported', `the datetime oracle covers convert_timezone and shift, not ${JSON.stringify(input.operation)}`);
    }
  },
  datetime_format: format,
};

const OPERATIONS = Object.keys(OPS);

function call(op, input) {
  if (!Object.prototype.hasOwnProperty.call(OPS, op)) {
    return { error: { code: 'unknown_operation', message: `unknown operation ${JSON.stringify(op)}` } };
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { error: { code: 'invalid_input', message: 'input must be a JSON object' } };
  }
  try {
    return { output: OPS[op](input) };
  } catch (e) {
    if (e instanceof Refusal) return { error: { code: e.code, message: e.message } };
    return { error: { code: 'internal_error', message: `datetime oracle: unexpected ${e && e.name}: ${e && e.message}` } };
  }
}

module.exports = { call, OPERATIONS, parse, zone, offsetAt, wallAt, abbrevAt };

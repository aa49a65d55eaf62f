'use strict';
// v1.compute_next_run as the profile pins it.
//
// v1 computed cron runs with cron-parser 5.5.0, which has bugs the profile does
// not keep (oracle/js/exceptions.json lists them):
//   * a daily job computed before a spring-forward skips the transition day;
//   * on Lord Howe's 30-minute spring-forward a time in the gap skips the day;
//   * asked during the second pass of a repeated hour, a fixed-time job runs
//     a second time that day;
//   * fewer than 5 fields are padded into odd schedules, and L, # and H
//     (extensions no v1 test covered, H even random) are accepted, as are a
//     few malformed fields (see refuseOutsideProfile).
// So cron-parser is used here only to parse and validate the fields; the next
// run is searched for below, on the wall clock of the configured zone, with
// the offsets luxon reads from Intl (the same algorithm as the Go reference,
// reference/cronspec/next.go). Once and interval tasks, and every input check,
// are v1's own code (oracle/js/v1.js), with two details the profile settles
// differently: an interval result outside the Date range is out_of_range, and
// the expression is checked before the zone.

const { CronExpressionParser } = require('cron-parser');
const { IANAZone } = require('luxon');
const v1 = require('../../oracle/js/v1.js');

const DAY = 86400;
// The longest gap between two runs of a satisfiable schedule is 8 years
// (February 29 across 2100); an expression with no run within 30 years
// ("0 0 31 4,6 *", which cron-parser accepts) is an error.
const HORIZON_YEARS = 30;
const OP = 'v1.compute_next_run';
const FIELDS = ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'];
// cron-parser 5.5.0's macros, matched exactly (case-sensitive, no blanks).
const MACROS = {
  '@yearly': '0 0 0 1 1 *',
  '@annually': '0 0 0 1 1 *',
  '@monthly': '0 0 0 1 * *',
  '@weekly': '0 0 0 * * 0',
  '@daily': '0 0 0 * * *',
  '@hourly': '0 0 * * * *',
  '@minutely': '0 * * * * *',
  '@secondly': '* * * * * *',
  '@weekdays': '0 0 0 * * 1-5',
  '@weekends': '0 0 0 * * 0,6',
};

class CronError extends Error {}

// ---------------------------------------------------------------------------
// The operation.

function computeNextRun(input) {
  if (!isObject(input) || !isObject(input.task)) {
    return v1.call(OP, input); // v1.js says what is wrong with the input
  }
  // process_timezone (UTC by default) is the zone v1.js's new Date(next_run)
  // reads an offset-less anchor in; v1.js honours it.
  const rest = input;
  const task = rest.task;
  if (task.schedule_type === 'interval') return intervalOutOfRange(v1.call(OP, rest), task);
  if (task.schedule_type !== 'cron') return v1.call(OP, rest);

  // v1.js checks the input's shape (now, timezone, task): ask it about a once
  // task with the same fields, which computes nothing.
  const checked = v1.call(OP, { ...rest, task: { ...task, schedule_type: 'once' } });
  if (checked.error) return checked;
  // The expression is checked before the zone, as cron-parser parses it
  // before it computes anything in the zone.
  let schedule;
  try {
    schedule = parseCron(task.schedule_value);
  } catch (e) {
    return fail('invalid_cron', `cannot parse ${JSON.stringify(task.schedule_value)}: ${e.message}`);
  }
  if (!v1.v1.isValidTimezone(rest.timezone)) {
    return fail('invalid_timezone', `time zone ${JSON.stringify(rest.timezone)} is not valid`);
  }
  const nowSec = Math.floor(new Date(rest.now).getTime() / 1000); // a sub-second now counts as its second
  const next = nextRun(schedule, nowSec, IANAZone.create(rest.timezone));
  if (next === null) {
    return fail('invalid_cron', `${JSON.stringify(task.schedule_value)} never fires within ${HORIZON_YEARS} years`);
  }
  return { output: { next_run: new Date(next * 1000).toISOString() } };
}

// v1's interval arithmetic is v1.js's; when its result is past the end of
// JavaScript's Date range (±8.64e15 ms) v1 threw a RangeError, which v1.js
// reports as invalid_next_run like an unreadable anchor. The profile tells the
// two apart: a readable anchor (or null, the epoch) makes it out_of_range.
function intervalOutOfRange(res, task) {
  const anchor = task.next_run === null ? 0 : new Date(task.next_run).getTime();
  if (res.error && res.error.code === 'invalid_next_run' && task.next_run !== undefined && !Number.isNaN(anchor)) {
    return fail('out_of_range', `the next run is outside the JavaScript Date range (${res.error.message})`);
  }
  return res;
}

function isObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function fail(code, message) {
  return { error: { code, message } };
}

// ---------------------------------------------------------------------------
// Parsing: cron-parser 5.5.0's grammar, minus what the profile refuses.

// parseCron returns the schedule as one array of booleans per field, or
// throws. Five fields are minute hour day-of-month month day-of-week; six put
// seconds first; cron-parser's macros (@daily, …: exact, case-sensitive) and
// the empty string (every minute at second 0) are cron-parser's too.
function parseCron(expr) {
  let text = expr === '' ? '0 * * * * *' : expr;
  if (text.startsWith('@')) {
    if (!Object.prototype.hasOwnProperty.call(MACROS, text)) throw new CronError(`unknown macro ${text}`);
    text = MACROS[text];
  }
  const atoms = text.trim().split(/\s+/); // JavaScript's \s, as cron-parser splits
  if (atoms[0] === '') throw new CronError('blank expression');
  if (atoms.length < 5) {
    throw new CronError(`${atoms.length} fields: the profile wants 5, or 6 with seconds first (cron-parser would pad them)`);
  }
  if (atoms.length === 5) atoms.unshift('0');
  atoms.forEach((atom, i) => refuseOutsideProfile(FIELDS[i], atom));

  let fields;
  try {
    fields = CronExpressionParser.parse(atoms.join(' ')).fields;
  } catch (e) {
    throw new CronError(e.message);
  }
  const set = (name, size) => {
    const s = new Array(size).fill(false);
    for (const v of fields[name].values) s[name === 'dayOfWeek' ? v % 7 : v] = true; // 7 is Sunday
    return s;
  };
  const hour = set('hour', 24);
  return {
    second: set('second', 60),
    minute: set('minute', 60),
    hour,
    dayOfMonth: set('dayOfMonth', 32),
    month: set('month', 13),
    dayOfWeek: set('dayOfWeek', 7),
    // cron-parser's "restricted" is the raw text, not the values: only a bare
    // * or ? is unrestricted, so "1-31" takes part in the either-day rule.
    domStar: fields.dayOfMonth.isWildcard,
    dowStar: fields.dayOfWeek.isWildcard,
    everyHour: hour.every(Boolean),
  };
}

const NAMES = {
  month: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
  dayOfWeek: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
};
const ELEMENT = /^(?:[*?]|([0-9a-z]+)(?:-([0-9a-z]+))?)(?:\/([0-9]+))?$/i;

// refuseOutsideProfile checks one field against the profile's grammar, which
// is stricter than what cron-parser accepts: a field is a comma-separated list
// of *, ?, a value or a range a-b, each with an optional /step; values are
// numbers, or names of that field (months in the month field, days in the
// day-of-week field). cron-parser also takes L, # and H (extensions no v1
// test covered), ? in every field, "1-2-3" and "*-1" (read as 1-2 and *),
// "1jan" (read as 11) and names of the other field ("mon" as a month is
// January). Ranges, steps, duplicates and impossible dates are left to
// cron-parser.
function refuseOutsideProfile(field, atom) {
  for (const element of atom.split(',')) {
    const m = ELEMENT.exec(element);
    const values = m ? [m[1], m[2]].filter(Boolean) : [];
    const bad = !m || values.some((v) => !/^[0-9]+$/.test(v) && !(NAMES[field] || []).includes(v.toLowerCase()));
    if (bad) {
      const ext = /[LW#H]/.exec(element.replace(/[a-z]{3}/gi, ''));
      throw new CronError(ext ? `${ext[0]} (in ${element}) is a cron-parser extension outside the profile` : `${JSON.stringify(element)} is not a ${field} value, range or step`);
    }
    if (element.startsWith('?') && field !== 'dayOfMonth' && field !== 'dayOfWeek') {
      throw new CronError(`? in the ${field} field: only the day fields take it`);
    }
  }
}

// ---------------------------------------------------------------------------
// The search. Times are seconds: instants since the epoch, and "civil
// seconds" — a wall-clock time counted as if it were UTC — so that wall-clock
// arithmetic needs no zone. offsetAt(zone, instant) = civil - instant.

function offsetAt(zone, sec) {
  return Math.round(zone.offset(sec * 1000) * 60);
}

// nextRun returns the first run strictly after nowSec (an instant), or null.
// Wall-clock times are tried in order; each fires once: at its only instant,
// at its first occurrence in a repeated hour, or — in a spring-forward gap —
// read with the offset before the change (02:30 in New York's gap is 03:30
// EDT). An expression whose hour field matches every hour also fires in real
// time through the second pass of a repeated hour (hourly at 01:00 EDT and
// 01:00 EST), as cron-parser and Vixie cron do.
function nextRun(s, nowSec, zone) {
  let next = nextWallOrder(s, nowSec, zone);
  if (next !== null && s.everyHour) {
    const b = nextSecondPass(s, nowSec, zone, next);
    if (b !== null) next = b;
  }
  return next;
}

function nextWallOrder(s, nowSec, zone) {
  let u = nowSec + offsetAt(zone, nowSec) + 1;
  const limitYear = civilYear(u) + HORIZON_YEARS;
  for (;;) {
    const c = nextCivil(s, u, limitYear);
    if (c === null) return null;
    const inst = resolve(zone, c);
    if (inst > nowSec) return inst;
    // Only the first occurrence of a repeated wall time can be at or before
    // now: now is in the second pass, whose wall times have all fired in the
    // first. Resume where the repeated hour ends.
    u = Math.max(c + 1, overlapEnd(zone, inst, nowSec));
  }
}

// nextSecondPass looks for a run before `before` among the second occurrences
// of repeated wall times, i.e. the instants [T, T + (offset before - offset
// after)) of a fall-back transition T. Transitions are searched a day at a
// time from a day before now, then located by bisection.
function nextSecondPass(s, nowSec, zone, before) {
  let best = before;
  let found = false;
  const limitYear = civilYear(before + offsetAt(zone, before)) + 1;
  for (let t = nowSec - DAY; t < best; t += DAY) {
    const offA = offsetAt(zone, t);
    if (offsetAt(zone, t + DAY) >= offA) continue;
    const T = firstChange(zone, t, t + DAY, offA);
    const after = offsetAt(zone, T);
    const end = T + (offA - after);
    const start = Math.max(nowSec + 1, T);
    if (start >= end) continue;
    const c = nextCivil(s, start + after, limitYear);
    if (c !== null && c - after < end && c - after < best) {
      best = c - after;
      found = true;
    }
  }
  return found ? best : null;
}

// firstChange bisects (lo, hi] for the first instant whose offset is not off;
// offsetAt(lo) must be off and offsetAt(hi) not.
function firstChange(zone, lo, hi, off) {
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (offsetAt(zone, mid) === off) lo = mid;
    else hi = mid;
  }
  return hi;
}

// overlapEnd is the civil second at which the repeated hour that starts with
// instant `first` ends (the transition after first, read with the offset
// before it), or 0 when the offset does not change before now.
function overlapEnd(zone, first, nowSec) {
  const off = offsetAt(zone, first);
  if (offsetAt(zone, nowSec) === off) return 0;
  return firstChange(zone, first, nowSec, off) + off;
}

// resolve maps a civil second to an instant: the only one, the earlier of two
// (a repeated hour), or in a gap the wall time read with the offset before the
// change. Offsets are probed a day either side.
function resolve(zone, c) {
  const before = offsetAt(zone, c - DAY);
  const after = offsetAt(zone, c + DAY);
  let best = null;
  const tryOffset = (off) => {
    const i = c - off;
    if (offsetAt(zone, i) === off && (best === null || i < best)) best = i;
  };
  tryOffset(before);
  if (after !== before) tryOffset(after);
  if (best === null) tryOffset(offsetAt(zone, c - before)); // two changes within a day
  return best === null ? c - before : best;
}

// nextCivil returns the first civil second at or after u that matches, or null
// once the year passes limitYear. It steps by month, day, hour, minute and
// second, so a call takes a few dozen steps.
function nextCivil(s, u, limitYear) {
  const days = Math.floor(u / DAY);
  const sod = u - days * DAY;
  let [y, m, d] = civilFromDays(days);
  let h = Math.floor(sod / 3600);
  let mi = Math.floor(sod / 60) % 60;
  let sec = sod % 60;

  const nextDay = () => {
    h = mi = sec = 0;
    if (++d > daysIn(y, m)) {
      d = 1;
      if (++m > 12) [y, m] = [y + 1, 1];
    }
  };
  const nextHour = () => {
    mi = sec = 0;
    if (h === 23) nextDay();
    else h++;
  };
  while (y <= limitYear) {
    if (!s.month[m]) {
      h = mi = sec = 0;
      d = 1;
      if (++m > 12) [y, m] = [y + 1, 1];
      continue;
    }
    if (!dayMatches(s, y, m, d)) {
      nextDay();
      continue;
    }
    const nh = s.hour.indexOf(true, h);
    if (nh < 0) {
      nextDay();
      continue;
    }
    if (nh > h) [h, mi, sec] = [nh, 0, 0];
    const nm = s.minute.indexOf(true, mi);
    if (nm < 0) {
      nextHour();
      continue;
    }
    if (nm > mi) [mi, sec] = [nm, 0];
    const ns = s.second.indexOf(true, sec);
    if (ns < 0) {
      sec = 0;
      if (mi === 59) nextHour();
      else mi++;
      continue;
    }
    return daysFromCivil(y, m, d) * DAY + h * 3600 + mi * 60 + ns;
  }
  return null;
}

// cron-parser's day rule: when both day fields are restricted either may
// match; otherwise the restricted one (or none) decides.
function dayMatches(s, y, m, d) {
  const dom = s.dayOfMonth[d];
  const dow = s.dayOfWeek[(((daysFromCivil(y, m, d) % 7) + 11) % 7)]; // 1970-01-01 was a Thursday
  if (!s.domStar && !s.dowStar) return dom || dow;
  if (s.domStar && !s.dowStar) return dow;
  return dom;
}

function daysIn(y, m) {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

function civilYear(u) {
  return civilFromDays(Math.floor(u / DAY))[0];
}

// Proleptic Gregorian dates <-> days since 1970-01-01 (Howard Hinnant's
// algorithms): the search itself does no time-zone work.
function daysFromCivil(y, m, d) {
  if (m <= 2) y--;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
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
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

module.exports = { computeNextRun, parseCron, nextRun };

#!/usr/bin/env node
'use strict';
// Writes the corpus reference/cronparser tests against: for expressions,
// zones and instants chosen around DST transitions, what cron-parser 5.5.0
// answers for CronExpressionParser.parse(expr, {tz, currentDate}).next()
// (or the error it throws). One JSON object a line on stdout.
//   node oracle/js/cron-corpus.js | gzip -n -9 > reference/cronparser/testdata/corpus.jsonl.gz
const { CronExpressionParser } = require('cron-parser');

const exprs = [
  '0 9 * * *', '30 2 * * *', '30 1 * * *', '0 * * * *', '*/15 * * * *', '0 0-23 * * *', '0 1-3 * * *',
  '15 2 * * *', '45 1 * * *', '0 0 * * *', '0 3 * * *', '59 23 * * *', '0 2 * * *', '* * * * *',
  '0 0 1 * *', '0 12 * * 0', '0 12 * * 7', '0 12 * * 5-7', '30 8 * * 1-5', '0 0 13 * 5', '0 0 29 2 *',
  '0 0 31 4,6 *', '1-2-3 * * * *', '*-5 * * * *', '0 0 1 1jan *', '0 0 1 mon *', '0 0 * * jul',
  '? * * * *', '0 9 * *', '5 * * *', '9', '', ' ', '@daily', '@hourly', '@weekly', '@DAILY', '@midnight',
  '0 0 L * *', '0 0 * * 5L', '0 0 * * 1,5L', '0 0 * * L', '0 0 * * 1#2', '0 0 * * mon#5', '0 0 * * 1#6',
  '0 0 LW * *', '0 0 15W * *', '0 0 30 2 *', '60 * * * *', '0 0 0 9 * * *', 'not a cron', '*/0 * * * *',
  '/5 * * * *', '5/15 * * * *', '0 9-17/4 * * *', '0,0 * * * *', '1,1 * * * *', '0 0 * * 0,7',
  '30 * * * * *', '*/15 * * * * *', '0 0 9 * * *', 'H * * * *', '0 0 * * 2-7/2', '0 0 1-31 * *',
  '0 0 * * *,5', '0 30 1 * * *', '0 30 2 * * *', '* 30 2 * * *', '*/20 * * * * *', '0 0 */2 * * *',
  '0 1,2 * * *', '30 0,1,2,3 * * *', '0 0 29 2 1', '0 0 31 * *', '0 0 31 2,4 *',
];
const zones = ['UTC', 'America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/Santiago',
  'America/Havana', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/London', 'America/Sao_Paulo', 'Asia/Tehran',
  'Pacific/Apia', 'America/St_Johns', 'Africa/Casablanca', 'america/new_york', 'UTC+5', 'gmt', 'Mars/Olympus', ''];
// Around each zone's 2026 transitions, plus ordinary instants.
function transitions(tz) {
  if (!tz) return [];
  const out = [];
  let fmt;
  try { fmt = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' }); } catch { return []; }
  const off = (ms) => fmt.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName').value;
  let t = Date.UTC(2026, 0, 1);
  let prev = off(t);
  for (; t < Date.UTC(2027, 0, 1); t += 3600e3) {
    const o = off(t);
    if (o !== prev) out.push(t);
    prev = o;
  }
  return out;
}
const offsetsH = [-26, -14, -7, -5, -3, -2.5, -2, -1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5, 1, 1.5, 2, 3, 5, 8, 20];
const base = [Date.UTC(2026, 0, 15, 12), Date.UTC(2026, 5, 15, 13, 0, 0, 500), Date.UTC(2026, 1, 28, 23, 59, 59, 999)];
let n = 0;
for (const tz of zones) {
  const ts = transitions(tz);
  const nows = base.slice();
  for (const t of ts) for (const h of offsetsH) nows.push(t + h * 3600e3);
  for (const expr of exprs) {
    // Every expression on the ordinary instants; DST instants for the day-level ones.
    const list = (tz === 'UTC' || /^(UTC|America\/New_York|Australia\/Lord_Howe|America\/Santiago)$/.test(tz)) ? nows : nows.filter((_, i) => i < 3 || i % 3 === 0);
    for (const now of list) {
      if (expr.includes('H')) continue; // random per parse
      const rec = { expr, tz, now: new Date(now).toISOString() };
      try {
        const it = CronExpressionParser.parse(expr, { tz, currentDate: new Date(now) });
        let stage = 'next';
        try {
          rec.next = it.next().toISOString();
        } catch (e) {
          rec.error = `${stage}: ${e.message}`;
        }
      } catch (e) {
        rec.error = `parse: ${e.message}`;
      }
      process.stdout.write(JSON.stringify(rec) + '\n');
      n++;
    }
  }
}
// H with a hash seed is deterministic.
for (const expr of ['H * * * *', 'H H * * *', 'H/7 * * * *', 'H(10-20) * * * *', 'H(0-30)/10 * * * *', '0 H(1-5)/2 * * *', 'H/100 * * * *']) {
  for (const seed of ['a', 'task-1', 'zz']) {
    const rec = { expr, tz: 'UTC', now: '2026-01-01T10:07:30.000Z', hash_seed: seed };
    try {
      rec.next = CronExpressionParser.parse(expr, { tz: 'UTC', currentDate: new Date(rec.now), hashSeed: seed }).next().toISOString();
    } catch (e) {
      rec.error = e.message;
    }
    process.stdout.write(JSON.stringify(rec) + '\n');
    n++;
  }
}
process.stderr.write(`${n} cases\n`);

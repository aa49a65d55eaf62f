// Development aid, not used by the tests: prints a throw-away corpus (same
// format as testdata/date_corpus.jsonl) of local wall times around every UTC
// offset change of the given zones (each 15 minutes within ±2 hours, and
// ±1 ms), plus random ones, evaluated by Node with TZ set to each zone.
// Years Y0 to Y1 (default 1970–2060). Run from reference/jsrt:
//   Y0=1970 Y1=2045 node testdata/gen/date_dst.js America/New_York Australia/Lord_Howe > /tmp/dst.jsonl
//   JSRT_DATE_CORPUS=/tmp/dst.jsonl go test -run TestDateCorpus .
"use strict";
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const gen = path.join(__dirname, "date.js");
const zones = process.argv.slice(2);
if (process.env.CHILD) {
  // find transitions in this process's TZ and make wall-time strings around them
  const out = [];
  const off = (t) => -new Date(t).getTimezoneOffset(); // minutes, may be fractional for LMT? no: integer minutes
  const pad = (n, w=2) => String(n).padStart(w, "0");
  const fmt = (t) => { const d = new Date(t); return `${pad(d.getUTCFullYear(),4)}-${pad(d.getUTCMonth()+1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(),3)}`; };
  const start = Date.UTC(+process.env.Y0, 0, 1), end = Date.UTC(+process.env.Y1, 0, 1);
  const step = 6 * 3600e3;
  for (let t = start; t < end; t += step) {
    const a = off(t), b = off(t + step);
    if (a === b) continue;
    let lo = t, hi = t + step;
    while (hi - lo > 1000) { const m = lo + Math.floor((hi - lo) / 2000) * 1000; if (off(m) === a) lo = m; else hi = m; }
    const T = hi; // first second with new offset
    for (const o of [a, b]) for (let d = -120; d <= 120; d += 15) { const w = T + o * 60e3 + d * 60e3; out.push(fmt(w), fmt(w - 1), fmt(w + 1)); }
  }
  for (let i = 0; i < 300; i++) out.push(fmt(start + Math.floor(Math.random() * (end - start))));
  fs.writeSync(1, JSON.stringify(out));
  process.exit(0);
}
const lines = [];
for (const tz of zones) {
  const strs = JSON.parse(execFileSync(process.execPath, [__filename], { env: { TZ: tz, CHILD: 1, Y0: process.env.Y0 || 1970, Y1: process.env.Y1 || 2060 }, maxBuffer: 1 << 30 }));
  const res = JSON.parse(execFileSync(process.execPath, [gen, "--eval"], { input: JSON.stringify(strs), env: { TZ: tz }, maxBuffer: 1 << 30 }));
  strs.forEach((s, i) => lines.push(JSON.stringify({ s, tz, ms: res[i] })));
}
fs.writeSync(1, lines.join("\n") + "\n");

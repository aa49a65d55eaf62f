// Generates testdata/date_corpus.jsonl: date strings and what `new Date(s)`
// gives for them in Node 20 under TZ=UTC and TZ=America/New_York, one JSON
// object a line: {"s": string, "tz": zone, "ms": time value or null (NaN)}.
// The strings are deterministic (seeded PRNG): the shapes v1 users could
// store, ISO boundary values, DST gaps and overlaps, and random perturbations.
//
// Rerun from reference/jsrt:  node testdata/gen/date.js
// A much larger throw-away corpus for hunting differences:
//   node testdata/gen/date.js --big 200000 > /tmp/big.jsonl
//   JSRT_DATE_CORPUS=/tmp/big.jsonl go test -run TestDateCorpus .
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const ZONES = ["UTC", "America/New_York"];

// Child mode: evaluate the strings on stdin under this process's TZ.
if (process.argv[2] === "--eval") {
  const strs = JSON.parse(fs.readFileSync(0, "utf8"));
  const out = strs.map((s) => {
    const v = new Date(s).getTime();
    return Number.isNaN(v) ? null : v;
  });
  fs.writeSync(1, JSON.stringify(out)); // synchronous: a pipe write may not finish before exit
  process.exit(0);
}

// Date's own outputs below depend on the generator's zone: pin it, so that
// the corpus is the same on every machine.
process.env.TZ = "UTC";

let seed = 20240101;
function rnd() { // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (a) => a[Math.floor(rnd() * a.length)];
const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
const pad = (n, w) => String(n).padStart(w, "0");

const set = new Set();
const add = (s) => set.add(s);

// 1. Shapes named in the brief and in ORACLE-NOTES.
[
  "2024-01-01", "2024-01", "2024", "2024-01-01T10:00", "2024-01-01T10:00:00", "2024-01-01T10:00:00Z",
  "2024-01-01t10:00:00z", "2024-01-01 10:00", "2024-01-01 10:00:00Z", "2024-01-01T10:00+0530",
  "2024-01-01T10:00:00+05:30", "+002024-01-01T00:00:00Z", "-000001-01-01T00:00:00Z", "-000000-01-01T00:00:00Z",
  "2024-01-01T24:00:00Z", "2024-01-01T24:00Z", "2024-01-01T24:00:00.000Z", "2024-01-01T24:00:01Z",
  "2024-02-30", "2024-02-31", "2023-02-29", "2024-04-31", "2024-02-32", "2024-01-01T10:00:60Z",
  "2024-13-01", " 2024-01-01", "2024-01-01 ", " 2024-01-01T10:00:00Z", "2024-01-01T10:00:00Z ", "",
  " ", "2024-01-01T10:00:00.1Z", "2024-01-01T10:00:00.12Z", "2024-01-01T10:00:00.123Z",
  "2024-01-01T10:00:00.1239Z", "2024-01-01T10:00:00.123456789Z", "2024-01-01T10:00:00.99999999999Z",
  "2024-01-01T10:00:00.Z", "Jan 1, 2024 10:00", "Jan 1, 2024, 10:00 AM", "Jan 1, 2024, 1:30 PM",
  "2024/01/01 10:00", "2024/01/01", "2024/1/1 10:00:00", "Mon, 01 Jan 2024 10:00:00 GMT",
  "Mon, 01 Jan 2024 10:00:00 +0000", "Mon, 01 Jan 2024 10:00:00 -0500", "Mon, 01 Jan 2024 10:00:00 EST",
  "1 January 2024", "2024-1-1", "Jan 1", "1/2", "1/2/3", "12/31/1999", "Tue Jan 02 2024 10:00:00 GMT-0500 (Eastern Standard Time)",
  "Tue Jan 02 2024", "January 1, 2024 10:00:00 UTC", "2024-01-01T1:00:00Z", "2024-01-01T10:00:00+24:00",
  "2024-01-01T10:00:00+23:59", "2024-01-01T10:00:00+1:00", "2024-01-01T10:00:00+05", "2024-01-01\u0000xyz",
  "\u00a02024-01-01", "\ufeff2024-01-01", "\u20282024-01-01", "2024-01-01\u2028", "Invalid Date", "now", "today",
  "0", "1", "12", "123", "1234", "12345", "2024-01-01T10:00:00.000+00:00", "12:00", "2024-06-15T12:00:00.000Z",
  "2026-02-04T18:30:00.000Z", "2024-01-01T00:00:00.000Z", "2024-01-01T18:30:00.000Z",
  // Leading zeros do not count towards a numeral's nine significant digits.
  "0000110530", "000011053000", "2024-01-01T10:00:00.019000000701Z", "00000000002024/01/01", "Jan 1 0000002024",
  "Jan 1 2024 10:00 GMT+1193047:", "Jan 1 2024 10:00 GMT+596523:", "Jan 1 2024 10:00 GMT+596524:",
].forEach(add);

// 2. ISO grid.
const years = ["2024", "0000", "9999", "1970", "0099", "1900", "+002024", "-000001", "+275760", "-271821", "-000000", "+000000", "999", "20240"];
const months = ["", "-01", "-02", "-12", "-00", "-13", "-1"];
const days = ["", "-01", "-28", "-29", "-30", "-31", "-32", "-00", "-1"];
const times = ["", "T00:00", "T23:59:59.999", "T24:00", "T24:00:00", "T24:00:00.000", "T24:00:00.001", "T24:01", "T25:00",
  "T1:00", "T10:00:60", "T10:60", "T10", "T10:00:00.", "T12:34:56.7", "t12:34:56", " 12:34:56", "T12:34:56.000000001"];
const offs = ["", "Z", "z", "+00:00", "-05:00", "+0530", "+05", "+24:00", "+23:59", "-12:60", "+1:00", "-0000", "+12:00", " Z", "GMT", "UTC"];
for (let i = 0; i < 700; i++) add(pick(years) + pick(months) + pick(days) + pick(times) + pick(offs));
for (const y of ["2024", "+275760", "-271821"]) for (const m of ["-01", "-04", "-09"]) for (const d of ["-01", "-12", "-13", "-20", "-19", "-31"])
  for (const o of ["Z", "", "+01:00", "-01:00"]) add(y + m + d + "T00:00:00" + o);

// 3. Legacy shapes.
const monthNames = ["Jan", "January", "jan", "JAN", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec", "Janx", "Ja"];
const weekdays = ["", "Mon, ", "Monday ", "Tue ", "Thu, ", "Xyz "];
const zones = ["", " GMT", " UTC", " UT", " Z", " EST", " EDT", " CST", " PDT", " GMT+0530", " GMT-5", " UTC+1", " +0100",
  " -05:00", " (Eastern Standard Time)", " GMT-0500 (EST)", " XYZ", " +5", " GMT+12345"];
const clock = () => pick([
  "", " " + int(0, 25) + ":" + pad(int(0, 61), 2),
  " " + pad(int(0, 23), 2) + ":" + pad(int(0, 59), 2) + ":" + pad(int(0, 60), 2),
  " " + int(0, 13) + ":" + pad(int(0, 59), 2) + " " + pick(["AM", "PM", "am", "pm", "a.m."]),
  " " + int(0, 13) + " " + pick(["AM", "PM"]),
  " " + pad(int(0, 23), 2) + ":" + pad(int(0, 59), 2) + ":" + pad(int(0, 59), 2) + "." + String(int(0, 99999)),
  ", " + int(1, 12) + ":" + pad(int(0, 59), 2) + " " + pick(["AM", "PM"]),
  " " + int(0, 23) + "::",
]);
const yearStr = () => pick([String(int(1900, 2100)), String(int(0, 99)), pad(int(0, 99), 2), String(int(100, 999)), String(int(10000, 300000))]);
for (let i = 0; i < 900; i++) {
  const mo = pick(monthNames), d = String(int(0, 33)), y = yearStr(), mm = String(int(0, 13)), dd = String(int(0, 32));
  const date = pick([
    `${mo} ${d}, ${y}`, `${mo} ${d} ${y}`, `${d} ${mo} ${y}`, `${y} ${mo} ${d}`, `${mo} ${y}`, `${mo} ${d}`,
    `${d}-${mo}-${y}`, `${y}/${pad(mm, 2)}/${pad(dd, 2)}`, `${y}/${mm}/${dd}`, `${mm}/${dd}/${y}`, `${mm}/${dd}`,
    `${mm}-${dd}-${y}`, `${y}-${mm}-${dd}`, `${y}.${mm}.${dd}`, `${dd}.${mm}.${y}`,
  ]);
  add(pick(weekdays) + date + clock() + pick(zones));
}

// 4. Date's own outputs and the ISO form of random instants (both offsets).
for (let i = 0; i < 250; i++) {
  const d = new Date(int(-2e12, 5e12) * (rnd() < 0.1 ? 100 : 1));
  if (Number.isNaN(d.getTime())) continue;
  add(pick([d.toISOString(), d.toUTCString(), d.toString(), d.toDateString(), d.toISOString().slice(0, 19),
    d.toISOString().slice(0, 10), d.toISOString().replace("T", " ").slice(0, 16), d.toLocaleString("en-US", { timeZone: "UTC" }),
    d.toLocaleDateString("en-US", { timeZone: "UTC" })]));
}

// 5. New York DST gaps and overlaps (and the 1883 LMT switch), as ISO local
//    date-times and as legacy strings, each minute-ish around the change.
const nyDays = [["2024-03-10", "02"], ["2024-11-03", "01"], ["2007-03-11", "02"], ["2007-11-04", "01"], ["1990-04-01", "02"],
  ["1990-10-28", "01"], ["2100-03-14", "02"], ["2100-11-07", "01"], ["1970-04-26", "02"], ["1945-09-30", "01"]];
for (const [day, h] of nyDays) {
  for (const t of [`${h}:00`, `${h}:00:00.001`, `${h}:30`, `${h}:59:59.999`, `${pad(+h - 1, 2)}:59:59.999`, `${pad(+h + 1, 2)}:00`]) {
    add(`${day}T${t}`);
    add(`${day.replace(/-/g, "/")} ${t}`);
  }
}
for (const t of ["11:59:59", "12:00:00", "12:03:57", "12:03:58", "11:56:00", "12:10:00"]) add(`1883-11-18T${t}`);
add("1800-01-01T00:00:00"); add("1800-01-01"); add("Jan 1 1800");

// 6. Random perturbations of strings already in the set.
const base = [...set].filter((s) => s.length > 3);
const noise = ["", " ", "\t", "\n", "\u00a0", "\u2028", "\ufeff", "\u3000", "\u0085", "\u0000", "T", "t", "Z", "z", ":", "-", "+", ".",
  "/", ",", "(", ")", "0", "1", "9", "a", "A", "P", "M", "GMT", "é", "中", "𝟘", "\u212a"];
while (set.size < 3050) {
  const s = pick(base);
  const i = int(0, s.length), j = Math.min(s.length, i + int(0, 2));
  let r;
  switch (int(0, 3)) {
    case 0: r = s.slice(0, i) + s.slice(j); break; // delete
    case 1: r = s.slice(0, i) + pick(noise) + s.slice(i); break; // insert
    case 2: r = s.slice(0, i) + pick(noise) + s.slice(j); break; // replace
    default: r = s.slice(0, i) + String(int(0, 9)) + s.slice(i + 1); // change a digit
  }
  if (/[\ud800-\udfff]/.test(r.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))) continue; // no lone surrogates
  add(r);
}

// --big N: a large random corpus for development, printed to stdout.
let strings = [...set];
const big = process.argv[2] === "--big" ? +process.argv[3] : 0;
if (big) {
  seed = Date.now() | 0;
  const pool = strings;
  strings = [];
  while (strings.length < big) {
    let s = pick(pool);
    for (let k = int(1, 4); k > 0; k--) {
      const i = int(0, s.length);
      s = pick([s.slice(0, i) + s.slice(i + 1), s.slice(0, i) + pick(noise) + s.slice(i), s.slice(0, i) + String(int(0, 9)) + s.slice(i + 1),
        s.slice(0, i) + pick(pool).slice(0, int(0, 6)) + s.slice(i)]);
    }
    if (/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))) continue;
    strings.push(s);
  }
}

const lines = [];
for (const tz of ZONES) {
  const res = JSON.parse(execFileSync(process.execPath, [__filename, "--eval"], {
    input: JSON.stringify(strings), env: { TZ: tz }, maxBuffer: 1 << 30,
  }));
  strings.forEach((s, i) => lines.push(JSON.stringify({ s, tz, ms: res[i] })));
}
if (big) {
  fs.writeSync(1, lines.join("\n") + "\n");
} else {
  fs.writeFileSync(path.join(__dirname, "..", "date_corpus.jsonl"), lines.join("\n") + "\n");
  console.error(strings.length, "strings,", lines.length, "lines");
}

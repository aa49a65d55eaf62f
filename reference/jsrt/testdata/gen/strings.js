// Generates the corpora for Trim and ParseInt10 from Node 20:
//   testdata/trim_space.txt     every code point (hex) that String.prototype.trim strips
//   testdata/trim_corpus.jsonl  {"s": input, "trim": s.trim()}
//   testdata/parseint_corpus.jsonl {"s": input, "v": parseInt(s, 10) as text, or null for NaN}
// parseInt values are written as JS prints them ("1e+21", "Infinity"), with
// "-0" for negative zero, so that Go can parse them back exactly.
// Rerun from reference/jsrt:  node testdata/gen/strings.js
"use strict";
const fs = require("fs");
const path = require("path");
const dir = path.join(__dirname, "..");
const hex = (c) => c.toString(16).toUpperCase().padStart(4, "0");

// Every code point, surrogates excluded (a Go string cannot hold them).
const jsSpace = [];
for (let c = 0; c <= 0x10ffff; c++) {
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const x = String.fromCodePoint(c);
  if ((x + "a" + x).trim() === "a") jsSpace.push(c);
}
fs.writeFileSync(path.join(dir, "trim_space.txt"),
  "# Code points String.prototype.trim strips (Node " + process.version + ", Unicode " + process.versions.unicode + ").\n" +
  jsSpace.map(hex).join("\n") + "\n");

// Code points that JS or Go (unicode.IsSpace, strings.TrimSpace) call space,
// and near misses.
const goSpace = [0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
  0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
const near = [0x0, 0x1c, 0x1d, 0x1e, 0x1f, 0xad, 0x180e, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0xfffe, 0x3164, 0x1f600];
const cps = [...new Set([...jsSpace, ...goSpace, ...near])].sort((a, b) => a - b);
const S = (c) => String.fromCodePoint(c);

const trims = new Set(["", "a", " a ", "a b", "  ", "\t\n\r a \r\n\t", "é", "中 文", " 𝟘 "]);
for (const c of cps) {
  const x = S(c);
  [x, x + x, x + "a", "a" + x, x + "a" + x, x + x + "a b" + x, "a" + x + "b", x + " a\u00a0" + x].forEach((s) => trims.add(s));
  for (const d of [0x20, 0x85, 0xfeff, 0x180e]) trims.add(x + S(d) + "x" + S(d) + x);
}
fs.writeFileSync(path.join(dir, "trim_corpus.jsonl"), [...trims].map((s) => JSON.stringify({ s, trim: s.trim() })).join("\n") + "\n");

const ints = new Set([
  "60000abc", "1e3", "abc", " 42", "-0", "+5", "0x10", "\u0663", "\u06634", "4\u0663", "99999999999999999999",
  "", " ", "+", "-", "+-1", "-+1", "- 1", "+ 1", "0", "00", "-00", "+0", "0.5", ".5", "5.", "1_000", "1,000", "Infinity",
  "-Infinity", "NaN", "0b1", "0o7", "0X1F", "\uff11\uff12", "e5", "1e", "12abc", "12 34", "007", "-007", "60000",
  "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740995", "18446744073709551616",
  "123456789012345678901", "1234567890123456789012", "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
  "1" + "0".repeat(308), "1" + "0".repeat(309), "1" + "0".repeat(400), "0".repeat(400) + "1", "-" + "9".repeat(400),
  "17976931348623158" + "0".repeat(292), "17976931348623159" + "0".repeat(292), "\u00a042", "\u008542", "\ufeff42",
  "\u180e42", "\u200b42", "\u202842", "\u3000-7", "\t\n\v\f\r 42", "42\u00a0", "  -12.9e3xyz", "\u0000", "\u00001",
  "1\u00002", "١٢٣", "৩", "𝟙", "٣abc", "-\u00a05", "0-1", "3-", "1+1", "2147483648", "-2147483649", "4294967296",
]);
for (const c of cps) for (const t of ["1", "-1", "+1", "x1"]) ints.add(S(c) + t);
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000);
const pieces = ["0", "1", "9", "5", "00", "123", "-", "+", " ", "\t", "\u00a0", "\u0085", ".", "e", "x", "a", "_", ",", "\u0663", "\uff10"];
while (ints.size < 1500) {
  let s = "";
  for (let k = 1 + Math.floor(rnd() * 8); k > 0; k--) s += pieces[Math.floor(rnd() * pieces.length)];
  ints.add(s);
}
const show = (v) => (Number.isNaN(v) ? null : Object.is(v, -0) ? "-0" : String(v));
fs.writeFileSync(path.join(dir, "parseint_corpus.jsonl"),
  [...ints].map((s) => JSON.stringify({ s, v: show(parseInt(s, 10)) })).join("\n") + "\n");
console.log(jsSpace.length, "space code points,", trims.size, "trim cases,", ints.size, "parseInt cases");

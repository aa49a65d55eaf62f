// Generates testdata/pattern_corpus.jsonl: engage patterns and texts with
// what `new RegExp(pattern).test(text)` gives in Node 20, one JSON object a
// line: {"p": pattern, "t": text, "r": true | false | null (SyntaxError)}.
// The patterns are deterministic (seeded PRNG): a hand-written list of the
// places where engines disagree, then random token soups that mix the
// portable subset with syntax outside it and with outright errors.
//
// Rerun from reference/routing:  node testdata/gen/pattern.js
// A larger throw-away corpus for hunting differences:
//   node testdata/gen/pattern.js --big 200000 > /tmp/big.jsonl
//   ROUTING_PATTERN_CORPUS=/tmp/big.jsonl go test -run TestPatternCorpus .
"use strict";
const fs = require("fs");
const path = require("path");

let seed = 20260101;
function rnd(n) { // xorshift32
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed % n;
}
const pick = (a) => a[rnd(a.length)];

const TEXTS = ["", " ", "a", "b", "ab", "ba", "aab", "abc", "A", "_", "0", "09", "é", "É", "\n", "\r", "\r\n",
  "\u2028", "\u2029", "\u0085", "\u00a0", "\ufeff", "\u180e", "\u3000", "\t", "\v", "\f", "\b", "\u0000",
  "😀", "a😀", "😀b", "{", "}", "{2}", "a{,2}", "]", "-", "[", "\\", "hello world", "@bot hi", "Hello",
  "deploy now", "DEPLOY", "x\ny", "a\n", "\na", "aé", "é a", "p{L}", "a-b", "a.b", "a b c", "abab"];

const FIXED = [
  ".", "^.$", "^..$", "^[^a]$", "^\\S$", "^\\S\\S$", "[]", "[^]", "\\s", "\\S", "\\w", "\\W", "\\d", "\\D",
  "\\b", "\\B", "^$", "$", "^", "a$", "^a", "\\bé", "a\\b", "é\\b", "[\\b]", "\\x41", "\\u00e9", "\\u00E9",
  "\\0", "\\t", "\\n", "\\v", "\\f", "\\r", "[\\s\\S]", "[^\\s]", "[\\w-]", "[-a]", "[a-]", "[a-c]", "[^a-c]",
  "[\\x41-\\x5a]", "[\\-]", "[\\]]", "[\\\\]", "a|b", "|", "a|", "(a|b)c", "(?:ab)+", "a{2}", "a{2,}", "a{1,2}",
  "a{0}", "a{2}?", "a*?", "a+?", "a??", "(?:)", "()", "", "\\.", "\\*", "\\/", "/", "\\-", "\\_", "@bot\\b",
  "^(deploy|ship)\\b", "hello", "Hello", "(?i)hello", "(?P<n>a)", "(?'a)", "(?)", "(?im)a", "(?i:a)", "(?-i:a)",
  "(?<=a)b", "(?<!a)b", "(?=a)", "(?!a)", "(?<n>a)", "(a)\\1", "\\1", "\\01", "\\8", "\\c", "\\k", "\\p{L}",
  "\\a", "\\e", "\\q", "{", "}", "]", "a]", "a{,2}", "a{", "{}", "a{}", "a{1,2", "{2}", "x|{2}", "a{2}{3}",
  "a**", "a*??", "a?*", "^*", "$+", "\\b+", "\\B?", "*", "+a", "?", "(*)", "(?:*)", "(", ")", "a)", "(a", "[",
  "[a", "[\\]", "\\", "a\\", "[z-a]", "a{2,1}", "a{1001}", "a{1000}", "[[]", "[a-\\d]", "[\\d-z]", "[a-b-c]",
  "\\u{41}", "\\x4", "\\uD83D", "😀", "😀+", "[😀]", "a{99999999999}", "a{2,99999999999}", "a{3,2}",
  "\\w+@\\w+", "^\\s*$", "^\\s+$", "[^\\n]", "[^\\r\\n\\u2028\\u2029]", "[\\u2028]", "[\\t-\\r]",
];

const TOKENS = ["a", "b", "é", " ", ".", "^", "$", "*", "+", "?", "|", "(", ")", "(?:", "[", "]", "[^", "-",
  "\\d", "\\w", "\\s", "\\b", "\\B", "\\D", "\\W", "\\S", "\\n", "\\.", "\\\\", "\\-", "{2}", "{1,3}", "{2,1}",
  "{0,}", "{", "}", "\\x41", "\\u00e9", "(?=", "(?i)", "\\1", "[a-c]", "[^\\s]", "a", "b", ")", "(", "\\0",
  "{1001}", "[\\b]", "😀"];

function soup() {
  const n = 1 + rnd(6);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(TOKENS);
  return s;
}

function randomText() {
  const n = rnd(5);
  let s = "";
  for (let i = 0; i < n; i++) s += pick(["a", "b", "é", " ", "\n", "\u2028", "😀", "A", "_", "0", "-", "{", "}", "\u00a0", "."]);
  return s;
}

function test(p, t) {
  let re;
  try { re = new RegExp(p); } catch (e) { return null; }
  return re.test(t);
}

const big = process.argv[2] === "--big" ? Number(process.argv[3]) : 0;
const lines = [];
const seen = new Set();
function add(p, t) {
  const key = JSON.stringify([p, t]);
  if (seen.has(key)) return;
  seen.add(key);
  lines.push(JSON.stringify({ p, t, r: test(p, t) }));
}
for (const p of FIXED) for (const t of TEXTS) add(p, t);
const soups = big || 3000;
for (let i = 0; i < soups; i++) {
  const p = soup();
  for (let j = 0; j < 4; j++) add(p, j === 0 ? pick(TEXTS) : randomText());
}
const out = lines.join("\n") + "\n";
if (big) {
  fs.writeSync(1, out);
} else {
  fs.writeFileSync(path.join(__dirname, "..", "pattern_corpus.jsonl"), out);
  console.error(`${lines.length} lines`);
}

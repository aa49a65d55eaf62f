// Generates testdata/fold_exceptions.txt: for every UTF-16 code unit whose
// ECMAScript Canonicalize (RegExp `i` flag, no `u` flag) differs from Go's
// unicode.ToUpper, one line "UNIT CANON" in upper-case hex. Node computes
// Canonicalize from toUpperCase and then proves it against the RegExp engine
// itself: for every unit c, /c/gi over a string of all 65,536 units must
// match exactly the units with the same canonical value.
// Rerun from reference/jsrt (takes about a minute):
//   go run testdata/gen/goupper.go > /tmp/goupper.txt
//   node testdata/gen/fold.js /tmp/goupper.txt
// then update foldExceptions in fold_table.go if the list changed.
"use strict";
const fs = require("fs");
const path = require("path");
const dir = path.join(__dirname, "..");
const goUpper = fs.readFileSync(process.argv[2], "utf8").trim().split("\n").map((l) => parseInt(l, 16));
if (goUpper.length !== 65536) throw new Error("usage: node fold.js GOUPPER.txt (65536 lines from goupper.go)");

function canon(c) {
  const u = String.fromCharCode(c).toUpperCase();
  if (u.length !== 1) return c;
  const cu = u.charCodeAt(0);
  if (c >= 128 && cu < 128) return c;
  return cu;
}
const table = new Uint16Array(65536);
for (let c = 0; c < 65536; c++) table[c] = canon(c);

// Proof against the RegExp engine.
const all = Array.from({ length: 65536 }, (_, c) => String.fromCharCode(c)).join("");
const byCanon = new Map();
for (let c = 0; c < 65536; c++) {
  const k = table[c];
  if (!byCanon.has(k)) byCanon.set(k, []);
  byCanon.get(k).push(c);
}
for (let c = 0; c < 65536; c++) {
  const re = new RegExp("\\u" + c.toString(16).padStart(4, "0"), "gi");
  const got = [];
  let m;
  while ((m = re.exec(all)) !== null) got.push(m.index);
  const want = byCanon.get(table[c]);
  if (got.join(",") !== want.join(",")) throw new Error("RegExp disagrees for U+" + c.toString(16) + ": " + got + " vs " + want);
}

const hex = (n) => n.toString(16).toUpperCase().padStart(4, "0");
const lines = [];
for (let c = 0; c < 65536; c++) if (table[c] !== goUpper[c]) lines.push(hex(c) + " " + hex(table[c]));
fs.writeFileSync(path.join(dir, "fold_exceptions.txt"),
  "# UTF-16 unit, its RegExp /i canonical value (Node " + process.version + ", ICU " + process.versions.icu +
  ", Unicode " + process.versions.unicode + ") where that differs from Go's unicode.ToUpper.\n" + lines.join("\n") + "\n");
console.log(lines.length, "exceptions");

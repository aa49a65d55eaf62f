'use strict';
// v1's own formatMessages (the oracle's copy of v1's code) on the batch in
// format-messages-batch.json, timed in-process: warm-up, then the best of
// several rounds of many calls. Prints wall and CPU ns per call.
const path = require('path');
const fs = require('fs');
const { formatMessages } = require(path.join(__dirname, '..', 'oracle', 'js', 'v1.js')).v1;

const batch = JSON.parse(fs.readFileSync(path.join(__dirname, 'format-messages-batch.json'), 'utf8'));
const rounds = Number(process.argv[2] || 5);
const calls = Number(process.argv[3] || 2000);
let sink = 0;
for (let i = 0; i < 200; i++) sink += formatMessages(batch.messages, batch.timezone).length;
let best = Infinity;
let bestCPU = Infinity;
for (let r = 0; r < rounds; r++) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) sink += formatMessages(batch.messages, batch.timezone).length;
  const ns = Number(process.hrtime.bigint() - t0) / calls;
  const c = process.cpuUsage(c0);
  const cpuNs = ((c.user + c.system) * 1000) / calls;
  if (ns < best) best = ns;
  if (cpuNs < bestCPU) bestCPU = cpuNs;
}
if (sink === 0) throw new Error('nothing formatted');
// Wall and CPU time per call; the CPU time is steadier on a loaded machine.
console.log(`node formatMessages ${best.toFixed(0)} ns/op ${bestCPU.toFixed(0)} cpu-ns/op`);

// Development aid, not used by the tests: prints a throw-away corpus (same
// format as testdata/date_corpus.jsonl) of N random concatenations of date
// tokens, evaluated by Node under TZ=UTC and TZ=America/New_York.
// Run from reference/jsrt:
//   node testdata/gen/date_soup.js 200000 > /tmp/soup.jsonl
//   JSRT_DATE_CORPUS=/tmp/soup.jsonl go test -run TestDateCorpus .

"use strict";
const { execFileSync } = require("child_process");
const gen = require("path").join(__dirname, "date.js");
const toks = ["2024","-","-","01","12","31","30","T","t"," "," ","  ",":",":","00","59","60","24","23",".","5","123","0001","+","+05","05:30","0530","Z","z","GMT","UTC","UT","EST","PDT","AM","PM","am","Jan","February","Sep","Mon","Tue,",",","/","(",")","(x)","\u00a0","\u2028","\ufeff","\t","\n","000","1","9","99","100","275760","+275760","-271821","002024","+002024","-000001","1970","Dec","x","a","T10:00","10:00","10:00:00","12:00:00.000Z","2024-01-01","12/31/2024","1::","\u0000","ut","utc","gmt+1","GMT-08:00","-0800","+1:00","PM","12"];
const N = +process.argv[2] || 100000;
const strs = new Set();
while (strs.size < N) { let k = 1 + Math.floor(Math.random()*8), s=""; while (k--) s += toks[Math.floor(Math.random()*toks.length)]; strs.add(s); }
const arr = [...strs];
const lines = [];
for (const tz of ["UTC","America/New_York"]) {
  const res = JSON.parse(execFileSync(process.execPath, [gen, "--eval"], { input: JSON.stringify(arr), env: { TZ: tz }, maxBuffer: 1<<30 }));
  arr.forEach((s,i)=>lines.push(JSON.stringify({s,tz,ms:res[i]})));
}
require("fs").writeSync(1, lines.join("\n")+"\n");

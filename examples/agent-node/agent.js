#!/usr/bin/env node
// A small CLOCK-aware agent over the clock-agent JSON-Lines protocol
// (docs/agent-protocol.md), in plain Node with no dependencies: the
// template for wiring an agent framework that owns its loop to
// `conform agent --agent 'exec:…'`.
//
// It understands one request, "remind me <when> to <what>". It never reads a
// clock or guesses a zone itself: the kit's tools resolve the Session TZ
// (clock_session_timezone) and turn the time into an absolute instant
// (clock_parse_time); it asks with ask_user when a zone is missing and
// confirms before create_reminder (seed 004 §4.3, §8.2).
'use strict';

const readline = require('node:readline');

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const queue = [];
let waiting = null;
rl.on('line', (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (waiting) { const w = waiting; waiting = null; w(msg); } else queue.push(msg);
});
rl.on('close', () => process.exit(0));

function next() {
  if (queue.length) return Promise.resolve(queue.shift());
  return new Promise((resolve) => { waiting = resolve; });
}

function send(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

let seq = 0;
// call sends one tool call and waits for its result. An ask_user call's
// result comes when the user answers, as the next thing the kit sends.
async function call(name, args) {
  const id = `c${++seq}`;
  send({ type: 'tool_call', id, name, arguments: args });
  for (;;) {
    const msg = await next();
    if (msg.type === 'end') process.exit(0);
    if (msg.type === 'tool_result' && msg.id === id) return msg.result;
  }
}

const WHEN = /\b((?:[Tt]oday|[Tt]omorrow)\s+(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm|AM|PM)?(?:\s+[A-Z]{2,5}\b)?|in\s+\d+\s+(?:minutes?|hours?|days?))/;

async function handle(text) {
  const when = WHEN.exec(text);
  if (!/\bremind me\b/i.test(text) || !when) {
    return 'I can set reminders: say "remind me tomorrow at 9am to call mum".';
  }
  const what = (/\bto (.+)$/i.exec(text) || [null, text])[1];
  const session = await call('clock_session_timezone', {});
  let tz = session.session_tz;
  let parsed = await call('clock_parse_time', tz && session.source !== 'fallback' ? { text: when[1], tz } : { text: when[1] });
  while (parsed.kind === 'floating' || !parsed.start) {
    const question = parsed.clarification_question || `Which time zone is "${when[1]}" in?`;
    const answer = (await call('ask_user', { question })).answer;
    const place = answer.replace(/^.*\bin\s+/i, '').replace(/[.!]+$/, ''); // "I'm in Oslo" → "Oslo"
    const named = await call('clock_session_timezone', { explicit: place, mentioned_location: place });
    if (!named.session_tz || named.source === 'fallback') return `I could not place "${answer}"; nothing was scheduled.`;
    tz = named.session_tz;
    parsed = await call('clock_parse_time', { text: when[1], tz });
  }
  const ok = (await call('ask_user', { question: `Set a reminder to ${what} at ${parsed.start}? (yes/no)` })).answer;
  if (!/^\s*(yes|y|ok|sure)\b/i.test(ok)) return "OK, I won't set it.";
  const made = await call('create_reminder', { at: parsed.start, text: what });
  if (made.error) return `That failed: ${made.error.message}`;
  return `Done: I'll remind you to ${what} at ${parsed.start}.`;
}

(async () => {
  for (;;) {
    const msg = await next();
    if (msg.type === 'end') process.exit(0);
    if (msg.type !== 'user') continue; // start: this agent needs nothing from it
    send({ type: 'reply', text: await handle(msg.text) });
  }
})();

#!/usr/bin/env node
// The datetime tools served in the ways real MCP servers answer, for the
// kit's tests of its MCP driver (conformance/driver). Each mode is a server
// on the official TypeScript SDK; the stdio modes speak on stdin/stdout,
// the http modes listen on a free loopback port and print its URL.
//
//   node test-servers.js MODE [MARK]
//
// stdio modes:
//   structured-pretty  structuredContent, and its JSON with indent 2 as text
//                      (what the official Python SDK's servers send)
//   structured-only    structuredContent and no content at all
//   text-compact       one text content, the PRD's compact JSON (no outputSchema)
//   structured-wrong   the right text beside a wrong structuredContent
// http modes (streamable HTTP with sessions, as the SDK's own example):
//   http-400           answers HTTP 400 to the tools/call whose arguments hold MARK
//   http-close         ends its session in the middle of that call, once
//   http-expire        answers that call, then ends its session, once
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { newServer as newStructured } from './server-structured.js';
import { newServer as newText } from './server.js';

const [mode, mark = 'Europe/Atlantis'] = process.argv.slice(2);

const servers = {
  'structured-pretty': () => newStructured((name, a, v) => (a.isError
    ? { content: [{ type: 'text', text: a.text }], isError: true }
    : { content: [{ type: 'text', text: JSON.stringify(v, null, 2) }], structuredContent: v })),
  'structured-only': () => newStructured((name, a, v) => (a.isError
    ? { content: [{ type: 'text', text: a.text }], isError: true }
    : { content: [], structuredContent: v })),
  'text-compact': () => newText(),
  'structured-wrong': () => newStructured((name, a, v) => (a.isError
    ? { content: [{ type: 'text', text: a.text }], isError: true }
    : { content: [{ type: 'text', text: a.text }], structuredContent: JSON.parse(JSON.stringify(v).replaceAll('2026', '2027')) })),
};

if (servers[mode]) {
  await servers[mode]().connect(new StdioServerTransport());
} else if (['http-400', 'http-close', 'http-expire'].includes(mode)) {
  const sessions = new Map();
  let done = false; // the fault happens once
  const srv = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    let msg;
    try { msg = JSON.parse(body); } catch { msg = undefined; }
    const marked = msg?.method === 'tools/call' && body.includes(mark);
    if (marked && mode === 'http-400') {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad Request: this server refuses the marked call');
      return;
    }
    const sid = req.headers['mcp-session-id'];
    let t = sid ? sessions.get(sid) : undefined;
    if (sid && !t) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('session not found');
      return;
    }
    if (!t) {
      t = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID(), onsessioninitialized: (id) => sessions.set(id, t) });
      t.onclose = () => { if (t.sessionId) sessions.delete(t.sessionId); };
      await newText().connect(t);
    }
    if (marked && mode === 'http-close' && !done) {
      done = true;
      await t.close();
      res.destroy(); // the call's connection dropped, the session gone
      return;
    }
    await t.handleRequest(req, res, msg);
    if (marked && mode === 'http-expire' && !done) {
      done = true;
      await t.close(); // after its answer: the next request of this session gets 404
    }
  });
  srv.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${srv.address().port}/mcp`));
} else {
  console.error('usage: test-servers.js structured-pretty|structured-only|text-compact|structured-wrong|http-400|http-close|http-expire [MARK]');
  process.exit(2);
}

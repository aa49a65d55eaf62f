#!/usr/bin/env node
// A third-party MCP client (the official TypeScript SDK's) against a
// datetime tool server: it lists the tools and calls each once for an
// answer and once for an error, and prints what it received as one JSON
// line. The kit's Go tests run it against `conform serve --mcp`.
//
//   node client-check.js stdio CMD ARG…
//   node client-check.js http http://127.0.0.1:PORT/mcp
//   node client-check.js list http://127.0.0.1:PORT/mcp   (tools/list only)
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [mode, ...rest] = process.argv.slice(2);
let transport;
if (mode === 'stdio' && rest.length > 0) {
  transport = new StdioClientTransport({ command: rest[0], args: rest.slice(1), env: process.env, stderr: 'inherit' });
} else if ((mode === 'http' || mode === 'list') && rest.length === 1) {
  transport = new StreamableHTTPClientTransport(new URL(rest[0]));
} else {
  console.error('usage: client-check.js stdio CMD ARG… | http URL | list URL');
  process.exit(2);
}

const calls = [
  ['datetime_math', { operation: 'diff', left: '2026-04-20T10:00:00+03:00', right: '2026-04-22T15:30:00+03:00' }],
  ['datetime_math', { operation: 'convert_timezone', timestamp: '2026-04-20T10:00:00+03:00', target_timezone: 'Europe/Atlantis' }],
  ['datetime_format', { timestamp: '2026-04-20T10:00:00+03:00', style: 'long', target_timezone: 'Europe/Oslo' }],
  ['datetime_format', { timestamp: '2026-04-20T10:00:00+03:00', style: 'fancy' }],
];

const client = new Client({ name: 'clockspec-client-check', version: '1.0.0' });
const timer = setTimeout(() => { console.error('client-check: no answer within 20 s'); process.exit(1); }, 20000);
try {
  await client.connect(transport);
  const { tools } = await client.listTools();
  const results = [];
  // The SDK's client checks each structured result against the tool's
  // outputSchema, and refuses a result that lacks one.
  for (const [name, args] of mode === 'list' ? [] : calls) {
    const res = await client.callTool({ name, arguments: args });
    results.push({ name, isError: res.isError === true, content: res.content, structuredContent: res.structuredContent });
  }
  console.log(JSON.stringify({
    server: client.getServerVersion(),
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema, annotations: t.annotations })),
    results,
  }));
} finally {
  clearTimeout(timer);
  await client.close();
}

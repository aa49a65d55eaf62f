#!/usr/bin/env node
// The example's broken twin: the same tools, answered the way real tool
// servers get it wrong. The kit must reject each mistake by name:
//   datetime_math outputs are wrapped in {"status":"ok","data":…}
//   datetime_format outputs are pretty-printed JSON
//   errors come back without isError
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { newServer } from './server.js';

const server = newServer((name, a) => {
  let text = a.text;
  if (!a.isError && name === 'datetime_math') text = JSON.stringify({ status: 'ok', data: JSON.parse(a.text) });
  if (!a.isError && name === 'datetime_format') text = JSON.stringify(JSON.parse(a.text), null, 2);
  return { content: [{ type: 'text', text }] }; // isError left out
});
await server.connect(new StdioServerTransport());

#!/usr/bin/env node
// An MCP server with the datetime profile's two tools, on the official MCP
// TypeScript SDK, speaking MCP's stdio transport. It lists the tools exactly
// as tools.json defines them (the kit's spec/datetime/tools.json) and
// answers every call with one text content: the PRD's compact JSON output,
// or, with isError, the PRD's error object {"error":{"code","message"}}.
//
//   conform run --impl 'mcp:node examples/mcp-datetime-node/server.js' --tags @datetime
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './datetime.js';

const tools = JSON.parse(readFileSync(new URL('./tools.json', import.meta.url), 'utf8'));

/**
 * Builds the server. present(name, answer) turns a tool's answer into the
 * CallToolResult; the default is the PRD's own shape.
 */
export function newServer(present = (name, a) => ({ content: [{ type: 'text', text: a.text }], isError: a.isError })) {
  const server = new Server({ name: 'clockspec-example-mcp-datetime', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.input_schema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    if (!tools.some((t) => t.name === name)) {
      return { content: [{ type: 'text', text: JSON.stringify({ error: { code: 'invalid_input', message: `no tool ${name}` } }) }], isError: true };
    }
    // Arguments are handed over as the client sent them; the tool checks
    // them itself (the PRD gives each bad field its own error code).
    return present(name, callTool(name, args ?? {}));
  });
  return server;
}

// Started as a program (not imported by broken.js): compared as real paths,
// so a path through a symbolic link, or with spaces, still starts it.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await newServer().connect(new StdioServerTransport());
}

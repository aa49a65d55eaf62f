#!/usr/bin/env node
// The datetime tools written the way the MCP TypeScript SDK recommends
// today: McpServer.registerTool with an outputSchema, each answer returned
// as structuredContent together with its JSON as text. The tools are the
// same as server.js's (datetime.js); only the MCP side differs.
//
//   conform run --impl 'mcp:node examples/mcp-datetime-node/server-structured.js' --tags @datetime
//
// The input schema is deliberately loose (every field optional, any
// value): the SDK validates arguments against it before the tool runs and
// answers a refusal in its own words, while the PRD gives each bad field its
// own error code, which only the tool can answer. Its fields still carry
// the spec's descriptions for the model.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod/v4';
import { callTool } from './datetime.js';

const tools = JSON.parse(readFileSync(new URL('./tools.json', import.meta.url), 'utf8'));

// What every answer of each tool holds (the PRD's output contract); other
// members are the operation's own.
const outputs = {
  datetime_math: z.looseObject({ operation: z.enum(['diff', 'shift', 'weekday', 'convert_timezone']) }),
  datetime_format: z.looseObject({ input: z.string(), style: z.string(), formatted: z.string() }),
};

function looseInput(def) {
  const shape = {};
  for (const [name, prop] of Object.entries(def.input_schema.properties ?? {})) {
    shape[name] = z.unknown().optional().describe(prop.description ?? name);
  }
  return z.looseObject(shape);
}

/**
 * Builds the server. present(name, answer, value) turns a tool's answer
 * (answer.text, the PRD's compact JSON; value, the same parsed) into the
 * CallToolResult; the default is the SDK's recommended shape: the value as
 * structuredContent and JSON.stringify of it as the text (so both hold
 * JavaScript's numbers: a decimal with more digits than a double keeps is
 * rounded in both alike).
 */
export function newServer(present = (name, a, value) => (a.isError
  ? { content: [{ type: 'text', text: a.text }], isError: true }
  : { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value })) {
  const server = new McpServer({ name: 'clockspec-example-mcp-datetime-structured', version: '1.0.0' });
  for (const def of tools) {
    server.registerTool(def.name, {
      description: def.description,
      inputSchema: looseInput(def),
      outputSchema: outputs[def.name],
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    }, async (args) => {
      const a = callTool(def.name, args ?? {});
      return present(def.name, a, JSON.parse(a.text));
    });
  }
  return server;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await newServer().connect(new StdioServerTransport());
}

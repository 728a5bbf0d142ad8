/**
 * A single plain `tools/call` over HTTP, answered without building the MCP SDK's server and Streamable HTTP
 * transport for the request (BENCHMARKS.md, "Tool server": they, the SDK's Node→Web request conversion and its
 * schema checks of every message cost more than a cheap tool's handler). Only a request the SDK would accept and
 * hand to the tools/call handler as it is takes this path; everything else (batches, other methods, `_meta`,
 * tasks, unknown tools, unusual headers) goes through the SDK, so every error stays the SDK's.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { CallToolResultSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { callQueue } from './call-queue.ts';
import { callTool, hasTool, overBudget, type ToolServerDeps } from './tool-server.ts';

export interface PlainCall {
  id: string | number;
  name: string;
  arguments: Record<string, unknown> | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const onlyKeys = (value: Record<string, unknown>, allowed: ReadonlySet<string>) =>
  Object.keys(value).every((key) => allowed.has(key));

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const PARAMS_KEYS = new Set(['name', 'arguments']);

/**
 * The call, when the SDK's transport would pass the request to its server unchanged (POST headers it accepts, one
 * JSON-RPC request with an id) and its server would hand it to the tools/call handler of a catalog tool: strict
 * checks, so that whatever they let through the SDK would have answered the same way.
 */
export function plainToolCall(
  body: unknown,
  headers: IncomingHttpHeaders,
  handlers: ToolServerDeps['handlers'],
): PlainCall | undefined {
  const accept = headers.accept;
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (headers['content-type'] !== 'application/json') return undefined;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version as string)) return undefined;
  if (!isPlainObject(body) || !onlyKeys(body, MESSAGE_KEYS)) return undefined;
  const { jsonrpc, id, method, params } = body;
  if (jsonrpc !== '2.0' || method !== 'tools/call') return undefined;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return undefined;
  if (!isPlainObject(params) || !onlyKeys(params, PARAMS_KEYS)) return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string' || !hasTool(handlers, name)) return undefined;
  if (args !== undefined && !isPlainObject(args)) return undefined;
  return { id: id as string | number, name, arguments: args };
}

/**
 * Runs the call as the SDK's tools/call handler would (after a turn, within the request's budget) and writes the
 * same JSON-RPC answer: the result checked and shaped by the SDK's CallToolResultSchema, as its server sends it.
 */
export async function answerPlainCall(
  deps: ToolServerDeps,
  call: PlainCall,
  response: ServerResponse,
): Promise<void> {
  const queue = callQueue(deps.budgetMs, () => overBudget(deps.budgetMs));
  const result = await queue(() => callTool(deps, call.name, call.arguments));
  const checked = CallToolResultSchema.safeParse(result);
  const message = checked.success
    ? { result: checked.data, jsonrpc: '2.0', id: call.id }
    : {
        jsonrpc: '2.0',
        id: call.id,
        error: {
          code: -32602,
          message: `MCP error -32602: Invalid tools/call result: ${checked.error.message}`,
        },
      };
  const text = JSON.stringify(message);
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

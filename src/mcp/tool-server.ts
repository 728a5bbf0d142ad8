/** The MCP tool server: tools/list from the catalog, tools/call with scope, permission, validation and masking. */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { AppError, type ErrorCode as AppErrorCode } from '../errors.ts';
import { callQueue } from './call-queue.ts';
import type { Principal } from '../tenancy/principal.ts';
import { TOOL_CATALOG, type ToolDefinition } from './generated/tool-catalog.ts';
import { findControlCharacters } from '../shared/control-characters.ts';
import { maskAnswer, maskEmails, maskResult } from './masking.ts';
import type { ToolHandler, ToolServices } from './tool-handler.ts';
import { VERSION } from '../version.ts';

/** What `initialize` answers: the product's own version (package.json), as `bulwark --version` prints. */
export const SERVER_INFO = { name: 'bulwark', version: VERSION } as const;

/**
 * A JSON-RPC error for the SDK to send as it is. Not `McpError`: its message already carries the
 * "MCP error -32602: " prefix, which the client's McpError adds again.
 */
function protocolError(code: ErrorCode, message: string): Error & { code: ErrorCode } {
  return Object.assign(new Error(message), { code });
}

const SHARED_VALIDATOR = new AjvJsonSchemaValidator();

/** Codes a tool failure may carry (docs/contract.md, Tool server); anything else is reported as INTERNAL_ERROR. */
const TOOL_ERROR_CODES = new Set<AppErrorCode>([
  'INSUFFICIENT_SCOPE',
  'NOT_PERMITTED',
  'NOT_FOUND',
  'VALIDATION_FAILED',
]);

export interface ToolServerDeps {
  services: ToolServices;
  handlers: Map<string, ToolHandler>;
  /** The caller, resolved for every call (stdio re-authenticates, so a revoked token stops working at once). */
  principal: () => Promise<Principal>;
  logger?: { error: (obj: object, msg: string) => void };
  /** Time this server's calls may take together (an HTTP request's batch); calls past it are not run. */
  budgetMs?: number;
}

const TOOLS = new Map<string, { definition: ToolDefinition; args: z.ZodType }>(
  TOOL_CATALOG.map((definition) => [
    definition.name,
    { definition, args: z.fromJSONSchema(definition.inputSchema as Parameters<typeof z.fromJSONSchema>[0]) },
  ]),
);

/**
 * The tools an organisation sees only with its mcpSupplyChainTools setting on (docs/mcp-oauth.md): off by
 * default, so the catalog stays the interface's 23 tools.
 */
export const SUPPLY_CHAIN_TOOLS: ReadonlySet<string> = new Set([
  'findings_search',
  'sbom_list',
  'asset_overview',
  'policy_violations',
  'remediation_plan',
]);

/** tools/list: the catalog with schemas and annotations, computed once. */
export const LISTED_TOOLS: Tool[] = TOOL_CATALOG.map((t) => ({
  name: t.name,
  title: t.title,
  description: t.description,
  inputSchema: t.inputSchema as Tool['inputSchema'],
  outputSchema: t.outputSchema as Tool['outputSchema'],
  annotations: {
    title: t.title,
    readOnlyHint: t.readOnly,
    destructiveHint: false,
    idempotentHint: t.readOnly,
    openWorldHint: false,
  },
}));

/** tools/list without the opt-in supply-chain tools. */
const CORE_TOOLS: Tool[] = LISTED_TOOLS.filter((t) => !SUPPLY_CHAIN_TOOLS.has(t.name));

/** What tools/list shows the caller's organisation. */
async function listedTools(deps: ToolServerDeps): Promise<Tool[]> {
  const principal = await deps.principal();
  const org = await deps.services.organisations.get(principal.orgId);
  return org.mcpSupplyChainTools ? LISTED_TOOLS : CORE_TOOLS;
}

function toolResult(
  structured: Record<string, unknown>,
  personNames: readonly string[] = [],
): CallToolResult {
  // Masked once here: the text block is the JSON of the masked object, so both carry the same masked values.
  const masked = maskAnswer(structured, personNames);
  return {
    content: [{ type: 'text', text: maskEmails(JSON.stringify(masked)) }],
    structuredContent: masked,
  };
}

/**
 * An error result: no structuredContent (a client validates it against the success schema), the code in
 * `_meta.error` and, as `{error: {code, message}}`, in the text.
 */
const toolError = (
  code: AppErrorCode,
  message: string,
  personNames: readonly string[] = [],
): CallToolResult => {
  const error = maskResult({ error: { code, message } }, personNames) as {
    error: { code: string; message: string };
  };
  return {
    content: [{ type: 'text', text: maskEmails(JSON.stringify(error)) }],
    isError: true,
    _meta: { error: { code, message: maskEmails(error.error.message) } },
  };
};

/** Display names of the organisation's workspace users: redacted wherever free text mentions them. */
async function personNames(deps: ToolServerDeps, orgId: string): Promise<string[]> {
  const users = await deps.services.users.list(orgId);
  return users.flatMap((u) => (u.name ? [u.name] : []));
}

function parseArgs(
  tool: { definition: ToolDefinition; args: z.ZodType },
  raw: unknown,
): Record<string, unknown> {
  if (raw === null)
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `Invalid arguments for ${tool.definition.name}: arguments must be an object (or left out), not null`,
    );
  const control = findControlCharacters(raw);
  if (control.length > 0) {
    const problems = control.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `Invalid arguments for ${tool.definition.name}: ${problems.join('; ')}`,
    );
  }
  // The parsed value has every `default` filled in: the handlers' generated Args types count on it
  // (src/mcp/generated/tool-types.ts; src/mcp/tool-types.test.ts checks it).
  const parsed = tool.args.safeParse(raw ?? {});
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const problems = parsed.error.issues.map(
    (i) => `${i.path.length ? i.path.join('.') : 'arguments'}: ${i.message}`,
  );
  throw new AppError(
    'VALIDATION_FAILED',
    400,
    `Invalid arguments for ${tool.definition.name}: ${problems.join('; ')}`,
  );
}

/** Whether `name` is a catalog tool with a handler (callTool answers anything else with a JSON-RPC error). */
export const hasTool = (handlers: Map<string, ToolHandler>, name: string): boolean =>
  TOOLS.has(name) && handlers.has(name);

/** The answer to a call not run because the calls before it used the request's budget. */
export const overBudget = (budgetMs: number | undefined): CallToolResult =>
  toolError(
    'REQUEST_TIMEOUT',
    `Not run: the calls before it used the ${budgetMs} ms a request's calls may take together; send it again`,
  );

/** Scope, organisation permission, argument validation, the handler, masking: one tools/call. */
export async function callTool(
  deps: ToolServerDeps,
  name: string,
  rawArgs: unknown,
): Promise<CallToolResult> {
  const tool = TOOLS.get(name);
  const handler = deps.handlers.get(name);
  if (!tool || !handler) throw protocolError(ErrorCode.InvalidParams, `Unknown tool '${name}'`);
  const principal = await deps.principal();
  try {
    if (!principal.scopes.has(tool.definition.scope)) {
      return toolError(
        'INSUFFICIENT_SCOPE',
        `The token lacks the scope ${tool.definition.scope} that ${name} needs`,
      );
    }
    if (!tool.definition.readOnly && !principal.mcpWriteEnabled) {
      const { slug } = await deps.services.organisations.get(principal.orgId);
      return toolError(
        'NOT_PERMITTED',
        `Write tools are not enabled for this organisation; an administrator enables them with: bulwark org update ${slug} --mcp-write`,
      );
    }
    if (SUPPLY_CHAIN_TOOLS.has(name)) {
      const org = await deps.services.organisations.get(principal.orgId);
      if (!org.mcpSupplyChainTools)
        return toolError(
          'NOT_PERMITTED',
          `Supply-chain tools are not enabled for this organisation; an administrator enables them with: bulwark org update ${org.slug} --mcp-supply-chain-tools`,
        );
    }
    const args = parseArgs(tool, rawArgs);
    const [result, names] = await Promise.all([
      handler({ ...deps.services, principal }, args),
      personNames(deps, principal.orgId),
    ]);
    return toolResult(result, names);
  } catch (error) {
    if (error instanceof AppError && TOOL_ERROR_CODES.has(error.code)) {
      return toolError(error.code, error.message, await personNames(deps, principal.orgId).catch(() => []));
    }
    deps.logger?.error({ err: error, tool: name }, 'tool failed');
    return toolError('INTERNAL_ERROR', `${name} failed because of an internal error; it has been logged`);
  }
}

/** A tool server for one connection (HTTP: one request; stdio: the process). */
export function createToolServer(deps: ToolServerDeps): Server {
  const server = new Server(SERVER_INFO, {
    // One validator for every per-request server: the SDK would otherwise build a new Ajv each time.
    jsonSchemaValidator: SHARED_VALIDATOR,
    capabilities: { tools: { listChanged: false } },
    instructions:
      'Bulwark governance and supply-chain data of one organisation. Results are masked: e-mail addresses appear as a***@domain and person names as [redacted].',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await listedTools(deps) }));
  const queue = callQueue<CallToolResult>(deps.budgetMs, () => overBudget(deps.budgetMs));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    queue(() =>
      callTool(
        deps,
        request.params.name,
        request.params._meta?.[NULL_ARGUMENTS] === true ? null : request.params.arguments,
      ),
    ),
  );
  return server;
}

/**
 * `_meta` key standing in for `arguments: null`, which the SDK's request schema would reject with its raw
 * validator output before any handler runs; the tool server answers VALIDATION_FAILED instead.
 */
const NULL_ARGUMENTS = 'bulwark/argumentsNull';

function markNullArguments(message: JSONRPCMessage): JSONRPCMessage {
  if (!('method' in message) || message.method !== 'tools/call' || !message.params) return message;
  const { arguments: args, ...params } = message.params as Record<string, unknown> & {
    _meta?: Record<string, unknown>;
  };
  if (args !== null) return message;
  return { ...message, params: { ...params, _meta: { ...params._meta, [NULL_ARGUMENTS]: true } } };
}

/** Connects a tool server to its transport (HTTP or stdio), normalising what the SDK would reject unhelpfully. */
export async function connectToolServer(server: Server, transport: Transport): Promise<void> {
  await server.connect(transport);
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => deliver(markNullArguments(message), extra);
}

/** Generates the TypeScript tool catalog and client library from the tool manifest. */
import { readFileSync } from 'node:fs';
import { camelCase, pascalCase, type ManifestTool } from './manifest.ts';
import { toolTypes } from './tool-types.ts';

const HEADER = (what: string) =>
  `// Generated from manifest/tools.yaml by scripts/generate.ts (npm run generate): do not edit.\n// ${what}\n`;

/** The server's tool table: every tool with its wire schemas. */
export function toolCatalogTs(tools: ManifestTool[], wire: (t: ManifestTool) => object): string {
  const entries = tools.map((t) => JSON.stringify({ ...wire(t) }, null, 2)).join(',\n');
  return `${HEADER('The tool server registers exactly these tools (src/mcp/tool-server.ts).')}
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  scope: 'mcp:read' | 'mcp:write';
  readOnly: boolean;
  inputSchema: Record<string, unknown>;
  /** What clients see: the success shape (error results carry no structuredContent). */
  outputSchema: Record<string, unknown>;
}

export const TOOL_NAMES = ${JSON.stringify(tools.map((t) => t.name))} as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const TOOL_CATALOG: readonly ToolDefinition[] = [
${entries}
];
`;
}

/**
 * The server's types: every tool's Args and Result as its handler sees them, and the maps by tool name that type
 * the handler registry (src/mcp/tool-handler.ts).
 */
export function toolTypesTs(tools: ManifestTool[]): string {
  const map = (suffix: string) => tools.map((t) => `  ${t.name}: ${pascalCase(t.name)}${suffix};`).join('\n');
  return `${HEADER('Tool argument and result types for the handlers (src/mcp/tool-handler.ts).')}
${toolTypes(tools, 'handler')}

/** Each tool's arguments as its handler receives them, by tool name. */
export interface ToolArgs {
${map('Args')}
}

/** Each tool's result as its handler returns it, by tool name. */
export interface ToolResult {
${map('Result')}
}
`;
}

/** The template's runtime and REST methods, its types imported from the generated openapi.ts beside the client. */
function restTemplate(): string {
  const template = readFileSync(new URL('./rest-client.template.ts', import.meta.url), 'utf8');
  const [, body] = template.split('// --- template ---\n');
  if (!body?.includes("from '../../clients/typescript/openapi.ts'"))
    throw new Error('rest-client.template.ts: the marker or the openapi.ts import is missing');
  return body.replace("from '../../clients/typescript/openapi.ts'", "from './openapi.ts'");
}

/** The TypeScript client: REST methods typed by the OpenAPI document's types, and one typed method per tool. */
export function typescriptClient(tools: ManifestTool[]): string {
  const types = toolTypes(tools, 'client');
  const methods = tools
    .map((t) => {
      const base = pascalCase(t.name);
      const optional = (t.inputSchema.required ?? []).length === 0;
      const doc = `  /** ${t.title} (${t.scope}). ${t.description.replaceAll('*/', '*\\/')} */`;
      return `${doc}\n  ${camelCase(t.name)}(args${optional ? '?' : ''}: ${base}Args): Promise<${base}Result> {\n    return this.callTool<${base}Result>('${t.name}', args ?? {});\n  }`;
    })
    .join('\n\n');
  return `${HEADER(
    'A small fetch-based client for the Bulwark REST API and tool server (Node 22+, browsers); its REST types are\n' +
      "// the OpenAPI document's, from openapi.ts beside it (generated too; a type-only import).",
  )}
${restTemplate()}

${types}

/** Every REST endpoint and every tool of the tool server as a typed method. */
export class BulwarkClient extends BulwarkRestClient {
${methods}
}
`;
}
